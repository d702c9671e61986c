"""The batch's work budget (API.md, batch; service/budget.py): weights from the body alone,
a batch over the budget refused before any item runs."""

from __future__ import annotations

import pytest

from engine.variants import REGISTRY
from service import budget, routes
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import problem

HEAVY = {"variant": "hongzhong", "op": "discards", "body": {  # issue 13's costliest item
    "hand": ["4p", "3p", "9m", "3z", "4p", "6p", "6m", "8m", "2z", "4p", "2p", "2s", "2m", "9p"],
    "options": {"tile_set": "136", "wild_tiles": ["2m", "6m", "8m", "9m", "4p", "5p", "6p", "9p",
                                                  "9s", "3z"]}}}
SICHUAN_WIN = {"variant": "sichuan", "op": "win",
               "body": {"hand": "1112345678999m", "win_tile": "5m"}}
SICHUAN_FAN = {"variant": "sichuan", "op": "fan",
               "body": {"hand": "1112345678999m", "win_tile": "5m"}}


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


def test_the_issues_256_costliest_items_are_refused_before_any_work(client, monkeypatch):
    def no_work(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("an item ran")

    monkeypatch.setattr(routes.Operation, "answer", no_work)
    r = client.post("/v1/batch", json={"requests": [HEAVY] * 256})
    body = problem(r)
    # 10 wild kinds of the 136-tile set: the step up to 34 kinds, 1,474 each; 256 × 1,474
    assert r.status_code == 422 and body["code"] == "batch_over_budget"
    assert body["type"] == "urn:hupai:problem:validation-error"
    assert (body["budget"], body["weight"]) == (20_000, 377_344)
    assert [e["pointer"] for e in body["errors"]] == ["#/requests"]
    assert "377,344" in body["detail"] and "20,000" in body["detail"]


def test_as_many_costliest_items_as_the_budget_holds_are_answered(client):
    # 13 × 1,474 = 19,162 ≤ 20,000; 14 × 1,474 = 20,636 is over
    r = client.post("/v1/batch", json={"requests": [HEAVY] * 13})
    assert r.status_code == 200
    assert {x["status"] for x in r.get_json()["results"]} == {200}
    r = client.post("/v1/batch", json={"requests": [HEAVY] * 14})
    assert r.status_code == 422 and problem(r)["weight"] == 20_636


@pytest.mark.parametrize("item", [SICHUAN_WIN, SICHUAN_FAN])
def test_256_sichuan_win_or_fan_items_are_within_the_budget(client, item):
    # each weighs the minimum, 77: 256 × 77 = 19,712 ≤ 20,000
    assert budget.batch_weight([item] * 256) == 19_712
    r = client.post("/v1/batch", json={"requests": [item] * 256})
    assert r.status_code == 200 and len(r.get_json()["results"]) == 256


@pytest.mark.parametrize("item, weight", [
    (HEAVY, 1474),
    ({**HEAVY, "body": {"hand": "1m"}}, 236),  # 112 tiles and one wild kind (7z) by default
    ({**HEAVY, "body": {"options": {"tile_set": "136", "wild_tiles": []}}}, 121),
    ({**HEAVY, "body": {"options": {"wild_tiles": ["1m", "2m", "3m"]}}}, 695),
    ({**HEAVY, "body": {"options": {"wild_tiles": "1m"}}}, budget.MINIMUM),  # refused
    ({**HEAVY, "body": {"options": {"tile_set": "144"}}}, budget.MINIMUM),  # refused
    ({"variant": "nanchang", "op": "discards", "body": {}}, 525),
    ({"variant": "nanchang", "op": "discards", "body": {"options": {"tile_set": "108"}}}, 439),
    ({"variant": "sichuan", "op": "discards", "body": {}}, 189),
    # settle: 11 an event (benchmarks.settle's costliest record: 128 events, 11.3 ms, 82.5 KB)
    ({"variant": "sichuan", "op": "settle", "body": {"record": {"events": [{}] * 128}}}, 1408),
    ({"variant": "sichuan", "op": "settle", "body": {"record": {"events": [{}] * 20}}}, 220),
    ({"variant": "sichuan", "op": "settle", "body": {"record": {"events": [{}]}}},
     budget.MINIMUM),  # 11 is below the minimum
    ({"variant": "sichuan", "op": "settle", "body": {"record": []}}, budget.MINIMUM),
    ({"variant": "sichuan", "op": "nothing", "body": {}}, budget.MINIMUM),
    ({"variant": "riichi", "op": "discards", "body": {}}, budget.MINIMUM),
    ({"variant": "sichuan", "op": "discards", "body": []}, budget.MINIMUM),
    ("not an item", budget.MINIMUM),
])
def test_an_items_weight_is_read_from_what_it_asks(item, weight):
    assert budget.item_weight(item) == weight


def test_every_weighed_operation_exists_and_no_weight_is_below_the_minimum():
    operations = {(v, op) for v, variant in REGISTRY.items() for op in variant.operations()}
    assert set(budget.WEIGHTS) <= operations
    for weigh in budget.WEIGHTS.values():
        if isinstance(weigh, budget.ByWilds):
            for steps in weigh.steps.values():
                assert [m for m, _ in steps] == sorted(m for m, _ in steps)
                assert min(w for _, w in steps) >= budget.MINIMUM


def test_the_budget_bounds_the_costliest_batch_by_construction():
    # BUDGET units of UNIT_US µs and UNIT_BYTES bytes: the issue's 250 ms and 2 MB targets
    assert budget.BUDGET * budget.UNIT_US <= 250_000
    assert budget.BUDGET * budget.UNIT_BYTES <= 2_000_000
    assert budget.MINIMUM * 256 <= budget.BUDGET  # a full batch of the lightest items fits
