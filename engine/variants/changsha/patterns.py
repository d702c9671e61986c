"""长沙 patterns (RULES.md §2.3): the 大胡 table, the shape/event distinction, and stacking.

A pattern is declared once — id, names, units — and the order of ``TABLE`` is the order
answers list them (the order of the RULES table). Shape 大胡 are read off `ShapeFacts`;
event 大胡 off the context, and only for a hand that already wins as a 小胡 or a shape 大胡
(they never relax the 2/5/8 rule). When no 大胡 applies the hand is a 小胡 (``ping_hu``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from engine.hand import Context, Hand, WinType
from engine.results import Pattern
from engine.variants.changsha.shapes import ShapeFacts, shape_facts, win_shape_ids


@dataclass(frozen=True)
class PatternDef:
    """One pattern of the table: id, English and Chinese names, units, shape or event."""

    id: str
    name: str
    name_zh: str
    units: int
    shape: bool


PING_HU: Final = PatternDef("ping_hu", "Small win", "小胡", 0, True)
TABLE: Final = (
    PatternDef("peng_peng_hu", "All pongs", "碰碰胡", 1, True),
    PatternDef("jiang_jiang_hu", "All 2, 5 and 8", "将将胡", 1, True),
    PatternDef("qing_yi_se", "Full flush", "清一色", 1, True),
    PatternDef("qi_xiao_dui", "Seven pairs", "七小对", 1, True),
    PatternDef("hao_hua_qi_xiao_dui", "Luxury seven pairs", "豪华七小对", 2, True),
    PatternDef("shuang_hao_hua_qi_xiao_dui", "Double luxury seven pairs", "双豪华七小对", 3,
               True),
    PatternDef("san_hao_hua_qi_xiao_dui", "Triple luxury seven pairs", "三豪华七小对", 4, True),
    PatternDef("quan_qiu_ren", "All melded", "全求人", 1, True),
    PatternDef("gang_shang_kai_hua", "Self-draw after kong", "杠上开花", 1, False),
    PatternDef("gang_shang_pao", "Discard after kong", "杠上炮", 1, False),
    PatternDef("qiang_gang_hu", "Robbing the kong", "抢杠胡", 1, False),
    PatternDef("hai_di_lao_yue", "Last tile self-draw", "海底捞月", 1, False),
    PatternDef("hai_di_pao", "Last tile discard", "海底炮", 1, False),
    PatternDef("tian_hu", "Heavenly hand", "天胡", 1, False),
    PatternDef("di_hu", "Earthly hand", "地胡", 1, False),
    PatternDef("men_qing", "Concealed hand", "门清", 1, False),
)
BY_ID: Final = {p.id: p for p in (PING_HU, *TABLE)}
_SEVEN_PAIRS_BY_QUADS: Final = ("qi_xiao_dui", "hao_hua_qi_xiao_dui",
                                "shuang_hao_hua_qi_xiao_dui", "san_hao_hua_qi_xiao_dui")

REASON_NO_SHAPE: Final = "no_winning_shape"
REASON_PAIR: Final = "pair_not_258"


def units(pattern_id: str, options: dict[str, Any]) -> int:
    """A pattern's units under the options (双豪华 3 or 4; 三豪华 one more, RULES §2.3)."""
    if pattern_id == "shuang_hao_hua_qi_xiao_dui":
        return int(options["shuang_haohua_units"])
    if pattern_id == "san_hao_hua_qi_xiao_dui":
        return int(options["shuang_haohua_units"]) + 1
    return BY_ID[pattern_id].units


def win_type_of(context: Context) -> WinType:
    """The win type; 长沙 defaults to a discard (RULES §0.3)."""
    return context.win_type or WinType.DISCARD


@dataclass(frozen=True)
class Verdict:
    """Whether a complete hand wins and by which shapes, or why not; and its shape 大胡."""

    win: bool
    shapes: tuple[str, ...]
    reason: str | None
    shape_wins: frozenset[str]
    facts: ShapeFacts


def judge(hand: Hand, win_type: WinType, options: dict[str, Any]) -> Verdict:
    """The win check of RULES §2.2–2.3 and §0.7 ("which reason").

    ``no_winning_shape`` when nothing is complete; ``pair_not_258`` when only the standard
    shape with a non-2/5/8 pair is, and no shape 大胡 relaxes the rule.
    """
    facts = shape_facts(hand)
    qqr = facts.all_melded and not (options["quanqiuren_discard_only"]
                                    and win_type is WinType.SELF_DRAW)
    shapes = win_shape_ids(facts, qqr)
    found = set()
    if facts.triplets:
        found.add("peng_peng_hu")
    if facts.all_258:
        found.add("jiang_jiang_hu")
    if facts.flush:
        found.add("qing_yi_se")
    if facts.seven_pairs:
        found.add(_SEVEN_PAIRS_BY_QUADS[facts.quads])
    if qqr:
        found.add("quan_qiu_ren")
    if shapes:
        return Verdict(True, shapes, None, frozenset(found), facts)
    reason = REASON_PAIR if facts.standard else REASON_NO_SHAPE
    return Verdict(False, (), reason, frozenset(), facts)


def event_wins(hand: Hand, context: Context, options: dict[str, Any], *,
               winner_is_dealer: bool, discarder_is_dealer: bool | None) -> frozenset[str]:
    """The event 大胡 of the moment (only meaningful for a hand that wins).

    ``discarder_is_dealer`` is None when the seats do not say; 地胡 then trusts
    ``first_turn`` (the only discard a non-dealer can win on in his first go-around without a
    claim having happened is the dealer's).
    """
    win_type = win_type_of(context)
    self_draw = win_type is WinType.SELF_DRAW
    discard = win_type is WinType.DISCARD
    found = set()
    if context.after_kong and self_draw:
        found.add("gang_shang_kai_hua")
    if context.after_kong and discard:
        found.add("gang_shang_pao")
    if win_type is WinType.ROB_KONG:
        found.add("qiang_gang_hu")
    if context.last_tile and self_draw:
        found.add("hai_di_lao_yue")
    if context.last_tile and discard:
        found.add("hai_di_pao")
    if context.first_turn and self_draw and winner_is_dealer:
        found.add("tian_hu")
    if (context.first_turn and discard and not winner_is_dealer
            and discarder_is_dealer is not False):
        found.add("di_hu")
    if (options["menqing_dahu"] and self_draw
            and all(m.is_kong and m.concealed for m in hand.melds)):
        found.add("men_qing")
    return frozenset(found)


@dataclass(frozen=True)
class Score:
    """A winning hand's traditional score: its patterns in table order, units, base."""

    patterns: tuple[Pattern, ...]
    units: int
    base_per_payer: int


def score(big_wins: frozenset[str], win_type: WinType, options: dict[str, Any]) -> Score:
    """Stack the 大胡 (RULES §2.3–2.4): 6 × units, or 6 × 2^(units−1) with
    ``dahu_stack: "multiply"``; no 大胡 is a 小胡 worth 2 a payer on a self-draw, else 1."""
    if not big_wins:
        small = 2 if win_type is WinType.SELF_DRAW else 1
        return Score((_pattern(PING_HU.id, options),), 0, small)
    patterns = tuple(_pattern(p.id, options) for p in TABLE if p.id in big_wins)
    total = sum(p.fan for p in patterns)
    if options["dahu_stack"] == "multiply":
        return Score(patterns, total, 6 * (1 << (total - 1)))
    return Score(patterns, total, 6 * total)


def _pattern(pattern_id: str, options: dict[str, Any]) -> Pattern:
    p = BY_ID[pattern_id]
    return Pattern(p.id, p.name, p.name_zh, units(p.id, options))
