"""红中's pattern table (RULES.md §4.2), line by line in the order of its table — the order
answers list patterns in.

Each entry is an `engine.variants.patterns.PatternSpec` over `Traits`, one candidate shape of
a winning hand (`hongzhong.scoring`): the shape the base pattern names, whether its reading
may be triplets only, the suit a 清一色 would be of, and whether the winner holds a wildcard.
The bonuses are off while their fan option is 0; 七对's and 十三幺's fan may be 0 and they are
still listed (they name the shape). The candidate worth the most fan is kept, the first of
the §4.2 order on a tie.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.shapes import Shape
from engine.variants.patterns import PatternSpec, names

FOUR_WILDS: Final = "four_wilds"
"""The shape id of 四红中 (API.md)."""
_STANDARD, _SEVEN_PAIRS, _ORPHANS = (Shape.STANDARD.value, Shape.SEVEN_PAIRS.value,
                                     Shape.THIRTEEN_ORPHANS.value)


class Traits(NamedTuple):
    """One candidate shape of a winning hand. (A NamedTuple: built on every evaluation.)"""

    shape: str
    """The API shape id: ``standard``, ``seven_pairs``, ``thirteen_orphans``, ``four_wilds``."""
    triplets: bool
    """The standard shape has a triplets-only reading and no chow meld (asked only while
    碰碰胡 has a fan)."""
    flush: int | None
    """The suit every tile is of as this shape reads them, or None."""
    holds_wild: bool


P = PatternSpec[Traits]
TABLE: Final[tuple[P, ...]] = (
    P("ping_hu", "Win", "胡牌", 0, reading=True, when=lambda f: f.shape == _STANDARD),
    P("qi_dui", "Seven pairs", "七对", "qidui_fan", reading=True,
      when=lambda f: f.shape == _SEVEN_PAIRS),
    P("shi_san_yao", "Thirteen orphans", "十三幺", "shisanyao_fan", reading=True,
      when=lambda f: f.shape == _ORPHANS),
    P("si_hong_zhong", "Four wildcards", "四红中", 0, reading=True,
      when=lambda f: f.shape == FOUR_WILDS),
    P("peng_peng_hu", "All pongs", "碰碰胡", "pengpenghu_fan", on="pengpenghu_fan",
      reading=True, when=lambda f: f.triplets),
    P("qing_yi_se", "Full flush", "清一色", "qingyise_fan", on="qingyise_fan", reading=True,
      when=lambda f: f.flush is not None),
    P("wu_hong_zhong", "No wildcard", "无红中加倍", "no_wild_fan", on="no_wild_fan",
      when=lambda f: not f.holds_wild),
)
"""RULES.md §4.2, in its order."""

PATTERN_NAMES: Final = names(TABLE)
