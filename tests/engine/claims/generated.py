"""Fixed-seed claims requests for the reference tests: hands built from groups and a pair (so
that wins, kongs, pongs and chows are all common), some groups declared, one tile taken out
and often offered back, every source, and each variant's own facts — in today's room, or
(``rooms``) each in a random room of the variant (`tests.random_rooms`: its players, suits and
hand size, the sources its table has: rules/rooms.md §0.9.3)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine import tiles as T
from engine.variants import REGISTRY
from tests.random_rooms import draw_room

SOURCES = ("discard_left", "discard_opposite", "discard_right", "self_draw", "rob_kong")
POOLS = {"sichuan": list(range(27)), "changsha": list(range(27)),
         "nanchang": list(range(34)), "hongzhong": [*range(27), 33]}


def _group(rng: random.Random, pool: list[int], variant: str, runs: float) -> list[int]:
    k = rng.choice(pool)
    if k < 27 and k % 9 < 7 and rng.random() < runs:
        return [k, k + 1, k + 2]
    if variant == "nanchang" and k >= 27 and rng.random() < 0.3:
        winds, dragons = [27, 28, 29, 30], [31, 32, 33]
        return rng.sample(winds, 3) if k < 31 else list(dragons)
    return [k] * 3


def _meld(group: list[int], variant: str, rng: random.Random) -> dict[str, Any] | None:
    chow = len(set(group)) == 3
    if chow and variant == "sichuan":
        return None
    if chow and variant == "hongzhong":
        return None  # allow_chow_meld is off by default
    if variant == "hongzhong" and 33 in group:
        return None  # wild_melds "never"
    if not chow and rng.random() < 0.25:
        return {"type": "kong", "tiles": T.codes(group + group[:1]),
                "concealed": rng.random() < 0.5}
    return {"type": "chow" if chow else "pong", "tiles": T.codes(group)}


def seated(source: str, players: int) -> str:
    """The source as a table of ``players`` has it (§0.9.3): no 对家 below four players, and
    at two the other seat's discard is ``discard_left``."""
    if (source, players) in (("discard_opposite", 3), ("discard_opposite", 2),
                             ("discard_right", 2)):
        return "discard_left"
    return source


def bodies(variant: str, count: int, seed: int, room: dict[str, Any] | None = None, *,
           pool: list[int] | None = None, runs: float = 0.45, rooms: bool = False
           ) -> list[dict[str, Any]]:
    """``count`` valid claims bodies of ``variant``: ``room`` options every body gets, the
    kinds drawn from (default: the tile set), the share of sequences among the groups;
    ``rooms``: each body in a random room of the variant (its kinds, *g* groups)."""
    rng = random.Random(seed)
    given_pool = pool or POOLS[variant]
    out: list[dict[str, Any]] = []
    while len(out) < count:
        drawn = draw_room(rng, variant) if rooms else None
        pool = drawn.kinds if drawn else given_pool
        players = drawn.players if drawn else 4
        groups = [_group(rng, pool, variant, runs) for _ in range(drawn.groups if drawn else 4)]
        pair = [rng.choice(pool)] * 2
        melds: list[dict[str, Any]] = []
        concealed: list[int] = list(pair)
        n_melds = rng.choice([0, 0, 1, 1, 2])
        for i, g in enumerate(groups):
            meld = _meld(g, variant, rng) if i < n_melds else None
            if meld is None:
                concealed += g
            else:
                melds.append(meld)
        for _ in range(rng.choice([0, 0, 1, 2])):  # disturb: not every hand is near a win
            concealed[rng.randrange(len(concealed))] = rng.choice(pool)
        rng.shuffle(concealed)
        taken = concealed.pop()
        roll = rng.random()
        counts = Counter(concealed)
        if roll < 0.4:
            tile = taken
        elif roll < 0.75 and [k for k, n in counts.items() if n >= 2]:
            tile = rng.choice(sorted(k for k, n in counts.items() if n >= 2))
        else:
            tile = rng.choice(pool)
        source = rng.choice(SOURCES)
        held = Counter(concealed) + Counter(t for m in melds for t in T.parse_any(m["tiles"]))
        if any(n > 4 for n in (held + Counter([tile])).values()):
            continue
        if source == "rob_kong" and held[tile]:
            source = "discard_opposite"
        context: dict[str, Any] = {"source": seated(source, players)}
        options: dict[str, Any] = {**(room or {}), **(drawn.options if drawn else {})}
        if variant == "sichuan" and (drawn is None or len(drawn.suits) == 3):
            suits_in_melds = {T.parse_any(m["tiles"])[0] // 9 for m in melds}
            free = [s for s in "mps" if "mps".index(s) not in suits_in_melds]
            if free and rng.random() < 0.7:
                context["missing_suit"] = rng.choice(free)
        if variant == "nanchang":
            zheng = rng.choice(pool)
            fu = zheng + 1 if zheng not in (8, 17, 26, 30, 33) else {8: 0, 17: 9, 26: 18,
                                                                    30: 27, 33: 31}[zheng]
            context["jing"] = {"zheng": T.code(zheng), "fu": T.code(fu)}
        if rng.random() < 0.3:
            options["shi_ti"] = rng.choice(["no_same", "no_same_or_other_end"])
        if variant == "hongzhong" and rng.random() < 0.3:
            options["allow_chow_meld"] = True
        data: dict[str, Any] = {"hand": T.codes(concealed), "tile": T.code(tile),
                                "context": context}
        if melds:
            data["melds"] = melds
        if options:
            data["options"] = options
        v = REGISTRY[variant]
        try:
            v.claims(v.request(data))
        except Exception:  # only valid bodies are kept (validation is tested apart)
            continue
        out.append(data)
    return out
