"""The room a hand is played in (rooms.md §0.9): how many players, which suits, what hand size.

Three orthogonal options name a room — ``players`` (every variant), ``suits`` (四川, 红中)
and ``hand_size`` (四川) — and their defaults are today's room: four players, three suits,
13 tiles. Every operation reads the room from its effective options (`room_of`), so a
variant declares the options it takes (`room_specs`) and asks the room, never the raw
options, what its tile set, size rule and seats are.

* **Tile set** (§0.9.2): the nine kinds of each suit of ``suits``, plus the variant's honors
  (none, 7z, all seven). In a room with fewer suits a refusal names the room ("5m not in the
  72-tile set of this room (suits p, s)"); the default room keeps today's words.
* **Size rule**: *n* = ``hand_size`` for ``waits``, ``claims`` and settle end hands, *n* plus
  ``win_tile`` for ``win``, ``fan``, ``birds`` and winners, *n* + 1 for ``discards``;
  *g* = (*n* − 1)/3 groups.
* **The deal check** (§0.9.1): ``players × hand_size + 1`` tiles must fit in the wall —
  36 a suit, plus the honors' copies. Skipped while ``players`` or ``suits`` is itself
  invalid (settled reading 8): `deal_problems` is asked of resolved options only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

from engine.caching import IdentityMemo
from engine.errors import Problem, invalid_option
from engine.options import SUIT_ORDER, OptionSpec, OptionType
from engine.seats import FULL_TABLE

ALL_SUITS: Final = ("m", "p", "s")
HAND_SIZES: Final = (7, 10, 13)


@dataclass(frozen=True)
class Room:
    """The room of a request. ``suits``: the letters of its number suits, in m, p, s order."""

    players: int = FULL_TABLE
    suits: tuple[str, ...] = ALL_SUITS
    hand_size: int = 13

    @cached_property
    def suit_indexes(self) -> frozenset[int]:
        """The suits as indexes (0 m, 1 p, 2 s)."""
        return frozenset(SUIT_ORDER.index(s) for s in self.suits)

    @property
    def groups(self) -> int:
        """*g*: the groups of a standard hand (13 → 4, 10 → 3, 7 → 2)."""
        return (self.hand_size - 1) // 3

    @property
    def three_suits(self) -> bool:
        return len(self.suits) == len(ALL_SUITS)

    @property
    def is_default(self) -> bool:
        """Today's room: every rule of rooms.md is conditional on another value."""
        return self == DEFAULT_ROOM

    def suit_kinds(self) -> frozenset[int]:
        """The number-suit kinds of the room's suits."""
        return frozenset(9 * s + r for s in self.suit_indexes for r in range(9))

    def tile_set_words(self, tile_count: int, variant_words: str) -> str:
        """How a refusal names the tile set: today's ``variant_words`` in a three-suit room,
        else the room's ("the 72-tile set of this room (suits p, s)")."""
        if self.three_suits:
            return variant_words
        return f"the {tile_count}-tile set of this room (suits {', '.join(self.suits)})"


DEFAULT_ROOM: Final = Room()
_ROOMS: dict[tuple[Any, ...], Room] = {(FULL_TABLE, ALL_SUITS, 13): DEFAULT_ROOM}


def room_of(options: Mapping[str, Any]) -> Room:
    """The room of effective options (a variant without an option plays its default).

    Kept by the options' identity: an option set is resolved once and the same read-only
    mapping serves every request that sends it (`engine.plumbing.OptionCache`), and every
    operation asks its room — one look-up, not three reads and a hash, on the hot path."""
    kept = _BY_OPTIONS.get(id(options))
    if kept is not None and kept[0] is options:
        return kept[1]
    key = (options.get("players", FULL_TABLE), options.get("suits", ALL_SUITS),
           options.get("hand_size", 13))
    found = _ROOMS.get(key)
    if found is None:
        if len(_ROOMS) > 64:  # (3 × 7 × 3 valid rooms: never, unless called with bad values)
            _ROOMS.clear()
        found = _ROOMS[key] = Room(*key)
    return _BY_OPTIONS.keep(options, found)


_BY_OPTIONS: Final[IdentityMemo[Room]] = IdentityMemo()


PLAYERS: Final = OptionSpec("players", OptionType.INTEGER, FULL_TABLE,
                            "players at the table: seats 0 … players − 1, one per-seat entry "
                            "each", choices=(2, 3, 4))
SUITS: Final = OptionSpec("suits", OptionType.SUIT_LIST, ALL_SUITS,
                          "the suits the room plays (房): 1–3 of m, p, s, echoed in m, p, s "
                          "order")
HAND_SIZE: Final = OptionSpec("hand_size", OptionType.INTEGER, 13,
                              "tiles in a hand before its draw (13, or 10 and 7 for quick "
                              "hands)", choices=HAND_SIZES)


ROOM_SPECS: Final = (PLAYERS, SUITS, HAND_SIZE)
"""The options that name a room; a variant declares those it takes (``GET /v1/variants``
lists them as the ``room`` group)."""


def set_words(kinds: frozenset[int]) -> str | None:
    """How a refusal names a tile set of fewer than three suits ("the 72-tile set of this
    room (suits p, s)"); None for three suits (the variant keeps its own words)."""
    suits = tuple(letter for s, letter in enumerate(SUIT_ORDER) if 9 * s in kinds)
    if len(suits) == len(ALL_SUITS):
        return None
    return Room(suits=suits).tile_set_words(len(kinds) * 4, "")


def sent_room(raw_options: Mapping[str, Any]) -> Room:
    """The room of options as sent, each member valid or today's (a record's first stages
    read it before the options are resolved: rooms.md §0.9.3, "while ``players`` is itself
    invalid, seats are checked against 0–3")."""
    players = raw_options.get("players")
    hand_size = raw_options.get("hand_size")
    suits = raw_options.get("suits")
    valid_suits = (isinstance(suits, list | tuple) and 0 < len(suits) <= 3
                   and len(set(suits)) == len(suits)
                   and all(isinstance(s, str) and s in SUIT_ORDER for s in suits))
    return room_of({
        "players": players if type(players) is int and players in (2, 3, 4) else FULL_TABLE,
        "suits": tuple(sorted(suits or (), key=SUIT_ORDER.index)) if valid_suits else ALL_SUITS,
        "hand_size": hand_size if type(hand_size) is int and hand_size in HAND_SIZES else 13})


def deal_problems(room: Room, honor_copies: int) -> list[Problem]:
    """A room that cannot be dealt (§0.9.1): ``players × hand_size + 1`` above its wall of
    36 tiles a suit plus ``honor_copies`` (4 for 红中's 112 tiles, 28 for 136)."""
    wall = 36 * len(room.suits) + honor_copies
    need = room.players * room.hand_size + 1
    if need <= wall:
        return []
    return [invalid_option("#/options", f"this room cannot be dealt: {room.players} players × "
                           f"{room.hand_size} tiles + 1 = {need} > the {wall} tiles of its wall "
                           f"(suits {', '.join(room.suits)})")]
