"""Stage 1 of every record's validation: its shape (``validation-error``), in document order.

The record reaches the engine as JSON data (the service checks only that it is an object of
bounded size), so its members' types are checked here, each problem at its pointer:
``missing_field`` for a member that must be there, ``invalid_field`` for a wrong type, an
unknown member, a number out of range. `ShapeChecker` holds the checks every record is made
of (objects with known members, seats of the room, booleans, choices, tiles, hands);
`frame_problems` walks the frame every variant's record shares — an object with ``dealer``,
the variant's own members, ``events`` (each an object whose ``type`` picks its members) and
``end`` — and calls the variant's checks for what only it has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from engine import wire
from engine.close_names import CloseNames
from engine.errors import Problem, echo, invalid_field, missing_field, pointer_segment
from engine.options import OptionSpec
from engine.seats import FULL_TABLE, range_words

LONGEST_TILES: Final = 64
"""A tile list longer than this (a hand is 13 or 14) is one problem at the list."""
MELD_KINDS: Final = ("chow", "pong", "kong")
RECORD_MELD_MEMBERS: Final = ("type", "tiles", "concealed")
"""A record meld's members (``fan``'s meld); a variant may allow more (南昌's ``from``)."""
MAX_MELD_ITEMS: Final = 16
"""A ``melds`` array longer than this is one problem at the array (a hand has 4 melds)."""


RECORD_MELD: Final = wire.Object("RecordMeld", {"tiles": wire.TileList(4)})
RECORD_HAND: Final = wire.Object("RecordHand", {
    "hand": wire.TileList(14), "melds": wire.Items(RECORD_MELD, 0, 4)})
"""A record's ``{hand, melds}`` (a winner's, an end hand) for the size limits a variant
declares (`engine.variants.base.Variant.record_limits`)."""


class ShapeChecker:
    """Collects the problems of one record in document order."""

    def __init__(self, players: int = FULL_TABLE,
                 options: Mapping[str, Any] | None = None) -> None:
        self.players = players
        self.options: Mapping[str, Any] = options if isinstance(options, Mapping) else {}
        """The room's options as sent, unchecked (stage 2 checks them): read with `option`
        where an option requires or refuses a record member."""
        self.problems: list[Problem] = []
        self.close = CloseNames()
        """One budget of close-name looks for the record's unknown members."""
        self.winners: set[int] = set()
        """Every seat named as a winner so far (an end hand of a seat that won is null)."""
        self.events_seen: Counter[str] = Counter()
        """Events of each type so far, the one being checked included (an event a hand has
        at most once, the first win)."""

    def option(self, spec: OptionSpec) -> Any:
        """An option as sent, for the members it requires or refuses: its value when valid,
        its default when absent, None when it is sent invalid — then the members it governs
        are left unchecked, so that the refusal names the option (stage 2), not a member
        read against a value the caller did not send."""
        sent = self.options.get(spec.name)
        if sent is None:
            return spec.default
        return sent if spec.problem(sent) is None else None

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
                self.bad(f"{pointer}/{pointer_segment(name)}", f"unknown member {echo(name)}; "
                         f"{self.close(name, members, 'known members here')}")
        return True

    def seat(self, value: Any, pointer: str, what: str, required: bool = True) -> bool:
        """A seat of the room (0 … *P* − 1); False when absent or reported."""
        if value is None:
            if required:
                self.missing(pointer, f"{what} is required")
            return False
        if type(value) is not int or not 0 <= value < self.players:
            self.bad(pointer, f"{what} must be a seat number {range_words(self.players)}")
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

    def hand(self, value: Mapping[str, Any], pointer: str, what: str,
             meld_members: tuple[str, ...] = RECORD_MELD_MEMBERS) -> None:
        """``{hand, melds}`` (a winner's other members are checked by the caller)."""
        self.tiles(value.get("hand"), f"{pointer}/hand", f"{what}'s hand")
        melds = value.get("melds")
        if melds is None:
            return
        if not isinstance(melds, list) or len(melds) > MAX_MELD_ITEMS:
            self.bad(f"{pointer}/melds", "melds must be an array of at most 4 melds")
            return
        for i, meld in enumerate(melds):
            here = f"{pointer}/melds/{i}"
            if not self.obj(meld, here, meld_members, "a meld"):
                continue
            self.choice(meld.get("type"), f"{here}/type", "type", MELD_KINDS, required=True)
            self.tiles(meld.get("tiles"), f"{here}/tiles", "the meld's tiles")
            self.boolean(meld.get("concealed"), f"{here}/concealed", "concealed")


    def winner_entries(self, event: Mapping[str, Any], pointer: str, self_draw: bool,
                       source_ok: bool, *, meld_members: tuple[str, ...] = RECORD_MELD_MEMBERS,
                       each: WinnerShape | None = None, named: bool = True,
                       why: str = "") -> None:
        """A win event's ``winners``: 1 to *P* − 1 ``{seat, hand, melds}`` (reconciled.md §1;
        ``why`` ends the refusal of another count), one on a self-draw (``self_draw``; a
        variant whose replay refuses every second winner, 南昌's ``multiple_winners``, passes
        False), no seat twice, none the event's ``from`` (``source_ok``: it is a seat of the
        room). Each winner's melds may hold ``meld_members``, and ``each`` checks what else
        the variant reads of it, in document order. Each seat named is added to `winners`
        (``named``: False for a win whose winners do not end the hand)."""
        winners = event.get("winners")
        if winners is None:
            self.missing(f"{pointer}/winners", f"winners is required: 1–{self.players - 1} "
                         "{seat, hand, melds}")
            return
        most = self.players - 1  # every seat but the discarder
        if not isinstance(winners, list) or not 1 <= len(winners) <= most:
            self.bad(f"{pointer}/winners", f"winners must be an array of 1–{most} winners{why}")
            return
        if self_draw and len(winners) > 1:
            self.bad(f"{pointer}/winners", "a self-draw has one winner")
        seen: set[int] = set()
        for j, winner in enumerate(winners):
            here = f"{pointer}/winners/{j}"
            if not self.obj(winner, here, ("seat", "hand", "melds"), "a winner"):
                continue
            seat = winner.get("seat")
            if self.seat(seat, f"{here}/seat", "the winner's seat"):
                if seat in seen:
                    self.bad(f"{here}/seat", f"seat {seat} is listed twice among the winners")
                elif source_ok and seat == event.get("from"):
                    self.bad(f"{pointer}/from", f"from is seat {seat}, a winner of this event; "
                             "it must be another seat")
                seen.add(seat)
                if named:
                    self.winners.add(seat)
            self.hand(winner, here, "the winner", meld_members)
            if each is not None:
                each(self, winner, here)


WinnerShape = Callable[[ShapeChecker, Mapping[str, Any], str], None]
"""Checks what a variant reads of one winner beside its seat, hand and melds: checker,
winner, pointer."""
EventShape = Callable[[ShapeChecker, Mapping[str, Any], str], None]
"""Checks one event's members (its object and ``type`` already are): checker, event,
pointer."""
PartShape = Callable[[ShapeChecker, Any], None]
"""Checks a member of the record beside the frame's (``missing_suits``, ``piao``) or its
``end``: checker, the member's value as sent (None when absent)."""


@dataclass(frozen=True)
class RecordFrame:
    """What a variant's record is, for `frame_problems`: its members in document order
    (``dealer``, its own, ``events``, ``end``), what a missing record must hold, the most
    events, each event type's members and checks, its own members' checks (called in
    ``members`` order) and the check of ``end`` (when sent)."""

    members: tuple[str, ...]
    holds: str
    max_events: int
    events: Mapping[str, tuple[tuple[str, ...], EventShape]]
    own: Mapping[str, PartShape] = field(default_factory=dict)
    end: PartShape | None = None
    events_hold: str = "the events in order (an empty array before the first)"


def frame_problems(raw: Any, frame: RecordFrame, checker: ShapeChecker) -> list[Problem]:
    """Every stage-1 problem of ``record`` (``raw``), in document order (empty: the shape
    is right)."""
    c = checker
    if raw is None:
        c.missing("#/record", f"record is required: {frame.holds}")
        return c.problems
    if not c.obj(raw, "#/record", frame.members, "record"):
        return c.problems
    c.seat(raw.get("dealer"), "#/record/dealer", "dealer")
    for name, own in frame.own.items():
        own(c, raw.get(name))
    events = raw.get("events")
    if events is None:
        c.missing("#/record/events", f"events is required: {frame.events_hold}")
    elif not isinstance(events, list):
        c.bad("#/record/events", "events must be an array")
    elif len(events) > frame.max_events:
        c.bad("#/record/events", f"events holds {len(events)} events; a record has at most "
              f"{frame.max_events}")
    else:
        kinds = tuple(frame.events)
        for i, event in enumerate(events):
            pointer = f"#/record/events/{i}"
            if not isinstance(event, Mapping):
                c.bad(pointer, "an event must be an object")
                continue
            kind = event.get("type")
            if not c.choice(kind, f"{pointer}/type", "type", kinds, required=True):
                continue
            members, shape = frame.events[str(kind)]
            c.events_seen[str(kind)] += 1
            c.obj(event, pointer, members, f"a {kind} event")
            shape(c, event, pointer)
    end = raw.get("end")
    if end is not None and frame.end is not None:
        frame.end(c, end)
    return c.problems


WIN_TYPES: Final = ("self_draw", "discard", "rob_kong")
CONTEXT_MEMBERS: Final = ("win_type", "after_kong", "last_tile", "first_turn")
"""A record win's ``context``: the moment only (the seats and turned tiles come from the
record)."""


@dataclass(frozen=True)
class Moment:
    """What a win event's ``context`` and ``from`` say, as far as they passed stage 1."""

    win_type: str
    after_kong: bool
    source_ok: bool
    """``from`` is a seat where the win type needs one."""


def win_moment(c: ShapeChecker, event: Mapping[str, Any], pointer: str, *, context_what: str,
               self_draw_payers: str, members: tuple[str, ...] = CONTEXT_MEMBERS) -> Moment:
    """A win event's ``context`` (its ``members``: ``win_type``, then flags — a variant may
    add its own, 南昌's ``others_hold_jing`` —; no ``after_kong`` on a rob-kong) and ``from``
    (refused on a self-draw — ``self_draw_payers`` says who pays —, required otherwise)."""
    context = event.get("context")
    win_type, after_kong = "discard", False
    if context is not None and c.obj(context, f"{pointer}/context", members, context_what):
        if c.choice(context.get("win_type"), f"{pointer}/context/win_type", "win_type",
                    WIN_TYPES):
            win_type = context["win_type"]
        for flag in members[1:]:
            c.boolean(context.get(flag), f"{pointer}/context/{flag}", flag)
        after_kong = context.get("after_kong") is True
        if win_type == "rob_kong" and after_kong:
            c.bad(f"{pointer}/context/after_kong", "after_kong is not for a rob-kong win: the "
                  "robbed kong was never completed")
    source = event.get("from")
    source_ok = False
    if win_type == "self_draw":
        if source is not None:
            c.bad(f"{pointer}/from", f"from is not for a self-draw: {self_draw_payers}")
    else:
        what = "the discarder" if win_type == "discard" else "the robbed konger"
        source_ok = c.seat(source, f"{pointer}/from", f"from ({what})")
    return Moment(win_type, after_kong, source_ok)


KONG_TYPES: Final = ("exposed", "added", "concealed")


def kong_event(c: ShapeChecker, event: Mapping[str, Any], pointer: str,
               exposed_name: str) -> None:
    """A kong event's ``seat``, ``kong {type, tile}`` and ``from`` (`kong_source`), for a
    record whose kong object holds nothing else."""
    konger_ok = c.seat(event.get("seat"), f"{pointer}/seat", "seat (the konger)")
    kong = event.get("kong")
    kind = None
    if kong is None:
        c.missing(f"{pointer}/kong", "kong {type, tile} is required")
    elif c.obj(kong, f"{pointer}/kong", ("type", "tile"), "kong"):
        if c.choice(kong.get("type"), f"{pointer}/kong/type", "kong.type", KONG_TYPES,
                    required=True):
            kind = kong["type"]
        c.tile(kong.get("tile"), f"{pointer}/kong/tile", "kong.tile")
    kong_source(c, event, pointer, kind, konger_ok, exposed_name)


def kong_source(c: ShapeChecker, event: Mapping[str, Any], pointer: str, kind: str | None,
                konger_ok: bool, exposed_name: str) -> None:
    """A kong event's ``from``: required for an exposed kong (another seat's discard),
    refused for the others."""
    source = event.get("from")
    if kind == "exposed":
        if c.seat(source, f"{pointer}/from", "from (who discarded the kong's tile)") \
                and konger_ok and source == event["seat"]:
            c.bad(f"{pointer}/from", "an exposed kong is made from another seat's discard")
    elif kind is not None and source is not None:
        c.bad(f"{pointer}/from", f"from is only for an exposed kong ({exposed_name}); this one "
              f"is {kind}")

