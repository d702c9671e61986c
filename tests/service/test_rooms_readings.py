"""rules/rooms.md on the wire, beyond its worked examples and small cases (`test_rooms`): the
seat bounds of a smaller room in every operation of every variant (§0.9.3, reconciled.md §1),
and each of the spec's settled readings with its worked sum.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.app import create_app
from service.settings import Settings
from tests.service.test_rooms import post


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app(Settings()).test_client()



SEAT_BOUND_OPS = [(variant, op) for variant in ("sichuan", "changsha", "nanchang", "hongzhong")
                  for op in ("win", "waits", "discards", "fan")]


@pytest.mark.parametrize(("variant", "op"), SEAT_BOUND_OPS)
@pytest.mark.parametrize(("member", "pointer"), [
    ({"seats": {"winner": 3, "dealer": 0}}, "#/context/seats/winner"),
    # 长沙 and 红中 do not read active (the hand ends with the first win), yet its entries are
    # seats of the room too: every seat member is < players
    ({"seats": {"winner": 0, "dealer": 0}, "active": [0, 3]}, "#/context/active/1"),
])
def test_every_operation_bounds_its_seats_by_the_room(client: FlaskClient, variant: str,
                                                      op: str, member: dict[str, Any],
                                                      pointer: str) -> None:
    # a table of three: seat 3 is an empty chair, in win and waits as in fan
    context: dict[str, Any] = {**member, "win_type": "self_draw"}
    if variant == "nanchang":
        context["jing"] = {"zheng": "1z", "fu": "2z"}
    body: dict[str, Any] = {"options": {"players": 3}, "hand": "123m456m789p23s55s",
                            "context": context}
    if op in ("win", "fan"):
        body["win_tile"] = "4s"
    if op == "discards":
        body["hand"] += "9s"
    answer = post(client, f"/v1/{variant}/{op}", body, 422)
    assert answer["code"] == "invalid_field"
    words = "a seat is a number" if "active" in pointer else "winner must be a seat number"
    assert {"pointer": pointer, "detail": f"{words} 0–2 (3 players); got 3"} in answer["errors"]
    # the same seats at a table of four are seats of the room
    post(client, f"/v1/{variant}/{op}", {**body, "options": {}})


# --- the settled readings (rooms.md, "Settled readings") ---------------------------------------

def priced(answer: dict[str, Any]) -> tuple[list[str], int, int]:
    return [p["id"] for p in answer["patterns"]], answer["fan"], answer["points_per_payer"]


def test_reading_2_jiang_qi_dui_counts_a_four_whatever_gen_mode(client: FlaskClient) -> None:
    body = {"hand": "2222p55p88p22s55s8s", "win_tile": "8s",
            "context": {"win_type": "discard"}}
    # kong_only: the concealed 2222p is no 根, yet it is the four 将七对 needs:
    # 七对 2 + 将七对 1 = 3 → 2³ = 8
    answer = post(client, "/v1/sichuan/fan", {
        **body, "options": {"jiang_qi_dui_fan": 1, "gen_mode": "kong_only"}})
    assert priced(answer) == (["qi_dui", "jiang_qi_dui"], 3, 8)
    # any_four (default): 七对 2 + 根 1 + 将七对 1 = 4 → 16 (small case 10)
    answer = post(client, "/v1/sichuan/fan", {**body, "options": {"jiang_qi_dui_fan": 1}})
    assert priced(answer) == (["qi_dui", "gen", "jiang_qi_dui"], 4, 16)


def test_reading_3_a_ten_tile_five_pairs_needs_a_four_for_jiang_qi_dui(
        client: FlaskClient) -> None:
    options = {"hand_size": 10, "jiang_qi_dui_fan": 1}
    # 22p 55p 88p 22s 55s + 8s: five pairs of 2/5/8 and a single, no four: 五对 2 → 4
    answer = post(client, "/v1/sichuan/fan", {"options": options, "hand": "22p55p88p22s55s",
                                              "win_tile": "8s",
                                              "context": {"win_type": "discard"}})
    assert priced(answer) == (["qi_dui"], 2, 4)
    # 2222p 55p 88p 22s + 5s: a four among them: 五对 2 + 根 1 + 将七对 1 = 4 → 16
    answer = post(client, "/v1/sichuan/fan", {"options": options, "hand": "2222p55p88p22s",
                                              "win_tile": "5s",
                                              "context": {"win_type": "discard"}})
    assert priced(answer) == (["qi_dui", "gen", "jiang_qi_dui"], 4, 16)


@pytest.mark.parametrize(("players", "payments"), [
    # 1m hits the winner, the dealer: each payer 2 × (1 + 1 + 0) + 1 (庄闲分) = 5
    (2, [5, -5]), (3, [10, -5, -5]), (4, [15, -5, -5, -5])])
def test_reading_5_a_159_only_miss_keeps_todays_form(client: FlaskClient, players: int,
                                                     payments: list[int]) -> None:
    answer = post(client, "/v1/changsha/fan", {
        "options": {"players": players, "bird_mode": "159_only"},
        "hand": "123m456m789p23s55s", "win_tile": "4s",
        "context": {"win_type": "self_draw", "seats": {"winner": 0, "dealer": 0},
                    "birds": ["1m", "3p"]}})
    assert answer["payments"] == payments
    # the 3p miss names no seat, at every table size
    assert answer["birds"] == [{"tile": "1m", "seat": 0, "hit": True},
                               {"tile": "3p", "hit": False}]


@pytest.mark.parametrize(("players", "birds"), [
    # counted from the dealer (seat 0); the winner is seat 1. Two players, circle: 3m → the
    # other (seat 1, the winner), 2p → 下家, a miss (null). Three: 3m → 对家, empty (null);
    # 2p → seat 1. Four: 3m → seat 2, 2p → seat 1.
    (2, [{"tile": "3m", "seat": 1, "hit": True}, {"tile": "2p", "seat": None, "hit": False}]),
    (3, [{"tile": "3m", "seat": None, "hit": False}, {"tile": "2p", "seat": 1, "hit": True}]),
    (4, [{"tile": "3m", "seat": 2, "hit": False}, {"tile": "2p", "seat": 1, "hit": True}]),
])
def test_reading_6_the_seed_profile_at_smaller_tables(client: FlaskClient, players: int,
                                                      birds: list[dict[str, Any]]) -> None:
    answer = post(client, "/v1/changsha/fan", {
        "options": {"players": players, "scoring_profile": "seed_simplified"},
        "hand": "123m456m789p23s55s", "win_tile": "4s",
        "context": {"win_type": "self_draw", "seats": {"winner": 1, "dealer": 0},
                    "birds": ["3m", "2p"]}})
    assert answer["birds"] == birds
    # each bird: its suit held (m, p: +1 each) and one of them on the winner (+1):
    # bird_fan 3; total 1 × 2 (self-draw) + 3 = 5 at every table size
    assert (answer["bird_fan"], answer["total_fan"]) == (3, 5)


@pytest.mark.parametrize(("discarder", "patterns", "payments"), [
    # the dealer's first discard: 地胡 5, capped 4 → 16 from seat 0
    (0, ["di_hu"], [-16, 16, 0]),
    # seat 2's: no 地胡, 平胡 0 → 1
    (2, ["ping_hu"], [0, 1, -1])])
def test_reading_7_di_hu_on_a_discard_needs_the_dealers(client: FlaskClient, discarder: int,
                                                        patterns: list[str],
                                                        payments: list[int]) -> None:
    answer = post(client, "/v1/sichuan/fan", {
        "options": {"players": 3, "suits": ["p", "s"], "di_hu_mode": "discard"},
        "hand": "123p456p789p23s55s", "win_tile": "4s",
        "context": {"win_type": "discard", "first_turn": True,
                    "seats": {"winner": 1, "dealer": 0, "discarder": discarder}}})
    assert ([p["id"] for p in answer["patterns"]], answer["payments"]) == (patterns, payments)
