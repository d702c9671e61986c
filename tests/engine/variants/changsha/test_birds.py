"""长沙 birds (扎鸟, RULES.md §2.5): seats, hits, modes, origins — on ``fan`` and on the
``birds`` operation.

A bird of rank r points (r − 1) mod 4 seats on from the origin: 1/5/9 the origin, 2/6 next,
3/7 opposite, 4/8 previous. add: base × (1 + hits(winner) + hits(payer)) + 庄闲分;
double: base × 2^(hits(winner) + hits(payer)) + 庄闲分; 159_only: only 1/5/9 birds, each a hit
on the winner.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Code, RequestError
from engine.variants.changsha.variant import VARIANT
from tests.engine.variants.changsha.test_win import req

SMALL = "123m456p789s111m2p"  # + 2p: 小胡
FLUSH_SEVEN = "1122m3344m5566m7m"  # + 7m: 清一色 + 七小对, 2 units → 12


def birds_of(answer: Any) -> list[tuple[str, int | None, bool]]:
    return [(b.tile, b.seat, b.hit) for b in answer.birds]


def test_the_worked_example_of_the_rules() -> None:
    # Dealer seat 0 wins 七小对 + 清一色 (12) on seat 2's discard; birds 4p (rank 4: 0 + 3 →
    # seat 3, who pays nothing: void) and 7s (rank 7: 0 + 2 → seat 2, the payer: a hit).
    # Seat 2 pays 12 × (1 + 0 + 1) + 1 (庄闲分: the dealer wins) = 25.
    answer = VARIANT.fan(req(FLUSH_SEVEN, "7m", context={
        "win_type": "discard", "seats": {"dealer": 0, "winner": 0, "discarder": 2},
        "birds": ["4p", "7s"]}))
    assert (answer.fan, answer.base_per_payer) == (2, 12)
    assert answer.payments == (25, 0, -25, 0)
    assert birds_of(answer) == [("4p", 3, False), ("7s", 2, True)]
    assert answer.bird_hits == (0, 0, 1, 1)
    assert answer.birds_expected == 2


# Seat 1 self-draws a 小胡 (base 2); the dealer is seat 0; birds 5m and 3p (the hand holds
# neither; a 1m would be a fifth copy beside its 1111m).
SELF_DRAW = {"win_type": "self_draw", "seats": {"dealer": 0, "winner": 1}, "birds": ["5m", "3p"]}


@pytest.mark.parametrize(
    ("options", "birds", "hits", "payments"),
    [
        # add, from the winner (1): 5m → 1 + 0 = seat 1, 3p → 1 + 2 = seat 3.
        # seat 0: 2 × (1 + 1 + 0) + 1 = 5; seat 2: 2 × (1 + 1) = 4; seat 3: 2 × (1 + 1 + 1) = 6;
        # seat 1 gets 15.
        ({}, [("5m", 1, True), ("3p", 3, True)], (0, 1, 0, 1), (-5, 15, -4, -6)),
        # double: seat 0: 2 × 2^1 + 1 = 5; seat 2: 2 × 2^1 = 4; seat 3: 2 × 2^2 = 8 → 17.
        ({"bird_mode": "double"}, [("5m", 1, True), ("3p", 3, True)], (0, 1, 0, 1),
         (-5, 17, -4, -8)),
        # 159_only: 5m counts (a hit on the winner), 3p not (no seat).
        # seat 0: 2 × (1 + 1) + 1 = 5; seats 2, 3: 2 × 2 = 4 → 13.
        ({"bird_mode": "159_only"}, [("5m", 1, True), ("3p", None, False)], (0, 1, 0, 0),
         (-5, 13, -4, -4)),
        # add, from the dealer (0): 5m → seat 0, 3p → 0 + 2 = seat 2.
        # seat 0: 2 × (1 + 0 + 1) + 1 = 5; seat 2: 2 × (1 + 0 + 1) = 4; seat 3: 2 → 11.
        ({"bird_origin": "dealer"}, [("5m", 0, True), ("3p", 2, True)], (1, 0, 1, 0),
         (-5, 11, -4, -2)),
    ],
)
def test_bird_modes_and_origins_on_a_self_draw(options: dict[str, Any],
                                               birds: list[tuple[str, int | None, bool]],
                                               hits: tuple[int, ...],
                                               payments: tuple[int, ...]) -> None:
    answer = VARIANT.fan(req(SMALL, "2p", context=SELF_DRAW, options=options))
    assert birds_of(answer) == birds
    assert answer.bird_hits == hits
    assert answer.payments == payments
    assert sum(answer.payments) == 0


@pytest.mark.parametrize(
    ("origin", "seat", "hit", "payments"),
    [
        # Seat 1 wins a 小胡 (1) on seat 2's discard, dealer 0 uninvolved; one bird, 4m
        # (offset 3). From the winner: 1 + 3 = seat 0, who pays nothing — void: seat 2 pays 1.
        ("winner", 0, False, (0, 1, -1, 0)),
        # From the discarder (several winners on one discard): 2 + 3 = seat 1, the winner:
        # seat 2 pays 1 × (1 + 1 + 0) = 2.
        ("discarder", 1, True, (0, 2, -2, 0)),
    ],
)
def test_several_winners_count_birds_from_the_discarder(origin: str, seat: int, hit: bool,
                                                       payments: tuple[int, ...]) -> None:
    answer = VARIANT.fan(req(SMALL, "2p", context={
        "seats": {"dealer": 0, "winner": 1, "discarder": 2}, "birds": ["4m"]},
        options={"bird_origin": origin}))
    assert birds_of(answer) == [("4m", seat, hit)]
    assert answer.payments == payments


def test_discarder_origin_needs_a_discarder() -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(SMALL, "2p", context=SELF_DRAW, options={"bird_origin": "discarder"}))
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.INVALID_OPTION, "#/options/bird_origin")]


def test_birds_on_a_big_win_by_a_non_dealer_with_dealer_payer() -> None:
    # 碰碰胡 (6) on the dealer's (seat 0) discard, winner seat 3; birds 5s (origin 3 → seat 3,
    # the winner) and 6p (3 + 1 = seat 0, the payer): 6 × (1 + 1 + 1) + 1 = 19.
    answer = VARIANT.fan(req("111m333p777s999s1p", "1p", context={
        "seats": {"dealer": 0, "winner": 3, "discarder": 0}, "birds": ["5s", "6p"]}))
    assert answer.payments == (-19, 0, 0, 19)
    assert answer.bird_hits == (1, 0, 0, 1)


def test_zhuang_xian_is_added_after_birds_never_multiplied() -> None:
    # The worked example with bird_mode double: 12 × 2^1 + 1 = 25 as well; without 庄闲分 24.
    context = {"seats": {"dealer": 0, "winner": 0, "discarder": 2}, "birds": ["4p", "7s"]}
    on = VARIANT.fan(req(FLUSH_SEVEN, "7m", context=context, options={"bird_mode": "double"}))
    off = VARIANT.fan(req(FLUSH_SEVEN, "7m", context=context,
                          options={"bird_mode": "double", "zhuang_xian": False}))
    assert (on.payments, off.payments) == ((25, 0, -25, 0), (24, 0, -24, 0))


def test_double_mode_doubles_per_hit() -> None:
    # Two birds on the payer (3p, 7p from winner 0 → seat 2) and one on the winner (9s):
    # 12 × 2^(1 + 2) + 1 = 97; in add mode 12 × (1 + 1 + 2) + 1 = 49.
    context = {"seats": {"dealer": 0, "winner": 0, "discarder": 2},
               "birds": ["3p", "7p", "9s"]}
    double = VARIANT.fan(req(FLUSH_SEVEN, "7m", context=context, options={"bird_mode": "double"}))
    add = VARIANT.fan(req(FLUSH_SEVEN, "7m", context=context, options={"bird_mode": "add"}))
    assert (double.payments, add.payments) == ((97, 0, -97, 0), (49, 0, -49, 0))


# ---------------------------------------------------------------------------------------------
# The birds operation


def test_birds_operation_without_a_hand_gives_seats_and_hits() -> None:
    answer = VARIANT.birds(VARIANT.request({"context": {
        "seats": {"dealer": 0, "winner": 0, "discarder": 2}, "birds": ["4p", "7s"]}}))
    assert birds_of(answer) == [("4p", 3, False), ("7s", 2, True)]
    assert (answer.bird_hits, answer.birds_expected) == ((0, 0, 1, 1), 2)
    assert (answer.win, answer.payments) == (None, None)


def test_birds_operation_with_the_hand_gives_the_payments() -> None:
    answer = VARIANT.birds(req(FLUSH_SEVEN, "7m", context={
        "seats": {"dealer": 0, "winner": 0, "discarder": 2}, "birds": ["4p", "7s"]}))
    assert (answer.win, answer.fan, answer.base_per_payer) == (True, 2, 12)
    assert answer.payments == (25, 0, -25, 0)


def test_birds_operation_on_a_hand_that_does_not_win() -> None:
    # 9m: rank 9 → the winner's own seat, a hit.
    answer = VARIANT.birds(req("123m456p789s111m3p", "3p", context={
        "seats": {"dealer": 0, "winner": 1, "discarder": 2}, "birds": ["9m"]}))
    assert (answer.win, answer.reason, answer.payments) == (False, "pair_not_258", None)
    assert birds_of(answer) == [("9m", 1, True)]


def test_birds_operation_bird_count_is_birds_expected() -> None:
    context = {"seats": {"dealer": 0, "winner": 1, "discarder": 2}, "birds": ["1m"]}
    four = VARIANT.birds(VARIANT.request({"context": context, "options": {"bird_count": 4}}))
    one = VARIANT.birds(VARIANT.request({"context": context, "options": {"bird_count": 1}}))
    assert (four.birds_expected, one.birds_expected) == (4, 1)


@pytest.mark.parametrize(
    ("data", "problems"),
    [
        # No birds at all.
        ({"context": {"seats": {"winner": 1, "discarder": 2}}},
         [(Code.MISSING_FIELD, "#/context/birds")]),
        # A discard win needs the paying seat to know which birds hit.
        ({"context": {"seats": {"winner": 1}, "birds": ["1m"]}},
         [(Code.MISSING_FIELD, "#/context/seats/discarder")]),
        # Dealer origin needs the dealer.
        ({"context": {"seats": {"winner": 1, "discarder": 2}, "birds": ["1m"]},
          "options": {"bird_origin": "dealer"}},
         [(Code.MISSING_FIELD, "#/context/seats/dealer")]),
        # No seats.
        ({"context": {"birds": ["1m"]}}, [(Code.MISSING_FIELD, "#/context/seats")]),
        # An honor is no bird in 108 tiles; five 1m cannot be turned.
        ({"context": {"seats": {"winner": 1, "discarder": 2}, "birds": ["1z"]}},
         [(Code.INVALID_TILE, "#/context/birds")]),
        ({"context": {"seats": {"winner": 1, "discarder": 2}, "birds": "11111m"}},
         [(Code.TOO_MANY_COPIES, "#/context/birds")]),
        # A win tile without its hand.
        ({"win_tile": "2p", "context": {"seats": {"winner": 1, "discarder": 2},
                                        "birds": ["1m"]}},
         [(Code.MISSING_FIELD, "#/hand")]),
    ],
)
def test_birds_operation_names_what_is_wrong(data: dict[str, Any],
                                             problems: list[tuple[Code, str]]) -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.birds(VARIANT.request(data))
    assert [(p.code, p.pointer) for p in caught.value.problems] == problems


def test_birds_with_the_players_tiles_beyond_four_copies() -> None:
    # The winner holds 1m ×4 (1111m); a bird 1m would be a fifth.
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(SMALL, "2p", context={"seats": {"dealer": 0, "winner": 1,
                                                        "discarder": 2}, "birds": ["1m"]}))
    (problem,) = caught.value.problems
    assert (problem.code, problem.pointer) == (Code.TOO_MANY_COPIES, "#/context/birds")
    assert "birds 1, player 4" in problem.detail


def test_birds_on_fan_need_seats() -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(SMALL, "2p", context={"birds": ["1p"]}))
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.MISSING_FIELD, "#/context/seats")]
