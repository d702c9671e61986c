"""The keys a stage meets, counted against the work bound (RULES.md §0.10.6, reconciled §11).

Under ``constant_wall`` a key is a node (a part); under ``without_replacement`` it is a node,
the pool's counts of the node's relevant kinds and the number of draws made since the part
advised. A key is met when the recursion needs one of its values: every draw with a copy
left leads to one, except a win (and under ``constant_wall`` a stay or a blank, which lead
back to the key itself). A key met with at most *d* draws to come holds *d* + 1 cells; the
parts are the distinct nodes of the keys. A stage may meet at most `PART_LIMIT` parts and
`CELL_LIMIT` cells: `OverBudget` as soon as it would meet more.

Both enumerations go level by level, so what they meet — and whether they pass a limit —
depends only on which keys exist. Each key records its draws: ``wins`` (copies, kind) and
``moves`` (copies, the keys the draw may lead to: several are a progress's choices), which
`engine.advice.values` sums. A pool is one integer, each kind's count in a `COUNT_BITS`-bit
field: a node's key keeps only its relevant fields (``pool & node.mask``), and a draw
subtracts one unit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.advice.graph import COUNT_BITS, COUNT_MASK, Graph, Node

PART_LIMIT: Final = 800
CELL_LIMIT: Final = 20_000

Wins = list[tuple[int, int]]
"""A key's winning draws: (copies, kind)."""
Moves = list[tuple[int, tuple[int, ...]]]
"""A key's other draws: (copies, the key ids they may lead to)."""
Plan = list[tuple[int, int, bool, int, tuple[Node, ...] | None]]
"""A node's relevant draws (`PoolKeys._plan`)."""


class OverBudget(Exception):
    """The stage would meet more than `PART_LIMIT` parts or `CELL_LIMIT` cells."""


@dataclass(slots=True)
class Key:
    node: Node
    level: int
    """``without_replacement``: the draws made since the part advised; ``constant_wall``:
    the fewest draws it was met after (above the horizon: not met yet)."""
    wins: Wins = field(default_factory=list)
    moves: Moves = field(default_factory=list)
    size: int = 0
    """The copies its draws are out of (the pool's size, or the wall's)."""


@dataclass
class Keys:
    """Every key a stage met, by id."""

    horizon: int
    keys: list[Key] = field(default_factory=list)
    counted: int = 0
    """The cells counted as the keys are met (`cells`)."""
    parts: set[int] = field(default_factory=set)

    @property
    def cells(self) -> int:
        """The cells of the keys met."""
        return self.counted

    def _check(self) -> None:
        if self.counted > CELL_LIMIT or len(self.parts) > PART_LIMIT:
            raise OverBudget

    def settle(self) -> None:
        """OverBudget when the keys met, every candidate's, pass a limit."""


def pool_number(counts: Sequence[int]) -> int:
    """34 counts as one integer of `COUNT_BITS`-bit fields."""
    return sum(n << COUNT_BITS * k for k, n in enumerate(counts))


class PoolKeys(Keys):
    """``without_replacement``: keys (node, relevant counts, level); at level *n* the pool
    holds ``size`` − *n* tiles, of which ``pool`` (at level 0) says the counts.

    A key with no draw left (level *T*) has values that need no count (W = 0, R its part's
    readiness, E = 0), so its node's relevant kinds — a part met only there would ask its
    wins and waits for nothing else — are asked only to count it: such a key is met under
    the counts its parent keeps (a finer key: the values are the same), and its cells (one
    a key) are settled once every key is met (`settle`): at least one a part, at most one
    a key met; the relevant kinds are asked only when those bounds straddle the limit (or
    `cells` is read)."""

    def __init__(self, horizon: int, pool: Sequence[int], size: int, graph: Graph) -> None:
        super().__init__(horizon)
        self.graph = graph
        self.pool = pool_number(pool)
        self.size = size
        self._ids: dict[tuple[int, int, int], int] = {}
        self._counts: list[int] = []
        self._plans: dict[int, Plan] = {}
        self._edge: set[int] = set()
        """The nodes of the keys met with no draw left."""
        self._edge_keys: list[tuple[Node, int]] = []
        """Those keys: the node and the counts they were met under."""

    @property
    def cells(self) -> int:
        return self.counted + self._edge_cells(None)

    def _edge_cells(self, limit: int | None) -> int:
        """The keys with no draw left counted exactly (each node's relevant counts); the
        count stops once it passes ``limit``."""
        graph, found = self.graph, set()
        for node, counts in self._edge_keys:
            if node.relevant is None:
                graph.relevant(node)
            found.add((node.index, counts & node.mask))
            if limit is not None and len(found) > limit:
                break
        return len(found)

    def _check(self) -> None:
        if self.counted + len(self._edge) > CELL_LIMIT or len(self.parts) > PART_LIMIT:
            raise OverBudget

    def settle(self) -> None:
        room = CELL_LIMIT - self.counted
        if len(self._edge_keys) > room and self._edge_cells(room) > room:
            raise OverBudget

    def root(self, node: Node) -> int:
        """Meet a candidate's part with the whole pool, and every key it leads to; its key
        id. OverBudget when they pass a limit."""
        i = len(self.keys)
        self.graph.relevant(node)
        root = self._meet(node, self.pool & node.mask, 0)
        while i < len(self.keys):  # the keys met are appended: the loop reaches them too
            key = self.keys[i]
            if key.level < self.horizon:
                self._draws(key, self._counts[i])
            i += 1
        return root

    def _meet(self, node: Node, counts: int, level: int) -> int:
        ident = (node.index, counts, level)
        found = self._ids.get(ident)
        if found is None:
            found = self._ids[ident] = len(self.keys)
            self.keys.append(Key(node, level))
            self._counts.append(counts)
            if level == self.horizon:
                self._edge.add(node.index)
                self._edge_keys.append((node, counts))
            else:
                self.counted += self.horizon - level + 1
            self.parts.add(node.index)
            self._check()
        return found

    def _plan(self, node: Node) -> Plan:
        """A node's draws, worked out once: per relevant kind its field's shift, one unit
        of it, whether it wins, and the children a progress or forced stay leads to (None:
        a plain stay of a kind relevant further down)."""
        found = self._plans.get(node.index)
        if found is None:
            steps, wins = self.graph.steps(node), node.wins
            assert node.relevant is not None
            found = self._plans[node.index] = [
                (COUNT_BITS * k, 1 << COUNT_BITS * k, k in wins, k, steps.get(k))
                for k in node.relevant]
        return found

    def _draws(self, key: Key, counts: int) -> None:
        node, level = key.node, key.level + 1
        graph, meet, ids, index = self.graph, self._meet, self._ids, node.index
        edge = level == self.horizon
        size = key.size = self.size - key.level
        wins, moves = key.wins, key.moves
        held = 0
        for shift, unit, win, k, children in self._plan(node):
            left = counts >> shift & COUNT_MASK
            if not left:
                continue
            held += left
            if win:
                wins.append((left, k))
            elif children is None:  # a plain stay of a kind relevant further down
                rest = counts - unit
                found = ids.get((index, rest, level))
                moves.append((left, (meet(node, rest, level) if found is None else found,)))
            elif edge:  # the child's key with no draw left: under the counts kept here
                rest = counts - unit
                moves.append((left, tuple(meet(child, rest, level) for child in children)))
            elif len(children) == 1:
                child = children[0]
                if child.relevant is None:
                    graph.relevant(child)
                rest = counts - unit & child.mask
                found = ids.get((child.index, rest, level))
                moves.append((left, (meet(child, rest, level) if found is None else found,)))
            else:
                rest = counts - unit
                met = []
                for child in children:
                    if child.relevant is None:
                        graph.relevant(child)
                    met.append(meet(child, rest & child.mask, level))
                moves.append((left, tuple(met)))
        if size > held:  # every other kind: a stay that only shrinks the pool
            found = ids.get((index, counts, level))
            moves.append((size - held, (meet(node, counts, level) if found is None else found,)))


class WallKeys(Keys):
    """``constant_wall``: one key a node; from part *c* a kind *k* has *w*(k) = ``wall[k]``
    − *c*(k) copies among ``size`` (the rest are blanks)."""

    def __init__(self, horizon: int, wall: Sequence[int], size: int, graph: Graph) -> None:
        super().__init__(horizon)
        self.graph = graph
        self.wall = wall
        self.size = size
        self._ids: dict[int, int] = {}

    def root(self, node: Node) -> int:
        """Meet a candidate's part and every key it leads to within the horizon; its key
        id. OverBudget when they pass a limit."""
        root = self._key(node)
        frontier = [root] if self._lower(root, 0) else []
        while frontier:  # level by level: the first level a key is met at is its fewest
            ahead: list[int] = []
            for i in frontier:
                key = self.keys[i]
                if key.level == self.horizon:
                    continue
                if not key.size:
                    self._draws(i, key)
                for _, ids in key.moves:
                    ahead.extend(j for j in ids if self._lower(j, key.level + 1))
            frontier = ahead
        return root

    def _key(self, node: Node) -> int:
        found = self._ids.get(node.index)
        if found is None:
            found = self._ids[node.index] = len(self.keys)
            self.keys.append(Key(node, self.horizon + 1))
        return found

    def _lower(self, i: int, level: int) -> bool:
        """Note key ``i`` met after ``level`` draws; whether that is its fewest yet."""
        key = self.keys[i]
        if level >= key.level:
            return False
        self.counted += key.level - level
        key.level = level
        self.parts.add(key.node.index)
        self._check()
        return True

    def _draws(self, i: int, key: Key) -> None:
        node = key.node
        counts, wall = node.counts, self.wall
        key.size = self.size
        moved = 0
        for k in node.wins:
            weight = wall[k] - counts[k]
            if weight > 0:
                moved += weight
                key.wins.append((weight, k))
        for k, children in self.graph.steps(node).items():
            weight = wall[k] - counts[k]
            if weight > 0:
                moved += weight
                key.moves.append((weight, tuple(self._key(child) for child in children)))
        if self.size > moved:  # stays and blanks: the part is unchanged
            key.moves.append((self.size - moved, (i,)))
