"""What settle-hongzhong.md §4.5.9 changes in today's 红中 operations (with reconciled.md §8
and §19): the code mode ``mo_ji_jiang_ji`` (摸几奖几), ``context.code_origin`` for ``seat``
mode, and the options ``settle`` reads, accepted and echoed by every operation.

Hands (fan 0 under the defaults unless said):
SEVEN = 123m456m789p11s5s7z + 6s (红中 stands for 4s or 7s) — the spec's small cases 11–17;
S0 = 234m678m456p11s34s + 5s and S1 = 123p789p567m99m46s + 5s — small case 9 (no 红中).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.hand import Request
from engine.results import BirdHit
from engine.variants.hongzhong import VARIANT as V
from tests.engine.variants.hongzhong.test_codes import req

SEVEN = ("123m456m789p11s5s7z", "6s")
S0 = ("234m678m456p11s34s", "5s")
S1 = ("123p789p567m99m46s", "5s")


def fan(hand: tuple[str, str], ctx: dict[str, Any] | None = None, **options: Any) -> Any:
    return V.fan(req(hand, ctx, options))


def problems(operation: str, request: Request) -> list[tuple[str, str]]:
    with pytest.raises(RequestError) as caught:
        getattr(V, operation)(request)
    return [(p.code.value, p.pointer) for p in caught.value.problems]


# ---------------------------------------------------------------------------------------------
# 摸几奖几: as many codes as the win tile's value


@pytest.mark.parametrize(("hand", "options", "due"), [
    (SEVEN, {}, 6),                                              # 6s → 6
    (("123m456m789p11s5s6s", "7z"), {}, 10),                     # 红中, a wild kind → 10
    (("123m456m789p11s77z", "7z"), {"wild_tiles": []}, 10),      # 红中 unwild: its value 10
    (("123m456m789m11p23p", "1p"), {}, 1),                       # 1p → 1
    (("123m456m789m11p23p", "4p"), {"code_count": 6}, 4),        # code_count not read
    (("123m456m789m11p23p", "4p"), {"extra_code_without_wild": False}, 4),  # nor the extra
    (("123m456m789m11p22z", "2z"), {"tile_set": "136"}, 2),      # 南 → 2
    (("123m456m789m11p66z", "6z"), {"tile_set": "136"}, 6),      # 发 → 6
    (("123m456m789m11p55z", "5z"), {"tile_set": "136"}, 7),      # 白 → 7
    (("123m456m789m11p55z", "5z"), {"tile_set": "136", "wild_tiles": ["5z"]}, 10),  # 白 wild
    (("123m456m789m11p34p", "5p"), {"tile_set": "136", "wild_tiles": ["5p"]}, 10),  # 5p wild
])
def test_mo_ji_jiang_ji_turns_the_win_tiles_value(hand: tuple[str, str],
                                                  options: dict[str, Any], due: int) -> None:
    count = options.pop("code_count", None)
    ctx = {"code_count": count} if count is not None else None
    answer = fan(hand, ctx, code_mode="mo_ji_jiang_ji", **options)
    assert answer.win and answer.codes_to_draw == due


def test_mo_ji_jiang_ji_scores_as_159z() -> None:
    # small case 11: 1m, 5p, 9s hit (2m, 3p, 4s miss) → 3 × code_value 2 = 6 on each share of
    # zimo_unit 2 × 2⁰ = 2: each pays 8, the winner +24 — what 159z answers for these codes
    ctx = {"seats": {"winner": 1}, "codes": ["1m", "2m", "5p", "9s", "3p", "4s"]}
    mo_ji = fan(SEVEN, ctx, code_mode="mo_ji_jiang_ji")
    plain = fan(SEVEN, ctx)
    assert mo_ji.payments == plain.payments == (-8, 24, -8, -8)
    assert mo_ji.code_hits == (0, 3, 0, 0)
    assert [c.hit for c in mo_ji.codes] == [True, False, True, True, False, False]
    assert all(c.seat is None for c in mo_ji.codes)
    assert (mo_ji.codes_to_draw, plain.codes_to_draw) == (6, 2)  # 6s; 2 (he holds 红中)


def test_mo_ji_jiang_ji_counts_红中_as_a_hit() -> None:
    # small case 12's codes: 5m and 红中 hit → 2 × 2 = 4 on each share of 2: 6 each, +18
    answer = fan(("123m456m789p11s5s6s", "7z"), {"seats": {"winner": 1},
                                                "codes": ["5m", "7z", "2s", "3s"]},
                 code_mode="mo_ji_jiang_ji")
    assert answer.payments == (-6, 18, -6, -6) and answer.codes_to_draw == 10


def test_birds_answers_the_mo_ji_jiang_ji_count() -> None:
    # 6s → 6 codes due; 1m and 9s hit: 2 × 2 = 4 on each share of 2 → 6 each
    answer = V.birds(req(SEVEN, {"seats": {"winner": 1}, "codes": ["1m", "9s"]},
                         {"code_mode": "mo_ji_jiang_ji"}))
    assert answer.codes_to_draw == 6 and answer.payments == (-6, 18, -6, -6)


def test_claims_show_the_mo_ji_jiang_ji_count() -> None:
    # a self-drawn 4p completes 123m456m789m11p234p: 4 codes due under 摸几奖几 (2 + 1 extra
    # = 3 under 159z: no wildcard held)
    def drawn(**options: Any) -> Any:
        answer = V.claims(V.request({"hand": "123m456m789m11p23p", "tile": "4p",
                                     "context": {"source": "self_draw"}, "options": options}))
        (win,) = [a for a in answer.actions if a.type == "win"]
        return win.codes_to_draw
    assert (drawn(code_mode="mo_ji_jiang_ji"), drawn()) == (4, 3)


# ---------------------------------------------------------------------------------------------
# context.code_origin: where seat mode counts from


def test_seat_codes_count_from_code_origin() -> None:
    # small case 9, seat 0 winning 3's 5s, codes counted from 3: 2m → (3 + 2 − 1) mod 4 = 0
    # (the winner), 5p → (3 + 5 − 1) mod 4 = 3 (the discarder): both score, so the discarder
    # pays discard_unit 1 + (1 + 1) × 2 = 5
    ctx = {"win_type": "discard", "seats": {"winner": 0, "discarder": 3}, "codes": ["2m", "5p"],
           "code_origin": 3}
    answer = fan(S0, ctx, code_mode="seat", win_by_discard="yes")
    assert answer.payments == (5, 0, 0, -5)
    assert answer.codes == (BirdHit("2m", 0, True), BirdHit("5p", 3, True))
    assert answer.code_hits == (1, 0, 0, 1)
    # the same codes from the winner (no code_origin): 2m → seat 1, 5p → seat 0: 1 + 1 × 2 = 3
    del ctx["code_origin"]
    assert fan(S0, ctx, code_mode="seat", win_by_discard="yes").payments == (3, 0, 0, -3)


def test_code_origin_is_as_the_same_seats_counted_from_the_winner() -> None:
    # the spec's equivalences: seat 0 with origin 3 = 1m, 4p from seat 0; seat 1 with origin
    # 3 (2m → 0, no score; 5p → 3: (0 + 1) × 2 = 2 → 3) = 4m, 3p from seat 1
    for hand, winner, codes, same in ((S0, 0, ["2m", "5p"], ["1m", "4p"]),
                                      (S1, 1, ["2m", "5p"], ["4m", "3p"])):
        seats = {"winner": winner, "discarder": 3}
        base = {"win_type": "discard", "seats": seats}
        moved = fan(hand, {**base, "codes": codes, "code_origin": 3}, code_mode="seat",
                    win_by_discard="yes")
        plain = fan(hand, {**base, "codes": same}, code_mode="seat", win_by_discard="yes")
        assert moved.payments == plain.payments
        assert moved.code_hits == plain.code_hits
    assert moved.payments == (0, 3, 0, -3)


def test_code_origin_on_a_self_draw_and_the_winner_as_origin() -> None:
    # small case 14's hand and codes, self-draw by 2, counted from seat 0 instead of 2:
    # 1p → 0, 2s → 1, 7m → (0 + 7 − 1) mod 4 = 2 (the winner): h = [1, 1, 1, 0];
    # payer p pays 2 + (1 + h_p) × 2: seat 0 6, seat 1 6, seat 3 4 → +16
    ctx: dict[str, Any] = {"seats": {"winner": 2}, "codes": ["1p", "2s", "7m"]}
    assert fan(S0, {**ctx, "code_origin": 0}, code_mode="seat").payments == (-6, -6, 16, -4)
    # from the winner itself (2): 1p → 2, 2s → 3, 7m → 0: h = [1, 0, 1, 1] → 4+2, 2+2, 4+2
    assert fan(S0, {**ctx, "code_origin": 2}, code_mode="seat").payments == \
        fan(S0, ctx, code_mode="seat").payments == (-6, -4, 16, -6)


@pytest.mark.parametrize("mode", ["159z", "one_code_all", "mo_ji_jiang_ji"])
def test_code_origin_is_accepted_and_not_read_outside_seat_mode(mode: str) -> None:
    ctx: dict[str, Any] = {"seats": {"winner": 1}, "codes": ["5m"]}
    with_origin = fan(SEVEN, {**ctx, "code_origin": 3}, code_mode=mode)
    assert with_origin == fan(SEVEN, ctx, code_mode=mode)


@pytest.mark.parametrize("value", [4, -1, True, "1"])
def test_code_origin_is_a_seat(value: Any) -> None:
    request = req(SEVEN, {"seats": {"winner": 1}, "codes": ["5m"], "code_origin": value},
                  {"code_mode": "seat"})
    assert problems("fan", request) == [("invalid_field", "#/context/code_origin")]


def test_claims_refuse_code_origin_as_they_refuse_codes() -> None:
    for member, value in (("code_origin", 1), ("codes", ["1m"])):
        data = {"hand": "123m456m789m11p23p", "tile": "4p",
                "context": {"source": "self_draw", member: value}}
        assert problems("claims", V.request(data)) == [("invalid_field", f"#/context/{member}")]


# ---------------------------------------------------------------------------------------------
# The settle options: accepted and echoed everywhere, read by settle only


SETTLE_OPTIONS = {"kong_paid": "at_end", "huang_zhuang_huang_gang": True,
                  "draw_next_dealer": "last_drawer", "yi_pao_duo_xiang": False}


def test_the_settle_options_do_not_change_the_other_operations() -> None:
    ctx = {"win_type": "discard", "seats": {"winner": 0, "discarder": 3}, "codes": ["2m"]}
    plain = fan(S0, ctx, win_by_discard="yes")
    other = fan(S0, ctx, win_by_discard="yes", **SETTLE_OPTIONS)
    assert {k: v for k, v in vars(other).items() if k != "options"} == \
        {k: v for k, v in vars(plain).items() if k != "options"}
    assert {k: other.options[k] for k in SETTLE_OPTIONS} == SETTLE_OPTIONS
    kong = {"context": {"kong": {"type": "exposed", "tile": "5m"},
                        "seats": {"konger": 1, "discarder": 3}}}
    assert V.kong(V.request({**kong, "options": SETTLE_OPTIONS})).payments == \
        V.kong(V.request(kong)).payments == (0, 3, 0, -3)


@pytest.mark.parametrize(("name", "value"), [
    ("kong_paid", "later"), ("kong_paid", True), ("huang_zhuang_huang_gang", "yes"),
    ("draw_next_dealer", "winner"), ("huang_zhuang_dealer", "dealer"),  # reconciled §8's name
    ("yi_pao_duo_xiang", 1), ("code_mode", "fan_ji_jiang_ji"),
])
def test_bad_settle_options(name: str, value: Any) -> None:
    assert problems("fan", req(SEVEN, None, {name: value})) == [
        ("invalid_option", f"#/options/{name}")]
