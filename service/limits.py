"""Sizes, checked before the schema walks anything: bounded cost for any body (issues 13, 23).

marshmallow, the engine and the 422 answer each spend time and bytes per entry of a list
and per member of an object; a 1 MiB body holds 349,500 of them. So before any of them
runs, every list and every object of the body — at every depth, declared or not — is held
to four times the most the game ever allows (`FACTOR`): a ``hand`` of 349,500 entries is
one ``invalid_field`` at ``#/hand`` ("hand has 349,500 entries; at most 14"), not one problem
per entry; ``context.passed`` with 37,000 members is one problem at ``#/context/passed``.
Within that, the schema and the engine judge as before (a 15-tile hand is still
``bad_tile_count``).

The limits are one tree per operation (`for_operation`), built from what the envelope has
(API.md) and what the variant declares (`engine.wire`: its context members' values, its
settle record's lists): a list it names has its own most, any other list `ANY_LIST`'s; every
object at most `MAX_MEMBERS` members. No variant or member of one is named here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from engine import wire
from engine.errors import Problem, RequestError, invalid_field
from engine.errors import pointer_segment as escape
from engine.variants.base import Variant

FACTOR: Final = 4
"""How many times the game's largest size a list may be before the schema sees it."""
MAX_MEMBERS: Final = FACTOR * 20
"""Members of any object: the API's largest objects (``context``, Sichuan's options) know
17."""
CHARS_PER_TILE: Final = 3
"""The longest a tile takes in a tile string: its two characters and a space."""
KINDS: Final = 34
LONGEST: Final = 136
"""The longest list the API knows (``visible``: every tile of the largest set): a list no
declaration names holds at most `FACTOR` times as many entries."""
MAX_BATCH: Final = 256


@dataclass(frozen=True)
class Tiles:
    """A tile list (a string or an array) of at most ``most`` tiles."""

    most: int


@dataclass(frozen=True)
class Array:
    """An array of at most ``most`` items, each checked by ``item``."""

    most: int
    item: Limit | None = None


@dataclass(frozen=True)
class Obj:
    """An object of at most `MAX_MEMBERS` members; ``members`` names those with a limit of
    their own (any other member is walked with the generic limits)."""

    members: Mapping[str, Limit] = field(default_factory=dict)


@dataclass(frozen=True)
class Later:
    """A value its own operation checks, with its own limits, before anything reads it (a
    batch item's body): not walked here."""


Limit = Tiles | Array | Obj | Later

ANY_OBJECT: Final = Obj()
ANY_LIST: Final = Array(LONGEST)
"""What a list no declaration names may hold."""
MELD: Final = Obj({"tiles": Tiles(4)})
SHARED_CONTEXT: Final[Mapping[str, Limit]] = {
    "visible": Tiles(LONGEST),
    "unseen": Tiles(LONGEST),  # advice, dingque: every tile not seen, at most the whole set
    "active": Array(4),
    "seats": ANY_OBJECT,
    "kong": ANY_OBJECT,
    "passed": Obj({"tiles": Tiles(KINDS)}),  # claims: the kinds of the wins passed
}
"""The envelope's own context members with a list (API.md); the rest are scalars."""


def limit_of(value: wire.Value) -> Limit | None:
    """The limit of a declared value; None for a scalar (nothing to count)."""
    if isinstance(value, wire.TileList):
        return Tiles(value.most)
    if isinstance(value, wire.Items):
        return Array(value.high, limit_of(value.item))
    if isinstance(value, wire.Object):
        return Obj({name: found for name, member in value.members.items()
                    if (found := limit_of(member)) is not None})
    if isinstance(value, wire.Opaque):
        return limit_of(value.limits) if value.limits is not None else ANY_OBJECT
    return None


def for_operation(variant: Variant, op: str) -> Obj:
    """The limits of ``op``'s body: the envelope's, the context members the variant owns,
    its settle record's (`Variant.record_limits`)."""
    context = dict(SHARED_CONTEXT)
    for name, member in variant.context_members.items():
        found = limit_of(member.value)
        if found is not None:
            context[name] = found
    return _envelope(context, variant.record_limits)


def _envelope(context: Mapping[str, Limit], record: wire.Object | None) -> Obj:
    members: dict[str, Limit] = {
        "hand": Tiles(14),
        "melds": Array(4, MELD),
        "context": Obj(context),
    }
    if record is not None:
        found = limit_of(record)
        assert found is not None
        members["record"] = found
    return Obj(members)


OPTIONS: Final = "options"
"""The room options: at most `MAX_MEMBERS` names; a list value at most 34 tile kinds
(wild tiles), any deeper value walked with the generic limits."""


BATCH: Final = Obj({"requests": Array(MAX_BATCH, Obj({"body": Later()}))})
"""``POST /v1/batch``: its items counted here; each item's body is checked by its own
operation (`for_operation`) when the item runs, as on its path — before its schema, its
engine and anything but the budget's weigh (which reads a body as sent, in linear time)."""


def check(data: Any, limit: Obj) -> None:
    """Raise RequestError (one ``invalid_field`` per container over its limit) or return."""
    found: list[Problem] = []
    _walk(data, limit, None, found)
    if found:
        raise RequestError(found)


Path = tuple["Path", str | int] | None
"""Where a value is: (the parent's path, its member name or index); None is the body. Built
as the walk goes down (a pair a level), its pointer and name only for a value over its
limit: most bodies have none, and a batch checks 256 of them."""

_SCALARS: Final = frozenset({str, int, float, bool, type(None)})


def _walk(value: Any, limit: Limit, path: Path, found: list[Problem]) -> None:
    if isinstance(limit, Later):
        return
    kind = type(value)
    if kind is dict:
        if len(value) > MAX_MEMBERS:
            found.append(invalid_field(_pointer(path), f"{_name(path)} has {len(value):,} "
                                       f"members; no object of this API has more than "
                                       f"{MAX_MEMBERS // FACTOR}"))
            return
        members = limit.members if isinstance(limit, Obj) else {}
        for key, member in value.items():
            inner = type(member)
            if inner in _SCALARS:
                if inner is str and key in members:
                    declared = members[key]
                    if isinstance(declared, Tiles) and (
                            len(member) > FACTOR * CHARS_PER_TILE * declared.most):
                        _tiles(member, declared.most, (path, key), found)
                continue
            if key == OPTIONS and path is None:
                _options(member, (path, key), found)
            else:
                _walk(member, members.get(key, ANY_OBJECT if inner is dict else ANY_LIST),
                      (path, key), found)
    elif kind is list:
        if isinstance(limit, Tiles):
            _tiles(value, limit.most, path, found)
            return
        most = limit.most if isinstance(limit, Array) else LONGEST
        if len(value) > FACTOR * most:
            found.append(_too_many(path, len(value), most))
            return
        if _SCALARS.issuperset(map(type, value)):
            return
        item = limit.item if isinstance(limit, Array) else None
        for i, entry in enumerate(value):
            inner = type(entry)
            if inner is dict or inner is list:
                _walk(entry, item or (ANY_OBJECT if inner is dict else ANY_LIST), (path, i),
                      found)


def _options(value: Any, path: Path, found: list[Problem]) -> None:
    if type(value) is not dict:
        if type(value) is list:
            _walk(value, ANY_LIST, path, found)
        return
    if len(value) > MAX_MEMBERS:
        found.append(invalid_field(_pointer(path), f"{_name(path)} has {len(value):,} "
                                   f"members; no object of this API has more than "
                                   f"{MAX_MEMBERS // FACTOR}"))
        return
    for key, option in value.items():
        if type(option) is list and len(option) > FACTOR * KINDS:
            found.append(invalid_field(_pointer((path, key)),
                                       f"the option has {len(option):,} entries; at most {KINDS}"))
        elif type(option) in (dict, list):
            _walk(option, ANY_OBJECT if type(option) is dict else Array(KINDS), (path, key),
                  found)


def _tiles(value: Any, most: int, path: Path, found: list[Problem]) -> None:
    if type(value) is list:
        if len(value) > FACTOR * most:
            found.append(_too_many(path, len(value), most))
        elif not _SCALARS.issuperset(map(type, value)):
            for i, entry in enumerate(value):  # a tile array holds no containers: count them
                if type(entry) in (dict, list):
                    _walk(entry, ANY_OBJECT if type(entry) is dict else ANY_LIST,
                          (path, i), found)
    elif type(value) is str and len(value) > FACTOR * CHARS_PER_TILE * most:
        found.append(invalid_field(_pointer(path), f"{_name(path)} is a tile string of "
                                   f"{len(value):,} characters; it holds at most {most} "
                                   "tiles"))


def _too_many(path: Path, count: int, most: int) -> Problem:
    return invalid_field(_pointer(path), f"{_name(path)} has {count:,} entries; at most {most}")


def _pointer(path: Path) -> str:
    segments: list[str] = []
    while path is not None:
        path, key = path
        segments.append(escape(key))
    return "/".join(["#", *reversed(segments)])


def _name(path: Path) -> str:
    """How a detail names the value: its member name, ``item i``, or ``the body``."""
    if path is None:
        return "the body"
    key = path[1]
    return f"item {key}" if isinstance(key, int) else key
