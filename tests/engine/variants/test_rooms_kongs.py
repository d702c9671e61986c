"""``kong`` payments in random rooms (rules/rooms.md §0.9.3, the "kongs" column) against the
slow reference written from the spec (`tests.rooms_reference.kong_owed`): 四川 (its exposed
shares and ``base_points`` options, ``active``), 红中 (3 from an exposed kong's discarder
whatever the table, assumption 13) and 南昌 (1 / 2 from each other seat). Random rooms,
kong types, seats and active sets; fixed seed, CI size by default, ``HUPAI_FULL=1`` full.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.variants import REGISTRY
from tests import hands as H
from tests import rooms_reference as ref
from tests.random_rooms import draw_room

SEED = 20260916
KINDS = ("exposed", "added", "concealed")


def random_kong(rng: random.Random, variant: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A kong body in a random room, and the options the reference reads."""
    room = draw_room(rng, variant)
    options = dict(room.options)
    if variant == "sichuan":
        options.update(zhi_gang_discarder=rng.choice((1, 2, 3, 4)),
                       zhi_gang_others=rng.choice((0, 1, 2)),
                       base_points=rng.choice((1, 2, 5)))
    kind = rng.choice(KINDS)
    konger = rng.randrange(room.players)
    seats: dict[str, int] = {"konger": konger}
    if kind == "exposed":
        seats["discarder"] = rng.choice([s for s in range(room.players) if s != konger])
    context: dict[str, Any] = {"kong": {"type": kind, "tile": "5" + room.suits[0]},
                               "seats": seats}
    if variant == "nanchang":
        context["jing"] = {"zheng": "1z", "fu": "2z"}
    if variant != "hongzhong" and rng.random() < 0.4:  # 血战: some seats have left
        others = [s for s in range(room.players) if s != konger]
        kept = rng.sample(others, rng.randrange(len(others) + 1))
        context["active"] = sorted({konger, *kept, *([seats["discarder"]] if "discarder"
                                                       in seats else [])})
    return {"options": options, "context": context}, options


@pytest.mark.parametrize("variant", ["sichuan", "hongzhong", "nanchang"])
def test_kong_payments_are_the_specs_in_rooms(variant: str) -> None:
    rng = random.Random(SEED)
    v = REGISTRY[variant]
    tables: set[int] = set()
    for _ in range(H.scale(400, 6000)):
        body, options = random_kong(rng, variant)
        context = body["context"]
        seats = context["seats"]
        players = options["players"]
        payments = v.operations()["kong"](v.request(body)).payments
        owed = ref.kong_owed(variant, context["kong"]["type"], seats["konger"], players,
                             discarder=seats.get("discarder"), active=context.get("active"),
                             options=options)
        assert list(payments) == ref.deltas(seats["konger"], owed, players), body
        tables.add(players)
    assert tables == {2, 3, 4}
