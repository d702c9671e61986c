"""``Prefer: return=minimal`` (RFC 7240, service/prefer.py): the answer without its options.

How the header is read is pinned case by case; the answers on the toy variant (where every
answer is known: tests/service/toy.py) and on every operation of every real variant, taken
from the engine's registry, so that an operation added later is covered with no edit here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from engine.variants import REGISTRY
from service import budget, mapping, prefer
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import example_bodies, problem

MINIMAL = {"Prefer": "return=minimal"}
WIN = {"hand": "1112345678999m", "win_tile": "5m"}
TOY_WIN = {"win": True, "shapes": ["standard"]}
TOY_OPTIONS = {"bonus": 0, "cap": 4}

READINGS = [
    # (the Prefer field values as sent, one a field; minimal?)
    (["return=minimal"], True),
    (["return=representation"], False),  # the full answer is what it asks for
    (["respond-async"], False),  # a preference this service does not know: ignored
    (["wait=10"], False),
    (["return=minimal, foo"], True),  # an unknown preference beside it is ignored
    (["foo, return=minimal"], True),
    (["foo", "return=minimal"], True),  # two fields are one comma-separated list (§2)
    (["return=minimal", "return=representation"], True),  # the first `return` counts (§2)
    (["return=representation, return=minimal"], False),
    (["RETURN=minimal"], True),  # names compare case-insensitively
    (["Return=minimal"], True),
    (["return=Minimal"], False),  # values exactly
    (["return=MINIMAL"], False),
    (['return="minimal"'], True),  # a quoted string is the same value
    (["return = minimal"], True),  # BWS around "=" (RFC 7240's grammar)
    (["  return=minimal  "], True),
    (["return=minimal; foo=bar"], True),  # the preference's parameters are ignored
    (["return=minimal;"], True),
    (["return=minimal foo"], False),  # no comma: one element that does not parse, ignored
    (["return=minimalist"], False),
    (["return"], False),  # no value
    (["return=, return=minimal"], False),  # an empty value is no value, and the first counts
    (['foo="a, return=minimal"'], False),  # a comma in a quoted string separates nothing
    (['foo="a, b", return=minimal'], True),
    (['foo="unclosed, return=minimal'], True),  # the stray quote's element is garbage only
    ([",,return=minimal,,"], True),  # empty elements are nothing
    (["garbage;;;=,==,;"], False),
    ([""], False),
    (["ümlaut, return=minimal"], True),
    (["x" * 8000], False),
    (["foo, " * 1600 + "return=minimal"], True),
]


@pytest.mark.parametrize("fields, expected", READINGS, ids=[repr(f)[:40] for f, _ in READINGS])
def test_how_the_header_is_read(fields, expected):
    # as the WSGI server hands several fields over: one value, joined by commas
    assert prefer.minimal({prefer.ENVIRON_KEY: ",".join(fields)}) is expected


def test_no_header_is_the_full_answer():
    assert prefer.minimal({}) is False


@pytest.mark.parametrize("fields, expected", READINGS[:12], ids=[repr(f)[:40] for f, _ in
                                                                 READINGS[:12]])
def test_each_reading_through_the_app(client, fields, expected):
    r = client.post("/v1/toy/win", json=WIN, headers=[("Prefer", f) for f in fields])
    assert r.status_code == 200
    assert r.get_json() == (TOY_WIN if expected else {**TOY_WIN, "options": TOY_OPTIONS})
    assert r.headers.get("Preference-Applied") == ("return=minimal" if expected else None)
    assert r.headers["Vary"] == "Prefer"


def test_minimal_is_the_answer_less_its_options(client):
    r = client.post("/v1/toy/win", json=WIN, headers=MINIMAL)
    assert r.data == b'{"win":true,"shapes":["standard"]}'
    assert r.headers["Preference-Applied"] == "return=minimal"
    assert r.headers.get_all("Vary") == ["Prefer"]


def test_without_the_header_nothing_changes(client):
    # byte for byte the answer as the mapping's generic encoding gives it (service/mapping.py)
    r = client.post("/v1/toy/win", json=WIN)
    assert r.data == mapping.encode({**TOY_WIN, "options": TOY_OPTIONS})
    assert "Preference-Applied" not in r.headers
    # the header could have changed it: a cache must know
    assert r.headers["Vary"] == "Prefer"


@pytest.mark.parametrize("value", ["return=representation", "respond-async", "foo", "garbage;=,"])
def test_an_ignored_preference_is_the_answer_without_the_header(client, value):
    plain = client.post("/v1/toy/fan", json=WIN)
    r = client.post("/v1/toy/fan", json=WIN, headers={"Prefer": value})
    assert r.data == plain.data and "Preference-Applied" not in r.headers


def test_the_full_and_the_minimal_answer_alternate_unchanged(client):
    # the encoder's cache of each option set's JSON serves both forms
    full = client.post("/v1/toy/fan", json=WIN).data
    short = client.post("/v1/toy/fan", json=WIN, headers=MINIMAL).data
    assert json.loads(full)["options"] == TOY_OPTIONS and "options" not in json.loads(short)
    for _ in range(3):
        assert client.post("/v1/toy/fan", json=WIN, headers=MINIMAL).data == short
        assert client.post("/v1/toy/fan", json=WIN).data == full


def test_an_error_is_the_same_either_way(client):
    body = {"hand": "12x", "win_tile": "5m"}
    plain = client.post("/v1/toy/win", json=body)
    r = client.post("/v1/toy/win", json=body, headers=MINIMAL)
    assert r.status_code == 422 and problem(r)["code"] == "invalid_tile"
    assert r.data == plain.data
    assert "Preference-Applied" not in r.headers and "Vary" not in r.headers


def test_in_a_batch_every_item_is_minimal(client):
    requests = [{"variant": "toy", "op": "win", "body": WIN},
                {"variant": "toy", "op": "kong", "body": {
                    "context": {"kong": {"type": "concealed", "tile": "1m"},
                                "seats": {"konger": 0}}}},
                {"variant": "toy", "op": "win", "body": {"hand": "12x", "win_tile": "5m"}},
                {"variant": "nope", "op": "win", "body": WIN}]
    full = client.post("/v1/batch", json={"requests": requests})
    r = client.post("/v1/batch", json={"requests": requests}, headers=MINIMAL)
    assert r.headers["Preference-Applied"] == "return=minimal"
    assert r.headers["Vary"] == full.headers["Vary"] == "Prefer"
    assert "Preference-Applied" not in full.headers
    results, plain = r.get_json()["results"], full.get_json()["results"]
    assert [x["status"] for x in results] == [x["status"] for x in plain] == [200, 200, 422, 404]
    assert results[0]["body"] == TOY_WIN
    # the kong answer is its payments, the options gone (the konger gets 1 from each of three)
    assert results[1]["body"] == {"payments": [3, -1, -1, -1]}
    assert all("options" in x["body"] for x in plain[:2])
    assert results[2:] == plain[2:]  # the problems are the same either way


def test_the_encoders_minimal_form_of_any_answer():
    # the encoder's general path: an answer whose options are not last, one without any
    @dataclass(frozen=True)
    class Middle:
        win: bool
        options: dict[str, Any]
        fan: int

    @dataclass(frozen=True)
    class Bare:
        scores: tuple[int, ...]

    encode = mapping.AnswerEncoder()
    assert encode.minimal(Middle(True, {"a": 1}, 3)) == b'{"win":true,"fan":3}'
    assert encode(Middle(True, {"a": 1}, 3)) == b'{"win":true,"options":{"a":1},"fan":3}'
    assert encode.minimal(Bare((1, 2))) == encode(Bare((1, 2))) == b'{"scores":[1,2]}'


# --- every operation of every variant -------------------------------------------------------


@pytest.fixture(scope="module")
def real():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


EXAMPLE = example_bodies()
OPERATIONS = [(variant_id, op) for variant_id, variant in REGISTRY.items()
              for op in variant.operations()]


def _less_options(raw: bytes) -> bytes:
    """The full answer's bytes with its ``options`` member taken out, order kept."""
    data = json.loads(raw)
    assert "options" in data, "every evaluation answer echoes its options"
    return mapping.encode({k: v for k, v in data.items() if k != "options"})


@pytest.mark.parametrize("variant, op", OPERATIONS, ids=[f"{v}-{o}" for v, o in OPERATIONS])
def test_every_operation_answers_minimal(real, variant, op):
    path = f"/v1/{variant}/{op}"
    assert path in EXAMPLE, f"{path} has no request example in openapi.yaml"
    full = real.post(path, json=EXAMPLE[path])
    short = real.post(path, json=EXAMPLE[path], headers=MINIMAL)
    assert full.status_code == short.status_code == 200, full.get_data(as_text=True)
    assert short.data == _less_options(full.data)
    assert short.headers["Preference-Applied"] == "return=minimal"
    assert "Preference-Applied" not in full.headers
    assert full.headers["Vary"] == short.headers["Vary"] == "Prefer"


def _within_budget(items: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """``items`` in order, cut into batches that each fit the work budget; an item over the
    budget on its own (四川's advice example, exact over two draws) is in no batch — the
    single-request test above covers it."""
    batches: list[list[dict[str, Any]]] = [[]]
    for item in items:
        if budget.batch_weight([item]) > budget.BUDGET:
            continue
        if batches[-1] and budget.batch_weight([*batches[-1], item]) > budget.BUDGET:
            batches.append([])
        batches[-1].append(item)
    return batches


def test_every_operation_in_a_batch_answers_minimal(real):
    requests = [{"variant": v, "op": o, "body": EXAMPLE[f"/v1/{v}/{o}"]} for v, o in OPERATIONS]
    batches = _within_budget(requests)
    assert any(len(b) > 1 for b in batches)  # the preference applies to several items
    plain, minimal = [], []
    for batch in batches:
        full = real.post("/v1/batch", json={"requests": batch})
        short = real.post("/v1/batch", json={"requests": batch}, headers=MINIMAL)
        assert full.status_code == short.status_code == 200, full.get_data(as_text=True)
        assert short.headers["Preference-Applied"] == "return=minimal"
        plain += full.get_json()["results"]
        minimal += short.get_json()["results"]
    assert [x["status"] for x in minimal] == [200] * sum(map(len, batches))
    assert len(minimal) > len(OPERATIONS) / 2
    for one, other in zip(plain, minimal, strict=True):
        assert "options" in one["body"]
        assert other["body"] == {k: v for k, v in one["body"].items() if k != "options"}
