"""On rule-neutral hands the model is tomohxx's (advice.md §0.10.12, "TH"): 红中 with 136 tiles,
no wildcards, no 七对 or 十三幺, ``constant_wall`` — against an implementation, written here
from the published description of the recurrence (tomohxx, *mahjong-algorithm-book*,
"和了確率", eq. 6–7), over the riichi library ``mahjong``'s shanten (no code of ours):

* a 3n+1 hand *h* at turn *u*: p(h, u) = p(h, u+1) + Σ e(h, h′)/S · (p(h′, u+1) − p(h, u+1)),
  *h′* = *h* + *k* over the effective tiles *k* (the shanten falls), e = the copies of *k*
  not in *h*;
* a 3n+2 hand *h′*: 1 when it is complete, else the best p over its shanten-keeping discards;
* p(h, t) = 0 for a hand that is not complete.

Under ``constant_wall`` the wall *S* never shrinks (TH's ``/prob/t1``: *S* = 123 for a
14-tile hand), so the book's *S* − *u* is *S*. TH's ``prob`` for a discard is its
``win_prob[t − 1]``. CI-sized by default; ``HUPAI_FULL=1`` runs more hands and longer
horizons.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest
from mahjong.shanten import Shanten

from engine import tiles as T
from engine.advice import advice
from engine.variants import REGISTRY
from tests import hands as H

NEUTRAL = {"tile_set": "136", "wild_tiles": [], "qidui": False, "shisanyao": False}
_SHANTEN = Shanten()
Hand = tuple[int, ...]  # 34 counts


@cache
def shanten(hand: Hand) -> int:
    return int(_SHANTEN.calculate_shanten_for_regular_hand(list(hand)))


def _plus(hand: Hand, k: int, n: int = 1) -> Hand:
    return (*hand[:k], hand[k] + n, *hand[k + 1:])


class Tomohxx:
    """p(h, u) for one horizon t and wall S."""

    def __init__(self, horizon: int, wall: int) -> None:
        self.t = horizon
        self.s = wall

    @cache  # noqa: B019 - one instance per test
    def p13(self, h: Hand, u: int) -> Fraction:
        if u == self.t:
            return Fraction(0)
        stay = self.p13(h, u + 1)
        total = stay
        for k in range(34):
            if h[k] < 4 and shanten(_plus(h, k)) < shanten(h):
                total += Fraction(4 - h[k], self.s) * (self.p14(_plus(h, k), u + 1) - stay)
        return total

    def p14(self, h: Hand, u: int) -> Fraction:
        s = shanten(h)
        if s < 0:
            return Fraction(1)
        return max(self.p13(_plus(h, j, -1), u) for j in range(34)
                   if h[j] and shanten(_plus(h, j, -1)) == s)


def _hands(count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    found = []
    while len(found) < count:
        tiles = rng.sample(wall, 14)
        hand = tuple(T.counts(tiles))
        if shanten(hand) <= (2 if len(found) % 2 else 1):
            found.append(hand)
    return found


@pytest.mark.parametrize("hand", _hands(H.scale(4, 30), seed=123))
def test_constant_wall_is_tomohxx_recurrence(hand: Hand) -> None:
    horizon = H.scale(6, 12)
    tiles = [k for k in range(34) for _ in range(hand[k])]
    answer = advice(REGISTRY["hongzhong"], {
        "hand": T.compact(tiles), "context": {"draws_left": horizon},
        "draw_model": "constant_wall", "options": NEUTRAL})
    assert answer.draw_model == "constant_wall"
    best = shanten(hand)
    keeping = {T.code(j) for j in range(34) if hand[j] and shanten(_plus(hand, j, -1)) == best}
    compared = 0
    for e in answer.discards:
        if e.tile not in keeping or e.not_evaluated:
            continue
        rest = _plus(hand, T.from_code(e.tile), -1)
        expected = []
        for t in range(1, horizon + 1):
            p = Tomohxx(t, 123).p13(rest, 0)  # S = 136 − 13
            expected.append(float(round(p, 6)))
        assert e.win_prob == tuple(expected), e.tile
        compared += 1
    assert compared == len(keeping)
