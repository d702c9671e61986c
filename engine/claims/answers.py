"""The ``claims`` answer (rules/claims.md, part 2) as values.

They follow `engine.results`' conventions, so the service's generic mapping puts them on the
wire unchanged: fields in wire order, None left out, tuples as arrays. One class per action
type, because each type lists its own members in its own order.

They are slotted dataclasses, not frozen ones, and are never changed once built (treat
them as immutable; `engine.claims.offer.PLAIN_PASS` is shared): a ``claims`` answer builds
one per action and refusal, and a frozen dataclass's ``__init__`` sets each field through
``object.__setattr__`` — 0.5 µs for a six-field action against 0.1 µs, a good part of a
``detail: "actions"`` call, which issue 16 bounds by one ``fan``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import Options
from engine.results import Wait


@dataclass(slots=True)
class After:
    """What a call leads to: the best permitted discard (pong, chow; None for a kong), and
    the shanten and waits of the hand left by it."""

    discard: str | None
    shanten: int
    waits: tuple[Wait, ...]


@dataclass(slots=True)
class WinAction:
    """``win`` or ``rob_kong``: what ``fan`` computes for hand + tile, the variant's amounts
    among the optional members (each is None in the other variants)."""

    type: str
    priority: int
    win_type: str
    fan: int
    patterns: tuple[str, ...]
    fan_capped: int | None = None
    points_per_payer: int | None = None
    base_per_payer: int | None = None
    birds_expected: int | None = None
    multiplier: int | None = None
    flat_per_payer: int | None = None
    codes_to_draw: int | None = None


@dataclass(slots=True)
class KongAction:
    type: str
    priority: int
    kind: str
    tile: str
    tiles: tuple[str, ...]
    drawn_now: bool | None = None
    modes: tuple[str, ...] | None = None
    after: After | None = None


@dataclass(slots=True)
class PongAction:
    type: str
    priority: int
    tiles: tuple[str, ...]
    no_discard: tuple[str, ...]
    after: After | None = None


@dataclass(slots=True)
class ChowAction:
    type: str
    priority: int
    tiles: tuple[str, ...]
    meld: tuple[str, ...]
    no_discard: tuple[str, ...]
    after: After | None = None


@dataclass(slots=True)
class PassedRecord:
    """The 过胡 record: the passed tile kinds and the highest fan among those wins."""

    tiles: tuple[str, ...]
    fan: int


@dataclass(slots=True)
class PassAction:
    type: str
    priority: int
    passed: PassedRecord | None = None
    must_discard: str | None = None


Action = WinAction | KongAction | PongAction | ChowAction | PassAction


@dataclass(slots=True)
class Refusal:
    """A move the tiles allow but a rule stops, with the first reason in the refusal table's
    order (settled reading 3)."""

    type: str
    kind: str | None = None
    tile: str | None = None
    tiles: tuple[str, ...] | None = None
    reason: str = ""
    fan: int | None = None


@dataclass(slots=True)
class ClaimsAnswer:
    actions: tuple[Action, ...]
    refused: tuple[Refusal, ...]
    options: Options | None = None
