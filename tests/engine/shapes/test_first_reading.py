"""`first_reading` is the reading `engine.shapes.readings` lists first (the one a ``fan``
answer shows), on fixed-seed complete hands of every rule set the variants read with.

`readings` is lazy to its first: each suit's first reading comes from a walk that stops at
the first complete branch (`_SuitReader.first`), its full list only when a second reading
is asked for; both walk the one order of choices (`_SuitReader._choices`). If the walk ever
stopped somewhere else than the list's head, this test says which hand differs.
"""

from __future__ import annotations

import sys

import pytest

from engine import shapes as S
from engine import tiles as T
from engine.shapes import Shape, ShapeRules, general
from engine.shapes.prepared import prepare
from tests import hands as H

R = sys.modules["engine.shapes.readings"]  # (the package's `readings` is the function)

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
def test_the_lazy_first_is_what_the_full_listing_puts_first(index: int) -> None:
    """Each suit's `first` is its full list's head (for every wildcard count and with or
    without the pair), and `readings`, which gives the product of the suits' firsts before
    listing them, lists every reading once with `first_reading`'s at its head."""
    rules = RULES[index]
    prep = prepare(rules)
    family = H.Family("any", rules.kinds, honor_chows=rules.honor_chows,
                      pair_258=rules.pair_258, triplets_only=rules.triplets_only)
    checked = wild = suits = 0
    for size in (14, 11, 8, 5, 2):
        for hand in H.hands(family, 60, seed=1000 + 17 * index + size, sizes=(size,)):
            naturals = list(hand.counts)
            vectors, dead = general.split(naturals, prep)
            if not dead:
                for reader, v in zip(R.suit_readers(prep, len(vectors)), vectors, strict=True):
                    for w in range(hand.wilds + 1):
                        for pair in (0, 1):
                            listed = reader.read(v, w, pair, {})
                            assert reader.first(v, w, pair) == (listed[0] if listed else None)
                            suits += 1
            if Shape.STANDARD not in S.win_shapes(naturals, hand.wilds, rules):
                assert next(R.standard_readings(naturals, hand.wilds, rules), None) is None
                continue
            every = list(S.readings(naturals, hand.wilds, rules, Shape.STANDARD))
            assert len(set(every)) == len(every), (naturals, hand.wilds)
            first = S.first_reading(naturals, hand.wilds, rules, Shape.STANDARD)
            assert first == every[0], (naturals, hand.wilds)
            checked += 1
            wild += hand.wilds > 0
    assert checked >= 100 and wild >= 40 and suits >= 1000


@pytest.mark.parametrize(("hand", "wilds", "index"), [
    ("11223344556677m", 0, 0),  # seven pairs that also read as a standard hand
    ("19m19p19s1234567z", 1, 9),  # 十三幺 with a wildcard: the shape package's reading
    ("1122m", 4, 3),  # four wildcards: all-wild groups and pair as the package places them
])
def test_first_reading_of_any_shape(hand: str, wilds: int, index: int) -> None:
    naturals = T.counts(T.parse(hand))
    rules = RULES[index]
    every = list(S.readings(naturals, wilds, rules))
    assert S.first_reading(naturals, wilds, rules) == every[0]
