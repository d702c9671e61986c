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
from functools import lru_cache
from typing import Final

from engine.caching import hand_memo
from engine.hand import WinType
from engine.results import Pattern
from engine.variants.changsha.patterns import SEED_TABLE
from engine.variants.changsha.scoring import patterns_of
from engine.variants.changsha.shapes import ShapeTraits
from engine.variants.patterns import activate, apply

_SEED: Final = activate(SEED_TABLE, {})
"""`patterns.SEED_TABLE` reads no option."""


@dataclass(frozen=True)
class SeedScore:
    patterns: tuple[Pattern, ...]
    fan: int


@hand_memo
@lru_cache(maxsize=1024)
def seed_score(traits: ShapeTraits) -> SeedScore:
    """The hand fan of a winning hand: `patterns.SEED_TABLE` applied to its shapes (cached:
    a hand's shapes take a few hundred values)."""
    found = apply(_SEED, (traits,))[1]
    return SeedScore(patterns_of(found), sum(c[1] for c in found))


def birds_expected(win_type: WinType) -> int:
    """Two birds on a self-draw, one otherwise (a robbed kong is not a self-draw)."""
    return 2 if win_type is WinType.SELF_DRAW else 1


def total_fan(fan: int, bird_fan: int, win_type: WinType) -> int:
    """The seed's ``CheckWin``: a self-draw doubles the hand fan, then the birds are added
    (RULES §2.7; the bird fan is not doubled)."""
    return fan * (2 if win_type is WinType.SELF_DRAW else 1) + bird_fan
