"""deploy/: the Kubernetes manifests validate strictly and fit together.

Built-in kinds go through kubernetes-validate in strict mode (unknown fields are errors);
the ServiceMonitor, a prometheus-operator custom resource kubernetes-validate does not know,
is validated with jsonschema against the CRD schema kept in deploy/schemas/, made strict the
same way (an unknown field is an error, where a cluster would silently prune it).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import jsonschema
import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
CRD = DEPLOY / "schemas" / "monitoring.coreos.com_servicemonitors.yaml"
K8S_VERSION = "1.30.0"  # the oldest version the manifests promise to work on
BUILTIN_KINDS = {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}


def _documents() -> list[tuple[Path, dict[str, Any]]]:
    docs = []
    for path in sorted(DEPLOY.glob("*.yaml")):
        docs.extend((path, d) for d in yaml.safe_load_all(path.read_text()) if d)
    return docs


def _by_kind() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for _, doc in _documents():
        assert doc["kind"] not in found, f"two {doc['kind']} manifests"
        found[doc["kind"]] = doc
    return found


def test_every_required_kind_is_there() -> None:
    assert set(_by_kind()) == BUILTIN_KINDS | {"ServiceMonitor"}


@pytest.mark.parametrize("version", [K8S_VERSION, kubernetes_validate.latest_version()])
@pytest.mark.parametrize("kind", sorted(BUILTIN_KINDS))
def test_builtin_kinds_validate_strictly(kind: str, version: str) -> None:
    kubernetes_validate.validate(_by_kind()[kind], version, strict=True)


def test_strict_validation_rejects_an_unknown_field() -> None:
    # Proves the check above can fail: a misspelt probe field is not silently dropped.
    deployment = copy.deepcopy(_by_kind()["Deployment"])
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    container["readinesProbe"] = container.pop("readinessProbe")
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, K8S_VERSION, strict=True)


def test_the_kept_crd_is_a_valid_custom_resource_definition() -> None:
    kubernetes_validate.validate(yaml.safe_load(CRD.read_text()), K8S_VERSION, strict=True)


def _strict(schema: Any) -> Any:
    """Close every object that lists its properties (a cluster would prune the others)."""
    if isinstance(schema, dict):
        out = {k: _strict(v) for k, v in schema.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [_strict(v) for v in schema]
    return schema


def _servicemonitor_validator() -> jsonschema.Draft7Validator:
    crd = yaml.safe_load(CRD.read_text())
    assert crd["spec"]["names"]["kind"] == "ServiceMonitor"
    (v1,) = [v for v in crd["spec"]["versions"] if v["name"] == "v1"]
    schema = _strict(v1["schema"]["openAPIV3Schema"])
    schema["properties"]["metadata"]["additionalProperties"] = True  # ObjectMeta: not in CRD
    return jsonschema.Draft7Validator(schema)


def test_servicemonitor_validates_against_the_crd_schema() -> None:
    monitor = _by_kind()["ServiceMonitor"]
    assert monitor["apiVersion"] == "monitoring.coreos.com/v1"
    errors = [e.message for e in _servicemonitor_validator().iter_errors(monitor)]
    assert errors == []


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("spec", "endpoints", 0, "interval"), "15 seconds"),  # pattern ^...s$
        (("spec", "endpoints", 0, "scheme"), "tcp"),  # enum http|https
        (("spec", "endpoints", 0, "intervall"), "15s"),  # unknown field
        (("spec", "selector"), None),  # required
    ],
)
def test_servicemonitor_schema_rejects_mistakes(path: tuple[Any, ...], value: Any) -> None:
    monitor = copy.deepcopy(_by_kind()["ServiceMonitor"])
    target = monitor
    for key in path[:-1]:
        target = target[key]
    if value is None:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    assert list(_servicemonitor_validator().iter_errors(monitor))


# --- the pieces fit together ------------------------------------------------------------------


def _pod() -> dict[str, Any]:
    spec: dict[str, Any] = _by_kind()["Deployment"]["spec"]["template"]["spec"]
    return spec


def _container() -> dict[str, Any]:
    (container,) = _pod()["containers"]
    return container  # type: ignore[no-any-return]


def _env() -> dict[str, Any]:
    return {e["name"]: e for e in _container()["env"]}


def test_deployment_runs_at_least_two_replicas_and_never_drops_below_during_rollout() -> None:
    deployment = _by_kind()["Deployment"]
    assert deployment["spec"]["replicas"] >= 2
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0


def test_probes_use_the_apps_health_endpoints_on_the_named_port() -> None:
    c = _container()
    assert c["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert c["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert c["startupProbe"]["httpGet"]["path"] == "/readyz"
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        assert c[probe]["httpGet"]["port"] in ports
    # the container listens where the port says
    assert _env()["HUPAI_BIND"]["value"].endswith(f":{ports['http']}")


def _seconds(duration: str) -> int:
    match = re.fullmatch(r"(\d+)s?", duration)
    assert match, duration
    return int(match.group(1))


def test_prestop_sleep_and_drain_fit_in_the_grace_period() -> None:
    # preStop sleep (endpoint removal propagates) + gunicorn graceful_timeout (20 s, in
    # service/gunicorn_conf.py) must end before the kubelet's SIGKILL.
    command = _container()["lifecycle"]["preStop"]["exec"]["command"]
    assert command[0] == "sleep"
    sleep = _seconds(command[1])
    source = (ROOT / "service" / "gunicorn_conf.py").read_text()
    match = re.search(r"^graceful_timeout = (\d+)", source, re.M)
    assert match
    assert sleep > 0 and sleep + int(match.group(1)) < _pod()["terminationGracePeriodSeconds"]


def test_read_only_root_with_memory_volumes_for_metrics_and_tmp() -> None:
    c = _container()
    assert c["securityContext"]["readOnlyRootFilesystem"] is True
    assert c["securityContext"]["allowPrivilegeEscalation"] is False
    assert _pod()["securityContext"]["runAsNonRoot"] is True
    volumes = {v["name"]: v for v in _pod()["volumes"]}
    mounts = {m["mountPath"]: m["name"] for m in c["volumeMounts"]}
    metrics_dir = _env()["PROMETHEUS_MULTIPROC_DIR"]["value"]
    for path in (metrics_dir, "/tmp"):
        assert path in mounts, f"nothing mounted at {path}"
        assert volumes[mounts[path]]["emptyDir"]["medium"] == "Memory"


def test_user_matches_the_image() -> None:
    from tests.ops import dockerfile as df

    user = [i.args for i in df.instructions() if i.keyword == "USER"][-1]
    assert str(_pod()["securityContext"]["runAsUser"]) == user.split(":")[0]


def test_resources_and_workers_follow_the_cpu_limit() -> None:
    resources = _container()["resources"]
    for key in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(resources[key])
    ref = _env()["WEB_CONCURRENCY"]["valueFrom"]["resourceFieldRef"]
    assert ref["resource"] == "limits.cpu" and ref["divisor"] == "1"


def test_service_hpa_pdb_and_monitor_select_the_deployments_pods() -> None:
    kinds = _by_kind()
    deployment = kinds["Deployment"]
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    service = kinds["Service"]

    def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
        return bool(selector) and all(labels.get(k) == v for k, v in selector.items())

    assert selects(deployment["spec"]["selector"]["matchLabels"], pod_labels)
    assert selects(service["spec"]["selector"], pod_labels)
    assert selects(kinds["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"], pod_labels)
    assert selects(
        kinds["ServiceMonitor"]["spec"]["selector"]["matchLabels"], service["metadata"]["labels"]
    )
    # the Service forwards to the container's named port, which the monitor scrapes
    container_ports = {p["name"] for p in _container()["ports"]}
    (service_port,) = service["spec"]["ports"]
    assert service_port["targetPort"] in container_ports
    (endpoint,) = kinds["ServiceMonitor"]["spec"]["endpoints"]
    assert endpoint["port"] == service_port["name"] and endpoint["path"] == "/metrics"
    hpa = kinds["HorizontalPodAutoscaler"]["spec"]
    assert hpa["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": deployment["metadata"]["name"],
    }
    assert hpa["minReplicas"] >= 2 and hpa["maxReplicas"] >= hpa["minReplicas"]


def test_api_keys_come_from_the_mounted_secret() -> None:
    # The app reads HUPAI_API_KEYS_FILE; the path must be where the Secret's item lands.
    path = Path(_env()["HUPAI_API_KEYS_FILE"]["value"])
    mounts = {m["name"]: m for m in _container()["volumeMounts"]}
    (volume,) = [v for v in _pod()["volumes"] if "secret" in v]
    mount = mounts[volume["name"]]
    assert mount["readOnly"] is True
    items = {i["path"] for i in volume["secret"]["items"]}
    assert path.parent == Path(mount["mountPath"]) and path.name in items
    assert volume["secret"]["optional"] is False  # no keys, no start: never an open /v1
