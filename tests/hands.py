"""Fixed-seed hand generators for the agreement runs and the benchmark.

Hands are made from a complete shape (groups and a pair, seven pairs, 十三幺, 十三烂), then
some tiles become wildcards (the hand stays complete), then it is mutated into a near-win:
kept as it is, a tile removed (13 tiles: tenpai or close), or one or two tiles swapped for
random kinds. So agreement is never the trivial "no, no": the runs print the shares.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine import tiles as T

WINS: dict[str, dict[str, Any]] = {
    "sichuan": {"hand": "123m456m789m55p23p", "win_tile": "4p",
                "context": {"win_type": "discard"}},
    "changsha": {"hand": "123m456m789m2255p", "win_tile": "5p",
                 "context": {"win_type": "discard"}},
    "nanchang": {"hand": "123m456m789m123p5p", "win_tile": "5p",
                 "context": {"win_type": "discard", "jing": {"zheng": "5z", "fu": "6z"}}},
    "hongzhong": {"hand": "123m456m789m123p5p", "win_tile": "5p",
                  "context": {"win_type": "discard"}, "options": {"win_by_discard": "yes"}},
}
"""A ``fan`` body of a plain discard win in every variant (chows and a pair, no wildcard,
nothing only ``fan`` checks), for tests that need one hand each variant prices."""

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True)
class Hand:
    counts: tuple[int, ...]
    wilds: int

    @property
    def size(self) -> int:
        return sum(self.counts) + self.wilds


def _kinds(kinds: frozenset[int], suits: frozenset[int]) -> list[int]:
    return sorted(k for k in kinds if k // 9 in suits)


def _group(rng: random.Random, pool: list[int], honor_chows: bool, triplets_only: bool
           ) -> list[int]:
    k = rng.choice(pool)
    roll = rng.random()
    if not triplets_only and k < 27 and roll < 0.6:
        r = min(k % 9, 6)
        base = k - k % 9 + r
        if all(base + j in pool for j in range(3)):
            return [base, base + 1, base + 2]
    if not triplets_only and k >= 27 and honor_chows and roll < 0.5:
        trio = list(DRAGONS) if k in DRAGONS else rng.sample(WINDS, 3)
        if all(t in pool for t in trio):
            return sorted(trio)
    return [k, k, k]


def standard(rng: random.Random, pool: list[int], groups: int = 4, *, honor_chows: bool = False,
             triplets_only: bool = False, pair_258: bool = False) -> list[int] | None:
    """A complete hand of ``groups`` groups and a pair (None when copies run out)."""
    tiles: list[int] = []
    for _ in range(groups):
        tiles += _group(rng, pool, honor_chows, triplets_only)
    pairs = [k for k in pool if not pair_258 or (k < 27 and k % 9 in (1, 4, 7))]
    if not pairs:
        return None
    p = rng.choice(pairs)
    tiles += [p, p]
    counts = T.counts(tiles)
    return tiles if max(counts) <= 4 else None


def seven_pairs(rng: random.Random, pool: list[int], quads: bool, size: int = 14) -> list[int]:
    """A complete pairs shape of ``size`` tiles (RULES.md §0.9.2): 14 七对, 11 五对 (five
    pairs and a single, sometimes of a paired kind), 8 四对; with ``quads``, sometimes a
    four of a kind as two pairs."""
    pairs, single = size // 2, size % 2
    if quads and rng.random() < 0.4:
        kinds = rng.sample(pool, pairs - 1)
        tiles = [kinds[0]] * 4 + [k for k in kinds[1:] for _ in range(2)]
    else:
        tiles = [k for k in rng.sample(pool, pairs) for _ in range(2)]
    if single:
        tiles.append(rng.choice(pool) if rng.random() < 0.6 else rng.choice(tiles))
    return tiles


def thirteen_orphans(rng: random.Random) -> list[int]:
    return [*ORPHANS, rng.choice(ORPHANS)]


def shi_san_lan(rng: random.Random) -> list[int]:
    honors = 7 - rng.choice([0, 0, 1, 2])
    suit_tiles = 14 - honors
    sizes = [3, 3, 3]
    while sum(sizes) > suit_tiles:
        sizes[rng.randrange(3)] -= 1 if min(sizes) > 0 else 0
        sizes = [max(0, s) for s in sizes]
    out = rng.sample(range(27, 34), honors)
    patterns = [(0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (0, 3, 7), (0, 4, 7), (1, 4, 8),
                (1, 5, 8), (0, 5, 8)]
    for s, n in enumerate(sizes):
        ranks = rng.choice(patterns)
        out += [9 * s + r for r in rng.sample(ranks, n)]
    return out


def wildify(rng: random.Random, tiles: list[int], wilds: int) -> Hand:
    """Turn ``wilds`` random tiles into wildcards (the shape is unchanged)."""
    tiles = list(tiles)
    rng.shuffle(tiles)
    wilds = min(wilds, len(tiles))
    return Hand(tuple(T.counts(tiles[wilds:])), wilds)


def mutate(rng: random.Random, hand: Hand, pool: list[int], target: int) -> Hand:
    """Into ``target`` tiles (the size or one less); maybe swap one or two naturals."""
    counts = list(hand.counts)
    wilds = hand.wilds
    size = hand.size
    while size > target:
        held = [k for k in range(34) for _ in range(counts[k])]
        if wilds and (not held or rng.random() < wilds / size):
            wilds -= 1
        else:
            counts[rng.choice(held)] -= 1
        size -= 1
    roll = rng.random()
    swaps = 0 if roll < 0.45 else 1 if roll < 0.8 else 2
    for _ in range(swaps):
        held = [k for k in range(34) for _ in range(counts[k])]
        if not held:
            break
        counts[rng.choice(held)] -= 1
        for _ in range(20):
            k = rng.choice(pool)
            if counts[k] < 4:
                counts[k] += 1
                break
        else:
            counts[held[0]] += 1
    return Hand(tuple(counts), wilds)


@dataclass(frozen=True)
class Family:
    """A shape family for generated hands: what to build and with which options."""

    name: str
    kinds: frozenset[int]
    suits: frozenset[int] = frozenset({0, 1, 2, 3})
    honor_chows: bool = False
    pair_258: bool = False
    triplets_only: bool = False
    special: str = ""
    quads: bool = True
    max_wilds: int = 8
    hand_size: int = 13
    """The room's hand size: a pairs shape has ``hand_size`` + 1 tiles (RULES.md §0.9.2)."""


def hands(family: Family, count: int, seed: int, sizes: tuple[int, ...] = (14, 13)
          ) -> Iterator[Hand]:
    """``count`` hands of the family, fixed seed; wildcards 0..max_wilds (0 half the time)."""
    rng = random.Random(seed)
    pool = _kinds(family.kinds, family.suits)
    made = 0
    while made < count:
        target = rng.choice(sizes)
        full = target + 1 if target % 3 == 1 else target
        if family.special == "seven_pairs":
            tiles: list[int] | None = seven_pairs(rng, pool, family.quads, family.hand_size + 1)
        elif family.special == "thirteen_orphans":
            tiles = thirteen_orphans(rng)
        elif family.special == "shi_san_lan":
            tiles = shi_san_lan(rng)
        else:
            tiles = standard(rng, pool, (full - 2) // 3, honor_chows=family.honor_chows,
                             triplets_only=family.triplets_only, pair_258=family.pair_258)
        if tiles is None:
            continue
        wilds = 0 if family.max_wilds == 0 or rng.random() < 0.4 else rng.randint(
            1, family.max_wilds)
        hand = mutate(rng, wildify(rng, tiles, wilds), pool, target)
        if max(hand.counts) > 4 or hand.size != target:
            continue
        made += 1
        yield hand


def full_mode() -> bool:
    """``HUPAI_FULL=1``: the large runs at full size (CI runs the small default)."""
    import os

    return os.environ.get("HUPAI_FULL", "") not in ("", "0")


def scale(ci: int, full: int) -> int:
    return full if full_mode() else ci
