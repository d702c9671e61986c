"""The schemas' fast path gives exactly what marshmallow gives, or leaves the body to it.

`service.fastload` reads well-typed bodies without marshmallow. Its one promise: whenever it
accepts a body, ``schema.load`` accepts it too and returns the same data — the same members in
the same order, the same values of the same types. Whatever it declines, marshmallow loads
(and words the errors of). Here both read thousands of generated bodies, valid and invalid,
shaped like every request schema's, and the whole `schemas.load` (fast path, fallback, nulls
dropped, errors as problems) is compared with the marshmallow-only load.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields, pre_load, validate, validates_schema

from engine.errors import RequestError
from engine.variants import REGISTRY
from service import fastload, schemas

# --- what the two loads give --------------------------------------------------------------------


def marshmallow_only(schema: Schema, data: Any) -> Any:
    try:
        return ("loaded", repr(schema.load(data)))  # repr: order and types (1 vs True vs 1.0)
    except ValidationError as e:
        return ("refused", repr(e.messages))


def fast_only(schema: Schema, data: Any) -> Any:
    reader = fastload.compile_schema(schema)
    assert reader is not None
    try:
        return ("loaded", repr(reader(data)))
    except fastload.Declined:
        return ("declined",)


def service_load(load: Any, schema: Schema, data: Any) -> Any:
    try:
        return ("loaded", repr(load(schema, data)))
    except RequestError as e:
        return ("refused", [(p.code, p.pointer, p.detail) for p in e.problems])


def check_one(schema: Schema, data: Any) -> bool:
    """The promise for one body; True when the fast path took it."""
    fast = fast_only(schema, data)
    if fast[0] == "loaded":
        assert fast == marshmallow_only(schema, data), data
    assert service_load(schemas.load, schema, data) == service_load(
        schemas.marshmallow_load, schema, data), data
    return fast[0] == "loaded"


# --- bodies shaped like each schema, with every kind of mistake ---------------------------------

TILE_CHARS = "123456789mpsz 0x"
CODES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]


def junk(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value: the wrong type for most fields."""
    kinds = ["none", "bool", "int", "float", "str", "big"] + (["list", "dict"] if depth < 2 else [])
    kind = rng.choice(kinds)
    if kind == "none":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "int":
        return rng.randint(-2, 14)
    if kind == "float":
        return rng.choice([0.0, 1.0, 2.5, -1.0])
    if kind == "str":
        return rng.choice(["", "x", "1m", "discard", "pong", "中", "m"])
    if kind == "big":
        return 10**rng.randint(5, 30)
    if kind == "list":
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["a", "hand", "zheng", "type"]): junk(rng, depth + 1)
            for _ in range(rng.randint(0, 2))}


def value_for(field: fields.Field[Any], rng: random.Random, depth: int) -> Any:
    """Mostly a well-typed value for ``field``, sometimes junk or null."""
    roll = rng.random()
    if roll < 0.08:
        return None
    if roll < 0.18:
        return junk(rng)
    kind = type(field)
    choices = [v.choices for v in field.validators if isinstance(v, validate.OneOf)]
    if choices:
        return rng.choice([*choices[0], "other"]) if rng.random() < 0.95 else "Discard"
    if kind is schemas.Tiles:
        if rng.random() < 0.6:
            return "".join(rng.choice(TILE_CHARS) for _ in range(rng.randint(0, 14)))
        items: list[Any] = [rng.choice(CODES) for _ in range(rng.randint(0, 5))]
        if items and rng.random() < 0.15:
            items[rng.randrange(len(items))] = junk(rng)
        return items
    if kind is fields.String:
        return rng.choice([*CODES, "", "9z", "sichuan", "win", "jing-settlement"])
    if kind is fields.Integer:
        ranges = [v for v in field.validators if isinstance(v, validate.Range)]
        if ranges and rng.random() < 0.8:  # mostly in range, so that lists of seats pass too
            return rng.randint(ranges[0].min, ranges[0].max)  # type: ignore[arg-type]
        return rng.choice([0, 1, 2, 3, 4, 5, 12, 13, -1, True, False, 1.0])
    if kind is schemas.StrictBoolean:
        return rng.choice([True, False, True, False, 1, 0, "true"])
    if kind is fields.Nested:
        return body_for(field.schema, rng, depth + 1)  # type: ignore[attr-defined]
    if kind is fields.List:
        inner = field.inner  # type: ignore[attr-defined]
        return [value_for(inner, rng, depth + 1) for _ in range(rng.choice([0, 1, 2, 2, 3, 4, 5]))]
    if kind is schemas.Options:
        return {rng.choice(["max_fan", "tile_set", "wild_tiles", "x"]): junk(rng)
                for _ in range(rng.randint(0, 3))}
    if kind is schemas.Record:  # settle's record: an object the engine reads (or junk)
        return {rng.choice(["dealer", "events", "end", "x"]): junk(rng)
                for _ in range(rng.randint(0, 3))}
    if kind is schemas.Body:
        return body_for(rng.choice(list(ROUTES.values()))(), rng, depth + 1)
    raise AssertionError(f"no generator for {kind.__name__}")


def body_for(schema: Schema, rng: random.Random, depth: int = 0) -> Any:
    if rng.random() < 0.03:
        return junk(rng)
    names = list(schema.load_fields)
    present = [n for n in names if schema.load_fields[n].required and rng.random() < 0.95]
    present += [n for n in names if n not in present and rng.random() < 0.3]
    rng.shuffle(present)  # members in any order: marshmallow answers in its own
    body = {n: value_for(schema.load_fields[n], rng, depth) for n in present}
    if rng.random() < 0.04:
        body[rng.choice(["extra", "Hand", "", "winType"])] = junk(rng)
    return body


ROUTES = {f"{variant}/{op}": schema for (variant, op), schema
          in schemas.request_schemas(REGISTRY).items()}
"""The body schema of every route of the service."""


def _one_per_shape() -> dict[str, type[Schema]]:
    """One route for each pair of envelope and context schema (the others are the same
    fields under another name)."""
    found: dict[tuple[str, str], str] = {}
    for name, schema in ROUTES.items():
        context = schema._declared_fields["context"].nested  # type: ignore[attr-defined]
        found.setdefault((schema.__mro__[1].__name__, context.__name__), name)
    return {name: ROUTES[name] for name in found.values()}


SCHEMAS = {name: cls() for name, cls in [
    *_one_per_shape().items(),
    ("BatchRequest", schemas.BatchRequest), ("BatchItem", schemas.BatchItem),
    ("Context", schemas.Context), ("Meld", schemas.Meld), ("Seats", schemas.Seats),
    ("Holding", schemas.Holding), ("Kong", schemas.Kong), ("JingPair", schemas.JingPair)]}


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_thousands_of_generated_bodies(name: str) -> None:
    schema = SCHEMAS[name]
    rng = random.Random(name)
    bodies = [body_for(schema, rng) for _ in range(1500)]
    taken = sum(check_one(schema, body) for body in bodies)
    refused = sum(marshmallow_only(schema, body)[0] == "refused" for body in bodies)
    # not vacuous: the fast path took a share (≥ 3 %), and marshmallow refused others (≥ 10 %)
    assert taken >= 45 and refused >= 150, (taken, refused)


@st.composite
def shaped(draw: st.DrawFn, schema: Schema) -> Any:
    return body_for(schema, random.Random(draw(st.integers(0, 2**32))))


@pytest.mark.parametrize("name", ["sichuan/win", "nanchang/fan", "nanchang/jing-settlement",
                                  "BatchRequest"])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hypothesis_bodies(name: str, data: st.DataObject) -> None:
    schema = SCHEMAS[name]
    check_one(schema, data.draw(shaped(schema)))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.sampled_from([0.0, 1.0, 1e20])
    | st.sampled_from(["", "1m", "123m456p", "discard", "chow", "m", "x"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["hand", "win_tile", "context", "melds", "options",
                                       "win_type", "seats", "winner", "active", "type",
                                       "tiles", "x"]), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=1000, deadline=None)
@given(json_values)
def test_hypothesis_any_json(data: Any) -> None:
    check_one(SCHEMAS["sichuan/win"], data)
    check_one(SCHEMAS["Context"], data)


# --- pinned cases: what it takes and what it leaves -------------------------------------------


WIN = {"hand": "123m456m789m55p23p", "win_tile": "4p"}


@pytest.mark.parametrize(
    ("body", "taken"),
    [
        (WIN, True),
        ({"win_tile": "4p", "hand": ["1m", "2m"]}, True),   # members out of field order
        ({**WIN, "context": {"seats": {"winner": 3}, "win_type": "discard"}}, True),
        ({**WIN, "melds": [{"type": "pong", "tiles": "555z", "concealed": None}]}, True),
        ({**WIN, "options": {"max_fan": None, "x": [1]}}, True),  # options: values as sent
        ({**WIN, "context": None}, True),                   # an optional null: dropped later
        ({**WIN, "context": {"seats": {"winner": True}}}, False),   # a bool is no seat
        ({**WIN, "context": {"seats": {"winner": 1.0}}}, False),    # nor a float
        ({**WIN, "context": {"seats": {"winner": 4}}}, False),      # Range 0–3
        ({**WIN, "context": {"win_type": "tsumo"}}, False),         # OneOf
        ({**WIN, "context": {"active": [1, 1]}}, False),            # the schema's validator
        ({**WIN, "context": {"active": [0, 1, 2, 3, 0]}}, False),   # Length max 4
        ({**WIN, "win_tile": None}, False),                 # required: null is missing
        ({"hand": "1m"}, False),                            # required member absent
        ({**WIN, "extra": 1}, False),                       # unknown member
        ({**WIN, "hand": ["1m", 5]}, False),                # a tile array with a number
        ({**WIN, "melds": [None]}, False),                  # a null meld
        ({**WIN, "options": [1]}, False),
        ([WIN], False),
    ],
)
def test_pinned_bodies(body: Any, taken: bool) -> None:
    assert check_one(SCHEMAS["sichuan/win"], body) is taken


def test_batch_over_the_limit_is_left_to_marshmallow() -> None:
    item = {"variant": "sichuan", "op": "win", "body": WIN}
    assert check_one(SCHEMAS["BatchRequest"], {"requests": [item] * 256}) is True
    assert check_one(SCHEMAS["BatchRequest"], {"requests": [item] * 257}) is False


def test_null_members_are_dropped_after_the_fast_path_as_before() -> None:
    body = {**WIN, "context": {"win_type": None, "seats": {"winner": None, "dealer": 0}},
            "options": {"max_fan": None}}
    assert schemas.load(SCHEMAS["sichuan/win"], body) == {
        **WIN, "context": {"seats": {"dealer": 0}}, "options": {"max_fan": None}}


class _PreLoad(Schema):
    a = fields.String()

    @pre_load
    def _strip(self, data: Any, **kwargs: Any) -> Any:
        return data


class _Original(Schema):
    a = fields.String()

    @validates_schema(pass_original=True)
    def _check(self, data: Any, original: Any, **kwargs: Any) -> None:
        pass


@pytest.mark.parametrize("schema", [
    _PreLoad(),
    _Original(),
    Schema.from_dict({"a": fields.Float()})(),                       # a field it does not know
    Schema.from_dict({"a": fields.String(data_key="b")})(),          # renamed on the wire
    Schema.from_dict({"a": fields.String(load_default="x")})(),      # a default
    Schema.from_dict({"a": fields.String(validate=lambda v: v != "x")})(),  # any callable
    Schema.from_dict({"a": fields.Integer()})(),                     # not strict: "1" → 1
    Schema.from_dict({"a": fields.String()})(unknown="exclude"),
    Schema.from_dict({"a": fields.Nested(schemas.Seats, unknown="exclude")})(),
])
def test_schemas_it_cannot_mirror_get_no_fast_path(schema: Schema) -> None:
    assert fastload.compile_schema(schema) is None


def test_declining_leaves_nothing_behind() -> None:
    # each decline is a fresh exception: one shared instance re-raised would grow its
    # traceback by a frame or two on every decline, for the life of the worker
    reader = fastload.compile_schema(SCHEMAS["sichuan/win"])
    assert reader is not None
    caught = []
    for _ in range(3):
        try:
            reader({"hand": 5})
        except fastload.Declined as e:
            caught.append(e)
    assert len({id(e) for e in caught}) == 3
    depth = 0
    tb = caught[-1].__traceback__
    while tb is not None:
        depth, tb = depth + 1, tb.tb_next
    assert depth <= 3  # read_object → _read_tiles, nothing from earlier declines


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_every_route_schema_has_a_fast_path(name: str) -> None:
    """Each (variant, operation)'s own schema is one the reader mirrors: no route pays
    marshmallow for a well-typed body."""
    assert fastload.compile_schema(ROUTES[name]()) is not None
