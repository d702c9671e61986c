"""The per-suit fact everything else is made of: how many naturals groups can use.

For one suit's count vector ``c`` and a *family* (which groups and pairs that suit allows),
``used(c, family)`` answers, for every number of groups ``m`` (0–4) and pairs ``p`` (0–1),
the most natural tiles of ``c`` that ``m`` groups and ``p`` pairs can hold when every group
and the pair holds at least one natural (the other places are tiles still to come: drawn
tiles or wildcards). ``NEG`` marks "no such choice".

Why this one number suffices (ENGINEERING.md §2):

* **complete**: the naturals with ``w`` wildcards form exactly ``m`` groups (and ``p`` pairs)
  iff ``used(m, p) == len(c)`` with ``3m + 2p == len(c) + w`` — wildcards fill the places;
* **shanten**: a target hand needs ``3m + 2p − used(m, p)`` more tiles in this suit, and the
  fewest tiles to acquire over the whole hand is a sum over suits (plus all-new groups).

The recursion takes the lowest natural: it is either left out (discarded), or it sits in a
group (or the pair) that contains its position; that group's other places are naturals or
future tiles. Results are memoised per family; the table builder runs it over every vector.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import IntEnum
from itertools import product
from typing import Final

from engine.caching import BoundedDict

NEG: Final = -64
"""No choice of groups and pair holds these naturals (a large negative 'used' count)."""
MAX_GROUPS: Final = 4
WIDTH: Final = 2 * (MAX_GROUPS + 1)
"""Entries of a used-table: index ``2*m + p``."""


class Family(IntEnum):
    """Which groups and pairs a suit allows; one table each."""

    NUM = 0  # number suit: triplets, sequences, any pair
    NUM_258 = 1  # ... the pair only of rank 2, 5 or 8
    NUM_TRIP = 2  # number suit, triplets only, any pair
    NUM_TRIP_258 = 3
    HON = 4  # honors: triplets, any pair
    HON_CHOW = 5  # honors with chows: any three different winds, or 白发中


Pattern = tuple[tuple[int, int], ...]
"""A group as (position, places) pairs, e.g. ((3, 3),) a triplet, ((0, 1), (1, 1), (2, 1))."""


def size(family: Family) -> int:
    """Positions of a family's suit: 9 ranks, or 7 honors."""
    return 7 if family >= Family.HON else 9


def _groups(family: Family) -> tuple[Pattern, ...]:
    n = size(family)
    out: list[Pattern] = [((i, 3),) for i in range(n)]
    if family in (Family.NUM, Family.NUM_258):
        out += [((i, 1), (i + 1, 1), (i + 2, 1)) for i in range(7)]
    if family is Family.HON_CHOW:
        winds = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
        out += [tuple((i, 1) for i in g) for g in [*winds, (4, 5, 6)]]
    return tuple(out)


def pair_positions(family: Family) -> tuple[int, ...]:
    """Positions where the family allows the pair."""
    if family in (Family.NUM_258, Family.NUM_TRIP_258):
        return (1, 4, 7)
    return tuple(range(size(family)))


GROUPS: Final = {f: _groups(f) for f in Family}
PAIRS: Final = {f: frozenset(pair_positions(f)) for f in Family}
_BY_POSITION: Final = {
    f: tuple(tuple(g for g in GROUPS[f] if any(pos == i for pos, _ in g)) for i in range(size(f)))
    for f in Family
}
EMPTY: Final = (0,) + (NEG,) * (WIDTH - 1)
_MEMO: dict[Family, BoundedDict[tuple[int, ...], tuple[int, ...]]] = {
    f: BoundedDict(1_000_000) for f in Family}
"""Per family; the builder's sweep stays below the bound, and so does a long-lived process."""


def _fills(c: tuple[int, ...], group: Pattern, at: int) -> Iterator[tuple[int, ...]]:
    """Every way naturals of ``c`` can sit in ``group``, one at position ``at`` among them."""
    choices: list[range] = []
    for pos, places in group:
        top = min(places, c[pos])
        choices.append(range(1, top + 1) if pos == at else range(top + 1))
    return product(*choices)


def used(c: tuple[int, ...], family: Family) -> tuple[int, ...]:
    """Most naturals ``m`` groups and ``p`` pairs can hold, at index ``2*m + p``.

    >>> t = used((1, 1, 1, 0, 0, 0, 0, 0, 2), Family.NUM)
    >>> t[2 * 1 + 1], t[2 * 1 + 0], t[2 * 0 + 1]   # 123 + 99, 123 alone, a pair (99)
    (5, 3, 2)
    """
    memo = _MEMO[family]
    found = memo.get(c)
    if found is not None:
        return found
    lowest = next((i for i, x in enumerate(c) if x), -1)
    result = EMPTY if lowest < 0 else expand(c, family, lowest, lambda v: used(v, family))
    return memo.keep(c, result)


def expand(c: tuple[int, ...], family: Family, at: int,
           sub: Callable[[tuple[int, ...]], tuple[int, ...]]) -> tuple[int, ...]:
    """One step of the recursion, at position ``at`` (which holds a natural): that natural is
    left out, or it sits in a group or the pair containing ``at``; ``sub`` answers for the
    smaller vectors. Any position works; ``used`` takes the lowest."""
    less = list(c)
    less[at] -= 1
    best = list(sub(tuple(less)))  # the natural at ``at`` is left out
    for group in _BY_POSITION[family][at]:
        for fill in _fills(c, group, at):
            rest = list(c)
            for (pos, _), u in zip(group, fill, strict=True):
                rest[pos] -= u
            t = sub(tuple(rest))
            gain = sum(fill)
            for k in range(2, WIDTH):
                v = t[k - 2] + gain
                if v > best[k]:
                    best[k] = v
    if at in PAIRS[family]:
        for u in range(1, min(2, c[at]) + 1):
            rest = list(c)
            rest[at] -= u
            t = sub(tuple(rest))
            for m in range(MAX_GROUPS + 1):
                v = t[2 * m] + u
                if v > best[2 * m + 1]:
                    best[2 * m + 1] = v
    return tuple(v if v >= 0 else NEG for v in best)


def group_mask(c: Sequence[int], table: Sequence[int], pair: int, most: int = 8) -> int:
    """Bit ``w`` set when the naturals of ``c`` with ``w`` wildcards (0–``most``) form only
    groups (``pair`` = 0) or groups and one pair (``pair`` = 1), every natural used."""
    k = sum(c)
    mask = 0
    for w in range(most + 1):
        rest = k + w - 2 * pair
        if (rest >= 0 and rest % 3 == 0 and rest // 3 <= MAX_GROUPS
                and table[2 * (rest // 3) + pair] == k):
            mask |= 1 << w
    return mask
