"""Wildcards against brute multiset substitution (no library knows wildcards).

RULES.md §0.6: a wildcard stands for any kind of the tile set, also a fifth copy. With all-wild
groups allowed that is exactly "some multiset of W kinds replaces the wildcards and the
natural hand is complete" — checked here by trying every multiset (slow, obviously right;
the no-wildcard check it uses is the one ``mahjong``/``xiangting`` agree with). ≤ 3
wildcards for the win check, ≤ 2 for waits; CI size by default, ``HUPAI_FULL=1`` for 1,000
and 300 hands.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from engine import tiles as T
from engine.shapes import ShapeRules, completing_kinds, is_complete
from tests import hands as H

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
]


def brute_complete(counts: list[int], wilds: int, rules: ShapeRules) -> bool:
    kinds = sorted(rules.kinds)
    for chosen in combinations_with_replacement(kinds, wilds):
        trial = list(counts)
        for k in chosen:
            trial[k] += 1
        if is_complete(trial, 0, rules):
            return True
    return False


@pytest.mark.parametrize(("family", "rules"), CASES, ids=[f.name for f, _ in CASES])
def test_win_equals_substitution(family: H.Family, rules: ShapeRules) -> None:
    wins = checked = 0
    for hand in H.hands(family, H.scale(40, 400), seed=5, sizes=(14,)):
        if not hand.wilds:
            continue
        counts = list(hand.counts)
        expected = brute_complete(counts, hand.wilds, rules)
        assert is_complete(counts, hand.wilds, rules) == expected, (counts, hand.wilds)
        checked += 1
        wins += expected
    print(f"\n{family.name}: {checked} hands with 1–3 wildcards, {wins / checked:.0%} wins")
    assert wins / checked >= 0.30


@pytest.mark.parametrize(("family", "rules"), CASES[:3], ids=[f.name for f, _ in CASES[:3]])
def test_waits_equal_substitution(family: H.Family, rules: ShapeRules) -> None:
    tenpai = checked = 0
    fam = H.Family(family.name, family.kinds, honor_chows=family.honor_chows,
                   special=family.special, max_wilds=2)
    for hand in H.hands(fam, H.scale(12, 200), seed=6, sizes=(13,)):
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
