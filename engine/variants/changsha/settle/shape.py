"""Stage 1 of the record's validation (settle-changsha.md §2.9.7): JSON types, members, counts.

The frame (the record object, ``dealer``, ``events``, each event's type and members) and the
checks every record is made of are `engine.settle.shape`'s; this module holds 长沙's members
(``piao``), its three events and ``end``. A few shape rules read the room's options — a
declaration's ``dice`` (``qishou_birds: "dice"``), the number of a 开杠's ``drawn`` tiles and
of a winner's ``win_tiles`` (``kai_gang_draws``), a 开杠 at all (``kai_gang``) — so the frame
is made per option set (`frame_for`); an option sent wrong is read as its default here (its
own problem is stage 2's). A win after a 开杠 with ``after_kong`` is on its tiles unless it
names an event ``win_tile`` and no ``win_tiles`` (then the replay finds it ``not_after_kong``,
settled reading 10), so the frame remembers where the last 开杠 was: a frame is made per
request. ``null`` counts as absent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.settle.shape import (
    RecordFrame,
    ShapeChecker,
    kong_event,
    win_moment,
)
from engine.variants.changsha.qishou import PATTERN_IDS

MAX_EVENTS: Final = 32
MAX_PIAO: Final = 10
KONG_MODES: Final = ("bu_zhang", "kai_gang")
EVENT_MEMBERS: Final = {
    "qishou": ("type", "seat", "hand", "patterns", "dice"),
    "kong": ("type", "seat", "kong", "from", "mode", "drawn"),
    "win": ("type", "win_tile", "context", "from", "winners", "birds", "short_wall"),
}


@dataclass(frozen=True)
class RoomShape:
    """What the options say of a record's shape."""

    dice: bool
    draws: int
    kai_gang: bool


def room_shape(raw_options: Mapping[str, Any]) -> RoomShape:
    """The shape options as sent, each read as its default when it is not a valid value."""
    birds = raw_options.get("qishou_birds")
    draws = raw_options.get("kai_gang_draws")
    kai_gang = raw_options.get("kai_gang")
    return RoomShape(birds == "dice",
                     draws if type(draws) is int and draws in (1, 2, 3, 4) else 2,
                     kai_gang if type(kai_gang) is bool else True)


def frame_for(room: RoomShape) -> RecordFrame:
    """The record frame of a room, for one record."""
    checks = _Checks(room)
    return RecordFrame(
        members=("dealer", "piao", "events", "end"),
        holds="dealer, events (and piao, end)",
        max_events=MAX_EVENTS,
        events={"qishou": (EVENT_MEMBERS["qishou"], checks.qishou),
                "kong": (EVENT_MEMBERS["kong"], checks.kong),
                "win": (EVENT_MEMBERS["win"], checks.win)},
        own={"piao": _piao},
        end=_end,
        events_hold="the 起手小胡, kong and win events in order (an empty array before the "
                    "first)")


def _piao(c: ShapeChecker, piao: Any) -> None:
    if piao is None:
        return
    if (not isinstance(piao, list) or len(piao) != c.players
            or any(type(p) is not int or not 0 <= p <= MAX_PIAO for p in piao)):
        c.bad("#/record/piao", f"piao must be an array of {c.players} integers 0–{MAX_PIAO}, "
              "one per seat (each seat's 飘)")


def _end(c: ShapeChecker, end: Any) -> None:
    if not c.obj(end, "#/record/end", ("hai_di_first", "hai_di_taker"), "end"):
        return
    c.seat(end.get("hai_di_first"), "#/record/end/hai_di_first",
           "hai_di_first (the seat the 海底 tile was offered to first)")
    c.seat(end.get("hai_di_taker"), "#/record/end/hai_di_taker",
           "hai_di_taker (the seat that took the 海底 tile; null: nobody)", required=False)


class _Checks:
    """The event checks of one room's frame."""

    def __init__(self, room: RoomShape) -> None:
        self.room = room
        self.kai_gang_at = -1
        """The event index of the last 开杠 seen."""

    def qishou(self, c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
        c.seat(event.get("seat"), f"{pointer}/seat", "seat (the declarer)")
        c.tiles(event.get("hand"), f"{pointer}/hand", "hand (the whole dealt hand)")
        patterns = event.get("patterns")
        if patterns is not None:
            if not isinstance(patterns, list) or len(patterns) > len(PATTERN_IDS):
                c.bad(f"{pointer}/patterns", "patterns must be an array of the declared "
                      "pattern ids: " + ", ".join(PATTERN_IDS))
            else:
                for j, pid in enumerate(patterns):
                    if pid not in PATTERN_IDS or type(pid) is not str:
                        c.bad(f"{pointer}/patterns/{j}", "not an opening pattern id; one of "
                              + ", ".join(PATTERN_IDS))
                    elif pid in patterns[:j]:
                        c.bad(f"{pointer}/patterns/{j}", f"{pid} is declared twice")
        dice = event.get("dice")
        if not self.room.dice:
            if dice is not None:
                c.bad(f"{pointer}/dice", 'dice are only for qishou_birds "dice"')
        elif dice is None:
            c.missing(f"{pointer}/dice", 'dice is required under qishou_birds "dice": the two '
                      "dice rolled for the declaration")
        elif (not isinstance(dice, list) or len(dice) != 2
              or any(type(d) is not int or not 1 <= d <= 6 for d in dice)):
            c.bad(f"{pointer}/dice", "dice must be two integers 1–6")

    def kong(self, c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
        kong_event(c, event, pointer, "明杠")
        mode = event.get("mode")
        kai_gang = c.choice(mode, f"{pointer}/mode", "mode", KONG_MODES) and mode == "kai_gang"
        if kai_gang:
            self.kai_gang_at = int(pointer.rsplit("/", 1)[1])
        if kai_gang and not self.room.kai_gang:
            c.bad(f"{pointer}/mode", "a 开杠 cannot happen under kai_gang: false (only 补张)")
        drawn = event.get("drawn")
        if not kai_gang:
            if drawn is not None:
                c.bad(f"{pointer}/drawn", "drawn is only for a 开杠 (mode kai_gang); a 补张's "
                      "replacement tile is not shown")
        elif drawn is None:
            c.missing(f"{pointer}/drawn", f"drawn is required for a 开杠: the "
                      f"{self.room.draws} tiles it drew, in order")
        else:
            before = len(c.problems)
            c.tiles(drawn, f"{pointer}/drawn", "drawn")
            if len(c.problems) == before and _count(drawn) != self.room.draws:
                c.bad(f"{pointer}/drawn", f"a 开杠 draws kai_gang_draws = {self.room.draws} "
                      "tiles")

    def win(self, c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
        moment = win_moment(c, event, pointer, context_what="a win's context (win_type, "
                            "after_kong, last_tile, first_turn; the rest comes from the record)",
                            self_draw_payers="every other seat pays")
        win_type, after_kong = moment.win_type, moment.after_kong
        source = event.get("from") if moment.source_ok else None
        c.boolean(event.get("short_wall"), f"{pointer}/short_wall", "short_wall")
        birds = event.get("birds")
        if birds is not None:
            c.tiles(birds, f"{pointer}/birds", "birds")
        winners = event.get("winners")
        on_tiles = None
        if winners is None:
            c.missing(f"{pointer}/winners", f"winners is required: 1–{c.players - 1} "
                      "{seat, hand, melds}")
        elif not isinstance(winners, list) or not 1 <= len(winners) <= c.players - 1:
            c.bad(f"{pointer}/winners", f"winners must be an array of 1–{c.players - 1} "
                  "winners")
        else:
            if win_type == "self_draw" and len(winners) > 1:
                c.bad(f"{pointer}/winners", "a self-draw has one winner")
            # right after a 开杠, an after_kong win is on its tiles — unless it is sent as an
            # ordinary win (a win_tile and no win_tiles: the replay's not_after_kong)
            on_tiles = (after_kong and self.kai_gang_at == int(pointer.rsplit("/", 1)[1]) - 1
                        and (event.get("win_tile") is None or any(
                            isinstance(w, Mapping) and w.get("win_tiles") is not None
                            for w in winners)))
            self._winners(c, winners, pointer, source, on_tiles)
        if on_tiles:
            if event.get("win_tile") is not None:
                c.bad(f"{pointer}/win_tile", "a win on 开杠's tiles has no win_tile: each "
                      "winner names its win_tiles")
        else:
            c.tile(event.get("win_tile"), f"{pointer}/win_tile", "win_tile")

    def _winners(self, c: ShapeChecker, winners: list[Any], pointer: str,
                 source: int | None, on_tiles: bool) -> None:
        seen: set[int] = set()
        for j, winner in enumerate(winners):
            here = f"{pointer}/winners/{j}"
            if not c.obj(winner, here, ("seat", "hand", "melds", "win_tiles"), "a winner"):
                continue
            seat = winner.get("seat")
            if c.seat(seat, f"{here}/seat", "the winner's seat"):
                if seat in seen:
                    c.bad(f"{here}/seat", f"seat {seat} is listed twice among the winners")
                elif source is not None and seat == source:
                    c.bad(f"{pointer}/from", f"from is seat {seat}, a winner of this event; it "
                          "must be another seat")
                seen.add(seat)
                c.winners.add(seat)
            c.hand(winner, here, "the winner")
            tiles = winner.get("win_tiles")
            if not on_tiles:
                if tiles is not None:
                    c.bad(f"{here}/win_tiles", "win_tiles are only for a win on a 开杠's tiles "
                          "(after_kong, no event win_tile)")
            elif tiles is None:
                c.missing(f"{here}/win_tiles", "win_tiles is required on 开杠's tiles: the "
                          "drawn tiles this winner wins on")
            else:
                before = len(c.problems)
                c.tiles(tiles, f"{here}/win_tiles", "win_tiles")
                if len(c.problems) == before and not 1 <= _count(tiles) <= self.room.draws:
                    c.bad(f"{here}/win_tiles", f"win_tiles holds 1 to kai_gang_draws = "
                          f"{self.room.draws} of the drawn tiles")


def _count(tiles: Any) -> int:
    """How many tiles a checked tile list or string holds (a string: its digits)."""
    if isinstance(tiles, list):
        return len(tiles)
    return sum(ch.isdigit() for ch in str(tiles))
