"""The parts of a record every settle shares, as frozen values, and the one check of event
order they share (``not_after_kong``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import Code, Problem
from engine.hand import Hand, KongType


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


def not_after_kong(i: int, self_draw: bool, seat: int | None,
                   previous: int | str | None) -> Problem | None:
    """``after_kong`` on win event ``i``: the previous event must be a kong by ``seat`` (the
    winner of a self-draw, the discarder of a 杠上炮). ``previous``: the seat of the previous
    event's kong, what that event is otherwise (``"a win"``, 南昌's ``"抄庄"``), None when
    there is none."""
    if isinstance(previous, int) and previous == seat:
        return None
    what = "a self-draw" if self_draw else "a discard (杠上炮)"
    if previous is None:
        was = "there is no previous event"
    elif isinstance(previous, int):
        was = f"event {i - 1} is a kong by seat {previous}"
    else:
        was = f"event {i - 1} is {previous}"
    return Problem(Code.NOT_AFTER_KONG, f"#/record/events/{i}/context/after_kong",
                   f"after_kong on {what} needs a kong by seat {seat} as the previous event; "
                   f"{was}")
