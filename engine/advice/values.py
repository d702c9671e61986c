"""The exact values of RULES.md §0.10.3 over the keys a stage met (`engine.advice.keys`).

Every value is an integer numerator over the stage's denominator for its number of draws to
come, *d*: under ``without_replacement`` the falling product *M*(*M* − 1)…(*M* − *d* + 1) of
the key's pool size *M*, under ``constant_wall`` *S*^*d*. A key's denominator for *d* is its
size times its children's for *d* − 1, so a draw's numerator is its copies times the child's
numerator and a win's is its copies times the children's denominator: integers throughout,
and every maximum compares numerators over one denominator (§0.10.7).

W (win), R (ready or won) are kept for every *d* a key holds (the answer lists them for
every horizon). E — (points, wins, fan), maximised lexicographically — is needed only at
the horizon: under ``without_replacement`` a key at level *n* only ever has *T* − *n* draws
to come, so it keeps one E; under ``constant_wall`` a key is met at several levels and keeps
one E per *d*.

E is summed and maximised as one integer: (points, wins, fan) packed in fields wide enough
for any numerator of the stage (`Packing`), so that a sum of packed values is the packed sum
and integer order is the lexicographic order — one addition and one comparison a draw, not
three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.advice.keys import Key, PoolKeys, WallKeys
from engine.tiles import Tile

V = TypeVar("V", int, tuple[int, int, int])
Expectation = tuple[int, int, int]
"""E's numerators: points received, wins (the win probability's), fan summed over wins."""
Pricer = Callable[[Key, Tile, bool], tuple[int, int]]
"""(points, fan) of a win on a tile drawn from a key's part; True: the wall's last tile."""


@dataclass(frozen=True)
class Values:
    """A candidate's exact values: numerators over ``scale`` (one denominator per horizon
    t = 1 … T; E's is the last)."""

    win: tuple[int, ...]
    tenpai: tuple[int, ...]
    expectation: Expectation
    scale: tuple[int, ...]


class Packing:
    """(points, wins, fan) numerators as one integer: each in a field of ``width`` bits.

    Every E numerator of a stage is at most its denominator (the pool's falling product or
    *S*^*d*, at most ``scale``) times the largest price met (points or fan; wins count 1): a
    key's E is its win terms times the children's denominator plus copies × the children's
    E, whose copies sum to at most its size. So a field of that many bits never carries into
    the next, and the fields read back exactly."""

    def __init__(self, scale: int, terms: Sequence[Expectation]) -> None:
        if any(min(t) < 0 for t in terms):  # (a price is what the winner receives: ≥ 0)
            raise ValueError("a win priced below 0 cannot be packed")
        top = max((max(t) for t in terms), default=1)
        self.width = (scale * max(top, 1)).bit_length() + 1
        self._mask = (1 << self.width) - 1

    def pack(self, e: Expectation) -> int:
        return (e[0] << self.width | e[1]) << self.width | e[2]

    def unpack(self, e: int) -> Expectation:
        w, mask = self.width, self._mask
        return e >> 2 * w, e >> w & mask, e & mask


def falling(size: int, draws: int) -> list[int]:
    """[1, size, size·(size − 1), …]: the falling products for 0 … ``draws`` draws."""
    out = [1]
    for i in range(draws):
        out.append(out[-1] * (size - i))
    return out


NEVER = 1 << 30
"""The first draw count of a key that never wins (or is never ready)."""


def _summed(mass: int, scale: Sequence[int], lo: int, hi: int,
            moves: Sequence[tuple[int, tuple[int, ...]]], values: Sequence[Sequence[int]],
            firsts: Sequence[int]) -> list[int]:
    """Entries ``lo`` … ``hi`` − 1 of Σ copies × (the best child's values), plus the winning
    ``mass`` × ``scale``: a draw whose children are all still 0 there adds nothing."""
    acc = [mass * f for f in scale[lo:hi]] if mass else [0] * (hi - lo)
    for copies, ids in moves:
        if len(ids) == 1:
            j = ids[0]
            if firsts[j] >= hi:
                continue
            source: Sequence[int] = values[j][lo:hi]
        else:
            if min(firsts[j] for j in ids) >= hi:
                continue
            source = list(map(max, *(values[j][lo:hi] for j in ids)))
        acc = [a + copies * b for a, b in zip(acc, source, strict=True)]
    return acc


def _first(key: Key, firsts: Sequence[int], own: int) -> int:
    """The fewest draws to come at which a key's value can be above 0: ``own`` (1 for a
    win, 0 for a ready part's R), else one more than its children's."""
    found = own
    for _, ids in key.moves:
        for j in ids:
            if firsts[j] + 1 < found:
                found = firsts[j] + 1
    return found


def _win_terms(key: Key, price: Pricer, last: bool) -> Expectation:
    """Σ copies × (points, 1, fan) over a key's winning draws."""
    points = fan = mass = 0
    for copies, tile in key.wins:
        p, f = price(key, tile, last)
        points += copies * p
        fan += copies * f
        mass += copies
    return points, mass, fan


def pool_values(keys: PoolKeys, roots: Sequence[int], price: Pricer,
                last_tile: bool) -> list[Values]:
    """``without_replacement``: the values of each root key (level 0), keys taken from the
    last level up."""
    horizon, size = keys.horizon, keys.size
    tables = {m: falling(m, horizon) for m in range(size - horizon, size + 1)}
    n = len(keys.keys)
    win: list[list[int]] = [[] for _ in range(n)]
    ready: list[list[int]] = [[] for _ in range(n)]
    win_first = [NEVER] * n
    ready_first = [NEVER] * n
    # the win terms first (each key that can still draw and holds a win): they size the
    # packing of E
    terms: dict[int, Expectation] = {
        i: _win_terms(key, price, last_tile and key.level == horizon - 1)
        for i, key in enumerate(keys.keys) if key.wins and key.level < horizon}
    packing = Packing(tables[size][-1], list(terms.values()))
    packed = {i: packing.pack(t) for i, t in terms.items()}
    expect = [0] * n
    for i in sorted(range(n), key=lambda i: -keys.keys[i].level):
        key = keys.keys[i]
        to_come = horizon - key.level
        is_ready = key.node.shanten <= 0
        pool = size - key.level
        if is_ready:
            ready[i] = tables[pool][:to_come + 1]
            ready_first[i] = 0
        if not to_come:
            win[i] = [0]
            if not is_ready:
                ready[i] = [0]
            continue
        below = tables[pool - 1]  # the children's denominators, for 0 … to_come − 1 draws
        mass = sum(c for c, _ in key.wins)
        first = win_first[i] = _first(key, win_first, 1 if mass else NEVER)
        if first <= to_come:
            win[i] = [0] * first + _summed(mass, below, first - 1, to_come, key.moves, win,
                                           win_first)
            e = packed.get(i, 0) * below[to_come - 1]
            for copies, ids in key.moves:
                e += copies * (expect[ids[0]] if len(ids) == 1 else max(expect[j] for j in ids))
            expect[i] = e
        else:
            win[i] = [0] * (to_come + 1)
        if not is_ready:
            first = ready_first[i] = _first(key, ready_first, 1 if mass else NEVER)
            ready[i] = ([0] * first + _summed(mass, below, first - 1, to_come, key.moves,
                                              ready, ready_first)
                        if first <= to_come else [0] * (to_come + 1))
    scale = tuple(tables[size][1:])
    return [Values(tuple(win[i][1:]), tuple(ready[i][1:]), packing.unpack(expect[i]), scale)
            for i in roots]


def wall_values(keys: WallKeys, roots: Sequence[int], price: Pricer,
                last_tile: bool) -> list[Values]:
    """``constant_wall``: the values of each root key. Keys are taken children first
    (`engine.advice.graph.Node.order`); a stay is the key itself one draw on."""
    horizon, size = keys.horizon, keys.size
    powers = [size**d for d in range(horizon + 1)]
    n = len(keys.keys)
    win: list[list[int]] = [[] for _ in range(n)]
    ready: list[list[int]] = [[] for _ in range(n)]
    expect: list[list[int]] = [[] for _ in range(n)]
    win_first = [NEVER] * n
    ready_first = [NEVER] * n
    # the win terms first (every key met that can still draw and holds a win), plain and as
    # the wall's last tile: they size the packing of E
    met = [i for i, key in enumerate(keys.keys) if key.wins and key.level < horizon]
    plain = {i: _win_terms(keys.keys[i], price, False) for i in met}
    last = {i: _win_terms(keys.keys[i], price, True) for i in met} if last_tile else plain
    packing = Packing(powers[-1], [*plain.values(), *last.values()])
    terms = {i: (packing.pack(plain[i]), packing.pack(last[i])) for i in met}
    for i in sorted(range(n), key=lambda i: keys.keys[i].node.order):
        key = keys.keys[i]
        to_come = horizon - key.level
        if to_come < 0:  # never met
            continue
        moves = [(c, ids) for c, ids in key.moves if ids != (i,)]
        stay = sum(c for c, ids in key.moves if ids == (i,))
        mass = sum(c for c, _ in key.wins)
        first = win_first[i] = _first(key, win_first, 1 if mass else NEVER)
        win[i] = _with_stays(mass, powers, first, to_come, moves, win, win_first, stay)
        expect[i] = _expectations(terms.get(i, (0, 0)), first, to_come, moves, expect,
                                  win_first, stay, powers)
        if key.node.shanten <= 0:
            ready[i] = powers[:to_come + 1]
            ready_first[i] = 0
        else:
            first = ready_first[i] = _first(key, ready_first, 1 if mass else NEVER)
            ready[i] = _with_stays(mass, powers, first, to_come, moves, ready, ready_first,
                                   stay)
    return [Values(tuple(win[i][1:]), tuple(ready[i][1:]), packing.unpack(expect[i][horizon]),
                   tuple(powers[1:])) for i in roots]


def _with_stays(mass: int, powers: Sequence[int], first: int, to_come: int,
                moves: Sequence[tuple[int, tuple[int, ...]]], values: Sequence[Sequence[int]],
                firsts: Sequence[int], stay: int) -> list[int]:
    """A ``constant_wall`` value list: the draws that move on, then the stays (the key
    itself one draw on), for 0 … ``to_come`` draws."""
    out = [0] * (to_come + 1)
    if first > to_come:
        return out
    moved = _summed(mass, powers, first - 1, to_come, moves, values, firsts)
    for d in range(first, to_come + 1):
        out[d] = moved[d - first] + stay * out[d - 1]
    return out


def _expectations(terms: tuple[int, int], first: int, to_come: int,
                  moves: Sequence[tuple[int, tuple[int, ...]]],
                  expect: Sequence[Sequence[int]], firsts: Sequence[int], stay: int,
                  powers: Sequence[int]) -> list[int]:
    """E (packed) for 0 … ``to_come`` draws under ``constant_wall``; ``terms``: the key's
    packed win terms, plain and as the wall's last tile (the last draw of a horizon, when
    the request says so)."""
    out = [0] * (to_come + 1)
    if first > to_come:
        return out
    plain, last = terms
    p = [(last if d == 1 else plain) * powers[d - 1] for d in range(first, to_come + 1)]
    for copies, ids in moves:
        if min(firsts[j] for j in ids) > to_come - 1:
            continue
        if len(ids) == 1:
            best: Sequence[int] = expect[ids[0]][first - 1:to_come]
        else:
            best = list(map(max, *(expect[j][first - 1:to_come] for j in ids)))
        p = [a + copies * b for a, b in zip(p, best, strict=True)]
    for d in range(first, to_come + 1):
        out[d] = p[d - first] + stay * out[d - 1]
    return out
