"""四川 血战到底's pattern table (RULES.md §1.3), line by line in the order of its table.

Each entry is an `engine.variants.patterns.PatternSpec` over `Facts`: what scoring knows of
one candidate reading (from `sichuan.reader`) and of the hand, the melds and the
moment (``hand``, worked out once per evaluation by `sichuan.scoring`). Only the base
shapes, 将对, 带幺九 and the 龙七对 bonus depend on the reading (``reading=True``).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine import shapes as S
from engine.hand import WinType
from engine.tiles import Tile
from engine.variants.patterns import ALL, PatternSpec, names

_SEVEN_PAIRS: Final = S.Shape.SEVEN_PAIRS
_SELF_DRAW, _DISCARD, _ROB_KONG = WinType.SELF_DRAW, WinType.DISCARD, WinType.ROB_KONG


class HandFacts(NamedTuple):
    """What does not depend on the reading: the melds, the suits, the moment. (Immutable and
    typed; a NamedTuple because it is built on every evaluation, every wait's included, where
    a frozen dataclass's ``__init__`` costs about 1 µs more.)"""

    melds: int
    """Declared melds (a concealed kong counts: it is declared)."""
    one_suit: bool
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


class Facts(NamedTuple):
    """One candidate reading (what scoring asks of it) with the hand's facts: what a
    predicate reads. Plain values only, so that equal facts hash equal: the active table
    memoises its answer per facts (`engine.variants.patterns.activate`'s ``memo``)."""

    hand: HandFacts
    chow: bool
    """The reading holds a sequence."""
    all_terminal: bool
    """Every concealed group of the reading holds a 1 or a 9."""
    seven_pairs: bool
    """The reading is 七对 (else a standard reading)."""


P = PatternSpec[Facts]
TABLE: Final[tuple[P, ...]] = (
    P("ping_hu", "Plain hand", "平胡", 0, reading=True,
      when=lambda f: not f.seven_pairs and f.chow),
    P("dui_dui_hu", "All triplets", "对对胡", 1, reading=True,
      when=lambda f: not f.seven_pairs and not f.chow),
    P("qi_dui", "Seven pairs", "七对", 2, reading=True, when=lambda f: f.seven_pairs),
    P("qing_yi_se", "Full flush", "清一色", 2, when=lambda f: f.hand.one_suit),
    P("jiang_dui", "All 2-5-8 triplets", "将对", 2, on="yaojiu_jiangdui", reading=True,
      when=lambda f: not f.seven_pairs and not f.chow and f.hand.all_258),
    P("dai_yao_jiu", "Terminals in every set", "带幺九", "dai_yao_jiu_fan",
      on="yaojiu_jiangdui", reading=True,
      when=lambda f: (not f.seven_pairs and f.all_terminal
                      and f.hand.melds_terminal)),
    P("jin_gou_diao", "Golden hook single wait", "金钩钓", "jin_gou_diao_fan",
      when=lambda f: f.hand.melds == 4),
    P("gen", "Root (four of a kind)", "根", 1,
      when=lambda f: bool(f.hand.roots), tiles=lambda f: f.hand.roots),
    P("men_qing", "Concealed hand", "门清", 1, on="menqing_zhongzhang",
      when=lambda f: f.hand.concealed and (f.hand.win_type is _SELF_DRAW
                                           or not f.hand.menqing_needs_self_draw)),
    P("zhong_zhang", "All simples", "中张", 1, on="menqing_zhongzhang",
      when=lambda f: f.hand.simples),
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
    P("tian_hu", "Heavenly hand", "天胡", "tian_hu_fan", event=True, on="tiandi_hu",
      replaces=ALL, replaces_on=("tiandi_mode", "fixed"),
      when=lambda f: f.hand.tian_di == "tian_hu"),
    P("di_hu", "Earthly hand", "地胡", "di_hu_fan", event=True, on="tiandi_hu",
      replaces=ALL, replaces_on=("tiandi_mode", "fixed"),
      when=lambda f: f.hand.tian_di == "di_hu"),
)
"""RULES.md §1.3 (and §1.4's 自摸加番, §0.7's 天胡/地胡), in its order: the answers' order."""

PATTERN_NAMES: Final = names(TABLE)
