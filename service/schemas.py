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
contract test renders them with apispec and compares. A route loads its own schema
(`request_schemas`): its operation's envelope with the context that variant's operation takes
(`context_schemas`: the shared members and the variant's own, from its ``context_members``);
any other variant's member is refused in words that name the variant's own (`_refusals`).

Loading goes through `loader`: a well-typed body is read by ``service/fastload.py``, which
mirrors these schemas field by field (marshmallow spends ~2 µs on every field of a schema,
present or not: 19 µs for a two-member ``win`` body, more than the engine's evaluation); any
other body, every invalid one among them, is loaded by marshmallow. Both give the same data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from engine import wire
from engine.close_names import CloseNames
from engine.errors import UNKNOWN_LISTED, Code, Problem, RequestError, echo, pointer_segment
from engine.variants import REGISTRY
from engine.variants.base import Variant
from service import fastload
from service.fields import Body, Options, Record, StrictBoolean, Tiles

MAX_BATCH = 256
UNKNOWN_MESSAGE = "unknown member"
"""Unknown members of one object, wrong entries of one tile list, named one by one; more
are one problem that counts them."""


# --- field factories ----------------------------------------------------------------------


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
    late = boolean()


class Context(Strict):
    """The shared members of API.md's envelope: every operation of every variant takes them
    (one that has no use for a member ignores it). A variant's operation takes these and the
    members it owns (`context_schemas`); ``openapi.yaml`` names this component ``Context``."""

    component: ClassVar[str] = "Context"
    """The name of this context's component in ``openapi.yaml``."""
    refusals: ClassVar[Mapping[str, str]] = {}
    """Why a member of another variant, or of another operation, is refused here."""

    win_type = choice("self_draw", "discard", "rob_kong")
    after_kong = boolean()
    last_tile = boolean()
    first_turn = boolean()
    is_dealer = boolean()
    seats = nested(Seats)
    active = array(seat(allow_none=False), validate=validate.Length(
        max=4, error="lists at most the four seats"))
    visible = tiles()
    kong = nested(Kong)

    @validates_schema(skip_on_field_errors=False)
    def _distinct_active(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        active = data.get("active") or []
        twice = sorted({s for s in active if active.count(s) > 1})
        if twice:
            raise ValidationError(f"lists seat {twice[0]} more than once", "active")


def field_of(value: wire.Value, need: str | None = None) -> fields.Field[Any]:
    """The field of a value a variant declares (`engine.wire`): its JSON type and range, an
    object as the nested schema of its component's name."""
    if isinstance(value, wire.TileList):
        return tiles(need)
    if isinstance(value, wire.TileCode):
        return tile(value.need if need is None else need)
    if isinstance(value, wire.Seat):
        return seat(need)
    if isinstance(value, wire.Flag):
        return boolean(need)
    if isinstance(value, wire.Count):
        return count(value.low, value.high, need)
    if isinstance(value, wire.Choice):
        return choice(*value.choices, need=need)
    if isinstance(value, wire.Object):
        return nested(object_schema(value), need)
    if isinstance(value, wire.Items):
        return array(field_of(value.item, None) if not isinstance(value.item, wire.Object)
                     else nested(object_schema(value.item), allow_none=False), need,
                     validate=validate.Length(value.low, value.high, error=value.words))
    raise TypeError(f"no field for {value!r}")


_OBJECT_SCHEMAS: dict[str, type[Schema]] = {}
"""Each declared object's schema by its component name, built once (every variant's at import:
`ContextObject.json_depth` below builds them)."""


def __getattr__(name: str) -> type[Schema]:
    """A declared object's schema by its component name (``schemas.Holding``), as the
    contract names it."""
    found = _OBJECT_SCHEMAS.get(name)
    if found is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return found


def object_schema(value: wire.Object) -> type[Schema]:
    """The schema of a declared object, one class per component name (a member's own
    members required where their value says what they are: `engine.wire.TileCode.need`)."""
    found = _OBJECT_SCHEMAS.get(value.name)
    if found is None:
        found = _OBJECT_SCHEMAS[value.name] = type(value.name, (Strict,), {
            name: field_of(member) for name, member in value.members.items()})
    return found


def _title(segment: str) -> str:
    return "".join(part.title() for part in segment.split("-"))


def context_schemas(registry: Mapping[str, Variant]) -> dict[tuple[str, str], type[Context]]:
    """Each (variant, operation)'s context schema: the shared members and the variant's own
    that the operation uses. Operations of a variant that use the same members share one
    schema: ``{Variant}Context`` for ``fan``'s members, ``{Variant}{Operations}Context`` for
    another set (``NanchangWinKongContext``), the shared `Context` for none (a class of the
    variant's own, for its refusals). Everything else a variant owns is refused with
    words naming what to send instead (`_refusals`)."""
    owners: dict[str, list[str]] = {}
    for variant_id, variant in registry.items():
        _check_declaration(variant)
        for member in variant.context_members:
            owners.setdefault(member, []).append(variant_id)
    found: dict[tuple[str, str], type[Context]] = {}
    for variant_id, variant in registry.items():
        ops = list(variant.operations())
        uses = {op: tuple(m for m, own in variant.context_members.items() if op in own.ops)
                for op in ops}
        sharing: dict[tuple[type[Context], tuple[str, ...]], list[str]] = {}
        for op in ops:
            shape = variant.request_shapes.get(op, wire.RequestShape.ENVELOPE)
            sharing.setdefault((SHAPE_CONTEXTS.get(shape, Context), uses[op]), []).append(op)
        for (base, members), their_ops in sharing.items():
            title = _title(variant_id)
            if base is not Context:  # an operation with context members of its own (claims)
                kind = base.__name__
                component = f"{title}{kind}" if members else kind
                name = f"{title}{kind}"
            elif not members:
                component, name = "Context", f"{title}SharedContext"
            elif members == uses.get("fan"):
                component = name = f"{title}Context"
            else:
                component = name = f"{title}{''.join(map(_title, their_ops))}Context"
            body: dict[str, Any] = {m: field_of(variant.context_members[m].value)
                                    for m in members}
            body.update(component=component,
                        refusals=_refusals(registry, variant, members, owners))
            schema = type(name, (base,), body)
            found.update({(variant_id, op): schema for op in their_ops})
    return found


def _check_declaration(variant: Variant) -> None:
    """A variant's ``context_members`` name its own operations, and its request shapes too."""
    ops = set(variant.operations())
    if not set(variant.request_shapes) <= ops | set(wire.SHARED_SHAPES):
        raise ValueError(f"{variant.id} declares request shapes for operations it lacks: "
                         f"{sorted(set(variant.request_shapes) - ops)}")
    for member, own in variant.context_members.items():
        if not isinstance(own.value, wire.Value):
            raise ValueError(f"{variant.id} declares context.{member} with no JSON type: its "
                             "value is an engine.wire.Value")
        if not set(own.ops) <= ops:
            raise ValueError(f"{variant.id} declares context.{member} for operations it lacks: "
                             f"{sorted(set(own.ops) - ops)}")


def _refusals(registry: Mapping[str, Variant], variant: Variant, members: tuple[str, ...],
              owners: Mapping[str, list[str]]) -> dict[str, str]:
    """The detail of the 422 for each owned member this context does not take: the
    variant's own member in another operation, or another variant's — naming the variant's
    member that holds the same thing where it has one."""
    mine = variant.context_members
    here = (_words([f"context.{m}" for m in members]) if members
            else f"none of {variant.id}'s own members")
    refusals = {}
    for member, owned_by in owners.items():
        if member in members:
            continue
        if member in mine:
            refusals[member] = (f"{variant.id} takes context.{member} ({mine[member].holds}) "
                                f"only in {_words(mine[member].ops)}; this operation takes "
                                f"{here}")
            continue
        holds = registry[owned_by[0]].context_members[member].holds
        text = f"context.{member} is {' and '.join(owned_by)}'s ({holds}); "
        same = [m for m, own in mine.items() if own.holds == holds]
        if not same:
            text += f"{variant.id} has no such member"
        elif same[0] in members:
            text += f"{variant.id} takes {holds} as context.{same[0]}"
        else:
            text += (f"{variant.id} takes {holds} as context.{same[0]}, only in "
                     f"{_words(mine[same[0]].ops)}")
        refusals[member] = text
    return refusals


def _words(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


class ContextObject(fields.Dict):
    """The generic envelopes' ``context``: an object. Each (variant, operation)'s request
    schema (`request_schemas`) replaces it with that operation's context schema; so does
    ``openapi.yaml``, where each operation's body adds its ``…ContextMember``."""

    json_depth: ClassVar[int] = 0  # set below: the deepest context any variant may take
    default_error_messages: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "invalid": "must be an object"}


CONTEXT_NEED = "the facts this operation works on"


class Envelope(Strict):
    """API.md's envelope: every member optional; each operation's subclass names its needs."""

    hand = tiles()
    melds = array(nested(Meld, allow_none=False))
    win_tile = tile()
    context = _make(ContextObject, {}, None)
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
                        context=_make(ContextObject, {}, CONTEXT_NEED))
"""birds, kong, jing, jing-settlement: the context carries what they work on."""
SettleRequest = _needs(Envelope, "SettleRequest",
                       record=_make(Record, {}, "the hand's record as the variant's settle "
                                    "file writes it (settle.md, settle-changsha.md)"))
"""settle: the record (``hand``, ``melds``, ``win_tile``, ``context`` are the engine's to
refuse, at their pointers)."""

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
                       context=_make(ContextObject, {}, CONTEXT_NEED))
"""claims: the hand, the tile on offer and its source (rules/claims.md)."""

# --- advice, dingque, exchange (rules/advice.md): their own members, all in this one place ------
# `objective`, `draw_model`, `wall_size` (advice) and `mode` (exchange) at the top; in `context`:
# `draws_left` and `unseen` (advice), `unseen` (dingque). The engine refuses, with its own words,
# the shared members a self-draw model would ignore (`engine.advice.reading`).


class AdviceContext(Context):
    draws_left = count(1, 60, need="the player's own draws still to come, 1–60")
    unseen = tiles()


class DingqueContext(Context):
    unseen = tiles()


AdviceRequest = _needs(HandRequest, "AdviceRequest",
                       objective=choice("win_prob", "expected_points", "tenpai_prob"),
                       draw_model=choice("without_replacement", "constant_wall"),
                       wall_size=count(1, 136),
                       context=_make(ContextObject, {}, CONTEXT_NEED))
"""advice: the hand (13 or 14 tiles) and the draws to come (rules/advice.md)."""
DingqueRequest = _needs(HandRequest, "DingqueRequest")
"""dingque: the dealt hand; ``context`` only for what is unseen."""
ExchangeRequest = _needs(HandRequest, "ExchangeRequest",
                         mode=choice("expected_shanten", "baseline"))
"""exchange: the dealt hand and the mode (the engine refuses any context)."""

SHAPE_CONTEXTS: Mapping[wire.RequestShape, type[Context]] = {
    wire.RequestShape.CLAIM: ClaimsContext,
    wire.RequestShape.ADVICE: AdviceContext,
    wire.RequestShape.DEALT: DingqueContext,
}
"""Request shapes whose context has members of their own beyond the shared ones: each
variant's context schema for an operation of that shape extends this one
(`context_schemas`)."""

SHAPE_SCHEMAS: Mapping[wire.RequestShape, type[Schema]] = {
    wire.RequestShape.ENVELOPE: Envelope,
    wire.RequestShape.HAND: HandRequest,
    wire.RequestShape.WIN: WinRequest,
    wire.RequestShape.CONTEXT: ContextRequest,
    wire.RequestShape.RECORD: SettleRequest,
    wire.RequestShape.CLAIM: ClaimsRequest,
    wire.RequestShape.ADVICE: AdviceRequest,
    wire.RequestShape.DEALT: DingqueRequest,
    wire.RequestShape.EXCHANGE: ExchangeRequest,
}
"""The schema of each request shape a variant declares for an operation."""


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


def schema_for(op: str, registry: Mapping[str, Variant] | None = None) -> type[Schema]:
    """The generic envelope an operation's body takes (its context an open object): the
    request shape its variants declare for it (`Variant.request_shapes`), the bare envelope
    for one none declares."""
    for variant in (REGISTRY if registry is None else registry).values():
        shape = variant.request_shapes.get(op)
        if shape is not None and op in variant.operations():
            return SHAPE_SCHEMAS[shape]
    return Envelope


def request_schemas(registry: Mapping[str, Variant]) -> dict[tuple[str, str], type[Schema]]:
    """Each (variant, operation)'s body schema: its generic envelope (`schema_for`) with
    ``context`` the operation's own context schema (`context_schemas`), required where the
    envelope requires it."""
    found: dict[tuple[str, str], type[Schema]] = {}
    for (variant_id, op), context in context_schemas(registry).items():
        shape = registry[variant_id].request_shapes.get(op, wire.RequestShape.ENVELOPE)
        base = SHAPE_SCHEMAS[shape]
        need = CONTEXT_NEED if base._declared_fields["context"].required else None
        found[variant_id, op] = _needs(base, f"{_title(variant_id)}{_title(op)}Request",
                                       context=nested(context, need))
    return found


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


ContextObject.json_depth = max_depth(type("EveryContext", (Context,), {
    m: field_of(own.value) for variant in REGISTRY.values()
    for m, own in variant.context_members.items()}))
Body.json_depth = max(max_depth(Envelope), *map(max_depth, SHAPE_SCHEMAS.values()))


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
        return marshmallow_load(schema, data)

    return load_one


_LOADERS: WeakKeyDictionary[Schema, Callable[[Any], dict[str, Any]]] = WeakKeyDictionary()


def load(schema: Schema, data: Any) -> dict[str, Any]:
    """Validate ``data``; the loaded members without nulls, or RequestError with pointers."""
    found = _LOADERS.get(schema)
    if found is None:
        found = _LOADERS[schema] = loader(schema)
    return found(data)


def marshmallow_load(schema: Schema, data: Any) -> dict[str, Any]:
    try:
        loaded = schema.load(_without_null_refusals(schema, data))
    except ValidationError as e:
        raise RequestError(problems(e.messages, data, schema)) from None
    return drop_nulls(loaded)  # type: ignore[no-any-return]


def _without_null_refusals(schema: Schema, data: Any) -> Any:
    """``data`` without the null context members its context schema refuses: null counts as
    absent (API.md), so ``"birds": null`` in a 红中 body is no refusal — a client generated from
    a generic envelope may send every member it knows. (The fast path declines such a body:
    the member is not in the schema.)"""
    field = schema.fields.get("context")
    context = data.get("context") if isinstance(data, dict) else None
    if not isinstance(field, fields.Nested) or not isinstance(context, dict):
        return data
    refused = getattr(field.schema, "refusals", {})
    if not any(v is None and k in refused for k, v in context.items()):
        return data
    return {**data, "context": {k: v for k, v in context.items()
                                if v is not None or k not in refused}}


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
    """One JSON-pointer segment (`engine.errors.pointer_segment`)."""
    return pointer_segment(segment)


def problems(errors: Any, data: Any, schema: Schema | None, pointer: str = "#",
             name: str = "the body", close: CloseNames | None = None) -> list[Problem]:
    """marshmallow's error dict as Problems, in the order marshmallow reported them; an
    unknown member named one by one with the known names close to it (``close``: one
    budget for the whole body)."""
    close = CloseNames() if close is None else close
    if isinstance(errors, list):  # messages about the object at ``pointer`` itself
        return [Problem(Code.INVALID_FIELD, pointer, f"{name} {m}") for m in errors]
    found: list[Problem] = []
    # a member another variant owns is named one by one with its own refusal (a bounded set:
    # the variants' own members); truly unknown members past a few are counted
    refused = getattr(schema, "refusals", {})
    unknown = [k for k, sub in errors.items() if sub == [UNKNOWN_MESSAGE] and k not in refused]
    if len(unknown) > UNKNOWN_LISTED:  # counted, not named one by one, in document order
        if isinstance(data, dict):
            named = set(unknown)  # once: a member test per member keeps the report linear
            unknown = [k for k in data if k in named]
        known = ", ".join(schema.fields) if schema is not None else ""
        shown = ", ".join(echo(k) for k in unknown[:UNKNOWN_LISTED])
        found.append(Problem(Code.INVALID_FIELD, pointer,
                             f"{name} has {len(unknown):,} unknown members ({shown}, …); "
                             f"known members here: {known}"))
        errors = {k: v for k, v in errors.items() if v != [UNKNOWN_MESSAGE] or k in refused}
    for key, sub in errors.items():
        if key == "_schema":
            found.extend(problems(sub, data, schema, pointer, name, close))
            continue
        here = f"{pointer}/{escape(key)}"
        value = _child(data, key)
        label = f"item {key}" if isinstance(key, int) else str(key)
        if isinstance(sub, list):
            found.extend(_leaf(sub, here, key, label, value, schema, close))
        else:
            found.extend(problems(sub, value, _child_schema(schema, key), here, label, close))
    return found


def _leaf(messages: list[Any], pointer: str, key: str | int, label: str, value: Any,
          schema: Schema | None, close: CloseNames) -> list[Problem]:
    out = []
    for message in messages:
        if message == UNKNOWN_MESSAGE and key in getattr(schema, "refusals", {}):
            out.append(Problem(Code.INVALID_FIELD, pointer, schema.refusals[key]))  # type: ignore[union-attr]
        elif message == UNKNOWN_MESSAGE:
            known = list(schema.fields) if schema is not None else []
            out.append(Problem(Code.INVALID_FIELD, pointer, f"unknown member {echo(label)}; "
                               f"{close(label, known, 'known members here')}"))
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
