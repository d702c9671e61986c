"""A 四川 hand's record (settle.md §1.6.1) as frozen values, once its shape and tiles passed.

Seats are 0 … *P* − 1 in turn order (`engine.seats` reads them; *P* the room's ``players``,
rooms.md §0.9.4.5); tiles are kind numbers
(``engine.tiles``); every pointer the checks report is built from the event and winner
positions kept here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import Hand, KongType, WinType
from engine.seats import seat_numbers
from engine.settle.events import Winner

__all__ = ["SEATS", "Event", "Kong", "Record", "Win", "Winner"]

SEATS = tuple(seat_numbers())


@dataclass(frozen=True)
class Kong:
    """A completed kong by ``seat``; ``from_`` only for an exposed kong, ``late`` only for an
    added one (过手补杠)."""

    seat: int
    type: KongType
    tile: int
    late: bool = False
    from_: int | None = None


@dataclass(frozen=True)
class Win:
    """One winning moment; ``winners`` in canonical order (turn order after ``from_``)."""

    win_tile: int
    win_type: WinType
    after_kong: bool
    last_tile: bool
    first_turn: bool
    from_: int | None
    winners: tuple[Winner, ...]


Event = Kong | Win


@dataclass(frozen=True)
class Record:
    dealer: int
    missing_suits: tuple[int | None, ...]
    """Suit index 0 m, 1 p, 2 s per seat; None = undeclared (always, below three suits)."""
    events: tuple[Event, ...]
    end: tuple[Hand | None, ...] | None
    """The end-of-wall hands, one per seat (None for a seat that has won), or None: no end
    yet."""

    @property
    def players(self) -> int:
        return len(self.missing_suits)
