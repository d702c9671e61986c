"""四川 血战到底's pattern table (RULES.md §1.3, with the room rows of rooms.md §0.9.4.3),
line by line in the order of its table.

Each entry is an `engine.variants.patterns.PatternSpec` over `Traits`: what scoring knows of
one candidate reading (from `sichuan.reader`) and of the hand, the melds and the
moment (``hand``, worked out once per evaluation by `sichuan.scoring`). Only the base
shapes, 将对, 带幺九, 一条龙, 夹心五, the 龙七对 bonus and 将七对 depend on the reading
(``reading=True``). The room options' patterns (一条龙, 夹心五, 将七对) are off at their
default fan of 0, so today's room lists what it always listed.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine import shapes as S
from engine.hand import WinType
from engine.tiles import Tile
from engine.variants.patterns import ALL, Names, PatternSpec, names

_SEVEN_PAIRS: Final = S.Shape.SEVEN_PAIRS
_SELF_DRAW, _DISCARD, _ROB_KONG = WinType.SELF_DRAW, WinType.DISCARD, WinType.ROB_KONG


class HandTraits(NamedTuple):
    """What does not depend on the reading: the melds, the suits, the moment. (Immutable and
    typed; a NamedTuple because it is built on every evaluation, every wait's included, where
    a frozen dataclass's ``__init__`` costs about 1 µs more.)"""

    all_declared: bool
    """Every group of the hand is a declared meld (a concealed kong counts): 4 melds, or the
    room's (``hand_size`` − 1)/3 — 金钩钓."""
    one_suit: bool
    """Every tile of one suit, in a room of more than one suit (清一色)."""
    all_258: bool
    """Every tile, melds included, of rank 2, 5 or 8."""
    melds_terminal: bool
    """Every declared meld holds a 1 or a 9 (true without melds)."""
    fours: bool
    """Four alike among the concealed tiles (a 七对 is then 龙七对)."""
    roots: tuple[Tile, ...]
    """The kinds 根 counts, under ``gen_mode``."""
    concealed: bool
    """No pong and no exposed kong."""
    menqing_needs_self_draw: bool
    simples: bool
    """No 1 or 9 anywhere."""
    win_type: WinType
    after_kong: bool
    last_tile: bool
    tian_di: str | None
    """``"tian_hu"``, ``"di_hu"`` or None (first turn, seat and win type; `scoring`)."""


class Traits(NamedTuple):
    """One candidate reading (what scoring asks of it) with the hand's traits: what a
    predicate reads. Plain values only, so that equal traits hash equal: the active table
    memoises its answer per traits (`engine.variants.patterns.activate`'s ``memo``)."""

    hand: HandTraits
    chow: bool
    """The reading holds a sequence."""
    all_terminal: bool
    """Every concealed group of the reading holds a 1 or a 9."""
    seven_pairs: bool
    """The reading is the pairs shape, 七对 / 五对 / 四对 (else a standard reading)."""
    dragon: bool = False
    """一条龙: the reading's concealed groups hold 123, 456 and 789 of one suit."""
    sandwiched: int = 0
    """夹心五's *N* under ``jia_xin_wu_count`` and the win type (0: it does not apply)."""


P = PatternSpec[Traits]
TABLE: Final[tuple[P, ...]] = (
    P("ping_hu", "Plain hand", "平胡", 0, reading=True,
      when=lambda f: not f.seven_pairs and f.chow),
    P("dui_dui_hu", "All triplets", "对对胡", "dui_dui_hu_fan", reading=True,
      when=lambda f: not f.seven_pairs and not f.chow),
    P("qi_dui", "Seven pairs", "七对", 2, reading=True, when=lambda f: f.seven_pairs),
    P("qing_yi_se", "Full flush", "清一色", 2, when=lambda f: f.hand.one_suit),
    P("jiang_dui", "All 2-5-8 triplets", "将对", ("dui_dui_hu_fan", ((1, 2), (2, 1))),
      on="yaojiu_jiangdui", reading=True,
      when=lambda f: not f.seven_pairs and not f.chow and f.hand.all_258),
    P("dai_yao_jiu", "Terminals in every set", "带幺九", "dai_yao_jiu_fan",
      on="yaojiu_jiangdui", reading=True,
      when=lambda f: (not f.seven_pairs and f.all_terminal
                      and f.hand.melds_terminal)),
    P("jin_gou_diao", "Golden hook single wait", "金钩钓", "jin_gou_diao_fan",
      when=lambda f: f.hand.all_declared),
    P("gen", "Root (four of a kind)", "根", 1,
      when=lambda f: bool(f.hand.roots), tiles=lambda f: f.hand.roots),
    P("men_qing", "Concealed hand", "门清", 1, on="menqing_zhongzhang",
      when=lambda f: f.hand.concealed and (f.hand.win_type is _SELF_DRAW
                                           or not f.hand.menqing_needs_self_draw)),
    P("zhong_zhang", "All simples", "中张", 1, on="menqing_zhongzhang",
      when=lambda f: f.hand.simples),
    P("yi_tiao_long", "Pure straight", "一条龙", "yi_tiao_long_fan", on="yi_tiao_long_fan",
      reading=True, when=lambda f: f.dragon),
    P("jia_xin_wu", "Sandwiched five", "夹心五", "jia_xin_wu_fan", on="jia_xin_wu_fan",
      reading=True, when=lambda f: f.sandwiched > 0, count=lambda f: f.sandwiched),
    P("gang_shang_kai_hua", "Self-draw after kong", "杠上开花", 1, event=True,
      when=lambda f: f.hand.after_kong and f.hand.win_type is _SELF_DRAW),
    P("gang_shang_pao", "Discard after kong", "杠上炮", 1, event=True,
      when=lambda f: f.hand.after_kong and f.hand.win_type is _DISCARD),
    P("qiang_gang_hu", "Robbing the kong", "抢杠胡", 1, event=True,
      when=lambda f: f.hand.win_type is _ROB_KONG),
    P("hai_di_lao_yue", "Last tile self-draw", "海底捞月", 1, event=True, on="hai_di",
      when=lambda f: f.hand.last_tile and f.hand.win_type is _SELF_DRAW),
    P("hai_di_pao", "Last tile discard", "海底炮", 1, event=True, on="hai_di",
      when=lambda f: f.hand.last_tile and f.hand.win_type is _DISCARD),
    P("zi_mo", "Self-draw bonus", "自摸加番", 1, event=True, on=("zimo_bonus", "jia_fan"),
      when=lambda f: f.hand.win_type is _SELF_DRAW),
    P("long_qi_dui_bonus", "Dragon seven pairs bonus", "龙七对", "long_qi_dui_bonus",
      on="long_qi_dui_bonus", reading=True, when=lambda f: f.seven_pairs and f.hand.fours),
    P("jiang_qi_dui", "All 2-5-8 seven pairs", "将七对", "jiang_qi_dui_fan",
      on="jiang_qi_dui_fan", also_on="yaojiu_jiangdui", reading=True,
      when=lambda f: f.seven_pairs and f.hand.fours and f.hand.all_258),
    P("tian_hu", "Heavenly hand", "天胡", "tian_hu_fan", event=True, on="tiandi_hu",
      replaces=ALL, replaces_on=("tiandi_mode", "fixed"),
      when=lambda f: f.hand.tian_di == "tian_hu"),
    P("di_hu", "Earthly hand", "地胡", "di_hu_fan", event=True, on="tiandi_hu",
      replaces=ALL, replaces_on=("tiandi_mode", "fixed"),
      when=lambda f: f.hand.tian_di == "di_hu"),
)
"""RULES.md §1.3 (and §1.4's 自摸加番, §0.7's 天胡/地胡, rooms.md §0.9.4.3's rows), in its
order: the answers' order."""

PATTERN_NAMES: Final = names(TABLE)
ROOM_NAMES: Final = {n: Names({**PATTERN_NAMES, "qi_dui": S.PAIRS_SHAPE_NAMES[n]})
                     for n in S.PAIRS_SHAPE_NAMES}
"""The names by hand size: the pairs shape ``qi_dui`` is 七对, 五对 or 四对 (rooms.md §0.9.2)."""
