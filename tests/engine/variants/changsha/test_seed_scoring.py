"""长沙 seed-document scoring, ``scoring_profile: "seed_simplified"`` (RULES.md §2.7).

Hand fan: base 1 (将将胡 makes it 2, replacing the 1); 七小对 in any form +1; 清一色 +2;
other 大胡 nothing. Birds: 1 expected on a discard, 2 on a self-draw; each +1 when its suit is
among the winner's concealed tiles (win tile included, declared melds not) and +1 when its
rank points from the dealer (1/5/9 the dealer, 2/6 next, 3/7 opposite, 4/8 previous) to the
winner. total = fan × 2 on a self-draw (× 1 otherwise) + bird_fan, in the order of the seed's
own CheckWin (§2.7 revised 2026-12-01). No payments.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Code, RequestError
from engine.variants.changsha.variant import VARIANT
from tests.engine.variants.changsha.test_win import req

SEED = {"scoring_profile": "seed_simplified"}
SMALL = "123m456p789s111m2p"  # + 2p
FLUSH_SEVEN = "1122m3344m5566m7m"  # + 7m: 清一色 + 七小对, all 万


def ids(answer: Any) -> list[str]:
    return [p.id for p in answer.patterns]


@pytest.mark.parametrize(
    ("hand", "win_tile", "context", "patterns", "fan", "total", "expected"),
    [
        # 小胡: base 1; a discard: total 1, 1 bird expected; self-draw: total 2, 2 birds.
        (SMALL, "2p", {}, ["base"], 1, 1, 1),
        (SMALL, "2p", {"win_type": "self_draw"}, ["base"], 1, 2, 2),
        # A robbed kong is no self-draw: no doubling, 1 bird.
        (SMALL, "2p", {"win_type": "rob_kong"}, ["base"], 1, 1, 1),
        # 将将胡 replaces the base: 2.
        ("2258m25588p2258s", "8s", {}, ["jiang_jiang_hu"], 2, 2, 1),
        # 七小对: 1 + 1 = 2; 豪华七小对 is "any 七对 form": also 1 + 1.
        ("1133m5577p1199s3s", "3s", {}, ["base", "qi_xiao_dui"], 2, 2, 1),
        ("1111m33m55p77p99s3s", "3s", {}, ["base", "qi_xiao_dui"], 2, 2, 1),
        # 清一色 (standard): 1 + 2 = 3.
        ("123m345m678m999m1m", "1m", {}, ["base", "qing_yi_se"], 3, 3, 1),
        # 清一色 + 七小对: 1 + 2 + 1 = 4.
        (FLUSH_SEVEN, "7m", {}, ["base", "qing_yi_se", "qi_xiao_dui"], 4, 4, 1),
        # 将将胡 + 七小对 (22 55 88 m and p, 22s): 2 + 1 = 3.
        ("225588m225588p2s", "2s", {}, ["jiang_jiang_hu", "qi_xiao_dui"], 3, 3, 1),
        # 碰碰胡 and event 大胡 add nothing here: base 1; self-drawn: total 2.
        ("111m333p777s999s1p", "1p", {}, ["base"], 1, 1, 1),
        (SMALL, "2p", {"win_type": "self_draw", "after_kong": True, "last_tile": True},
         ["base"], 1, 2, 2),
    ],
)
def test_seed_hand_fan(hand: str, win_tile: str, context: dict[str, Any], patterns: list[str],
                       fan: int, total: int, expected: int) -> None:
    answer = VARIANT.fan(req(hand, win_tile, (), context, SEED))
    assert (ids(answer), answer.fan, answer.bird_fan, answer.total_fan) == \
        (patterns, fan, 0, total)
    assert answer.birds_expected == expected
    assert (answer.base_per_payer, answer.payments) == (None, None)


SEATS = {"dealer": 0, "winner": 2, "discarder": 1}


@pytest.mark.parametrize(
    ("win_type", "birds", "scored", "hits", "bird_fan", "total"),
    [
        # 3m: suit 万 is the winner's (+1); rank 3 → dealer 0 + 2 = seat 2, the winner (+1).
        # total (4 + 2) × 1 = 6.
        ("discard", ["3m"], [("3m", 2, True)], (0, 0, 1, 0), 2, 6),
        # 7p: rank 7 → seat 2 (+1), but no 筒 in the hand (0): total 4 + 1 = 5.
        ("discard", ["7p"], [("7p", 2, True)], (0, 0, 1, 0), 1, 5),
        # 9m: 万 (+1), rank 9 → the dealer's seat 0, not the winner (0): total 5.
        ("discard", ["9m"], [("9m", 0, False)], (1, 0, 0, 0), 1, 5),
        # Self-draw, 3m (+2) and 5p (筒 no; rank 5 → seat 0 no): the hand fan is doubled
        # first, then the birds added: 4 × 2 + 2 = 10 (not (4 + 2) × 2 = 12).
        ("self_draw", ["3m", "5p"], [("3m", 2, True), ("5p", 0, False)], (1, 0, 1, 0), 2, 10),
    ],
)
def test_seed_birds_add_fan(win_type: str, birds: list[str],
                            scored: list[tuple[str, int, bool]], hits: tuple[int, ...],
                            bird_fan: int, total: int) -> None:
    answer = VARIANT.fan(req(FLUSH_SEVEN, "7m", (), {"win_type": win_type, "seats": SEATS,
                                                     "birds": birds}, SEED))
    assert [(b.tile, b.seat, b.hit) for b in answer.birds or ()] == scored
    assert answer.bird_hits == hits
    assert (answer.fan, answer.bird_fan, answer.total_fan) == (4, bird_fan, total)
    assert answer.payments is None


def test_seed_self_draw_doubles_the_hand_fan_before_the_birds() -> None:
    # Issue 14's example: 11 22 33 44 55 66 m + 7m drawn = 七小对, all 万. Hand fan: base 1 +
    # 七小对 1 + 清一色 2 = 4; self-drawn: 4 × 2 = 8. Birds from the dealer (seat 0, the
    # winner): 1m — 万 in hand +1, rank 1 → the dealer = the winner +1; 6s — no 条 in hand 0,
    # rank 6 → the dealer's next (seat 1) 0: bird fan 2. Total 8 + 2 = 10 (was 12).
    answer = VARIANT.fan(req("1122334455667m", "7m", (), {
        "win_type": "self_draw", "seats": {"dealer": 0, "winner": 0}, "birds": ["1m", "6s"]},
        SEED))
    assert (ids(answer), answer.fan, answer.bird_fan, answer.total_fan) == (
        ["base", "qing_yi_se", "qi_xiao_dui"], 4, 2, 10)
    assert [(b.tile, b.seat, b.hit) for b in answer.birds or ()] == [("1m", 0, True),
                                                                     ("6s", 1, False)]


def test_seed_bird_suit_ignores_declared_melds() -> None:
    # Concealed 123m 456m 789m 2m + 2m on a discard, a declared pong 555p: base 1 fan (no
    # 清一色, the 筒 pong breaks it). Bird 3p (dealer 0, winner 2): its suit 筒 is only in the
    # meld, not in the concealed tiles or the win tile: 0; rank 3 → seat 2, the winner: +1.
    # Bird fan 1, total 1 × 1 + 1 = 2 (counting the meld's 筒 it would be 3).
    seats = {"dealer": 0, "winner": 2, "discarder": 1}
    answer = VARIANT.fan(req("123m456m789m2m", "2m", ("pong 555p",),
                             {"seats": seats, "birds": ["3p"]}, SEED))
    assert (ids(answer), answer.fan, answer.bird_fan, answer.total_fan) == (["base"], 1, 1, 2)
    # the same bird of 万, the concealed suit: +1 suit, rank 3 → the winner +1 → total 3
    again = VARIANT.fan(req("123m456m789m2m", "2m", ("pong 555p",),
                            {"seats": seats, "birds": ["3m"]}, SEED))
    assert (again.bird_fan, again.total_fan) == (2, 3)
    # self-drawn 2p onto 123m 456m 789m 2p beside a pong 555s; birds 3p (筒 in hand +1,
    # rank 3 → the winner +1) and 9s (条 only in the meld 0, rank 9 → the dealer 0): bird
    # fan 2; total 1 × 2 + 2 = 4 (the former reading: (1 + 3) × 2 = 8)
    drawn = VARIANT.fan(req("123m456m789m2p", "2p", ("pong 555s",),
                            {"win_type": "self_draw", "seats": seats, "birds": ["3p", "9s"]},
                            SEED))
    assert (drawn.fan, drawn.bird_fan, drawn.total_fan) == (1, 2, 4)


def test_seed_ignores_the_traditional_options() -> None:
    context = {"seats": SEATS, "birds": ["3m", "6m"]}
    plain = VARIANT.fan(req(FLUSH_SEVEN, "7m", (), context, SEED))
    other = VARIANT.fan(req(FLUSH_SEVEN, "7m", (), context, {
        **SEED, "bird_origin": "winner", "bird_mode": "double", "zhuang_xian": False,
        "dahu_stack": "multiply", "bird_count": 6, "shuang_haohua_units": 4}))
    # 6m: 万 +1; rank 6 → dealer 0 + 1 = seat 1, not the winner: bird_fan 2 + 1 = 3, total 7.
    assert (plain.bird_fan, plain.total_fan) == (3, 7)
    assert (other.patterns, other.fan, other.bird_fan, other.total_fan, other.birds,
            other.birds_expected) == (plain.patterns, plain.fan, plain.bird_fan,
                                      plain.total_fan, plain.birds, plain.birds_expected)


def test_both_profiles_side_by_side() -> None:
    # The §2.5 worked example under each profile.
    context = {"seats": {"dealer": 0, "winner": 0, "discarder": 2}, "birds": ["4p", "7s"]}
    traditional = VARIANT.fan(req(FLUSH_SEVEN, "7m", (), context,
                                  {"scoring_profile": "traditional"}))
    seed = VARIANT.fan(req(FLUSH_SEVEN, "7m", (), context, SEED))
    assert (traditional.fan, traditional.base_per_payer, traditional.payments,
            traditional.total_fan) == (2, 12, (25, 0, -25, 0), None)
    # Seed: fan 4; 4p: 筒 no, rank 4 → seat 3 no; 7s: 条 no, rank 7 → seat 2 no: bird fan 0.
    assert (seed.fan, seed.bird_fan, seed.total_fan, seed.payments, seed.base_per_payer) == \
        (4, 0, 4, None, None)


def test_seed_birds_need_the_dealer() -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(FLUSH_SEVEN, "7m", (), {"seats": {"winner": 2, "discarder": 1},
                                                "birds": ["3m"]}, SEED))
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.MISSING_FIELD, "#/context/seats/dealer")]


def test_seed_birds_operation() -> None:
    # Without the hand: seats from the dealer, hits on the winner, 2 expected on a self-draw.
    alone = VARIANT.birds(VARIANT.request({
        "context": {"win_type": "self_draw", "seats": SEATS, "birds": ["3m", "5p"]},
        "options": SEED}))
    assert [(b.tile, b.seat, b.hit) for b in alone.birds] == [("3m", 2, True), ("5p", 0, False)]
    assert (alone.birds_expected, alone.bird_fan, alone.payments) == (2, None, None)
    # With it: the fan as on POST fan, 4 × 2 + 2 = 10.
    full = VARIANT.birds(req(FLUSH_SEVEN, "7m", (), {"win_type": "self_draw", "seats": SEATS,
                                                     "birds": ["3m", "5p"]}, SEED))
    assert (full.win, full.fan, full.bird_fan, full.total_fan, full.payments) == \
        (True, 4, 2, 10, None)


def test_seed_waits_report_the_hand_fan() -> None:
    # 111m 3m 456m 789m 999m waits on 2m, 3m, 6m, each 清一色: seed 1 + 2 = 3 (traditional 1).
    answer = VARIANT.waits(req("111m3m456m789m999m", options=SEED))
    assert [(w.tile, w.fan) for w in answer.waits] == [("2m", 3), ("3m", 3), ("6m", 3)]
