"""Reading a request body as strict JSON, before any schema sees it.

API.md: a body that is not ``application/json`` is a 415; over the size limit a 413 (also a
chunked one, whose length is only known once read); a chunked body that cannot be read (a
chunk size ``zz``) a 400; not UTF-8 (UTF-16 and UTF-32 are named), not JSON, JSON with
``NaN``/``Infinity``, a lone surrogate (``"\\ud800"``), a duplicate key, or nesting deeper
than the schema, a 400.

Why each check is where it is — every one costs at most a few C-speed passes over the bytes,
so that any body up to the size limit is read in bounded time:

* Python's ``json`` accepts ``NaN``, ``Infinity`` and ``1e999`` (→ inf): the parse hooks
  refuse them.
* Duplicate keys: an ``object_pairs_hook`` (a Python call per object). A body with more
  objects or members than any valid request holds (counted as ``{`` and ``:`` outside
  strings, `skeleton`) skips it — such a body is refused by its sizes
  (service/limits.py) or its strings anyway, and the hook would be its largest cost.
* A lone surrogate decodes to a ``str`` that cannot be written as UTF-8 (every answer echoing
  it would fail): only a ``\\uD8xx``–``\\uDFxx`` escape makes one (strict UTF-8 decoding
  refuses encoded surrogates), so the parsed data is searched only when the text has one,
  and the answer names where the surrogate is.
* Nesting is measured on the text, against the deepest valid body of the endpoint (the
  schemas say how deep that is), so that ``[[["1m"]]]`` where a tile list belongs is a 400
  and ``[5]`` (right depth, wrong type) stays a 422. It is counted on the bytes (a byte
  of a multi-byte UTF-8 character is never an ASCII one, so no bracket, quote or backslash
  hides in one), where deleting every other byte is one table pass. With the strings taken
  out and both
  kinds of bracket written alike (the parser has checked they match), each pass of
  ``str.replace("()", "")`` removes exactly the innermost level (it does not rescan what a
  removal joins); what is left after ``max_depth`` passes is deeper. A batch item's body is
  held to its own operation's depth (`read_batch`, `nests_deeper`): the 400 its path gives.
* Members and entries are counted before the parse, on the same bytes (`skeleton`: the
  commas and colons outside strings), and a body with more than any valid request of its
  path holds (`MAX_VALUES`, `MAX_BATCH_VALUES`) is a 413 before ``json`` builds anything:
  parsing is most of what a 1 MiB body costs — 20–50 ms of CPU on the development machine
  for 100,000–350,000 values (floats and unique member names the dearest, 0.15–0.19 µs a
  comma or colon), more than a single body may cost (issue 23) — and it grows with the
  values, not the bytes (a 1 MiB string parses in 1 ms). Within the count, a list far longer
  than the game allows is still one ``invalid_field`` at the list (service/limits.py).
* An integer's digits are read in quadratic time (243 integers of 4,300 digits, Python's own
  limit, cost 30 ms): while parsing, the limit is `MAX_DIGITS` (no amount the API takes has
  more than 16).
"""

from __future__ import annotations

import gc
import json
import math
import re
import sys
from typing import Any, Final, NoReturn

from flask import Request
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from service import memory
from service.errors import HttpProblem, bad_json

MAX_VALUES: Final = 32_768
"""Commas and colons (one a member or entry; a member counts both) outside the strings of an
operation's body: 2.5 times what the largest valid body holds, a 128-event settle record of
three winners an event, each with four melds, every member sent and every list an array
(12,939: tests/service/test_value_counts.py)."""
MAX_BATCH_VALUES: Final = 131_072
"""The same for a batch: twice what 256 of the fattest items hold (a ``fan`` of every option
and context member, ``visible`` an array of every tile not in hand: 56,320–58,368 by variant,
the same test)."""
MAX_DIGITS: Final = 640
"""The digits an integer may have while a body is parsed (Python's least limit; its default
is 4,300): more is a 400."""
MAX_CHECKED_OBJECTS = 32_768
"""Bodies with at most this many objects and members are checked for duplicate keys: more
than a full batch of the richest valid bodies holds (256 items of at most ~30 objects and
~80 members each)."""

_BOMS = ((b"\x00\x00\xfe\xff", "UTF-32BE"), (b"\xff\xfe\x00\x00", "UTF-32LE"),
         (b"\xfe\xff", "UTF-16BE"), (b"\xff\xfe", "UTF-16LE"))
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_QUOTED = re.compile(rb'"[^"]*"')
_ONE_KIND = bytes.maketrans(b"[]{}", b"()()")
_NOT_STRUCTURE = bytes(c for c in range(256) if c not in b'[]{}",:')
"""Every byte but brackets, commas, colons and quotes: what `skeleton` deletes."""
_ECHO = 24
"""Characters of a string the 400 detail shows."""


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large for a JSON number here")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return found


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def read_json(request: Request, max_depth: int) -> Any:
    """The parsed body; raises the 415, 413 (from werkzeug) or 400 problem otherwise."""
    return json_of(body_bytes(request), max_depth)


def json_of(raw: bytes, max_depth: int) -> Any:
    """The parsed body of ``raw``, a JSON body's bytes (`body_bytes`); the 413 or 400
    otherwise."""
    data, text, _ = _parse(raw, max_depth)
    if _SURROGATE_ESCAPE.search(text) is not None:
        refuse_lone_surrogate(data)
    return data


ITEM_LEVELS = 3
"""Levels of a batch above an item's body: the batch object, ``requests``, the item."""


def read_batch(request: Request, max_depth: int, item_depth: int) -> tuple[Any, bool, bool]:
    """`batch_of` the request's body; the 415, 413 or 400 otherwise."""
    return batch_of(body_bytes(request), max_depth, item_depth)


def batch_of(raw: bytes, max_depth: int, item_depth: int) -> tuple[Any, bool, bool]:
    """The parsed batch, whether it may hold a lone surrogate (a batch answers one in an item
    as that item's 400), and whether an item's body may nest deeper than ``item_depth``
    levels (the least any operation allows: only then need each item's body be measured,
    `nests_deeper`); the 413 or 400 otherwise."""
    data, text, levels = _parse(raw, max_depth, MAX_BATCH_VALUES)
    return data, _SURROGATE_ESCAPE.search(text) is not None, levels > ITEM_LEVELS + item_depth


def body_bytes(request: Request) -> bytes:
    """The bytes of a body that says it is JSON (`read_bytes`); the 415 otherwise, or the
    413 or 400 of reading it."""
    if (request.environ.get("CONTENT_TYPE") != "application/json"  # (no header parse: 3 µs)
            and request.mimetype != "application/json"):
        raise UnsupportedMediaType()
    return read_bytes(request)


def _parse(raw: bytes, max_depth: int, max_values: int = MAX_VALUES) -> tuple[Any, str, int]:
    """The parsed body, its text and how deep it nests (`nesting`: at most ``max_depth``,
    perhaps counting brackets inside strings); the 413 or 400 otherwise (a 413 also for
    more than ``max_values`` members and entries, before the parse)."""
    if not raw.strip():
        raise bad_json("the body is empty: send a JSON object")
    if len(raw) > memory.LARGE_BODY:  # what it leaves is given back once it is answered
        memory.release_after_answer()
    text = decode(raw)
    structure = skeleton(raw)
    members = structure.count(b":")
    values = structure.count(b",") + members
    if values > max_values:
        raise too_many_values(values, max_values)
    plausible = max(structure.count(b"{"), members) <= MAX_CHECKED_OBJECTS
    hook = _unique_keys if plausible else None
    collecting = gc.isenabled()
    gc.disable()  # parsing makes no cycles; collections during it cost 10× the parse
    digits = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(MAX_DIGITS)
    try:
        data = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float,
                          object_pairs_hook=hook)
    except _DuplicateKey as e:
        raise bad_json(f"the body has the member {shown(e.key)} twice in one object; send "
                       "each member once") from None
    except json.JSONDecodeError as e:
        raise bad_json(f"the body is not valid JSON: {e.msg} at line {e.lineno} column "
                       f"{e.colno}") from None
    except ValueError as e:  # NaN/Infinity, huge numbers, over-long integers
        if "integer string conversion" in str(e):
            raise bad_json(f"the body has an integer of more than {MAX_DIGITS} digits; no "
                           "number of this API has more than 16") from None
        raise bad_json(f"the body is not valid JSON: {e}") from None
    except RecursionError:
        raise bad_json(f"the body nests deeper than {max_depth} levels") from None
    finally:
        sys.set_int_max_str_digits(digits)
        if collecting:
            gc.enable()
    levels = _levels(structure.translate(None, b",:"), max_depth)
    if levels > max_depth:
        raise too_deep_problem(max_depth)
    return data, text, levels


def too_many_values(values: int, most: int) -> HttpProblem:
    """The 413 for a body of more members and entries than any valid request of its path."""
    return HttpProblem(413, f"the body has {values:,} members and entries (counted by the "
                       "commas and colons outside its strings); a request to this path holds "
                       f"at most {most:,}")


def too_deep_problem(max_depth: int) -> HttpProblem:
    """The 400 for a body nesting deeper than ``max_depth`` levels, its path's deepest valid
    body (a batch item's too: the same problem as the same body sent to its path)."""
    return bad_json(f"the body nests deeper than any valid request ({max_depth} levels of "
                    "objects and arrays)")


def refuse_lone_surrogate(value: Any, pointer: str = "#") -> None:
    """The 400 for a lone surrogate in ``value`` (at ``pointer`` in the body), if it has one."""
    where = lone_surrogate(value, pointer)
    if where is not None:
        raise bad_json(f"the body holds a lone surrogate (an unpaired \\ud800–\\udfff "
                       f"escape) in {where}; JSON text must be valid Unicode")


def read_bytes(request: Request) -> bytes:
    """The body's bytes. A chunked body (no Content-Length) is read to one byte past the
    limit, so that a body over it is a 413 — werkzeug's own read stops at the limit and
    hands back a truncated body — and a chunk the server cannot decode is a 400."""
    environ = request.environ
    length = environ.get("CONTENT_LENGTH")
    if length and "HTTP_TRANSFER_ENCODING" not in environ:
        # a length sent, nothing chunked (parsing the headers for `content_length` costs
        # more than this look at the environ, on every request)
        stream = environ.get("wsgi.input")
        # ASCII digits only: str.isdigit() holds for "²" (int() refuses it: a 500) and "١٢"
        # (int() reads 12); werkzeug reads neither as a length, so they take its path
        if (environ.get("wsgi.input_terminated") and stream is not None and length.isascii()
                and length.isdigit() and int(length) <= (request.max_content_length or 0)):
            # the server ends the body at its length (gunicorn): read it at once, the bytes
            # werkzeug's read to the end would give — its wrapped stream reads them in
            # Python-level chunks, 20 µs of a small body's read
            return stream.read(int(length))  # type: ignore[no-any-return]
        return request.get_data(cache=False)  # 413 when the length is over the limit
    stream = environ.get("wsgi.input")
    if (request.content_length is not None or stream is None
            or not environ.get("wsgi.input_terminated")):
        return request.get_data(cache=False)  # 413 here when Content-Length is over the limit
    limit = request.max_content_length  # (Flask's app config: a µs, so only when chunked)
    if limit is None:
        return request.get_data(cache=False)
    try:
        raw: bytes = stream.read(limit + 1)
    except Exception as e:  # the server's chunk decoder: gunicorn's ParseException, OSError…
        raise bad_json(f"the chunked body cannot be read: {str(e)[:80]}") from None
    if len(raw) > limit:
        raise RequestEntityTooLarge()
    return raw


def decode(raw: bytes) -> str:
    """The body as text: UTF-8 (a leading byte order mark allowed, as RFC 8259 §8.1 lets a
    parser do); UTF-16 and UTF-32 are recognised (by their byte order mark or the zero bytes
    of an ASCII first character, RFC 4627 §3) and named."""
    found = _other_encoding(raw)
    if found is not None:
        raise bad_json(f"the body is {found}; send it as UTF-8")
    try:
        text = raw.decode()  # the C codec; "utf-8-sig" is a Python-level one, 5× slower
    except UnicodeDecodeError as e:
        raise bad_json(f"the body is not valid UTF-8 JSON (byte {e.start}: "
                       f"{raw[e.start:e.start + 4]!r})") from None
    return text[1:] if text.startswith(_BOM) else text


_BOM = "\ufeff"


def _other_encoding(raw: bytes) -> str | None:
    head = raw[:4]
    if head and head[0] < 0x80 and 0 not in head:  # ASCII first, no zero byte: UTF-8
        return None
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return name
    if len(head) == 4:
        if head[:3] == b"\x00\x00\x00":
            return "UTF-32BE"
        if head[1:] == b"\x00\x00\x00":
            return "UTF-32LE"
    if len(head) >= 2:
        if head[0] == 0:
            return "UTF-16BE"
        if head[1] == 0:
            return "UTF-16LE"
    return None


def nesting(raw: bytes, most: int) -> int:
    """How many levels of objects and arrays the (valid UTF-8 JSON) bytes nest, counted up
    to ``most + 1`` (deeper): `_levels` of the `skeleton`'s brackets."""
    return _levels(skeleton(raw).translate(None, b",:"), most)


def skeleton(raw: bytes) -> bytes:
    """The brackets, commas and colons of (valid UTF-8 JSON) bytes outside its strings.

    They are found at C speed: the escaped backslashes and quotes taken out
    (``bytes.replace``: what is left of a backslash can no longer end a string), then every
    byte but those and quotes (``bytes.translate``), then the strings — most are now ``""``
    (``bytes.replace``), and the few that held one of them are ``"[…]"`` for a regular
    expression. (Counting the brackets inside strings too is not an upper bound of the
    nesting: ``{"a":{"b":"}","c":[]},"d":"["}`` would count 2 levels for 3.)"""
    kept = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    kept = kept.translate(None, _NOT_STRUCTURE).replace(b'""', b"")
    if b'"' in kept:
        kept = _QUOTED.sub(b"", kept)
    return kept


def _levels(brackets: bytes, most: int) -> int:
    brackets = brackets.translate(_ONE_KIND)
    for level in range(most + 1):
        if not brackets:
            return level
        brackets = brackets.replace(b"()", b"")
    return most + 1


def nests_deeper(value: Any, most: int) -> bool:
    """Whether parsed JSON ``value`` nests objects and arrays deeper than ``most`` levels
    (a batch item's body, measured as `nesting` measures a body's text)."""
    kind = type(value)
    if kind is dict:
        inner = value.values()
    elif kind is list:
        inner = value
    else:
        return False
    return most <= 0 or any(nests_deeper(v, most - 1) for v in inner
                            if type(v) in _CONTAINERS)


def shown(text: str) -> str:
    """A string as a 400 detail shows it: quoted, escaped, cut to a short prefix."""
    cut = text[:_ECHO]
    return json.dumps(cut) + ("…" if len(text) > _ECHO else "")


MAX_SEARCHED = 65_536
"""Values searched for a lone surrogate's place: far more than any valid request holds."""


def lone_surrogate(data: Any, pointer: str = "#") -> str | None:
    """Where the first string holding a lone surrogate is, in document order, in words.

    The search keeps each value's parent and key rather than its pointer (most values are
    not the one), and gives up naming the place past `MAX_SEARCHED` values."""
    # entries: (parent entry, key, value); the pointer is built for the one found only
    stack: list[tuple[int, str | int, Any]] = [(-1, "", data)]
    seen: list[tuple[int, str | int]] = []
    while stack:
        parent, key, value = stack.pop()
        if len(seen) + (len(value) if type(value) in _CONTAINERS else 0) >= MAX_SEARCHED:
            return (f"a string past the first {MAX_SEARCHED:,} values of the body (far more "
                    "than any valid request holds)")
        here = len(seen)
        seen.append((parent, key))
        kind = type(value)
        if kind is str:
            if _SURROGATE.search(value):
                return f"the string {shown(value)} at {_pointer(seen, here, pointer)}"
        elif kind is dict:
            for name in value:
                if _SURROGATE.search(name):
                    return (f"the member name {shown(name)} in the object at "
                            f"{_pointer(seen, here, pointer)}")
            stack.extend((here, k, v) for k, v in reversed(value.items())
                         if type(v) in _SEARCHED)
        elif kind is list:
            stack.extend((here, i, v) for i, v in reversed(list(enumerate(value)))
                         if type(v) in _SEARCHED)
    return None


_SEARCHED = frozenset({str, dict, list})
_CONTAINERS = frozenset({dict, list})


def _pointer(seen: list[tuple[int, str | int]], at: int, root: str) -> str:
    segments = []
    while at > 0:
        parent, key = seen[at]
        segments.append(_segment(key) if isinstance(key, str) else str(key))
        at = parent
    return "/".join([root, *reversed(segments)])


def _segment(key: str) -> str:
    return key[:_ECHO].replace("~", "~0").replace("/", "~1")
