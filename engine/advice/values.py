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


def _best(lists: Sequence[Sequence[V]], length: int) -> Sequence[V]:
    """The elementwise maximum of the first ``length`` entries of several value lists."""
    if len(lists) == 1:
        first = lists[0]
        return first if len(first) == length else first[:length]
    return list(map(max, *(v[:length] for v in lists)))


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
    """``without_replacement``: the values of each root key (level 0)."""
    horizon, size = keys.horizon, keys.size
    tables = {m: falling(m, horizon) for m in range(size - horizon, size + 1)}
    win: list[list[int]] = [[] for _ in keys.keys]
    ready: list[list[int]] = [[] for _ in keys.keys]
    expect: list[Expectation] = [(0, 0, 0)] * len(keys.keys)
    for i in sorted(range(len(keys.keys)), key=lambda i: -keys.keys[i].level):
        key = keys.keys[i]
        to_come = horizon - key.level
        if not to_come:
            win[i] = [0]
            ready[i] = [1 if key.node.shanten <= 0 else 0]
            continue
        pool = size - key.level
        below = tables[pool - 1]  # the children's denominators, for 0 … to_come − 1 draws
        mass = sum(c for c, _ in key.wins)
        w = [mass * f for f in below[:to_come]]
        r = list(w)
        points, wins, fan = _win_terms(key, price, last_tile and to_come == 1)
        top = below[to_come - 1]
        e = [points * top, wins * top, fan * top]
        for copies, ids in key.moves:
            w = [a + copies * b for a, b in zip(w, _best([win[j] for j in ids], to_come),
                                                strict=True)]
            r = [a + copies * b for a, b in zip(r, _best([ready[j] for j in ids], to_come),
                                                strict=True)]
            best = max(expect[j] for j in ids)
            e = [a + copies * b for a, b in zip(e, best, strict=True)]
        win[i] = [0, *w]
        ready[i] = tables[pool][:to_come + 1] if key.node.shanten <= 0 else [0, *r]
        expect[i] = (e[0], e[1], e[2])
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
    for i in sorted(range(n), key=lambda i: keys.keys[i].node.order):
        key = keys.keys[i]
        to_come = horizon - key.level
        if to_come < 0:  # never met
            continue
        mass = sum(c for c, _ in key.wins)
        w = [mass * p for p in powers[:to_come]]
        r = list(w)
        plain = _win_terms(key, price, False)
        e = [tuple(x * p for x in plain) for p in powers[:to_come]]
        if last_tile and to_come:
            e[0] = _win_terms(key, price, True)
        stay = 0
        for copies, ids in key.moves:
            if ids == (i,):
                stay = copies
                continue
            w = [a + copies * b for a, b in zip(w, _best([win[j] for j in ids], to_come),
                                                strict=True)]
            r = [a + copies * b for a, b in zip(r, _best([ready[j] for j in ids], to_come),
                                                strict=True)]
            bests = _best([expect[j] for j in ids], to_come)
            e = [(a[0] + copies * b[0], a[1] + copies * b[1], a[2] + copies * b[2])
                 for a, b in zip(e, bests, strict=True)]
        ws, rs, es = [0], [0], [(0, 0, 0)]
        for d in range(to_come):  # the stays: the key itself, one draw on
            ws.append(w[d] + stay * ws[d])
            rs.append(r[d] + stay * rs[d])
            x, y = e[d], es[d]
            es.append((x[0] + stay * y[0], x[1] + stay * y[1], x[2] + stay * y[2]))
        win[i] = ws
        ready[i] = powers[:to_come + 1] if key.node.shanten <= 0 else rs
        expect[i] = es
    return [Values(tuple(win[i][1:]), tuple(ready[i][1:]), expect[i][horizon],
                   tuple(powers[1:])) for i in roots]
