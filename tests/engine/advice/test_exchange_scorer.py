"""换三张's scorer (RULES.md §0.10.9) held equal to its plain definition on generated deals:
each hand's shanten composed from its suits' facts (`engine.shapes.composed`), memoised by
those facts, and the 进张 stage's memo by the tiles each choice of missing suit reads change
no answer. CI-sized by default; ``HUPAI_FULL=1`` runs more deals."""

from __future__ import annotations

import importlib
import random
from itertools import combinations
from typing import Any

import pytest

from engine import tiles as T
from engine.advice.exchange import exchange
from engine.variants import REGISTRY
from tests.hands import scale

SICHUAN = REGISTRY["sichuan"]
scoring = importlib.import_module("engine.advice.exchange")  # (the package exports the function)


class Plain(scoring._Scorer):
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
    monkeypatch.setattr(scoring, "_Scorer", Plain)
    plain = exchange(SICHUAN, {"hand": hand})
    assert fast == plain  # every candidate's expected shanten, its 进张 where tied, the order


def test_a_deal_of_one_suit_equals_its_definition(monkeypatch: pytest.MonkeyPatch) -> None:
    # the memo's best case: every candidate and a third of the incoming triples in one suit
    hand = "1112223334445m"
    fast = exchange(SICHUAN, {"hand": hand})
    monkeypatch.setattr(scoring, "_Scorer", Plain)
    assert fast == exchange(SICHUAN, {"hand": hand})
