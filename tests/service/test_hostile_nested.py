"""Hostile bodies, round two (issue 23): every object and list a body can hold is counted
before validation, at every depth — declared by its variant or not — and the unknown-member
report is linear. The issue's reproductions are cases here; their times, answer sizes and RSS
are measured by ``python -m benchmarks.hostile`` (no timed assertion here: the one test of
linearity compares two sizes' work, loosely)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service import schemas
from service.app import create_app
from service.settings import Settings
from tests.engine.variants.sichuan.settle.test_worked_examples import EXAMPLE_1, EXAMPLE_3
from tests.service.conftest import problem

CLAIM = {"hand": "123m456m789m123p5p", "tile": "5p", "context": {"source": "discard_left"}}
RECORD_WIN = {"type": "win", "win_tile": "5p", "from": 1,
              "winners": [{"seat": 0, "hand": "123m456m789m23p55p"}]}
ANSWER_LIMIT = 16 * 1024


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


def many(n: int) -> dict[str, int]:
    """``n`` members with short names, so that 95,000 of them fit in a 1 MiB body."""
    return {f"{i:x}": 0 for i in range(n)}


WITHIN = 15_000
"""Members a body may hold and still be parsed (29,999 commas and colons: under
`jsonbody.MAX_VALUES`, 32,768); the issue's bodies held 37,000 and 95,000 (a 413 before the
parse: `test_the_issues_bodies_are_a_413_before_the_parse`)."""

def refused(client: Any, path: str, body: dict[str, Any]) -> list[tuple[str, str]]:
    data = json.dumps(body, separators=(",", ":"))
    assert len(data) <= 1 << 20
    r = client.post(path, data=data, content_type="application/json")
    answer = problem(r)
    assert r.status_code == 422 and answer["code"] == "invalid_field", answer
    assert len(r.data) <= ANSWER_LIMIT
    return [(e["pointer"], e["detail"]) for e in answer["errors"]]


@pytest.mark.parametrize("variant", ["sichuan", "changsha", "nanchang", "hongzhong"])
def test_claims_passed_with_many_members_is_one_problem_at_passed(client, variant):
    # issue 23, case 1: 396 KB of unknown members in context.passed were not counted, and
    # the unknown-member report rebuilt a set per member (31 s, a worker killed)
    body = {**CLAIM, "context": {**CLAIM["context"], "passed": many(WITHIN)}}
    if variant == "nanchang":
        body["context"]["jing"] = {"zheng": "9s", "fu": "1s"}
    [(pointer, detail)] = refused(client, f"/v1/{variant}/claims", body)
    assert pointer == "#/context/passed" and "15,000 members" in detail


def test_claims_passed_tiles_of_many_codes_is_one_problem():
    # issue 23, case 1: passed.tiles of 209,000 codes was accepted (200)
    client = create_app(Settings()).test_client()
    body = {**CLAIM, "context": {**CLAIM["context"], "passed": {"tiles": ["5p"] * 30_000,
                                                                "fan": 1}}}
    [(pointer, detail)] = refused(client, "/v1/sichuan/claims", body)
    assert pointer == "#/context/passed/tiles" and "30,000 entries; at most 34" in detail


def record_with(where: str, members: dict[str, int]) -> dict[str, Any]:
    """A 四川 record with ``members`` put in one of its nested objects (issue 23, case 4)."""
    win = json.loads(json.dumps(RECORD_WIN))
    record: dict[str, Any] = {"dealer": 0, "events": [win]}
    if where == "end":
        record["end"] = members
    elif where == "context":
        win["context"] = members
    elif where == "kong":
        record["events"].insert(0, {"type": "kong", "seat": 2, "kong": members})
    elif where == "winner":
        win["winners"][0].update(members)
    elif where == "end hand":
        record["end"] = {"hands": [None, {"hand": "1m", **members}, None, None]}
    return record


WHERE = [
    ("end", "#/record/end", "15,000"),
    ("context", "#/record/events/0/context", "15,000"),
    ("kong", "#/record/events/0/kong", "15,000"),
    ("winner", "#/record/events/0/winners/0", "15,002"),  # and its seat and hand
    ("end hand", "#/record/end/hands/1", "15,001"),  # and its hand
]


@pytest.mark.parametrize("where, pointer, count", WHERE)
def test_every_nested_object_of_a_settle_record_is_counted(client, where, pointer, count):
    # issue 23, case 4: 95,000 unknown members in end, an event's context or kong, a winner
    # or an end hand cost 0.6–0.9 s and up to 148 MB of worker RSS
    [(found, detail)] = refused(client, "/v1/sichuan/settle",
                                {"record": record_with(where, many(WITHIN))})
    assert found == pointer and f"{count} members" in detail


@pytest.mark.parametrize("path, body", [
    *[("/v1/sichuan/settle", {"record": record_with(where, many(95_000))})
      for where, _, _ in WHERE],
    ("/v1/sichuan/claims", {**CLAIM, "context": {**CLAIM["context"], "passed": many(37_000)}}),
    ("/v1/sichuan/claims", {**CLAIM, "context": {**CLAIM["context"], "passed": {
        "tiles": ["5p"] * 209_000, "fan": 1}}}),
])
def test_the_issues_bodies_are_a_413_before_the_parse(client, path, body):
    # more members and entries than any valid request holds, counted on the text
    data = json.dumps(body, separators=(",", ":"))
    assert len(data) <= 1 << 20
    r = client.post(path, data=data, content_type="application/json")
    assert r.status_code == 413 and "members and entries" in problem(r)["detail"]
    assert len(r.data) <= 1024


@pytest.mark.parametrize("path, body, pointer", [
    # lists no declaration names are bounded too (four times the longest list, 136)
    ("/v1/sichuan/settle", {"record": {"dealer": 0, "events": [], "x": [0] * 600}},
     "#/record/x"),
    ("/v1/sichuan/win", {"hand": "1m", "win_tile": "1m", "context": {"zz": [[0] * 600]}},
     "#/context/zz/0"),
    # an option's value, at any depth
    ("/v1/sichuan/win", {"hand": "1m", "win_tile": "1m", "options": {"a": {"b": many(200)}}},
     "#/options/a/b"),
    # the record's own lists: winners, end hands
    ("/v1/sichuan/settle", {"record": {"dealer": 0, "events": [
        {**RECORD_WIN, "winners": [{"seat": 0}] * 13}]}}, "#/record/events/0/winners"),
])
def test_undeclared_lists_and_deep_objects_are_counted(client, path, body, pointer):
    assert [p for p, _ in refused(client, path, body)] == [pointer]


@pytest.mark.parametrize("record", [EXAMPLE_1, EXAMPLE_3])
def test_a_record_within_the_limits_is_settled_as_before(client, record):
    # the limits refuse nothing a valid record holds (settle.md's worked examples)
    assert client.post("/v1/sichuan/settle", json={"record": record}).status_code == 200


class Key(str):
    """A member name that counts how often it is hashed: the work of a member test."""

    hashed = 0

    def __hash__(self) -> int:
        Key.hashed += 1
        return str.__hash__(self)


def test_the_unknown_member_report_is_linear() -> None:
    # the report of n unknown members (what the schema says of an object the limits let
    # through, e.g. one marshmallow reads) does work proportional to n: each member name is
    # hashed a bounded number of times — issue 23: a set was rebuilt per member (n² hashes:
    # 31 s for 37,000). Work counted, not timed: 50,000 members cost ten times 5,000.
    schema = schemas.Passed()

    def work(n: int) -> int:
        data = {Key(f"m{i}"): i for i in range(n)}
        errors = {k: [schemas.UNKNOWN_MESSAGE] for k in data}
        Key.hashed = 0
        found = schemas.problems(errors, data, schema)
        assert len(found) == 1 and f"{n:,} unknown members" in found[0].detail
        return Key.hashed

    small, large = work(5_000), work(50_000)
    assert large <= 4 * 50_000 and large == 10 * small, (small, large)
