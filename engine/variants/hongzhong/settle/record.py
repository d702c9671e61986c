"""A 红中 hand's record (settle-hongzhong.md §4.5.1) as frozen values, once its shape and
tiles passed.

Seats are 0 … *P* − 1 in turn order (`engine.seats`); tiles are kind numbers
(``engine.tiles``); the positions kept here build every pointer the checks report.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import KongType, WinType
from engine.settle.events import Kong, Winner

__all__ = ["Event", "Kong", "Record", "Win", "Winner"]


@dataclass(frozen=True)
class Win:
    """One winning moment; ``winners`` in canonical order (turn order after ``from_``)."""

    win_tile: int
    win_type: WinType
    after_kong: bool
    last_tile: bool
    first_turn: bool
    robbed: KongType | None
    """The kong robbed (``context.kong.type``, default added) on a rob-kong win; else None."""
    from_: int | None
    winners: tuple[Winner, ...]
    codes: tuple[int, ...]
    """The codes turned for this win, in the order turned (none: empty)."""
    wall_left: int | None
    """The tiles left in the wall when the codes were turned; None: enough."""


Event = Kong | Win


@dataclass(frozen=True)
class Record:
    dealer: int
    code_count: int
    piao: tuple[int, ...] | None
    events: tuple[Event, ...]
    end: bool
    """The wall ran out with nobody winning (荒庄): ``end`` was sent."""
    last_drawer: int | None
    """``end.last_drawer`` when sent."""
