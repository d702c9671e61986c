"""Request schemas (marshmallow 4, unknown members raise) and their errors as JSON pointers.

The schemas check JSON *types and shapes* only: that ``hand`` is a string or an array of
strings, that a seat is an integer 0–3, that no member is unknown. Whether a string is a tile,
whether the tiles make a hand and whether an option exists is the engine's to say (API.md:
``"12x"`` is ``invalid_tile``, not ``invalid_field``), so no tile pattern is checked here.

``null`` counts as absent (API.md): optional members allow it and it is dropped before the
engine sees the data; a required member sent as ``null`` is missing.

Errors are reported in the engine's vocabulary (``Problem`` with ``invalid_field`` or
``missing_field`` and a JSON pointer), so one 422 path serves both layers: marshmallow's
nested error dict becomes pointers (list indexes are segments, ``_schema`` keeps the parent's
pointer), and a member absent or null in the body is ``missing_field``, anything else
``invalid_field``.

``openapi.yaml`` names these schemas' components the same (``WinRequest``, ``Meld``…); a
contract test renders them with apispec and compares.

Loading goes through `loader`: a well-typed body is read by ``service/fastload.py``, which
mirrors these schemas field by field (marshmallow spends ~2 µs on every field of a schema,
present or not: 19 µs for a two-member ``win`` body, more than the engine's evaluation); any
other body, every invalid one among them, is loaded by marshmallow. Both give the same data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from engine.errors import Code, Problem, RequestError
from service import fastload

MAX_BATCH = 256
UNKNOWN_MESSAGE = "unknown member"


# --- fields ------------------------------------------------------------------------------------


class StrictBoolean(fields.Boolean):
    """``true``/``false`` only (marshmallow's Boolean also takes ``"yes"`` and ``1``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class Tiles(fields.Field[Any]):
    """A list of tiles: a compact string (``"123m 45p"``) or an array of tile codes."""

    json_depth: ClassVar[int] = 1
    default_error_messages: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "invalid": 'must be a tile string such as "123m45p" or an array of tile codes such as '
                   '["1m", "2m"]',
        "item": "must be a tile code (a string such as \"5p\")",
    }

    def __init__(self, **kwargs: Any) -> None:
        # how apispec renders it: openapi.yaml's two tile-list forms (and null when allowed)
        forms: list[dict[str, str]] = [{"$ref": "#/components/schemas/TileString"},
                                       {"$ref": "#/components/schemas/TileArray"}]
        if kwargs.get("allow_none"):
            forms.append({"type": "null"})
        kwargs["metadata"] = {**kwargs.get("metadata", {}), "oneOf": forms}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return value
        if isinstance(value, list):
            bad = {i: [self.error_messages["item"]] for i, v in enumerate(value)
                   if not isinstance(v, str)}
            if bad:
                raise ValidationError(bad)
            return value
        raise self.make_error("invalid")


class Options(fields.Dict):
    """The room options: names and values are the variant's to check (``invalid_option``)."""

    json_depth: ClassVar[int] = 2  # an object whose values may be tile arrays

    default_error_messages: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "invalid": "must be an object of option values"}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(keys=fields.String(), values=fields.Raw(allow_none=True), **kwargs)


class Body(fields.Dict):
    """A batch item's body: an object checked later, by the item's own operation."""

    json_depth: ClassVar[int] = 0  # set below, to the envelope's depth
    default_error_messages: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "invalid": "must be an object: the body the operation's own path takes"}


def _required(what: str) -> dict[str, str]:
    return {"required": f"is required: {what}", "null": f"is required: {what}"}


def _make(cls: type[fields.Field[Any]], messages: dict[str, Any], need: str | None,
          **kwargs: Any) -> fields.Field[Any]:
    """A field; ``need`` (what the member is, in words) makes it required, else nullable."""
    if need is not None:
        messages = {**messages, **_required(need)}
        kwargs["required"] = True
    else:
        kwargs.setdefault("allow_none", True)
    return cls(error_messages=messages, **kwargs)


def boolean(need: str | None = None, **kwargs: Any) -> fields.Field[Any]:
    return _make(StrictBoolean, {"invalid": "must be true or false"}, need, **kwargs)


def seat(need: str | None = None, **kwargs: Any) -> fields.Field[Any]:
    words = "must be a seat number 0–3"
    return _make(fields.Integer, {"invalid": words}, need, strict=True,
                 validate=validate.Range(0, 3, error=words), **kwargs)


def count(low: int, high: int, need: str | None = None, **kwargs: Any) -> fields.Field[Any]:
    words = f"must be an integer from {low} to {high}"
    return _make(fields.Integer, {"invalid": words}, need, strict=True,
                 validate=validate.Range(low, high, error=words), **kwargs)


def choice(*choices: str, need: str | None = None, **kwargs: Any) -> fields.Field[Any]:
    words = "must be one of " + ", ".join(f'"{c}"' for c in choices)
    return _make(fields.String, {"invalid": words}, need,
                 validate=validate.OneOf(choices, error=words), **kwargs)


def tile(need: str | None = None, **kwargs: Any) -> fields.Field[Any]:
    return _make(fields.String, {"invalid": 'must be a tile code (a string such as "5p")'},
                 need, **kwargs)


def tiles(need: str | None = None, **kwargs: Any) -> fields.Field[Any]:
    return _make(Tiles, {}, need, **kwargs)


def nested(schema: type[Schema], need: str | None = None, **kwargs: Any) -> fields.Field[Any]:
    return _make(fields.Nested, {"type": "must be an object"}, need, nested=schema, **kwargs)


def array(inner: fields.Field[Any], need: str | None = None, **kwargs: Any) -> fields.Field[Any]:
    return _make(fields.List, {"invalid": "must be an array"}, need, cls_or_instance=inner,
                 **kwargs)


# --- schemas -----------------------------------------------------------------------------------


class Strict(Schema):
    class Meta:
        unknown = RAISE

    error_messages: ClassVar[dict[str, str]] = {  # type: ignore[misc]
        "unknown": UNKNOWN_MESSAGE,
        "type": "must be an object",
    }


class Meld(Strict):
    type = choice("chow", "pong", "kong", need='the kind of meld: "chow", "pong" or "kong"')
    tiles = tiles(need="the meld's tiles")
    concealed = boolean()


class Seats(Strict):
    dealer = seat()
    winner = seat()
    discarder = seat()
    konger = seat()
    kong_discarder = seat()


class Kong(Strict):
    type = choice("exposed", "added", "concealed", need='"exposed", "added" or "concealed"')
    tile = tile(need="the tile of the kong")


class JingPair(Strict):
    zheng = tile(need="the 正精 tile")
    fu = tile(need="the 副精 tile")


class Holding(Strict):
    zheng = count(0, 4)
    fu = count(0, 4)


class Context(Strict):
    win_type = choice("self_draw", "discard", "rob_kong")
    after_kong = boolean()
    last_tile = boolean()
    first_turn = boolean()
    is_dealer = boolean()
    seats = nested(Seats)
    active = array(seat(allow_none=False), validate=validate.Length(
        max=4, error="lists at most the four seats"))
    visible = tiles()
    birds = tiles()
    codes = tiles()
    code_count = count(0, 12)
    kong = nested(Kong)
    indicator = tile()
    jing = nested(JingPair)
    others_hold_jing = boolean()
    holdings = array(nested(Holding, allow_none=False), validate=validate.Length(
        2, 4, error="lists one entry per player (2–4), in seat order"))
    missing_suit = choice("m", "p", "s")

    @validates_schema(skip_on_field_errors=False)
    def _distinct_active(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        active = data.get("active") or []
        twice = sorted({s for s in active if active.count(s) > 1})
        if twice:
            raise ValidationError(f"lists seat {twice[0]} more than once", "active")


class Envelope(Strict):
    """API.md's envelope: every member optional; each operation's subclass names its needs."""

    hand = tiles()
    melds = array(nested(Meld, allow_none=False))
    win_tile = tile()
    context = nested(Context)
    options = Options(allow_none=True)


def _needs(base: type[Schema], name: str, **overrides: fields.Field[Any]) -> type[Schema]:
    return type(name, (base,), dict(overrides))


HandRequest = _needs(Envelope, "HandRequest",
                     hand=tiles(need="the player's concealed tiles, without win_tile"))
"""waits, discards, qishou: the hand is needed."""
WinRequest = _needs(HandRequest, "WinRequest",
                    win_tile=tile(need="the tile that completes the hand"))
"""win, fan: the hand and the tile that completes it."""
ContextRequest = _needs(Envelope, "ContextRequest",
                        context=nested(Context, need="the facts this operation works on"))
"""birds, kong, jing, jing-settlement: the context carries what they work on."""

# --- claims (rules/claims.md): its own members, all in this one place ---------------------------
# `tile` and `detail` at the top; in `context`: `source`, `locked`, `passed`, and `kong` without
# a required tile (the robbed kong's tile is `tile`). At the per-variant context merge these are
# the context members claims owns.


class ClaimKong(Strict):
    type = choice("exposed", "added", "concealed")
    tile = tile()


class Passed(Strict):
    tiles = tiles(need="the tile kinds of the wins passed")
    fan = count(0, 2**31 - 1, need="the highest fan among the wins passed")


class ClaimsContext(Context):
    source = choice("discard_left", "discard_opposite", "discard_right", "self_draw", "rob_kong",
                    need="where the tile on offer comes from")
    locked = boolean()
    passed = nested(Passed)
    kong = nested(ClaimKong)


ClaimsRequest = _needs(HandRequest, "ClaimsRequest",
                       tile=tile(need="the tile on offer"),
                       detail=choice("full", "actions"),
                       context=nested(ClaimsContext, need="the tile's source"))
"""claims: the hand, the tile on offer and its source (rules/claims.md)."""

REQUEST_SCHEMAS: Mapping[str, type[Schema]] = {
    "win": WinRequest,
    "fan": WinRequest,
    "waits": HandRequest,
    "discards": HandRequest,
    "qishou": HandRequest,
    "birds": ContextRequest,
    "kong": ContextRequest,
    "jing": ContextRequest,
    "jing-settlement": ContextRequest,
    "claims": ClaimsRequest,
}
"""The schema of each operation's body; an operation not listed takes the bare Envelope."""


class BatchItem(Strict):
    variant = _make(fields.String, {"invalid": "must be a string"},
                    'the variant id, e.g. "sichuan"')
    op = _make(fields.String, {"invalid": "must be a string"},
               'the operation, e.g. "win" or "jing-settlement"')
    body = _make(Body, {}, "the operation's request body")


class BatchRequest(Strict):
    requests = array(nested(BatchItem, allow_none=False),
                     need="the items, each with variant, op and body",
                     validate=validate.Length(max=MAX_BATCH,
                                              error=f"holds at most {MAX_BATCH} items"))


def schema_for(op: str) -> type[Schema]:
    return REQUEST_SCHEMAS.get(op, Envelope)


# --- depth: how deep a valid body nests (for the 400 rule) ------------------------------------


def max_depth(schema: Schema | type[Schema]) -> int:
    """Levels of objects/arrays in the deepest valid body of ``schema``."""
    inst = schema() if isinstance(schema, type) else schema
    return 1 + max((_field_depth(f) for f in inst.fields.values()), default=0)


def _field_depth(field: fields.Field[Any]) -> int:
    if isinstance(field, fields.Nested):
        return max_depth(field.schema)
    if isinstance(field, fields.List):
        return 1 + _field_depth(field.inner)
    return int(getattr(field, "json_depth", 0))


Body.json_depth = max_depth(Envelope)


# --- loading and errors ------------------------------------------------------------------------


def loader(schema: Schema) -> Callable[[Any], dict[str, Any]]:
    """`load` bound to one schema: its fast path (service/fastload.py) compiled once.

    A body the fast path reads is loaded in a few µs; any other body — every invalid one
    among them — is loaded by marshmallow, which words the errors. Both give the same data.
    """
    fast = fastload.compile_schema(schema)

    def load_one(data: Any) -> dict[str, Any]:
        if fast is not None:
            try:
                return drop_nulls(fast(data))  # type: ignore[no-any-return]
            except fastload.Declined:
                pass
        return _marshmallow_load(schema, data)

    return load_one


_LOADERS: WeakKeyDictionary[Schema, Callable[[Any], dict[str, Any]]] = WeakKeyDictionary()


def load(schema: Schema, data: Any) -> dict[str, Any]:
    """Validate ``data``; the loaded members without nulls, or RequestError with pointers."""
    found = _LOADERS.get(schema)
    if found is None:
        found = _LOADERS[schema] = loader(schema)
    return found(data)


def _marshmallow_load(schema: Schema, data: Any) -> dict[str, Any]:
    try:
        loaded = schema.load(data)
    except ValidationError as e:
        raise RequestError(problems(e.messages, data, schema)) from None
    return drop_nulls(loaded)  # type: ignore[no-any-return]


def drop_nulls(value: Any) -> Any:
    """null counts as absent: remove null members (not list items) all the way down — except
    inside ``options``, where null can be a value (``"max_fan": null`` = no cap); the engine
    treats a null option as absent unless null is one of its choices. A batch item's ``body``
    is left as sent too: its operation's own loader reads it as that operation's path reads a
    body, nulls included, so copying it here would be work done twice."""
    if isinstance(value, dict):  # a scalar member is kept as it is, without a call
        return {k: v if k in _VERBATIM or type(v) in _SCALARS else drop_nulls(v)
                for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [v if type(v) in _SCALARS else drop_nulls(v) for v in value]
    return value


_SCALARS = frozenset({str, int, float, bool})
_VERBATIM = frozenset({"options", "body"})


def escape(segment: str | int) -> str:
    """One JSON-pointer segment (RFC 6901 escaping, then what a URI fragment cannot hold)."""
    text = str(segment).replace("~", "~0").replace("/", "~1")
    return "".join(c if c.isalnum() or c in "-._~!$&'()*+,;=:@" else
                   "".join(f"%{b:02X}" for b in c.encode()) for c in text)


def problems(errors: Any, data: Any, schema: Schema | None, pointer: str = "#",
             name: str = "the body") -> list[Problem]:
    """marshmallow's error dict as Problems, in the order marshmallow reported them."""
    if isinstance(errors, list):  # messages about the object at ``pointer`` itself
        return [Problem(Code.INVALID_FIELD, pointer, f"{name} {m}") for m in errors]
    found: list[Problem] = []
    for key, sub in errors.items():
        if key == "_schema":
            found.extend(problems(sub, data, schema, pointer, name))
            continue
        here = f"{pointer}/{escape(key)}"
        value = _child(data, key)
        label = f"item {key}" if isinstance(key, int) else str(key)
        if isinstance(sub, list):
            found.extend(_leaf(sub, here, key, label, value, schema))
        else:
            found.extend(problems(sub, value, _child_schema(schema, key), here, label))
    return found


def _leaf(messages: list[Any], pointer: str, key: str | int, label: str, value: Any,
          schema: Schema | None) -> list[Problem]:
    out = []
    for message in messages:
        if message == UNKNOWN_MESSAGE:
            known = ", ".join(schema.fields) if schema is not None else ""
            out.append(Problem(Code.INVALID_FIELD, pointer,
                               f"unknown member {label!r}; known members here: {known}"))
        elif value is None and isinstance(key, str):  # absent or null: null counts as absent
            out.append(Problem(Code.MISSING_FIELD, pointer, f"{label} {message}"))
        else:
            out.append(Problem(Code.INVALID_FIELD, pointer, f"{label} {message}"))
    return out


def _child(data: Any, key: str | int) -> Any:
    if isinstance(data, dict) and isinstance(key, str):
        return data.get(key)
    if isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
        return data[key]
    return None


def _child_schema(schema: Schema | None, key: str | int) -> Schema | None:
    """The schema that checked ``data[key]``; a list keeps its item schema for index keys."""
    if schema is None:
        return None
    if isinstance(key, int):
        return schema
    field = schema.fields.get(key)
    while isinstance(field, fields.List):
        field = field.inner
    if isinstance(field, fields.Nested):
        return field.schema
    return None
