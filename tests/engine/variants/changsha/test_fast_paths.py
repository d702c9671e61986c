"""长沙: the fast waits machinery answers what the slow definitions answer (`fast_paths`).

``shanten_after_draws`` asks each route of `changsha.shapes.shanten` (2/5/8 standard, 碰碰胡,
全求人, 七小对, 清一色 per suit, 将将胡) once for every draw, skipping a route whose lower
bound cannot win; ``discard_draws`` reads each route some discard asks for off one pass
for every discard; ``wait_candidates`` takes the kinds completing the standard shape or
七小对, and every 2/5/8 kind while all tiles are 2/5/8 (将将胡 needs no structure). All are
held against the base class's definitions, and `shanten` against the exchanges to a wait
that the win check alone decides, on fixed-seed hands and worst cases.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import tiles as T
from engine.hand import Context, Hand, Meld, MeldKind, WinType
from engine.variants.changsha import bounds as CB
from engine.variants.changsha import shapes as CS
from engine.variants.changsha.scoring import judge
from engine.variants.changsha.variant import VARIANT
from tests import hands as H
from tests.engine.variants import fast_paths as F

OPTIONS = ({}, {"scoring_profile": "seed_simplified"},
           {"menqing_dahu": True, "quanqiuren_discard_only": True, "dahu_stack": "multiply"})
REQUESTS = F.valid_requests(VARIANT, [
    *F.bodies(range(27), (), count=220, seed=202, chows=True, options=OPTIONS),
    # all 2/5/8 (将将胡 with and without melds), four of a kind, seven pairs with fours
    {"hand": "2258m2258p2258s88m"}, {"hand": "22558m22558p2s",
                                    "melds": [{"type": "pong", "tiles": "888s"}]},
    {"hand": "11112222333344m"}, {"hand": "11223344556677m"}, {"hand": "123456789m12345p"},
    # four melds (全求人's road): two tiles left
    {"hand": "25p", "melds": [{"type": "chow", "tiles": "123m"},
                              {"type": "pong", "tiles": "555p"},
                              {"type": "chow", "tiles": "789s"},
                              {"type": "pong", "tiles": "222s"}]},
])
SLOW = F.reference(VARIANT)


def test_the_cases_are_valid_and_varied() -> None:
    assert len(REQUESTS) >= 180
    assert sum(1 for r in REQUESTS if r.hand.melds) >= 40
    assert any(len(r.hand.melds) == 4 for r in REQUESTS)


def test_hooks_agree_with_their_definitions() -> None:
    wins = sum(F.check_hooks(VARIANT, request) for request in REQUESTS)
    assert wins >= 300


@pytest.mark.parametrize("i", range(0, len(REQUESTS), 3))
def test_waits_and_discards_equal_the_slow_ones(i: int) -> None:
    F.check_operations(VARIANT, SLOW, REQUESTS[i])


def _ready(part: list[int], melds: tuple[Meld, ...]) -> bool:
    """A wait by the win rule alone: some kind held fewer than four times completes a win
    that `VARIANT.check` accepts on a discard (RULES.md §0.6) — no route of the shanten."""
    own = T.counts((*part, *(t for m in melds for t in m.tiles)))
    trial = VARIANT.wait_context(CONTEXT)
    return any(own[t] < T.COPIES and VARIANT.check(Hand(tuple(part), melds, t), trial,
                                                    DEFAULTS).win for t in range(27))


def _reference_shanten(part: list[int], melds: tuple[Meld, ...]) -> int:
    """0 when ready, 1 when one exchange (a tile out, a kind in) makes it ready, else 2
    (for "2 or more"): the definition of shanten, asked of the win check."""
    if _ready(part, melds):
        return 0
    for out in sorted(set(part)):
        rest = list(part)
        rest.remove(out)
        if any(_ready([*rest, t], melds) for t in range(27) if t != out):
            return 1
    return 2


CONTEXT = Context()
DEFAULTS = VARIANT.resolve_options({})


def test_shanten_is_the_exchanges_to_a_wait() -> None:
    # each side computed on its own: the routes' least (CS.shanten) against the distance to
    # a wait that the win check alone decides, on 13-tile parts (3n+1) of the cases
    checked = Counter()
    for request in REQUESTS[:SHANTEN_CASES]:
        hand = request.hand
        part = list(hand.concealed if len(hand.concealed) % 3 == 1 else hand.concealed[1:])
        expected = _reference_shanten(part, hand.melds)
        assert min(CS.shanten(part, hand.melds), 2) == expected, (T.compact(part), hand.melds)
        checked[expected] += 1
    assert checked[0] and checked[1] and checked[2]  # ready, one away, further


SHANTEN_CASES = H.scale(24, len(REQUESTS))


@pytest.mark.parametrize(("hand", "expected"), [
    # 2258m 2258p 25s beside pong 888s (13 tiles): every tile 2/5/8, so 将将胡 wins on any
    # 2/5/8 kind; the standard shape is far (no group among 2258m 2258p 25s)
    ("2258m2258p25s", "258m258p258s"),
    # with 1m for a 2m: 将将胡 is gone and nothing else is one tile away: no candidate
    ("1258m2258p25s", ""),
])
def test_all_258_candidates(hand: str, expected: str) -> None:
    melds = (Meld(MeldKind.PONG, (T.from_code("8s"),) * 3),)
    assert CS.wait_candidates(T.parse(hand), melds) == tuple(T.parse(expected))


def test_has_wait_equals_judge() -> None:
    # 开杠 readiness (`has_wait`) is told from one table probe per shape: on every 3n+1 part
    # the cases leave (one tile out, and the tiles an exposed kong of a held triplet
    # leaves), it says whether some kind held fewer than four times wins on a discard as
    # `judge` rules it — 将将胡, 七小对, or the standard shape with a 2/5/8 pair, 全求人,
    # 清一色 or 碰碰胡 (plus 全求人 alone: 3m beside chows and pongs of two suits wins only
    # on 3m, no 2/5/8 pair, no flush, a chow meld)
    quanqiuren = Hand(T.parse("3m"), tuple(
        Meld(kind, tuple(T.parse(tiles))) for kind, tiles in (
            (MeldKind.CHOW, "123m"), (MeldKind.PONG, "555p"), (MeldKind.CHOW, "789m"),
            (MeldKind.PONG, "999p"))))
    cases = [(r.hand, VARIANT.options(r)) for r in REQUESTS]
    cases.append((quanqiuren, cases[0][1]))
    parts = []
    for hand, options in cases:
        held = hand.concealed if len(hand.concealed) % 3 == 1 else hand.concealed[1:]
        parts.append((held, hand.melds, options))
        for kind in sorted(set(held)):
            if held.count(kind) == 3 and len(held) > 3:  # an exposed kong of it
                kong = Meld(MeldKind.KONG, (kind,) * 4)
                parts.append((tuple(t for t in held if t != kind), (*hand.melds, kong),
                              options))
    ready = 0
    for held, melds, options in parts:
        own = T.counts((*held, *(t for m in melds for t in m.tiles)))
        expected = any(judge(Hand(held, melds, t), WinType.DISCARD, options).win
                       for t in CS.KIND_LIST if own[t] < T.COPIES)
        assert CS.has_wait(held, melds) == expected, (held, melds)
        ready += expected
    assert len(parts) >= 250 and 60 <= ready <= len(parts) - 60


def _chunks_floor(part: list[int]) -> int:
    """`CB.triplets_floor` as its docstring defines it: n + 1 places of one kind, each kind's
    copies cut into chunks of three, the largest n + 1 chunks kept."""
    n = (sum(part) - 1) // 3
    chunks = sorted((min(3, c - i) for c in part for i in range(0, c, 3)), reverse=True)
    return 3 * n + 1 - sum(chunks[: n + 1])


def test_the_counted_bounds_equal_their_loop_definitions() -> None:
    # parts of 3n+1 and 3n+2 tiles (n ≤ 4), counts 0–5 (a fifth copy is a probed draw):
    # e.g. 1111 2222 333 4 5m (13 tiles, n = 4): chunks 3,3,3,1,1,1,1 → the five largest keep
    # 11, 3·4 + 1 − 11 = 2; pairs 2 + 2 + 1 = 5
    assert CB.triplets_floor(T.counts(T.parse("11112222333m45m"))) == 2
    assert CB.pair_count([5, 5, 3, 1] + [0] * 30, 14) == 2 + 2 + 1  # every odd count leaves one
    rng = __import__("random").Random(29)
    seen = Counter()
    for _ in range(4000):
        size = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        part = [0] * T.KIND_COUNT
        while sum(part) < size:
            k = rng.randrange(27) if rng.random() < 0.5 else rng.randrange(5)  # repeats
            if part[k] < 5:
                part[k] += 1
        seen[max(part)] += 1
        assert CB.triplets_floor(part) == _chunks_floor(part), part
        assert CB.pair_count(part, size) == sum(c >> 1 for c in part), part
    assert all(seen[c] for c in range(1, 6)), seen


def test_a_discards_bounds_are_its_parts_own() -> None:
    # `discard_draws` reads each discard's route bounds off the whole hand's less its tile
    # (`PartBounds.less`): they equal the bounds counted on what the discard leaves, and the
    # triplets floor read from them is `triplets_floor`'s — on parts of 3n+2 tiles with
    # counts up to 5 (a probed fifth copy), every kind held discarded in turn
    rng = __import__("random").Random(31)
    seen = Counter()
    for _ in range(1500):
        size = rng.choice([2, 5, 8, 11, 14])
        part = [0] * T.KIND_COUNT
        while sum(part) < size:
            k = rng.randrange(27) if rng.random() < 0.5 else rng.choice((1, 4, 13, 22))
            if part[k] < 5:
                part[k] += 1
        whole = CB.PartBounds.of(part, size)
        for k in range(27):
            if part[k]:
                rest = list(part)
                rest[k] -= 1
                got = whole.less(k, part[k])
                assert got == CB.PartBounds.of(rest, size - 1), (part, k)
                assert got.triplets() == CB.triplets_floor(rest), (part, k)
                seen[part[k]] += 1
    assert all(seen[c] for c in range(1, 6)), seen
