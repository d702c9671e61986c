"""Stage 2 of the record's validation (settle-changsha.md §2.9.7): its tiles, read into a
`Record`.

Runs only on a record whose shape passed (stage 1), so every member has its JSON type here;
what is left to refuse is a tile code that cannot be read or lies outside the 108 set
(``invalid_tile``, ``birds`` and ``drawn`` included), each at its pointer
(`engine.settle.reader.TileReader` reads them). Winners are put in canonical order (turn
order after ``from``), each winner's ``win_tiles`` in ``drawn`` order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import tiles as T
from engine.errors import Problem
from engine.hand import KongType, WinType
from engine.seats import FULL_TABLE, in_turn_order
from engine.settle.reader import TileReader
from engine.tiles import Tile
from engine.variants.changsha.settle.record import End, Event, Kong, Qishou, Record, Win, Winner

SUITS = T.TILE_SETS["108"]


def parse_record(raw: Mapping[str, Any], players: int = FULL_TABLE
                 ) -> tuple[Record, list[Problem]]:
    """The record, and its tile problems (the record is only usable when there are none)."""
    r = TileReader(SUITS, "not in the 108-tile set of changsha (no honors)",
                   "is not a tile of the 108-tile set (1m–9m, 1p–9p, 1s–9s)")
    events: list[Event] = []
    previous: Kong | None = None
    for i, e in enumerate(raw["events"]):
        here = f"#/record/events/{i}"
        if e["type"] == "qishou":
            patterns = e.get("patterns")
            events.append(Qishou(e["seat"], r.tiles(e["hand"], f"{here}/hand"),
                                 None if patterns is None else tuple(patterns),
                                 None if e.get("dice") is None else tuple(e["dice"])))
            previous = None
        elif e["type"] == "kong":
            k = e["kong"]
            drawn = e.get("drawn")
            kong = Kong(e["seat"], KongType(k["type"]), r.tile(k["tile"], f"{here}/kong/tile"),
                        e.get("from"), None if drawn is None else r.tiles(drawn, f"{here}/drawn"))
            events.append(kong)
            previous = kong
        else:
            events.append(_win(r, e, here, previous, players))
            previous = None
    end = raw.get("end")
    record = Record(raw["dealer"], tuple(raw.get("piao") or (0,) * players), tuple(events),
                    None if end is None else End(end["hai_di_first"], end.get("hai_di_taker")))
    return record, r.problems


def _win(r: TileReader, e: Mapping[str, Any], here: str, previous: Kong | None,
         players: int) -> Win:
    context = e.get("context") or {}
    tile = None if e.get("win_tile") is None else r.tile(e["win_tile"], f"{here}/win_tile")
    source = e.get("from")
    drawn = previous.drawn if previous is not None and previous.drawn is not None else ()
    winners = {}
    for j, w in enumerate(e["winners"]):
        at = f"{here}/winners/{j}"
        hand = r.hand(w, at, None)
        raw_tiles = w.get("win_tiles")
        if raw_tiles is None:
            winners[w["seat"]] = Winner(w["seat"], hand, j, None)
            continue
        tiles = r.tiles(raw_tiles, f"{at}/win_tiles")
        positions = _drawn_order(tiles, drawn)
        winners[w["seat"]] = Winner(w["seat"], hand, j, tuple(tiles[k] for k in positions),
                                    tuple(positions))
    birds = e.get("birds")
    return Win(tile, WinType(context.get("win_type") or "discard"),
               bool(context.get("after_kong")), bool(context.get("last_tile")),
               bool(context.get("first_turn")), source,
               tuple(winners[s] for s in in_turn_order(winners, source, players)),
               () if birds is None else r.tiles(birds, f"{here}/birds"),
               bool(e.get("short_wall")))


def _drawn_order(tiles: Sequence[Tile], drawn: Sequence[Tile]) -> list[int]:
    """The positions of ``tiles`` sorted by where each stands in ``drawn`` (each drawn copy
    taken once; a tile not drawn goes last, in the order sent — the replay refuses it)."""
    rest = list(drawn)
    where = []
    for k, t in enumerate(tiles):
        if t in rest:
            j = rest.index(t)
            rest[j] = -1
            where.append((j, k))
        else:
            where.append((len(drawn) + k, k))
    return [k for _, k in sorted(where)]
