"""The one place where the service and the engine meet.

Inward there is nothing to map: request data that the schemas have type-checked goes straight
to the variant's ``request`` (``engine.hand.parse_request``, which reads the tiles; a bad tile
is the engine's RequestError), called by the route. Outward: whatever answer the engine gives
becomes JSON, generically, by the conventions ``engine/results.py`` states: a frozen dataclass
becomes an object whose members are its fields in declaration order (= wire order), a field
that is None is left out (null where its metadata says ``keep_null``), a trailing underscore
is dropped from a name (``as_`` → ``as``), tuples become arrays, a StrEnum its value. No
variant or answer type is named here, so a new variant's answers need no code.

The answer is encoded compactly with members and lists in a fixed order, so the same body
always gives the same bytes (API.md: every POST is a pure function of its body).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any

from engine.results import INTERNED, Null

_FIELDS: dict[type, tuple[tuple[str, str, bool], ...]] = {}
"""Per answer class: (attribute, wire name, null kept) triples, worked out once per class."""
_PLAIN = (str, int, bool, float, type(None))
_PLAIN_TYPES = frozenset(_PLAIN)
"""The exact types that go on the wire as they are (not their subclasses: a StrEnum is a str
whose wire form is its value, so it takes the general path)."""
_STR = frozenset({str})


def to_wire(value: Any) -> Any:
    """An engine answer as plain JSON data, by the conventions above.

    Dispatches on the exact type (answers are a few hundred small values; this runs for each)
    and learns each dataclass's wire fields the first time it meets the class. A member,
    item or value of a plain type is taken as it is without a call: most of an answer is
    strings and numbers (tile codes, option values), so an answer costs a few calls, not one
    per value.
    """
    cls = type(value)
    if cls in _PLAIN_TYPES:
        return value
    fields_ = _FIELDS.get(cls)
    if fields_ is not None:
        return _members(value, fields_)
    if cls is tuple or cls is list:
        if _PLAIN_TYPES.issuperset(map(type, value)):  # tile codes, shapes: copied as they are
            return list(value)
        return [v if type(v) in _PLAIN_TYPES else to_wire(v) for v in value]
    if cls is dict or cls is MappingProxyType:  # the effective options: a null is kept
        if _STR.issuperset(map(type, value)) and _PLAIN_TYPES.issuperset(map(type,
                                                                              value.values())):
            return dict(value)
        return {k if type(k) is str else str(k): v if type(v) in _PLAIN_TYPES else to_wire(v)
                for k, v in value.items()}
    return _to_wire_slow(value)


def _members(value: Any, fields_: tuple[tuple[str, str, bool], ...]) -> dict[str, Any]:
    """A dataclass's wire object, from its (attribute, wire name, null kept) triples."""
    out = {}
    for attr, wire, null in fields_:
        item = getattr(value, attr)
        if item is not None:
            out[wire] = item if type(item) in _PLAIN_TYPES else to_wire(item)
        elif null:
            out[wire] = None
    return out


def _to_wire_slow(value: Any) -> Any:
    if isinstance(value, Null):  # shown as null (a None member is left out)
        return None
    if isinstance(value, Enum):  # StrEnum members are str: give the plain value
        return to_wire(value.value)
    if isinstance(value, _PLAIN):  # subclasses of the plain types
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        _FIELDS[type(value)] = tuple((f.name, f.name.removesuffix("_"),
                                      bool(f.metadata.get("keep_null")))
                                     for f in dataclasses.fields(value))
        return to_wire(value)
    if isinstance(value, Mapping):
        return {str(k): to_wire(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_wire(v) for v in value]
    raise TypeError(f"cannot put a {type(value).__name__} on the wire")


_JSON = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))
"""Built once (``json.dumps`` with any argument builds a new encoder on every call). No
circularity check: `to_wire` builds a fresh tree of new lists and dicts, so there is no cycle
to find."""


def encode(data: Any) -> bytes:
    """Compact UTF-8 JSON (Chinese names as they are, not \\u escapes)."""
    return _JSON.encode(data).encode()


_QUOTED = json.encoder.encode_basestring
"""A str as `_JSON` writes it (quoted; ``ensure_ascii=False``: only quotes, backslashes and
control characters escaped)."""
_WRITERS: dict[type, Callable[[Any, dict[int, str]], list[str]]] = {}
"""Per answer class: its `_members_writer` (the ``"name":value`` texts of an object)."""


def _text(value: Any, memo: dict[int, str]) -> str:
    """``_JSON.encode(to_wire(value))``, written directly: the same text.

    Why: an answer often holds the same object many times — ``discards`` lists each kind's
    effective-tile entry under every discard that draws it (one object a kind, built once a
    hand): ~150 entries an answer, ~25 distinct. `to_wire` makes a dict of each occurrence
    and the encoder writes each dict; here each dataclass object's text is written once an
    answer and joined again (``memo``, by the object's id: the answer holds every object
    while it is written, so no id is reused). Strings, integers, booleans and nulls are
    written here; anything else (floats, enums, mappings) as `to_wire` and `_JSON` write it.
    """
    cls = type(value)
    if cls is str:
        return _QUOTED(value)
    if cls is int:
        return int.__repr__(value)
    writer = _WRITERS.get(cls)
    if writer is not None:
        found = memo.get(id(value))
        if found is None:
            found = memo[id(value)] = "{" + ",".join(writer(value, memo)) + "}"
        return found
    if cls is tuple or cls is list:
        get = memo.get  # (an item written before, looked up without a call of this function)
        return "[" + ",".join([get(id(v)) or _text(v, memo) for v in value]) + "]"
    if cls is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if cls not in _FIELDS and dataclasses.is_dataclass(value) and not isinstance(value, type):
        to_wire(value)  # learns the class's fields
    if cls in _FIELDS:
        _WRITERS[cls] = _members_writer(_FIELDS[cls])
        return _text(value, memo)
    return _JSON.encode(to_wire(value))


def _members_writer(fields_: tuple[tuple[str, str, bool], ...]
                    ) -> Callable[[Any, dict[int, str]], list[str]]:
    """The ``"name":value`` texts of an object of one class, from its (attribute, wire name,
    null kept) fields: a member that is None left out (``null`` when kept), any other written
    by `_text`. Compiled into straight-line code (one block a field, the key a constant, a
    str or int member written in place), as ``dataclasses`` compiles ``__init__``.

    Why: a ``discards`` answer is ~30 objects of ~5 fields; the loop over the fields, its
    tuple unpacking and a `_text` call per member were most of writing it (70 µs of a 4 KB
    answer). The attribute names are the dataclass's fields (identifiers) and the keys are
    JSON text written with ``repr``: nothing a caller sends reaches the source."""
    lines = ["def write(value, memo):", "    parts = []", "    add = parts.append"]
    for attr, wire, null in fields_:
        if not attr.isidentifier():
            raise ValueError(f"not a field name: {attr!r}")
        key = _QUOTED(wire) + ":"
        lines += [f"    item = value.{attr}",
                  "    if item is None:",
                  f"        add({key + 'null'!r})" if null else "        pass",
                  "    elif type(item) is str:",
                  f"        add({key!r} + quoted(item))",
                  "    elif type(item) is int:",
                  f"        add({key!r} + int_text(item))",
                  "    else:",
                  f"        add({key!r} + text(item, memo))"]
    lines.append("    return parts")
    scope: dict[str, Any] = {"quoted": _QUOTED, "int_text": int.__repr__, "text": _text}
    exec("\n".join(lines), scope)  # (source made of field names only: docstring)
    writer: Callable[[Any, dict[int, str]], list[str]] = scope["write"]
    return writer


class AnswerEncoder:
    """One variant's answers as JSON bytes, equal to ``encode(to_wire(answer))``.

    Why: every evaluation answer ends with the effective options — 39 members in Sichuan,
    nine tenths of a ``win`` answer's bytes — and a room sends the same option set again
    and again. So each option set is encoded once and its JSON put after the rest of the
    answer. The engine hands out each set it resolved as one shared read-only mapping
    (`engine.plumbing.OptionCache`), so that object is the key: one look-up by
    ``id``, where hashing 39 (name, value) pairs cost a microsecond an answer. The entry
    holds the mapping, so its id cannot be reused while the entry lives. Any other ``dict``
    of options (a set holding a list, such as wild tiles, is copied per request) is keyed by
    its members in order, a list as the tuple of its items (both are one JSON array);
    within one variant each option has one declared type (a boolean option is never 1, an
    integer option never true), so equal keys are equal JSON. An answer that is not a
    dataclass ending in its ``options``, or whose options are not hashable even so, is
    encoded whole. The rest of the answer is written by `_text`.
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        """Option sets kept (rooms use a handful; a flood of new ones clears the cache)."""
        self._shared: dict[int, tuple[Mapping[str, Any], str]] = {}
        """By the id of a shared options mapping: the mapping (kept alive) and its JSON."""
        self._options: dict[tuple[tuple[str, Any], ...], str] = {}
        self._heads: dict[type, Callable[[Any, dict[int, str]], list[str]] | None] = {}
        """Per answer class: the `_members_writer` of its wire fields before a final
        ``options``; None: no such field."""
        self._interned: dict[int, str] = {id(part): _text(part, {}) for part in INTERNED}
        """The JSON of the parts the engine makes once for the process
        (`engine.results.INTERNED`), by id: each answer's `_text` memo starts from it, so a
        ``discards`` answer writes none of its ~25 distinct effective-tile entries (~40
        µs). They live as long as the process: their ids are never reused."""

    def __call__(self, answer: Any) -> bytes:
        cls = type(answer)
        try:
            head = self._heads[cls]
        except KeyError:
            head = self._heads[cls] = _head_fields(answer)
        if head is None:
            return encode(to_wire(answer))
        options = answer.options
        if type(options) is MappingProxyType:
            shared = self._shared.get(id(options))
            if shared is None:
                if len(self._shared) >= self.size:
                    self._shared.clear()
                shared = self._shared[id(options)] = (options, _JSON.encode(to_wire(options)))
            text = shared[1]
        elif type(options) is dict:
            try:
                key = tuple(options.items())
                found = self._options.get(key)
            except TypeError:  # a list value (wild tiles): keyed as a tuple, written alike
                try:
                    key = tuple((k, tuple(v) if type(v) is list else v)
                                for k, v in options.items())
                    found = self._options.get(key)
                except TypeError:  # a list of lists
                    return encode(to_wire(answer))
            if found is None:
                if len(self._options) >= self.size:
                    self._options.clear()
                found = self._options[key] = _JSON.encode(to_wire(options))
            text = found
        else:
            return encode(to_wire(answer))
        parts = head(answer, self._interned.copy())
        parts.append('"options":' + text)
        return ("{" + ",".join(parts) + "}").encode()

    def minimal(self, answer: Any) -> bytes:
        """The answer without its ``options`` (``Prefer: return=minimal``, service/prefer.py):
        the bytes `__call__` gives, less the options member — nothing to look up or cache."""
        cls = type(answer)
        try:
            head = self._heads[cls]
        except KeyError:
            head = self._heads[cls] = _head_fields(answer)
        if head is not None:
            return ("{" + ",".join(head(answer, self._interned.copy())) + "}").encode()
        data = to_wire(answer)
        if type(data) is dict:
            data.pop("options", None)
        return encode(data)


def _head_fields(answer: Any) -> Callable[[Any, dict[int, str]], list[str]] | None:
    """The writer of ``answer``'s class's wire fields before its last, when that is
    ``options``."""
    if not dataclasses.is_dataclass(answer) or isinstance(answer, type):
        return None
    to_wire(answer)  # learns the class's fields
    fields_ = _FIELDS[type(answer)]
    if not fields_ or fields_[-1][:2] != ("options", "options"):
        return None
    return _members_writer(fields_[:-1])
