"""A misspelt member or option is answered with the names close to it ("did you mean
'max_fan'?", engine/close_names.py) — over every variant and operation of the registry, so
that one added later is covered."""

from __future__ import annotations

import pytest
from marshmallow import fields

import engine.close_names
from engine.variants import REGISTRY
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import details, example_bodies


@pytest.fixture(scope="module")
def app():  # type: ignore[no-untyped-def]
    return create_app(Settings())


@pytest.fixture(scope="module")
def client(app):  # type: ignore[no-untyped-def]
    return app.test_client()


EXAMPLE = example_bodies()


def misspelt(name: str) -> str:
    """``name`` without its middle character: ``max_fan`` → ``maxfan``, ``events`` → ``evnts``."""
    middle = len(name) // 2
    return name[:middle] + name[middle + 1:]


def suggested(detail: str) -> list[str]:
    """The names a detail suggests, in its order ("did you mean 'a', 'b' or 'c'?")."""
    assert "did you mean " in detail, detail
    words = detail.split("did you mean ", 1)[1].removesuffix("?")
    return [w.strip(" '") for part in words.split(" or ") for w in part.split(", ")]


# --- options ------------------------------------------------------------------------------------


def test_maxfan_is_max_fan(client):
    body = {**EXAMPLE["/v1/sichuan/win"], "options": {"maxfan": 3}}
    assert details(client.post("/v1/sichuan/win", json=body)) == {
        "#/options/maxfan": "unknown option 'maxfan' for this variant; did you mean 'max_fan'?"}


def test_several_close_names_in_the_order_of_the_options(client):
    # hai_ti: one letter from hai_di (t for d) and from shi_ti (a for h), as close
    body = {**EXAMPLE["/v1/sichuan/win"], "options": {"hai_ti": True}}
    assert details(client.post("/v1/sichuan/win", json=body))["#/options/hai_ti"] == (
        "unknown option 'hai_ti' for this variant; did you mean 'hai_di' or 'shi_ti'?")


def test_case_and_separators_are_not_compared(client):
    body = {**EXAMPLE["/v1/sichuan/win"], "options": {"Max-Fan": 3, "ZIMOBONUS": "jia_fan"}}
    found = details(client.post("/v1/sichuan/win", json=body))
    assert found["#/options/Max-Fan"].endswith("did you mean 'max_fan'?")
    assert found["#/options/ZIMOBONUS"].endswith("did you mean 'zimo_bonus'?")


def test_no_close_name_lists_the_known_ones(client):
    body = {**EXAMPLE["/v1/sichuan/win"], "options": {"fan": 3}}  # max_fan less four letters
    detail = details(client.post("/v1/sichuan/win", json=body))["#/options/fan"]
    names = [s.name for s in REGISTRY["sichuan"].option_specs]
    assert detail.startswith(f"unknown option 'fan' for this variant; known: {names[0]}, "
                             f"{names[1]},")
    assert "did you mean" not in detail


OPTIONS = [(v, s.name) for v in REGISTRY for s in REGISTRY[v].option_specs]


@pytest.mark.parametrize("variant, name", OPTIONS, ids=[f"{v}-{n}" for v, n in OPTIONS])
def test_every_misspelt_option_is_suggested(client, variant, name):
    wrong = misspelt(name)
    path = f"/v1/{variant}/win"
    r = client.post(path, json={**EXAMPLE[path], "options": {wrong: True}})
    detail = details(r)[f"#/options/{wrong}"]
    assert name in suggested(detail)
    assert len(suggested(detail)) <= engine.close_names.SUGGESTED


# --- members ------------------------------------------------------------------------------------


def _members(app) -> list[tuple[str, str, str, str]]:  # type: ignore[no-untyped-def]
    """(variant, op, pointer prefix, member) for every top-level and context member of every
    operation's schema."""
    found = []
    for (variant, op), operation in app.extensions["hupai"]["operations"].items():
        for name, field in operation.schema.fields.items():
            found.append((variant, op, "", name))
            if name == "context" and isinstance(field, fields.Nested):
                found.extend((variant, op, "context", inner) for inner in field.schema.fields)
    return found


MEMBERS = _members(create_app(Settings()))


@pytest.mark.parametrize("variant, op, where, name", MEMBERS,
                         ids=[f"{v}-{o}-{w}.{n}".replace("-.", "-") for v, o, w, n in MEMBERS])
def test_every_misspelt_member_is_suggested(client, app, variant, op, where, name):
    operation = app.extensions["hupai"]["operations"][variant, op]
    schema = operation.schema.fields["context"].schema if where else operation.schema
    wrong = misspelt(name)
    if wrong in schema.fields or wrong in getattr(schema, "refusals", {}):
        pytest.skip(f"{wrong!r} is a name of its own here")
    body = {"context": {wrong: 1}} if where else {wrong: 1}
    r = client.post(f"/v1/{variant}/{op}", json=body)
    pointer = f"#/{where}/{wrong}" if where else f"#/{wrong}"
    detail = details(r)[pointer]
    assert detail.startswith(f"unknown member '{wrong}'; did you mean ")
    assert name in suggested(detail)


SETTLES = [v for v in REGISTRY if "settle" in REGISTRY[v].operations()]


@pytest.mark.parametrize("variant", SETTLES)
def test_a_misspelt_record_member_is_suggested(client, variant):
    r = client.post(f"/v1/{variant}/settle", json={"record": {"evnts": []}})
    assert details(r)["#/record/evnts"] == "unknown member 'evnts'; did you mean 'events'?"


def test_the_first_four_unknown_names_of_a_body_are_looked_up(client):
    # five misspelt members in five objects: four looks (CloseNames), the fifth listed
    meld = {"tipe": "pong", "tiles": "111m"}
    r = client.post("/v1/sichuan/win", json={**EXAMPLE["/v1/sichuan/win"],
                                             "melds": [meld] * 4, "context": {"win_tipe": 1}})
    found = [d for d in details(r).values() if d.startswith("unknown member")]
    assert len(found) == 5
    assert sum("did you mean" in d for d in found) == 4
    assert sum("; known members here: " in d for d in found) == 1


@pytest.mark.parametrize("body, pointer", [
    ({"hand": "1m", "win_tile": "5m", "h" * 100_000: 1}, "#/hhh"),
    ({"hand": "1112345678999m", "win_tile": "5m", "options": {"m" * 100_000: 1}},
     "#/options/mmm"),
])
def test_a_long_name_is_set_aside_by_its_length(client, monkeypatch, body, pointer):
    # a name over twice the longest known one cannot be close to any: it costs a length
    # test, not its deletions (100,000 strings of 100,000 characters)
    calls: list[str] = []
    real = engine.close_names._within_one
    monkeypatch.setattr(engine.close_names, "_within_one",
                        lambda key: calls.append(key) or real(key))
    [detail] = [d for p, d in details(client.post("/v1/sichuan/win", json=body)).items()
                if p.startswith(pointer)]
    assert "known" in detail and "did you mean" not in detail
    assert all(len(key) < 100 for key in calls)  # the known names' own, if any
    short = {k if len(k) < 100 else k[:5]: v for k, v in body.items()}  # the spy does spy
    short["options"] = {k[:5]: v for k, v in body.get("options", {}).items()}
    client.post("/v1/sichuan/win", json=short)
    assert {"hhhhh", "mmmmm"} & set(calls)
