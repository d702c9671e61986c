"""四川 in rooms (rooms.md §0.9.4): what a room's suits and hand size make of the tile set,
the shape rules and 定缺.

* **Three suits** (三房), any number of players: today's rules — 定缺, 缺一门, 花猪 — with the
  room's hand size.
* **Two suits or one** (两房, 一房): no 定缺 (``missing_suit`` is refused), so no 缺一门 and no
  花猪; a hand may hold every suit of the room. Nothing needs dropping a suit: the shanten
  of a hand without tiles of some suit is the plain shanten of its suits, which is what the
  variant's drop rule already reads then. 清一色 is not counted in a one-suit room (every
  hand would have it, assumption 3).
* **7 or 10 tiles**: the pairs shape of *n* + 1 tiles (四对, 五对) and *g* groups.

A room's rules are built once (`sichuan_room`, by its room) and the default room's are the
objects of today, so its caches and answers do not move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from engine import shapes as S
from engine import tiles as T
from engine.caching import IdentityMemo
from engine.errors import Problem, invalid_field
from engine.hand import HandRules
from engine.room import DEFAULT_ROOM, Room, room_of
from engine.variants.sichuan.points import HAND_RULES
from engine.variants.sichuan.reader import RULES_108

KINDS_108: Final = T.TILE_SETS["108"]


@dataclass(frozen=True, eq=False)
class SichuanRoom:
    """One room's rules (compared by identity: one object a room)."""

    room: Room
    hand_rules: HandRules
    rules: S.ShapeRules
    """The room's kinds, the standard shape and its pairs shape (four alike = two pairs)."""
    without: tuple[S.ShapeRules, S.ShapeRules, S.ShapeRules]
    """`rules` over the 108 kinds with suit d dropped (its tiles to exchange: 缺一门)."""
    standard_without: tuple[S.ShapeRules, S.ShapeRules, S.ShapeRules]
    pairs_without: tuple[S.ShapeRules, S.ShapeRules, S.ShapeRules]
    """`without` shape by shape (their least is its answer), for the draws of discards."""
    flush: bool
    """清一色 counts: the room has more than one suit."""


@lru_cache(maxsize=64)
def room_rules(room: Room) -> SichuanRoom:
    """The rules of ``room`` (the default room's are today's objects)."""
    n = room.hand_size
    kinds = room.suit_kinds()
    if room.three_suits:
        hand_rules = HAND_RULES
    else:
        hand_rules = HandRules(tile_kinds=kinds, chow_melds=False,
                               tile_set_name=str(len(kinds) * T.COPIES),
                               set_words=room.tile_set_words(len(kinds) * T.COPIES, ""))
    rules = RULES_108 if n == 13 else S.ShapeRules(
        kinds=KINDS_108, suits=frozenset({0, 1, 2}), seven_pairs=True,
        seven_pairs_four_as_two=True, hand_size=n)
    if kinds != KINDS_108:
        rules = S.ShapeRules(kinds=kinds, suits=room.suit_indexes, seven_pairs=True,
                             seven_pairs_four_as_two=True, hand_size=n)

    def dropped(d: int, standard: bool, pairs: bool) -> S.ShapeRules:
        return S.ShapeRules(kinds=KINDS_108, suits=frozenset({0, 1, 2} - {d}),
                            standard=standard, seven_pairs=pairs,
                            seven_pairs_four_as_two=pairs, hand_size=n)

    return SichuanRoom(
        room=room, hand_rules=hand_rules, rules=rules,
        without=_three(lambda d: dropped(d, True, True)),
        standard_without=_three(lambda d: S.ShapeRules(
            kinds=KINDS_108, suits=frozenset({0, 1, 2} - {d}), hand_size=n)),
        pairs_without=_three(lambda d: dropped(d, False, True)),
        flush=len(room.suits) > 1,
    )


def _three(make: Any) -> tuple[S.ShapeRules, S.ShapeRules, S.ShapeRules]:
    return make(0), make(1), make(2)


def sichuan_room(options: Mapping[str, Any]) -> SichuanRoom:
    """The rules of the room of effective options, kept by the options' identity (as
    `engine.room.room_of` keeps the room: one look-up a call on the hot path)."""
    kept = _BY_OPTIONS.get(id(options))
    if kept is not None and kept[0] is options:
        return kept[1]
    return _BY_OPTIONS.keep(options, room_rules(room_of(options)))


_BY_OPTIONS: Final[IdentityMemo[SichuanRoom]] = IdentityMemo()


DEFAULT: Final = room_rules(DEFAULT_ROOM)


def missing_suit_problems(missing: int | None, room: Room) -> list[Problem]:
    """A declared missing suit that is not m, p or s; in a room of fewer than three suits,
    any (there is no 定缺 there, rooms.md §0.9.4.1: a backend bug must not pass silently)."""
    if missing is None:
        return []
    if missing not in (0, 1, 2):
        return [invalid_field("#/context/missing_suit",
                              "missing_suit must be \"m\", \"p\" or \"s\"")]
    if not room.three_suits:
        count = {1: "one suit", 2: "two suits"}[len(room.suits)]
        return [invalid_field("#/context/missing_suit",
                              f"this room plays {count} ({', '.join(room.suits)}) and has no "
                              "定缺")]
    return []

