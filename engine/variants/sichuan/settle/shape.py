"""Stage 1 of the record's validation (settle.md §1.6.7): JSON types, members, counts.

The record arrives as plain JSON data (the service checks only that it is an object), so
every type is checked here, with every problem's pointer: ``missing_field`` for a member the
record needs, ``invalid_field`` for a wrong type, an unknown or misplaced member, a count out
of range, a seat where it cannot be. ``null`` counts as absent (settled reading 7), except as
an entry of ``missing_suits`` or ``end.hands``, where it is a value. The frame (the record
object, ``dealer``, ``events``, each event's type and members) and the checks every record is
made of are `engine.settle.shape`'s; this module holds 四川's members, events and ``end``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine import wire
from engine.errors import Problem
from engine.seats import FULL_TABLE
from engine.settle.shape import (
    RECORD_HAND,
    RecordFrame,
    ShapeChecker,
    frame_problems,
    kong_source,
    win_moment,
)

MAX_EVENTS: Final = 128
EVENT_MEMBERS: Final = {"kong": ("type", "seat", "kong", "from"),
                        "win": ("type", "win_tile", "context", "from", "winners")}
KONG_TYPES: Final = ("exposed", "added", "concealed")


def shape_problems(raw: Any, players: int = FULL_TABLE) -> list[Problem]:
    """Every stage-1 problem of ``record``, in document order (empty: the shape is right)."""
    return frame_problems(raw, FRAME, ShapeChecker(players))


def _missing_suits(c: ShapeChecker, suits: Any) -> None:
    if suits is None:
        return
    if not isinstance(suits, list) or len(suits) != c.players:
        c.bad("#/record/missing_suits", f"missing_suits must be an array of {c.players} "
              'entries, one per seat: "m", "p", "s" or null')
    else:
        for i, suit in enumerate(suits):
            c.choice(suit, f"#/record/missing_suits/{i}", "a missing suit", ("m", "p", "s"))


def _kong(c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
    konger_ok = c.seat(event.get("seat"), f"{pointer}/seat", "seat (the konger)")
    kong = event.get("kong")
    kind = None
    if kong is None:
        c.missing(f"{pointer}/kong", "kong {type, tile} is required")
    elif c.obj(kong, f"{pointer}/kong", ("type", "tile", "late"), "kong"):
        if c.choice(kong.get("type"), f"{pointer}/kong/type", "kong.type", KONG_TYPES,
                    required=True):
            kind = kong["type"]
        c.tile(kong.get("tile"), f"{pointer}/kong/tile", "kong.tile")
        late = kong.get("late")
        c.boolean(late, f"{pointer}/kong/late", "late")
        if late is not None and kind is not None and kind != "added":
            c.bad(f"{pointer}/kong/late", f"late is only for an added kong (补杠); this one is "
                  f"{kind}")
    kong_source(c, event, pointer, kind, konger_ok, "直杠")


def _win(c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
    c.tile(event.get("win_tile"), f"{pointer}/win_tile", "win_tile")
    moment = win_moment(c, event, pointer, context_what="a win's context",
                        self_draw_payers="every seat in the hand pays")
    win_type, source_ok = moment.win_type, moment.source_ok
    c.winner_entries(event, pointer, win_type == "self_draw", source_ok)


def _end(c: ShapeChecker, end: Any) -> None:
    if not c.obj(end, "#/record/end", ("hands",), "end"):
        return
    hands = end.get("hands")
    if hands is None:
        c.missing("#/record/end/hands", f"end.hands is required: {c.players} entries, null "
                  "for a seat that has won")
        return
    if not isinstance(hands, list) or len(hands) != c.players:
        c.bad("#/record/end/hands", f"end.hands must be an array of {c.players} entries, one "
              "per seat")
        return
    for seat, hand in enumerate(hands):
        here = f"#/record/end/hands/{seat}"
        if hand is None:
            if seat not in c.winners:
                c.missing(here, f"seat {seat} never won: its end hand {{hand, melds}} is "
                          "required")
        elif seat in c.winners:
            c.bad(here, f"seat {seat} has won: its end hand must be null")
        elif c.obj(hand, here, ("hand", "melds"), "an end hand"):
            c.hand(hand, here, f"seat {seat}")


FRAME: Final = RecordFrame(
    members=("dealer", "missing_suits", "events", "end"),
    holds="the hand's dealer, missing suits, events and (at the end of the wall) end hands",
    max_events=MAX_EVENTS,
    events={"kong": (EVENT_MEMBERS["kong"], _kong), "win": (EVENT_MEMBERS["win"], _win)},
    own={"missing_suits": _missing_suits},
    end=_end,
    events_hold="the kongs and wins in order (an empty array before the first)",
)
"""四川's record (settle.md §1.6.1) for `engine.settle.shape.frame_problems`."""

RECORD_LIMITS: Final = wire.Object("SichuanRecord", {
    "missing_suits": wire.Items(wire.Choice(("m", "p", "s")), 4, 4),
    "events": wire.Items(wire.Object("SichuanEvent", {
        "winners": wire.Items(RECORD_HAND, 1, 3),
    }), 0, MAX_EVENTS),
    "end": wire.Object("SichuanEnd", {"hands": wire.Items(RECORD_HAND, 4, 4)}),
})
"""The lists of 四川's record, for the size limits checked before any work (every other
object and list of it is counted with the generic limits)."""
