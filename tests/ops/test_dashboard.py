"""deploy/grafana/hupai-dashboard.json: importable as is, and every query is valid PromQL.

Importable as is: the data source is the dashboard's own ``datasource`` variable (type
``datasource``, Prometheus), so Grafana's import asks for nothing and no panel names a data
source uid of ours. Valid PromQL: every panel query, with the Grafana variables put in, is
linted by ``promtool check rules`` as a recording rule (promtool missing: a skip on a
workstation, a failure on CI). That the names exist is tests/deploy/test_dashboard_metrics.py.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ops import promql, tools

DATASOURCE = {"type": "prometheus", "uid": "${datasource}"}
GRAFANA_VARIABLES = {"$__rate_interval": "5m", "$job": ".*", "$namespace": ".*"}


def _dashboard() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(promql.DASHBOARD.read_text())
    return loaded


def _panels() -> list[dict[str, Any]]:
    return [p for p in _dashboard()["panels"] if p["type"] != "row"]


def _variables() -> dict[str, dict[str, Any]]:
    return {v["name"]: v for v in _dashboard()["templating"]["list"]}


def test_the_data_source_is_a_variable_so_the_import_needs_nothing() -> None:
    source = _variables()["datasource"]
    assert source["type"] == "datasource" and source["query"] == "prometheus"
    assert "__inputs" not in _dashboard()
    for panel in _panels():
        assert panel["datasource"] == DATASOURCE, panel["title"]
        assert [t["datasource"] for t in panel["targets"]] == [DATASOURCE] * len(panel["targets"])
    for variable in _variables().values():
        if variable["type"] == "query":
            assert variable["datasource"] == DATASOURCE


def test_panels_have_unique_ids_queries_and_fit_the_grid() -> None:
    panels = _dashboard()["panels"]
    assert len({p["id"] for p in panels}) == len(panels)
    for panel in panels:
        grid = panel["gridPos"]
        assert grid["x"] >= 0 and grid["x"] + grid["w"] <= 24, panel["title"]
    for panel in _panels():
        assert panel["targets"] and all(t["expr"].strip() for t in panel["targets"])
        assert len({t["refId"] for t in panel["targets"]}) == len(panel["targets"])
    assert _dashboard()["uid"] == "hupai"


def test_every_variable_the_queries_use_is_defined() -> None:
    used = {m for expr in promql.expressions().values() for m in re.findall(r"\$(\w+)", expr)}
    # $1 is label_replace's capture group, __rate_interval is Grafana's own
    assert used - {"1", "__rate_interval"} <= set(_variables())
    assert set(GRAFANA_VARIABLES) == {f"${v}" for v in used - {"1"}}


@pytest.mark.parametrize(("topic", "names"), [
    ("request rate and errors by status class", {"hupai_http_requests_total"}),
    ("latency quantiles by route and variant", {"hupai_http_request_duration_seconds_bucket"}),
    ("problem codes", {"hupai_validation_failures_total"}),
    ("in flight", {"hupai_http_requests_in_flight"}),
    ("engine time", {"hupai_engine_evaluation_seconds_bucket"}),
    ("batch sizes", {"hupai_batch_items_bucket"}),
    ("memory and CPU per pod", {"hupai_process_resident_memory_bytes",
                                "hupai_process_cpu_seconds_total"}),
])
def test_the_dashboard_shows(topic: str, names: set[str]) -> None:
    shown = {name for expr in promql.expressions().values()
             for name in promql.metric_names(expr)}
    assert names <= shown, topic


def test_latency_by_variant_reads_the_variant_out_of_the_route_template() -> None:
    # The route label is the template (/v1/sichuan/win); the variant panel extracts it.
    (expr, *_) = [t["expr"] for p in _panels() if p["title"].startswith("Latency by variant")
                  for t in p["targets"]]
    assert 'label_replace(' in expr and '"route", "/v1/([^/]+)/.*"' in expr
    assert 'route!~"/v1/variants/.*"' in expr


def test_every_query_is_valid_promql(tmp_path: Path) -> None:
    rules = []
    for i, expr in enumerate(promql.expressions().values()):
        for variable, value in GRAFANA_VARIABLES.items():
            expr = expr.replace(variable, value)
        rules.append({"record": f"dashboard:query_{i}", "expr": expr})
    path = tmp_path / "dashboard-queries.yaml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    promtool = tools.require("promtool", "apt-get install prometheus")
    result = subprocess.run([promtool, "check", "rules", str(path)], capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(("expr", "names"), [
    ('rate(a_total{route=~"/v1/{x}/.*"}[5m])', {"a_total"}),  # braces inside a string
    ("a offset 5m / on (pod) group_left b", {"a", "b"}),
    ("a > bool 0.5 unless b", {"a", "b"}),
    ("sum without (pid) (c) * 1e3", {"c"}),
    ("histogram_quantile(0.99, sum by (le) (rate(d_bucket[$__rate_interval])))", {"d_bucket"}),
    ("count_values(\"v\", e)", {"e"}),
    ("f:recorded:rate5m", {"f:recorded:rate5m"}),
    ("vector(1) + time()", set()),
])
def test_metric_names(expr: str, names: set[str]) -> None:
    assert promql.metric_names(expr) == names
