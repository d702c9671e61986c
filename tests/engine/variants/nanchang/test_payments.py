"""南昌 payments (RULES.md §3.6): 2^fan, dealer doubling, flats, 三家付, rob-kong, 天胡/地胡, kongs.

Two hands carry most cases (正精 5s, 副精 6s):

* ``WILD``: 123m456m789m 12p+5s(as 3p) 99p — 平胡 with a substitute: fan 0, M = 1, flat 0.
* ``CLEAN``: 123m456m789m 123p 99p — 平胡 + 德国: fan 1, M = 2, flat 5.

Shares: self-draw 2·M·f(p) + flat; discard: discarder 2·M·f + flat, others M·f(p) + flat;
f(p) = 2 when the dealer wins or p is the dealer.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Code, RequestError
from engine.variants.nanchang.variant import VARIANT
from tests.engine.variants.nanchang.test_variant import body, fan

WILD = ("123m456m789m12p5s9p", "9p")
CLEAN = ("123m456m789m123p9p", "9p")
JING_DIAO = ("123m456m789m123p5s", "9p")  # 平胡 + 精钓: fan 1, M = 2, flat jing_diao_flat


def pay(hand: tuple[str, str], win_type: str, seats: dict[str, int],
        options: dict[str, Any] | None = None, **context: Any) -> tuple[int, ...]:
    answer = fan(*hand, win_type=win_type, seats=seats, options=options, **context)
    assert answer.win and answer.payments is not None
    assert sum(answer.payments) == 0
    return answer.payments


CASES = [
    # CLEAN self-drawn by seat 1, dealer 0: dealer 2·2·2+5 = 13, seats 2, 3: 2·2·1+5 = 9;
    # winner 13+9+9 = 31
    ("self-draw", CLEAN, "self_draw", {"winner": 1, "dealer": 0}, {}, (-13, 31, -9, -9)),
    # WILD self-drawn by the dealer: each pays 2·1·2 = 4
    ("dealer self-draw", WILD, "self_draw", {"winner": 0, "dealer": 0}, {}, (12, -4, -4, -4)),
    # WILD on seat 2's discard, dealer 0: discarder 2·1·1 = 2, dealer 1·2 = 2, seat 3 1·1 = 1
    ("three_pay", WILD, "discard", {"winner": 1, "dealer": 0, "discarder": 2}, {},
     (-2, 5, -2, -1)),
    ("discarder_only", WILD, "discard", {"winner": 1, "dealer": 0, "discarder": 2},
     {"dianpao_pay": "discarder_only"}, (0, 2, -2, 0)),
    # without dealer doubling: discarder 2, the two others 1 each
    ("dealer_double off", WILD, "discard", {"winner": 1, "dealer": 0, "discarder": 2},
     {"dealer_double": False}, (-1, 4, -2, -1)),
    # CLEAN on the dealer's discard: dealer 2·2·2+5 = 13, seats 2, 3: 2·1+5 = 7 — the flat is
    # paid by every payer
    ("dealer discards", CLEAN, "discard", {"winner": 1, "dealer": 0, "discarder": 0}, {},
     (-13, 27, -7, -7)),
    # robbed konger 2 pays all three self-draw shares: WILD 4 (dealer) + 2 + 2 = 8
    ("rob_kong", WILD, "rob_kong", {"winner": 1, "dealer": 0, "discarder": 2}, {},
     (0, 8, -8, 0)),
    # CLEAN: 13 + 9 + 9 = 31, each share with its own dealer factor and flat
    ("rob_kong with flat", CLEAN, "rob_kong", {"winner": 1, "dealer": 0, "konger": 2}, {},
     (0, 31, -31, 0)),
    # deguo_flat 0: dealer 2·2·2 = 8, others 2·2 = 4 (pair of "self-draw")
    ("deguo_flat 0", CLEAN, "self_draw", {"winner": 1, "dealer": 0}, {"deguo_flat": 0},
     (-8, 16, -4, -4)),
    # 精钓 adds no flat by default: 8, 4, 4 …
    ("jing_diao_flat 0", JING_DIAO, "self_draw", {"winner": 1, "dealer": 0}, {},
     (-8, 16, -4, -4)),
    # … and 5 with jing_diao_flat 5: 13, 9, 9
    ("jing_diao_flat 5", JING_DIAO, "self_draw", {"winner": 1, "dealer": 0},
     {"jing_diao_flat": 5}, (-13, 31, -9, -9)),
    # the dealer is given by is_dealer (no seats.dealer): as "dealer self-draw"
    ("is_dealer", WILD, "self_draw", {"winner": 0}, {}, (12, -4, -4, -4)),
    ("no dealer needed without dealer_double", WILD, "discard", {"winner": 1, "discarder": 2},
     {"dealer_double": False}, (-1, 4, -2, -1)),
]


@pytest.mark.parametrize(("name", "hand", "win_type", "seats", "options", "expected"),
                         CASES, ids=[c[0] for c in CASES])
def test_payments(name: str, hand: tuple[str, str], win_type: str, seats: dict[str, int],
                  options: dict[str, Any], expected: tuple[int, ...]) -> None:
    extra = {"is_dealer": True} if name == "is_dealer" else {}
    assert pay(hand, win_type, seats, options, **extra) == expected


def test_inactive_seats_neither_pay_nor_receive() -> None:
    # as "self-draw" with seat 3 out: 13 + 9 = 22
    assert pay(CLEAN, "self_draw", {"winner": 1, "dealer": 0}, active=[0, 1, 2]) == (
        -13, 22, -9, 0)


def test_tie_breaks_on_the_amount_paid() -> None:
    # 平胡+德国 (fan 1, flat 5) beats 大七对 (fan 1, flat 0): 13, 9, 9 — not 8, 4, 4
    assert pay(("111p999m777z456s4z", "4z"), "self_draw", {"winner": 1, "dealer": 0}) == (
        -13, 31, -9, -9)


def test_no_payments_without_seats() -> None:
    answer = fan(*CLEAN)
    assert answer.payments is None and (answer.multiplier, answer.flat_per_payer) == (2, 5)


# --- 天胡 / 地胡 -----------------------------------------------------------------------------

def test_tian_hu() -> None:
    answer = fan(*CLEAN, first_turn=True, seats={"dealer": 0, "winner": 0})
    # dealer, first turn, self-draw: each other player pays the flat 20, nothing else
    assert [p.id for p in answer.patterns or ()] == ["tian_hu"]
    assert (answer.fan, answer.multiplier, answer.flat_per_payer) == (0, None, 20)
    assert answer.payments == (60, -20, -20, -20)


def test_tian_di_hu_points() -> None:
    answer = fan(*CLEAN, first_turn=True, seats={"dealer": 0, "winner": 0},
                 options={"tian_di_hu_points": 32})
    assert answer.payments == (96, -32, -32, -32)  # 3 × 32


def test_di_hu_on_the_dealers_discard() -> None:
    answer = fan(*CLEAN, win_type="discard", first_turn=True,
                 seats={"dealer": 0, "winner": 2, "discarder": 0})
    assert [p.id for p in answer.patterns or ()] == ["di_hu"]
    assert answer.payments == (-20, -20, 60, -20)  # each other player 20, no dealer factor


def test_no_di_hu_on_another_players_discard() -> None:
    answer = fan(*CLEAN, win_type="discard", first_turn=True,
                 seats={"dealer": 0, "winner": 2, "discarder": 1})
    # plain CLEAN on seat 1's discard: seat 1 2·2·1+5 = 9, dealer 2·2+5 = 9, seat 3 2+5 = 7
    assert [p.id for p in answer.patterns or ()] == ["ping_hu", "de_guo"]
    assert answer.payments == (-9, -9, 25, -7)


def test_first_turn_matters() -> None:
    answer = fan(*CLEAN, first_turn=False, seats={"dealer": 0, "winner": 0})
    # dealer self-draw, fan 1 flat 5: each 2·2·2+5 = 13
    assert answer.payments == (39, -13, -13, -13)


# --- what payments need -----------------------------------------------------------------------

@pytest.mark.parametrize(("win_type", "seats", "context", "problem"), [
    ("self_draw", {"dealer": 0}, {}, (Code.MISSING_FIELD, "#/context/seats/winner")),
    ("discard", {"dealer": 0, "winner": 1}, {},
     (Code.MISSING_FIELD, "#/context/seats/discarder")),
    ("discard", {"dealer": 0, "winner": 1, "discarder": 1}, {},
     (Code.INVALID_FIELD, "#/context/seats/discarder")),
    ("self_draw", {"winner": 1}, {}, (Code.MISSING_FIELD, "#/context/seats/dealer")),
    ("self_draw", {"winner": 1, "dealer": 0}, {"is_dealer": True},
     (Code.INVALID_FIELD, "#/context/is_dealer")),
    ("self_draw", {"winner": 5, "dealer": 0}, {}, (Code.INVALID_FIELD, "#/context/seats/winner")),
    ("self_draw", {"winner": 1, "dealer": 0}, {"active": [0, 2, 3]},
     (Code.INVALID_FIELD, "#/context/active")),
])
def test_payment_problems(win_type: str, seats: dict[str, int], context: dict[str, Any],
                          problem: tuple[Code, str]) -> None:
    with pytest.raises(RequestError) as caught:
        fan(*CLEAN, win_type=win_type, seats=seats, **context)
    assert [(p.code, p.pointer) for p in caught.value.problems] == [problem]


# --- kongs --------------------------------------------------------------------------------------

def kong(kong_type: str, tile: str, konger: int = 1, **context: Any) -> tuple[int, ...]:
    data = body(None, kong={"type": kong_type, "tile": tile}, seats={"konger": konger},
                **context)
    answer = VARIANT.kong(VARIANT.request(data))
    assert sum(answer.payments) == 0
    return answer.payments


@pytest.mark.parametrize(("kong_type", "tile", "expected"), [
    ("exposed", "3m", (-1, 3, -1, -1)),  # 1 from each other player
    ("added", "3m", (-1, 3, -1, -1)),
    ("concealed", "3m", (-2, 6, -2, -2)),  # 2 from each
    ("exposed", "5s", (-10, 30, -10, -10)),  # 杠精 (正精 5s): 10 from each
    ("concealed", "6s", (-10, 30, -10, -10)),  # 杠精 of 副精, whatever the type
])
def test_kong_payments(kong_type: str, tile: str, expected: tuple[int, ...]) -> None:
    assert kong(kong_type, tile) == expected


@pytest.mark.parametrize(("kong_type", "tile", "expected"), [
    ("exposed", "3m", (-2, 6, -2, -2)),  # 2 from each other seat, whatever the type
    ("added", "3m", (-2, 6, -2, -2)),
    ("concealed", "3m", (-2, 6, -2, -2)),
    ("added", "5s", (-10, 30, -10, -10)),  # 杠精 of the 上精 (正精 5s): 10 from each
    ("exposed", "6s", (-10, 30, -10, -10)),  # 杠精 of the 副精
])
def test_kong_under_kong_scoring_end_of_won_hand(kong_type: str, tile: str,
                                                 expected: tuple[int, ...]) -> None:
    """settle-nanchang.md §3.9.2: what the kong earns if the hand is won (NC's kongs)."""
    assert kong(kong_type, tile, options={"kong_scoring": "end_of_won_hand"}) == expected


def test_kong_with_an_inactive_seat() -> None:
    assert kong("exposed", "3m", active=[0, 1, 2]) == (-1, 2, -1, 0)


def test_kong_problems() -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.kong(VARIANT.request(body(None, jing=None)))
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        # no seats at all: missing at #/context/seats, as in every variant (engine/seats.py)
        (Code.MISSING_FIELD, "#/context/kong"), (Code.MISSING_FIELD, "#/context/seats"),
        (Code.MISSING_FIELD, "#/context/jing")]
    with pytest.raises(RequestError) as caught:
        kong("exposed", "1z", options={"tile_set": "108"})
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.INVALID_TILE, "#/context/kong/tile")]
