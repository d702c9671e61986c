"""Every metric the Grafana dashboard and the alert rules query is one Hupai exports.

A live instance (the image's command, 2 workers) answers a few requests of every kind the
queries look at — single operations, a batch, a refused body — and is scraped; the names
parsed out of the PromQL (tests/ops/promql.py) must be sample names of that scrape, or
series other exporters make (``EXTERNAL``). A renamed metric or a typo in a panel fails here,
not on a blank panel in production.
"""

from __future__ import annotations

from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.deploy import live
from tests.deploy.test_gunicorn import WIN_BODY
from tests.ops import promql

EXTERNAL = {
    "up": "Prometheus, per scrape target",
    "kube_pod_container_status_restarts_total": "kube-state-metrics",
}


def _exported(instance: live.Instance) -> set[str]:
    answer = instance.request("GET", "/metrics")
    assert answer.status == 200, answer.body
    return {sample.name for family in text_string_to_metric_families(answer.body.decode())
            for sample in family.samples}


def _exercise(instance: live.Instance) -> None:
    """A request of each kind the panels break down: operations, a batch, a refused body."""
    variant = instance.request("GET", "/v1/variants").json()["variants"][0]["id"]
    calls: list[tuple[str, Any, int]] = [
        (f"/v1/{variant}/win", WIN_BODY, 200),
        (f"/v1/{variant}/fan", {**WIN_BODY, "context": {"win_type": "self_draw"}}, 200),
        (f"/v1/{variant}/waits", {"hand": WIN_BODY["hand"]}, 200),
        ("/v1/batch", {"requests": [{"variant": variant, "op": "win", "body": WIN_BODY}] * 3}, 200),
        (f"/v1/{variant}/win", {"hand": "123m456m789m55p2x", "win_tile": "4p"}, 422),
    ]
    for path, body, status in calls:
        answer = instance.post(path, body)
        assert answer.status == status, (path, answer.body)


@pytest.fixture(scope="module")
def exported(shared_service: live.Instance) -> set[str]:
    _exercise(shared_service)
    return _exported(shared_service)


def test_the_queries_read_metrics_at_all() -> None:
    queried = promql.queried_names()
    assert {"hupai_http_requests_total", "hupai_http_request_duration_seconds_bucket",
            "hupai_engine_evaluation_seconds_bucket", "up"} <= set(queried)


def test_every_queried_metric_is_exported(exported: set[str]) -> None:
    queried = promql.queried_names()
    missing = {name: sorted(places) for name, places in queried.items()
               if name not in exported and name not in EXTERNAL}
    assert missing == {}


def test_the_external_names_are_not_ours(exported: set[str]) -> None:
    # `up` and kube-state-metrics' series come from elsewhere: Hupai must not export them
    # (the list would then hide a name the service stopped exporting).
    assert not set(EXTERNAL) & exported
    assert set(EXTERNAL) <= set(promql.queried_names())
