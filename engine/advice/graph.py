"""The parts the policy of RULES.md §0.10.2 can reach, and what each draw does from each.

From a part *c* before a draw, a draw of kind *k* is a **win** (declared at once), a
**progress** (*k* lowers the shanten: it is kept and one permitted tile that keeps the new
shanten goes — the choices are the node's children for *k*), a **forced stay** (四川's missing
suit must go first: the lowest missing-suit tile goes instead of *k*) or a plain **stay** (*k*
goes back, the part is unchanged). Only the first three are stored; every other kind is a
stay. Nothing here depends on how many copies are left — which kinds can be drawn at all is
the graph's ``drawable`` — so one graph serves every key of a stage (`engine.advice.keys`).

The **relevant** kinds of a node (§0.10.6) are those whose draw from it is a win, a progress
or a forced stay, and those relevant to every node such a draw leads to: the value of a part
depends on the pool only through their counts. Settled reading 5 takes them over the whole
descendant graph, but the node's own draws already hold them all, so no descendant is built
for them (only the nodes of keys met are):

* a part holding a tile of the suit that goes first: every kind of the other suits is a
  forced stay, a progress or a win, and no kind of that suit ever is (no win holds it);
* any other part *c* at shanten *s*: a kind *x* relevant to a child *c′* = *c* + *k* − *j*
  (a progress or a win from it) is a progress from *c*. From *c′* + *x* a discard *j′*
  leaves shanten ≤ *s* − 2 (a win: *s* − 1 = 0); if *j′* = *k*, *c* + *x* − *j* is that part
  itself; else *c* + *x* − *j′* is one exchange (draw *k*, discard *j*) from it, and an
  exchange changes the shanten by at most one: *c* + *x* has a discard to ≤ *s* − 1 < *s*.
  (It holds wherever a win of *c′* on *x* is also a wait of *c* + *x* − *j* on *k* — every
  rule here; the brute-force tests hold the model to the definition.)

Shanten is asked as cheaply as the rules allow: the shape shanten after each draw
(`PartRules.after_draws`, read as `PartRules.lowering`: the draws that leave it below *s*)
is a lower bound of the drawn part's *s* that is exact from 1 up, and the shanten falls by
at most one a draw, so from *s* ≥ 2 a draw is a progress exactly when that bound is *s* − 1,
and only a part at *s* = 1 asks for real waits.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from engine import tiles as T
from engine.advice.rules import Part, PartRules
from engine.tiles import Tile

COUNT_BITS: Final = 3
"""A pool is kept as one integer: each kind's count (0–4) in a field of this many bits."""
COUNT_MASK: Final = (1 << COUNT_BITS) - 1


@dataclass(eq=False, slots=True)
class Node:
    """One part of the graph (compared by identity: each part has one node per graph)."""

    index: int
    part: Part
    shanten: int
    order: tuple[int, int]
    """Children sort before their parents: a progress lowers the shanten and never adds a
    tile of the suit that goes first, a forced stay removes one."""
    steps: dict[Tile, tuple[Node, ...]] | None = None
    """Progress and forced-stay draws: the kind and the parts it may lead to (one for a
    forced stay; a progress's shanten-keeping choices, at least one). None: not asked."""
    relevant: tuple[Tile, ...] | None = None
    """The relevant kinds, in tile order. None: not asked."""
    mask: int = 0
    """The relevant kinds as a mask of `COUNT_BITS`-bit fields (`engine.advice.keys`)."""
    first: Tile | None = field(default=None)
    """The lowest tile of the suit that goes first in the part, if any."""
    counts: list[int] = field(default_factory=list)
    """The part's 34 counts."""
    drawable: tuple[Tile, ...] = ()
    """The kinds that can be drawn from the part in this stage."""
    prices: dict[tuple[Tile, bool], tuple[int, int]] = field(default_factory=dict)
    """Its wins' (points, fan), by tile and whether it is the wall's last (`values`)."""
    won: tuple[Tile, ...] | None = None
    """`Graph.wins` once asked (a node holds no reference to its graph: the graph holds the
    nodes, so a request's graph is freed by reference counting, never by the cyclic GC)."""


class GraphTooLarge(Exception):
    """More nodes than the caller allowed."""


def with_tile(part: Part, tile: Tile) -> Part:
    """The sorted part with one more ``tile``."""
    i = bisect_left(part, tile)
    return (*part[:i], tile, *part[i:])


def without_tile(part: Part, tile: Tile) -> Part:
    """The sorted part with one copy of ``tile`` fewer (it must hold one)."""
    i = part.index(tile)
    return (*part[:i], *part[i + 1:])


class Graph:
    """The nodes met so far, built on demand from `PartRules`.

    ``supply`` says how many copies of each kind the stage draws from: the unseen tiles
    (``without_replacement``: a kind with one can be drawn from any part), or the wall's
    *w*(k) + *c*(k) (``constant_wall``: ``walled``, less the part's own). A kind the player
    holds four of is never drawn. ``limit`` bounds the nodes built (`GraphTooLarge`).
    """

    def __init__(self, rules: PartRules, supply: Sequence[int], walled: bool,
                 limit: int) -> None:
        self.rules = rules
        self.limit = limit
        self.nodes: dict[Part, Node] = {}
        self._walled = walled
        self._supply = supply
        self._kinds = [k for k in rules.kinds if supply[k] > 0]

    def drawable(self, part: Part) -> tuple[Tile, ...]:
        found = self.nodes.get(part)
        return found.drawable if found is not None else self._drawable(T.counts(part))

    def _drawable(self, counts: Sequence[int]) -> tuple[Tile, ...]:
        melded, supply = self.rules.melded, self._supply
        if self._walled:
            return tuple(k for k in self._kinds
                         if counts[k] + melded[k] < 4 and supply[k] > counts[k])
        return tuple(k for k in self._kinds if counts[k] + melded[k] < 4)

    def node(self, part: Part, shanten: int | None = None) -> Node:
        """The node of ``part`` (``shanten``: its *s*, when the caller knows it)."""
        found = self.nodes.get(part)
        if found is not None:
            return found
        if len(self.nodes) >= self.limit:
            raise GraphTooLarge
        rules = self.rules
        s = rules.shanten(part) if shanten is None else shanten
        suit = rules.first_suit
        firsts = [t for t in part if t // 9 == suit] if suit is not None else []
        counts = T.counts(part)
        drawable = self._drawable(counts)
        node = Node(len(self.nodes), part, s, (len(firsts), s),
                    first=firsts[0] if firsts else None, counts=counts, drawable=drawable,
                    won=() if s >= 2 else None)
        self.nodes[part] = node
        return node

    def wins(self, node: Node) -> tuple[Tile, ...]:
        """The node's drawable kinds whose draw is a win, in tile order — asked on first
        use (a part met only with no draw left never needs them, `engine.advice.keys`): a
        win needs a part one tile from complete, shape shanten 0 (never above *s*)."""
        found = node.won
        if found is None:
            rules, s, part = self.rules, node.shanten, node.part
            found = ()
            if s <= 0 or (s == 1 and rules.table_shanten(part) <= 0):
                drawable = node.drawable
                found = tuple(k for k in rules.wins(part) if k in drawable)
            node.won = found
        return found

    def steps(self, node: Node) -> dict[Tile, tuple[Node, ...]]:
        """The node's progress and forced-stay draws (worked out once)."""
        if node.steps is not None:
            return node.steps
        part, s, first = node.part, node.shanten, node.first
        steps: dict[Tile, tuple[Node, ...]] = {}
        lowering = self.rules.lowering(part, s) if s >= 1 else 0
        suit = self.rules.first_suit
        wins = self.wins(node)
        for k in node.drawable:
            if k in wins:
                continue
            children = self._progress(part, k, s) if lowering >> k & 1 else ()
            if children:
                steps[k] = children
            elif first is not None and k // 9 != suit:
                steps[k] = (self.node(without_tile(with_tile(part, k), first)),)
        node.steps = steps
        return steps

    def relevant(self, node: Node) -> tuple[Tile, ...]:
        """The node's relevant kinds, from the node alone (module docstring: a descendant's
        are its own already)."""
        if node.relevant is None:
            if node.first is not None:  # every other kind is a forced stay, a progress or a win
                suit = self.rules.first_suit
                found = {k for k in node.drawable if k // 9 != suit}
                found.update(self.wins(node))
            else:
                found = {*self.wins(node), *self._progress_kinds(node)}
            node.relevant = tuple(sorted(found))
            node.mask = sum(COUNT_MASK << COUNT_BITS * k for k in found)
        return node.relevant

    def _progress_kinds(self, node: Node) -> list[Tile]:
        """The kinds whose draw is a progress, without building the children."""
        if node.steps is not None:
            return list(node.steps)
        s = node.shanten
        if s < 1:
            return []
        part, lowering, wins = node.part, self.rules.lowering(node.part, s), self.wins(node)
        candidates = [k for k in node.drawable if k not in wins and lowering >> k & 1]
        if s >= 2:  # the bound is exact there: some discard keeps s − 1
            return candidates
        # k is a progress when some discard leaves a real wait: the discard that did for
        # one kind (the part's floating tile, most often) is tried first for the next
        has_wait = self.rules.has_wait
        found, tried = [], -1
        for k in candidates:
            drawn = with_tile(part, k)
            choices = self._choices(drawn, k)
            if tried in choices and has_wait(without_tile(drawn, tried)):
                found.append(k)
                continue
            for j in choices:
                if j != tried and has_wait(without_tile(drawn, j)):
                    found.append(k)
                    tried = j
                    break
        return found

    def _choices(self, drawn: Part, k: Tile) -> list[Tile]:
        """The permitted discards of a drawn part other than the drawn kind."""
        suit = self.rules.first_suit
        if suit is not None and any(t // 9 == suit for t in drawn):
            return sorted({j for j in drawn if j // 9 == suit} - {k})
        return sorted(set(drawn) - {k})

    def _progress(self, part: Part, k: Tile, s: int) -> tuple[Node, ...]:
        """The children of a progress draw ``k`` from a part at shanten ``s`` ≥ 1: every
        permitted discard that keeps the drawn part's shanten, one node a kind; () when ``k``
        is no progress after all (at *s* = 1, when no discard leaves a real wait)."""
        rules = self.rules
        drawn = with_tile(part, k)
        kept = []
        for j in self._choices(drawn, k):
            child = without_tile(drawn, j)
            # (from s ≥ 2 the table's answer is at least s − 1 ≥ 1: no wait asked)
            if rules.has_wait(child) if s == 1 else rules.far_shanten(child) == s - 1:
                kept.append(self.node(child, s - 1))
        return tuple(kept)
