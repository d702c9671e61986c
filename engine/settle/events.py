"""The parts of a record every settle shares, as frozen values, and the one check of event
order they share (``not_after_kong``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.errors import Code, Problem
from engine.hand import Hand, KongType, WinType


@dataclass(frozen=True)
class Winner:
    """One winner of a win event: the seat and its hand, ``win_tile`` included."""

    seat: int
    hand: Hand
    position: int
    """Its index in the event's ``winners`` as sent (the pointers' ``winners/J``)."""


@dataclass(frozen=True)
class Kong:
    """A completed kong by ``seat`` of kind ``tile``; ``from_`` only for an exposed kong (a
    record whose kong event holds nothing else: 红中's, 南昌's)."""

    seat: int
    type: KongType
    tile: int
    from_: int | None = None


class Seated(Protocol):
    @property
    def seat(self) -> int: ...


class WinMoment(Protocol):
    """What ``after_kong`` reads of a win event (every variant's ``Win`` has it)."""

    @property
    def win_type(self) -> WinType: ...
    @property
    def from_(self) -> int | None: ...
    @property
    def winners(self) -> Sequence[Seated]: ...


def not_after_kong(i: int, win: WinMoment, previous: object, kong: type[Seated],
                   other: str = "a win") -> list[Problem]:
    """``after_kong`` on win event ``i``: the previous event must be a kong (an instance of
    ``kong``, the variant's kong event) by the seat that drew the replacement — the winner of a
    self-draw, ``from`` of a 杠上炮. ``previous``: the event before, None when there is none;
    ``other`` names it when it is no kong (南昌's ``"抄庄"``)."""
    self_draw = win.win_type is WinType.SELF_DRAW
    seat = win.winners[0].seat if self_draw else win.from_
    if isinstance(previous, kong) and previous.seat == seat:
        return []
    what = "a self-draw" if self_draw else "a discard (杠上炮)"
    if previous is None:
        was = "there is no previous event"
    elif isinstance(previous, kong):
        was = f"event {i - 1} is a kong by seat {previous.seat}"
    else:
        was = f"event {i - 1} is {other}"
    return [Problem(Code.NOT_AFTER_KONG, f"#/record/events/{i}/context/after_kong",
                    f"after_kong on {what} needs a kong by seat {seat} as the previous event; "
                    f"{was}")]
