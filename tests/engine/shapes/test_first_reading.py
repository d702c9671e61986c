"""`first_reading` finds the reading `engine.shapes.readings` lists first (the one a ``fan``
answer shows), on fixed-seed complete hands of every rule set the variants read with.

The shape package lists each suit's readings in full; the variants' search walks the same
choices in the same order and stops at the first. If either ever changes its order, this
test fails and says which hand differs.
"""

from __future__ import annotations

import pytest

from engine import shapes as S
from engine import tiles as T
from engine.shapes import Shape, ShapeRules
from engine.shapes.first_reading import first_reading, first_standard
from tests import hands as H

K108, K112, K136 = T.TILE_SETS["108"], T.TILE_SETS["112"], T.TILE_SETS["136"]
RULES = [
    # 长沙: plain, 2/5/8 pair, triplets only
    ShapeRules(K108), ShapeRules(K108, pair_258=True), ShapeRules(K108, triplets_only=True),
    # 南昌: honor chows, with and without all-精 groups; triplets only
    ShapeRules(K136, honor_chows=True, seven_pairs=True, shi_san_lan=True),
    ShapeRules(K136, honor_chows=True, wild_only_groups=False, seven_pairs=True),
    ShapeRules(K136, wild_only_groups=False, triplets_only=True),
    ShapeRules(K108, honor_chows=True, seven_pairs=True),
    # 红中: 112 and 136 tiles, triplets only
    ShapeRules(K112, seven_pairs=True), ShapeRules(K112, triplets_only=True),
    ShapeRules(K136, seven_pairs=True, thirteen_orphans=True),
    # others the search must get right too: a dropped suit, 2/5/8 with honors
    ShapeRules(K108, suits=frozenset({0, 1})), ShapeRules(K136, pair_258=True),
]


@pytest.mark.parametrize("index", range(len(RULES)))
def test_the_first_standard_reading_is_the_shape_packages(index: int) -> None:
    rules = RULES[index]
    family = H.Family("any", rules.kinds, honor_chows=rules.honor_chows,
                      pair_258=rules.pair_258, triplets_only=rules.triplets_only)
    checked = wild = 0
    for size in (14, 11, 8, 5, 2):
        for hand in H.hands(family, 60, seed=1000 + 17 * index + size, sizes=(size,)):
            naturals = list(hand.counts)
            if Shape.STANDARD not in S.win_shapes(naturals, hand.wilds, rules):
                assert first_standard(naturals, hand.wilds, rules) is None
                continue
            expected = next(S.readings(naturals, hand.wilds, rules, Shape.STANDARD))
            assert first_standard(naturals, hand.wilds, rules) == expected, (naturals,
                                                                             hand.wilds)
            checked += 1
            wild += hand.wilds > 0
    assert checked >= 100 and wild >= 40


@pytest.mark.parametrize(("hand", "wilds", "index"), [
    ("11223344556677m", 0, 0),  # seven pairs that also read as a standard hand
    ("19m19p19s1234567z", 1, 9),  # 十三幺 with a wildcard: the shape package's reading
    ("1122m", 4, 3),  # four wildcards: all-wild groups and pair as the package places them
])
def test_first_reading_of_any_shape(hand: str, wilds: int, index: int) -> None:
    naturals = T.counts(T.parse(hand))
    rules = RULES[index]
    assert first_reading(naturals, wilds, rules) == next(S.readings(naturals, wilds, rules))
