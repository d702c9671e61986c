"""四川's rules bound once per option set (`sichuan.bound`).

The inlined 13-tile check (`check_13`, what ``win`` and every ``claims`` offer ask in the
default room) is held equal to the general check — `ruled` of `read_shapes`, the calls it
inlines — on generated 13-tile hands with melds, broken hands, all three suits held, and a
missing suit declared, undeclared or unsaid; so is `check_of` in a 10-tile room and under
``dian_pao_ping_hu: false`` (the refusal's fan from the reference readings); every room's
check is held against the literal rules of rooms.md in `test_rooms_literal`. A `Bound` is
its options' own: read from their values, whichever object carries them, and the same
object for the same mapping.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.hand import Context, WinType
from engine.options import resolve
from engine.results import WinCheck
from engine.room import Room
from engine.variants.sichuan import bound as B
from engine.variants.sichuan import scoring as SS
from engine.variants.sichuan.facts import SichuanFacts
from engine.variants.sichuan.rooms import sichuan_room
from engine.variants.sichuan.variant import OPTION_SPECS
from tests import hands as H
from tests.engine.variants.sichuan.test_rooms import random_room, room_hand, room_options

SEED = 20261202


def test_the_inlined_check_is_the_general_one() -> None:
    rng = random.Random(SEED)
    seen: Counter[tuple[bool, str | None]] = Counter()
    for _ in range(H.scale(1500, 20000)):
        hand = room_hand(rng, Room())
        said = rng.random() < 0.8  # else a context without 四川's facts (nothing said)
        context = (Context(facts=SichuanFacts(rng.choice((None, 0, 1, 2)))) if said
                   else Context())
        general = B.ruled(*SS.read_shapes(hand, None, 13), context)
        assert B.check_13(hand, context) == general, (hand, context)
        seen[general.win, general.reason] += 1
    # every answer the check gives was met: wins, 缺一门 (declared or three suits), no shape
    assert seen[True, None] > 100 and seen[False, "que_yi_men"] > 100
    assert seen[False, "no_winning_shape"] > 50


@pytest.mark.parametrize(("hand_size", "ping_hu"), [(13, False), (10, True), (10, False)])
def test_a_rooms_check_is_the_general_one(hand_size: int, ping_hu: bool) -> None:
    """`check_of` beside `check_13`: a room of 10 tiles (五对, `analyse_room`) and
    ``dian_pao_ping_hu: false`` (a discard win of 0 fan refused, rooms.md §0.9.4.3, its fan
    from every reading the general search finds)."""
    rng = random.Random(SEED + hand_size)
    room = Room(hand_size=hand_size)
    options = resolve(OPTION_SPECS, {"hand_size": hand_size, "dian_pao_ping_hu": ping_hu})
    prefs = SS.prefs_for(options)
    check = B.check_of(hand_size, ping_hu, prefs)
    assert check is not B.check_13 and B.bound(options).check.__code__ is check.__code__
    seen: Counter[tuple[bool, str | None]] = Counter()
    for _ in range(H.scale(600, 6000)):
        hand = room_hand(rng, room)
        # mostly a suit the hand lacks declared missing: the wins the refusal needs
        lacking = sorted({0, 1, 2} - {t // 9 for t in (*hand.concealed_with_win,
                                                        *(t for m in hand.melds for t in m.tiles))})
        missing = lacking[0] if lacking and rng.random() < 0.8 else rng.choice((None, 0, 1, 2))
        context = Context(win_type=rng.choice((None, WinType.DISCARD, WinType.SELF_DRAW)),
                          facts=SichuanFacts(missing))
        expected = B.ruled(*SS.read_shapes(hand, None, hand_size), context)
        if expected.win and not ping_hu and context.win_type is not WinType.SELF_DRAW:
            scored = SS.evaluate(hand, context, prefs, reference=True)
            if not isinstance(scored, str) and scored.fan == 0:
                expected = WinCheck(False, expected.shapes, B.PING_HU_NEEDS_SELF_DRAW)
        assert check(hand, context) == expected, (hand, context)
        seen[expected.win, expected.reason] += 1
    assert seen[True, None] > 50 and seen[False, "que_yi_men"] > 50
    refused = seen[False, B.PING_HU_NEEDS_SELF_DRAW]
    assert (refused == 0) if ping_hu else (refused > 20), seen


def test_a_bound_is_read_from_its_options_values() -> None:
    rng = random.Random(SEED)
    for _ in range(200):
        room = random_room(rng)
        given: dict[str, Any] = room_options(room, rng)
        given["dian_gang_hua"] = rng.choice(("zimo", "dian_pao"))
        options = dict(resolve(OPTION_SPECS, given))
        found = B.bound(options)
        assert found is B.bound(options)  # one Bound a mapping, kept by its identity
        same = dict(options)  # equal values in another object: an equal Bound
        other = B.bound(same)
        assert (found.room, found.prefs, found.hand_size, found.players, found.dian_pao,
                found.ping_hu_on_discard) == (other.room, other.prefs, other.hand_size,
                                              other.players, other.dian_pao,
                                              other.ping_hu_on_discard)
        assert found.room is sichuan_room(options) and found.prefs is SS.prefs_for(options)
        assert (found.hand_size, found.players, found.dian_pao, found.ping_hu_on_discard) == (
            room.hand_size, room.players, given["dian_gang_hua"] == "dian_pao",
            options["dian_pao_ping_hu"])
        assert found.prefs.hand_size == room.hand_size
        assert found.prefs.room_pairs == (room.hand_size != 13)
        plain = room.hand_size == 13 and options["dian_pao_ping_hu"]
        assert (found.check is B.check_13) == plain
