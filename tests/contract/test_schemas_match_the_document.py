"""The marshmallow request schemas, rendered by apispec, have the property names, types and
required lists that openapi.yaml gives the components of the same name — so the document and
the code that enforces it cannot drift apart. Each (variant, operation)'s context schema is
compared with the component its path's body names (``…ContextMember``)."""

from __future__ import annotations

from typing import Any

import pytest
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from engine.variants import REGISTRY
from service import schemas
from tests.contract.spec import array_items, object_form, resolve, spec, types

TOP = ["WinRequest", "HandRequest", "ContextRequest", "SettleRequest", "ClaimsRequest",
       "AdviceRequest", "DingqueRequest", "ExchangeRequest",
       "Envelope", "BatchRequest"]
CONTEXTS = schemas.context_schemas(REGISTRY)
"""Each (variant, operation)'s context schema, as the service's routes load it."""


def rendered() -> dict[str, Any]:
    doc = APISpec("hupai", "1", "3.1.0", plugins=[MarshmallowPlugin()])
    for name in [*TOP, "Context"]:
        doc.components.schema(name, schema=getattr(schemas, name))
    for cls in dict.fromkeys(CONTEXTS.values()):  # each under its own class name
        doc.components.schema(cls.__name__, schema=cls)
    return doc.to_dict()


RENDERED = rendered()
NESTED = sorted(set(RENDERED["components"]["schemas"]) - set(TOP)
                - {cls.__name__ for cls in CONTEXTS.values()})


ENGINE_CHECKED = {"SettleRequest.record"}
"""Objects the schemas take whole and the engine checks member by member (settle.md
§1.6.7's stages and pointers), which the document describes in full (``Record``)."""


def compare(ours: dict[str, Any], theirs: dict[str, Any], where: str) -> None:
    """Recursively: same properties, same required, same types; nested objects and array
    items compared the same way."""
    assert set(ours.get("properties", {})) == set(theirs.get("properties", {})), where
    assert sorted(ours.get("required", [])) == sorted(theirs.get("required", [])), where
    assert ours.get("additionalProperties") is False and theirs.get(
        "additionalProperties") is False, where
    for name, ours_prop in ours["properties"].items():
        theirs_prop = theirs["properties"][name]
        here = f"{where}.{name}"
        assert types(ours_prop, RENDERED) == types(theirs_prop), here
        if here in ENGINE_CHECKED:
            continue
        ours_obj, theirs_obj = object_form(ours_prop, RENDERED), object_form(theirs_prop)
        assert (ours_obj is None) == (theirs_obj is None), here
        if ours_obj is not None and theirs_obj is not None:
            compare(ours_obj, theirs_obj, here)
        ours_items, theirs_items = array_items(ours_prop, RENDERED), array_items(theirs_prop)
        if ours_items is not None and theirs_items is not None:
            assert types(ours_items, RENDERED) == types(theirs_items), f"{here}[]"
            ours_obj, theirs_obj = object_form(ours_items, RENDERED), object_form(theirs_items)
            assert (ours_obj is None) == (theirs_obj is None), f"{here}[]"
            if ours_obj is not None and theirs_obj is not None:
                compare(ours_obj, theirs_obj, f"{here}[]")


@pytest.mark.parametrize("name", TOP + NESTED)
def test_rendered_schema_matches_the_document(name):
    ours = resolve({"$ref": f"#/components/schemas/{name}"}, RENDERED)
    theirs = resolve({"$ref": f"#/components/schemas/{name}"})
    compare(ours, theirs, name)


@pytest.mark.parametrize("variant, op", sorted(CONTEXTS))
def test_each_operations_context_matches_the_component_its_body_names(variant, op):
    """The context the route loads is the one its body's ``…ContextMember`` names, member for
    member; and that component is the one `context_schemas` says (``SichuanContext``…)."""
    cls = CONTEXTS[variant, op]
    body = spec()["paths"][f"/v1/{variant}/{op}"]["post"]["requestBody"]
    refs = [s["$ref"].rsplit("/", 1)[1]
            for s in body["content"]["application/json"]["schema"]["allOf"]]
    members = [r for r in refs if r.endswith("ContextMember")]
    assert members == [f"{cls.component}Member"], refs
    named = resolve({"$ref": f"#/components/schemas/{members[0]}"})["properties"]["context"]
    assert object_form(named) == resolve({"$ref": f"#/components/schemas/{cls.component}"})
    ours = resolve({"$ref": f"#/components/schemas/{cls.__name__}"}, RENDERED)
    compare(ours, resolve({"$ref": f"#/components/schemas/{cls.component}"}), cls.component)


def test_every_request_body_uses_a_rendered_schema():
    """Each operation's request body is (an allOf over) one of the compared components."""
    for path, item in spec()["paths"].items():
        post = item.get("post")
        if not post or not path.startswith("/v1/") or "{" in path:
            continue
        schema = post["requestBody"]["content"]["application/json"]["schema"]
        refs = [s["$ref"] for s in schema.get("allOf", [schema])]
        assert refs[0].rsplit("/", 1)[1] in TOP, path
        op = path.rsplit("/", 1)[1]
        if path != "/v1/batch":
            assert refs[0].rsplit("/", 1)[1] == schemas.schema_for(op).__name__, path
            assert (path.split("/")[2], op) in CONTEXTS, path
