"""The standard shape for any input: the slow path behind the table lookups.

The hot paths (``standard``) answer from class ids. They hand over here when an input leaves
the stored domain — a count above 4 (a probe past the fourth copy), more than 8 wildcards,
more than 14 tiles — and ``readings`` uses the per-suit facts from here. Same mathematics
(see ``standard``), computed from per-suit used-tables with explicit loops.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.shapes import tables
from engine.shapes.model import NEVER
from engine.shapes.prepared import Prepared
from engine.shapes.suit import EMPTY, NEG
from engine.shapes.table_format import conv_used


def split(naturals: Sequence[int], prep: Prepared) -> tuple[list[tuple[int, ...]], int]:
    """The live suits' vectors (number suits, then honors if live) and the dead naturals."""
    vectors = []
    live = 0
    for s in prep.number_suits:
        v = tuple(naturals[9 * s : 9 * s + 9])
        live += sum(v)
        vectors.append(v)
    if prep.honors:
        h = tuple(n if ok else 0 for n, ok in zip(naturals[27:34], prep.honor_live, strict=True))
        live += sum(h)
        vectors.append(h)
    return vectors, sum(naturals) - live


def suit_used(v: tuple[int, ...], honor: bool, prep: Prepared) -> tuple[int, ...]:
    if honor:
        return tables.honor_used(v, prep.honor_group_family, prep.honor_pair)
    return tables.number_used(v, prep.group_family, prep.pair_family)


def suit_masks(v: tuple[int, ...], honor: bool, prep: Prepared, most: int = 8
               ) -> tuple[int, int]:
    """(G, P) bitmasks over 0..``most`` wildcards."""
    if honor:
        return tables.honor_masks(v, prep.honor_group_family, prep.honor_pair, most)
    return tables.number_masks(v, prep.group_family, prep.pair_family, most)


def _sumset(a: int, b: int, width: int) -> int:
    out = 0
    while a:
        low = a & -a
        out |= b * low
        a ^= low
    return out & ((1 << width) - 1)


def _accept(wilds: int, whole_groups: bool) -> int:
    out = 0
    for w in range(wilds + 1):
        left = wilds - w
        if left == 0 or (whole_groups and left % 3 == 0):
            out |= 1 << w
    return out


def complete(naturals: Sequence[int], wilds: int, prep: Prepared) -> bool:
    """Naturals + wildcards form n groups and a pair (any size, any counts)."""
    if wilds < 0 or (sum(naturals) + wilds) % 3 != 2:
        return False
    vectors, dead = split(naturals, prep)
    if dead:
        return False
    honor_at = len(vectors) - 1 if prep.honors else -1
    width = max(wilds, 8) + 1
    groups, pair = 1, 0
    for i, v in enumerate(vectors):
        g, p = suit_masks(v, i == honor_at, prep, width - 1)
        pair = _sumset(pair, g, width) | _sumset(p, groups, width)
        groups = _sumset(groups, g, width)
    whole = prep.wild_only and prep.new_group
    if pair & _accept(wilds, whole):
        return True
    if prep.wild_only and prep.new_pair and wilds >= 2:
        return bool(groups & _accept(wilds - 2, whole))
    return False


def used_total(naturals: Sequence[int], prep: Prepared) -> tuple[int, ...]:
    """The whole hand's used-table (max-plus sum over live suits; at most 4 groups)."""
    vectors, _ = split(naturals, prep)
    honor_at = len(vectors) - 1 if prep.honors else -1
    total = EMPTY
    for i, v in enumerate(vectors):
        if any(v):
            total = conv_used(total, suit_used(v, i == honor_at, prep))
    return total


def shanten(naturals: Sequence[int], wilds: int, prep: Prepared) -> int:
    """Standard-shape shanten of 3n+1 or 3n+2 tiles (n ≤ 4)."""
    n = (sum(naturals) + wilds - 1) // 3
    return cost(used_total(naturals, prep), wilds, prep, n)


def cost(total: Sequence[int], wilds: int, prep: Prepared, n: int) -> int:
    """Shanten from a used-table: fewest tiles to acquire for n groups and a pair, minus the
    wildcards that may fill them, minus one."""
    best = NEVER + 1
    for g in range(n + 1):
        if g and not prep.new_group:
            break
        for q in (0, 1):
            if q and not prep.new_pair:
                continue
            kept = total[2 * (n - g) + 1 - q]
            if kept < 0 or kept == NEG:
                continue
            need = 3 * n + 2 - kept
            c = need - wilds if prep.wild_only else max(need - wilds, g + q)
            best = min(best, c)
    return min(best - 1, NEVER)
