"""rules/rooms.md replayed on the wire: its worked examples (answers compared whole, without
their ``options`` member, as the spec prints them), its error example, and its small cases,
each with the spec's worked sum beside it.

Through the real app (`service.app.create_app`), so that what is checked is what a backend
reads: a bird on an empty chair is ``"seat": null``, the echo lists the room options, the
problem's ``code`` and pointers are the contract's.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.app import create_app
from service.settings import Settings


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app(Settings()).test_client()


def post(client: FlaskClient, path: str, body: dict[str, Any], status: int = 200
         ) -> dict[str, Any]:
    r = client.post(path, json=body)
    assert r.status_code == status, r.get_data(as_text=True)
    answer: dict[str, Any] = r.get_json()
    return answer


def without_options(answer: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in answer.items() if k != "options"}


def chow(tiles: list[str]) -> dict[str, Any]:
    return {"kind": "chow", "tiles": tiles, "as": tiles, "declared": False}


def pair(tile: str) -> dict[str, Any]:
    return {"kind": "pair", "tiles": [tile, tile], "as": [tile, tile], "declared": False}


def single(tile: str) -> dict[str, Any]:
    return {"kind": "single", "tiles": [tile], "as": [tile], "declared": False}


SRLF = {"players": 3, "suits": ["p", "s"], "dian_pao_ping_hu": False, "jia_xin_wu_fan": 1,
        "yi_tiao_long_fan": 1, "jiang_qi_dui_fan": 1, "dai_yao_jiu_fan": 3,
        "tiandi_mode": "additive", "tian_hu_fan": 3, "di_hu_fan": 2, "di_hu_mode": "discard",
        "max_fan": 5}
"""SRLF's 三人两房 room in options (rooms.md §0.9.4.3)."""


# --- Example 1 — 三人两房: 一条龙 and 夹心五 on a self-draw, two payers ------------------------

def test_example_1_pure_straight_and_sandwiched_five_self_drawn(client: FlaskClient) -> None:
    body = {"options": SRLF, "hand": "123p46p789p345s99s", "win_tile": "5p",
            "context": {"win_type": "self_draw", "seats": {"dealer": 0, "winner": 1}}}
    answer = post(client, "/v1/sichuan/fan", body)
    # 平胡 0 + 一条龙 1 + 夹心五 1 + 自摸 1 = 3 ≤ 5 → 1 × 2³ = 8 from seats 0 and 2
    assert without_options(answer) == {
        "win": True,
        "patterns": [
            {"id": "ping_hu", "name": "Plain hand", "name_zh": "平胡", "fan": 0},
            {"id": "yi_tiao_long", "name": "Pure straight", "name_zh": "一条龙", "fan": 1},
            {"id": "jia_xin_wu", "name": "Sandwiched five", "name_zh": "夹心五", "fan": 1},
            {"id": "zi_mo", "name": "Self-draw bonus", "name_zh": "自摸加番", "fan": 1},
        ],
        "fan": 3, "gen_count": 0, "fan_capped": 3, "points_per_payer": 8,
        "payers": "each_active_opponent",
        "payments": [-8, 16, -8],  # −8 + 16 − 8 = 0
        "reading": {"shape": "standard", "groups": [
            chow(["1p", "2p", "3p"]), chow(["4p", "5p", "6p"]), chow(["7p", "8p", "9p"]),
            chow(["3s", "4s", "5s"]), pair("9s")]},
    }
    # the echo lists the room after every option of today, suits in m, p, s order
    options = list(answer["options"])
    assert options[-9:] == ["players", "suits", "hand_size", "dui_dui_hu_fan",
                            "dian_pao_ping_hu", "jia_xin_wu_fan", "jia_xin_wu_count",
                            "yi_tiao_long_fan", "jiang_qi_dui_fan"]
    assert answer["options"]["suits"] == ["p", "s"]
    # seat 2's discard of 5p: 一条龙 1 + 夹心五 1 = 2 → 4 → [0, 4, −4]
    body["context"] = {"win_type": "discard", "seats": {"dealer": 0, "winner": 1,
                                                        "discarder": 2}}
    answer = post(client, "/v1/sichuan/fan", body)
    assert (answer["fan"], answer["points_per_payer"], answer["payments"]) == (2, 4, [0, 4, -4])
    # ... and with both room patterns at 0 that discard is 0 fan: no win
    body["options"] = {**SRLF, "yi_tiao_long_fan": 0, "jia_xin_wu_fan": 0}
    assert without_options(post(client, "/v1/sichuan/fan", body)) == {
        "win": False, "reason": "ping_hu_needs_self_draw"}


# --- Example 2 — 两人一房, 10-tile hands: waits with 五对, then a win ----------------------------

TEN = {"players": 2, "suits": ["s"], "hand_size": 10}


def test_example_2_ten_tiles_waits_and_five_pairs(client: FlaskClient) -> None:
    answer = post(client, "/v1/sichuan/waits", {"options": TEN, "hand": "11s22s33s55s78s"})
    # 6s, 9s: 123 123 55 678 / 789, 平胡 0; 7s, 8s: 五对 2; remaining 4 − held (7s, 8s: one)
    assert without_options(answer) == {"tenpai": True, "shanten": 0, "waits": [
        {"tile": "6s", "remaining": 4, "fan": 0}, {"tile": "7s", "remaining": 3, "fan": 2},
        {"tile": "8s", "remaining": 3, "fan": 2}, {"tile": "9s", "remaining": 4, "fan": 0}]}
    body = {"options": TEN, "hand": "11s22s33s55s78s", "win_tile": "8s",
            "context": {"win_type": "discard", "seats": {"winner": 1, "discarder": 0}}}
    # 五对 2 (named for the 10-tile room; no 清一色 in one suit) → 1 × 2² = 4 from seat 0
    assert without_options(post(client, "/v1/sichuan/fan", body)) == {
        "win": True,
        "patterns": [{"id": "qi_dui", "name": "Five pairs", "name_zh": "五对", "fan": 2}],
        "fan": 2, "gen_count": 0, "fan_capped": 2, "points_per_payer": 4,
        "payers": "discarder", "payments": [-4, 4],  # −4 + 4 = 0
        "reading": {"shape": "seven_pairs", "groups": [
            pair("1s"), pair("2s"), pair("3s"), pair("5s"), single("7s"), pair("8s")]},
    }
    # the same tile self-drawn: 2 + 自摸 1 = 3 → 8; a 6s discard: 平胡 0 → 1
    body["context"] = {"win_type": "self_draw", "seats": {"winner": 1}}
    assert post(client, "/v1/sichuan/fan", body)["payments"] == [-8, 8]
    body["win_tile"] = "6s"
    body["context"] = {"win_type": "discard", "seats": {"winner": 1, "discarder": 0}}
    assert post(client, "/v1/sichuan/fan", body)["payments"] == [-1, 1]


# --- Example 3 — 长沙 with 3 players: the same birds under both conventions -------------------

def test_example_3_changsha_birds_circle_and_modulo(client: FlaskClient) -> None:
    body = {"options": {"players": 3}, "hand": "123m456m789p23s55s", "win_tile": "4s",
            "context": {"win_type": "self_draw", "seats": {"dealer": 0, "winner": 1},
                        "birds": ["3p", "4s"]}}
    answer = post(client, "/v1/changsha/fan", body)
    # circle: 3p → 对家, empty at three (miss); 4s → 上家 of 1 = seat 0 (a payer, hit).
    # seat 0 (dealer) 2 × (1 + 0 + 1) + 1 = 5; seat 2 2 × (1 + 0 + 0) = 2; −5 + 7 − 2 = 0
    assert without_options(answer) == {
        "win": True,
        "patterns": [{"id": "ping_hu", "name": "Small win", "name_zh": "小胡", "fan": 0}],
        "fan": 0, "base_per_payer": 2, "payments": [-5, 7, -2],
        "birds": [{"tile": "3p", "seat": None, "hit": False},
                  {"tile": "4s", "seat": 0, "hit": True}],
        "bird_hits": [1, 0, 0], "birds_expected": 2,
        "reading": {"shape": "standard", "groups": [
            chow(["1m", "2m", "3m"]), chow(["4m", "5m", "6m"]), chow(["7p", "8p", "9p"]),
            chow(["2s", "3s", "4s"]), pair("5s")]},
    }
    assert list(answer["options"])[-2:] == ["players", "bird_seats"]
    # modulo: 3p → (1 + 3 − 1) mod 3 = 0, 4s → 1 (the winner): seat 0 2 × 3 + 1 = 7,
    # seat 2 2 × 2 = 4; −7 + 11 − 4 = 0
    body["options"] = {"players": 3, "bird_seats": "modulo"}
    answer = post(client, "/v1/changsha/fan", body)
    assert (answer["payments"], answer["birds"], answer["bird_hits"]) == (
        [-7, 11, -4], [{"tile": "3p", "seat": 0, "hit": True},
                       {"tile": "4s", "seat": 1, "hit": True}], [1, 1, 0])
    # four players: 3p hits seat 3, the 对家, under both conventions
    for seats in ("circle", "modulo"):
        body["options"] = {"bird_seats": seats}
        assert post(client, "/v1/changsha/fan", body)["payments"] == [-5, 11, -2, -4]


# --- the error example --------------------------------------------------------------------

def test_error_example_a_tile_outside_the_room_and_a_short_hand(client: FlaskClient) -> None:
    body = {"options": TEN, "hand": "123s456s789s11s5p", "win_tile": "5s"}
    answer = post(client, "/v1/sichuan/fan", body, 422)
    assert answer == {
        "type": "urn:hupai:problem:invalid-hand", "title": "Invalid hand", "status": 422,
        "detail": "#/hand: 5p not in the 36-tile set of this room (suits s) (and 1 more "
                  "problem: see errors)",
        "code": "invalid_tile",
        "errors": [
            {"pointer": "#/hand", "detail": "5p not in the 36-tile set of this room (suits s)"},
            {"pointer": "#/hand", "detail": "expected 10 tiles plus win_tile (hand + 3 per "
             "meld, a kong counts 3), got 12 in hand + 0 melds = 12"}]}
    # a seats.winner of 2 in the same request stops at the shape stage
    body["context"] = {"seats": {"winner": 2}}
    answer = post(client, "/v1/sichuan/fan", body, 422)
    assert answer["code"] == "invalid_field"
    assert [e["pointer"] for e in answer["errors"]] == ["#/context/seats/winner"]
    assert "winner must be a seat number 0–1 (2 players)" in answer["errors"][0]["detail"]


# --- small cases ----------------------------------------------------------------------------

def fan_of(client: FlaskClient, variant: str, options: dict[str, Any], hand: str, win: str,
           context: dict[str, Any]) -> dict[str, Any]:
    return post(client, f"/v1/{variant}/fan", {"options": options, "hand": hand,
                                               "win_tile": win, "context": context})


def test_case_1_the_default_room_is_today(client: FlaskClient) -> None:
    answer = fan_of(client, "sichuan", {}, "1111m3333m55m77m9m", "9m",
                    {"win_type": "discard", "seats": {"winner": 0, "discarder": 2}})
    # 七对 2 + 清一色 2 + 根 2 = 6, capped 4 → 16 from seat 2: [16, 0, −16, 0]
    assert (answer["fan"], answer["fan_capped"], answer["points_per_payer"],
            answer["payments"]) == (6, 4, 16, [16, 0, -16, 0])


@pytest.mark.parametrize(("options", "win", "context", "expected"), [
    # 2: 三人三房, self-draw by seat 1: 平胡 + 自摸 = 1 → 2 each: [−2, 4, −2]
    ({"players": 3}, "9s", {"win_type": "self_draw", "seats": {"winner": 1}},
     (1, 2, [-2, 4, -2])),
    # 3: the same hand on seat 2's 9s: 平胡 0 → 1: [0, 1, −1]
    ({"players": 3}, "9s", {"win_type": "discard", "seats": {"winner": 1, "discarder": 2}},
     (0, 1, [0, 1, -1])),
])
def test_cases_2_and_3_three_players(client: FlaskClient, options: dict[str, Any], win: str,
                                     context: dict[str, Any],
                                     expected: tuple[int, int, list[int]]) -> None:
    answer = fan_of(client, "sichuan", options, "123p456p789p345s9s", win, context)
    assert (answer["fan"], answer["points_per_payer"], answer["payments"]) == expected


TWO_SUITS_NO_PING = {"suits": ["p", "s"], "dian_pao_ping_hu": False}


def test_cases_4_to_6_a_plain_hand_must_be_self_drawn(client: FlaskClient) -> None:
    hand = "234p567p222s34s99s"
    # 4: 5s on a discard is 平胡 0: no win, a 200 with the reason
    answer = fan_of(client, "sichuan", TWO_SUITS_NO_PING, hand, "5s", {"win_type": "discard"})
    assert without_options(answer) == {"win": False, "reason": "ping_hu_needs_self_draw"}
    answer = post(client, "/v1/sichuan/win", {"options": TWO_SUITS_NO_PING, "hand": hand,
                                              "win_tile": "5s",
                                              "context": {"win_type": "discard"}})
    assert without_options(answer) == {"win": False, "reason": "ping_hu_needs_self_draw"}
    # 5: 2s: 平胡 + 根 (2222s) = 1 → 2; 5s self-drawn: 平胡 + 自摸 = 1 → 2; both allowed
    answer = fan_of(client, "sichuan", TWO_SUITS_NO_PING, hand, "2s", {"win_type": "discard"})
    assert (answer["fan"], answer["points_per_payer"]) == (1, 2)
    answer = fan_of(client, "sichuan", TWO_SUITS_NO_PING, hand, "5s",
                    {"win_type": "self_draw"})
    assert (answer["fan"], answer["points_per_payer"]) == (1, 2)
    # 6: waits ignore the option: 2s (1), 5s (0) and 9s (0) are all waits
    answer = post(client, "/v1/sichuan/waits", {"options": TWO_SUITS_NO_PING, "hand": hand})
    assert [(w["tile"], w["fan"]) for w in answer["waits"]] == [("2s", 1), ("5s", 0),
                                                                 ("9s", 0)]


@pytest.mark.parametrize(("options", "hand", "win", "expected"), [
    # 8: 对对胡两番: 111p 333p 777s 999s + 55s: 对对胡 2 → 4 (today 1 → 2)
    ({"dui_dui_hu_fan": 2}, "111p333p777s999s5s", "5s", (2, 4)),
    # 9: 222p 555p 888s 22s 55s + 2s: 对对胡 2 + 将对 1 = 3 → 8 (将对 stays 3: today 1 + 2)
    ({"dui_dui_hu_fan": 2}, "222p555p888s22s55s", "2s", (3, 8)),
    ({}, "222p555p888s22s55s", "2s", (3, 8)),
    # 10: 2222p 55p 88p 22s 55s 8s + 8s: 七对 2 + 根 1 + 将七对 1 = 4 → 16 (today 3 → 8)
    ({"jiang_qi_dui_fan": 1}, "2222p55p88p22s55s8s", "8s", (4, 16)),
    ({}, "2222p55p88p22s55s8s", "8s", (3, 8)),
])
def test_cases_8_to_10_room_fan_options_on_a_discard(client: FlaskClient, options: dict[str, Any],
                                                     hand: str, win: str,
                                                     expected: tuple[int, int]) -> None:
    answer = fan_of(client, "sichuan", options, hand, win, {"win_type": "discard"})
    assert (answer["fan"], answer["points_per_payer"]) == expected


@pytest.mark.parametrize(("count", "win_type", "expected"), [
    # 11: 456s 456p 46p 123s 99s + 5p self-drawn: 平胡 + 夹心五 1 + 自摸 1 = 2 → 4
    ("once", "self_draw", (2, 4, None)),
    # 12: per_456 self-drawn: 456p 456p 456s, N = 3: 夹心五 3 (count 3) + 自摸 1 = 4 → 16
    ("per_456", "self_draw", (4, 16, 3)),
    # ... on a discard N = 1: 夹心五 1 → 2
    ("per_456", "discard", (1, 2, None)),
])
def test_cases_11_and_12_sandwiched_five(client: FlaskClient, count: str, win_type: str,
                                         expected: tuple[int, int, int | None]) -> None:
    answer = fan_of(client, "sichuan", {"jia_xin_wu_fan": 1, "jia_xin_wu_count": count},
                    "456s456p46p123s99s", "5p", {"win_type": win_type})
    five = next(p for p in answer["patterns"] if p["id"] == "jia_xin_wu")
    assert (answer["fan"], answer["points_per_payer"], five.get("count")) == expected
    assert "tiles" not in five


def test_case_13_pure_straight_in_ten_tiles(client: FlaskClient) -> None:
    # 四人两房, g = 3: 123p 456p 789p + 55s on a discard: 一条龙 1 → 2
    answer = fan_of(client, "sichuan", {"hand_size": 10, "suits": ["p", "s"],
                                        "yi_tiao_long_fan": 1},
                    "123p456p789p5s", "5s", {"win_type": "discard"})
    assert [p["id"] for p in answer["patterns"]] == ["ping_hu", "yi_tiao_long"]
    assert (answer["fan"], answer["points_per_payer"]) == (1, 2)


SEVEN = {"players": 2, "suits": ["m"], "hand_size": 7}


def test_cases_14_to_16_seven_tiles(client: FlaskClient) -> None:
    # 14: 11m 22m 33m 4m waits on 1m (11 + 123 + 234: 0) and 4m (四对 2 beats 123 123 44)
    answer = post(client, "/v1/sichuan/waits", {"options": SEVEN, "hand": "11m22m33m4m"})
    assert [(w["tile"], w["fan"]) for w in answer["waits"]] == [("1m", 0), ("4m", 2)]
    # 15: + 4m self-drawn by seat 0: 四对 2 + 自摸 1 = 3 → 8: [8, −8] (no 清一色 in one suit)
    answer = fan_of(client, "sichuan", SEVEN, "11m22m33m4m", "4m",
                    {"win_type": "self_draw", "seats": {"winner": 0}})
    assert [(p["id"], p["name_zh"]) for p in answer["patterns"]] == [("qi_dui", "四对"),
                                                                    ("zi_mo", "自摸加番")]
    assert (answer["fan"], answer["points_per_payer"], answer["payments"]) == (3, 8, [8, -8])
    # 16: 1111m 22m 3m + 3m: 四对 2 + 根 1 = 3 → 8. (The spec's 11 123 123 reading, 平胡 +
    # 根 = 1, also holds a 1 in every group: 带幺九 2, so 0 + 2 + 1 = 3 too — a tie, and
    # RULES.md §0.6 lets either pattern set be answered, fan and amounts the same.)
    answer = fan_of(client, "sichuan", SEVEN, "1111m22m3m", "3m", {"win_type": "discard"})
    assert [p["id"] for p in answer["patterns"]] in (["qi_dui", "gen"],
                                                     ["ping_hu", "dai_yao_jiu", "gen"])
    assert (answer["fan"], answer["points_per_payer"]) == (3, 8)


def test_cases_17_and_18_one_suit(client: FlaskClient) -> None:
    # 17: 11s 33s 55s 77s 99s (10 tiles): five pairs, any kind of the room is the single
    answer = post(client, "/v1/sichuan/waits", {"options": TEN, "hand": "11s33s55s77s99s"})
    assert [(w["tile"], w["fan"]) for w in answer["waits"]] == [
        (f"{r}s", 2) for r in range(1, 10)]
    # 18: 七对 in a one-suit room: 2, no 清一色 → 4: [−4, 4]; today's room 七对 + 清一色 = 4
    body = {"hand": "11s22s33s55s77s88s9s", "win_tile": "9s",
            "context": {"win_type": "discard", "seats": {"winner": 1, "discarder": 0}}}
    answer = post(client, "/v1/sichuan/fan", {**body, "options": {"players": 2, "suits": ["s"]}})
    assert (answer["fan"], answer["points_per_payer"], answer["payments"]) == (2, 4, [-4, 4])
    answer = post(client, "/v1/sichuan/fan", body)
    assert (answer["fan"], answer["points_per_payer"]) == (4, 16)


@pytest.mark.parametrize(("options", "body", "code", "pointer", "words"), [
    # 19: a 5m in a p, s room
    ({"players": 3, "suits": ["p", "s"]}, {"hand": "5m23p456p789p11s22s", "win_tile": "2s"},
     "invalid_tile", "#/hand", "5m not in the 72-tile set of this room (suits p, s)"),
    # 20: seat 3 at a table of three
    ({"players": 3}, {"hand": "123p456p789p345s9s", "win_tile": "9s",
                      "context": {"seats": {"winner": 3}}},
     "invalid_field", "#/context/seats/winner", "0–2 (3 players)"),
    # 21: no 定缺 in 两房
    ({"suits": ["p", "s"]}, {"hand": "123p456p789p345s9s", "win_tile": "9s",
                             "context": {"missing_suit": "m"}},
     "invalid_field", "#/context/missing_suit", "has no 定缺"),
    # 22: 4 × 13 + 1 = 53 > 36
    ({"players": 4, "suits": ["m"]}, {"hand": "123m456m789m123m5m", "win_tile": "5m"},
     "invalid_option", "#/options", "53 > the 36 tiles"),
])
def test_cases_19_to_22_refusals(client: FlaskClient, options: dict[str, Any],
                                 body: dict[str, Any], code: str, pointer: str,
                                 words: str) -> None:
    answer = post(client, "/v1/sichuan/fan", {**body, "options": options}, 422)
    assert answer["code"] == code
    found = [e for e in answer["errors"] if e["pointer"] == pointer]
    assert found and words in found[0]["detail"], answer


@pytest.mark.parametrize(("seats", "birds"), [
    # 23: circle with 2 players: 2m → miss, 3p → seat 1 (对家): 2 × (1 + 0 + 1) + 1 = 5
    ("circle", ([None, 1], [5, -5])),
    # 24: modulo: 2m → seat 1, 3p → seat 0: 2 × (1 + 1 + 1) + 1 = 7
    ("modulo", ([1, 0], [7, -7])),
])
def test_cases_23_and_24_changsha_two_players(client: FlaskClient, seats: str,
                                              birds: tuple[list[int | None], list[int]]) -> None:
    answer = fan_of(client, "changsha", {"players": 2, "bird_seats": seats},
                    "123m456m789p23s55s", "4s",
                    {"win_type": "self_draw", "seats": {"dealer": 0, "winner": 0},
                     "birds": ["2m", "3p"]})
    assert ([b["seat"] for b in answer["birds"]], answer["payments"]) == birds


@pytest.mark.parametrize(("seats", "expected"), [
    # 25: circle, 3 players: 1m → the winner, 3p → 对家, empty (miss); each payer 2 + 2 = 4
    ("circle", [-4, 8, -4]),
    # modulo: 3p → (1 + 3 − 1) mod 3 = seat 0: seat 0 pays 2 + (1 + 1) × 2 = 6
    ("modulo", [-6, 10, -4]),
])
def test_case_25_hongzhong_codes_by_seat(client: FlaskClient, seats: str,
                                         expected: list[int]) -> None:
    answer = fan_of(client, "hongzhong", {"players": 3, "code_mode": "seat",
                                          "code_seats": seats},
                    "123m456m789p23s55s", "4s",
                    {"win_type": "self_draw", "seats": {"winner": 1}, "codes": ["1m", "3p"]})
    assert answer["payments"] == expected


def test_case_26_hongzhong_rob_kong_at_three(client: FlaskClient) -> None:
    # settled reading 1: 2p lands on the winner's next seat, the robbed konger, so his two
    # shares are (2 + 2) + (2 + (1 + 1) × 2) = 4 + 6 = 10: [0, 10, −10]
    answer = fan_of(client, "hongzhong", {"players": 3, "code_mode": "seat"},
                    "123m456m789p23s55s", "4s",
                    {"win_type": "rob_kong", "seats": {"winner": 1, "konger": 2},
                     "codes": ["1m", "2p"]})
    assert answer["payments"] == [0, 10, -10]


def test_case_27_nanchang_three_pay_at_three(client: FlaskClient) -> None:
    # 德国 1 (M = 2, flat 5): discarder 2·2·1 + 5 = 9; seat 0 (dealer) 2·1·2 + 5 = 9
    context = {"win_type": "discard", "jing": {"zheng": "1z", "fu": "2z"},
               "seats": {"dealer": 0, "winner": 1, "discarder": 2}}
    answer = fan_of(client, "nanchang", {"players": 3}, "123m456m789p23s55s", "4s", context)
    assert answer["payments"] == [-9, 18, -9]  # −9 + 18 − 9 = 0
    answer = fan_of(client, "nanchang", {}, "123m456m789p23s55s", "4s", context)
    assert answer["payments"] == [-9, 25, -9, -7]


def test_case_28_nanchang_jing_settlement_at_three(client: FlaskClient) -> None:
    holdings = [{"zheng": 2, "fu": 1}, {"zheng": 0, "fu": 1}, {"zheng": 0, "fu": 0}]
    # scores 2·2 + 1 = 5 → 冲关 5 × 2 = 10, 1, 0; deltas 3·10 − 11 = 19, 3·1 − 11 = −8, −11
    for options in ({"players": 3}, {}):
        answer = post(client, "/v1/nanchang/jing-settlement",
                      {"options": options, "context": {"holdings": holdings}})
        assert (answer["scores"], answer["deltas"]) == ([10, 1, 0], [19, -8, -11])
        assert answer["options"]["players"] == 3  # reconciled.md §22: the room the holdings make
    answer = post(client, "/v1/nanchang/jing-settlement",
                  {"options": {"players": 4}, "context": {"holdings": holdings}}, 422)
    assert [e["pointer"] for e in answer["errors"]] == ["#/context/holdings"]


@pytest.mark.parametrize(("kong", "seats", "expected"), [
    # 29: 暗杠 by seat 1: 2 from each of seats 2 and 0: [−2, 4, −2]
    ({"type": "concealed", "tile": "5p"}, {"konger": 1}, [-2, 4, -2]),
    # 直杠 off seat 2 with zhi_gang_others 1: seat 2 pays 2, seat 0 pays 1: [−1, 3, −2]
    ({"type": "exposed", "tile": "5p"}, {"konger": 1, "discarder": 2}, [-1, 3, -2]),
])
def test_case_29_sichuan_kongs_at_three(client: FlaskClient, kong: dict[str, Any],
                                        seats: dict[str, Any], expected: list[int]) -> None:
    answer = post(client, "/v1/sichuan/kong", {
        "options": {"players": 3, "zhi_gang_others": 1},
        "context": {"kong": kong, "seats": seats}})
    assert answer["payments"] == expected


@pytest.mark.parametrize(("players", "source", "refused"), [
    # 32: no 对家 at three; with two only discard_left names the other seat's discard
    (3, "discard_opposite", True), (3, "discard_right", False), (3, "discard_left", False),
    (2, "discard_opposite", True), (2, "discard_right", True), (2, "discard_left", False),
    (4, "discard_opposite", False),
])
def test_case_32_claims_sources_by_player_count(client: FlaskClient, players: int, source: str,
                                                refused: bool) -> None:
    body = {"options": {"players": players}, "hand": "123p456p789p345s9s", "tile": "9s",
            "context": {"source": source}}
    r = client.post("/v1/sichuan/claims", json=body)
    assert r.status_code == (422 if refused else 200), r.get_data(as_text=True)
    if refused:
        answer = r.get_json()
        assert (answer["code"], answer["errors"][0]["pointer"]) == ("invalid_field",
                                                                    "#/context/source")


@pytest.mark.parametrize(("options", "pointer"), [
    ({"players": 5}, "#/options/players"),
    ({"players": "3"}, "#/options/players"),
    ({"suits": "ps"}, "#/options/suits"),
    ({"suits": []}, "#/options/suits"),
    ({"suits": ["p", "p"]}, "#/options/suits/1"),
    ({"suits": ["p", "z"]}, "#/options/suits/1"),
    ({"hand_size": 11}, "#/options/hand_size"),
    ({"dui_dui_hu_fan": 3}, "#/options/dui_dui_hu_fan"),
    ({"jia_xin_wu_fan": 3}, "#/options/jia_xin_wu_fan"),
    ({"jia_xin_wu_count": "twice"}, "#/options/jia_xin_wu_count"),
    ({"yi_tiao_long_fan": -1}, "#/options/yi_tiao_long_fan"),
    ({"jiang_qi_dui_fan": 3}, "#/options/jiang_qi_dui_fan"),
    ({"dian_pao_ping_hu": "no"}, "#/options/dian_pao_ping_hu"),
])
def test_every_room_option_is_validated_at_its_pointer(client: FlaskClient,
                                                       options: dict[str, Any],
                                                       pointer: str) -> None:
    answer = post(client, "/v1/sichuan/win", {"options": options, "hand": "123p456p789p345s9s",
                                              "win_tile": "9s"}, 422)
    assert answer["code"] == "invalid_option"
    assert [e["pointer"] for e in answer["errors"]] == [pointer]


@pytest.mark.parametrize(("variant", "option"), [
    ("changsha", {"suits": ["p", "s"]}), ("nanchang", {"suits": ["p", "s"]}),
    ("changsha", {"hand_size": 10}), ("nanchang", {"hand_size": 10}),
    ("hongzhong", {"hand_size": 10}), ("sichuan", {"bird_seats": "modulo"}),
])
def test_room_options_a_variant_does_not_take_are_unknown(client: FlaskClient, variant: str,
                                                          option: dict[str, Any]) -> None:
    (name,) = option
    context = {"jing": {"zheng": "1z", "fu": "2z"}} if variant == "nanchang" else {}
    answer = post(client, f"/v1/{variant}/win", {"options": option, "context": context,
                                                  "hand": "123m456m789p234s5s",
                                                  "win_tile": "5s"}, 422)
    assert answer["code"] == "invalid_option"
    assert answer["errors"][0]["pointer"] == f"#/options/{name}"
    assert "unknown option" in answer["errors"][0]["detail"]


def test_hongzhong_wild_kinds_must_be_of_the_room(client: FlaskClient) -> None:
    # GF's two-player room: 万 and the honors (136 tiles, one suit): 5p is not in it
    answer = post(client, "/v1/hongzhong/win", {
        "options": {"players": 2, "tile_set": "136", "suits": ["m"], "wild_tiles": ["5p"]},
        "hand": "123m456m789m23m55m", "win_tile": "4m"}, 422)
    assert [e["pointer"] for e in answer["errors"]] == ["#/options/wild_tiles/0"]
    assert "64-tile set of this room (suits m)" in answer["errors"][0]["detail"]


def test_variants_list_the_room_options(client: FlaskClient) -> None:
    listed = {v["id"]: v for v in client.get("/v1/variants").get_json()["variants"]}
    rows = {vid: [o["name"] for o in v["options"]] for vid, v in listed.items()}
    assert rows["sichuan"][-9:] == ["players", "suits", "hand_size", "dui_dui_hu_fan",
                                    "dian_pao_ping_hu", "jia_xin_wu_fan", "jia_xin_wu_count",
                                    "yi_tiao_long_fan", "jiang_qi_dui_fan"]
    assert rows["changsha"][-2:] == ["players", "bird_seats"]
    assert rows["nanchang"][-1:] == ["players"]
    assert rows["hongzhong"][-3:] == ["players", "suits", "code_seats"]
    suits = next(o for o in listed["sichuan"]["options"] if o["name"] == "suits")
    assert (suits["type"], suits["default"]) == ("suit_list", ["m", "p", "s"])
    # the variant's tile set stays the default room's
    assert [listed[v]["tile_set"] for v in ("sichuan", "hongzhong", "nanchang")] == [
        "108", "112", "136"]


# --- Example 4 and the settle small cases (rooms.md §0.9.4.5) ---------------------------------

def test_example_4_three_players_two_suits_settle(client: FlaskClient) -> None:
    body = {
        "options": {"players": 3, "suits": ["p", "s"], "dian_pao_ping_hu": False},
        "record": {
            "dealer": 0,
            "events": [
                {"type": "kong", "seat": 0, "kong": {"type": "added", "tile": "6p"}},
                {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "9s"}},
                {"type": "win", "from": 0, "win_tile": "5s",
                 "context": {"win_type": "discard"},
                 "winners": [{"seat": 1, "hand": "111p888p222s444s5s"}]},
            ],
            "end": {"hands": [
                {"hand": "2p4p7p9p1s2s3s6s7s8s", "melds": [{"type": "kong", "tiles": "6666p"}]},
                None,
                {"hand": "234p345p33s45s",
                 "melds": [{"type": "kong", "tiles": "9999s", "concealed": True}]},
            ]},
        },
    }
    answer = post(client, "/v1/sichuan/settle", body)
    # e0 补杠 6p by seat 0: seats 1, 2 pay 1 each; e1 暗杠 9s by seat 2: seats 0, 1 pay 2;
    # e2 对对胡 1 → 2 from seat 0 (≥ 1 fan: allowed without 点炮可平胡); seat 1 leaves;
    # end: seat 0 not ready, seat 2 waits 3s / 6s (平胡 0 + 根 1 = 1 → 2): 查大叫 0 → 2 two;
    # 退税: seat 0 returns e0's row to seat 2 (seat 1 has left). Totals 1 + 1 − 2 − 2 − 2 − 1
    # = −5; −1 − 2 + 2 = −1; −1 + 2 + 2 + 2 + 1 = 6: −5 − 1 + 6 = 0
    assert without_options(answer) == {
        "transfers": [
            {"reason": "kong", "event": 0, "from": 1, "to": 0, "amount": 1},
            {"reason": "kong", "event": 0, "from": 2, "to": 0, "amount": 1},
            {"reason": "kong", "event": 1, "from": 0, "to": 2, "amount": 2},
            {"reason": "kong", "event": 1, "from": 1, "to": 2, "amount": 2},
            {"reason": "win", "event": 2, "from": 0, "to": 1, "amount": 2},
            {"reason": "da_jiao", "from": 0, "to": 2, "amount": 2},
            {"reason": "tui_shui", "event": 0, "from": 0, "to": 2, "amount": 1},
        ],
        "totals": [-5, -1, 6],
        "wins": [{"event": 2, "seat": 1, "patterns": [
            {"id": "dui_dui_hu", "name": "All triplets", "name_zh": "对对胡", "fan": 1}],
            "fan": 1, "gen_count": 0, "fan_capped": 1, "points_per_payer": 2}],
        "active": [0, 2],
        "statuses": [
            {"status": "not_ready"},
            {"status": "won"},
            {"status": "ready", "waits": ["3s", "6s"], "best": {"tile": "3s", "patterns": [
                {"id": "ping_hu", "name": "Plain hand", "name_zh": "平胡", "fan": 0},
                {"id": "gen", "name": "Root (four of a kind)", "name_zh": "根", "fan": 1,
                 "tiles": ["9s"]}],
                "fan": 1, "gen_count": 1, "fan_capped": 1, "points": 2}},
        ],
    }


def test_case_7_no_events_then_da_jiao_at_three(client: FlaskClient) -> None:
    # seat 0 waits on 9s (平胡 0: 1 × 2⁰ = 1 even under dian_pao_ping_hu false); seats 1
    # and 2 not ready: each pays 1 → [2, −1, −1]
    answer = post(client, "/v1/sichuan/settle", {
        "options": {"players": 3, "suits": ["p", "s"], "dian_pao_ping_hu": False},
        "record": {"dealer": 0, "events": [], "end": {"hands": [
            {"hand": "123p456p789p345s9s"}, {"hand": "1p3p5p7p9p1s2s3s4s5s6s7s8s"},
            {"hand": "2p4p6p8p1s2s3s4s5s6s7s8s9s"}]}}})
    assert answer["totals"] == [2, -1, -1]  # 2 − 1 − 1 = 0
    assert [s["status"] for s in answer["statuses"]] == ["ready", "not_ready", "not_ready"]
    assert answer["statuses"][0]["best"]["points"] == 1


WIN_SEAT_1 = {"type": "win", "from": 0, "win_tile": "9s", "context": {"win_type": "discard"},
              "winners": [{"seat": 1, "hand": "123p456p789p345s9s"}]}


def test_case_30_two_players_end_with_the_first_win(client: FlaskClient) -> None:
    answer = post(client, "/v1/sichuan/settle", {
        "options": {"players": 2},
        "record": {"dealer": 0, "events": [
            WIN_SEAT_1, {"type": "kong", "seat": 0,
                         "kong": {"type": "concealed", "tile": "1m"}}]}}, 422)
    assert (answer["code"], answer["errors"][0]["pointer"]) == ("hand_over",
                                                                "#/record/events/1")
    assert "first win" in answer["errors"][0]["detail"]


def test_case_31_two_winners_end_a_hand_of_three(client: FlaskClient) -> None:
    both = {**WIN_SEAT_1, "from": 0, "winners": [
        {"seat": 1, "hand": "123p456p789p345s9s"}, {"seat": 2, "hand": "123m456m789m345s9s"}]}
    answer = post(client, "/v1/sichuan/settle", {
        "options": {"players": 3}, "record": {"dealer": 0, "events": [both]}})
    assert answer["totals"] == [-2, 1, 1]  # 平胡 0 each: 1 from seat 0 to each winner
    answer = post(client, "/v1/sichuan/settle", {
        "options": {"players": 3}, "record": {"dealer": 0, "events": [both], "end": {
            "hands": [{"hand": "123m456m789m345s1p"}, None, None]}}}, 422)
    assert (answer["code"], answer["errors"][0]["pointer"]) == ("hand_over", "#/record/end")
    # three winners of one discard at a table of three: more than P − 1
    three = {**both, "winners": [*both["winners"], {"seat": 0, "hand": "123m456m789m345s9s"}]}
    answer = post(client, "/v1/sichuan/settle", {
        "options": {"players": 3}, "record": {"dealer": 0, "events": [three]}}, 422)
    assert ("#/record/events/0/winners" in [e["pointer"] for e in answer["errors"]])


@pytest.mark.parametrize(("options", "record", "pointer"), [
    # per-seat arrays of P entries
    ({"players": 3}, {"dealer": 0, "events": [], "missing_suits": ["m", "p", "s", "m"]},
     "#/record/missing_suits"),
    ({"players": 3}, {"dealer": 0, "events": [], "end": {"hands": [{"hand": "1m"}] * 4}},
     "#/record/end/hands"),
    # a seat of the room
    ({"players": 3}, {"dealer": 3, "events": []}, "#/record/dealer"),
    ({"players": 2}, {"dealer": 0, "events": [
        {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "1m"}}]},
     "#/record/events/0/seat"),
    # no 定缺 below three suits
    ({"suits": ["p", "s"]}, {"dealer": 0, "events": [], "missing_suits": [None, "m", None,
                                                                           None]},
     "#/record/missing_suits/1"),
])
def test_settle_records_of_a_room(client: FlaskClient, options: dict[str, Any],
                                  record: dict[str, Any], pointer: str) -> None:
    answer = post(client, "/v1/sichuan/settle", {"options": options, "record": record}, 422)
    assert answer["code"] == "invalid_field"
    assert pointer in [e["pointer"] for e in answer["errors"]], answer


def test_settle_kongs_per_seat_in_a_room_of_seven(client: FlaskClient) -> None:
    # g = 2: a third kong by one seat is one more than a hand holds
    kongs = [{"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": t}}
             for t in ("1m", "2m", "3m")]
    answer = post(client, "/v1/sichuan/settle", {
        "options": {"players": 2, "suits": ["m"], "hand_size": 7},
        "record": {"dealer": 0, "events": kongs}}, 422)
    assert (answer["code"], answer["errors"][0]["pointer"]) == ("meld_mismatch",
                                                                "#/record/events/2/kong/tile")
    assert "third kong" in answer["errors"][0]["detail"]


def test_settle_refuses_a_plain_discard_win_under_dian_pao_ping_hu_false(
        client: FlaskClient) -> None:
    answer = post(client, "/v1/sichuan/settle", {
        "options": {"players": 3, "dian_pao_ping_hu": False},
        "record": {"dealer": 0, "events": [WIN_SEAT_1]}}, 422)
    assert (answer["code"], answer["errors"][0]["pointer"]) == (
        "not_a_win", "#/record/events/0/winners/0/hand")
    assert "ping_hu_needs_self_draw" in answer["errors"][0]["detail"]


def test_claims_name_the_room_of_a_tile_outside_it(client: FlaskClient) -> None:
    # rules/rooms.md §0.9.2: a tile outside the room wherever it stands, the room named
    answer = post(client, "/v1/sichuan/claims", {
        "options": {"suits": ["p", "s"]}, "hand": "123p456p789p345s9s", "tile": "5m",
        "context": {"source": "discard_left", "passed": {"tiles": ["1m"], "fan": 0}}}, 422)
    assert {(e["pointer"], e["detail"]) for e in answer["errors"]} == {
        ("#/tile", "5m is not in the 72-tile set of this room (suits p, s)"),
        ("#/context/passed/tiles", "1m not in the 72-tile set of this room (suits p, s)")}

