"""A 四川 hand's record (settle.md §1.6.1) as frozen values, once its shape and tiles passed.

Seats are 0–3 in turn order; tiles are kind numbers (``engine.tiles``); every pointer the
checks report is built from the event and winner positions kept here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import Hand, KongType, WinType

SEATS = (0, 1, 2, 3)


def after(seat: int) -> tuple[int, int, int]:
    """The other three seats in turn order after ``seat`` (下家 first)."""
    return (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4


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
class Winner:
    """One winner of a win event: the seat and its hand, ``win_tile`` included."""

    seat: int
    hand: Hand
    position: int
    """Its index in the event's ``winners`` as sent (the pointers' ``winners/J``)."""


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
    missing_suits: tuple[int | None, int | None, int | None, int | None]
    """Suit index 0 m, 1 p, 2 s per seat; None = undeclared."""
    events: tuple[Event, ...]
    end: tuple[Hand | None, ...] | None
    """The four end-of-wall hands (None for a seat that has won), or None: no end yet."""


def canonical(seats: list[int], from_: int | None) -> list[int]:
    """Seats in turn order starting after ``from_`` (a self-draw's one winner as it is)."""
    if from_ is None:
        return seats
    return sorted(seats, key=lambda s: (s - from_ - 1) % 4)
