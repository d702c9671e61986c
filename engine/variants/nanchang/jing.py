"""南昌 精: which kinds are wild after the turned tile, and the 精 settlement (RULES.md §3.2, §3.7).

Both are small pure functions with no hand involved, kept apart from the hand evaluation so
that the orders and the settlement arithmetic can be read (and tested) on their own.

>>> from engine import tiles as T
>>> [T.code(t) for t in jing_pair(T.from_code("9p"), "indicator_is_zheng")]
['9p', '1p']
>>> [T.code(t) for t in jing_pair(T.from_code("7z"), "indicator_plus_one")]
['6z', '5z']
>>> settle([(2, 1), (0, 1), (0, 0), (0, 0)], "double")
([10, 1, 0, 0], [29, -7, -11, -11])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine import tiles as T
from engine.tiles import Tile

JING_MODES: Final = ("indicator_is_zheng", "indicator_plus_one")
BAWANG_MODES: Final = ("double", "plus10")

_DRAGON_NEXT: Final = {T.RED: T.GREEN, T.GREEN: T.WHITE, T.WHITE: T.RED}
"""中 → 发 → 白 → 中 (7z → 6z → 5z → 7z): the Chinese dragon order, not the z digits."""


def next_kind(tile: Tile) -> Tile:
    """The kind after ``tile`` in the 翻精 order of §3.2.

    Suits wrap 9 → 1 inside the suit; winds cycle 东南西北; dragons cycle 中发白.

    >>> [T.code(next_kind(T.from_code(c))) for c in ("8m", "9s", "4z", "7z", "5z")]
    ['9m', '1s', '1z', '6z', '7z']
    """
    if tile < T.HONOR_BASE:
        return tile - tile % 9 + (tile % 9 + 1) % 9
    if tile <= T.NORTH:
        return T.EAST + (tile - T.EAST + 1) % 4
    return _DRAGON_NEXT[tile]


def jing_pair(indicator: Tile, mode: str) -> tuple[Tile, Tile]:
    """(正精, 副精) from the turned tile under ``jing_mode``.

    ``indicator_is_zheng``: the turned tile is 正精 and the next kind 副精;
    ``indicator_plus_one``: the next kind is 正精 and the one after it 副精.
    """
    zheng = indicator if mode == "indicator_is_zheng" else next_kind(indicator)
    return zheng, next_kind(zheng)


def raw_count(zheng: int, fu: int) -> int:
    """Step 1: 正精 are worth 2, 副精 1."""
    return 2 * zheng + fu


CHONG_GUAN_POINTS: Final = 5
"""冲关 from this many points on."""


def chong_guan(raw: int) -> int:
    """Step 2, 冲关: five or more points become raw × (raw − 3) (5→10, 6→18, 7→28, 8→40)."""
    return raw * (raw - 3) if raw >= CHONG_GUAN_POINTS else raw


def settle(holdings: Sequence[tuple[int, int]], bawang_mode: str) -> tuple[list[int], list[int]]:
    """Scores and zero-sum deltas of the 精 settlement; ``holdings`` are (正精, 副精) counts.

    Step 3, 霸王精: when exactly one player scores, his score is doubled (``double``) or
    raised by 10 (``plus10``). Step 4: every player receives his score from each other
    player, so ``delta_i = n·score_i − Σ score`` and the deltas sum to zero.
    """
    scores = [chong_guan(raw_count(z, f)) for z, f in holdings]
    scoring = [i for i, s in enumerate(scores) if s > 0]
    if len(scoring) == 1:
        i = scoring[0]
        scores[i] = scores[i] * 2 if bawang_mode == "double" else scores[i] + 10
    total = sum(scores)
    n = len(scores)
    return scores, [n * s - total for s in scores]
