"""The 红中 win check, fan and waits against brute multiset substitution (tests only!).

The oracle replaces the k wildcards by every multiset of k kinds of the tile set (any kind,
its own face included, five copies allowed — RULES.md §0.6) and checks the natural hand with
a plain recursive decomposition. It is slow (C(n+k−1, k) natural checks) and obviously
right; the engine must agree with it on every generated hand:
≥ 1,000 hands with ≤ 3 wildcards for the win check and the fan, ≥ 300 hands with ≤ 2 for
the waits, in both tile sets, under several option sets. A fixed seed keeps runs equal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from typing import Any

import pytest

from engine import tiles as T
from engine.hand import Hand, Meld, MeldKind, Request, WinType
from engine.variants.base import Variant
from engine.variants.hongzhong import variant as hz

V = hz.VARIANT
ORPHANS = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"pengpenghu_fan": 1, "qingyise_fan": 2, "no_wild_fan": 1, "qidui_fan": 3,
     "win_by_discard": "yes"},
    {"tile_set": "136", "shisanyao_fan": 2, "pengpenghu_fan": 1, "qingyise_fan": 1,
     "no_wild_fan": 2},
    {"tile_set": "136", "wild_tiles": ["5z", "2m"], "win_by_discard": "yes",
     "claimed_wild_is_natural": False, "pengpenghu_fan": 2, "qingyise_fan": 1},
    {"tile_set": "136", "wild_tiles": ["1m"], "qidui": False, "shisanyao_fan": 1,
     "no_wild_fan": 1, "win_by_discard": "yes"},
    # rooms (rules/rooms.md §0.9.5): 筒 and 条 with 7z at three; GF's two-player 万 + honors
    # room; two suits of the 136 set, where 十三幺 never applies (it needs all three suits).
    # The oracle's wildcards stand for the room's kinds only (§0.9.2)
    {"players": 3, "suits": ["p", "s"], "qingyise_fan": 2, "pengpenghu_fan": 1},
    {"players": 2, "tile_set": "136", "suits": ["m"], "win_by_discard": "yes",
     "qingyise_fan": 1, "qidui_fan": 2},
    {"tile_set": "136", "suits": ["m", "s"], "shisanyao_fan": 2, "no_wild_fan": 1},
]
WIN_HANDS_PER_SET = 200   # 8 × 200 = 1,600
WAIT_HANDS_PER_SET = 60    # 8 × 60 = 480


# ---------------------------------------------------------------------------------------------
# The oracle


@cache
def decomposes(counts: tuple[int, ...], pair: bool, honors: bool) -> bool:
    """Melds (and one pair when ``pair``) of one suit: the lowest tile is a pair, a
    triplet, or the start of a sequence."""
    i = next((j for j, n in enumerate(counts) if n), None)
    if i is None:
        return not pair
    c = list(counts)
    if pair and c[i] >= 2:
        c[i] -= 2
        if decomposes(tuple(c), False, honors):
            return True
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        if decomposes(tuple(c), pair, honors):
            return True
        c[i] += 3
    if not honors and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if decomposes(tuple(c), pair, honors):
            return True
    return False


@dataclass(frozen=True)
class Natural:
    standard: bool
    seven_pairs: bool
    orphans: bool
    triplets: bool
    suits: frozenset[int]


@dataclass(frozen=True, eq=False)
class SuitFacts:
    """What one suit's natural counts allow (the parts of `natural`). Made once per count
    vector (`suit_facts` is cached), so identity is equality."""

    size: int
    melds: bool
    """Melds only (size ≡ 0 mod 3) or melds and the pair (≡ 2)."""
    pairs_here: bool
    triplets: bool
    """Triplets (and the pair) only."""
    even: bool
    orphans: bool
    """Only terminal/honor kinds, each at least once."""


@cache
def suit_facts(part: tuple[int, ...], honors: bool) -> SuitFacts:
    size = sum(part)
    rest = size % 3
    melds = rest != 1 and decomposes(part, rest == 2, honors)
    triplets = rest != 1 and all(n % 3 != 1 for n in part) and sum(
        1 for n in part if n % 3 == 2) == (rest == 2)
    if honors:
        orphans = all(n >= 1 for n in part)
    else:
        orphans = part[0] >= 1 and part[8] >= 1 and not any(part[1:8])
    return SuitFacts(size, melds, rest == 2, triplets, all(n % 2 == 0 for n in part), orphans)


SUIT_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))
SUIT_OF = [min(k // 9, 3) for k in range(34)]


@lru_cache(maxsize=1 << 18)
def natural(facts: tuple[SuitFacts, ...]) -> Natural:
    """Every shape of a natural concealed part (counts may exceed four) from its suits'
    facts: melds never cross suits, and exactly one suit holds the pair."""
    m, p, s, z = facts
    standard = (m.pairs_here + p.pairs_here + s.pairs_here + z.pairs_here == 1
                and m.melds and p.melds and s.melds and z.melds)
    triplets = standard and m.triplets and p.triplets and s.triplets and z.triplets
    fourteen = m.size + p.size + s.size + z.size == 14
    seven = fourteen and m.even and p.even and s.even and z.even
    orphans = fourteen and m.orphans and p.orphans and s.orphans and z.orphans
    suits = frozenset(i for i, f in enumerate(facts) if f.size)
    return Natural(standard, seven, orphans, triplets, suits)


def substituted(naturals: list[int], wilds: int, kinds: list[int]) -> Iterator[Natural]:
    """The natural part with the wildcards replaced by every multiset of ``kinds``; only
    the suits a multiset touches are looked at again."""
    base = [tuple(naturals[a:b]) for a, b in SUIT_BOUNDS]
    base_facts = [suit_facts(part, i == 3) for i, part in enumerate(base)]
    for combo in combinations_with_replacement(kinds, wilds):
        touched: dict[int, list[int]] = {}
        for k in combo:
            suit = SUIT_OF[k]
            part = touched.get(suit)
            if part is None:
                part = touched[suit] = list(base[suit])
            part[k - 9 * suit] += 1
        facts = list(base_facts)
        for suit, part in touched.items():
            facts[suit] = suit_facts(tuple(part), suit == 3)
        yield natural(tuple(facts))


def room_kinds(opts: dict[str, Any]) -> list[int]:
    """The room's tile set (rooms.md §0.9.2): the kinds of its suits and the set's honors."""
    suits = {"mps".index(s) for s in opts["suits"]}
    return sorted(k for k in T.TILE_SETS[opts["tile_set"]] if k >= 27 or k // 9 in suits)


@dataclass(frozen=True)
class Brute:
    shapes: frozenset[str]
    fan: int | None


def brute(naturals: list[int], wilds: int, melds: tuple[Meld, ...], holds_wild: bool,
          opts: dict[str, Any]) -> Brute:
    """Shapes and best fan by trying every multiset of the room's kinds for the wildcards."""
    kinds = room_kinds(opts)
    special = not melds
    meld_suits = {T.suit(t) for m in melds for t in m.tiles}
    no_chow = all(m.kind is not MeldKind.CHOW for m in melds)
    no_wild = 0 if holds_wild else opts["no_wild_fan"]
    shapes: set[str] = set()
    best: int | None = None
    for n in substituted(naturals, wilds, kinds):
        suits = n.suits | meld_suits
        flush = opts["qingyise_fan"] if len(suits) == 1 and min(suits) < 3 else 0
        fans = []
        if n.standard:
            shapes.add("standard")
            fans.append((opts["pengpenghu_fan"] if n.triplets and no_chow else 0) + flush
                        + no_wild)
        if special and opts["qidui"] and n.seven_pairs:
            shapes.add("seven_pairs")
            fans.append(opts["qidui_fan"] + flush + no_wild)
        if (special and opts["shisanyao"] and opts["tile_set"] == "136"
                and len(opts["suits"]) == 3 and n.orphans):
            shapes.add("thirteen_orphans")
            fans.append(opts["shisanyao_fan"] + no_wild)
        if fans:
            best = max(fans) if best is None else max(best, *fans)
    return Brute(frozenset(shapes), best)


def split_for_oracle(hand: Hand, win_type: WinType, opts: dict[str, Any]
                     ) -> tuple[list[int], int, bool]:
    """RULES.md §4.1: wild-kind tiles are wildcards; a claimed one is natural by option."""
    wild = {T.from_code(w) for w in opts["wild_tiles"]}
    naturals = [0] * 34
    wilds = 0
    for t in hand.concealed:
        if t in wild:
            wilds += 1
        else:
            naturals[t] += 1
    if hand.win_tile is not None:
        claimed = win_type is not WinType.SELF_DRAW
        if hand.win_tile in wild and not (claimed and opts["claimed_wild_is_natural"]):
            wilds += 1
        else:
            naturals[hand.win_tile] += 1
    holds = any(t in wild for t in hand.all_tiles)
    return naturals, wilds, holds


# ---------------------------------------------------------------------------------------------
# Generated hands


def generate(rng: random.Random, opts: dict[str, Any], size: int, max_wild: int
             ) -> dict[str, Any]:
    """A request body of ``size`` concealed tiles (14 with the win tile, or 13), with at
    most ``max_wild`` wildcards: near-complete hands, 七对-like, 十三幺-like and random, of
    the room's kinds."""
    kinds = room_kinds(opts)
    wild = sorted(T.from_code(w) for w in opts["wild_tiles"])
    natural_kinds = [k for k in kinds if k not in wild]
    left = dict.fromkeys(kinds, 4)

    def take(kind: int, n: int = 1) -> bool:
        if left[kind] < n:
            return False
        left[kind] -= n
        return True

    melds: list[dict[str, Any]] = []
    for _ in range(rng.choice((0, 0, 0, 1, 2))):
        kind = rng.choice(natural_kinds)
        big = rng.random() < 0.3
        if take(kind, 4 if big else 3):
            melds.append({"type": "kong" if big else "pong",
                          "tiles": [T.code(kind)] * (4 if big else 3),
                          "concealed": big and rng.random() < 0.5})
    need = size - 3 * len(melds)
    style = rng.random()
    tiles: list[int] = []
    if style < 0.45:  # groups and a pair, then maybe one tile changed
        while len(tiles) < need - 2:
            k = rng.choice(natural_kinds)
            if k < 27 and k % 9 < 7 and rng.random() < 0.6 and all(
                    k + d in left and left[k + d] and k + d not in wild for d in (0, 1, 2)):
                for d in (0, 1, 2):
                    take(k + d)
                    tiles.append(k + d)
            elif take(k, 3):
                tiles += [k, k, k]
        k = rng.choice(natural_kinds)
        while not take(k, 2):
            k = rng.choice(natural_kinds)
        tiles += [k, k]
    elif style < 0.6 and not melds:  # pairs
        while len(tiles) < need - 1:
            k = rng.choice(natural_kinds)
            if take(k, 2):
                tiles += [k, k]
    elif style < 0.7 and not melds and opts["tile_set"] == "136":  # orphans
        tiles = [k for k in ORPHANS if k in left and k not in wild and take(k)]
        duplicate = rng.choice(sorted(ORPHANS & set(left)))
        if duplicate not in wild and take(duplicate):
            tiles.append(duplicate)
    while len(tiles) > need:
        tiles.pop(rng.randrange(len(tiles)))
    rng.shuffle(tiles)
    if tiles and rng.random() < 0.5:  # disturb one tile
        tiles.pop()
    while len(tiles) < need:
        k = rng.choice(natural_kinds)
        if take(k):
            tiles.append(k)
    # make up to max_wild of them wildcards (a wildcard may stand for the tile it replaced)
    n_wild = min(rng.randint(0, max_wild), 4 * len(wild))
    for _ in range(n_wild):
        kind = rng.choice(wild)
        if left[kind] == 0:
            continue
        i = rng.randrange(len(tiles))
        left[tiles[i]] += 1
        left[kind] -= 1
        tiles[i] = kind
    rng.shuffle(tiles)
    data: dict[str, Any] = {"hand": T.compact(tiles), "options": dict(opts)}
    if melds:
        data["melds"] = melds
    if size == 14:
        data["hand"] = T.compact(tiles[1:])
        data["win_tile"] = T.code(tiles[0])
        win_type = "self_draw"
        if opts.get("win_by_discard") == "yes" and rng.random() < 0.3:
            win_type = rng.choice(("discard", "rob_kong"))
        data["context"] = {"win_type": win_type}
    return data


def cases(per_set: int, size: int, max_wild: int, seed: int) -> list[Request]:
    rng = random.Random(seed)
    out = []
    for given in OPTION_SETS:
        opts = V.options(V.request({"options": given}))  # defaults filled in
        for _ in range(per_set):
            out.append(V.request(generate(rng, opts, size, max_wild)))
    return out


WIN_CASES = cases(WIN_HANDS_PER_SET, 14, 3, seed=20261129)
WAIT_CASES = cases(WAIT_HANDS_PER_SET, 13, 2, seed=4242)


def test_the_generated_hands_are_varied() -> None:
    """The comparison means something only if it sees wins, non-wins, every wildcard
    count, both tile sets, special shapes and declared melds."""
    seen: dict[str, set[Any]] = {"win": set(), "wilds": set(), "shapes": set(),
                                 "melds": set(), "set": set(), "suits": set()}
    for req in WIN_CASES:
        opts = V.options(req)
        answer = V.win(req)
        seen["win"].add(answer.win)
        seen["shapes"].update(answer.shapes or ())
        seen["wilds"].add(split_for_oracle(req.hand, WinType.SELF_DRAW, opts)[1])
        seen["melds"].add(len(req.hand.melds))
        seen["set"].add(opts["tile_set"])
        seen["suits"].add(len(opts["suits"]))
    assert seen["win"] == {True, False}
    assert seen["wilds"] == {0, 1, 2, 3}
    assert {"standard", "seven_pairs", "thirteen_orphans"} <= seen["shapes"]
    assert seen["melds"] >= {0, 1, 2}
    assert seen["set"] == {"112", "136"}
    assert seen["suits"] == {1, 2, 3}
    wins = sum(1 for r in WIN_CASES if V.win(r).win)
    assert 0.25 * len(WIN_CASES) < wins < 0.85 * len(WIN_CASES)


@pytest.mark.parametrize("i", range(len(OPTION_SETS)))
def test_win_and_fan_agree_with_brute_substitution(i: int) -> None:
    chunk = WIN_CASES[i * WIN_HANDS_PER_SET:(i + 1) * WIN_HANDS_PER_SET]
    for req in chunk:
        opts = V.options(req)
        win_type = req.context.win_type or WinType.SELF_DRAW
        naturals, wilds, holds = split_for_oracle(req.hand, win_type, opts)
        assert wilds <= 3
        want = brute(naturals, wilds, req.hand.melds, holds, opts)
        answer = V.win(req)
        where = f"{T.compact(req.hand.concealed)} + {T.code(req.hand.win_tile or 0)} " \
                f"melds {req.hand.melds} {win_type} {opts}"
        if not want.shapes:
            assert answer.reason == "no_winning_shape", where
            continue
        # every generated discard is allowed (win_by_discard "yes" in those sets)
        assert answer.win, where
        assert set(answer.shapes or ()) == want.shapes, where
        assert V.fan(req).fan == want.fan, where


@pytest.mark.parametrize("i", range(len(OPTION_SETS)))
def test_waits_agree_with_brute_substitution(i: int) -> None:
    chunk = WAIT_CASES[i * WAIT_HANDS_PER_SET:(i + 1) * WAIT_HANDS_PER_SET]
    for req in chunk:
        opts = V.options(req)
        hand = req.hand
        held = T.counts(hand.all_tiles)
        expected = []
        for kind in room_kinds(opts):
            if held[kind] >= 4:
                continue
            trial = Hand(hand.concealed, hand.melds, kind)
            naturals, wilds, holds = split_for_oracle(trial, WinType.SELF_DRAW, opts)
            assert wilds <= 3
            got = brute(naturals, wilds, hand.melds, holds, opts)
            if got.shapes:
                expected.append((T.code(kind), got.fan))
        answer = V.waits(req)
        assert [(w.tile, w.fan) for w in answer.waits] == expected, T.compact(hand.concealed)
        assert answer.tenpai is bool(expected)


@pytest.mark.parametrize("i", range(len(OPTION_SETS)))
def test_fast_waits_equal_the_generic_waits(i: int) -> None:
    """The table-driven wait list against the shared one (a win check per kind)."""
    chunk = WAIT_CASES[i * WAIT_HANDS_PER_SET:(i + 1) * WAIT_HANDS_PER_SET]
    for req in chunk:
        opts = V.options(req)
        hand = req.hand
        fast = V.wait_list(hand.concealed, hand, req.context, opts)
        generic = Variant.wait_list(V, hand.concealed, hand, req.context, opts)
        assert fast == generic, T.compact(hand.concealed)
        if fast:
            assert V.shanten(hand.concealed, len(hand.melds), req.context, opts) == 0
