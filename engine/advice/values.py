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
    expect: list[Expectation] = [(0, 0, 0)] * n
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
            points, wins, fan = _win_terms(key, price, last_tile and to_come == 1)
            top = below[to_come - 1]
            e0, e1, e2 = points * top, wins * top, fan * top
            for copies, ids in key.moves:
                best = max(expect[j] for j in ids)
                e0 += copies * best[0]
                e1 += copies * best[1]
                e2 += copies * best[2]
            expect[i] = (e0, e1, e2)
        else:
            win[i] = [0] * (to_come + 1)
        if not is_ready:
            first = ready_first[i] = _first(key, ready_first, 1 if mass else NEVER)
            ready[i] = ([0] * first + _summed(mass, below, first - 1, to_come, key.moves,
                                              ready, ready_first)
                        if first <= to_come else [0] * (to_come + 1))
    scale = tuple(tables[size][1:])
    return [Values(tuple(win[i][1:]), tuple(ready[i][1:]), expect[i], scale) for i in roots]


def wall_values(keys: WallKeys, roots: Sequence[int], price: Pricer,
                last_tile: bool) -> list[Values]:
    """``constant_wall``: the values of each root key. Keys are taken children first
    (`engine.advice.graph.Node.order`); a stay is the key itself one draw on."""
    horizon, size = keys.horizon, keys.size
    powers = [size**d for d in range(horizon + 1)]
    n = len(keys.keys)
    win: list[list[int]] = [[] for _ in range(n)]
    ready: list[list[int]] = [[] for _ in range(n)]
    expect: list[list[Expectation]] = [[] for _ in range(n)]
    win_first = [NEVER] * n
    ready_first = [NEVER] * n
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
        expect[i] = _expectations(key, i, first, to_come, moves, expect, win_first, stay,
                                  powers, price, last_tile)
        if key.node.shanten <= 0:
            ready[i] = powers[:to_come + 1]
            ready_first[i] = 0
        else:
            first = ready_first[i] = _first(key, ready_first, 1 if mass else NEVER)
            ready[i] = _with_stays(mass, powers, first, to_come, moves, ready, ready_first,
                                   stay)
    return [Values(tuple(win[i][1:]), tuple(ready[i][1:]), expect[i][horizon],
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


def _expectations(key: Key, i: int, first: int, to_come: int,
                  moves: Sequence[tuple[int, tuple[int, ...]]],
                  expect: Sequence[Sequence[Expectation]], firsts: Sequence[int], stay: int,
                  powers: Sequence[int], price: Pricer, last_tile: bool
                  ) -> list[Expectation]:
    """E for 0 … ``to_come`` draws under ``constant_wall`` (the last draw of a horizon
    priced as the wall's last tile when the request says so)."""
    out: list[Expectation] = [(0, 0, 0)] * (to_come + 1)
    if first > to_come:
        return out
    plain = _win_terms(key, price, False) if key.wins else (0, 0, 0)
    last = _win_terms(key, price, True) if key.wins and last_tile else plain
    p = [[x * powers[d - 1] for x in (last if d == 1 else plain)]
         for d in range(first, to_come + 1)]
    for copies, ids in moves:
        if min(firsts[j] for j in ids) > to_come - 1:
            continue
        rows = [expect[j][first - 1:to_come] for j in ids]
        best = rows[0] if len(rows) == 1 else list(map(max, *rows))
        for acc, b in zip(p, best, strict=True):
            acc[0] += copies * b[0]
            acc[1] += copies * b[1]
            acc[2] += copies * b[2]
    for d in range(first, to_come + 1):
        x, y = p[d - first], out[d - 1]
        out[d] = (x[0] + stay * y[0], x[1] + stay * y[1], x[2] + stay * y[2])
    return out
