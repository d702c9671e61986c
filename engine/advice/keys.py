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
POOL_BITS: Final = 34 * COUNT_BITS
"""A pool's width: a node index shifted past it and a pool make one integer."""
POOL_FIELDS: Final = (1 << POOL_BITS) - 1

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
        """Called once every candidate's keys are met: a subclass that counts some keys
        late raises OverBudget here when they pass a limit (the base counts every key as it
        is met, so nothing is left)."""


def pool_number(counts: Sequence[int]) -> int:
    """34 counts as one integer of `COUNT_BITS`-bit fields."""
    return sum(n << COUNT_BITS * k for k, n in enumerate(counts))


class PoolKeys(Keys):
    """``without_replacement``: keys (node, relevant counts, level); at level *n* the pool
    holds ``size`` − *n* tiles, of which ``pool`` (at level 0) says the counts.

    A key with no draw left (level *T*) has values that need no count (W = 0, R its part's
    readiness, E = 0), so such keys are held as one `Key` a node (at most `PART_LIMIT`), and
    its node's relevant kinds — a part met only there would ask its wins and waits for
    nothing else — are asked only to count its cells (one a key). Those are counted as
    integers ``node index << POOL_BITS | counts``: exactly (``_exact``, under the node's own
    mask) once the node's relevant kinds are known, else under the counts its parent keeps
    (``_finer``: a finer key, never fewer than the exact ones). When the two together would
    pass the room left, the finer ones are made exact (`_exact_edge`), and only a stage
    whose exact count passes it is `OverBudget`: which stages pass a limit is exactly the
    spec's, and the count's tables never hold more than ``CELL_LIMIT`` + 1 entries (a
    body cannot make a worker big by pointing many keys at the edge)."""

    def __init__(self, horizon: int, pool: Sequence[int], size: int, graph: Graph) -> None:
        super().__init__(horizon)
        self.graph = graph
        self.pool = pool_number(pool)
        self.size = size
        self._ids: dict[tuple[int, int, int], int] = {}
        self._counts: list[int] = []
        self._plans: dict[int, Plan] = {}
        self._edge: dict[int, int] = {}
        """The key with no draw left of each node met there: node index → key id."""
        self._exact: set[int] = set()
        """The keys with no draw left, each as node index and its relevant counts."""
        self._finer: dict[int, Node] = {}
        """Keys with no draw left whose node's relevant kinds were not asked yet: node index
        and the counts the parent keeps → the node."""

    @property
    def cells(self) -> int:
        self._exact_edge(None)
        return self.counted + len(self._exact)

    @property
    def edge_entries(self) -> int:
        """The entries the count of the keys with no draw left holds (at most the room
        left + 1: `_check`)."""
        return len(self._exact) + len(self._finer)

    def _exact_edge(self, room: int | None) -> None:
        """The finer keys made exact (their nodes' relevant kinds asked); OverBudget as soon
        as the exact ones pass ``room`` (None: counted whatever their number)."""
        graph, exact = self.graph, self._exact
        for ident, node in self._finer.items():
            if node.relevant is None:
                graph.relevant(node)
            exact.add(ident & ~POOL_FIELDS | ident & node.mask)
            if room is not None and len(exact) > room:
                raise OverBudget
        self._finer.clear()

    def _check(self) -> None:
        if len(self.parts) > PART_LIMIT:
            raise OverBudget
        room = CELL_LIMIT - self.counted
        if len(self._exact) + len(self._finer) > room:
            if len(self._exact) > room:
                raise OverBudget
            self._exact_edge(room)

    def settle(self) -> None:
        """Nothing left to count: `_check` keeps the keys met within the limits, exactly."""

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
        if level == self.horizon:
            return self._meet_edge(node, counts)
        ident = (node.index, counts, level)
        found = self._ids.get(ident)
        if found is None:
            found = self._ids[ident] = len(self.keys)
            self.keys.append(Key(node, level))
            self._counts.append(counts)
            self.counted += self.horizon - level + 1
            self.parts.add(node.index)
            self._check()
        return found

    def _meet_edge(self, node: Node, counts: int) -> int:
        """The key with no draw left of ``node`` (one a node), its cell counted under
        ``counts`` (the node's own, or its parent's)."""
        index = node.index
        found = self._edge.get(index)
        if found is None:
            found = self._edge[index] = len(self.keys)
            self.keys.append(Key(node, self.horizon))
            self._counts.append(0)
            self.parts.add(index)
        before = len(self._exact) + len(self._finer)
        if node.relevant is not None:
            self._exact.add(index << POOL_BITS | counts & node.mask)
        else:
            self._finer[index << POOL_BITS | counts] = node
        if len(self._exact) + len(self._finer) > before:
            self._check()
        return found

    def _plan(self, node: Node) -> Plan:
        """A node's draws, worked out once: per relevant kind its field's shift, one unit
        of it, whether it wins, and the children a progress or forced stay leads to (None:
        a plain stay of a kind relevant further down)."""
        found = self._plans.get(node.index)
        if found is None:
            steps, wins = self.graph.steps(node), self.graph.wins(node)
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
        for k in self.graph.wins(node):
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
