"""换三张's scorer (RULES.md §0.10.9) held equal to its plain definition on generated deals:
each hand's shanten composed from its suits' facts (`engine.shapes.composed`), memoised by
those facts, and each hand's 进张 composed from its suits' draws (`Composer.draws`, the
first entry `discards` would list chosen from them), memoised by the suits' codes, change
no answer; the 进张 also hand by hand, on generated hands near ready (where the waits, the
ties between discards and the dead suit's draws are). CI-sized by default; ``HUPAI_FULL=1``
runs more deals."""

from __future__ import annotations

import importlib
import random
from itertools import combinations
from typing import Any

import pytest

from engine import tiles as T
from engine.advice.exchange import exchange
from engine.advice.reading import checked_hand
from engine.variants import REGISTRY
from tests.hands import Hand, mutate, scale, seven_pairs, standard

SICHUAN = REGISTRY["sichuan"]
scoring = importlib.import_module("engine.advice.exchange")  # (the package exports the function)


class Plain(scoring.ExchangeScorer):
    """Every hand after the exchange scored on its own, as §0.10.9 defines it: ``waits``'
    shanten (13 tiles: 0 only with a wait), or ``discards``' (14: the least over every
    discard), under each choice of missing suit, the least of the three; no memo across
    hands, no table bound, no composition by suit, ``discards`` itself for the 进张."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.composer = None  # every hand read whole: `waits`, `discards`

    def _shanten_of(self, i: int, part: tuple[int, ...]) -> int:
        rules = self.rules[i]
        if not self.after_draw:
            return rules.shanten(part)
        return min(rules.shanten(scoring._less(part, j)) for j in set(part))


def deals(count: int, seed: int) -> list[str]:
    """Deals of 13 and 14 tiles (half each) with at most 24 candidates (the reference is
    slow), each suit at least three tiles often enough that every suit gives some; half of
    them drawn from two suits (hands near ready after the exchange: the waits)."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        suits = rng.sample(range(3), 2) if len(found) % 4 >= 2 else [0, 1, 2]
        wall = [k for k in range(27) if k // 9 in suits for _ in range(4)]
        rng.shuffle(wall)
        tiles = sorted(wall[:13 + len(found) % 2])
        n = len({g for s in range(3)
                 for g in combinations([t for t in tiles if t // 9 == s], 3)})
        if n <= 24:
            found.append(T.compact(tiles))
    return found


@pytest.mark.parametrize("hand", deals(scale(4, 16), seed=2309))
def test_scorer_equals_its_definition(hand: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = exchange(SICHUAN, {"hand": hand})
    monkeypatch.setattr(scoring, "ExchangeScorer", Plain)
    plain = exchange(SICHUAN, {"hand": hand})
    assert fast == plain  # every candidate's expected shanten, its 进张 where tied, the order


@pytest.mark.parametrize("hand", ["1112223334445m", "11122344556678m", "12233445567899p"])
def test_a_deal_of_one_suit_equals_its_definition(hand: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # the memo's best case: every candidate and a third of the incoming triples in one suit;
    # the dealer's 14 (92 candidates, the dearest kind of body: many tie, and each hand
    # after the exchange chooses among live discards, two of its suits empty or nearly);
    # the m and s sums of a deal in p are not mirrors (the tile order of tied discards)
    fast = exchange(SICHUAN, {"hand": hand})
    monkeypatch.setattr(scoring, "ExchangeScorer", Plain)
    assert fast == exchange(SICHUAN, {"hand": hand})


def near_ready(rng: random.Random, size: int) -> list[int]:
    """A complete hand of one or two suits (groups and a pair, or 七对 with fours), then
    ``size`` tiles of it with none, one or two swapped for any number tile (the dead suit's
    too): ready hands, hands one or two from ready, fours, tied discards."""
    while True:
        suits = rng.sample(range(3), rng.choice((1, 2)))
        pool = [k for k in range(27) if k // 9 in suits]
        tiles = (standard(rng, pool) if rng.random() < 0.7
                 else seven_pairs(rng, pool, quads=True))
        if tiles is not None:
            counts = mutate(rng, Hand(tuple(T.counts(tiles)), 0), list(range(27)), size).counts
            return [k for k in range(27) for _ in range(counts[k])]


def scorers(size: int) -> tuple[scoring.ExchangeScorer, Plain]:
    """The scorer and its plain definition for a hand of ``size`` tiles (which hand does
    not matter: `effective` and `shanten` read the part they are given)."""
    data = {"hand": "123456789m1234p5s"[:15 if size == 13 else 17]}
    request, options, _, _ = checked_hand(SICHUAN, data, [])
    tiles = tuple(sorted(request.hand.concealed))
    return (scoring.ExchangeScorer(SICHUAN, data, options, tiles),
            Plain(SICHUAN, data, options, tiles))


@pytest.mark.parametrize("size", [13, 14])
def test_effective_equals_its_definition(size: int) -> None:
    # each hand's 进张 as the exchange counts it (the given triple seen), composed against
    # `waits` (13 tiles) and `discards`' first entry (14), each choice of missing suit
    fast, plain = scorers(size)
    rng = random.Random(2323 + size)
    for _ in range(scale(150, 1500)):
        part = tuple(sorted(near_ready(rng, size)))
        suit = rng.randrange(3)
        # the given three are tiles the part leaves: the hand after an exchange and the
        # tiles it gave are tiles of one wall, four of a kind at most
        left = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(4 - part.count(k))]
        given = tuple(sorted(rng.sample(left, 3)))
        assert fast.shanten(part, given) == plain.shanten(part, given), part
        assert fast.effective(part, given) == plain.effective(part, given), (part, given)


@pytest.mark.parametrize(("part", "expected"), [
    # only a fifth 1m completes it: shanten 1 (s missing), and every draw but 1m keeps the
    # table at 0 — the dead suit's too, as `discards` counts them: 2–9m 8 × 4 = 32; 1p 4,
    # 7p 2, the other seven p 3 each = 27; 123s seen 3 × 3, 4–9s 6 × 4 = 33; 92
    ("1111m234p567p789p", 92),
    # the same with 1s drawn: discarding it leaves the hand above; the 1s held is one
    # copy fewer to draw: 91
    ("1111m234p567p789p1s", 91),
])
def test_dead_suit_draws_count(part: str, expected: int) -> None:
    fast, plain = scorers(len(T.parse(part)))
    tiles, given = tuple(sorted(T.parse(part))), tuple(T.parse("123s"))
    assert fast.effective(tiles, given) == plain.effective(tiles, given) == expected
