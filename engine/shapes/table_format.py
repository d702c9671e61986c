"""What the shape tables are made of: configs, class facts and how classes combine.

Shared by the builder (``build``) and the loader (``tables``), so that loading the tables
never imports the builder.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from engine.shapes.suit import NEG, WIDTH, Family, group_mask

NUMBER_CONFIGS: Final = (
    (Family.NUM, Family.NUM),
    (Family.NUM, Family.NUM_258),
    (Family.NUM_TRIP, Family.NUM_TRIP),
    (Family.NUM_TRIP, Family.NUM_TRIP_258),
)
"""(group family, pair family) of a number suit: plain, 2/5/8 pair, triplets only, both."""
HONOR_CONFIGS: Final = (
    (Family.HON, True),
    (Family.HON, False),
    (Family.HON_CHOW, True),
    (Family.HON_CHOW, False),
)
"""(family, pair allowed) of the honors."""
DATA: Final = Path(__file__).with_name("data")
FILES: Final = ("number.bin", "honor.bin", "classes.bin", "waits.bin", "facts.bin")
GROUPS_NOW: Final = 1 << 18
PAIR_NOW: Final = 1 << 19
EMPTY_MASKS: Final = (1, 0)
FAIL_MASKS: Final = (0, 0)

UTable = tuple[int, ...]
Masks = tuple[int, int]
_RANKS_MASK: Final = (1 << 9) - 1


def fact_flags(word: int, less: int) -> int:
    """A number suit vector's completion facts in one byte (``facts.bin``, read by
    `engine.shapes.composed`): from its wait word (`build.wait_words`) the groups-now and
    pair-now bits (0–1) and whether some draw leaves groups only (2) or groups and the
    pair (3); from ``less``, the wait words of the vector less each rank it holds OR-ed,
    the same four read as "some discard …" (4–5) and "some discard, then some draw …"
    (6–7)."""
    return (word >> 18 & 3 | bool(word & _RANKS_MASK) << 2
            | bool(word >> 9 & _RANKS_MASK) << 3 | (less >> 18 & 3) << 4
            | bool(less & _RANKS_MASK) << 6 | bool(less >> 9 & _RANKS_MASK) << 7)


def combine_used(group: Sequence[int], pair: Sequence[int] | None) -> UTable:
    """A suit's used-table: groups from ``group``, the pair from ``pair`` (None: no pair)."""
    return tuple(group[k] if k % 2 == 0 else (NEG if pair is None else pair[k])
                 for k in range(WIDTH))


def conv_used(a: Sequence[int], b: Sequence[int]) -> UTable:
    """Max-plus sum of two used-tables (at most 4 groups and 1 pair in all)."""
    out = [NEG] * WIDTH
    for i in range(WIDTH):
        x = a[i]
        if x < 0:
            continue
        for j in range(WIDTH - i):
            y = b[j]
            if y < 0 or (i & 1 and j & 1):
                continue
            if x + y > out[i + j]:
                out[i + j] = x + y
    return tuple(out)


def sumset(a: int, b: int) -> int:
    """{x + y : x in a, y in b} for bitmasks over 0..8."""
    out = 0
    while a:
        low = a & -a
        out |= b * low
        a ^= low
    return out & 0x1FF


def conv_masks(a: Masks, b: Masks) -> Masks:
    """Masks of two suits together: groups from both, the pair from one of them."""
    return sumset(a[0], b[0]), sumset(a[0], b[1]) | sumset(a[1], b[0])


def masks_of(v: Sequence[int], table: Sequence[int], most: int = 8) -> Masks:
    """(G, P): bitmasks over 0..``most`` wildcards (see ``suit.group_mask``)."""
    return group_mask(v, table, 0, most), group_mask(v, table, 1, most)
