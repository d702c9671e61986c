"""deploy/prometheus/hupai-rules.yaml and the PrometheusRule: one set of alerts, checked.

The rules file is the source; deploy/overlays/monitoring/prometheusrule.yaml carries the same
groups for prometheus-operator (held equal here). ``promtool check rules`` lints the file and
``promtool test rules`` runs deploy/prometheus/hupai-rules.test.yaml, where every alert must
both fire and stay silent at least once. promtool missing is a skip on a workstation and a
failure on CI (tests/ops/tools.py).
"""

from __future__ import annotations

import copy
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ops import crd, tools

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "deploy" / "prometheus"
RULES = RULES_DIR / "hupai-rules.yaml"
RULES_TEST = RULES_DIR / "hupai-rules.test.yaml"
PROMETHEUS_RULE = ROOT / "deploy" / "overlays" / "monitoring" / "prometheusrule.yaml"


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text())


def _alerts() -> list[dict[str, Any]]:
    return [rule for group in _load(RULES)["groups"] for rule in group["rules"]]


def _promtool(*args: str, cwd: Path = RULES_DIR) -> subprocess.CompletedProcess[str]:
    promtool = tools.require("promtool", "apt-get install prometheus")
    return subprocess.run([promtool, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, check=False)


def test_the_prometheusrule_holds_the_rules_files_groups() -> None:
    rule = _load(PROMETHEUS_RULE)
    assert rule["kind"] == "PrometheusRule"
    assert rule["spec"] == {"groups": _load(RULES)["groups"]}, (
        "deploy/overlays/monitoring/prometheusrule.yaml differs from the rules file: "
        "regenerate it (the command is in its header)")


def test_the_required_alerts_are_there_with_a_severity_and_words() -> None:
    alerts = {a["alert"]: a for a in _alerts()}
    # error ratio, p99 latency, not ready (down, absent), restarts, metrics directory
    assert set(alerts) == {"HupaiHighErrorRatio", "HupaiHighLatency", "HupaiTargetDown",
                           "HupaiAbsent", "HupaiRestarting", "HupaiMetricsDirNearlyFull"}
    for alert in alerts.values():
        assert alert["labels"]["severity"] in {"warning", "critical"}
        assert set(alert["annotations"]) == {"summary", "description"}


def test_promtool_check_rules() -> None:
    result = _promtool("check", "rules", RULES.name)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"SUCCESS: {len(_alerts())} rules found" in result.stdout


def test_promtool_test_rules() -> None:
    result = _promtool("test", "rules", RULES_TEST.name)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def test_every_alert_is_unit_tested_firing_and_silent() -> None:
    cases: dict[str, set[bool]] = {a["alert"]: set() for a in _alerts()}
    for test in _load(RULES_TEST)["tests"]:
        for case in test["alert_rule_test"]:
            cases[case["alertname"]].add(bool(case["exp_alerts"]))
    assert {name: seen for name, seen in cases.items() if seen != {True, False}} == {}


@pytest.mark.parametrize(("alert", "threshold", "moved"), [
    ("HupaiHighErrorRatio", "> 0.02", "> 0.04"),  # the test's 3 % must then stay silent
    ("HupaiHighLatency", "> 0.25", "> 0.5"),  # its p99 of 497.5 ms too
    ("HupaiRestarting", ">= 3", ">= 4"),
    ("HupaiMetricsDirNearlyFull", "< 0.10", "< 0.05"),  # 0 % at 10m, but 5 % only from 7m
])
def test_the_unit_tests_pin_each_threshold(alert: str, threshold: str, moved: str,
                                           tmp_path: Path) -> None:
    # The same unit tests against rules with one threshold moved must fail.
    rules = _load(RULES)
    (rule,) = [r for g in rules["groups"] for r in g["rules"] if r["alert"] == alert]
    assert threshold in rule["expr"]
    rule["expr"] = rule["expr"].replace(threshold, moved)
    (tmp_path / RULES.name).write_text(yaml.safe_dump(rules, sort_keys=False))
    shutil.copy(RULES_TEST, tmp_path)
    result = _promtool("test", "rules", RULES_TEST.name, cwd=tmp_path)
    assert result.returncode != 0 and f"alertname: {alert}," in result.stdout + result.stderr


def test_the_prometheusrule_validates_against_the_crd_schema() -> None:
    assert crd.errors(_load(PROMETHEUS_RULE)) == []


@pytest.mark.parametrize(("field", "value"), [
    ("for", "5 minutes"),  # pattern: a Prometheus duration
    ("exprr", "up"),  # unknown field
    ("expr", None),  # required
])
def test_the_crd_schema_rejects_mistakes(field: str, value: Any) -> None:
    rule = copy.deepcopy(_load(PROMETHEUS_RULE))
    target = rule["spec"]["groups"][0]["rules"][0]
    if value is None:
        del target[field]
    else:
        target[field] = value
    assert crd.errors(rule)
