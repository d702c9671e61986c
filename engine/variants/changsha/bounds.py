"""长沙's route bounds: what `changsha.shapes`' shanten reads of a part's counts to skip a
route that cannot beat the best found (its 2/5/8 tiles, its pairs, the 碰碰胡 floor, its
tiles of each suit).

Two readings of the same numbers: `Counted` counts each on demand over the part (a single
``shanten`` or ``shanten_after_draws``, which may stop before it needs them), `PartBounds`
holds them counted once, so that `changsha.shapes.discard_draws` reads every discard's off
the whole hand's by a few subtractions (`PartBounds.less`) instead of recounting 34 kinds a
discard.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final, NamedTuple, Protocol

from engine import tiles as T
from engine.tiles import Tile

KINDS_258: Final = tuple(t for t in range(27) if T.rank(t) in (2, 5, 8))
"""The 2/5/8 suit kinds (the 将 of a small win, the tiles of 将将胡)."""
IS_258: Final = frozenset(KINDS_258)
_COUNTS_258: Final = itemgetter(*KINDS_258)
"""A part's counts of the 2/5/8 kinds, as a tuple (one C call, not a loop per kind)."""


def triplets_floor(part: Sequence[int]) -> int:
    """A lower bound of 碰碰胡's shanten (the triplets-only shape) of 3n+1 or 3n+2 tiles.

    Its n triplets and pair are n + 1 places of one kind each, holding at most three
    naturals; a kind of c copies fills at most its chunks of three (4 → 3 and 1, 5 → 3 and 2
    for a fifth copy probed by a draw). So they keep at most K naturals, K the largest n + 1
    chunks, 3n + 2 − K tiles are still to come and the shanten is at least 3n + 1 − K. The
    chunks are counted by size (threes, twos, ones) with ``list.count``, no loop per kind.
    """
    return _floor_of(part.count(1), part.count(2), part.count(3), part.count(4), part.count(5),
                     sum(part))


def _floor_of(ones: int, twos: int, threes: int, fours: int, fives: int, size: int) -> int:
    """`triplets_floor` of a part of ``size`` tiles from how many kinds it holds once, twice,
    … five times (what a discard changes by two numbers: `PartBounds.less`)."""
    n = (size - 1) // 3
    places = n + 1
    threes += fours + fives
    kept = 3 * min(threes, places)
    places -= min(threes, places)
    twos = min(twos + fives, places)
    kept += 2 * twos + min(ones + fours, places - twos)
    return 3 * n + 1 - kept


def pair_count(part: Sequence[int], size: int) -> int:
    """``sum(c >> 1 for c in part)`` (a pair a two, two a four) for counts of at most five,
    ``size`` their sum: each odd count leaves one tile over."""
    return (size - part.count(1) - part.count(3) - part.count(5)) >> 1


class Bounds(Protocol):
    """The bounds of a part of ``size`` tiles, as the routes ask them."""

    def on_258(self) -> int:
        """Its 2/5/8 tiles."""

    def pairs(self) -> int:
        """`pair_count`."""

    def triplets(self) -> int:
        """`triplets_floor`."""

    def in_suit(self, suit: int) -> int:
        """Its tiles of a number suit."""


class Counted:
    """`Bounds` counted over the part when asked (nothing counted that a route skips)."""

    __slots__ = ("part", "size")

    def __init__(self, part: Sequence[int], size: int) -> None:
        self.part, self.size = part, size

    def on_258(self) -> int:
        return sum(_COUNTS_258(self.part))

    def pairs(self) -> int:
        return pair_count(self.part, self.size)

    def triplets(self) -> int:
        return triplets_floor(self.part)

    def in_suit(self, suit: int) -> int:
        return sum(self.part[9 * suit : 9 * suit + 9])


class PartBounds(NamedTuple):
    """`Bounds` held: the 2/5/8 tiles, the pairs, how many kinds the part holds c times
    (c = 0–5, for `triplets_floor`) and its tiles of each suit, of a part of ``size`` tiles.
    (Public for the test that holds `less` to `of`.)"""

    tiles_258: int
    pair_total: int
    by_count: tuple[int, int, int, int, int, int]
    suits: tuple[int, int, int]
    size: int

    @classmethod
    def of(cls, part: Sequence[int], size: int) -> PartBounds:
        """The bounds of ``part`` (``size`` suit tiles, counts of at most five), counted."""
        return cls(sum(_COUNTS_258(part)), pair_count(part, size),
                   (0, part.count(1), part.count(2), part.count(3), part.count(4),
                    part.count(5)),
                   (sum(part[0:9]), sum(part[9:18]), sum(part[18:27])), size)

    def less(self, k: Tile, held: int) -> PartBounds:
        """The bounds of the part less one tile of suit kind ``k``, held ``held`` times (≥ 1):
        k's count moves from ``held`` to ``held − 1``, an even count loses a pair."""
        by_count = list(self.by_count)
        by_count[held] -= 1
        by_count[held - 1] += 1
        suits = list(self.suits)
        suits[k // 9] -= 1
        return PartBounds(self.tiles_258 - (k in IS_258), self.pair_total - (held & 1 == 0),
                          (0, by_count[1], by_count[2], by_count[3], by_count[4], by_count[5]),
                          (suits[0], suits[1], suits[2]), self.size - 1)

    def on_258(self) -> int:
        return self.tiles_258

    def pairs(self) -> int:
        return self.pair_total

    def triplets(self) -> int:
        _, ones, twos, threes, fours, fives = self.by_count
        return _floor_of(ones, twos, threes, fours, fives, self.size)

    def in_suit(self, suit: int) -> int:
        return self.suits[suit]
