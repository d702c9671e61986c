"""The metric names a PromQL expression reads, and every expression deploy/ queries.

Not a PromQL parser: the expressions here are ours, and a few removals leave only names.
String literals go first (label values, ``label_replace`` arguments), then what sits in
``{…}`` (matchers) and ``[…]`` (ranges), Grafana's ``$variables``, the label lists of
``by``/``without``/``on``/``ignoring``/``group_left``/``group_right``, and numbers and
durations. What remains is identifiers: a function is one followed by ``(``; the operators
and aggregations spelled as words are a fixed list; every other identifier is a metric name.

>>> sorted(metric_names('sum by (route, le) (rate(hupai_x_bucket{job=~"$job"}[5m])) > 0.25'))
['hupai_x_bucket']
>>> sorted(metric_names('absent(up{job="a"} == 1) or vector(0) and on (pod) kube_y'))
['kube_y', 'up']
>>> sorted(metric_names('label_replace(rate(a[1m]), "variant", "$1", "route", "/v1/(.*)")'))
['a']
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = ROOT / "deploy" / "grafana" / "hupai-dashboard.json"
RULES = ROOT / "deploy" / "prometheus" / "hupai-rules.yaml"

KEYWORDS = frozenset({
    # binary operators and modifiers spelled as words
    "and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring", "group_left",
    "group_right", "atan2",
    # aggregations (followed by `by (…)` or `(`: listed, since `sum by` leaves no `(` after sum)
    "sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values",
    "bottomk", "topk", "quantile", "limitk", "limit_ratio",
    "inf", "nan",
})
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`')
_MATCHERS = re.compile(r"\{[^{}]*\}")
_RANGES = re.compile(r"\[[^\[\]]*\]")
_VARIABLES = re.compile(r"\$\{?\w+\}?")
_LABEL_LISTS = re.compile(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^()]*\)")
_IDENTIFIER = re.compile(r"(?<![\w.])([A-Za-z_:][\w:]*)(\s*\()?")


def metric_names(expr: str) -> set[str]:
    """The metric names ``expr`` selects (identifiers that are neither functions nor words)."""
    text = _STRINGS.sub(" ", expr)
    text = _MATCHERS.sub(" ", text)  # after the strings: a `}` inside a regex is gone
    text = _RANGES.sub(" ", text)
    text = _VARIABLES.sub(" ", text)
    text = _LABEL_LISTS.sub(" ", text)
    names = set()  # a number (`0.99`, `1e3`, the `5` of `5m`) never starts an identifier
    for match in _IDENTIFIER.finditer(text):
        name, call = match.groups()
        if call is None and name.lower() not in KEYWORDS:
            names.add(name)
    return names


def _dashboard_exprs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "expr" and isinstance(value, str):
                yield value
            elif key == "definition" and isinstance(value, str):
                yield _label_values_query(value)
            else:
                yield from _dashboard_exprs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _dashboard_exprs(item)


def _label_values_query(definition: str) -> str:
    """``label_values(metric{…}, label)`` reads ``metric``: keep that part of a variable."""
    match = re.fullmatch(r"\s*label_values\((.*),\s*\w+\)\s*", definition)
    return match.group(1) if match else definition


def expressions() -> dict[str, str]:
    """Every PromQL expression deploy/ holds, keyed by where it is (for messages)."""
    found = {}
    dashboard = json.loads(DASHBOARD.read_text())
    for i, expr in enumerate(_dashboard_exprs(dashboard)):
        found[f"{DASHBOARD.name}#{i}"] = expr
    for group in yaml.safe_load(RULES.read_text())["groups"]:
        for rule in group["rules"]:
            found[f"{RULES.name}:{rule.get('alert') or rule['record']}"] = rule["expr"]
    return found


def queried_names() -> dict[str, set[str]]:
    """Metric name → the places (dashboard panels, rules) that query it."""
    where: dict[str, set[str]] = {}
    for place, expr in expressions().items():
        for name in metric_names(expr):
            where.setdefault(name, set()).add(place)
    return where
