"""四川's rules bound once per option set (`sichuan.bound`).

The inlined 13-tile check (`check_13`, what ``win`` and every ``claims`` offer ask in the
default room) is held equal to the general check — `ruled` of `read_shapes`, the calls it
inlines — on generated 13-tile hands with melds, broken hands, all three suits held, and a
missing suit declared, undeclared or unsaid; every room's check is held against the literal
rules of rooms.md in `test_rooms_literal`. A `Bound` is its options' own: read from their
values, whichever object carries them, and the same object for the same mapping.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.hand import Context
from engine.options import resolve
from engine.room import Room
from engine.variants.sichuan import bound as B
from engine.variants.sichuan import scoring as SS
from engine.variants.sichuan.facts import SichuanFacts
from engine.variants.sichuan.rooms import sichuan_room
from engine.variants.sichuan.variant import OPTION_SPECS, VARIANT
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
        assert VARIANT.check(hand, context, VARIANT.options(VARIANT.request({}))) == general
        seen[general.win, general.reason] += 1
    # every answer the check gives was met: wins, 缺一门 (declared or three suits), no shape
    assert seen[True, None] > 100 and seen[False, "que_yi_men"] > 100
    assert seen[False, "no_winning_shape"] > 50


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
