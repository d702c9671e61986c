"""长沙's pattern tables (RULES.md §2.2–2.3 traditional, §2.7 seed), line by line in the order
of their RULES tables — the order answers list them.

Each entry is an `engine.variants.patterns.PatternSpec`. The traditional table reads `Traits`:
the hand's shapes (`changsha.shapes.ShapeTraits`, what the win check already worked out) and the
moment. Shape 大胡 relax the 2/5/8 rule, event 大胡 do not, so the table is only ever applied to
a hand that wins (`changsha.scoring.judge`). Every 大胡 replaces the 小胡 (``ping_hu``, 0
units): with none of them the hand is a 小胡, with any it never lists ``ping_hu``. 长沙 reads a
hand one way only, so nothing here depends on a reading.

The seed profile (``scoring_profile: "seed_simplified"``, §2.7) has its own short table over
the shape traits alone: a base 1 fan that 将将胡 replaces by 2, then 清一色 +2 and 七小对 (any
form) +1; the other 大胡 add nothing there.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.hand import WinType
from engine.variants.changsha.shapes import ShapeTraits
from engine.variants.patterns import PatternSpec, names


class Traits(NamedTuple):
    """What traditional scoring knows of a winning hand. (A NamedTuple: built for every
    evaluation, every wait's included.)"""

    shape: ShapeTraits
    all_melded: bool
    """全求人's shape counts (``quanqiuren_discard_only`` forbids it on a self-draw)."""
    win_type: WinType
    after_kong: bool
    last_tile: bool
    first_turn: bool
    winner_is_dealer: bool
    discarder_is_dealer: bool | None
    """None when the seats do not say (地胡 then trusts ``first_turn``)."""
    concealed: bool
    """No melds but concealed kongs (门清)."""


_SELF_DRAW, _DISCARD, _ROB_KONG = WinType.SELF_DRAW, WinType.DISCARD, WinType.ROB_KONG
SMALL: Final = ("ping_hu",)
"""What every 大胡 replaces."""

P = PatternSpec[Traits]
TABLE: Final[tuple[P, ...]] = (
    P("ping_hu", "Small win", "小胡", 0, when=lambda f: True),  # §2.2
    P("peng_peng_hu", "All pongs", "碰碰胡", 1, replaces=SMALL,
      when=lambda f: f.shape.triplets),
    P("jiang_jiang_hu", "All 2, 5 and 8", "将将胡", 1, replaces=SMALL,
      when=lambda f: f.shape.all_258),
    P("qing_yi_se", "Full flush", "清一色", 1, replaces=SMALL,
      when=lambda f: f.shape.flush),
    P("qi_xiao_dui", "Seven pairs", "七小对", 1, replaces=SMALL,
      when=lambda f: f.shape.seven_pairs and f.shape.quads == 0),
    P("hao_hua_qi_xiao_dui", "Luxury seven pairs", "豪华七小对", 2, replaces=SMALL,
      when=lambda f: f.shape.seven_pairs and f.shape.quads == 1),
    P("shuang_hao_hua_qi_xiao_dui", "Double luxury seven pairs", "双豪华七小对",
      "shuang_haohua_units", replaces=SMALL,
      when=lambda f: f.shape.seven_pairs and f.shape.quads == 2),
    P("san_hao_hua_qi_xiao_dui", "Triple luxury seven pairs", "三豪华七小对",
      ("shuang_haohua_units", 1), replaces=SMALL,
      when=lambda f: f.shape.seven_pairs and f.shape.quads == 3),
    P("quan_qiu_ren", "All melded", "全求人", 1, replaces=SMALL, when=lambda f: f.all_melded),
    P("gang_shang_kai_hua", "Self-draw after kong", "杠上开花", 1, replaces=SMALL,
      when=lambda f: f.after_kong and f.win_type is _SELF_DRAW),
    P("gang_shang_pao", "Discard after kong", "杠上炮", 1, replaces=SMALL,
      when=lambda f: f.after_kong and f.win_type is _DISCARD),
    P("qiang_gang_hu", "Robbing the kong", "抢杠胡", 1, replaces=SMALL,
      when=lambda f: f.win_type is _ROB_KONG),
    P("hai_di_lao_yue", "Last tile self-draw", "海底捞月", 1, replaces=SMALL,
      when=lambda f: f.last_tile and f.win_type is _SELF_DRAW),
    P("hai_di_pao", "Last tile discard", "海底炮", 1, replaces=SMALL,
      when=lambda f: f.last_tile and f.win_type is _DISCARD),
    P("tian_hu", "Heavenly hand", "天胡", 1, replaces=SMALL,
      when=lambda f: f.first_turn and f.win_type is _SELF_DRAW and f.winner_is_dealer),
    P("di_hu", "Earthly hand", "地胡", 1, replaces=SMALL,
      when=lambda f: (f.first_turn and f.win_type is _DISCARD and not f.winner_is_dealer
                      and f.discarder_is_dealer is not False)),
    P("men_qing", "Concealed hand", "门清", 1, on="menqing_dahu", replaces=SMALL,
      when=lambda f: f.win_type is _SELF_DRAW and f.concealed),
)
"""RULES.md §2.2's 小胡 and §2.3's 大胡, in its order (units are the traditional fan)."""

S = PatternSpec[ShapeTraits]
SEED_TABLE: Final[tuple[S, ...]] = (
    S("base", "Base", "底分", 1, when=lambda f: True),
    S("jiang_jiang_hu", "All 2, 5 and 8", "将将胡", 2, replaces=("base",),
      when=lambda f: f.all_258),  # "将将胡 2 fan" replaces the base 1 [assumption of §2.7]
    S("qing_yi_se", "Full flush", "清一色", 2, when=lambda f: f.flush),
    S("qi_xiao_dui", "Seven pairs", "七小对", 1, when=lambda f: f.seven_pairs),
)
"""RULES.md §2.7's seed profile: its hand fan, patterns in the order of the §2.3 table."""

PATTERN_NAMES: Final = names(TABLE, SEED_TABLE)
