"""examples/: the Node.js client and the curl script against a live instance.

Every request example of openapi.yaml is sent through both clients (each operation through
its own client function), and the whole answer — status and body — must equal the response
example documented under the same name. The instance runs with an API key, so both clients'
``Authorization: Bearer`` path is exercised too. The demos (every operation of every variant
with the clients' own sample bodies) must answer 200 throughout.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from tests.deploy import live

ROOT = live.ROOT
SPEC = ROOT / "openapi.yaml"
NODE_CLIENT = ROOT / "examples" / "client.mjs"
CURL_CLIENT = ROOT / "examples" / "curl.sh"
API_KEY = "example-key-1"
_V1_OP = re.compile(r"^/v1/([a-z0-9_]+)/([a-z0-9_-]+)$")


def _resolve(spec: dict[str, Any], node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        target: Any = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def documented_exchanges() -> list[tuple[str, str, str | None, Any, int, Any]]:
    """(example name, client operation, variant, request body, status, response body).

    A request example is paired with the response example of the same name, under whichever
    status documents it (a 422 example answers with its problem body)."""
    spec = yaml.safe_load(SPEC.read_text())
    found = []
    for path, item in spec["paths"].items():
        if path == "/v1/batch":
            op, variant = "batch", None
        else:
            match = _V1_OP.match(path)
            if not match or "{" in path:
                continue
            variant, op = match.groups()
        post = item.get("post") or {}
        content = _resolve(spec, post.get("requestBody", {})).get("content", {})
        examples = content.get("application/json", {}).get("examples", {})
        responses = {int(code): _resolve(spec, r) for code, r in post.get("responses", {}).items()}
        for name, example in examples.items():
            request = _resolve(spec, example)["value"]
            answers = [
                (code, _resolve(spec, media["examples"][name])["value"])
                for code, response in responses.items()
                for media in response.get("content", {}).values()
                if name in media.get("examples", {})
            ]
            if len(answers) != 1:
                MISSING.append(f"{path} example {name!r}: {len(answers)} response examples")
                continue
            ((status, answer),) = answers
            found.append((name, op, variant, request, status, answer))
    return found


MISSING: list[str] = []
"""Request examples without exactly one response example of the same name."""
EXCHANGES = documented_exchanges()
each_exchange = pytest.mark.parametrize(
    ("name", "op", "variant", "request_body", "status", "answer"),
    EXCHANGES,
    ids=[f"{v or ''}/{op}:{n}" for n, op, v, *_ in EXCHANGES],
)
"""A test for each documented exchange (tests/deploy/test_generated_clients.py's too)."""


def test_every_request_example_has_one_documented_answer() -> None:
    assert MISSING == []


def test_the_contract_documents_exchanges_for_every_operation() -> None:
    spec = yaml.safe_load(SPEC.read_text())
    operations = {
        p for p in spec["paths"] if p == "/v1/batch" or (_V1_OP.match(p) and "{" not in p)
    }
    covered = {("/v1/batch" if op == "batch" else f"/v1/{v}/{op}") for _, op, v, *_ in EXCHANGES}
    assert operations and operations == covered, sorted(operations - covered)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.Instance]:
    instance = live.start(tmp_path_factory.mktemp("examples"), 2, HUPAI_API_KEYS=API_KEY)
    yield instance
    instance.stop()


def _client_env(service: live.Instance) -> dict[str, str]:
    return live.image_env(HUPAI_URL=service.url, HUPAI_API_KEY=API_KEY)


def _run(command: list[str], body: Any, env: dict[str, str]) -> dict[str, Any]:
    run = subprocess.run(
        command,
        input=json.dumps(body, ensure_ascii=False),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node not installed (apt-get install nodejs)")
    return node


def _curl_sh() -> list[str]:
    if shutil.which("curl") is None:
        pytest.skip("curl not installed")
    return ["sh", str(CURL_CLIENT)]


def _args(op: str, variant: str | None) -> list[str]:
    return [op] if variant is None else [op, variant]


def _client(name: str) -> list[str]:
    """The command line of a client: the Node.js one or the curl script."""
    return [_node(), str(NODE_CLIENT)] if name == "node" else _curl_sh()


@pytest.mark.parametrize("client", ["node", "curl"])
@each_exchange
def test_each_client_gets_the_documented_answer(
    service: live.Instance,
    client: str,
    name: str,
    op: str,
    variant: str | None,
    request_body: Any,
    status: int,
    answer: Any,
) -> None:
    got = _run([*_client(client), *_args(op, variant)], request_body, _client_env(service))
    assert got == {"status": status, "body": answer}


def test_clients_send_the_api_key(service: live.Instance) -> None:
    # Without the key the same call is a 401: proves the clients' header is what opens /v1.
    env = {**_client_env(service), "HUPAI_API_KEY": ""}
    assert _run([_node(), str(NODE_CLIENT), "variants"], None, env)["status"] == 401
    assert _run([*_curl_sh(), "variants"], None, env)["status"] == 401
    assert (
        _run([_node(), str(NODE_CLIENT), "variants"], None, _client_env(service))["status"] == 200
    )


@pytest.mark.parametrize("client", ["node", "curl"])
def test_demo_calls_every_operation_of_every_variant(service: live.Instance, client: str) -> None:
    run = subprocess.run([*_client(client), "demo"], env=_client_env(service),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    called = {line.split(" ", 1)[1] for line in run.stderr.splitlines() if line[:3].isdigit()}
    assert all(line.startswith("200 ") for line in run.stderr.splitlines() if line[:3].isdigit())
    variants = live.request(
        service.host,
        service.port,
        "GET",
        "/v1/variants",
        headers={"Authorization": f"Bearer {API_KEY}"},
    ).json()["variants"]
    expected = {"GET /v1/variants", "POST /v1/batch"}
    for v in variants:
        expected.add(f"GET /v1/variants/{v['id']}")
        expected |= {f"POST /v1/{v['id']}/{op}" for op in v["operations"]}
    assert called == expected
