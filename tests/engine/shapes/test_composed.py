"""`engine.shapes.composed` held equal to the whole-part search on generated parts: the
table shanten (`engine.shapes.shanten`) with suit d dropped, and where it is 0 or less the
wait asked of `engine.shapes.completing_kinds` (13 tiles: some completing kind held fewer
than four times; 14: some discard leaving such a part); a 13-tile part's 进张 (`draws`)
against `engine.shapes.shanten_after_draws` of the whole part. CI-sized by default;
``HUPAI_FULL=1`` runs more parts."""

from __future__ import annotations

import random

import pytest

from engine import shapes as S
from engine import tiles as T
from engine.shapes.composed import LIVE, Composer, code_of, composable
from engine.variants.sichuan.rooms import DEFAULT
from tests.hands import scale

WITHOUT = DEFAULT.without


def reference(tiles: list[int], dropped: int) -> int:
    rules = WITHOUT[dropped]
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    table = S.shanten(counts, 0, rules)
    if table >= 1:
        return table
    if len(tiles) == 13:
        return 0 if _ready(counts, rules) else 1
    for j in set(tiles):
        counts[j] -= 1
        ready = _ready(counts, rules)
        counts[j] += 1
        if ready:
            return 0
    return 1


def _ready(counts: list[int], rules: S.ShapeRules) -> bool:
    return any(counts[k] < 4 for k in S.completing_kinds(counts, 0, rules, ()))


def parts(count: int, seed: int) -> list[list[int]]:
    """13 and 14 tiles, a third from all three suits, a third from two, a third mostly from
    one (one-suit hands are where ready parts, fours and 七对 abound)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        suits = [[0, 1, 2], rng.sample(range(3), 2), [rng.randrange(3)]][i % 3]
        wall = [k for k in range(27) if k // 9 in suits for _ in range(4)]
        rng.shuffle(wall)
        size = 13 + i % 2
        extra = rng.randrange(3) if len(suits) == 1 else 0
        tiles = wall[:size - extra] + rng.sample(range(27), extra)
        out.append(sorted(tiles))
    return out


def test_default_room_composes() -> None:
    assert composable(WITHOUT)


@pytest.mark.parametrize("seed", range(scale(3, 12)))
def test_composed_equals_the_whole_part(seed: int) -> None:
    composer = Composer(WITHOUT)
    for tiles in parts(scale(300, 1500), seed):
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        facts = [composer.facts(code_of(tiles, s)) for s in range(3)]
        for d in range(3):
            lo, hi = LIVE[d]
            assert composer.shanten(d, facts[lo], facts[hi], len(tiles)) \
                == reference(tiles, d), (tiles, d)


@pytest.mark.parametrize("seed", range(scale(2, 8)))
def test_thirteen_tiles_read_their_table_but_at_zero(seed: int) -> None:
    # what `exchange_ties.Ties._entries` relies on to skip a table read: a 13-tile part's
    # table shanten is never below 0 (complete takes 14 tiles), and its shanten is the
    # table's but for a table 0 read as 1 (no wait), so a table below the shanten is
    # only a table 0 under a shanten 1
    composer = Composer(WITHOUT)
    for tiles in parts(scale(300, 1500), seed):
        if len(tiles) != 13 or max(tiles.count(t) for t in tiles) > 4:
            continue
        facts = [composer.facts(code_of(tiles, s)) for s in range(3)]
        for d in range(3):
            lo, hi = LIVE[d]
            table = composer.table(d, facts[lo], facts[hi], 13)
            value = composer.shanten(d, facts[lo], facts[hi], 13)
            assert table >= 0, (tiles, d)
            assert value == table or (table, value) == (0, 1), (tiles, d)


def draws_reference(tiles: list[int], dropped: int, below: int) -> set[int]:
    """The kinds, held fewer than four times, whose draw leaves the whole part's table
    shanten below ``below`` (what `discards` and ``advice`` count as 进张)."""
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    after = S.shanten_after_draws(counts, 0, WITHOUT[dropped], ())[1]
    return {k for k in range(27) if counts[k] < 4 and after[k] < below}


@pytest.mark.parametrize("seed", range(scale(2, 8)))
def test_draws_equal_the_whole_part(seed: int) -> None:
    composer = Composer(WITHOUT)
    for tiles in parts(scale(300, 1500), seed + 100):
        if len(tiles) == 14:
            tiles = tiles[:-1]  # (drawn at random: one tile less is a random 13-tile part)
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        codes = [code_of(tiles, s) for s in range(3)]
        for d in range(3):
            for below in range(4):  # 0: the waits; above: the draws that lower the shanten
                mask = composer.draws(d, codes, below)
                assert {k for k in range(27) if mask >> k & 1} \
                    == draws_reference(tiles, d, below), (tiles, d, below)


@pytest.mark.parametrize(("hand", "dropped", "below", "expected"), [
    ("1112345678999m", 2, 0, "123456789m"),  # 九莲宝灯: every rank completes it
    ("1111m234p567p789p", 2, 0, ""),  # no wait but a fifth 1m, never drawn
    # the same below 1 (table 0): every draw keeps it 0 but the fifth 1m, and a draw of
    # the dead suit s changes nothing, so its nine kinds count too (as `discards` counts)
    ("1111m234p567p789p", 2, 1, "23456789m123456789p123456789s"),
    # 七对 waiting on 7m; 1m and 4m make groups and a pair (11 123 234 456 567m and
    # 11 22 33 44 567m … ): every wait, whichever shape
    ("1122334455667m", 1, 0, "147m"),
    # 七对 alone (no group anywhere): the single 4p completes it, a draw of m none; with
    # four 1m as two pairs, the single 9m
    ("1133557799m114p", 2, 0, "4p"),
    ("11113355779m44p", 2, 0, "9m"),
    # one from ready (the dead 1s to exchange): 3m or 6m make table 0; the dead 1s none
    ("12m45m123p456p99p1s", 2, 1, "36m"),
])
def test_pinned_draws(hand: str, dropped: int, below: int, expected: str) -> None:
    tiles = sorted(T.parse(hand))
    mask = Composer(WITHOUT).draws(dropped, [code_of(tiles, s) for s in range(3)], below)
    assert {k for k in range(27) if mask >> k & 1} == set(T.parse(expected)) \
        == draws_reference(tiles, dropped, below)


def shanten_of(hand: str, dropped: int) -> int:
    tiles = sorted(T.parse(hand))
    composer = Composer(WITHOUT)
    facts = [composer.facts(code_of(tiles, s)) for s in range(3)]
    lo, hi = LIVE[dropped]
    return composer.shanten(dropped, facts[lo], facts[hi], len(tiles))


@pytest.mark.parametrize(("hand", "dropped", "expected"), [
    ("1112345678999m", 2, 0),  # 九莲宝灯: 1–9m each complete it
    ("1111m234p567p789p", 2, 1),  # only a fifth 1m completes it: no wait, so 1
    ("1122334455667m", 1, 0),  # 七对 waiting on 7m
    ("112233445566m7s", 2, 1),  # six pairs and a dead 7s: one exchange to a 七对 wait
    ("11112222333344p", 0, 0),  # 14, complete (七对, fours as two pairs): any discard waits
    ("1122334455667m1s", 2, 0),  # 14, the dead 1s discarded: the 七对 wait on 7m
    ("1122334455667m1s", 1, 0),  # 14, 1s live: two odd kinds, discard one, wait on the other
])
def test_pinned_parts(hand: str, dropped: int, expected: int) -> None:
    assert shanten_of(hand, dropped) == expected == reference(sorted(T.parse(hand)), dropped)
