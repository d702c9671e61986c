"""``POST /v1/changsha/settle`` over HTTP: the answer in reconciled.md §3's member order with
``next_dealer`` null while in play, the invalid-record problem, request problems, batch."""

from __future__ import annotations

from typing import Any

import pytest

from service.app import create_app
from service.settings import Settings
from tests.engine.variants.changsha.settle import cases as C


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app(Settings()).test_client()


def test_the_answer_with_its_options(client: Any) -> None:
    r = client.post("/v1/changsha/settle", json={"record": C.EXAMPLE_1,
                                                 "options": {"zuo_piao": 1}})
    assert r.status_code == 200
    body = r.get_json()
    assert list(body) == ["transfers", "totals", "qishou", "wins", "outcome", "next_dealer",
                          "options"]
    # Example 1: 起手 −1/51/−16/−34 (no 飘 sent: 坐飘 1 adds 2 to each of the three payments
    # of the self-draw: seat 1 +6)
    assert body["totals"] == [-3, 57, -18, -36]
    assert (body["outcome"], body["next_dealer"]) == ("won", 1)
    assert body["options"]["zuo_piao"] == 1 and body["options"]["kai_gang_wins"] == "each"


def test_next_dealer_is_null_while_in_play(client: Any) -> None:
    r = client.post("/v1/changsha/settle", json={"record": {"dealer": 0, "events": []}})
    body = r.get_json()
    assert (body["transfers"], body["totals"], body["outcome"]) == ([], [0, 0, 0, 0],
                                                                    "in_play")
    assert "next_dealer" in body and body["next_dealer"] is None


def test_an_impossible_record_is_an_invalid_record_problem(client: Any) -> None:
    r = client.post("/v1/changsha/settle", json={"record": C.EXAMPLE_2,
                                                 "options": {"yi_pao_duo_xiang": False}})
    assert r.status_code == 422
    body = r.get_json()
    assert body["type"] == "urn:hupai:problem:invalid-record"
    assert body["code"] == "multiple_winners"
    assert [e["pointer"] for e in body["errors"]] == ["#/record/events/1/winners"]


@pytest.mark.parametrize(("body", "code", "pointer"), [
    ({}, "missing_field", "#/record"),
    ({"record": []}, "invalid_field", "#/record"),
    ({"record": C.EXAMPLE_1, "win_tile": "1m"}, "invalid_field", "#/win_tile"),
    ({"record": {**C.EXAMPLE_2, "piao": [1, 2]}}, "invalid_field", "#/record/piao"),
    ({"record": C.EXAMPLE_1, "options": {"bird_origin": "discarder"}}, "invalid_option",
     "#/options/bird_origin"),
    ({"record": C.EXAMPLE_1, "options": {"scoring_profile": "seed_simplified"}},
     "invalid_option", "#/options/scoring_profile"),
])
def test_request_problems(client: Any, body: dict[str, Any], code: str, pointer: str) -> None:
    r = client.post("/v1/changsha/settle", json=body)
    assert r.status_code == 422
    assert (r.get_json()["code"], r.get_json()["errors"][0]["pointer"]) == (code, pointer)


def test_batch_takes_settle(client: Any) -> None:
    r = client.post("/v1/batch", json={"requests": [
        {"variant": "changsha", "op": "settle", "body": {"record": C.EXAMPLE_3}},
        {"variant": "changsha", "op": "settle", "body": {"record": C.EXAMPLE_2,
                                                          "options": {"kai_gang": False}}}]})
    assert r.status_code == 200
    results = r.get_json()["results"]
    assert [x["status"] for x in results] == [200, 200]
    assert results[0]["body"]["totals"] == [-13, -18, 43, -12]  # Example 3
    assert results[1]["body"]["totals"] == [6, 13, 0, -19]  # Example 2 has no 开杠
