"""南昌 wildcard wins and waits against brute multiset substitution (the slow, honest oracle).

The engine never substitutes 精 kind by kind; this test does, and nothing else: every way to
give the wild 精 kinds (a multiset of 34 kinds each, any kind may exceed four copies, RULES.md
§0.6), then an obviously-correct natural check — standard hands (honor chows: any three
different winds, or 白发中) by per-suit recursion, seven pairs (four alike are two pairs),
十三烂 (14 distinct tiles, same-suit ranks ≥ 3 apart).

Generated with a fixed seed: complete hands (groups, honor chows, seven pairs, 十三烂) with
up to three tiles turned into 精 and some tiles disturbed, plus random hands; some with
declared melds. Self-draw, so every concealed 精 is wild.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, pairwise

import pytest

from engine import tiles as T
from engine.variants.nanchang.jingdiao import forms_groups
from engine.variants.nanchang.variant import VARIANT
from tests.engine.variants.nanchang.test_variant import body

KINDS = range(34)
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)


# --- the natural reference -------------------------------------------------------------------

@cache
def _groups(v: tuple[int, ...], honors: bool, honor_chows: bool) -> bool:
    i = next((k for k, c in enumerate(v) if c), None)
    if i is None:
        return True
    options: list[tuple[int, ...]] = [(i, i, i)]
    if not honors and i <= 6:
        options.append((i, i + 1, i + 2))
    if honors and honor_chows and i <= 3:
        options += [(i, j, k) for j, k in combinations(range(i + 1, 4), 2)]
    if honors and honor_chows and i == 4:
        options.append((4, 5, 6))
    for group in options:
        w = list(v)
        for t in group:
            w[t] -= 1
        if min(w) >= 0 and _groups(tuple(w), honors, honor_chows):
            return True
    return False


@cache
def _suit(v: tuple[int, ...], honors: bool, honor_chows: bool) -> tuple[bool, bool]:
    """(groups only, groups plus one pair) for one suit's counts."""
    alone = _groups(v, honors, honor_chows)
    paired = False
    for p, c in enumerate(v):
        if c >= 2:
            w = list(v)
            w[p] -= 2
            if _groups(tuple(w), honors, honor_chows):
                paired = True
                break
    return alone, paired


def natural_win(counts: tuple[int, ...], honor_chows: bool = True,
                sizes: list[int] | None = None) -> bool:
    """Standard, seven pairs or 十三烂 with every tile as itself (``sizes``: tiles per suit,
    when the caller knows them)."""
    suits = [counts[0:9], counts[9:18], counts[18:27], counts[27:34]]
    mods = [n % 3 for n in (sizes or [sum(s) for s in suits])]
    # groups alone fill a suit with 3n tiles, the suit holding the pair with 3n + 2
    if mods.count(2) == 1 and 1 not in mods:
        paired = mods.index(2)
        if all(_suit(s, i == 3, honor_chows)[i == paired] for i, s in enumerate(suits)):
            return True
    if sum(counts) != 14:
        return False
    if all(c % 2 == 0 for c in counts):
        return True  # seven pairs, four alike = two pairs
    if max(counts) <= 1:
        for s in range(3):
            ranks = [r for r in range(9) if counts[9 * s + r]]
            if any(b - a < 3 for a, b in pairwise(ranks)):
                return False
        return True  # 十三烂
    return False


@cache
def _brute(naturals: tuple[int, ...], wilds: int) -> bool:
    """Some multiset of kinds for the wildcards makes a natural win."""
    base = [sum(naturals[0:9]), sum(naturals[9:18]), sum(naturals[18:27]),
            sum(naturals[27:34])]
    for kinds in combinations_with_replacement(KINDS, wilds):
        counts = list(naturals)
        sizes = base.copy()
        for k in kinds:
            counts[k] += 1
            sizes[k // 9] += 1
        if natural_win(tuple(counts), sizes=sizes):
            return True
    return False


def brute_win(concealed: list[int], jing: tuple[int, int]) -> bool:
    naturals = T.counts(t for t in concealed if t not in jing)
    return _brute(tuple(naturals), sum(1 for t in concealed if t in jing))


def brute_waits(concealed: list[int], own: list[int], jing: tuple[int, int]) -> list[int]:
    """The kinds t (fewer than four held) on which ``concealed + t``, self-drawn, is a win.

    The same substitution, grouped: with w wild 精 in hand, "t wins" means some w-multiset
    s makes naturals + t + s complete, i.e. some winning (w+1)-multiset m = s + t holds t;
    a drawn 精 is one more wildcard, so it wins when any (w+1)-multiset does.
    """
    held, any_win = _winning_draws(tuple(sorted(concealed)), jing)
    return [t for t in KINDS if own[t] < 4 and (any_win if t in jing else t in held)]


@lru_cache(maxsize=1024)
def _winning_draws(concealed: tuple[int, ...], jing: tuple[int, int]
                   ) -> tuple[frozenset[int], bool]:
    naturals = T.counts(t for t in concealed if t not in jing)
    wilds = sum(1 for t in concealed if t in jing)
    held: set[int] = set()
    for kinds in combinations_with_replacement(KINDS, wilds + 1):
        counts = list(naturals)
        for k in kinds:
            counts[k] += 1
        if natural_win(tuple(counts)):
            held.update(kinds)
    return frozenset(held), bool(held)


# --- generated hands -----------------------------------------------------------------------

def _group(rng: random.Random) -> list[int]:
    roll = rng.random()
    if roll < 0.35:
        return [rng.randrange(34)] * 3
    if roll < 0.75:
        s, r = rng.randrange(3), rng.randrange(7)
        return [9 * s + r + i for i in range(3)]
    if roll < 0.9:
        return sorted(rng.sample(WINDS, 3))
    return list(DRAGONS)


def _complete(rng: random.Random, size: int) -> list[int]:
    roll = rng.random()
    if size == 14 and roll < 0.15:
        return [k for k in rng.sample(KINDS, 7) for _ in range(2)]
    if size == 14 and roll < 0.25:
        picks = [0, 3, 6, 10, 13, 16, 19, 22, 25, 27, 28, 29, 30, 31, 32, 33]
        return rng.sample(picks, 14)
    tiles = [rng.randrange(34)] * 2
    while len(tiles) < size:
        tiles += _group(rng)
    return tiles


def _melds(rng: random.Random) -> list[list[int]]:
    return [_group(rng) for _ in range(rng.choice([0, 0, 0, 1, 2]))]


def generate(rng: random.Random, size_full: int, max_jing: int
             ) -> tuple[list[int], list[list[int]], tuple[int, int]]:
    """(concealed tiles of size 14 − 3k or 13 − 3k, declared melds, 精 kinds)."""
    while True:
        melds = _melds(rng)
        size = size_full - 3 * len(melds)
        jing = tuple(rng.sample(KINDS, 2))
        if rng.random() < 0.75:
            tiles = _complete(rng, 14 - 3 * len(melds))
            rng.shuffle(tiles)
            for i in range(rng.randrange(max_jing + 1)):
                tiles[i] = jing[rng.randrange(2)]
            if rng.random() < 0.4:
                tiles[-1] = rng.randrange(34)
            tiles = tiles[:size]
        else:
            tiles = [rng.randrange(34) for _ in range(size)]
        own = T.counts([*tiles, *(t for m in melds for t in m)])
        if max(own) <= 4 and sum(1 for t in tiles if t in jing) <= max_jing:
            return tiles, melds, (jing[0], jing[1])


def request(tiles: list[int], melds: list[list[int]], jing: tuple[int, int],
            win: int | None) -> dict[str, object]:
    data = body(T.compact(tiles) or None, None if win is None else T.code(win),
                jing={"zheng": T.code(jing[0]), "fu": T.code(jing[1])})
    data["melds"] = [{"type": "pong" if len(set(m)) == 1 else "chow", "tiles": T.compact(m)}
                     for m in melds]
    return data


def test_wins_agree_with_brute_substitution() -> None:
    rng = random.Random(20240606)
    by_wilds = [0, 0, 0, 0]
    wins = 0
    honor_chow_wins = 0
    for _ in range(1000):
        tiles, melds, jing = generate(rng, 14, 3)
        win_tile = tiles[-1]
        req = VARIANT.request(request(tiles[:-1], melds, jing, win_tile))
        options = VARIANT.checked(req, needs_win_tile=True)
        got = VARIANT.check(req.hand, req.context, options).win
        want = brute_win(tiles, jing)
        assert got == want, (T.compact(tiles), melds, [T.code(j) for j in jing])
        by_wilds[sum(1 for t in tiles if t in jing)] += 1
        wins += want
        if want and _has_honor_chow(tiles):
            honor_chow_wins += 1
    # the sample means something: wins and non-wins, every 精 count, honor chows
    assert wins >= 300 and 1000 - wins >= 300, wins
    assert min(by_wilds) >= 150, by_wilds
    assert honor_chow_wins >= 20, honor_chow_wins


def _has_honor_chow(tiles: list[int]) -> bool:
    c = T.counts(tiles)
    return sum(1 for w in WINDS if c[w]) >= 3 or all(c[d] for d in DRAGONS)


def test_waits_agree_with_brute_substitution() -> None:
    rng = random.Random(7)
    by_wilds = [0, 0, 0]
    tenpai = 0
    for _ in range(300):
        tiles, melds, jing = generate(rng, 13, 2)
        req = VARIANT.request(request(tiles, melds, jing, None))
        got = [w.tile for w in VARIANT.waits(req).waits]
        own = T.counts([*tiles, *(t for m in melds for t in m)])
        want = [T.code(t) for t in brute_waits(tiles, own, jing)]
        assert got == want, (T.compact(tiles), melds, [T.code(j) for j in jing])
        # shanten 0 exactly when some kind completes the hand (even a fifth copy)
        options = VARIANT.options(req)
        shanten = VARIANT.shanten(tiles, len(melds), req.context, options)
        assert (shanten == 0) == bool(brute_waits(tiles, [0] * 34, jing)), T.compact(tiles)
        by_wilds[sum(1 for t in tiles if t in jing)] += 1
        tenpai += bool(want)
    assert min(by_wilds) >= 80, by_wilds
    assert tenpai >= 120, tenpai


@pytest.mark.parametrize(("hand", "jing", "expected"), [
    # the reference itself, on hands worked by hand: 123z is a wind chow, 567z 白发中
    ("123z567z123m456m99p", (0, 1), True),
    ("122z567z123m456m99p", (0, 1), False),
    # 1z + two wild 精 (5s, 6s): 1z as 1z1z1z or 东南西 — a win
    ("1z5s6s567z123m456m99p", (22, 23), True),
])
def test_reference_on_known_hands(hand: str, jing: tuple[int, int], expected: bool) -> None:
    assert brute_win(T.parse(hand), jing) is expected
    concealed = T.parse(hand)
    req = VARIANT.request(request(concealed[:-1], [], jing, concealed[-1]))
    assert VARIANT.check(req.hand, req.context, VARIANT.options(req)).win is expected


def test_grouped_waits_oracle_matches_the_plain_one() -> None:
    # brute_waits regroups the substitution; on small cases compare it with trying each draw
    rng = random.Random(11)
    for _ in range(40):
        tiles, melds, jing = generate(rng, 13, 1)
        own = T.counts([*tiles, *(t for m in melds for t in m)])
        plain = [t for t in KINDS if own[t] < 4 and brute_win([*tiles, t], jing)]
        assert brute_waits(tiles, own, jing) == plain


def brute_groups(naturals: list[int], wilds: int) -> bool:
    """Groups alone (no pair) after giving the wildcards every multiset of kinds."""
    for kinds in combinations_with_replacement(KINDS, wilds):
        counts = list(naturals)
        for k in kinds:
            counts[k] += 1
        suits = [tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]),
                 tuple(counts[27:34])]
        if all(_groups(s, i == 3, True) for i, s in enumerate(suits)):
            return True
    return False


def test_jing_diao_groups_agree_with_brute_substitution() -> None:
    # 精钓's "the rest forms groups with the other 精 still wild", on 3n tiles, ≤ 3 wildcards
    rng = random.Random(5)
    found = [0, 0]
    for _ in range(600):
        size = rng.choice([3, 6, 9, 12])
        wilds = rng.randrange(min(3, size) + 1)
        if rng.random() < 0.6:
            tiles = [t for _ in range(size // 3) for t in _group(rng)]
            rng.shuffle(tiles)
            tiles = tiles[:size - wilds]
            if tiles and rng.random() < 0.3:
                tiles[0] = rng.randrange(34)
        else:
            tiles = [rng.randrange(34) for _ in range(size - wilds)]
        naturals = T.counts(tiles)
        want = brute_groups(naturals, wilds)
        assert forms_groups(tuple(naturals), wilds, honor_chows=True, wild_only=True) == want, (
            T.compact(tiles), wilds)
        found[want] += 1
    assert min(found) >= 150, found


@pytest.mark.parametrize(("tiles", "wilds", "wild_only", "expected"), [
    # 123m + three wildcards: 123m and an all-wild group, or 1m+2 wild, 23m+1 wild — either way
    ("123m", 3, True, True),
    ("123m", 3, False, True),
    # 1m + five wildcards: two groups, only one can hold the 1m
    ("1m", 5, True, True),
    ("1m", 5, False, False),
])
def test_all_wild_groups_in_jing_diao(tiles: str, wilds: int, wild_only: bool,
                                      expected: bool) -> None:
    naturals = tuple(T.counts(T.parse(tiles)))
    assert forms_groups(naturals, wilds, honor_chows=True, wild_only=wild_only) is expected
