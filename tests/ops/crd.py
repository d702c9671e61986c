"""Validate prometheus-operator custom resources against the CRD schemas kept in deploy/schemas.

kubernetes-validate knows the built-in kinds only (it passes an unknown kind with a warning),
so the ServiceMonitor and the PrometheusRule are checked here with jsonschema against their
CRD's ``openAPIV3Schema``, made strict the way ``kubernetes-validate --strict`` is: an object
that lists its properties accepts no other (a cluster would silently prune it).

    python -m tests.ops.crd RENDERED.yaml ...   # .ci/run, on `kubectl kustomize` output

checks every custom resource in the files, fails on a kind with no kept schema, and ignores
the built-in kinds (kubernetes-validate's business).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "deploy" / "schemas"
GROUP = "monitoring.coreos.com"


def strict(schema: Any) -> Any:
    """Close every object that lists its properties (a cluster would prune the others)."""
    if isinstance(schema, dict):
        out = {k: strict(v) for k, v in schema.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [strict(v) for v in schema]
    return schema


@cache
def crds() -> dict[str, dict[str, Any]]:
    """The kept CRDs by kind (``ServiceMonitor``, ``PrometheusRule``)."""
    found = {}
    for path in sorted(SCHEMAS.glob(f"{GROUP}_*.yaml")):
        crd = yaml.safe_load(path.read_text())
        found[crd["spec"]["names"]["kind"]] = crd
    return found


def validator(kind: str, version: str = "v1") -> jsonschema.Draft7Validator:
    (served,) = [v for v in crds()[kind]["spec"]["versions"] if v["name"] == version]
    schema = strict(served["schema"]["openAPIV3Schema"])
    schema["properties"]["metadata"]["additionalProperties"] = True  # ObjectMeta: not in CRD
    return jsonschema.Draft7Validator(schema)


def errors(resource: dict[str, Any]) -> list[str]:
    """What is wrong with one custom resource of the kept group (empty: valid)."""
    group, _, version = resource.get("apiVersion", "").partition("/")
    kind = resource.get("kind", "")
    if group != GROUP or kind not in crds():
        return [f"{kind} {resource.get('apiVersion')}: no CRD schema kept in {SCHEMAS}"]
    return [f"{kind}/{resource['metadata']['name']}: {'/'.join(map(str, e.absolute_path))}: "
            f"{e.message}" for e in validator(kind, version).iter_errors(resource)]


def custom_resources(documents: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The documents that are not built-in kinds: their apiVersion has a dotted group outside
    Kubernetes' own ``*.k8s.io`` (``networking.k8s.io`` is a built-in group)."""
    return [d for d in documents if _is_custom(d.get("apiVersion", "").partition("/")[0])]


def _is_custom(group: str) -> bool:
    return "." in group and not group.endswith(".k8s.io")


def main(argv: list[str]) -> int:
    problems, checked = [], 0
    for name in argv:
        for resource in custom_resources(d for d in yaml.safe_load_all(Path(name).read_text())
                                         if d):
            checked += 1
            problems += [f"{name}: {p}" for p in errors(resource)]
    for line in problems:
        print(line, file=sys.stderr)
    print(f"{checked} custom resources checked against {SCHEMAS.relative_to(ROOT)}, "
          f"{len(problems)} errors")
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
