"""Stage 2 of the record's validation (settle-hongzhong.md §4.5.6): its tiles, read into a
`Record`.

Runs only on a record whose shape passed (stage 1), so every member has its JSON type; what
is left to refuse is a tile code that cannot be read or lies outside the room's tile set
(``invalid_tile``, at its place: a kong, a hand, a win tile or the codes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import Problem
from engine.hand import KongType, WinType
from engine.seats import in_turn_order
from engine.settle.reader import TileReader
from engine.variants.hongzhong.settle.record import Event, Kong, Record, Win, Winner

DEFAULT_CODE_COUNT = 2


def parse_record(raw: Mapping[str, Any], r: TileReader, players: int
                 ) -> tuple[Record, list[Problem]]:
    """The record read by ``r`` (the room's tile set), and its tile problems (the record is
    only usable when there are none); canonical winner order counts mod ``players``."""
    events: list[Event] = []
    for i, e in enumerate(raw["events"]):
        here = f"#/record/events/{i}"
        if e["type"] == "kong":
            k = e["kong"]
            events.append(Kong(e["seat"], KongType(k["type"]),
                               r.tile(k["tile"], f"{here}/kong/tile"), e.get("from")))
            continue
        context = e.get("context") or {}
        win_type = WinType(context.get("win_type") or "self_draw")
        robbed = None
        if win_type is WinType.ROB_KONG:
            robbed = KongType((context.get("kong") or {}).get("type") or "added")
        tile = r.tile(e["win_tile"], f"{here}/win_tile")
        source = e.get("from")
        winners = {w["seat"]: Winner(w["seat"], r.hand(w, f"{here}/winners/{j}", tile), j)
                   for j, w in enumerate(e["winners"])}
        codes = r.tiles(e["codes"], f"{here}/codes") if e.get("codes") is not None else ()
        events.append(Win(tile, win_type, bool(context.get("after_kong")),
                          bool(context.get("last_tile")), bool(context.get("first_turn")),
                          robbed, source,
                          tuple(winners[s] for s in in_turn_order(winners, source, players)),
                          codes, e.get("wall_left")))
    code_count = raw.get("code_count")
    end = raw.get("end")
    piao = raw.get("piao")
    record = Record(raw["dealer"], DEFAULT_CODE_COUNT if code_count is None else code_count,
                    None if piao is None else tuple(piao), tuple(events), end is not None,
                    None if end is None else end.get("last_drawer"))
    return record, r.problems
