"""``POST /v1/nanchang/settle`` over HTTP: the answer with its options, the spec's error
example as the invalid-record problem it prints, request problems, and batch."""

from __future__ import annotations

from typing import Any

import pytest

from service.app import create_app
from service.settings import Settings
from tests.engine.variants.nanchang.settle import examples as E


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app(Settings()).test_client()


def test_the_answer_with_its_options(client: Any) -> None:
    r = client.post("/v1/nanchang/settle", json={"record": E.EXAMPLE_2,
                                                 "options": E.EXAMPLE_2_OPTIONS})
    assert r.status_code == 200
    body = r.get_json()
    options = body.pop("options")
    assert body == E.ANSWER_2
    assert list(body) == E.ANSWER_ORDER
    assert body["jing"][0]["ba_wang"] is None and "bao_pei" not in body["jing"][1]
    assert options["kong_scoring"] == "end_of_won_hand" and options["xia_jing_pairs"] == 2
    # settle-nanchang.md §3.9.9's options, then rooms.md's players (reconciled.md §7)
    assert list(options)[-7:] == ["kong_scoring", "xia_jing_pairs", "chong_guan_bao_pei",
                                  "chao_zhuang_points", "hui_tou_yi_xiao", "shang_xia_fan_jing",
                                  "players"]


def test_the_error_example_is_the_problem_the_spec_prints(client: Any) -> None:
    r = client.post("/v1/nanchang/settle", json={"record": E.ERROR_EXAMPLE})
    assert r.status_code == 422
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert r.get_json() == E.ERROR_ANSWER


@pytest.mark.parametrize(("body", "code", "pointer"), [
    ({}, "missing_field", "#/record"),
    ({"record": []}, "invalid_field", "#/record"),
    ({"record": E.EXAMPLE_1, "win_tile": "1m"}, "invalid_field", "#/win_tile"),
    ({"record": {**E.EXAMPLE_1, "shang_jing": None}}, "missing_field", "#/record/shang_jing"),
    ({"record": E.EXAMPLE_1, "options": {"kong_scoring": "at_end"}}, "invalid_option",
     "#/options/kong_scoring"),
])
def test_request_problems(client: Any, body: dict[str, Any], code: str, pointer: str) -> None:
    r = client.post("/v1/nanchang/settle", json=body)
    assert r.status_code == 422
    assert (r.get_json()["code"], r.get_json()["errors"][0]["pointer"]) == (code, pointer)


def test_batch_takes_settle(client: Any) -> None:
    r = client.post("/v1/batch", json={"requests": [
        {"variant": "nanchang", "op": "settle", "body": {"record": E.EXAMPLE_3}},
        {"variant": "nanchang", "op": "settle", "body": {"record": E.ERROR_EXAMPLE}}]})
    assert r.status_code == 200
    results = r.get_json()["results"]
    assert [x["status"] for x in results] == [200, 422]
    assert results[0]["body"]["totals"] == [-16, -36, -12, 64]
    assert results[1]["body"]["code"] == "hand_over"
