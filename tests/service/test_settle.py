"""``POST /v1/sichuan/settle`` over HTTP: the answer, the invalid-record problem, batch, and
the variants that list the operation."""

from __future__ import annotations

from typing import Any

import pytest

from service.app import create_app
from service.settings import Settings
from tests.engine.variants.sichuan.settle.test_worked_examples import (
    ANSWER_3,
    ERROR_RECORD,
    EXAMPLE_1,
    EXAMPLE_3,
)


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app(Settings()).test_client()


def test_the_answer_with_its_options(client: Any) -> None:
    r = client.post("/v1/sichuan/settle", json={"record": EXAMPLE_3,
                                                "options": {"cha_da_jiao": True}})
    assert r.status_code == 200
    body = r.get_json()
    options = body.pop("options")
    assert body == ANSWER_3
    assert list(body) == ["transfers", "totals", "wins", "active", "statuses"]
    assert options["xue_liu"] is False and options["hua_zhu_fan"] is None


def test_an_impossible_record_is_an_invalid_record_problem(client: Any) -> None:
    r = client.post("/v1/sichuan/settle", json={"record": ERROR_RECORD})
    assert r.status_code == 422
    body = r.get_json()
    assert body["type"] == "urn:hupai:problem:invalid-record"
    assert body["title"] == "Invalid record"
    assert body["code"] == "seat_left"
    assert [e["pointer"] for e in body["errors"]] == [
        "#/record/events/1/winners/0/seat", "#/record/events/1/context/after_kong"]


@pytest.mark.parametrize(("body", "code", "pointer"), [
    ({}, "missing_field", "#/record"),
    ({"record": []}, "invalid_field", "#/record"),
    ({"record": EXAMPLE_1, "hand": "1m"}, "invalid_field", "#/hand"),
    ({"record": {**EXAMPLE_1, "dealer": None}}, "missing_field", "#/record/dealer"),
    ({"record": EXAMPLE_1, "options": {"tui_shui": "sometimes"}}, "invalid_option",
     "#/options/tui_shui"),
])
def test_request_problems(client: Any, body: dict[str, Any], code: str, pointer: str) -> None:
    r = client.post("/v1/sichuan/settle", json=body)
    assert r.status_code == 422
    assert (r.get_json()["code"], r.get_json()["errors"][0]["pointer"]) == (code, pointer)


def test_batch_takes_settle(client: Any) -> None:
    r = client.post("/v1/batch", json={"requests": [
        {"variant": "sichuan", "op": "settle", "body": {"record": EXAMPLE_1}},
        {"variant": "sichuan", "op": "settle", "body": {"record": ERROR_RECORD}}]})
    assert r.status_code == 200
    results = r.get_json()["results"]
    assert [x["status"] for x in results] == [200, 422]
    assert results[0]["body"]["totals"] == [-10, 4, -10, 16]
    assert results[1]["body"]["type"] == "urn:hupai:problem:invalid-record"


def test_listed_where_a_variant_has_it(client: Any) -> None:
    """Every variant has settle (rules/settle.md, settle-changsha.md, settle-hongzhong.md,
    settle-nanchang.md), listed after claims where it came after them (reconciled.md §7); an
    operation a variant lacks is refused the same way."""
    variants = {v["id"]: v["operations"] for v in client.get("/v1/variants").get_json()[
        "variants"]}
    assert {name for name, ops in variants.items() if "settle" in ops} == {
        "sichuan", "changsha", "hongzhong", "nanchang"}
    ops = variants["nanchang"]
    assert ops.index("settle") == ops.index("claims") + 1  # after claims (reconciled.md §7)
    r = client.post("/v1/hongzhong/jing", json={"context": {"indicator": "5m"}})
    assert r.status_code == 404
    assert r.get_json()["type"].endswith("operation-not-supported")
