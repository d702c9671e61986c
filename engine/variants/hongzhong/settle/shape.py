"""Stage 1 of the record's validation (settle-hongzhong.md §4.5.6): JSON types, members,
counts, each problem at its pointer. ``null`` counts as absent (settled reading 7).

The frame (the record object, ``dealer``, ``events``, each event's type and members) and the
checks every record is made of are `engine.settle.shape`'s; this module holds 红中's members
(``code_count``, ``piao``), its two events and ``end``. ``end.last_drawer`` is required only
under ``draw_next_dealer: "last_drawer"``, so the frame comes in two (`frame`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine import wire
from engine.settle.shape import KONG_TYPES, RECORD_HAND, RecordFrame, ShapeChecker, kong_event

MAX_EVENTS: Final = 128
MAX_CODE_COUNT: Final = 12
MAX_PIAO: Final = 1000
KONG_MEMBERS: Final = ("type", "seat", "kong", "from")
WIN_MEMBERS: Final = ("type", "win_tile", "context", "from", "winners", "codes", "wall_left")
CONTEXT_MEMBERS: Final = ("win_type", "after_kong", "last_tile", "first_turn", "kong")
WIN_TYPES: Final = ("self_draw", "discard", "rob_kong")


def _count(c: ShapeChecker, value: Any, pointer: str, name: str, most: int | None) -> None:
    if value is None:
        return
    if type(value) is not int or value < 0 or (most is not None and value > most):
        c.bad(pointer, f"{name} must be an integer from 0" + (f" to {most}" if most else
                                                              " up"))


def _code_count(c: ShapeChecker, value: Any) -> None:
    _count(c, value, "#/record/code_count", "code_count", MAX_CODE_COUNT)


def _piao(c: ShapeChecker, piao: Any) -> None:
    if piao is None:
        return
    if not isinstance(piao, list) or len(piao) != c.players:
        c.bad("#/record/piao", f"piao must be an array of {c.players} entries, each seat's 飘 "
              f"(0–{MAX_PIAO})")
        return
    for i, value in enumerate(piao):
        if type(value) is not int or not 0 <= value <= MAX_PIAO:
            c.bad(f"#/record/piao/{i}", f"a 飘 is an integer from 0 to {MAX_PIAO}")


def _kong(c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
    kong_event(c, event, pointer, "直杠")


def _context(c: ShapeChecker, context: Any, pointer: str) -> str:
    """The win's ``context``; its win type (default a self-draw, as in ``fan``)."""
    win_type = "self_draw"
    here = f"{pointer}/context"
    if context is None or not c.obj(context, here, CONTEXT_MEMBERS, "a win's context"):
        return win_type
    if c.choice(context.get("win_type"), f"{here}/win_type", "win_type", WIN_TYPES):
        win_type = context["win_type"]
    for flag in CONTEXT_MEMBERS[1:4]:
        c.boolean(context.get(flag), f"{here}/{flag}", flag)
    if win_type == "rob_kong" and context.get("after_kong") is True:
        c.bad(f"{here}/after_kong", "after_kong is not for a rob-kong win: the robbed kong "
              "was never completed")
    kong = context.get("kong")
    if kong is not None:
        if win_type != "rob_kong":
            c.bad(f"{here}/kong", "context.kong (the kong robbed) is only for a rob-kong win")
        elif c.obj(kong, f"{here}/kong", ("type",), "the robbed kong"):
            c.choice(kong.get("type"), f"{here}/kong/type", "kong.type", KONG_TYPES)
    return win_type


def _win(c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
    c.tile(event.get("win_tile"), f"{pointer}/win_tile", "win_tile")
    win_type = _context(c, event.get("context"), pointer)
    source_ok = False
    if win_type == "self_draw":
        if event.get("from") is not None:
            c.bad(f"{pointer}/from", "from is not for a self-draw: every other seat pays")
    else:
        what = "the discarder" if win_type == "discard" else "the robbed konger"
        source_ok = c.seat(event.get("from"), f"{pointer}/from", f"from ({what})")
    c.winner_entries(event, pointer, win_type == "self_draw", source_ok)
    codes = event.get("codes")
    if codes is not None:
        c.tiles(codes, f"{pointer}/codes", "codes")
    _count(c, event.get("wall_left"), f"{pointer}/wall_left", "wall_left", None)


def _end(needs_last_drawer: bool) -> Any:
    def check(c: ShapeChecker, end: Any) -> None:
        if not c.obj(end, "#/record/end", ("last_drawer",), "end"):
            return
        c.seat(end.get("last_drawer"), "#/record/end/last_drawer",
               "end.last_drawer (the seat that drew the last tile: draw_next_dealer is "
               "\"last_drawer\")" if needs_last_drawer else "end.last_drawer",
               required=needs_last_drawer)
    return check


def _frame(needs_last_drawer: bool) -> RecordFrame:
    return RecordFrame(
        members=("dealer", "code_count", "piao", "events", "end"),
        holds="the hand's dealer, code count, piao, events and (荒庄) end",
        max_events=MAX_EVENTS,
        events={"kong": (KONG_MEMBERS, _kong), "win": (WIN_MEMBERS, _win)},
        own={"code_count": _code_count, "piao": _piao},
        end=_end(needs_last_drawer),
        events_hold="the kongs and the win in order (an empty array before the first)",
    )


FRAMES: Final = {False: _frame(False), True: _frame(True)}
"""红中's record (§4.5.1) for `engine.settle.shape.frame_problems`, by whether
``end.last_drawer`` is required (``draw_next_dealer: "last_drawer"``)."""


def frame(raw_options: Mapping[str, Any]) -> RecordFrame:
    """The frame under the options as sent (a bad ``draw_next_dealer`` is stage 2's)."""
    return FRAMES[raw_options.get("draw_next_dealer") == "last_drawer"]


RECORD_LIMITS: Final = wire.Object("HongzhongRecord", {
    "piao": wire.Items(wire.Count(0, MAX_PIAO), 2, 4),
    "events": wire.Items(wire.Object("HongzhongEvent", {
        "winners": wire.Items(RECORD_HAND, 1, 3),
        "codes": wire.TileList(13),
    }), 0, MAX_EVENTS),
})
"""The lists of 红中's record, for the size limits checked before any work (every other
object and list of it is counted with the generic limits)."""
