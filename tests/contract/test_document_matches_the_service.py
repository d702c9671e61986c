"""openapi.yaml against the running service: one path per variant operation and no other,
each variant's options as the engine declares them, and every documented example answered
exactly as documented (the examples are the engine's real answers)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.options import OptionSpec, OptionType
from engine.variants import REGISTRY
from service.app import create_app
from service.settings import Settings
from tests.contract.spec import resolve, spec

PASCAL = {v: v.capitalize() for v in REGISTRY}


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


def documented_operations() -> set[tuple[str, str]]:
    found = set()
    for path in spec()["paths"]:
        parts = path.strip("/").split("/")
        if len(parts) == 3 and parts[0] == "v1" and "{" not in path and parts[1] != "variants":
            found.add((parts[1], parts[2]))
    return found


def test_one_path_per_variant_operation_and_no_other():
    served = {(vid, op) for vid, v in REGISTRY.items() for op in v.operations()}
    assert documented_operations() == served


EVALUATIONS = [f"/v1/{vid}/{op}" for vid, v in REGISTRY.items() for op in v.operations()]


@pytest.mark.parametrize("path", [*EVALUATIONS, "/v1/batch"])
def test_every_evaluation_documents_prefer_and_its_headers(path):
    # the registry's operations, so that one added later must document it too
    post = spec()["paths"][path]["post"]
    assert {"$ref": "#/components/parameters/Prefer"} in post["parameters"]
    headers = post["responses"]["200"]["headers"]
    assert headers["Vary"] == {"$ref": "#/components/headers/VaryPrefer"}
    assert headers["Preference-Applied"] == {"$ref": "#/components/headers/PreferenceApplied"}
    parameter = spec()["components"]["parameters"]["Prefer"]
    assert (parameter["name"], parameter["in"], parameter["required"]) == ("Prefer", "header",
                                                                          False)
    applied = spec()["components"]["headers"]["PreferenceApplied"]["schema"]
    assert applied["enum"] == ["return=minimal"]


def _answer_objects(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The object schemas an answer may be: its oneOf branches, each with its allOf parts."""
    schema = resolve(schema)
    if "oneOf" in schema:
        return [o for branch in schema["oneOf"] for o in _answer_objects(branch)]
    if "allOf" in schema:
        return [o for part in schema["allOf"] for o in _answer_objects(part)]
    return [schema]


@pytest.mark.parametrize("path", EVALUATIONS)
def test_every_answer_may_leave_out_its_options(path):
    # the 200 of every registry operation: `options` documented, never required
    response = spec()["paths"][path]["post"]["responses"]["200"]
    parts = _answer_objects(response["content"]["application/json"]["schema"])
    assert any("options" in part.get("properties", {}) for part in parts), path
    assert all("options" not in part.get("required", []) for part in parts), path


def test_every_variant_has_a_tag():
    tags = {t["name"] for t in spec()["tags"]}
    assert set(REGISTRY) <= tags


def expected_option(s: OptionSpec, request: bool) -> dict[str, Any]:
    nullable = request or s.nullable
    base = {OptionType.TILE_LIST: "array", OptionType.SUIT_LIST: "array"}.get(s.type,
                                                                             s.type.value)
    out: dict[str, Any] = {"type": [base, "null"] if nullable else base}
    if s.choices is not None:
        out["enum"] = [*s.choices, *([None] if nullable and None not in s.choices else [])]
    if s.minimum is not None:
        out["minimum"] = s.minimum
    if s.maximum is not None:
        out["maximum"] = s.maximum
    out["default"] = list(s.default) if isinstance(s.default, tuple) else s.default
    return out


@pytest.mark.parametrize("variant", sorted(REGISTRY))
@pytest.mark.parametrize("request_side", [True, False], ids=["request", "answer"])
def test_options_schema_is_the_engines_declaration(variant, request_side):
    name = f"{PASCAL[variant]}{'Options' if request_side else 'EffectiveOptions'}"
    schema = spec()["components"]["schemas"][name]
    specs = REGISTRY[variant].option_specs
    assert schema["additionalProperties"] is False
    assert list(schema["properties"]) == [s.name for s in specs]
    if not request_side:
        assert schema["required"] == [s.name for s in specs]
    for s in specs:
        documented = dict(schema["properties"][s.name])
        assert documented.pop("description") == s.description
        documented.pop("items", None)
        documented.pop("uniqueItems", None)
        if s.type is OptionType.SUIT_LIST:  # 1–3 distinct letters of m, p, s (rooms.md §0.9.8)
            assert (documented.pop("minItems"), documented.pop("maxItems")) == (1, 3)
        assert documented == expected_option(s, request_side), s.name


def examples() -> list[tuple[str, str, Any, Any]]:
    found = []
    for path, item in spec()["paths"].items():
        post = item.get("post")
        if not post or "requestBody" not in post or "{" in path:
            continue
        requests = post["requestBody"]["content"]["application/json"].get("examples", {})
        answers = post["responses"]["200"]["content"]["application/json"].get("examples", {})
        for name, ex in requests.items():
            if path != "/v1/batch":
                assert name in answers, f"{path} example {name} has no documented answer"
                found.append((path, name, ex["value"], answers[name]["value"]))
    return found


EXAMPLES = examples()


def test_every_variant_operation_has_an_example():
    paths = {path for path, *_ in EXAMPLES}
    assert {f"/v1/{v}/{op}" for v, op in documented_operations()} <= paths


@pytest.mark.parametrize("path, name, body, answer", EXAMPLES,
                         ids=[f"{p}#{n}" for p, n, *_ in EXAMPLES])
def test_documented_example_is_the_real_answer(client, path, name, body, answer):
    r = client.post(path, data=json.dumps(body), content_type="application/json")
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json() == answer


def test_batch_example(client):
    post = spec()["paths"]["/v1/batch"]["post"]
    body = post["requestBody"]["content"]["application/json"]["examples"]["two"]["value"]
    results = client.post("/v1/batch", json=body).get_json()["results"]
    assert [r["status"] for r in results] == [200, 404]


def component_example(response: str, name: str | None = None) -> Any:
    content = spec()["components"]["responses"][response]["content"]
    media = content["application/problem+json"]
    return media["example"] if name is None else media["examples"][name]["value"]


@pytest.mark.parametrize("response, name, path, raw, content_type", [
    ("BadRequest", None, "/v1/sichuan/win", '{"hand": NaN}', "application/json"),
    ("UnknownVariant", None, "/v1/riichi/win", "{}", "application/json"),
    ("NotFoundV1", "unknown-variant", "/v1/riichi/win", "{}", "application/json"),
    ("NotFoundV1", "operation-not-supported", "/v1/sichuan/birds", "{}", "application/json"),
    ("UnsupportedMediaType", None, "/v1/sichuan/win", "{}", "text/plain"),
    ("ValidationFailed", "too-many-copies", "/v1/sichuan/win",
     '{"hand": "11112345678999m", "win_tile": "1m"}', "application/json"),
    ("ValidationFailed", "unknown-member", "/v1/sichuan/win",
     '{"hand_tiles": "1112345678999m", "win_tile": "5m"}', "application/json"),
    ("ValidationFailed", "misspelt-option", "/v1/sichuan/win",
     '{"hand": "1112345678999m", "win_tile": "5m", "options": {"maxfan": 3, "hai_ti": true}}',
     "application/json"),
    ("SettleFailed", "nanchang-hand-over", "/v1/nanchang/settle", json.dumps(
        {"record": {"dealer": 0, "shang_jing": "5m", "events": [
            {"type": "win", "from": 1, "win_tile": "8m", "winners": [
                {"seat": 2, "hand": "6m9m123p789s44z",
                 "melds": [{"type": "kong", "tiles": "5555m", "from": 3}]}]},
            {"type": "win", "win_tile": "1z", "context": {"win_type": "self_draw"},
             "winners": [{"seat": 0, "hand": "123m456m789p55p11z"}]}]}}), "application/json"),
    ("ValidationFailed", "source-not-allowed", "/v1/sichuan/claims",
     '{"hand": "123m 456m 789m 11p 46p", "tile": "5p", "context": {"source": "rob_kong", '
     '"kong": {"type": "exposed"}, "missing_suit": "s"}}', "application/json"),
])
def test_documented_problem_examples_are_real(client, response, name, path, raw, content_type):
    r = client.post(path, data=raw, content_type=content_type)
    assert r.get_json() == component_example(response, name)


def test_documented_401_and_413_examples_are_real():
    keyed = create_app(Settings(api_keys=("k",))).test_client()
    assert keyed.post("/v1/sichuan/win", json={}).get_json() == component_example("Unauthorized")
    r = create_app(Settings()).test_client().post(
        "/v1/sichuan/win", data=" " * (1024 * 1024 + 1), content_type="application/json")
    assert r.get_json() == component_example("PayloadTooLarge")
