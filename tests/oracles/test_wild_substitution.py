"""Wildcards against brute multiset substitution (no library knows wildcards).

RULES.md §0.6: a wildcard stands for any kind of the tile set, also a fifth copy. With all-wild
groups allowed that is exactly "some multiset of W kinds replaces the wildcards and the
natural hand is complete" — checked here by trying every multiset (slow, obviously right;
the no-wildcard check it uses is the one ``mahjong``/``xiangting`` agree with). ≤ 3
wildcards for the win check, ≤ 2 for waits; rooms of 10 and 7 tiles too (五对, 四对), and
their pairs shapes without all-wild pairs against the labelled substitution
(`tests.oracles.wild_brute`); CI size by default, ``HUPAI_FULL=1`` for 1,000
and 300 hands.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement

import pytest

from engine import tiles as T
from engine.shapes import ShapeRules, completing_kinds, is_complete
from tests import hands as H
from tests.oracles import wild_brute as brute

K136 = T.TILE_SETS["136"]
CASES = [
    (H.Family("standard", K136, max_wilds=3),
     ShapeRules(kinds=K136, seven_pairs=True, thirteen_orphans=True)),
    (H.Family("honor-chows", K136, honor_chows=True, max_wilds=3),
     ShapeRules(kinds=K136, honor_chows=True, shi_san_lan=True)),
    (H.Family("seven-pairs", K136, special="seven_pairs", max_wilds=3),
     ShapeRules(kinds=K136, seven_pairs=True)),
    (H.Family("shi-san-lan", K136, special="shi_san_lan", max_wilds=3),
     ShapeRules(kinds=K136, shi_san_lan=True)),
    (H.Family("pair-258", T.TILE_SETS["108"], pair_258=True, max_wilds=3),
     ShapeRules(kinds=T.TILE_SETS["108"], pair_258=True)),
    # rooms of 10 and 7 tiles (RULES.md §0.9.2): 3 or 2 groups and a pair, 五对, 四对
    (H.Family("standard-10", K136, max_wilds=3, hand_size=10),
     ShapeRules(kinds=K136, seven_pairs=True, hand_size=10)),
    (H.Family("five-pairs", K136, special="seven_pairs", max_wilds=3, hand_size=10),
     ShapeRules(kinds=K136, seven_pairs=True, hand_size=10)),
    (H.Family("standard-7", K136, max_wilds=3, hand_size=7),
     ShapeRules(kinds=K136, seven_pairs=True, hand_size=7)),
    (H.Family("four-pairs", K136, special="seven_pairs", max_wilds=3, hand_size=7),
     ShapeRules(kinds=K136, seven_pairs=True, hand_size=7)),
]
WAIT_CASES = [*CASES[:3], *CASES[5:]]
"""The families whose waits are checked too (all of a room's wins by substitution)."""
LABELLED = [
    (H.Family("five-pairs", K136, special="seven_pairs", max_wilds=3, hand_size=10),
     ShapeRules(kinds=K136, seven_pairs=True, wild_only_groups=False, hand_size=10)),
    (H.Family("five-pairs-distinct", K136, special="seven_pairs", max_wilds=3, hand_size=10),
     ShapeRules(kinds=K136, seven_pairs=True, seven_pairs_four_as_two=False, hand_size=10)),
    (H.Family("four-pairs", K136, special="seven_pairs", max_wilds=3, hand_size=7),
     ShapeRules(kinds=K136, seven_pairs=True, wild_only_groups=False, hand_size=7)),
]
"""Pairs shapes without all-wild pairs or with distinct pairs, against the labelled
substitution of `tests.oracles.wild_brute` (every pair holding a natural, as it is written)."""


def brute_complete(counts: list[int], wilds: int, rules: ShapeRules) -> bool:
    kinds = sorted(rules.kinds)
    for chosen in combinations_with_replacement(kinds, wilds):
        trial = list(counts)
        for k in chosen:
            trial[k] += 1
        if is_complete(trial, 0, rules):
            return True
    return False


WIN_CASES = [(f, r, brute_complete) for f, r in CASES] + [
    (f, r, brute.substituted_win) for f, r in LABELLED]


@pytest.mark.parametrize(("family", "rules", "oracle"), WIN_CASES,
                         ids=[f"{f.name}-{o.__name__}" for f, _, o in WIN_CASES])
def test_win_equals_substitution(family: H.Family, rules: ShapeRules,
                                 oracle: Callable[[list[int], int, ShapeRules], bool]) -> None:
    wins = checked = 0
    for hand in H.hands(family, H.scale(40, 400), seed=5, sizes=(family.hand_size + 1,)):
        if not hand.wilds:
            continue
        counts = list(hand.counts)
        expected = oracle(counts, hand.wilds, rules)
        assert is_complete(counts, hand.wilds, rules) == expected, (counts, hand.wilds)
        checked += 1
        wins += expected
    print(f"\n{family.name}: {checked} hands with 1–3 wildcards, {wins / checked:.0%} wins")
    assert wins / checked >= 0.30


@pytest.mark.parametrize(("family", "rules"), WAIT_CASES, ids=[f.name for f, _ in WAIT_CASES])
def test_waits_equal_substitution(family: H.Family, rules: ShapeRules) -> None:
    tenpai = checked = 0
    fam = H.Family(family.name, family.kinds, honor_chows=family.honor_chows,
                   special=family.special, max_wilds=2, hand_size=family.hand_size)
    for hand in H.hands(fam, H.scale(12, 200), seed=6, sizes=(family.hand_size,)):
        if not hand.wilds:
            continue
        counts = list(hand.counts)
        expected = []
        for t in sorted(rules.kinds):
            trial = list(counts)
            trial[t] += 1
            if brute_complete(trial, hand.wilds, rules):
                expected.append(t)
        assert completing_kinds(counts, hand.wilds, rules, frozenset()) == tuple(expected)
        checked += 1
        tenpai += bool(expected)
    print(f"\n{family.name}: {checked} hands with 1–2 wildcards, {tenpai / checked:.0%} tenpai")
    assert tenpai / checked >= 0.30

