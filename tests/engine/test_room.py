"""engine/room.py and the room's seats (rooms.md §0.9.1–§0.9.3, §0.9.5): the options, the deal
check, the tile set's words, and where a rank points — the last against the spec's table as
printed (`tests.rooms_reference`)."""

from __future__ import annotations

from itertools import product

import pytest

from engine import seats as S
from engine.errors import RequestError
from engine.options import resolve
from engine.room import DEFAULT_ROOM, HAND_SIZE, PLAYERS, SUITS, Room, deal_problems, room_of
from tests import rooms_reference as ref

SPECS = (PLAYERS, SUITS, HAND_SIZE)


def test_defaults_are_todays_room() -> None:
    assert room_of(resolve(SPECS, {})) is DEFAULT_ROOM
    assert (DEFAULT_ROOM.players, DEFAULT_ROOM.suits, DEFAULT_ROOM.hand_size) == (
        4, ("m", "p", "s"), 13)
    assert DEFAULT_ROOM.groups == 4 and DEFAULT_ROOM.three_suits and DEFAULT_ROOM.is_default
    assert room_of({}) is DEFAULT_ROOM  # a variant without the options plays the default


def test_suits_are_echoed_in_mps_order_and_rooms_are_shared() -> None:
    resolved = resolve(SPECS, {"suits": ["s", "p"], "players": 3, "hand_size": 10})
    assert resolved["suits"] == ("p", "s")
    room = room_of(resolved)
    assert room == Room(3, ("p", "s"), 10) and room is room_of(dict(resolved))
    assert room.groups == 3 and not room.three_suits
    assert room.suit_kinds() == frozenset(range(9, 27))
    # null counts as absent (settled reading 10)
    assert resolve(SPECS, {"suits": None, "players": None})["suits"] == ("m", "p", "s")


@pytest.mark.parametrize(("given", "pointers"), [
    ({"players": 1}, ["#/options/players"]),
    ({"players": True}, ["#/options/players"]),
    ({"hand_size": 9}, ["#/options/hand_size"]),
    ({"suits": "ps"}, ["#/options/suits"]),
    ({"suits": []}, ["#/options/suits"]),
    ({"suits": ["m", "p", "s", "m"]}, ["#/options/suits"]),
    ({"suits": ["p", "x", "p"]}, ["#/options/suits/1", "#/options/suits/2"]),
    ({"suits": ["m", 1]}, ["#/options/suits/1"]),
])
def test_bad_room_options_are_named_by_pointer(given: dict[str, object],
                                               pointers: list[str]) -> None:
    with pytest.raises(RequestError) as caught:
        resolve(SPECS, given)
    assert [p.pointer for p in caught.value.problems] == pointers


@pytest.mark.parametrize(("players", "suits", "n", "honors", "dealable"), [
    (4, ("m", "p", "s"), 13, 0, True),   # 4 × 13 + 1 = 53 ≤ 108
    (4, ("m",), 13, 0, False),           # 53 > 36 (small case 22)
    (2, ("m",), 13, 0, True),            # 2 × 13 + 1 = 27 ≤ 36 (两人一房)
    (3, ("m",), 13, 0, False),           # 40 > 36
    (3, ("m",), 10, 0, True),            # 31 ≤ 36
    (4, ("p", "s"), 13, 0, True),        # 53 ≤ 72 (四人两房)
    (4, ("m",), 13, 4, False),           # 53 > 40 (红中 112 with one suit)
    (4, ("m",), 13, 28, True),           # 53 ≤ 64 (136 with one suit)
])
def test_the_deal_check(players: int, suits: tuple[str, ...], n: int, honors: int,
                        dealable: bool) -> None:
    problems = deal_problems(Room(players, suits, n), honors)
    assert (not problems) is dealable
    if problems:
        assert [p.pointer for p in problems] == ["#/options"]
        assert f"{players * n + 1} >" in problems[0].detail


def test_the_tile_set_is_named_by_the_room() -> None:
    assert Room(suits=("p", "s")).tile_set_words(72, "x") == \
        "the 72-tile set of this room (suits p, s)"
    assert Room(players=3).tile_set_words(108, "today's words") == "today's words"


CONVENTIONS = ("circle", "modulo")


@pytest.mark.parametrize(("players", "convention"), list(product((2, 3, 4), CONVENTIONS)))
def test_rank_seats_are_the_specs_table(players: int, convention: str) -> None:
    for rank, origin in product(range(1, 10), range(players)):
        assert S.rank_seat(rank, origin, players, convention) == \
            ref.rank_seat(rank, origin, players, convention), (rank, origin)


def test_with_four_players_both_conventions_are_todays_offset() -> None:
    for rank, origin in product(range(1, 10), range(4)):
        expected = (origin + (rank - 1) % 4) % 4
        assert S.rank_seat(rank, origin, 4, "circle") == expected
        assert S.rank_seat(rank, origin, 4, "modulo") == expected
