"""四川 fan → points, payers and per-seat payments (RULES.md §1.4); kong payments (§1.5).

Amounts are worked out by hand: points_per_payer = base_points × 2^min(fan, max_fan)
(+ base_points on a self-draw under 自摸加底); the winner receives it from each payer.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.hand import Request
from engine.results import KongAnswer
from engine.variants.sichuan.variant import MAX_AMOUNT, OPTION_SPECS, VARIANT, SichuanFanAnswer

# 123m 456m 234p 678p 55p: 平胡, 0 fan.
PLAIN = {"hand": "123m456m234p678p5p", "win_tile": "5p"}
# 1111m 3333m 55m 77m 99m: 七对 2 + 清一色 2 + 根 2 = 6 fan.
SIX_FAN = {"hand": "1111m3333m55m77m9m", "win_tile": "9m"}


def fan(body: dict[str, Any], options: dict[str, Any] | None = None,
        **context: Any) -> SichuanFanAnswer:
    data = dict(body, context=context)
    if options:
        data["options"] = options
    answer = VARIANT.fan(VARIANT.request(data))
    assert isinstance(answer, SichuanFanAnswer)
    return answer


def problems(call: Any, request: Request) -> list[tuple[str, str]]:
    with pytest.raises(RequestError) as caught:
        call(request)
    return [(p.code.value, p.pointer) for p in caught.value.problems]


# --- cap and points --------------------------------------------------------------------------

@pytest.mark.parametrize(("max_fan", "capped", "points"), [
    (2, 2, 4),        # min(6, 2) = 2 → 2^2 = 4
    (3, 3, 8),        # 2^3
    (4, 4, 16),       # the default cap: 2^4
    (5, 5, 32),       # 2^5
    (None, 6, 64),    # no cap: 2^6
])
def test_max_fan_caps_the_points(max_fan: int | None, capped: int, points: int) -> None:
    answer = fan(SIX_FAN, {"max_fan": max_fan})
    assert (answer.fan, answer.fan_capped, answer.points_per_payer) == (6, capped, points)


def test_default_cap_is_4() -> None:
    answer = fan(SIX_FAN)
    assert answer.fan_capped == 4 and answer.points_per_payer == 16
    assert answer.options is not None and answer.options["max_fan"] == 4


@pytest.mark.parametrize(("base", "points"), [(1, 16), (2, 32), (65536, 65536 * 16)])
def test_base_points_multiply(base: int, points: int) -> None:
    # fan 6 capped 4: base × 16
    assert fan(SIX_FAN, {"base_points": base}).points_per_payer == points


@pytest.mark.parametrize(("bonus", "fan_", "points"), [
    ("jia_fan", 1, 2),   # 平胡 0 + 自摸 1 = 1 fan → 2^1 = 2
    ("jia_di", 0, 2),    # 0 fan → 2^0 = 1, + base 1 = 2
    ("none", 0, 1),      # 0 fan → 1
])
def test_zimo_bonus(bonus: str, fan_: int, points: int) -> None:
    answer = fan(PLAIN, {"zimo_bonus": bonus}, win_type="self_draw")
    assert (answer.fan, answer.points_per_payer) == (fan_, points)


def test_jia_di_adds_one_base_after_the_cap() -> None:
    # 七对 2 + 清一色 2 + 根 2 = 6 (no 自摸 fan under jia_di), cap 4, base 3:
    # 3 × 16 + 3 = 51
    answer = fan(SIX_FAN, {"zimo_bonus": "jia_di", "base_points": 3}, win_type="self_draw")
    assert (answer.fan, answer.points_per_payer) == (6, 51)


def test_jia_di_is_not_paid_on_tian_hu() -> None:
    # 天胡 5 → capped 4 → 16, no +1 (§1.4: not for 天胡); 地胡 self-draw does get it: 17
    tian = fan(PLAIN, {"zimo_bonus": "jia_di"}, win_type="self_draw", first_turn=True,
               is_dealer=True)
    di = fan(PLAIN, {"zimo_bonus": "jia_di"}, win_type="self_draw", first_turn=True,
             is_dealer=False)
    assert tian.points_per_payer == 16 and di.points_per_payer == 17


# --- payers and payments ---------------------------------------------------------------------

def test_discard_win_the_discarder_pays() -> None:
    # 16 points from seat 3 to seat 1
    answer = fan(SIX_FAN, win_type="discard", seats={"winner": 1, "discarder": 3})
    assert answer.payers == "discarder"
    assert answer.payments == (0, 16, 0, -16)


def test_self_draw_every_opponent_pays() -> None:
    # 6 + 自摸 1 = 7, capped 4 → 16 from each of seats 0, 1, 3; seat 2 gets 48
    answer = fan(SIX_FAN, win_type="self_draw", seats={"winner": 2})
    assert answer.payers == "each_active_opponent"
    assert answer.payments == (-16, -16, 48, -16)
    assert sum(answer.payments) == 0


def test_self_draw_only_active_seats_pay() -> None:
    # 血战到底: seat 1 has won and left; 16 from seats 0 and 3 → seat 2 gets 32
    answer = fan(SIX_FAN, win_type="self_draw", seats={"winner": 2}, active=[0, 2, 3])
    assert answer.payments == (-16, 0, 32, -16)


def test_discard_win_with_active_is_unchanged_for_active_seats() -> None:
    answer = fan(SIX_FAN, seats={"winner": 0, "discarder": 2}, active=[0, 2])
    assert answer.payments == (16, 0, -16, 0)


def test_rob_kong_the_konger_pays() -> None:
    # 平胡 0 + 抢杠 1 = 1 → 2 points from the konger (seat 0) to seat 3
    answer = fan(PLAIN, win_type="rob_kong", seats={"winner": 3, "konger": 0})
    assert answer.payers == "kong_player" and answer.payments == (-2, 0, 0, 2)


def test_rob_kong_payer_from_discarder_as_rules_0_3_say() -> None:
    answer = fan(PLAIN, win_type="rob_kong", seats={"winner": 3, "discarder": 0})
    assert answer.payments == (-2, 0, 0, 2)


# kong 2222m + 456m 234p 678p 99p
KONG_HAND = {"hand": "456m234p678p9p", "win_tile": "9p",
             "melds": [{"type": "kong", "tiles": "2222m"}]}


@pytest.mark.parametrize(("mode", "payers", "payments"), [
    # 平胡 0 + 根 1 + 杠上开花 1 + 自摸 1 = 3 → 8 points.
    # zimo: seats 0, 2, 3 pay 8 each → seat 1 gets 24
    ("zimo", "each_active_opponent", (-8, 24, -8, -8)),
    # dian_pao: only the kong tile's discarder (seat 3) pays the same 8
    ("dian_pao", "kong_discarder", (0, 8, 0, -8)),
])
def test_dian_gang_hua(mode: str, payers: str, payments: tuple[int, ...]) -> None:
    answer = fan(KONG_HAND, {"dian_gang_hua": mode}, win_type="self_draw", after_kong=True,
                 seats={"winner": 1, "kong_discarder": 3})
    assert answer.fan == 3 and answer.points_per_payer == 8
    assert answer.payers == payers
    assert answer.payments == payments


def test_dian_gang_hua_needs_the_kong_to_come_from_a_discard() -> None:
    # after_kong self-draw without kong_discarder: his own kong → everybody pays, dian_pao
    # or not. Fan 3 as above → 8 from each of seats 1, 2, 3
    answer = fan(KONG_HAND, {"dian_gang_hua": "dian_pao"}, win_type="self_draw",
                 after_kong=True, seats={"winner": 0})
    assert answer.payers == "each_active_opponent" and answer.payments == (24, -8, -8, -8)


def test_no_seats_no_payments() -> None:
    answer = fan(SIX_FAN)
    assert answer.payments is None and answer.points_per_payer == 16


@pytest.mark.parametrize(("context", "payments"), [
    # 6 fan capped 4 → 16 a payer (self-draw: 6 + 自摸 1 = 7, still 16)
    ({"win_type": "discard", "seats": {"winner": 0, "discarder": 1}}, (16, -16, 0, 0)),
    ({"win_type": "discard", "seats": {"winner": 0, "discarder": 1}, "active": [0, 1]},
     (16, -16, 0, 0)),
    ({"win_type": "self_draw", "seats": {"winner": 0}}, (48, -16, -16, -16)),
    ({"win_type": "self_draw", "seats": {"winner": 0}, "active": [0, 1, 2]}, (32, -16, -16, 0)),
    ({"win_type": "self_draw", "seats": {"winner": 3}, "active": [3, 1]}, (0, -16, 0, 16)),
    ({"win_type": "rob_kong", "seats": {"winner": 0, "konger": 2}}, (16, 0, -16, 0)),
    ({"win_type": "rob_kong", "seats": {"winner": 0, "konger": 2}, "active": [0, 2, 3]},
     (16, 0, -16, 0)),
])
def test_payments_zero_sum_with_and_without_active(context: dict[str, Any],
                                                   payments: tuple[int, ...]) -> None:
    answer = fan(SIX_FAN, **context)
    assert answer.payments == payments and sum(payments) == 0


def test_a_non_win_has_no_amounts() -> None:
    answer = fan({"hand": "123m456m789m24p5p7p", "win_tile": "9p"},
                 seats={"winner": 0, "discarder": 1})
    assert not answer.win and answer.reason == "no_winning_shape"
    assert answer.payments is None and answer.points_per_payer is None and answer.fan is None


# --- seat problems ---------------------------------------------------------------------------

def body(**context: Any) -> Request:
    return VARIANT.request(dict(SIX_FAN, context=context))


@pytest.mark.parametrize(("context", "expected"), [
    ({"seats": {"discarder": 1}}, [("missing_field", "#/context/seats/winner")]),
    ({"seats": {"winner": 1}}, [("missing_field", "#/context/seats/discarder")]),
    ({"win_type": "rob_kong", "seats": {"winner": 1}},
     [("missing_field", "#/context/seats/konger")]),
    ({"seats": {"winner": 1, "discarder": 1}}, [("invalid_field", "#/context/seats/discarder")]),
    ({"seats": {"winner": 1, "discarder": 2}, "active": [0, 1, 3]},
     [("invalid_field", "#/context/active")]),
    ({"win_type": "self_draw", "seats": {"winner": 1}, "active": [0, 2, 3]},
     [("invalid_field", "#/context/active")]),
    ({"seats": {"winner": 1, "discarder": 4}}, [("invalid_field", "#/context/seats/discarder")]),
    ({"seats": {"winner": 1, "discarder": 2}, "active": [0, 1, 1]},
     [("invalid_field", "#/context/active/2")]),
    ({"is_dealer": True, "seats": {"dealer": 0, "winner": 1, "discarder": 2}},
     [("invalid_field", "#/context/is_dealer")]),
    # the disagreement of a robbed kong's two names is at seats.konger in every variant
    # (engine/seats.py words it once)
    ({"win_type": "rob_kong", "seats": {"winner": 1, "konger": 2, "discarder": 3}},
     [("invalid_field", "#/context/seats/konger")]),
])
def test_seat_problems_name_the_field(context: dict[str, Any],
                                      expected: list[tuple[str, str]]) -> None:
    assert problems(VARIANT.fan, body(**context)) == expected


def test_seat_problems_are_reported_with_option_problems() -> None:
    request = VARIANT.request(dict(SIX_FAN, options={"max_fan": 9},
                                 context={"seats": {"winner": 7}}))
    assert problems(VARIANT.fan, request) == [("invalid_field", "#/context/seats/winner"),
                                              ("invalid_option", "#/options/max_fan")]


# --- kong payments (刮风下雨) ----------------------------------------------------------------

def kong(options: dict[str, Any] | None = None, **context: Any) -> KongAnswer:
    data: dict[str, Any] = {"context": context}
    if options:
        data["options"] = options
    answer = VARIANT.kong(VARIANT.request(data))
    assert isinstance(answer, KongAnswer)
    return answer


@pytest.mark.parametrize(("kind", "seats", "active", "base", "payments"), [
    # 直杠: the discarder (3) pays 2 × 1 to the konger (1)
    ("exposed", {"konger": 1, "discarder": 3}, None, 1, (0, 2, 0, -2)),
    # 补杠: each opponent pays 1 → konger +3
    ("added", {"konger": 1}, None, 1, (-1, 3, -1, -1)),
    # 暗杠: each opponent pays 2 → konger +6
    ("concealed", {"konger": 1}, None, 1, (-2, 6, -2, -2)),
    # 暗杠 with seat 2 gone: seats 0, 3 pay 2 → +4
    ("concealed", {"konger": 1}, [0, 1, 3], 1, (-2, 4, 0, -2)),
    # 补杠 with seats 0 and 3 gone: seat 2 pays 1
    ("added", {"konger": 1}, [1, 2], 1, (0, 1, -1, 0)),
    # base 5: 暗杠 2 × 5 = 10 each → +30
    ("concealed", {"konger": 0}, None, 5, (30, -10, -10, -10)),
    # base 5: 直杠 2 × 5 = 10
    ("exposed", {"konger": 2, "discarder": 0}, None, 5, (-10, 0, 10, 0)),
])
def test_kong_payments(kind: str, seats: dict[str, int], active: list[int] | None, base: int,
                       payments: tuple[int, ...]) -> None:
    context: dict[str, Any] = {"kong": {"type": kind, "tile": "5m"}, "seats": seats}
    if active is not None:
        context["active"] = active
    answer = kong({"base_points": base}, **context)
    assert answer.payments == payments and sum(answer.payments) == 0
    assert answer.options is not None and answer.options["base_points"] == base


@pytest.mark.parametrize(("context", "expected"), [
    ({"seats": {"konger": 1}}, [("missing_field", "#/context/kong")]),
    ({"kong": {"type": "added", "tile": "5m"}}, [("missing_field", "#/context/seats")]),
    ({"kong": {"type": "added", "tile": "5m"}, "seats": {"discarder": 1}},
     [("missing_field", "#/context/seats/konger")]),
    ({"kong": {"type": "exposed", "tile": "5m"}, "seats": {"konger": 1}},
     [("missing_field", "#/context/seats/discarder")]),
    ({"kong": {"type": "exposed", "tile": "5m"}, "seats": {"konger": 1, "discarder": 1}},
     [("invalid_field", "#/context/seats/discarder")]),
    ({"kong": {"type": "concealed", "tile": "5m"}, "seats": {"konger": 1}, "active": [0, 2]},
     [("invalid_field", "#/context/active")]),
    ({"kong": {"type": "exposed", "tile": "5m"}, "seats": {"konger": 1, "discarder": 2},
      "active": [0, 1, 3]}, [("invalid_field", "#/context/active")]),
    ({"kong": {"type": "added", "tile": "7z"}, "seats": {"konger": 1}},
     [("invalid_tile", "#/context/kong/tile")]),
])
def test_kong_problems(context: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert problems(VARIANT.kong, VARIANT.request({"context": context})) == expected


def test_kong_rejects_a_bad_option_too() -> None:
    request = VARIANT.request({"context": {"seats": {"konger": 1}},
                             "options": {"base_points": 0}})
    assert problems(VARIANT.kong, request) == [("missing_field", "#/context/kong"),
                                               ("invalid_option", "#/options/base_points")]


# --- amounts stay exact in JSON --------------------------------------------------------------

def test_the_largest_amount_fits_in_2_53() -> None:
    # every bonus option at its maximum plus the largest base shape: 2 + 2 (清一色) + 2 (将对)
    # + 4 (带幺九) + 4 (金钩钓) + 4 (根) + 1 + 1 + 1 + 1 + 1 + 4 (龙七对) + 8 (天胡) = 35
    # The room patterns (rooms.md §0.9.4.3) fit inside: 一条龙 2 + 夹心五 2 × 4 (four 4-5-6
    # at most) = 10 need concealed sequences, which rule out 对对胡 2 + 将对 2 + 金钩钓 4 +
    # 带幺九 4 = 12; 将七对 2 is a pairs shape, ruling out 将对, 带幺九 and 金钩钓
    maxima = {s.name: s.maximum for s in OPTION_SPECS if s.maximum is not None}
    assert maxima == {"base_points": 65536, "dai_yao_jiu_fan": 4, "jin_gou_diao_fan": 4,
                      "long_qi_dui_bonus": 4, "tian_hu_fan": 8, "di_hu_fan": 8,
                      # settle's: a kong row is at most 4 × base, a 花猪 row 2^8 × base
                      "zhi_gang_discarder": 4, "zhi_gang_others": 2, "hua_zhu_fan": 8,
                      "jia_xin_wu_fan": 2, "yi_tiao_long_fan": 2, "jiang_qi_dui_fan": 2}
    assert {s.name: s.choices for s in OPTION_SPECS}["dui_dui_hu_fan"] == (1, 2)
    bound = 2 + 2 + 2 + 4 + 4 + 4 + 1 + 1 + 1 + 1 + 1 + 4 + 8
    # three payers each pay base × 2^35 + base (自摸加底) to one winner
    assert MAX_AMOUNT == 3 * 65536 * (2**bound + 1) <= 2**53 - 1


def test_an_uncapped_big_hand_at_the_largest_base_is_exact() -> None:
    # 清十八罗汉 self-drawn after a kong: 对对胡 1 + 清一色 2 + 金钩钓 1 + 根 4 + 杠上开花 1
    # + 自摸 1 = 10 → 65536 × 2^10 = 67108864 per payer, ×3 to the winner
    data = {"hand": "9m", "win_tile": "9m",
            "melds": [{"type": "kong", "tiles": t} for t in ("1111m", "3333m", "5555m",
                                                              "7777m")],
            "options": {"max_fan": None, "base_points": 65536},
            "context": {"win_type": "self_draw", "after_kong": True, "seats": {"winner": 0}}}
    answer = VARIANT.fan(VARIANT.request(data))
    assert answer.fan == 10 and answer.points_per_payer == 67108864
    assert answer.payments == (3 * 67108864, -67108864, -67108864, -67108864)

