"""Stage 1 of the record's validation (settle.md §1.6.7): JSON types, members, counts.

The record arrives as plain JSON data (the service checks only that it is an object), so
every type is checked here, with every problem's pointer: ``missing_field`` for a member the
record needs, ``invalid_field`` for a wrong type, an unknown or misplaced member, a count out
of range, a seat where it cannot be. ``null`` counts as absent (settled reading 7), except as
an entry of ``missing_suits`` or ``end.hands``, where it is a value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import Problem, invalid_field, missing_field, pointer_segment

MAX_EVENTS: Final = 128
MAX_WINNERS: Final = 3
LONGEST_TILES: Final = 64
"""A tile list longer than this (a hand is 13 or 14) is one problem at the list."""
EVENT_MEMBERS: Final = {"kong": ("type", "seat", "kong", "from"),
                        "win": ("type", "win_tile", "context", "from", "winners")}
CONTEXT_MEMBERS: Final = ("win_type", "after_kong", "last_tile", "first_turn")
WIN_TYPES: Final = ("self_draw", "discard", "rob_kong")
KONG_TYPES: Final = ("exposed", "added", "concealed")


class _Checker:
    """Collects the problems of one record in document order."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, pointer: str, detail: str) -> None:
        self.problems.append(invalid_field(pointer, detail))

    def missing(self, pointer: str, detail: str) -> None:
        self.problems.append(missing_field(pointer, detail))

    def obj(self, value: Any, pointer: str, members: tuple[str, ...], what: str) -> bool:
        """An object with only ``members``; False (reported) when it is no object."""
        if not isinstance(value, Mapping):
            self.bad(pointer, f"{what} must be an object")
            return False
        for name in value:
            if name not in members:
                self.bad(f"{pointer}/{pointer_segment(name)}",
                         f"unknown member {name!r}; known members here: "
                         f"{', '.join(members)}")
        return True

    def seat(self, value: Any, pointer: str, what: str, required: bool = True) -> bool:
        if value is None:
            if required:
                self.missing(pointer, f"{what} is required")
            return False
        if type(value) is not int or not 0 <= value <= 3:
            self.bad(pointer, f"{what} must be a seat number 0–3")
            return False
        return True

    def boolean(self, value: Any, pointer: str, name: str) -> None:
        if value is not None and type(value) is not bool:
            self.bad(pointer, f"{name} must be true or false")

    def choice(self, value: Any, pointer: str, name: str, choices: tuple[str, ...],
               required: bool = False) -> bool:
        if value is None:
            if required:
                self.missing(pointer, f"{name} is required: one of "
                             + ", ".join(f'"{c}"' for c in choices))
            return False
        if value not in choices or type(value) is not str:
            self.bad(pointer, f"{name} must be one of " + ", ".join(f'"{c}"' for c in choices))
            return False
        return True

    def tile(self, value: Any, pointer: str, what: str) -> None:
        if value is None:
            self.missing(pointer, f"{what} is required")
        elif type(value) is not str or len(value) > 8:
            self.bad(pointer, f'{what} must be a tile code (a string such as "5p")')

    def tiles(self, value: Any, pointer: str, what: str) -> None:
        if value is None:
            self.missing(pointer, f"{what} is required")
        elif isinstance(value, str):
            if len(value) > 2 * LONGEST_TILES:
                self.bad(pointer, f"{what} is far longer than any hand")
        elif isinstance(value, list):
            if len(value) > LONGEST_TILES:
                self.bad(pointer, f"{what} holds {len(value)} tiles, far more than any hand")
                return
            for i, v in enumerate(value):
                if type(v) is not str:
                    self.bad(f"{pointer}/{i}", 'item must be a tile code (a string such as "5p")')
        else:
            self.bad(pointer, f'{what} must be a tile string such as "123m45p" or an array of '
                     'tile codes such as ["1m", "2m"]')

    def hand(self, value: Any, pointer: str, what: str) -> None:
        """``{hand, melds}`` (a winner also has ``seat``, checked by the caller)."""
        self.tiles(value.get("hand"), f"{pointer}/hand", f"{what}'s hand")
        melds = value.get("melds")
        if melds is None:
            return
        if not isinstance(melds, list) or len(melds) > 16:
            self.bad(f"{pointer}/melds", "melds must be an array of at most 4 melds")
            return
        for i, meld in enumerate(melds):
            here = f"{pointer}/melds/{i}"
            if not self.obj(meld, here, ("type", "tiles", "concealed"), "a meld"):
                continue
            self.choice(meld.get("type"), f"{here}/type", "type", ("chow", "pong", "kong"),
                        required=True)
            self.tiles(meld.get("tiles"), f"{here}/tiles", "the meld's tiles")
            self.boolean(meld.get("concealed"), f"{here}/concealed", "concealed")


def shape_problems(raw: Any) -> list[Problem]:
    """Every stage-1 problem of ``record``, in document order (empty: the shape is right)."""
    c = _Checker()
    if raw is None:
        c.missing("#/record", "record is required: the hand's dealer, missing suits, events "
                  "and (at the end of the wall) end hands")
        return c.problems
    if not c.obj(raw, "#/record", ("dealer", "missing_suits", "events", "end"), "record"):
        return c.problems
    c.seat(raw.get("dealer"), "#/record/dealer", "dealer")
    suits = raw.get("missing_suits")
    if suits is not None:
        if not isinstance(suits, list) or len(suits) != 4:
            c.bad("#/record/missing_suits", "missing_suits must be an array of 4 entries, one "
                  'per seat: "m", "p", "s" or null')
        else:
            for i, suit in enumerate(suits):
                c.choice(suit, f"#/record/missing_suits/{i}", "a missing suit", ("m", "p", "s"))
    named: set[int] = set()
    events = raw.get("events")
    if events is None:
        c.missing("#/record/events", "events is required: the kongs and wins in order "
                  "(an empty array before the first)")
    elif not isinstance(events, list):
        c.bad("#/record/events", "events must be an array")
    elif len(events) > MAX_EVENTS:
        c.bad("#/record/events", f"events holds {len(events)} events; a record has at most "
              f"{MAX_EVENTS}")
    else:
        for i, event in enumerate(events):
            _event(c, event, f"#/record/events/{i}", named)
    end = raw.get("end")
    if end is not None:
        _end(c, end, named)
    return c.problems


def _event(c: _Checker, event: Any, pointer: str, named: set[int]) -> None:
    if not isinstance(event, Mapping):
        c.bad(pointer, "an event must be an object")
        return
    kind = event.get("type")
    if not c.choice(kind, f"{pointer}/type", "type", ("kong", "win"), required=True):
        return
    c.obj(event, pointer, EVENT_MEMBERS[str(kind)], f"a {kind} event")
    if kind == "kong":
        _kong(c, event, pointer)
    else:
        _win(c, event, pointer, named)


def _kong(c: _Checker, event: Mapping[str, Any], pointer: str) -> None:
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
    source = event.get("from")
    if kind == "exposed":
        if c.seat(source, f"{pointer}/from", "from (who discarded the kong's tile)") \
                and konger_ok and source == event["seat"]:
            c.bad(f"{pointer}/from", "an exposed kong is made from another seat's discard")
    elif kind is not None and source is not None:
        c.bad(f"{pointer}/from", f"from is only for an exposed kong (直杠); this one is {kind}")


def _win(c: _Checker, event: Mapping[str, Any], pointer: str, named: set[int]) -> None:
    c.tile(event.get("win_tile"), f"{pointer}/win_tile", "win_tile")
    context = event.get("context")
    win_type = "discard"
    if context is not None and c.obj(context, f"{pointer}/context", CONTEXT_MEMBERS,
                                     "a win's context"):
        if c.choice(context.get("win_type"), f"{pointer}/context/win_type", "win_type",
                    WIN_TYPES):
            win_type = context["win_type"]
        for flag in CONTEXT_MEMBERS[1:]:
            c.boolean(context.get(flag), f"{pointer}/context/{flag}", flag)
        if win_type == "rob_kong" and context.get("after_kong") is True:
            c.bad(f"{pointer}/context/after_kong", "after_kong is not for a rob-kong win: the "
                  "robbed kong was never completed")
    source = event.get("from")
    source_ok = False
    if win_type == "self_draw":
        if source is not None:
            c.bad(f"{pointer}/from", "from is not for a self-draw: every seat in the hand pays")
    else:
        what = "the discarder" if win_type == "discard" else "the robbed konger"
        source_ok = c.seat(source, f"{pointer}/from", f"from ({what})")
    winners = event.get("winners")
    if winners is None:
        c.missing(f"{pointer}/winners", "winners is required: 1–3 {seat, hand, melds}")
        return
    if not isinstance(winners, list) or not 1 <= len(winners) <= MAX_WINNERS:
        c.bad(f"{pointer}/winners", "winners must be an array of 1–3 winners")
        return
    if win_type == "self_draw" and len(winners) > 1:
        c.bad(f"{pointer}/winners", "a self-draw has one winner")
    seen: set[int] = set()
    for j, winner in enumerate(winners):
        here = f"{pointer}/winners/{j}"
        if not c.obj(winner, here, ("seat", "hand", "melds"), "a winner"):
            continue
        seat = winner.get("seat")
        if c.seat(seat, f"{here}/seat", "the winner's seat"):
            if seat in seen:
                c.bad(f"{here}/seat", f"seat {seat} is listed twice among the winners")
            elif source_ok and seat == source:
                c.bad(f"{pointer}/from", f"from is seat {seat}, a winner of this event; it "
                      "must be another seat")
            seen.add(seat)
            named.add(seat)
        c.hand(winner, here, "the winner")


def _end(c: _Checker, end: Any, named: set[int]) -> None:
    if not c.obj(end, "#/record/end", ("hands",), "end"):
        return
    hands = end.get("hands")
    if hands is None:
        c.missing("#/record/end/hands", "end.hands is required: 4 entries, null for a seat "
                  "that has won")
        return
    if not isinstance(hands, list) or len(hands) != 4:
        c.bad("#/record/end/hands", "end.hands must be an array of 4 entries, one per seat")
        return
    for seat, hand in enumerate(hands):
        here = f"#/record/end/hands/{seat}"
        if hand is None:
            if seat not in named:
                c.missing(here, f"seat {seat} never won: its end hand {{hand, melds}} is "
                          "required")
        elif seat in named:
            c.bad(here, f"seat {seat} has won: its end hand must be null")
        elif c.obj(hand, here, ("hand", "melds"), "an end hand"):
            c.hand(hand, here, f"seat {seat}")
