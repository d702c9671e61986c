"""The marshmallow request schemas, rendered by apispec, have the property names, types and
required lists that openapi.yaml gives the components of the same name — so the document and
the code that enforces it cannot drift apart."""

from __future__ import annotations

from typing import Any

import pytest
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from service import schemas
from tests.contract.spec import array_items, object_form, resolve, spec, types

TOP = ["WinRequest", "HandRequest", "ContextRequest", "ClaimsRequest", "Envelope",
       "BatchRequest"]


def rendered() -> dict[str, Any]:
    doc = APISpec("hupai", "1", "3.1.0", plugins=[MarshmallowPlugin()])
    for name in TOP:
        doc.components.schema(name, schema=getattr(schemas, name))
    return doc.to_dict()


RENDERED = rendered()
NESTED = sorted(set(RENDERED["components"]["schemas"]) - set(TOP))


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
