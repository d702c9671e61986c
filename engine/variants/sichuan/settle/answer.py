"""``POST /v1/sichuan/settle``'s answer (settle.md Part 2, "The answer"), as frozen values.

engine/results.py's conventions: fields in wire order, None left out, a trailing underscore
dropped (``from_`` → ``from``); the service serialises them generically. The row is the
shared `engine.settle.rows.Transfer`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import Options
from engine.results import Pattern
from engine.settle.rows import Transfer

__all__ = ["BestWait", "SeatStatus", "SettleAnswer", "SettledWin", "Transfer"]


@dataclass(frozen=True)
class SettledWin:
    """One winner of one win event, with the values ``fan`` answers for it."""

    event: int
    seat: int
    patterns: tuple[Pattern, ...]
    fan: int
    gen_count: int
    fan_capped: int
    points_per_payer: int


@dataclass(frozen=True)
class BestWait:
    """A ready seat's best wait, priced as a plain discard win: ``points`` is its 大叫 value."""

    tile: str
    patterns: tuple[Pattern, ...]
    fan: int
    gen_count: int
    fan_capped: int
    points: int


@dataclass(frozen=True)
class SeatStatus:
    """``won``, ``hua_zhu``, ``not_ready``, or ``ready`` with its waits and best wait."""

    status: str
    waits: tuple[str, ...] | None = None
    best: BestWait | None = None


@dataclass(frozen=True)
class SettleAnswer:
    transfers: tuple[Transfer, ...]
    totals: tuple[int, ...]
    wins: tuple[SettledWin, ...]
    active: tuple[int, ...]
    statuses: tuple[SeatStatus, ...] | None = None
    options: Options | None = None
