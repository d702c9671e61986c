"""红中麻将 payments, codes (扎码) and kongs (RULES.md §4.3), and the context they need.

Two hands carry most cases, both fan 0 under default options:
NO_WILD = 123m456m789m123p5p + 5p (no wildcard held: one extra code) and
WITH_WILD = 123m456m789m123p7z + 5p (7z + 5p the pair). The arithmetic is beside each case.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.results import BirdHit
from engine.variants.hongzhong import variant as hz

V = hz.VARIANT
NO_WILD = ("123m456m789m123p5p", "5p")
WITH_WILD = ("123m456m789m123p7z", "5p")


def req(hand: tuple[str, str] | None, ctx: dict[str, Any] | None = None,
        opts: dict[str, Any] | None = None) -> Any:
    data: dict[str, Any] = {}
    if hand:
        data["hand"], data["win_tile"] = hand
    if ctx:
        data["context"] = ctx
    if opts:
        data["options"] = opts
    return hz.VARIANT.request(data)


def zero_sum(payments: tuple[int, ...] | None) -> tuple[int, ...] | None:
    assert payments is not None and sum(payments) == 0
    return payments


# ---------------------------------------------------------------------------------------------
# Plain payments


@pytest.mark.parametrize(("hand", "ctx", "opts", "payments"), [
    # self-draw, fan 0: each other seat pays zimo_unit 2 × 1 = 2 → winner +6
    (NO_WILD, {"seats": {"winner": 0}}, {}, (6, -2, -2, -2)),
    # zimo_unit 5: each pays 5 → winner +15
    (NO_WILD, {"seats": {"winner": 0}}, {"zimo_unit": 5}, (15, -5, -5, -5)),
    # discard (allowed): the discarder pays discard_unit 1 × 1
    (NO_WILD, {"win_type": "discard", "seats": {"winner": 1, "discarder": 3}},
     {"win_by_discard": "yes"}, (0, 1, 0, -1)),
    # discard_unit 3
    (NO_WILD, {"win_type": "discard", "seats": {"winner": 1, "discarder": 3}},
     {"win_by_discard": "yes", "discard_unit": 3}, (0, 3, 0, -3)),
    # rob-kong: the robbed konger pays all three self-draw shares: 3 × 2 = 6
    (WITH_WILD, {"win_type": "rob_kong", "seats": {"winner": 2, "discarder": 0}}, {},
     (-6, 0, 6, 0)),
    # the konger may be named konger instead of discarder
    (WITH_WILD, {"win_type": "rob_kong", "seats": {"winner": 2, "konger": 0}}, {},
     (-6, 0, 6, 0)),
    # fan 2 (no_wild_fan 2 on NO_WILD): each pays 2 × 2² = 8 → winner +24
    (NO_WILD, {"seats": {"winner": 3}}, {"no_wild_fan": 2}, (-8, -8, -8, 24)),
])
def test_payments(hand: tuple[str, str], ctx: dict[str, Any], opts: dict[str, Any],
                  payments: tuple[int, ...]) -> None:
    assert zero_sum(V.fan(req(hand, ctx, opts)).payments) == payments


def test_no_payments_without_seats() -> None:
    answer = V.fan(req(NO_WILD))
    assert answer.payments is None and answer.codes is None and answer.code_hits is None


# ---------------------------------------------------------------------------------------------
# codes_to_draw


@pytest.mark.parametrize(("hand", "ctx", "opts", "to_draw"), [
    (NO_WILD, {}, {}, 3),                                     # 2 + 1 extra (no wildcard)
    (NO_WILD, {}, {"extra_code_without_wild": False}, 2),     # 2, no extra
    (WITH_WILD, {}, {}, 2),                                   # holds 7z: no extra
    (NO_WILD, {"code_count": 4}, {}, 5),                      # 4 + 1
    (WITH_WILD, {"code_count": 6}, {}, 6),                    # 6
    (NO_WILD, {}, {"code_mode": "one_code_all"}, None),       # omitted in 一码全中
    (NO_WILD, {}, {"code_mode": "seat"}, 3),
])
def test_codes_to_draw(hand: tuple[str, str], ctx: dict[str, Any], opts: dict[str, Any],
                       to_draw: int | None) -> None:
    assert V.fan(req(hand, ctx, opts)).codes_to_draw == to_draw


def test_a_wild_in_a_meld_counts_as_held() -> None:
    # 112 tiles, a declared pong of 红中: the player holds wild tiles → no extra code
    data = {"hand": "456m789m123p5p", "win_tile": "5p",
            "melds": [{"type": "pong", "tiles": "7z7z7z"}]}
    assert V.fan(hz.VARIANT.request(data)).codes_to_draw == 2


# ---------------------------------------------------------------------------------------------
# 159z


def test_159z_self_draw() -> None:
    # hits: 1m (rank 1), 5p (rank 5), 7z (红中); 2s misses → 3 hits × code_value 2 = 6 on
    # every payment: each pays 2 + 6 = 8 → winner 24
    answer = V.fan(req(WITH_WILD, {"seats": {"winner": 1}, "codes": "1m5p2s7z",
                                   "code_count": 4}))
    assert answer.codes == (BirdHit("1m", None, True), BirdHit("5p", None, True),
                            BirdHit("2s", None, False), BirdHit("7z", None, True))
    assert answer.code_hits == (0, 3, 0, 0)
    assert zero_sum(answer.payments) == (-8, 24, -8, -8)
    assert answer.codes_to_draw == 4


def test_159z_fan_and_code_value() -> None:
    # 七对 fan 1, code_value 5, codes 9s (hit) 3m (miss): each pays 2 × 2 + 1 × 5 = 9
    data = {"hand": "1133m5577p22499s", "win_tile": "4s",
            "context": {"seats": {"winner": 2}, "codes": ["9s", "3m"]},
            "options": {"code_value": 5}}
    answer = V.fan(hz.VARIANT.request(data))
    assert zero_sum(answer.payments) == (-9, -9, 27, -9)


@pytest.mark.parametrize(("code", "hit"), [
    ("7z", True),   # 红中 hits whatever the wild tiles are
    ("5z", False),  # 白 is the wild kind here, but an honor other than 红中 misses
    ("5m", True),   # rank 5
    ("1z", False),
])
def test_159z_with_baiban_wild(code: str, hit: bool) -> None:
    opts = {"tile_set": "136", "wild_tiles": ["5z"]}
    answer = V.fan(req(NO_WILD, {"seats": {"winner": 0}, "codes": [code]}, opts))
    assert answer.codes == (BirdHit(code, None, hit),)
    # each payer: 2 + (2 if hit else 0)
    each = 2 + (2 if hit else 0)
    assert zero_sum(answer.payments) == (3 * each, -each, -each, -each)


def test_159z_discard_only_the_discarder_pays() -> None:
    # 2 hits (1m, 9p) × 2 = 4 on the discarder's payment: 1 + 4 = 5
    answer = V.fan(req(NO_WILD, {"win_type": "discard", "codes": "1m9p",
                                 "seats": {"winner": 0, "discarder": 1}},
                       {"win_by_discard": "yes"}))
    assert zero_sum(answer.payments) == (5, -5, 0, 0)
    assert answer.code_hits == (2, 0, 0, 0)


def test_159z_rob_kong_bonus_on_each_share() -> None:
    # 2 hits (5m, 9p) × 2 = 4 on each of the three shares: konger pays 3 × (2 + 4) = 18
    answer = V.fan(req(WITH_WILD, {"win_type": "rob_kong", "codes": ["5m", "9p"],
                                   "seats": {"winner": 0, "discarder": 2}}))
    assert zero_sum(answer.payments) == (18, 0, -18, 0)


# ---------------------------------------------------------------------------------------------
# seat


def test_seat_mode_self_draw() -> None:
    # winner 1: 1m → seat 1 (winner), 2p → 2 (next), 2s → 2, 7z (中 = 5th of 东南西北中发白)
    # → 1 + 4 = 5 ≡ 1 (winner). Hits per seat [0, 2, 2, 0]; all count on a self-draw.
    # Payer s adds (winner's 2 + own) × 2: seat 0 → 4, seat 2 → 8, seat 3 → 4.
    # Payments: 2+4 = 6, 2+8 = 10, 2+4 = 6 → winner 22.
    answer = V.fan(req(WITH_WILD, {"seats": {"winner": 1}, "codes": ["1m", "2p", "2s", "7z"]},
                       {"code_mode": "seat"}))
    assert answer.codes == (BirdHit("1m", 1, True), BirdHit("2p", 2, True),
                            BirdHit("2s", 2, True), BirdHit("7z", 1, True))
    assert answer.code_hits == (0, 2, 2, 0)
    assert zero_sum(answer.payments) == (-6, 22, -10, -6)


def test_seat_mode_discard_only_winner_and_discarder() -> None:
    # 136 tiles, winner 1, discarder 3: 1m → 1 hit; 2p → 2 miss; 3p → 3 hit;
    # 5z (白 = 7th) → 1 + 6 = 7 ≡ 3 hit. Discarder pays 1 + (1 + 2) × 2 = 7.
    answer = V.fan(req(NO_WILD, {"win_type": "discard", "codes": ["1m", "2p", "3p", "5z"],
                                 "seats": {"winner": 1, "discarder": 3}},
                       {"tile_set": "136", "code_mode": "seat", "win_by_discard": "yes"}))
    assert answer.codes == (BirdHit("1m", 1, True), BirdHit("2p", 2, False),
                            BirdHit("3p", 3, True), BirdHit("5z", 3, True))
    assert answer.code_hits == (0, 1, 0, 2)
    assert zero_sum(answer.payments) == (0, 7, 0, -7)


def test_seat_mode_rob_kong() -> None:
    # winner 0, konger 2: 2m → seat 1, 3m → seat 2; every code counts (three shares).
    # Shares: seat 1: 2 + (0 + 1) × 2 = 4; seat 2: 4; seat 3: 2 + 0 = 2 → konger pays 10
    answer = V.fan(req(WITH_WILD, {"win_type": "rob_kong", "codes": ["2m", "3m"],
                                   "seats": {"winner": 0, "discarder": 2}},
                       {"code_mode": "seat"}))
    assert answer.code_hits == (0, 1, 1, 0)
    assert zero_sum(answer.payments) == (10, 0, -10, 0)


# ---------------------------------------------------------------------------------------------
# one_code_all


@pytest.mark.parametrize(("code", "tile_set", "each"), [
    ("7z", "112", 2 + 10 * 2),   # 红中 = 10
    ("3s", "112", 2 + 3 * 2),
    ("9m", "112", 2 + 9 * 2),
    ("6z", "136", 2 + 6 * 2),    # 发 = 6th of 东南西北中发白
    ("5z", "136", 2 + 7 * 2),    # 白 = 7
    ("4z", "136", 2 + 4 * 2),    # 北 = 4
])
def test_one_code_all(code: str, tile_set: str, each: int) -> None:
    answer = V.fan(req(WITH_WILD, {"seats": {"winner": 0}, "codes": [code]},
                       {"code_mode": "one_code_all", "tile_set": tile_set}))
    assert answer.codes == (BirdHit(code, None, True),)
    assert answer.code_hits == (1, 0, 0, 0)
    assert zero_sum(answer.payments) == (3 * each, -each, -each, -each)
    assert answer.codes_to_draw is None


def test_one_code_all_discard() -> None:
    # 5p → 5 × 2 = 10 on the discarder's 1: 11
    answer = V.fan(req(NO_WILD, {"win_type": "discard", "codes": ["5p"],
                                 "seats": {"winner": 2, "discarder": 0}},
                       {"code_mode": "one_code_all", "win_by_discard": "yes"}))
    assert zero_sum(answer.payments) == (-11, 0, 11, 0)


def test_one_code_all_more_than_one_code() -> None:
    with pytest.raises(RequestError) as e:
        V.fan(req(WITH_WILD, {"codes": ["7z", "1m"]}, {"code_mode": "one_code_all"}))
    assert e.value.code == "invalid_field"
    assert e.value.problems[0].pointer == "#/context/codes"


# ---------------------------------------------------------------------------------------------
# The birds operation


def test_birds_without_a_hand() -> None:
    answer = V.birds(req(None, {"codes": ["1m", "2m"], "seats": {"winner": 2}}))
    assert answer.codes == (BirdHit("1m", None, True), BirdHit("2m", None, False))
    assert answer.code_hits == (0, 0, 1, 0)
    assert answer.win is None and answer.payments is None


def test_birds_with_the_win() -> None:
    # as test_159z_self_draw without 2s: 3 hits → 2 + 6 = 8 each
    answer = V.birds(req(WITH_WILD, {"seats": {"winner": 1}, "codes": "1m5p7z"}))
    assert (answer.win, answer.fan) == (True, 0)
    assert zero_sum(answer.payments) == (-8, 24, -8, -8)
    assert answer.codes_to_draw == 2


def test_birds_on_a_non_win() -> None:
    answer = V.birds(req(("123m456m789m123p4s", "5p"), {"codes": "1m",
                                                         "seats": {"winner": 0}}))
    assert (answer.win, answer.reason, answer.payments) == (False, "no_winning_shape", None)
    assert answer.codes == (BirdHit("1m", None, True),)


def test_birds_need_codes() -> None:
    with pytest.raises(RequestError) as e:
        V.birds(req(None, {"seats": {"winner": 0}}))
    assert (e.value.code, e.value.problems[0].pointer) == ("missing_field", "#/context/codes")


# ---------------------------------------------------------------------------------------------
# Kongs


@pytest.mark.parametrize(("kong", "seats", "payments"), [
    ({"type": "exposed", "tile": "5m"}, {"konger": 1, "discarder": 3}, (0, 3, 0, -3)),
    ({"type": "added", "tile": "5m"}, {"konger": 0}, (3, -1, -1, -1)),       # 1 from each
    ({"type": "concealed", "tile": "9s"}, {"konger": 2}, (-2, -2, 6, -2)),   # 2 from each
])
def test_kong(kong: dict[str, str], seats: dict[str, int],
              payments: tuple[int, ...]) -> None:
    answer = V.kong(req(None, {"kong": kong, "seats": seats}))
    assert zero_sum(answer.payments) == payments


@pytest.mark.parametrize(("ctx", "code", "pointer"), [
    ({"seats": {"konger": 0}}, "missing_field", "#/context/kong"),
    ({"kong": {"type": "added", "tile": "5m"}}, "missing_field", "#/context/seats"),
    ({"kong": {"type": "added", "tile": "5m"}, "seats": {"winner": 0}}, "missing_field",
     "#/context/seats/konger"),
    ({"kong": {"type": "exposed", "tile": "5m"}, "seats": {"konger": 0}}, "missing_field",
     "#/context/seats/discarder"),
    ({"kong": {"type": "exposed", "tile": "5m"}, "seats": {"konger": 0, "discarder": 0}},
     "invalid_field", "#/context/seats/discarder"),
    ({"kong": {"type": "added", "tile": "1z"}, "seats": {"konger": 0}}, "invalid_tile",
     "#/context/kong/tile"),
    ({"kong": {"type": "added", "tile": "5m"}, "seats": {"konger": 4}}, "invalid_field",
     "#/context/seats/konger"),
])
def test_kong_problems(ctx: dict[str, Any], code: str, pointer: str) -> None:
    with pytest.raises(RequestError) as e:
        V.kong(req(None, ctx))
    assert e.value.code == code
    assert pointer in [p.pointer for p in e.value.problems]


@pytest.mark.parametrize("wild_melds", ["never", "face_value"])
def test_kong_prices_a_kong_of_a_wild_kind(wild_melds: str) -> None:
    # settle-hongzhong.md §4.5.8: "kong itself prices a kong of any kind; refusing a kong of a
    # wild kind is the record check of §4.5.6 under wild_melds", and reconciled.md §5: beyond
    # claims and settle, wild_melds changes no operation's answer.
    # 暗杠 of 红中 (the wild kind) by seat 1: 2 from each of the three others → +6
    answer = V.kong(req(None, {"kong": {"type": "concealed", "tile": "7z"},
                               "seats": {"konger": 1}}, {"wild_melds": wild_melds}))
    assert answer.payments == (-2, 6, -2, -2)


# ---------------------------------------------------------------------------------------------
# Context problems


@pytest.mark.parametrize(("ctx", "opts", "code", "pointer"), [
    ({"seats": {"dealer": 0}}, {}, "missing_field", "#/context/seats/winner"),
    ({"win_type": "discard", "seats": {"winner": 0}}, {"win_by_discard": "yes"},
     "missing_field", "#/context/seats/discarder"),
    ({"win_type": "discard", "seats": {"winner": 0, "discarder": 0}}, {},
     "invalid_field", "#/context/seats/discarder"),
    ({"win_type": "rob_kong", "seats": {"winner": 0, "discarder": 1, "konger": 2}}, {},
     "invalid_field", "#/context/seats/konger"),
    ({"codes": ["1z"]}, {}, "invalid_tile", "#/context/codes"),   # no 1z in 112 tiles
    ({"codes": ["1m"] * 5}, {}, "too_many_copies", "#/context/codes"),
    ({"codes": ["1m"]}, {"code_mode": "seat"}, "missing_field", "#/context/seats"),
    ({"code_count": 13}, {}, "invalid_field", "#/context/code_count"),
    ({"code_count": -1}, {}, "invalid_field", "#/context/code_count"),
])
def test_context_problems(ctx: dict[str, Any], opts: dict[str, Any], code: str,
                          pointer: str) -> None:
    with pytest.raises(RequestError) as e:
        V.fan(req(WITH_WILD, ctx, opts))
    assert e.value.code == code
    assert pointer in [p.pointer for p in e.value.problems]


def test_problems_are_collected_together() -> None:
    # a bad option, a bad hand and a bad context member: all three reported
    data = {"hand": "123m456m789m123p", "win_tile": "5p", "options": {"qidui": 3},
            "context": {"code_count": 99}}
    with pytest.raises(RequestError) as e:
        V.fan(hz.VARIANT.request(data))
    assert {p.pointer for p in e.value.problems} == {
        "#/options/qidui", "#/hand", "#/context/code_count"}
    assert e.value.code == "invalid_field"  # the first in the §0.4 order


@pytest.mark.parametrize(("mode", "payments", "hits", "to_draw"), [
    # 159z: 2p (rank 2) misses → each pays 2 → winner 6
    ("159z", (-2, 6, -2, -2), (0, 0, 0, 0), 2),
    # seat: 2p points 1 + 1 = seat 2 → a hit on a payer: seat 2 pays 2 + (0 + 1) × 2 = 4,
    # seats 0 and 3 pay 2 → winner 8
    ("seat", (-2, 8, -4, -2), (0, 0, 1, 0), 2),
    # one_code_all: 2 × 2 = 4 on every payment → each pays 6 → winner 18; no codes_to_draw
    ("one_code_all", (-6, 18, -6, -6), (0, 1, 0, 0), None),
])
def test_code_modes_on_one_request(mode: str, payments: tuple[int, ...],
                                   hits: tuple[int, ...], to_draw: int | None) -> None:
    answer = V.fan(req(WITH_WILD, {"seats": {"winner": 1}, "codes": ["2p"]},
                       {"code_mode": mode}))
    assert zero_sum(answer.payments) == payments
    assert answer.code_hits == hits
    assert answer.codes_to_draw == to_draw
