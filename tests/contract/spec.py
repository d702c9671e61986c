"""Helpers for the contract tests: the packaged openapi.yaml, $ref resolution, and a small
normal form of a JSON schema's types (so that ``oneOf [TileCode, null]`` and
``type: [string, "null"]`` compare equal)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "service" / "openapi.yaml"


@cache
def spec() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    return data


def resolve(schema: Mapping[str, Any], doc: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Follow ``$ref`` (local refs only) until a schema without one."""
    doc = spec() if doc is None else doc
    seen = 0
    while "$ref" in schema:
        target = _lookup(doc, schema["$ref"])
        if target is None:  # a rendered fragment may point at the document's components
            target = _lookup(spec(), schema["$ref"])
        assert target is not None, schema["$ref"]
        extra = {k: v for k, v in schema.items() if k != "$ref"}
        schema = {**target, **extra}
        seen += 1
        assert seen < 20, "a $ref loop"
    return dict(schema)


def _lookup(doc: Mapping[str, Any], ref: str) -> Any:
    target: Any = doc
    for part in ref.removeprefix("#/").split("/"):
        if not isinstance(target, Mapping) or part not in target:
            return None
        target = target[part]
    return target


def alternatives(schema: Mapping[str, Any], doc: Mapping[str, Any] | None = None
                 ) -> Iterator[dict[str, Any]]:
    """The resolved schemas a value may match: oneOf/anyOf flattened."""
    s = resolve(schema, doc)
    branches = s.get("oneOf") or s.get("anyOf")
    if branches and "type" not in s:
        for b in branches:
            yield from alternatives(b, doc)
    else:
        yield s


def types(schema: Mapping[str, Any], doc: Mapping[str, Any] | None = None) -> frozenset[str]:
    """The JSON types a schema allows (``any`` when it does not say)."""
    found: set[str] = set()
    for alt in alternatives(schema, doc):
        t = alt.get("type")
        if t is None and "const" in alt:  # `win: {const: true}` is a boolean
            found.add(_JSON_TYPES[type(alt["const"])])
        elif t is None and "allOf" in alt:
            found |= types(alt["allOf"][0], doc)
        elif t is None:
            found.add("any")
        elif isinstance(t, str):
            found.add(t)
        else:
            found.update(t)
    return frozenset(found)


def object_form(schema: Mapping[str, Any], doc: Mapping[str, Any] | None = None
                ) -> dict[str, Any] | None:
    """The object alternative of a schema, when it has declared properties."""
    for alt in alternatives(schema, doc):
        if "properties" in alt:
            return alt
    return None


def array_items(schema: Mapping[str, Any], doc: Mapping[str, Any] | None = None
                ) -> dict[str, Any] | None:
    for alt in alternatives(schema, doc):
        if "items" in alt and "array" in types(alt, doc):
            return dict(alt["items"])
    return None


def properties(name: str) -> dict[str, Any]:
    """The properties of components/schemas/<name>, allOf branches merged; of a union
    (``oneOf``, such as ``SichuanFanAnswer``: a win or ``SichuanNoWin``), the members any
    branch has, a member several have as the ``anyOf`` of their schemas."""
    return _members(resolve({"$ref": f"#/components/schemas/{name}"}))


def _members(s: Mapping[str, Any]) -> dict[str, Any]:
    merged: dict[str, Any] = dict(s.get("properties", {}))
    for part in s.get("allOf", []):
        merged.update(resolve(part).get("properties", {}))
    branches = [_members(resolve(b)) for b in s.get("oneOf", [])]
    for member in dict.fromkeys(m for b in branches for m in b):
        found = [b[member] for b in branches if member in b]
        merged[member] = found[0] if len(found) == 1 else {"anyOf": found}
    return merged


_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string",
               type(None): "null"}
