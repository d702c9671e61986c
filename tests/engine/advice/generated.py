"""Fixed-seed ``advice`` bodies for every variant: a complete hand of the variant's tiles,
a few tiles swapped for random kinds, sometimes a tile fewer (a hand before a draw) or a
declared meld, with each variant's own members (四川's missing suit, 南昌's 精) — so that
the runs meet wins, progress with several choices, forced stays and dead waits."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import tiles as T
from engine.variants import REGISTRY
from tests import hands as H

ROOMS: dict[str, dict[str, Any]] = {
    "sichuan": {},
    "changsha": {},
    "nanchang": {},
    "hongzhong": {},
}


def _body(rng: random.Random, variant: str) -> dict[str, Any]:
    v = REGISTRY[variant]
    options: dict[str, Any] = {}
    kinds = sorted(v.hand_rules(v.resolve_options(options)).tile_kinds)
    context: dict[str, Any] = {}
    shape = kinds
    if variant == "sichuan" and rng.random() < 0.7:
        missing = rng.randrange(3)
        context["missing_suit"] = "mps"[missing]
        shape = [k for k in kinds if k // 9 != missing]
    while True:
        tiles = H.standard(rng, shape, 4, pair_258=variant == "changsha" and rng.random() < .7)
        if tiles is not None:
            break
    melds: list[dict[str, Any]] = []
    counts = T.counts(tiles)
    triplets = [k for k in set(tiles) if counts[k] >= 3]
    if triplets and rng.random() < 0.25:  # one declared pong
        k = rng.choice(triplets)
        for _ in range(3):
            tiles.remove(k)
        melds.append({"type": "pong", "tiles": T.compact([k] * 3)})
    wild = variant == "hongzhong" and rng.random() < 0.4
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3))):
        tiles.remove(rng.choice(tiles))
        while True:
            k = T.RED if wild and rng.random() < 0.5 else rng.choice(kinds)
            if tiles.count(k) + sum(T.parse(m["tiles"]).count(k) for m in melds) < 4:
                tiles.append(k)
                break
    if rng.random() < 0.4:
        tiles.remove(rng.choice(tiles))
    if variant == "nanchang":
        zheng = rng.choice(kinds)
        fu = rng.choice([k for k in kinds if k != zheng])
        context["jing"] = {"zheng": T.code(zheng), "fu": T.code(fu)}
    roll = rng.random()
    if roll < 0.2:
        context["is_dealer"] = True
    elif roll < 0.45:  # the player at another seat, the dealer anywhere
        winner = rng.randrange(4)
        context["seats"] = {"dealer": rng.randrange(4), "winner": winner}
        if variant == "sichuan" and rng.random() < 0.5:  # a seat has left (血战)
            context["active"] = sorted({winner, *rng.sample(range(4), 2)})
    body: dict[str, Any] = {"hand": T.compact(tiles), "context": context}
    if melds:
        body["melds"] = melds
    return body


def bodies(variant: str, count: int, seed: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(seed)
    for _ in range(count):
        yield _body(rng, variant)
