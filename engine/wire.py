"""What a variant declares about its bodies on the wire, in the engine's own words: the JSON
shape of each context member it owns, the request shape of each operation, how big each list
and object may be, and what an item of a batch weighs.

The service builds its schemas, its size limits and its batch budget from these declarations
(`service/schemas.py`, `service/limits.py`, `service/budget.py`) and names no variant, member
or variant-only operation itself: a new variant or member is declared here and in its
package, never written into the service. Nothing here imports a web package.

A `Value` is one JSON value's shape: `TileList` (a tile string or array of at most ``most``
tiles), `TileCode`, `Seat`, `Flag`, `Count`, `Choice`, `Object` (an object with known
members, rendered as the component ``name``), `Items` (an array), `Opaque` (checked by the
engine itself). The same vocabulary bounds what a body may hold before any validation
(`service/limits.py`): a list of at most four times its most, an object of at most a fixed
number of members — counted at every depth, declared members or not. Batch weights are
`engine.weights`'.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType


@dataclass(frozen=True)
class TileList:
    """A tile list: a compact string (``"123m 45p"``) or an array of tile codes; at most
    ``most`` tiles in any valid body."""

    most: int


@dataclass(frozen=True)
class TileCode:
    """One tile code; ``need`` (what it is, in words) makes it required."""

    need: str | None = None


@dataclass(frozen=True)
class Seat:
    """A seat number of the table (0–3 today; `engine.seats` checks it against the room)."""


@dataclass(frozen=True)
class Flag:
    """``true`` or ``false``."""


@dataclass(frozen=True)
class Count:
    """An integer from ``low`` to ``high``."""

    low: int
    high: int


@dataclass(frozen=True)
class Choice:
    """One of ``choices`` (strings)."""

    choices: tuple[str, ...]


@dataclass(frozen=True)
class Object:
    """An object with the members ``members`` (unknown members refused), rendered as the
    component ``name`` of the contract."""

    name: str
    members: Mapping[str, Value] = field(default_factory=dict)


@dataclass(frozen=True)
class Items:
    """An array of ``item`` values, ``low`` to ``high`` of them (``words``: the refusal of
    another length, after "holds" / "lists")."""

    item: Value
    low: int = 0
    high: int = 4
    words: str = ""


@dataclass(frozen=True)
class Opaque:
    """A value the engine checks itself, stage by stage (``settle``'s record): the schema
    takes any object; ``limits`` bounds its lists and objects (``None``: only counted)."""

    limits: Object | None = None
    words: str = "an object"


Value = TileList | TileCode | Seat | Flag | Count | Choice | Object | Items | Opaque


class RequestShape(StrEnum):
    """What an operation's body must hold (API.md's envelope; every member optional
    otherwise): each names one request component of the contract."""

    ENVELOPE = "envelope"
    """nothing in particular (``Envelope``)"""
    HAND = "hand"
    """the hand (``HandRequest``: waits, discards, qishou)"""
    WIN = "win"
    """the hand and the win tile (``WinRequest``: win, fan)"""
    CONTEXT = "context"
    """the context (``ContextRequest``: what the operation works on is in it)"""
    RECORD = "record"
    """a settle record (``SettleRequest``)"""
    CLAIM = "claim"
    """the hand, the tile on offer and its source (``ClaimsRequest``)"""
    ADVICE = "advice"
    """the hand and the draws to come (``AdviceRequest``: advice, RULES.md §0.10)"""
    DEALT = "dealt"
    """the dealt hand, what is unseen optional (``DingqueRequest``: 定缺)"""
    EXCHANGE = "exchange"
    """the dealt hand and a mode, no context (``ExchangeRequest``: 换三张)"""


SHARED_SHAPES: Mapping[str, RequestShape] = {
    "win": RequestShape.WIN, "waits": RequestShape.HAND, "fan": RequestShape.WIN,
    "discards": RequestShape.HAND, "claims": RequestShape.CLAIM,
    "advice": RequestShape.ADVICE,
}
"""The request shapes of the operations every variant has (and ``claims``)."""


def shapes(**extra: RequestShape) -> Mapping[str, RequestShape]:
    """`SHARED_SHAPES` with a variant's extra operations' (keyword names with ``_`` for
    ``-``: ``jing_settlement`` is ``jing-settlement``)."""
    return MappingProxyType({**SHARED_SHAPES,
                             **{op.replace("_", "-"): shape for op, shape in extra.items()}})
