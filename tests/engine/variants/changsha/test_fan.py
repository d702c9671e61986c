"""长沙 traditional scoring: every 大胡, stacking, payments, 庄闲分 (RULES.md §2.3–2.4).

Units: every 大胡 is 1 except 豪华七小对 2, 双豪华 3 (option 4), 三豪华 双豪华 + 1. Base a
payer: 小胡 2 on a self-draw, 1 otherwise; 大胡 6 × units, or 6 × 2^(units−1) when
``dahu_stack`` multiplies. 庄闲分 adds 1 to a payment the dealer makes or receives.
Seats in most cases: dealer 0, winner 1, discarder 2 — the dealer takes no part in a discard
payment there, so it is the bare base.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.variants.changsha.variant import VARIANT
from tests.engine.variants.changsha.test_win import req

SMALL = "123m456p789s111m2p"  # 1111m 23m 456p 789s 2p + 2p: pair 22p, 小胡
SEATS = {"dealer": 0, "winner": 1, "discarder": 2}
QQR = ("chow 123m", "chow 456p", "pong 777s", "chow 789p")


def ids(answer: Any) -> list[str]:
    return [p.id for p in answer.patterns]


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds", "context", "options", "patterns", "units", "base"),
    [
        # 小胡 on a discard: base 1; on a self-draw: 2.
        (SMALL, "2p", (), {}, {}, ["ping_hu"], 0, 1),
        (SMALL, "2p", (), {"win_type": "self_draw"}, {}, ["ping_hu"], 0, 2),
        # 碰碰胡: 111m 333p 777s 999s 11p → 6 × 1.
        ("111m333p777s999s1p", "1p", (), {}, {}, ["peng_peng_hu"], 1, 6),
        # 将将胡: 2258m 25588p 22588s, no structure → 6.
        ("2258m25588p2258s", "8s", (), {}, {}, ["jiang_jiang_hu"], 1, 6),
        # 清一色: 123m 345m 678m 999m 11m → 6.
        ("123m345m678m999m1m", "1m", (), {}, {}, ["qing_yi_se"], 1, 6),
        # 七小对: 11m 33m 55p 77p 11s 99s 33s → 6.
        ("1133m5577p1199s3s", "3s", (), {}, {}, ["qi_xiao_dui"], 1, 6),
        # 豪华七小对 (one four-of-a-kind, 1111m): 2 units → 12.
        ("1111m33m55p77p99s3s", "3s", (), {}, {}, ["hao_hua_qi_xiao_dui"], 2, 12),
        # 双豪华七小对 (1111m 3333m): 3 units → 18; with shuang_haohua_units 4 → 24.
        ("1111m3333m55p77p9s", "9s", (), {}, {}, ["shuang_hao_hua_qi_xiao_dui"], 3, 18),
        ("1111m3333m55p77p9s", "9s", (), {}, {"shuang_haohua_units": 4},
         ["shuang_hao_hua_qi_xiao_dui"], 4, 24),
        # 三豪华七小对 (1111m 3333m 5555p + 77p): 3 + 1 = 4 units → 24; with 4: 5 → 30.
        ("1111m3333m5555p7p", "7p", (), {}, {}, ["san_hao_hua_qi_xiao_dui"], 4, 24),
        ("1111m3333m5555p7p", "7p", (), {}, {"shuang_haohua_units": 4},
         ["san_hao_hua_qi_xiao_dui"], 5, 30),
        # 全求人: four exposed melds, 3p + 3p → 6 (on a discard; self-draw allowed by default).
        ("3p", "3p", QQR, {}, {}, ["quan_qiu_ren"], 1, 6),
        ("3p", "3p", QQR, {"win_type": "self_draw"}, {}, ["quan_qiu_ren"], 1, 6),
        # 全求人 with a 2/5/8 pair is still 全求人 (a 大胡 replaces the 小胡).
        ("5p", "5p", QQR, {}, {}, ["quan_qiu_ren"], 1, 6),
        # Event 大胡 on the small hand, 1 unit each → 6.
        (SMALL, "2p", (), {"win_type": "self_draw", "after_kong": True}, {},
         ["gang_shang_kai_hua"], 1, 6),
        (SMALL, "2p", (), {"win_type": "discard", "after_kong": True}, {},
         ["gang_shang_pao"], 1, 6),
        (SMALL, "2p", (), {"win_type": "rob_kong"}, {}, ["qiang_gang_hu"], 1, 6),
        (SMALL, "2p", (), {"win_type": "self_draw", "last_tile": True}, {},
         ["hai_di_lao_yue"], 1, 6),
        (SMALL, "2p", (), {"win_type": "discard", "last_tile": True}, {}, ["hai_di_pao"], 1, 6),
        (SMALL, "2p", (), {"win_type": "self_draw", "first_turn": True, "is_dealer": True}, {},
         ["tian_hu"], 1, 6),
        # 天胡 is the dealer's: a non-dealer's first-turn self-draw is a 小胡 (2).
        (SMALL, "2p", (), {"win_type": "self_draw", "first_turn": True, "is_dealer": False}, {},
         ["ping_hu"], 0, 2),
        # 地胡: a non-dealer wins on the dealer's first discard (seat 0 deals and discards).
        (SMALL, "2p", (), {"first_turn": True, "seats": {"dealer": 0, "winner": 1,
                                                        "discarder": 0}}, {}, ["di_hu"], 1, 6),
        # ...not on another player's discard (seat 2 is not the dealer): 小胡, 1.
        (SMALL, "2p", (), {"first_turn": True, "seats": SEATS}, {}, ["ping_hu"], 0, 1),
        # 门清 only with menqing_dahu: a self-draw without melds → 6, else 小胡 2.
        (SMALL, "2p", (), {"win_type": "self_draw"}, {"menqing_dahu": True}, ["men_qing"], 1, 6),
        (SMALL, "2p", (), {"win_type": "self_draw"}, {"menqing_dahu": False}, ["ping_hu"], 0, 2),
        # 门清 allows concealed kongs only: 123p 456p 789s 2p + 2p beside a kong of 1111m.
        ("123p456p789s2p", "2p", ("ckong 1111m",), {"win_type": "self_draw"},
         {"menqing_dahu": True}, ["men_qing"], 1, 6),
        ("123p456p789s2p", "2p", ("kong 1111m",), {"win_type": "self_draw"},
         {"menqing_dahu": True}, ["ping_hu"], 0, 2),
    ],
)
def test_each_win_its_patterns_units_and_base(hand: str, win_tile: str, melds: tuple[str, ...],
                                              context: dict[str, Any], options: dict[str, Any],
                                              patterns: list[str], units: int,
                                              base: int) -> None:
    answer = VARIANT.fan(req(hand, win_tile, melds, context, options))
    assert answer.win is True
    assert (ids(answer), answer.fan, answer.base_per_payer) == (patterns, units, base)
    assert sum(p.fan for p in answer.patterns or ()) == units


@pytest.mark.parametrize(
    ("hand", "win_tile", "context", "stack", "patterns", "units", "base"),
    [
        # 碰碰胡 + 将将胡: 222m 555p 888s 222s + 88m → 2 units: 12 either way (6 × 2 = 6 × 2^1).
        ("222m555p888s88m22s", "2s", {}, "add", ["peng_peng_hu", "jiang_jiang_hu"], 2, 12),
        ("222m555p888s88m22s", "2s", {}, "multiply", ["peng_peng_hu", "jiang_jiang_hu"], 2, 12),
        # 清一色 + 七小对: 11 22 33 44 55 66 77m → 2 units → 12.
        ("1122m3344m5566m7m", "7m", {}, "add", ["qing_yi_se", "qi_xiao_dui"], 2, 12),
        # 碰碰胡 + 清一色 + 海底捞月: 111m 333m 555m 777m 99m self-drawn last → 3 units:
        # add 6 × 3 = 18; multiply 6 × 2^2 = 24.
        ("111m333m555m777m9m", "9m", {"win_type": "self_draw", "last_tile": True}, "add",
         ["peng_peng_hu", "qing_yi_se", "hai_di_lao_yue"], 3, 18),
        ("111m333m555m777m9m", "9m", {"win_type": "self_draw", "last_tile": True}, "multiply",
         ["peng_peng_hu", "qing_yi_se", "hai_di_lao_yue"], 3, 24),
        # 2222m 55m 88m 22p 55p 88p: seven pairs with a four-of-a-kind, 豪华 (2), all 2/5/8,
        # 将将胡 (1), and 天胡 (1) for the dealer's self-draw: 4 units → add 6 × 4 = 24,
        # multiply 6 × 2^3 = 48.
        ("2222558m225588p", "8m",
         {"win_type": "self_draw", "first_turn": True, "is_dealer": True}, "add",
         ["jiang_jiang_hu", "hao_hua_qi_xiao_dui", "tian_hu"], 4, 24),
        ("2222558m225588p", "8m",
         {"win_type": "self_draw", "first_turn": True, "is_dealer": True}, "multiply",
         ["jiang_jiang_hu", "hao_hua_qi_xiao_dui", "tian_hu"], 4, 48),
        # 全求人 + 杠上炮 + 海底炮 on a discard: 3 units → 18 / 24.
        ("3p", "3p", {"after_kong": True, "last_tile": True}, "add",
         ["quan_qiu_ren", "gang_shang_pao", "hai_di_pao"], 3, 18),
        ("3p", "3p", {"after_kong": True, "last_tile": True}, "multiply",
         ["quan_qiu_ren", "gang_shang_pao", "hai_di_pao"], 3, 24),
    ],
)
def test_big_wins_stack_by_addition_or_multiplication(hand: str, win_tile: str,
                                                      context: dict[str, Any], stack: str,
                                                      patterns: list[str], units: int,
                                                      base: int) -> None:
    melds = QQR if hand == "3p" else ()
    answer = VARIANT.fan(req(hand, win_tile, melds, context, {"dahu_stack": stack}))
    assert (ids(answer), answer.fan, answer.base_per_payer) == (patterns, units, base)


@pytest.mark.parametrize(
    ("hand", "win_tile", "context", "options", "payments"),
    [
        # 小胡 discard: seat 2 pays 1 to seat 1; the dealer (0) is not involved.
        (SMALL, "2p", {"seats": SEATS}, {}, (0, 1, -1, 0)),
        # 小胡 discard by the dealer: 1 + 1 庄闲分 = 2.
        (SMALL, "2p", {"seats": {"dealer": 0, "winner": 1, "discarder": 0}}, {}, (-2, 2, 0, 0)),
        # 小胡 self-draw by seat 1: seats 2, 3 pay 2; the dealer pays 2 + 1 = 3; 1 gets 7.
        (SMALL, "2p", {"win_type": "self_draw", "seats": SEATS}, {}, (-3, 7, -2, -2)),
        # ...and without 庄闲分 everyone pays 2: 1 gets 6.
        (SMALL, "2p", {"win_type": "self_draw", "seats": SEATS}, {"zhuang_xian": False},
         (-2, 6, -2, -2)),
        # The dealer self-draws: each pays 2 + 1 = 3 → 9.
        (SMALL, "2p", {"win_type": "self_draw", "seats": {"dealer": 0, "winner": 0}}, {},
         (9, -3, -3, -3)),
        # is_dealer: true stands for seats.dealer = winner.
        (SMALL, "2p", {"win_type": "self_draw", "is_dealer": True, "seats": {"winner": 3}}, {},
         (-3, -3, -3, 9)),
        # 碰碰胡 self-draw by seat 1: 6 each, the dealer 6 + 1 = 7 → 19.
        ("111m333p777s999s1p", "1p", {"win_type": "self_draw", "seats": SEATS}, {},
         (-7, 19, -6, -6)),
        # 碰碰胡 on the dealer's discard: 6 + 1.
        ("111m333p777s999s1p", "1p", {"seats": {"dealer": 0, "winner": 3, "discarder": 0}}, {},
         (-7, 0, 0, 7)),
        # 抢杠胡: the konger (seat 3) pays 6 (小胡 hand + 1 unit); konger may come as discarder.
        (SMALL, "2p", {"win_type": "rob_kong", "seats": {"dealer": 0, "winner": 1, "konger": 3}},
         {}, (0, 6, 0, -6)),
        (SMALL, "2p", {"win_type": "rob_kong",
                       "seats": {"dealer": 0, "winner": 1, "discarder": 3}}, {}, (0, 6, 0, -6)),
        # With 庄闲分 off the dealer seat need not be sent.
        (SMALL, "2p", {"seats": {"winner": 1, "discarder": 2}}, {"zhuang_xian": False},
         (0, 1, -1, 0)),
    ],
)
def test_payments_are_per_seat_and_zero_sum(hand: str, win_tile: str, context: dict[str, Any],
                                            options: dict[str, Any],
                                            payments: tuple[int, ...]) -> None:
    answer = VARIANT.fan(req(hand, win_tile, (), context, options))
    assert answer.payments == payments
    assert sum(answer.payments) == 0


def test_no_seats_no_payments_but_the_base() -> None:
    answer = VARIANT.fan(req(SMALL, "2p"))
    assert (answer.payments, answer.base_per_payer, answer.birds_expected) == (None, 1, 2)


def test_bird_count_sets_birds_expected() -> None:
    two = VARIANT.fan(req(SMALL, "2p", options={"bird_count": 2}))
    six = VARIANT.fan(req(SMALL, "2p", options={"bird_count": 6}))
    assert (two.birds_expected, six.birds_expected) == (2, 6)


def test_non_win_answers_the_reason_only() -> None:
    answer = VARIANT.fan(req("123m456p789s111m3p", "3p", context={"seats": SEATS}))
    assert (answer.win, answer.reason, answer.patterns, answer.payments) == \
        (False, "pair_not_258", None, None)


def test_readings_show_the_shape_scored() -> None:
    # 碰碰胡: the triplet reading (declared melds first, pair last).
    pph = VARIANT.fan(req("333p777s999s1p", "1p", ("pong 111m",))).reading
    assert pph is not None and pph.shape == "standard"
    assert [(g.kind, "".join(g.tiles), g.declared) for g in pph.groups] == [
        ("pong", "1m1m1m", True), ("pong", "3p3p3p", False), ("pong", "7s7s7s", False),
        ("pong", "9s9s9s", False), ("pair", "1p1p", False)]
    # 清一色 + 七小对: read as seven pairs (the 七小对 is counted).
    seven = VARIANT.fan(req("1122m3344m5566m7m", "7m")).reading
    assert seven is not None and seven.shape == "seven_pairs"
    assert [g.kind for g in seven.groups] == ["pair"] * 7
    # 将将胡 without structure: its 14 tiles as singles.
    jjh = VARIANT.fan(req("2258m25588p2258s", "8s")).reading
    assert jjh is not None and jjh.shape == "all_258"
    assert [g.tiles[0] for g in jjh.groups] == \
        ["2m", "2m", "5m", "8m", "2p", "5p", "5p", "8p", "8p", "2s", "2s", "5s", "8s", "8s"]
    assert {g.kind for g in jjh.groups} == {"single"}


def test_effective_options_are_echoed_in_declared_order() -> None:
    answer = VARIANT.fan(req(SMALL, "2p", options={"bird_mode": "double"}))
    assert answer.options is not None
    assert list(answer.options.items()) == [
        ("scoring_profile", "traditional"), ("zhuang_xian", True), ("bird_origin", "winner"),
        ("bird_mode", "double"), ("shuang_haohua_units", 3), ("dahu_stack", "add"),
        ("menqing_dahu", False), ("quanqiuren_discard_only", False), ("bird_count", 2),
        # rules/claims.md §2.8
        ("guo_hu", "same_tile"), ("kai_gang", True), ("locked_kong", "same_waits"),
        ("shi_ti", "allowed"), ("rob_kong", True), ("rob_exposed_kong", True),
        ("late_added_kong", True),
        # settle-changsha.md §2.9.8, in its table order (reconciled.md §7)
        ("zhuang_xian_in_birds", False), ("zhuang_xian_value", "one"),
        ("xiao_hu_self_draw", 2), ("qishou_value", "per_pattern"), ("qishou_birds", "none"),
        ("kai_gang_draws", 2), ("kai_gang_wins", "each"), ("bu_zhang_kai_hua", False),
        ("hai_di_birds", "repeat"), ("yi_pao_duo_xiang", True), ("zuo_piao", 0),
        ("draw_next_dealer", "last_drawer"),
        # rules/rooms.md §0.9.8, last (reconciled.md §7)
        ("players", 4), ("bird_seats", "circle")]


def test_waits_report_units_as_fan() -> None:
    # 222m 555p 888s 88m 22s: 8m (888m + pair 22s) and 2s (222s + pair 88m) complete four
    # triplets — 碰碰胡 + 将将胡, 2 units. Every tile being 2/5/8, any other 2/5/8 kind makes a
    # structureless 将将胡 (1 unit); none is held four times.
    answer = VARIANT.waits(req("222m555p888s88m22s"))
    assert [(w.tile, w.fan) for w in answer.waits] == [
        ("2m", 1), ("5m", 1), ("8m", 2), ("2p", 1), ("5p", 1), ("8p", 1), ("2s", 2), ("5s", 1),
        ("8s", 1)]
