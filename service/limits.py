"""Sizes, checked before the schema walks anything: bounded cost for any body (issue 13).

marshmallow, the engine and the 422 answer each spend time and bytes per entry of a list
and per member of an object; a 1 MiB body holds 349,500 of them. So before any of them
runs, every list the API knows is held to four times the most the game ever allows
(`FACTOR`): a ``hand`` of 349,500 entries is one ``invalid_field`` at ``#/hand`` ("hand has
349,500 entries; at most 14"), not one problem per entry; within that, the schema and the
engine judge as before (a 15-tile hand is still ``bad_tile_count``). Every object may hold
at most `MAX_MEMBERS` members: four times the most any object of the API knows, so that
members and option names are counted here and named one by one only in small numbers.

The limits are one declarative tree (`ENVELOPE`, `BATCH`) of the members that hold lists;
a member it does not name is only counted, never walked (the schema refuses it or checks
its type). An operation added later slots its lists in with one entry (``record.events``
is here for ``settle``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import Problem, RequestError, invalid_field
from engine.errors import pointer_segment as escape

FACTOR = 4
"""How many times the game's largest size a list may be before the schema sees it."""
MAX_MEMBERS = FACTOR * 20
"""Members of any object: the API's largest objects (``context``, Sichuan's options) know
17."""
CHARS_PER_TILE = 3
"""The longest a tile takes in a tile string: its two characters and a space."""
KINDS = 34


@dataclass(frozen=True)
class Tiles:
    """A tile list (a string or an array) of at most ``most`` tiles."""

    most: int


@dataclass(frozen=True)
class Array:
    """An array of at most ``most`` items, each checked by ``item`` (None: not walked)."""

    most: int
    item: Limit | None = None


@dataclass(frozen=True)
class Obj:
    """An object of at most `MAX_MEMBERS` members; ``members`` names those walked."""

    members: Mapping[str, Limit] = field(default_factory=dict)


@dataclass(frozen=True)
class Options:
    """The room options: at most `MAX_MEMBERS` names; a list value at most 34 tile kinds
    (wild tiles)."""


Limit = Tiles | Array | Obj | Options

ENVELOPE = Obj({
    "hand": Tiles(14),
    "melds": Array(4, Obj({"tiles": Tiles(4)})),
    "context": Obj({
        "visible": Tiles(136),
        "birds": Tiles(8),
        "codes": Tiles(13),
        "active": Array(4),
        "holdings": Array(4, Obj()),
        "seats": Obj(),
        "kong": Obj(),
        "jing": Obj(),
    }),
    "options": Options(),
    "record": Obj({"events": Array(128, Obj())}),
})
"""Every operation's body (API.md, the envelope)."""

BATCH = Obj({"requests": Array(256, Obj())})
"""``POST /v1/batch``: each item's body is checked by its own operation, as on its path."""


def check(data: Any, limit: Limit = ENVELOPE) -> None:
    """Raise RequestError (one ``invalid_field`` per container over its limit) or return."""
    found: list[Problem] = []
    _walk(data, limit, None, found)
    if found:
        raise RequestError(found)


Path = tuple["Path", str | int] | None
"""Where a value is: (the parent's path, its member name or index); None is the body. Built
as the walk goes down (a pair a level), its pointer and name only for a value over its
limit: most bodies have none, and a batch checks 256 of them."""


def _walk(value: Any, limit: Limit, path: Path, found: list[Problem]) -> None:
    if isinstance(limit, Tiles):
        _tiles(value, limit.most, path, found)
    elif isinstance(limit, Array):
        if type(value) is list:
            if len(value) > FACTOR * limit.most:
                found.append(_too_many(path, len(value), limit.most))
            elif isinstance(limit.item, Obj) and not limit.item.members:
                for i, item in enumerate(value):  # objects only counted (a batch's items)
                    if type(item) is dict and len(item) > MAX_MEMBERS:
                        _walk(item, limit.item, (path, i), found)
            elif limit.item is not None:
                for i, item in enumerate(value):
                    _walk(item, limit.item, (path, i), found)
    elif type(value) is dict:
        if len(value) > MAX_MEMBERS:
            found.append(invalid_field(_pointer(path), f"{_name(path)} has {len(value):,} "
                                       f"members; no object of this API has more than "
                                       f"{MAX_MEMBERS // FACTOR}"))
        elif isinstance(limit, Options):
            for key, option in value.items():
                if type(option) is list and len(option) > FACTOR * KINDS:
                    found.append(invalid_field(
                        _pointer((path, key)),
                        f"the option has {len(option):,} entries; at most {KINDS}"))
        elif limit.members:
            for key, member in value.items():
                inner = limit.members.get(key)
                if inner is None:
                    continue
                kind = type(member)
                if kind is str and isinstance(inner, Tiles):  # a tile string: checked here
                    if len(member) > FACTOR * CHARS_PER_TILE * inner.most:
                        _tiles(member, inner.most, (path, key), found)
                elif kind in _WALKED:
                    _walk(member, inner, (path, key), found)


def _tiles(value: Any, most: int, path: Path, found: list[Problem]) -> None:
    if type(value) is list:
        if len(value) > FACTOR * most:
            found.append(_too_many(path, len(value), most))
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


_WALKED = frozenset({list, dict, str})
"""The JSON types a limit applies to; any other is the schema's to refuse."""
