"""The count of members and entries a body may hold before it is parsed (`jsonbody.MAX_VALUES`,
`jsonbody.MAX_BATCH_VALUES`) refuses no valid request: the fattest valid bodies built here —
each answered 200 — hold at most half of it. A member counts twice (its colon and a comma),
an entry once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import tiles as T
from engine.variants import REGISTRY
from service import jsonbody
from service.app import create_app
from service.settings import Settings


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


def counted(body: Any) -> int:
    structure = jsonbody.skeleton(json.dumps(body).encode())
    return structure.count(b",") + structure.count(b":")


def melded_record() -> dict[str, Any]:
    """The longest 四川 record (128 events, settle.md's bound) with the most members: three
    winners an event (血流, 一炮多响), each with four pongs shown as arrays and every optional
    member of the event sent."""
    pongs = {1: ["1p", "2p", "3p", "4s"], 2: ["1m", "2m", "3m", "5s"], 3: ["6p", "7p", "8p", "6s"]}
    events = [{"type": "win", "from": 0, "win_tile": "9s",
               "context": {"after_kong": False, "last_tile": False, "first_turn": False},
               "winners": [{"seat": seat, "hand": ["9s"],
                            "melds": [{"type": "pong", "tiles": [k] * 3} for k in kinds]}
                           for seat, kinds in pongs.items()]}
              for _ in range(128)]
    return {"dealer": 0, "missing_suits": ["s", "m", "p", "m"], "events": events}


def test_the_longest_settle_record_holds_under_half_the_count(client):
    body = {"record": melded_record(), "options": {"xue_liu": True}}
    assert client.post("/v1/sichuan/settle", json=body).status_code == 200
    assert 2 * counted(body) <= jsonbody.MAX_VALUES


def fattest_fan(variant_id: str) -> dict[str, Any]:
    """A ``fan`` body of every option (at its default) and context member, ``visible`` an
    array of every tile of the set not in hand, the hand an array."""
    variant = REGISTRY[variant_id]
    options = {s.name: s.default for s in variant.option_specs}
    hand = ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"]
    held = {code: [*hand, "5m"].count(code) for code in set(hand)}
    visible = [T.code(k) for k in sorted(T.TILE_SETS[variant.tile_set(options)])
               for _ in range(4 - held.get(T.code(k), 0))]
    context: dict[str, Any] = {
        "win_type": "discard", "seats": {"dealer": 0, "winner": 1, "discarder": 2},
        "active": [0, 1, 2, 3], "visible": visible, "after_kong": False, "last_tile": False,
        "first_turn": False, "is_dealer": False}
    if variant_id == "nanchang":
        context["jing"] = {"zheng": "1z", "fu": "2z"}
        context["visible"] = [t for t in visible if t not in ("1z", "2z")]
    return {"hand": hand, "win_tile": "5m", "melds": [], "context": context, "options": options}


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_a_batch_of_256_of_the_fattest_items_holds_under_half_the_count(client, variant):
    item = {"variant": variant, "op": "fan", "body": fattest_fan(variant)}
    assert client.post(f"/v1/{variant}/fan", json=item["body"]).status_code == 200
    batch = {"requests": [item] * 256}
    r = client.post("/v1/batch", json=batch)
    assert r.status_code == 200 and {x["status"] for x in r.get_json()["results"]} == {200}
    assert 2 * counted(batch) <= jsonbody.MAX_BATCH_VALUES
