"""POST /v1/batch: up to 256 items, each answered with its own status and body, in order."""

from __future__ import annotations

from tests.service.conftest import problem

WIN = {"hand": "1112345678999m", "win_tile": "5m"}


def item(variant, op, body):  # type: ignore[no-untyped-def]
    return {"variant": variant, "op": op, "body": body}


def test_items_answer_in_order_each_with_its_own_status(client):
    r = client.post("/v1/batch", json={"requests": [
        item("toy", "win", WIN),
        item("nope", "win", WIN),
        item("toy", "qishou", {"hand": "1m"}),
        item("toy", "win", {"hand": "12x", "win_tile": "5m"}),
        item("toy", "win", {**WIN, "extra": 1}),
        item("broken", "win", WIN),
        item("toy", "waits", {"hand": "111234567899m5p"}),
    ]})
    assert r.status_code == 200
    results = r.get_json()["results"]
    assert [x["status"] for x in results] == [200, 404, 404, 422, 422, 500, 200]
    assert results[0]["body"] == {"win": True, "shapes": ["standard"],
                                  "options": {"bonus": 0, "cap": 4}}
    assert results[1]["body"]["type"].endswith("unknown-variant")
    assert results[2]["body"]["type"].endswith("operation-not-supported")
    assert results[3]["body"]["code"] == "invalid_tile"
    assert results[3]["body"]["errors"][0]["pointer"] == "#/hand"  # relative to the item body
    assert results[4]["body"]["errors"][0]["pointer"] == "#/extra"
    assert "ZeroDivisionError" not in str(results[5]["body"])
    assert results[6]["body"]["shanten"] == 1


def test_a_batch_item_answers_exactly_as_its_own_path(client):
    alone = client.post("/v1/toy/discards", json={"hand": "1112345678999m5p"}).get_json()
    batched = client.post("/v1/batch", json={"requests": [
        item("toy", "discards", {"hand": "1112345678999m5p"})]}).get_json()
    assert batched == {"results": [{"status": 200, "body": alone}]}


def test_empty_batch(client):
    assert client.post("/v1/batch", json={"requests": []}).get_json() == {"results": []}


def test_256_items_is_the_limit(client):
    ok = client.post("/v1/batch", json={"requests": [item("toy", "win", WIN)] * 256})
    assert ok.status_code == 200 and len(ok.get_json()["results"]) == 256
    r = client.post("/v1/batch", json={"requests": [item("toy", "win", WIN)] * 257})
    body = problem(r)
    assert r.status_code == 422 and body["code"] == "invalid_field"
    assert body["errors"] == [{"pointer": "#/requests",
                               "detail": "requests holds at most 256 items"}]


def test_a_malformed_envelope_is_one_422(client):
    r = client.post("/v1/batch", json={"requests": [item("toy", "win", WIN), {"variant": "toy",
                                                                            "body": []}]})
    body = problem(r)
    assert r.status_code == 422
    assert [e["pointer"] for e in body["errors"]] == ["#/requests/1/body", "#/requests/1/op"]
    assert body["code"] == "invalid_field"  # invalid_field before missing_field


def test_batch_cannot_nest(client):
    r = client.post("/v1/batch", json={"requests": [item("toy", "batch", {"requests": []}),
                                                    item("batch", "win", WIN)]})
    statuses = [x["status"] for x in r.get_json()["results"]]
    assert statuses == [404, 404]


def test_batch_needs_its_requests_member(client):
    body = problem(client.post("/v1/batch", json={}))
    assert body["code"] == "missing_field" and body["errors"][0]["pointer"] == "#/requests"


NULLY_BODIES = [
    {**WIN, "context": None, "melds": None},             # null members read as absent
    {**WIN, "context": {"win_type": None, "seats": None}},
    {**WIN, "options": {"cap": None}},                    # inside options null is a value
    {**WIN, "options": {"bonus": None}},
    {"hand": "1112345678999m", "win_tile": None},         # a required member null: missing
    {"hand": None, "win_tile": "5m"},
    {**WIN, "melds": [None]},                             # a null list item is no meld
]


def test_nulls_in_an_item_body_read_as_on_the_operations_own_path(client):
    alone = [client.post("/v1/toy/win", json=body) for body in NULLY_BODIES]
    batched = client.post("/v1/batch", json={"requests": [
        item("toy", "win", body) for body in NULLY_BODIES]}).get_json()["results"]
    assert batched == [{"status": r.status_code, "body": r.get_json()} for r in alone]
    assert [r.status_code for r in alone] == [200, 200, 200, 200, 422, 422, 422]
