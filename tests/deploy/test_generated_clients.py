"""The Python client generated from openapi.yaml, against a live instance.

``openapi-python-client`` (README, "Generating a client") writes the client into a
temporary folder with no configuration and no warning at all, as a package named after the
document's title (``hupai_client``, project ``hupai-client``); the package imports, and every
request example of the document goes through the operation's own generated function. Each
answer must come back as the model of the schema the documented answer matches (for a
``win``/``fan`` union: the win or the ``…NoWin`` branch the answer validates against), hold the
whole documented answer (``to_dict()``), and hold it typed: no member of it left in a model's
``additional_properties``. Problems come back as their problem models.

The TypeScript client has a CI stage of its own (npm): tests/clients/test_typescript_client.py.

The instance runs with an API key, so the generated ``AuthenticatedClient`` is exercised too.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import httpx
import jsonschema
import pytest
import yaml

from tests.deploy import live
from tests.deploy.test_examples import EXCHANGES, each_exchange

ROOT = live.ROOT
SPEC_FILE = ROOT / "openapi.yaml"
SPEC: dict[str, Any] = yaml.safe_load(SPEC_FILE.read_text(encoding="utf-8"))
API_KEY = "generated-client-key"
VARIANTS = ("sichuan", "changsha", "nanchang", "hongzhong")


def _bin(name: str) -> str:
    found = Path(sys.executable).parent / name
    assert found.exists(), f"{name} is in the [test] extra"
    return str(found)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.Instance]:
    instance = live.start(tmp_path_factory.mktemp("clients"), 2, HUPAI_API_KEYS=API_KEY)
    yield instance
    instance.stop()


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[types.ModuleType]:
    """The generated ``hupai_client`` package, imported from its temporary folder: made
    with no ``--config``, as a newcomer would run the generator."""
    out = tmp_path_factory.mktemp("python-client") / "hupai-client"
    run = subprocess.run(
        [_bin("openapi-python-client"), "generate", "--path", str(SPEC_FILE),
         "--output-path", str(out)],
        capture_output=True, text=True, timeout=300,
        env=live.image_env(),  # the venv's bin first: its ruff formats the generated code
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    # the generator prints each warning and each schema it drops; there must be none
    assert not re.search(r"warning|unable to process|error", output, re.IGNORECASE), output
    # a plain name from the title alone: the project and the one package in it
    project = (out / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^name = "hupai-client"$', project, re.M), project[:300]
    assert sorted(p.name for p in out.iterdir() if (p / "__init__.py").exists()) == ["hupai_client"]
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module("hupai_client")
    finally:
        sys.path.remove(str(out))


def _operation(path: str, method: str) -> dict[str, Any]:
    operation: dict[str, Any] = SPEC["paths"][path][method]
    return operation


def _api(client: types.ModuleType, path: str, method: str = "post") -> types.ModuleType:
    """The generated module of an operation: ``api/<tag>/<operationId in snake case>``."""
    operation = _operation(path, method)
    snake = re.sub(r"(?<!^)(?=[A-Z])", "_", operation["operationId"]).lower()
    return importlib.import_module(f"{client.__name__}.api.{operation['tags'][0]}.{snake}")


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target: Any = SPEC
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def _answer_schema(path: str, status: int) -> dict[str, Any]:
    response = _resolve(_operation(path, "post")["responses"][str(status)])
    (media,) = response["content"].values()
    schema: dict[str, Any] = media["schema"]
    return schema


def _matches(schema: dict[str, Any], value: Any) -> bool:
    validator = jsonschema.Draft202012Validator({**schema, "components": SPEC["components"]})
    return bool(validator.is_valid(value))


def _model_for(client: types.ModuleType, schema: dict[str, Any], answer: Any) -> type:
    """The generated model of the named schema ``answer`` matches: the schema itself, or the
    one branch of its ``oneOf`` that the answer validates against."""
    branches = _resolve(schema).get("oneOf", [schema])
    (chosen,) = [b for b in branches if _matches(b, answer)]
    model: type = getattr(client.models, chosen["$ref"].rsplit("/", 1)[1])
    return model


def _untyped(value: Any, where: str = "answer") -> Iterator[str]:
    """Where a generated model holds members it has no attribute for. A model with no
    attribute at all is a free-form object of the document (a batch result's ``body``)."""
    if attrs.has(type(value)):
        names = [f.name for f in attrs.fields(type(value)) if f.name != "additional_properties"]
        if not names:
            return
        for key in getattr(value, "additional_properties", {}):
            yield f"{where}.{key}"
        for name in names:
            yield from _untyped(getattr(value, name), f"{where}.{name}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _untyped(item, f"{where}[{i}]")


def _authenticated(client: types.ModuleType, service: live.Instance) -> Any:
    return client.AuthenticatedClient(base_url=service.url, token=API_KEY,
                                      raise_on_unexpected_status=True)


def _call(client: types.ModuleType, service: live.Instance, op: str, variant: str | None,
          request_body: Any) -> tuple[str, Any]:
    path = "/v1/batch" if variant is None else f"/v1/{variant}/{op}"
    api = _api(client, path)
    body_type = typing.get_type_hints(api.sync_detailed)["body"]
    response = api.sync_detailed(client=_authenticated(client, service),
                                 body=body_type.from_dict(request_body))
    return path, response


@each_exchange
def test_each_example_through_the_generated_python_client(
    generated: types.ModuleType,
    service: live.Instance,
    name: str,
    op: str,
    variant: str | None,
    request_body: Any,
    status: int,
    answer: Any,
) -> None:
    path, response = _call(generated, service, op, variant, request_body)
    assert response.status_code == status, response.content
    model = _model_for(generated, _answer_schema(path, status), answer)
    parsed = response.parsed
    assert type(parsed) is model, (type(parsed), model)
    assert parsed.to_dict() == answer
    assert list(_untyped(parsed)) == []


def test_the_typed_attributes_of_fan_and_win(generated: types.ModuleType,
                                             service: live.Instance) -> None:
    """What a game backend reads, as typed attributes: a fan answer's patterns, fan and
    payments; a win's shapes; a non-win's reason — in every variant, win and non-win."""
    m = generated.models
    seen: set[tuple[str, str, bool]] = set()
    for _, op, variant, body, _, answer in EXCHANGES:
        if op not in ("win", "fan") or variant is None:
            continue
        parsed = _call(generated, service, op, variant, body)[1].parsed
        if answer["win"] is False:
            assert parsed.win is False
            assert isinstance(parsed.reason, m.Reason) and parsed.reason.value == answer["reason"]
        elif op == "win":
            assert parsed.win is True
            assert [s.value for s in parsed.shapes] == answer["shapes"]
            assert all(isinstance(s, m.ShapeId) for s in parsed.shapes)
        else:
            assert parsed.win is True
            assert isinstance(parsed.fan, int) and parsed.fan == answer["fan"]
            assert all(isinstance(p, m.Pattern) for p in parsed.patterns)
            assert [p.name_zh for p in parsed.patterns] == [p["name_zh"] for p in
                                                             answer["patterns"]]
            assert isinstance(parsed.reading, m.Reading)
            if "payments" in answer:  # four zero-sum deltas, as ints
                assert parsed.payments == answer["payments"] and sum(parsed.payments) == 0
                assert all(isinstance(p, int) for p in parsed.payments)
        # the options are the variant's own model, not a free dict
        assert type(parsed.options) is getattr(m, f"{variant.capitalize()}EffectiveOptions")
        seen.add((variant, op, answer["win"]))
    assert seen == {(v, op, w) for v in VARIANTS for op in ("win", "fan") for w in (True, False)}


def test_the_generated_package_passes_mypy_strict(generated: types.ModuleType) -> None:
    """Typed all through: a component whose name is its own member's (``Status.status``)
    makes the generator shadow a variable, so none is named so (``Liveness``, ``WinShapes``)."""
    package = Path(generated.__file__ or "").parent
    run = subprocess.run([_bin("mypy"), "--strict", "--no-incremental", package.name],
                         cwd=package.parent, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:]


def test_every_operation_is_generated(generated: types.ModuleType) -> None:
    for path, item in SPEC["paths"].items():
        for method in item:
            assert callable(_api(generated, path, method).sync_detailed), (path, method)


def test_the_gets_through_the_generated_python_client(generated: types.ModuleType,
                                                      service: live.Instance) -> None:
    m, client = generated.models, _authenticated(generated, service)
    variants = _api(generated, "/v1/variants", "get").sync_detailed(client=client).parsed
    assert isinstance(variants, m.VariantList)
    assert [v.id for v in variants.variants] == list(VARIANTS)
    assert all(isinstance(o, m.OptionInfo) for v in variants.variants for o in v.options)
    one = _api(generated, "/v1/variants/{variant}", "get").sync_detailed("nanchang",
                                                                        client=client).parsed
    assert isinstance(one, m.VariantInfo) and one.to_dict() == variants.variants[2].to_dict()
    alive = _api(generated, "/livez", "get").sync_detailed(client=client).parsed
    assert isinstance(alive, m.Liveness) and alive.status.value == "ok"
    ready = _api(generated, "/readyz", "get").sync_detailed(client=client).parsed
    assert isinstance(ready, m.Readiness) and ready.status.value == "ready"
    raw = _api(generated, "/openapi.yaml", "get").sync_detailed(client=client)
    assert raw.headers["content-type"] == "application/yaml"  # the client asks for no type
    assert yaml.safe_load(raw.parsed) == SPEC


def _problem(generated: types.ModuleType, path: str, response: httpx.Response) -> Any:
    """A raw response through the operation's generated parser."""
    client = generated.Client(base_url="http://unused")
    return _api(generated, path)._build_response(client=client, response=response).parsed


def test_problems_come_back_as_problem_models(generated: types.ModuleType,
                                              service: live.Instance) -> None:
    m, client = generated.models, _authenticated(generated, service)
    win = _api(generated, "/v1/sichuan/win")

    # 422: the document's too-many-copies example, with its code and every error typed
    bad = m.SichuanWinBody.from_dict({"hand": "11112345678999m", "win_tile": "1m"})
    problem = win.sync_detailed(client=client, body=bad).parsed
    assert isinstance(problem, m.ValidationProblem)
    assert problem.code is m.ValidationProblemCode.TOO_MANY_COPIES
    assert problem.type_ is m.ValidationProblemType.URNHUPAIPROBLEMINVALID_HAND
    assert [e.pointer for e in problem.errors] == ["#/hand", "#/hand"]
    assert all(isinstance(e, m.ProblemPointer) for e in problem.errors)

    # 401 without the key
    anonymous = generated.Client(base_url=service.url)
    problem = win.sync_detailed(client=anonymous, body=bad).parsed
    assert isinstance(problem, m.UnauthorizedProblem) and problem.status == 401

    # 404: the two problems of NotFoundV1, each parsed as its own model
    unknown = _api(generated, "/v1/{variant}/{operation}")
    body = m.UnknownOperationBody.from_dict({})
    problem = unknown.sync_detailed("riichi", "win", client=client, body=body).parsed
    assert isinstance(problem, m.UnknownVariantProblem)
    assert problem.type_ == "urn:hupai:problem:unknown-variant"
    problem = unknown.sync_detailed("sichuan", "birds", client=client, body=body).parsed
    assert isinstance(problem, m.OperationNotSupportedProblem) and problem.status == 404

    # 400 and 415: bodies the typed client never sends, sent raw and parsed by it
    headers = {"Authorization": f"Bearer {API_KEY}"}
    for content, content_type, model in [('{"hand": NaN}', "application/json", m.BlankProblem400),
                                         ("{}", "text/plain", m.BlankProblem415)]:
        raw = httpx.post(f"{service.url}/v1/sichuan/win", content=content,
                         headers={**headers, "Content-Type": content_type})
        problem = _problem(generated, "/v1/sichuan/win", raw)
        assert isinstance(problem, model) and problem.status == raw.status_code
        assert problem.to_dict() == raw.json()
