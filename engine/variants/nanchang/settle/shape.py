"""Stage 1 of the record's validation (settle-nanchang.md §3.9.8): JSON types, members, counts.

The frame (the record object, ``dealer``, ``events``, each event's type and members) and the
checks every record is made of are `engine.settle.shape`'s; this module holds 南昌's members
(``shang_jing``, ``opening``), its three events, its melds' ``from`` and ``claimed`` and its
``end``. Some members are required or refused by an option (``discards`` under
``jing_count_discards``, ``end.xia_jing`` under ``xia_jing_pairs``, ``opening`` under
``hui_tou_yi_xiao`` / ``shang_xia_fan_jing``): those are read as sent (`_option`), and an
option sent with a bad value leaves its checks to stage 2, which refuses the option itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine import tiles as T
from engine.settle.shape import (
    CONTEXT_MEMBERS,
    LONGEST_TILES,
    RecordFrame,
    ShapeChecker,
    kong_event,
    win_moment,
)
from engine.variants.nanchang.settle.options import JING_COUNT_DISCARDS, SETTLE_OPTION_SPECS

MAX_EVENTS: Final = 32
MAX_DISCARDS: Final = 40
"""A seat's discards (§3.9.8), with 3 or 4 players."""
MAX_DISCARDS_OF_TWO: Final = LONGEST_TILES
"""With 2 players (rooms.md §0.9.6) a seat draws about half of the 109 tiles the deal leaves,
so it may discard more than 40: the bound is the longest tile list a record holds."""
WIN_CONTEXT: Final = (*CONTEXT_MEMBERS, "others_hold_jing")
"""A record win's ``context``: the moment, and 德中德's flag (the 精 come from the record)."""
MELD_MEMBERS: Final = ("type", "tiles", "concealed", "from", "claimed")
"""A record meld: ``fan``'s meld, and optionally who supplied it (and a chow's tile)."""
_SPECS: Final = {s.name: s for s in (JING_COUNT_DISCARDS, *SETTLE_OPTION_SPECS)}


def _option(c: ShapeChecker, name: str) -> Any:
    """The option ``name`` as sent (`ShapeChecker.option`: None when it is sent invalid)."""
    return c.option(_SPECS[name])


def _shang_jing(c: ShapeChecker, value: Any) -> None:
    c.tile(value, "#/record/shang_jing", "shang_jing (the tile turned for 上精)")


def _opening(c: ShapeChecker, value: Any) -> None:
    hui, fan = _option(c, "hui_tou_yi_xiao"), _option(c, "shang_xia_fan_jing")
    here = "#/record/opening"
    if value is None:
        if fan is True:
            c.missing(f"{here}/xia_jing", "opening.xia_jing is required under "
                      "shang_xia_fan_jing: the 下精 turned at the start")
        return
    if hui is False and fan is False:
        c.bad(here, "opening is only for rooms that play hui_tou_yi_xiao (回头一笑) or "
              "shang_xia_fan_jing (上下翻精)")
        return
    if not c.obj(value, here, ("hands", "hui_tou", "xia_jing"), "opening"):
        return
    hui_tou, xia_jing, hands = value.get("hui_tou"), value.get("xia_jing"), value.get("hands")
    if hands is None:
        if hui_tou is not None or xia_jing is not None:
            c.missing(f"{here}/hands", f"opening.hands is required: the {c.players} dealt "
                      "hands (the dealer's 14 tiles, 13 for each other seat)")
    elif not isinstance(hands, list) or len(hands) != c.players:
        c.bad(f"{here}/hands", f"opening.hands must be an array of {c.players} tile lists, "
              "one per seat")
    else:
        for seat, hand in enumerate(hands):
            c.tiles(hand, f"{here}/hands/{seat}", f"seat {seat}'s dealt hand")
    for member, option, sent, what in (
            ("hui_tou", "hui_tou_yi_xiao", hui, "the previous hand's 上精 (回头一笑)"),
            ("xia_jing", "shang_xia_fan_jing", fan, "the 下精 turned at the start (上下翻精)")):
        tile = value.get(member)
        if tile is None:
            if member == "xia_jing" and sent is True:
                c.missing(f"{here}/xia_jing", "opening.xia_jing is required under "
                          "shang_xia_fan_jing: the 下精 turned at the start")
        elif sent is False:
            c.bad(f"{here}/{member}", f"opening.{member} ({what}) is only for rooms that play "
                  f"{option}")
        else:
            c.tile(tile, f"{here}/{member}", f"opening.{member}")


def _kong(c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
    kong_event(c, event, pointer, "直杠")


def _chao_zhuang(c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
    if c.events_seen["chao_zhuang"] > 1:
        c.bad(pointer, "a second chao_zhuang event: 抄庄 happens at most once a hand")


def _win(c: ShapeChecker, event: Mapping[str, Any], pointer: str) -> None:
    c.tile(event.get("win_tile"), f"{pointer}/win_tile", "win_tile")
    moment = win_moment(c, event, pointer, context_what="a win's context (jing, seats, "
                        "is_dealer and active come from the record)",
                        self_draw_payers="every other seat pays", members=WIN_CONTEXT)
    # one tile has one winner, a self-draw's too: a second is the replay's multiple_winners
    c.winner_entries(event, pointer, False, moment.source_ok, meld_members=MELD_MEMBERS,
                     each=_winner_melds, named=c.events_seen["win"] == 1,
                     why=" (one tile has one winner: more than one is multiple_winners)")


def _winner_melds(c: ShapeChecker, winner: Mapping[str, Any], pointer: str) -> None:
    _record_melds(c, winner.get("melds"), pointer, winner.get("seat"))


def _record_melds(c: ShapeChecker, melds: Any, pointer: str, seat: Any) -> None:
    """The members ``fan`` does not read: a meld's ``from`` (another seat, never on a
    concealed kong) and a chow's ``claimed`` (one of its tiles, only with ``from``)."""
    if not isinstance(melds, list) or len(melds) > 16:
        return
    for n, meld in enumerate(melds):
        if not isinstance(meld, Mapping):
            continue
        here = f"{pointer}/melds/{n}"
        source, claimed = meld.get("from"), meld.get("claimed")
        chow = meld.get("type") == "chow"
        if c.seat(source, f"{here}/from", "from (whose discard was claimed into the meld)",
                  required=False):
            if source == seat:
                c.bad(f"{here}/from", f"from is seat {source}, the meld's own seat: a meld "
                      "is claimed from another seat's discard")
            elif meld.get("concealed") is True:
                c.bad(f"{here}/from", "a concealed kong takes no from: nobody supplied it")
        if claimed is None:
            if chow and source is not None:
                c.missing(f"{here}/claimed", "claimed is required on a chow with from: the "
                          "one of its tiles that was the discard")
        elif not chow or source is None:
            c.bad(f"{here}/claimed", "claimed is only for a chow with from")
        elif type(claimed) is not str:
            c.bad(f"{here}/claimed", 'claimed must be a tile code (a string such as "5p")')
        elif not _one_of(claimed, meld.get("tiles")):
            c.bad(f"{here}/claimed", f"claimed {claimed} is not one of the chow's tiles")


def _one_of(claimed: str, tiles: Any) -> bool:
    """Whether a claimed tile is among a meld's tiles (true when either cannot be read:
    stage 2 names the bad tile)."""
    try:
        return T.from_code(claimed) in T.parse_any(tiles)
    except (T.TileParseError, TypeError):
        return True


def _tile_count(tiles: Any) -> int:
    """How many tiles a tile list holds (a string's digits, an array's items)."""
    if isinstance(tiles, str):
        return sum(ch.isdigit() for ch in tiles)
    return len(tiles) if isinstance(tiles, list) else 0


def _end(c: ShapeChecker, end: Any) -> None:
    if not c.obj(end, "#/record/end", ("hands", "xia_jing"), "end"):
        return
    hands = end.get("hands")
    if hands is None:
        c.missing("#/record/end/hands", f"end.hands is required: {c.players} entries, one "
                  "per seat")
    elif not isinstance(hands, list) or len(hands) != c.players:
        c.bad("#/record/end/hands", f"end.hands must be an array of {c.players} entries, one "
              "per seat")
    else:
        counted = _option(c, "jing_count_discards")
        for seat, entry in enumerate(hands):
            _end_hand(c, entry, seat, counted)
    pairs = _option(c, "xia_jing_pairs")
    xia_jing = end.get("xia_jing")
    here = "#/record/end/xia_jing"
    if xia_jing is None:
        if pairs:
            c.missing(here, f"end.xia_jing is required: the {pairs} 下精 turned at the end "
                      "(xia_jing_pairs)")
    elif not isinstance(xia_jing, list):
        c.bad(here, "end.xia_jing must be an array of tile codes, in the order turned")
    elif pairs is not None and len(xia_jing) != pairs:
        c.bad(here, f"end.xia_jing holds {len(xia_jing)} tiles; xia_jing_pairs is {pairs}")
    else:
        for k, tile in enumerate(xia_jing):
            c.tile(tile, f"{here}/{k}", "a 下精")


def _end_hand(c: ShapeChecker, entry: Any, seat: int, counted: Any) -> None:
    here = f"#/record/end/hands/{seat}"
    if not c.obj(entry, here, ("hand", "melds", "discards"), "an end hand"):
        return
    unread_winner = c.events_seen["win"] > 0 and not c.winners and entry.get("hand") is None
    """The win's winner could not be read: this may be its entry (no second problem)."""
    if seat in c.winners:
        for member in ("hand", "melds"):
            if entry.get(member) is not None:
                c.bad(f"{here}/{member}", f"seat {seat} won: its hand and melds are the win "
                      "event's, its end entry holds only its discards")
    elif not unread_winner:
        c.hand(entry, here, f"seat {seat}", MELD_MEMBERS)
        _record_melds(c, entry.get("melds"), here, seat)
    discards = entry.get("discards")
    if discards is None:
        if counted is True:
            c.missing(f"{here}/discards", "discards is required under jing_count_discards "
                      "(the seat's own discards count in its 精 holdings; [] when none)")
    else:
        found = len(c.problems)
        c.tiles(discards, f"{here}/discards", "discards")
        most = MAX_DISCARDS if c.players > 2 else MAX_DISCARDS_OF_TWO
        if len(c.problems) == found and _tile_count(discards) > most:
            c.bad(f"{here}/discards", f"discards holds {_tile_count(discards)} tiles; a seat "
                  f"discards at most {most}" + ("" if c.players > 2 else " with 2 players"))


FRAME: Final = RecordFrame(
    members=("dealer", "shang_jing", "opening", "events", "end"),
    holds="the hand's dealer, shang_jing, events and (once the hand is over) end",
    max_events=MAX_EVENTS,
    events={"kong": (("type", "seat", "kong", "from"), _kong),
            "chao_zhuang": (("type",), _chao_zhuang),
            "win": (("type", "win_tile", "context", "from", "winners"), _win)},
    own={"shang_jing": _shang_jing, "opening": _opening},
    end=_end,
    events_hold="the kongs, 抄庄 and the win in order (an empty array before the first)",
)
