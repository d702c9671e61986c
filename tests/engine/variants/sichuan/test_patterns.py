"""四川 fan (RULES.md §1.3): every pattern, every composite name, the best reading, 天胡/地胡.

Every expected value is worked out by hand from §1.3 with the sum in a comment (defaults:
带幺九 2, 金钩钓 1, 龙七对 bonus 0, 门清/中张 off, 根 any four, 海底 on, 天胡/地胡 5 fixed,
自摸加番; win type discard unless said).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.hand import Request
from engine.variants.sichuan.variant import VARIANT, SichuanFanAnswer


def meld(text: str) -> dict[str, Any]:
    """``"pong 111m"``, ``"kong 2222m"`` (exposed), ``"akong 2222m"`` (concealed)."""
    kind, tiles = text.split()
    if kind == "akong":
        return {"type": "kong", "tiles": tiles, "concealed": True}
    return {"type": kind, "tiles": tiles}


def request(hand: str, win: str | None = None, melds: tuple[str, ...] = (),
            options: dict[str, Any] | None = None, **context: Any) -> Request:
    data: dict[str, Any] = {"hand": hand}
    if win is not None:
        data["win_tile"] = win
    if melds:
        data["melds"] = [meld(m) for m in melds]
    if context:
        data["context"] = context
    if options:
        data["options"] = options
    return VARIANT.request(data)


def fan(hand: str, win: str, melds: tuple[str, ...] = (), options: dict[str, Any] | None = None,
        **context: Any) -> SichuanFanAnswer:
    answer = VARIANT.fan(request(hand, win, melds, options, **context))
    assert isinstance(answer, SichuanFanAnswer)
    return answer


def listed(answer: SichuanFanAnswer) -> list[tuple[str, int]]:
    assert answer.win and answer.patterns is not None
    return [(p.id, p.fan) for p in answer.patterns]


# A plain hand with a terminal (so never 中张) and two suits: 123m 456m 234p 678p 55p.
PLAIN = ("123m456m234p678p5p", "5p")

# (case, hand, win, melds, context, expected patterns (id, fan) in table order, total fan)
PATTERNS: list[tuple[str, str, str, tuple[str, ...], dict[str, Any],
                     list[tuple[str, int]], int]] = [
    # 123m 456m 789m 234p 55p: sequences, no 1/9 in 456m → 平胡 0
    ("ping_hu", "123m456m789m234p5p", "5p", (), {}, [("ping_hu", 0)], 0),
    # 111m 333m 555p 777p 99p: all triplets → 对对胡 1 (333m has no 1/9: no 带幺九)
    ("dui_dui_hu", "111m333m555p777p9p", "9p", (), {}, [("dui_dui_hu", 1)], 1),
    # 11m 33m 55m 22p 44p 66p 88p: seven distinct pairs, no standard reading → 七对 2
    ("qi_dui", "11m33m55m22p44p66p8p", "8p", (), {}, [("qi_dui", 2)], 2),
    # 123m 456m 789m 234m 55m: one suit → 平胡 0 + 清一色 2 = 2
    ("qing_yi_se", "123m456m789m234m5m", "5m", (), {}, [("ping_hu", 0), ("qing_yi_se", 2)], 2),
    # 222m 555m 888m 222p 55p: triplets of 2/5/8 → 对对胡 1 + 将对 2 = 3
    ("jiang_dui", "222m555m888m222p5p", "5p", (), {}, [("dui_dui_hu", 1), ("jiang_dui", 2)], 3),
    # 123m 789m 123p 789p 99p: every group holds a 1 or 9 → 平胡 0 + 带幺九 2 = 2
    ("dai_yao_jiu", "123m789m123p789p9p", "9p", (), {}, [("ping_hu", 0), ("dai_yao_jiu", 2)], 2),
    # four pongs 111m 333m 222p 444p, single 6p pairs the win tile → 对对胡 1 + 金钩钓 1 = 2
    ("jin_gou_diao", "6p", "6p", ("pong 111m", "pong 333m", "pong 222p", "pong 444p"), {},
     [("dui_dui_hu", 1), ("jin_gou_diao", 1)], 2),
    # four 1m concealed, read 111m + 123m: 平胡 0 + 根 1 = 1
    ("gen_concealed_four", "111123m456p789p5p", "5p", (), {},
     [("ping_hu", 0), ("gen", 1)], 1),
    # pong 555m + a fourth 5m in 567m: 平胡 0 + 根 1 = 1
    ("gen_pong_plus_fourth", "567m234p678p9p", "9p", ("pong 555m",), {},
     [("ping_hu", 0), ("gen", 1)], 1),
    # exposed kong 2222m: 平胡 0 + 根 1 = 1
    ("gen_kong", "456m234p678p9p", "9p", ("kong 2222m",), {},
     [("ping_hu", 0), ("gen", 1)], 1),
    # 杠上开花: self-draw after kong; kong 2222m → 平胡 0 + 根 1 + 杠上开花 1 + 自摸 1 = 3
    ("gang_shang_kai_hua", "456m234p678p9p", "9p", ("kong 2222m",),
     {"win_type": "self_draw", "after_kong": True},
     [("ping_hu", 0), ("gen", 1), ("gang_shang_kai_hua", 1), ("zi_mo", 1)], 3),
    # 杠上炮: discard after the discarder's kong → 0 + 1 = 1
    ("gang_shang_pao", *PLAIN, (), {"win_type": "discard", "after_kong": True},
     [("ping_hu", 0), ("gang_shang_pao", 1)], 1),
    # 抢杠胡 → 0 + 1 = 1
    ("qiang_gang_hu", *PLAIN, (), {"win_type": "rob_kong"},
     [("ping_hu", 0), ("qiang_gang_hu", 1)], 1),
    # 海底捞月: self-draw of the last tile → 0 + 海底捞月 1 + 自摸 1 = 2
    ("hai_di_lao_yue", *PLAIN, (), {"win_type": "self_draw", "last_tile": True},
     [("ping_hu", 0), ("hai_di_lao_yue", 1), ("zi_mo", 1)], 2),
    # 海底炮: the last tile discarded → 0 + 1 = 1
    ("hai_di_pao", *PLAIN, (), {"win_type": "discard", "last_tile": True},
     [("ping_hu", 0), ("hai_di_pao", 1)], 1),
    # rob-kong on the last tile is neither 海底 → 0 + 抢杠 1 = 1
    ("rob_kong_last_tile", *PLAIN, (), {"win_type": "rob_kong", "last_tile": True},
     [("ping_hu", 0), ("qiang_gang_hu", 1)], 1),
    # 自摸加番 → 0 + 1 = 1
    ("zi_mo", *PLAIN, (), {"win_type": "self_draw"}, [("ping_hu", 0), ("zi_mo", 1)], 1),
]


@pytest.mark.parametrize(("case", "hand", "win", "melds", "context", "expected", "total"),
                         PATTERNS, ids=[p[0] for p in PATTERNS])
def test_every_pattern(case: str, hand: str, win: str, melds: tuple[str, ...],
                       context: dict[str, Any], expected: list[tuple[str, int]],
                       total: int) -> None:
    answer = fan(hand, win, melds, **context)
    assert listed(answer) == expected
    assert answer.fan == total == sum(f for _, f in expected)


# (name, hand, win, melds, expected fan) — RULES.md §1.3's composite table, default options
COMPOSITES: list[tuple[str, str, str, tuple[str, ...], list[tuple[str, int]], int]] = [
    # 清对: 111m 333m 555m 777m 99m → 对对胡 1 + 清一色 2 = 3
    ("清对", "111m333m555m777m9m", "9m", (), [("dui_dui_hu", 1), ("qing_yi_se", 2)], 3),
    # 将对: 222m 555m 888m 222p 55p → 对对胡 1 + 将对 2 = 3
    ("将对", "222m555m888m222p5p", "5p", (), [("dui_dui_hu", 1), ("jiang_dui", 2)], 3),
    # 清七对: 11 22 44 55 66 88 99 m (no standard reading: 1, 2 need a 3) → 2 + 2 = 4
    ("清七对", "11m22m44m55m66m88m9m", "9m", (), [("qi_dui", 2), ("qing_yi_se", 2)], 4),
    # 龙七对: 1111m 33m 55m 22p 44p 66p → 七对 2 + 根 1 = 3
    ("龙七对", "1111m33m55m22p44p6p", "6p", (), [("qi_dui", 2), ("gen", 1)], 3),
    # 双龙七对: 1111m 3333m 55m 22p 44p → 2 + 根 2 = 4
    ("双龙七对", "1111m3333m55m22p4p", "4p", (), [("qi_dui", 2), ("gen", 2)], 4),
    # 三龙七对: 1111m 3333m 5555m 22p → 2 + 根 3 = 5
    ("三龙七对", "1111m3333m5555m2p", "2p", (), [("qi_dui", 2), ("gen", 3)], 5),
    # 清龙七对: 1111m 22m 33m 55m 77m 99m (55 77 99 form no group: no standard reading)
    # → 七对 2 + 清一色 2 + 根 1 = 5
    ("清龙七对", "1111m22m33m55m77m9m", "9m", (),
     [("qi_dui", 2), ("qing_yi_se", 2), ("gen", 1)], 5),
    # 清幺九: 111222333m 789m 99m read 123m×3 + 789m + 99m → 0 + 清一色 2 + 带幺九 2 = 4
    ("清幺九", "111222333m789m9m", "9m", (),
     [("ping_hu", 0), ("qing_yi_se", 2), ("dai_yao_jiu", 2)], 4),
    # 将金钩钓: pongs 222m 555m 888m 222p, single 5p → 1 + 将对 2 + 金钩钓 1 = 4
    ("将金钩钓", "5p", "5p", ("pong 222m", "pong 555m", "pong 888m", "pong 222p"),
     [("dui_dui_hu", 1), ("jiang_dui", 2), ("jin_gou_diao", 1)], 4),
    # 清金钩钓: pongs 111m 333m 555m 777m, single 9m → 1 + 清一色 2 + 金钩钓 1 = 4
    ("清金钩钓", "9m", "9m", ("pong 111m", "pong 333m", "pong 555m", "pong 777m"),
     [("dui_dui_hu", 1), ("qing_yi_se", 2), ("jin_gou_diao", 1)], 4),
    # 十八罗汉: kongs 1111m 3333m 2222p 4444p, single 6p → 1 + 金钩钓 1 + 根 4 = 6
    ("十八罗汉", "6p", "6p", ("kong 1111m", "akong 3333m", "kong 2222p", "kong 4444p"),
     [("dui_dui_hu", 1), ("jin_gou_diao", 1), ("gen", 4)], 6),
    # 清十八罗汉: kongs 1111m 3333m 5555m 7777m, single 9m → 1 + 清一色 2 + 金钩钓 1 + 根 4 = 8
    ("清十八罗汉", "9m", "9m", ("kong 1111m", "kong 3333m", "kong 5555m", "kong 7777m"),
     [("dui_dui_hu", 1), ("qing_yi_se", 2), ("jin_gou_diao", 1), ("gen", 4)], 8),
]


@pytest.mark.parametrize(("name", "hand", "win", "melds", "expected", "total"), COMPOSITES,
                         ids=[c[0] for c in COMPOSITES])
def test_composite_names(name: str, hand: str, win: str, melds: tuple[str, ...],
                         expected: list[tuple[str, int]], total: int) -> None:
    answer = fan(hand, win, melds, options={"max_fan": None})
    assert listed(answer) == expected
    assert answer.fan == total
    # uncapped: points = 2^fan
    assert answer.fan_capped == total and answer.points_per_payer == 2**total


def test_long_qi_dui_with_the_big_app_bonus() -> None:
    # 龙七对 with long_qi_dui_bonus 1: 七对 2 + 根 1 + bonus 1 = 4 (×16)
    answer = fan("1111m33m55m22p44p6p", "6p", options={"long_qi_dui_bonus": 1})
    assert listed(answer) == [("qi_dui", 2), ("gen", 1), ("long_qi_dui_bonus", 1)]
    assert answer.fan == 4 and answer.points_per_payer == 16


def test_best_reading_111222333m_789p_99p_is_dai_yao_jiu() -> None:
    # three triplets + 789p: 平胡 0 (789p is a sequence); 123m×3 + 789p + 99p: 带幺九 2 → 2
    answer = fan("111222333m789p9p", "9p")
    assert answer.fan == 2
    assert listed(answer) == [("ping_hu", 0), ("dai_yao_jiu", 2)]
    assert answer.reading is not None and answer.reading.shape == "standard"
    groups = [(g.kind, "".join(g.tiles)) for g in answer.reading.groups]
    assert groups == [("chow", "1m2m3m")] * 3 + [("chow", "7p8p9p"), ("pair", "9p9p")]


def test_best_reading_prefers_all_triplets_when_it_scores_more() -> None:
    # 111222333m 777p 99p: triplets → 对对胡 1; 123m×3 + 777p + 99p → 平胡 0, and 777p has
    # no 1/9 so no 带幺九 → the triplets reading, 1
    answer = fan("111222333m777p9p", "9p")
    assert listed(answer) == [("dui_dui_hu", 1)] and answer.fan == 1


def test_seven_pairs_beat_a_plain_reading_of_the_same_tiles() -> None:
    # 112233m 445566p 77p: 123m 123m 456p 456p 77p is 平胡 0; as 七对 it is 2 → 2
    answer = fan("112233m445566p7p", "7p")
    assert listed(answer) == [("qi_dui", 2)] and answer.fan == 2


def test_the_illustrative_example_of_section_1_3() -> None:
    # 1111m 3333m 55m 77m 99m, discard: 七对 2 + 清一色 2 + 根 2 = 6; max_fan 4 → 2^4 = 16
    answer = fan("1111m3333m55m77m9m", "9m", options={"max_fan": 4})
    assert answer.fan == 6 and answer.fan_capped == 4 and answer.points_per_payer == 16
    assert answer.gen_count == 2
    assert answer.patterns is not None
    gen = answer.patterns[2]
    assert (gen.id, gen.fan, gen.count, gen.tiles) == ("gen", 2, 2, ("1m", "3m"))


def test_reading_lists_declared_melds_as_declared_groups() -> None:
    answer = fan("6p", "6p", ("pong 111m", "akong 3333m", "pong 222p", "pong 444p"))
    assert answer.reading is not None
    shown = [(g.kind, "".join(g.tiles), g.declared) for g in answer.reading.groups]
    assert shown == [("pong", "1m1m1m", True), ("kong", "3m3m3m3m", True),
                     ("pong", "2p2p2p", True), ("pong", "4p4p4p", True),
                     ("pair", "6p6p", False)]
    assert all(g.as_ == g.tiles for g in answer.reading.groups)


def test_pattern_objects_carry_names() -> None:
    answer = fan("1111m33m55m22p44p6p", "6p")
    assert answer.patterns is not None
    first, gen = answer.patterns
    assert (first.id, first.name_zh, first.count, first.tiles) == ("qi_dui", "七对", None, None)
    assert (gen.name_zh, gen.count, gen.tiles) == ("根", None, ("1m",))


# --- 天胡 / 地胡 -----------------------------------------------------------------------------

TIAN_DI: list[tuple[str, str, dict[str, Any], dict[str, Any], list[tuple[str, int]], int]] = [
    # dealer, first turn, self-draw → 天胡 5 replaces the list; capped at 4
    ("tian_hu", "either", {"win_type": "self_draw", "is_dealer": True}, {},
     [("tian_hu", 5)], 5),
    # dealer found from seats (dealer 2 = winner 2)
    ("tian_hu_from_seats", "either",
     {"win_type": "self_draw", "seats": {"dealer": 2, "winner": 2}}, {}, [("tian_hu", 5)], 5),
    # the dealer winning on a discard in his first turn is no 天胡: 平胡 0
    ("dealer_discard_no_tian_hu", "either", {"win_type": "discard", "is_dealer": True}, {},
     [("ping_hu", 0)], 0),
    # non-dealer: 地胡 on a discard under "either" and "discard"
    ("di_hu_discard_either", "either", {"win_type": "discard", "is_dealer": False}, {},
     [("di_hu", 5)], 5),
    ("di_hu_discard_mode_discard", "discard", {"win_type": "discard", "is_dealer": False}, {},
     [("di_hu", 5)], 5),
    # under "self_draw" a discard is no 地胡: 平胡 0
    ("no_di_hu_discard_mode_self_draw", "self_draw",
     {"win_type": "discard", "is_dealer": False}, {}, [("ping_hu", 0)], 0),
    # non-dealer self-draw: 地胡 under "either" and "self_draw"
    ("di_hu_self_draw_either", "either", {"win_type": "self_draw", "is_dealer": False}, {},
     [("di_hu", 5)], 5),
    ("di_hu_self_draw_mode_self_draw", "self_draw",
     {"win_type": "self_draw", "is_dealer": False}, {}, [("di_hu", 5)], 5),
    # under "discard" a self-draw is no 地胡: 平胡 0 + 自摸 1 = 1
    ("no_di_hu_self_draw_mode_discard", "discard",
     {"win_type": "self_draw", "is_dealer": False}, {}, [("ping_hu", 0), ("zi_mo", 1)], 1),
    # a discard 地胡 must be the dealer's discard: dealer 0, discarder 1 → 平胡 0
    ("no_di_hu_from_a_non_dealer_discard", "either",
     {"win_type": "discard", "seats": {"dealer": 0, "winner": 2, "discarder": 1}}, {},
     [("ping_hu", 0)], 0),
    ("di_hu_from_the_dealer_discard", "either",
     {"win_type": "discard", "seats": {"dealer": 0, "winner": 2, "discarder": 0}}, {},
     [("di_hu", 5)], 5),
    # rob-kong is never 地胡: 0 + 抢杠 1 = 1
    ("no_di_hu_on_rob_kong", "either", {"win_type": "rob_kong", "is_dealer": False}, {},
     [("ping_hu", 0), ("qiang_gang_hu", 1)], 1),
    # additive: 天胡 5 added to 平胡 0 + 自摸 1 → 6
    ("tian_hu_additive", "either", {"win_type": "self_draw", "is_dealer": True},
     {"tiandi_mode": "additive"}, [("ping_hu", 0), ("zi_mo", 1), ("tian_hu", 5)], 6),
    # additive with the one implementation's values 4 / 3: 地胡 3 + 平胡 0 → 3
    ("di_hu_additive_3", "either", {"win_type": "discard", "is_dealer": False},
     {"tiandi_mode": "additive", "di_hu_fan": 3}, [("ping_hu", 0), ("di_hu", 3)], 3),
    # tian_hu_fan 6 (fixed) → 6
    ("tian_hu_fan_6", "either", {"win_type": "self_draw", "is_dealer": True},
     {"tian_hu_fan": 6}, [("tian_hu", 6)], 6),
    # tiandi_hu off: 平胡 0 + 自摸 1 = 1
    ("tiandi_hu_off", "either", {"win_type": "self_draw", "is_dealer": True},
     {"tiandi_hu": False}, [("ping_hu", 0), ("zi_mo", 1)], 1),
]


@pytest.mark.parametrize(("case", "mode", "context", "options", "expected", "total"), TIAN_DI,
                         ids=[t[0] for t in TIAN_DI])
def test_tian_hu_and_di_hu(case: str, mode: str, context: dict[str, Any],
                           options: dict[str, Any], expected: list[tuple[str, int]],
                           total: int) -> None:
    answer = fan(*PLAIN, options={"di_hu_mode": mode, "max_fan": None, **options},
                 first_turn=True, **context)
    assert listed(answer) == expected
    assert answer.fan == total


@pytest.mark.parametrize(("kong", "expected", "total"), [
    # concealed kong 1111m: 平胡 0 + 根 1 + 门清 1 = 2 (1m: no 中张)
    ("akong 1111m", [("ping_hu", 0), ("gen", 1), ("men_qing", 1)], 2),
    # the same kong exposed: no 门清 → 0 + 1 = 1
    ("kong 1111m", [("ping_hu", 0), ("gen", 1)], 1),
])
def test_an_exposed_kong_breaks_men_qing(kong: str, expected: list[tuple[str, int]],
                                         total: int) -> None:
    answer = fan("456m234p678p5p", "5p", (kong,), options={"menqing_zhongzhang": True})
    assert listed(answer) == expected and answer.fan == total


def test_men_qing_with_self_draw_required_counts_on_a_self_draw() -> None:
    # PLAIN self-drawn, 门清 needs a self-draw: 0 + 门清 1 + 自摸 1 = 2
    answer = fan(*PLAIN, options={"menqing_zhongzhang": True, "menqing_requires_self_draw": True},
                 win_type="self_draw")
    assert listed(answer) == [("ping_hu", 0), ("men_qing", 1), ("zi_mo", 1)]


def test_tian_hu_is_capped_like_any_hand() -> None:
    # 天胡 5 under the default cap 4 → fan_capped 4, 16 per payer (no 自摸加底: jia_fan)
    answer = fan(*PLAIN, win_type="self_draw", is_dealer=True, first_turn=True)
    assert (answer.fan, answer.fan_capped, answer.points_per_payer) == (5, 4, 16)
    assert answer.gen_count == 0


def test_tian_hu_fixed_drops_the_roots_from_gen_count() -> None:
    # 龙七对 (七对 2 + 根 1) as 天胡, fixed → only 天胡 5 counts, gen_count 0
    answer = fan("1111m33m55m22p44p6p", "6p", win_type="self_draw", is_dealer=True,
                 first_turn=True)
    assert listed(answer) == [("tian_hu", 5)] and answer.gen_count == 0


def test_first_turn_without_dealer_facts_is_a_non_dealer() -> None:
    # no is_dealer, no seats: the winner is taken as a non-dealer → 地胡 5
    answer = fan(*PLAIN, win_type="discard", first_turn=True)
    assert listed(answer) == [("di_hu", 5)]


# --- every scoring option: a pair of cases differing only in that option ------------------

# (option, value a, value b, hand, win, melds, context, fan with a, fan with b)
OPTION_PAIRS: list[tuple[str, Any, Any, str, str, tuple[str, ...], dict[str, Any], int, int]] = [
    # 将对 hand 222m 555m 888m 222p 55p: 对对胡 1 + 将对 2 = 3; without 幺九将对: 1
    ("yaojiu_jiangdui", True, False, "222m555m888m222p5p", "5p", (), {}, 3, 1),
    # 带幺九 hand 123m 789m 123p 789p 99p: 0 + 2 = 2; without 幺九将对: 0
    ("yaojiu_jiangdui", True, False, "123m789m123p789p9p", "9p", (), {}, 2, 0),
    # the same: 带幺九 worth 2 or 3
    ("dai_yao_jiu_fan", 2, 3, "123m789m123p789p9p", "9p", (), {}, 2, 3),
    # 金钩钓: 对对胡 1 + 金钩钓 1 = 2, or 1 + 2 = 3
    ("jin_gou_diao_fan", 1, 2, "6p", "6p", ("pong 111m", "pong 333m", "pong 222p", "pong 444p"),
     {}, 2, 3),
    # 龙七对 1111m 33m 55m 22p 44p 66p: 2 + 根 1 = 3; bonus 1 → 4; bonus 2 → 5
    ("long_qi_dui_bonus", 0, 1, "1111m33m55m22p44p6p", "6p", (), {}, 3, 4),
    ("long_qi_dui_bonus", 0, 2, "1111m33m55m22p44p6p", "6p", (), {}, 3, 5),
    # 双龙七对 1111m 3333m 55m 22p 44p: 2 + 根 2 = 4; the bonus counts once → 5
    ("long_qi_dui_bonus", 0, 1, "1111m3333m55m22p4p", "4p", (), {}, 4, 5),
    # 门清中张 on 234m 567m 234p 678p 55p (all 2–8, no melds): 0, or 门清 1 + 中张 1 = 2
    ("menqing_zhongzhang", False, True, "234m567m234p678p5p", "5p", (), {}, 0, 2),
    # with a pong 222m: no 门清, still 中张 → 0 or 1
    ("menqing_zhongzhang", False, True, "456m234p678p5p", "5p", ("pong 222m",), {}, 0, 1),
    # a concealed kong keeps 门清 (1m: no 中张): 平胡 0 + 根 1 = 1, or + 门清 1 = 2
    ("menqing_zhongzhang", False, True, "456m234p678p5p", "5p", ("akong 1111m",), {}, 1, 2),
    # 门清 on (123m: no 中张), a discard win: 门清 1, or 0 when 门清 needs a self-draw
    ("menqing_requires_self_draw", False, True, *PLAIN, (),
     {"_options": {"menqing_zhongzhang": True}}, 1, 0),
    # 根 any four vs declared kongs only: 111123m (four 1m concealed) → 1 vs 0
    ("gen_mode", "any_four", "kong_only", "111123m456p789p5p", "5p", (), {}, 1, 0),
    # pong 555m + fourth 5m: 1 vs 0
    ("gen_mode", "any_four", "kong_only", "567m234p678p9p", "9p", ("pong 555m",), {}, 1, 0),
    # 龙七对 with kong_only: 七对 2 + 根 0 = 2 (the bonus 0 by default)
    ("gen_mode", "any_four", "kong_only", "1111m33m55m22p44p6p", "6p", (), {}, 3, 2),
    # 海底捞月 self-draw: 0 + 海底 1 + 自摸 1 = 2, without 海底: 1
    ("hai_di", True, False, *PLAIN, (), {"win_type": "self_draw", "last_tile": True}, 2, 1),
    # 海底炮: 1 vs 0
    ("hai_di", True, False, *PLAIN, (), {"win_type": "discard", "last_tile": True}, 1, 0),
    # 地胡 (non-dealer first-turn discard) worth 5 or 3 (fixed)
    ("di_hu_fan", 5, 3, *PLAIN, (), {"first_turn": True, "is_dealer": False}, 5, 3),
    # 天胡 worth 5 or 8 (fixed)
    ("tian_hu_fan", 5, 8, *PLAIN, (),
     {"first_turn": True, "is_dealer": True, "win_type": "self_draw"}, 5, 8),
    # zimo_bonus: 自摸加番 counts 1 fan; 自摸加底 / none count none
    ("zimo_bonus", "jia_fan", "jia_di", *PLAIN, (), {"win_type": "self_draw"}, 1, 0),
    ("zimo_bonus", "jia_fan", "none", *PLAIN, (), {"win_type": "self_draw"}, 1, 0),
]


@pytest.mark.parametrize(("option", "a", "b", "hand", "win", "melds", "context", "fan_a",
                          "fan_b"), OPTION_PAIRS,
                         ids=[f"{p[0]}-{p[1]}-{p[2]}-{i}" for i, p in enumerate(OPTION_PAIRS)])
def test_each_option_changes_the_fan(option: str, a: Any, b: Any, hand: str, win: str,
                                     melds: tuple[str, ...], context: dict[str, Any],
                                     fan_a: int, fan_b: int) -> None:
    context = dict(context)
    extra = context.pop("_options", {})
    answer_a = fan(hand, win, melds, options={**extra, option: a, "max_fan": None}, **context)
    answer_b = fan(hand, win, melds, options={**extra, option: b, "max_fan": None}, **context)
    assert (answer_a.fan, answer_b.fan) == (fan_a, fan_b)
    assert answer_a.fan_capped == fan_a and answer_b.fan_capped == fan_b
