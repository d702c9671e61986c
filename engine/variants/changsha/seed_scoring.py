"""The seed document's simplified 长沙 scoring, ``scoring_profile: "seed_simplified"``
(RULES §2.7), side by side with the traditional one of `changsha.patterns`.

| aspect      | traditional (default)                 | seed_simplified                        |
|-------------|---------------------------------------|----------------------------------------|
| hand value  | 小胡 2/1 a payer; each 大胡 6 a unit  | base 1 fan (将将胡: 2); 七小对 (any     |
|             |                                       | form) +1; 清一色 +2; other 大胡 nothing |
| birds       | ``bird_count`` (default 2)            | 1 on a discard or robbed kong, 2 on a  |
|             |                                       | self-draw                              |
| bird origin | the winner (``bird_origin``)          | the dealer                             |
| a bird      | a hit adds a base payment             | +1 fan: suit among the winner's        |
|             |                                       | concealed tiles (win tile, no melds);  |
|             |                                       | +1 fan: points to the winner's seat    |
| self-draw   | each of 3 pays                        | hand fan doubled, then birds added     |
| dealer      | 庄闲分 +1                             | nothing                                |

``total_fan = fan × (2 on a self-draw, else 1) + bird_fan``, in the order of the seed's own
``CheckWin`` (RULES §2.7, revised 2026-12-01); the seed defines no payments.
Win validity is the traditional one. Options only the traditional profile uses are accepted
and ignored here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.hand import WinType
from engine.results import Pattern
from engine.variants.changsha.patterns import BY_ID
from engine.variants.changsha.shapes import ShapeFacts

BASE: Final = Pattern("base", "Base", "底分", 1)


def _seed(pattern_id: str, fan: int) -> Pattern:
    p = BY_ID[pattern_id]
    return Pattern(p.id, p.name, p.name_zh, fan)


JIANG_JIANG_HU: Final = _seed("jiang_jiang_hu", 2)
QING_YI_SE: Final = _seed("qing_yi_se", 2)
QI_XIAO_DUI: Final = _seed("qi_xiao_dui", 1)


@dataclass(frozen=True)
class SeedScore:
    patterns: tuple[Pattern, ...]
    fan: int


def seed_score(facts: ShapeFacts) -> SeedScore:
    """The hand fan of a winning hand: 将将胡 replaces the base 1 by 2 [assumption of RULES
    §2.7]; then 清一色 and 七小对 in the order of the §2.3 table."""
    patterns = [JIANG_JIANG_HU if facts.all_258 else BASE]
    if facts.flush:
        patterns.append(QING_YI_SE)
    if facts.seven_pairs:
        patterns.append(QI_XIAO_DUI)
    return SeedScore(tuple(patterns), sum(p.fan for p in patterns))


def birds_expected(win_type: WinType) -> int:
    """Two birds on a self-draw, one otherwise (a robbed kong is not a self-draw)."""
    return 2 if win_type is WinType.SELF_DRAW else 1


def total_fan(fan: int, bird_fan: int, win_type: WinType) -> int:
    """The seed's ``CheckWin``: a self-draw doubles the hand fan, then the birds are added
    (RULES §2.7; the bird fan is not doubled)."""
    return fan * (2 if win_type is WinType.SELF_DRAW else 1) + bird_fan
