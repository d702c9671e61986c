"""长沙 起手小胡: opening small wins on the dealt hand (RULES §2.6, ``POST .../qishou``).

Each pattern present is a separate small self-draw, so every other player pays
``xiao_hu_self_draw`` (2) per pattern; patterns stack — or, under ``qishou_value: "once"``,
one small self-draw per declaration whatever its patterns (settle-changsha.md §2.9.2).
Decisions: each pattern counts once however often its condition is met (two
four-of-a-kinds are one 四喜) — the table defines conditions, not instances; and 六六顺
takes "three or more" copies, so a four-of-a-kind counts toward it. A pattern's ``fan`` is
0, the unit count of a small win in this variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine import tiles as T
from engine.options import Options
from engine.results import Pattern
from engine.tiles import Tile
from engine.variants.changsha.shapes import is_258

DA_SI_XI: Final = Pattern("da_si_xi", "Four of a kind", "大四喜", 0)
BAN_BAN_HU: Final = Pattern("ban_ban_hu", "No 2, 5 or 8", "板板胡", 0)
QUE_YI_SE: Final = Pattern("que_yi_se", "A suit missing", "缺一色", 0)
LIU_LIU_SHUN: Final = Pattern("liu_liu_shun", "Two triplets", "六六顺", 0)
PATTERNS: Final = (DA_SI_XI, BAN_BAN_HU, QUE_YI_SE, LIU_LIU_SHUN)
"""In the order of the §2.6 table (the order answers list them)."""
PATTERN_IDS: Final = tuple(p.id for p in PATTERNS)


def qishou_patterns(tiles: Sequence[Tile]) -> tuple[Pattern, ...]:
    """The opening patterns of a dealt hand, in the order of the §2.6 table.

    >>> [p.id for p in qishou_patterns(T.parse("1111m333p999p1346s"))]
    ['da_si_xi', 'ban_ban_hu', 'liu_liu_shun']
    """
    counts = T.counts(tiles)
    found = []
    if any(c == 4 for c in counts):
        found.append(DA_SI_XI)
    if not any(is_258(t) for t in tiles):
        found.append(BAN_BAN_HU)
    if len({T.suit(t) for t in tiles}) < 3:
        found.append(QUE_YI_SE)
    if sum(1 for c in counts if c >= 3) >= 2:
        found.append(LIU_LIU_SHUN)
    return tuple(found)


def qishou_count(patterns: int, options: Options) -> int:
    """*n*: the small self-draws a declaration of ``patterns`` patterns counts."""
    return min(patterns, 1) if options["qishou_value"] == "once" else patterns


def qishou_base(patterns: int, options: Options) -> int:
    """*b* = *n* × ``xiao_hu_self_draw``: what every other player pays, before 庄闲分."""
    return qishou_count(patterns, options) * int(options["xiao_hu_self_draw"])
