"""Every variant's fast waits machinery in random rooms (rules/rooms.md §0.9) answers what its
slow definitions answer (`fast_paths`: the base class's waits, a full win check per kind of
the room's tile set, `hand_shanten` per drawn kind, ``discards`` one discard at a time).

Rooms are drawn at random per body, as each variant takes them: ``players`` everywhere,
``suits`` in 四川 and 红中 (either tile set), ``hand_size`` in 四川 with 四川's room fan
options; a room that cannot be dealt is drawn again. The hands are the room's: its suits (and
honors), *n* + 1 tiles, melds up to two. For each valid body: the two hooks equal their
definitions for every discard, and ``discards`` and ``waits`` equal the reference's. Fixed
seeds; CI size by default, ``HUPAI_FULL=1`` for the full run.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine import tiles as T
from engine.hand import Request
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.variants import fast_paths as F
from tests.random_rooms import DrawnRoom, draw_room

SEED = 20260915
BODIES = H.scale(90, 1500)
"""Bodies drawn per variant (each in its own room); the valid ones are checked."""


def room_requests(variant: str, count: int, seed: int) -> list[tuple[DrawnRoom, Request]]:
    """``count`` discards bodies, each in a random room of the variant; the valid ones."""
    rng = random.Random(seed)
    v = REGISTRY[variant]
    out = []
    for i in range(count):
        room = draw_room(rng, variant)
        context: dict[str, Any] = {}
        wilds: tuple[int, ...] = (33,) if variant == "hongzhong" else ()
        if variant == "nanchang":  # 精 of number kinds or honors; turned in, half the time
            jing = rng.choice((("5m", "6m"), ("5s", "6s"), ("1z", "2z")))
            context["jing"] = {"zheng": jing[0], "fu": jing[1]}
            wilds = tuple(T.from_code(t) for t in jing) if rng.random() < 0.5 else ()
        bodies = F.bodies(room.kinds, wilds, count=1, seed=seed * 1000 + i,
                          chows=variant in ("changsha", "nanchang"),
                          honor_chows=variant == "nanchang", options=(room.options,),
                          context=context, groups=room.groups,
                          missing_suit=variant == "sichuan" and len(room.suits) == 3)
        out += [(room, r) for r in F.valid_requests(v, bodies)]
    return out


VARIANTS = sorted(REGISTRY)
REQUESTS = {v: room_requests(v, BODIES, SEED + i) for i, v in enumerate(VARIANTS)}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_rooms_are_varied(variant: str) -> None:
    rooms = [room for room, _ in REQUESTS[variant]]
    assert len(rooms) >= BODIES * 2 // 3
    assert {r.players for r in rooms} == {2, 3, 4}
    if variant in ("sichuan", "hongzhong"):
        assert {len(r.suits) for r in rooms} == {1, 2, 3}
    if variant == "sichuan":
        assert {r.hand_size for r in rooms} == {7, 10, 13}
    assert sum(1 for _, r in REQUESTS[variant] if r.hand.melds) >= len(rooms) // 10


@pytest.mark.parametrize("variant", VARIANTS)
def test_hooks_agree_with_their_definitions_in_rooms(variant: str) -> None:
    wins = sum(F.check_hooks(REGISTRY[variant], r) for _, r in REQUESTS[variant])
    assert wins >= len(REQUESTS[variant])  # real waits were seen, not only empty sets


@pytest.mark.parametrize("variant", VARIANTS)
def test_waits_and_discards_equal_the_slow_ones_in_rooms(variant: str) -> None:
    v = REGISTRY[variant]
    slow = F.reference(v)
    for _, request in REQUESTS[variant]:
        F.check_operations(v, slow, request)


@pytest.mark.parametrize("variant", VARIANTS)
def test_players_do_not_change_discards(variant: str) -> None:
    # rooms.md §0.9.9: discards reads no seat, so the same hand at a table of four (where
    # its room can be dealt) answers alike, the options echo aside
    v = REGISTRY[variant]
    compared = 0
    for room, request in REQUESTS[variant]:
        if room.players == 4 or not replace(room, players=4).dealable:
            continue
        four = Request(request.hand, request.context, {**room.options, "players": 4})
        assert replace(v.discards(request), options=None) == replace(v.discards(four),
                                                                      options=None)
        compared += 1
    assert compared >= len(REQUESTS[variant]) // 3
