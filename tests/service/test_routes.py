"""Every route of the service on the toy variant: answers worked out by hand from toy.py's
rules (all tiles one suit = a win; fan = distinct kinds + bonus; shanten = off-suit tiles)."""

from __future__ import annotations

import engine
from tests.service.conftest import problem

HAND = "1112345678999m"  # 1m×3, 2m–8m ×1, 9m×3: 13 tiles of one suit
DEFAULTS = {"bonus": 0, "cap": 4}


def test_variants_lists_the_registry_with_options_from_the_engine(client):
    r = client.get("/v1/variants")
    assert r.status_code == 200 and r.mimetype == "application/json"
    body = r.get_json()
    assert body["version"] == engine.__version__
    assert [v["id"] for v in body["variants"]] == ["toy", "broken"]
    toy = body["variants"][0]
    assert toy == {
        "id": "toy", "name": "Toy", "name_zh": "玩具", "tile_set": "108",
        "operations": ["win", "waits", "fan", "discards", "kong", "advice"],
        "options": [
            {"name": "bonus", "type": "integer", "default": 0,
             "description": "fan added to every win", "minimum": 0, "maximum": 3,
             "nullable": False, "group": "hand"},
            {"name": "cap", "type": "integer", "default": 4,
             "description": "highest fan; null for none", "choices": [2, 4, None],
             "nullable": True, "group": "hand"},
        ],
    }  # the toy takes no room option and has no claim rules or settle: its two set the hand


def test_one_variant_and_an_unknown_one(client):
    r = client.get("/v1/variants/toy")
    assert r.status_code == 200
    assert r.get_json()["id"] == "toy"
    r = client.get("/v1/variants/mahjong-soul")
    body = problem(r)
    assert r.status_code == 404
    assert body["type"].endswith("unknown-variant")
    assert "toy" in body["detail"] and "broken" in body["detail"]


def test_win_yes(client):
    r = client.post("/v1/toy/win", json={"hand": HAND, "win_tile": "5m"})
    assert r.status_code == 200
    assert r.get_json() == {"win": True, "shapes": ["standard"], "options": DEFAULTS}


def test_win_no_is_still_200_with_a_reason(client):
    r = client.post("/v1/toy/win", json={"hand": HAND, "win_tile": "5p"})
    assert r.status_code == 200
    assert r.get_json() == {"win": False, "reason": "not_one_suit", "options": DEFAULTS}


def test_tiles_as_array_and_string_give_the_same_answer(client):
    as_list = ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"]
    a = client.post("/v1/toy/win", json={"hand": as_list, "win_tile": "5m"})
    b = client.post("/v1/toy/win", json={"hand": "111m 2345678m 999m", "win_tile": "5m"})
    assert a.status_code == b.status_code == 200
    assert a.get_data() == b.get_data()


def test_fan_members_in_wire_order_with_as_renamed_and_nones_left_out(client):
    r = client.post("/v1/toy/fan",
                    json={"hand": HAND, "win_tile": "5m", "options": {"bonus": 2}})
    assert r.status_code == 200
    # 9 distinct kinds (1m..9m) + bonus 2 = 11
    expected = ('{"win":true,"patterns":[{"id":"one_suit","name":"One suit","name_zh":"一色",'
                '"fan":11}],"fan":11,"reading":[{"kind":"single","tiles":["5m"],"as":["5m"],'
                '"declared":false}],"options":{"bonus":2,"cap":4}}')
    assert r.get_data(as_text=True) == expected


def test_fan_of_a_non_win_omits_the_reading_and_shows_a_null_option(client):
    r = client.post("/v1/toy/fan",
                    json={"hand": HAND, "win_tile": "5p", "options": {"cap": None}})
    # cap: null is one of the option's choices, so it is a value, shown as null
    assert r.get_json() == {"win": False, "reason": "not_one_suit", "patterns": [], "fan": 0,
                            "options": {"bonus": 0, "cap": None}}


def test_waits_of_a_one_suit_hand(client):
    r = client.post("/v1/toy/waits", json={"hand": HAND, "context": {"visible": ["2m", "2m"]}})
    assert r.status_code == 200
    body = r.get_json()
    assert body["tenpai"] is True and body["shanten"] == 0
    # every man tile completes one suit; remaining = 4 − own − visible:
    # 1m 4−3 = 1, 2m 4−1−2 = 1, 3m..8m 4−1 = 3, 9m 4−3 = 1; fan = 9 kinds + 0
    assert body["waits"] == [
        {"tile": "1m", "remaining": 1, "fan": 9}, {"tile": "2m", "remaining": 1, "fan": 9},
        *({"tile": f"{r}m", "remaining": 3, "fan": 9} for r in range(3, 9)),
        {"tile": "9m", "remaining": 1, "fan": 9},
    ]


def test_waits_of_a_hand_that_cannot_wait(client):
    r = client.post("/v1/toy/waits", json={"hand": "111234567899m5p"})
    # 12 man + 5p: no tile makes one suit; shanten = 1 off-suit tile
    assert r.get_json() == {"tenpai": False, "shanten": 1, "waits": [], "options": DEFAULTS}


def test_discards_ordered_by_shanten_then_effective_count_then_tile(client):
    r = client.post("/v1/toy/discards", json={"hand": HAND + "5p"})
    assert r.status_code == 200
    body = r.get_json()
    assert body["shanten"] == 0
    # 5p leaves 13 man (shanten 0); any man tile leaves 12 man + 5p (shanten 1), all with the
    # same 23 effective tiles (1m 1 + 2m..8m 3×7 + 9m 1), so tile order decides among them
    assert [d["tile"] for d in body["discards"]] == ["5p"] + [f"{r}m" for r in range(1, 10)]
    first = body["discards"][0]
    assert first["shanten"] == 0
    assert [w["tile"] for w in first["waits"]] == [f"{r}m" for r in range(1, 10)]
    assert first["effective_count"] == 1 + 3 * 7 + 1
    second = body["discards"][1]
    assert second["shanten"] == 1 and second["waits"] == []
    assert second["effective_count"] == 23 and len(second["effective_tiles"]) == 9


def test_a_variant_operation(client):
    r = client.post("/v1/toy/kong", json={
        "context": {"kong": {"type": "concealed", "tile": "5m"}, "seats": {"konger": 2}}})
    assert r.status_code == 200
    # the konger gets 1 from each of the three others
    assert r.get_json() == {"payments": [-1, -1, 3, -1], "options": DEFAULTS}


def test_same_body_same_bytes(client):
    body = {"hand": HAND + "5p", "options": {"cap": 2, "bonus": 1}}
    first = client.post("/v1/toy/discards", json=body).get_data()
    assert all(client.post("/v1/toy/discards", json=body).get_data() == first for _ in range(3))


def test_null_members_count_as_absent(client):
    r = client.post("/v1/toy/win", json={"hand": HAND, "win_tile": "5m", "melds": None,
                                         "context": None, "options": None})
    assert r.status_code == 200
    assert r.get_json() == {"win": True, "shapes": ["standard"], "options": DEFAULTS}
    r = client.post("/v1/toy/win", json={"hand": HAND, "win_tile": "5m",
                                         "context": {"seats": {"winner": None}}})
    assert r.status_code == 200


def test_melds_and_context_reach_the_engine(client):
    # 10 concealed + one pong = 13; all man with a 5p visible elsewhere: still a win
    r = client.post("/v1/toy/win", json={
        "hand": "1234567899m", "melds": [{"type": "pong", "tiles": "111m"}], "win_tile": "9m",
        "context": {"win_type": "self_draw", "seats": {"winner": 1, "dealer": 0},
                    "visible": "5p"}})
    assert r.status_code == 200 and r.get_json()["win"] is True
