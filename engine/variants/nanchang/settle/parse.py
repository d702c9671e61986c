"""Stage 2 of the record's validation (settle-nanchang.md §3.9.8): its tiles, read into a
`Record`.

Runs only on a record whose shape passed, so every member has its JSON type here; what is left
to refuse is a tile that cannot be read or lies outside the room's tile set (``tile_set``),
each at its pointer, in document order: ``shang_jing``, the opening, the events, the end
(``invalid_tile``; the indicators, discards and ``claimed`` included).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import tiles as T
from engine.errors import Problem
from engine.hand import Hand, KongType, Meld, MeldKind, WinType
from engine.seats import in_turn_order
from engine.settle.reader import TileReader
from engine.variants.nanchang.settle.record import (
    ChaoZhuang,
    End,
    EndHand,
    Event,
    Kong,
    Opening,
    Record,
    RecordMeld,
    Win,
    Winner,
)


def reader(tile_set: str) -> TileReader:
    """A `TileReader` of the room's tile set."""
    return TileReader(T.TILE_SETS[tile_set], f"not in the {tile_set}-tile set of nanchang "
                      "(tile_set option)", f"is not a tile of the {tile_set}-tile set of "
                      "nanchang (tile_set option)")


def _melds(r: TileReader, raw: Any, pointer: str) -> tuple[RecordMeld, ...]:
    out = []
    for n, m in enumerate(raw or ()):
        here = f"{pointer}/melds/{n}"
        tiles = tuple(sorted(r.tiles(m["tiles"], f"{here}/tiles")))
        claimed = m.get("claimed")
        out.append(RecordMeld(Meld(MeldKind(m["type"]), tiles, bool(m.get("concealed"))),
                              m.get("from"),
                              None if claimed is None else r.tile(claimed, f"{here}/claimed")))
    return tuple(out)


def _hand(r: TileReader, raw: Mapping[str, Any], pointer: str,
          win_tile: int | None) -> tuple[Hand, tuple[RecordMeld, ...]]:
    concealed = r.tiles(raw["hand"], f"{pointer}/hand")
    melds = _melds(r, raw.get("melds"), pointer)
    return Hand(concealed, tuple(m.meld for m in melds), win_tile), melds


def _event(r: TileReader, e: Mapping[str, Any], here: str, players: int) -> Event:
    if e["type"] == "kong":
        k = e["kong"]
        return Kong(e["seat"], KongType(k["type"]), r.tile(k["tile"], f"{here}/kong/tile"),
                    e.get("from"))
    if e["type"] == "chao_zhuang":
        return ChaoZhuang()
    context = e.get("context") or {}
    tile = r.tile(e["win_tile"], f"{here}/win_tile")
    source = e.get("from")
    winners = {}
    for j, w in enumerate(e["winners"]):
        hand, melds = _hand(r, w, f"{here}/winners/{j}", tile)
        winners[w["seat"]] = Winner(w["seat"], hand, melds, j)
    return Win(tile, WinType(context.get("win_type") or "discard"),
               bool(context.get("after_kong")), bool(context.get("last_tile")),
               bool(context.get("first_turn")), context.get("others_hold_jing"), source,
               tuple(winners[s] for s in in_turn_order(list(winners), source, players)))


def _end(r: TileReader, raw: Mapping[str, Any]) -> End:
    hands = []
    for seat, entry in enumerate(raw["hands"]):
        here = f"#/record/end/hands/{seat}"
        hand, melds = (_hand(r, entry, here, None) if entry.get("hand") is not None
                       else (None, ()))
        discards = entry.get("discards")
        hands.append(EndHand(hand, melds, () if discards is None
                             else r.tiles(discards, f"{here}/discards")))
    xia_jing = tuple(r.tile(t, f"#/record/end/xia_jing/{k}")
                     for k, t in enumerate(raw.get("xia_jing") or ()))
    return End(tuple(hands), xia_jing)


def _opening(r: TileReader, raw: Mapping[str, Any]) -> Opening:
    here = "#/record/opening"
    hands = tuple(r.tiles(h, f"{here}/hands/{s}") for s, h in enumerate(raw.get("hands") or ()))
    hui_tou, xia_jing = raw.get("hui_tou"), raw.get("xia_jing")
    return Opening(hands,
                   None if hui_tou is None else r.tile(hui_tou, f"{here}/hui_tou"),
                   None if xia_jing is None else r.tile(xia_jing, f"{here}/xia_jing"))


def parse_record(raw: Mapping[str, Any], tile_set: str, players: int
                 ) -> tuple[Record, list[Problem]]:
    """The record, and its tile problems (the record is used only when there are none)."""
    r = reader(tile_set)
    shang_jing = r.tile(raw["shang_jing"], "#/record/shang_jing")
    opening = None if raw.get("opening") is None else _opening(r, raw["opening"])
    events = tuple(_event(r, e, f"#/record/events/{i}", players)
                   for i, e in enumerate(raw["events"]))
    end = None if raw.get("end") is None else _end(r, raw["end"])
    return Record(players, raw["dealer"], shang_jing, opening, events, end), r.problems
