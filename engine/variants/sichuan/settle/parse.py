"""Stage 2 of the record's validation (settle.md §1.6.7): its tiles, read into a `Record`.

Runs only on a record whose shape passed (stage 1), so every member has its JSON type here;
what is left to refuse is a tile code that cannot be read or lies outside the room's tile set
(``invalid_tile``), each at its pointer (`engine.settle.reader.TileReader` reads them), and —
the room's suits being read with the options — a declared missing suit in a room of fewer
than three suits (``invalid_field``: no 定缺 there, rooms.md §0.9.4.5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import tiles as T
from engine.errors import Problem, invalid_field
from engine.hand import KongType, WinType
from engine.room import DEFAULT_ROOM, Room
from engine.seats import in_turn_order
from engine.settle.reader import TileReader
from engine.variants.sichuan.settle.record import Event, Kong, Record, Win, Winner

SUITS = T.TILE_SETS["108"]


def parse_record(raw: Mapping[str, Any], room: Room = DEFAULT_ROOM
                 ) -> tuple[Record, list[Problem]]:
    """The record, and its tile problems (the record is only usable when there are none)."""
    if room.three_suits:
        r = TileReader(SUITS, "not in the 108-tile set of sichuan (no honors)",
                       "is not a tile of the 108-tile set (1m–9m, 1p–9p, 1s–9s)")
    else:
        words = room.tile_set_words(36 * len(room.suits), "")
        r = TileReader(room.suit_kinds(), f"not in {words}",
                       f"is not a tile of {words}")
    events: list[Event] = []
    for i, e in enumerate(raw["events"]):
        here = f"#/record/events/{i}"
        if e["type"] == "kong":
            k = e["kong"]
            tile = r.tile(k["tile"], f"{here}/kong/tile")
            events.append(Kong(e["seat"], KongType(k["type"]), tile, bool(k.get("late")),
                               e.get("from")))
            continue
        context = e.get("context") or {}
        tile = r.tile(e["win_tile"], f"{here}/win_tile")
        source = e.get("from")
        winners = {w["seat"]: Winner(w["seat"], r.hand(w, f"{here}/winners/{j}", tile), j)
                   for j, w in enumerate(e["winners"])}
        events.append(Win(tile, WinType(context.get("win_type") or "discard"),
                          bool(context.get("after_kong")), bool(context.get("last_tile")),
                          bool(context.get("first_turn")), source,
                          tuple(winners[s] for s in in_turn_order(winners, source))))
    suits = raw.get("missing_suits") or [None] * room.players
    missing = tuple(None if s is None else T.SUIT_LETTERS.index(s) for s in suits)
    problems = [] if room.three_suits else [
        invalid_field(f"#/record/missing_suits/{seat}", f"this room plays "
                      f"{', '.join(room.suits)} and has no 定缺: each entry must be null")
        for seat, s in enumerate(suits) if s is not None]
    end = raw.get("end")
    hands = None if end is None else tuple(
        None if h is None else r.hand(h, f"#/record/end/hands/{s}", None)
        for s, h in enumerate(end["hands"]))
    record = Record(raw["dealer"], missing, tuple(events), hands)
    return record, problems + r.problems
