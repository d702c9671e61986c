"""The table-driven search equals the slow reference (tests/reference.py) on generated hands.

One run per shape family, 0–8 wildcards, sizes 2–14 (rooms of 10 and 7 tiles: up to 11 and
8, with 五对 and 四对). Each run prints the share of complete
hands among the 3n+2 ones and of tenpai hands among the 3n+1 ones; both must be ≥ 30 %, so
the agreement is never the trivial "no, no". CI size by default; ``HUPAI_FULL=1`` runs
10,000 hands per family.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import tiles as T
from engine.shapes import (
    FREE,
    Shape,
    ShapeRules,
    after_draws,
    completing_kinds,
    readings,
    shanten,
    shanten_after_discards,
    shanten_after_draws,
    win_shapes,
)
from tests import hands as H
from tests import reference as ref

K136 = T.TILE_SETS["136"]
K108 = T.TILE_SETS["108"]
K112 = T.TILE_SETS["112"]

FAMILIES = [
    (H.Family("standard-136", K136), ShapeRules(kinds=K136)),
    (H.Family("standard-108", K108), ShapeRules(kinds=K108)),
    (H.Family("pair-258", K108, pair_258=True), ShapeRules(kinds=K108, pair_258=True)),
    (H.Family("triplets-only", K136, triplets_only=True),
     ShapeRules(kinds=K136, triplets_only=True)),
    (H.Family("honor-chows", K136, honor_chows=True),
     ShapeRules(kinds=K136, honor_chows=True, seven_pairs=True, shi_san_lan=True)),
    (H.Family("seven-pairs", K136, special="seven_pairs"),
     ShapeRules(kinds=K136, seven_pairs=True)),
    (H.Family("seven-pairs-distinct", K136, special="seven_pairs"),
     ShapeRules(kinds=K136, seven_pairs=True, seven_pairs_four_as_two=False)),
    (H.Family("thirteen-orphans", K136, special="thirteen_orphans"),
     ShapeRules(kinds=K136, thirteen_orphans=True, seven_pairs=True)),
    (H.Family("shi-san-lan", K136, special="shi_san_lan"),
     ShapeRules(kinds=K136, shi_san_lan=True, honor_chows=True)),
    (H.Family("no-wild-groups", K136),
     ShapeRules(kinds=K136, wild_only_groups=False, seven_pairs=True)),
    (H.Family("missing-suit", K108, suits=frozenset({0, 1})),
     ShapeRules(kinds=K108, suits=frozenset({0, 1}))),
    (H.Family("red-dragon-112", K112), ShapeRules(kinds=K112)),
    # rooms of 10 and 7 tiles (RULES.md §0.9.2): 五对 and 四对, and the standard shape of
    # 3 and 2 groups beside them (the smaller sizes: the same room with declared melds)
    (H.Family("five-pairs", K136, special="seven_pairs", hand_size=10),
     ShapeRules(kinds=K136, seven_pairs=True, hand_size=10)),
    (H.Family("five-pairs-distinct", K136, special="seven_pairs", hand_size=10),
     ShapeRules(kinds=K136, seven_pairs=True, seven_pairs_four_as_two=False, hand_size=10)),
    (H.Family("five-pairs-no-wild-groups", K136, special="seven_pairs", hand_size=10),
     ShapeRules(kinds=K136, seven_pairs=True, wild_only_groups=False, hand_size=10)),
    (H.Family("four-pairs", K136, special="seven_pairs", hand_size=7),
     ShapeRules(kinds=K136, seven_pairs=True, hand_size=7)),
    (H.Family("four-pairs-distinct", K136, special="seven_pairs", hand_size=7),
     ShapeRules(kinds=K136, seven_pairs=True, seven_pairs_four_as_two=False, hand_size=7)),
    (H.Family("four-pairs-no-wild-groups", K136, special="seven_pairs", hand_size=7),
     ShapeRules(kinds=K136, seven_pairs=True, wild_only_groups=False, hand_size=7)),
    (H.Family("standard-10-with-pairs", K108, hand_size=10),
     ShapeRules(kinds=K108, seven_pairs=True, hand_size=10)),
    (H.Family("standard-7-with-pairs", K108, hand_size=7),
     ShapeRules(kinds=K108, seven_pairs=True, hand_size=7)),
    (H.Family("two-suits-five-pairs", K108, suits=frozenset({1, 2}), special="seven_pairs",
              hand_size=10),
     ShapeRules(kinds=K108, suits=frozenset({1, 2}), seven_pairs=True, hand_size=10)),
    (H.Family("one-suit-four-pairs", K108, suits=frozenset({2}), special="seven_pairs",
              hand_size=7),
     ShapeRules(kinds=K108, suits=frozenset({2}), seven_pairs=True, hand_size=7)),
]
SIZES = (14, 13, 11, 10, 8, 7, 5, 4, 2, 1)


def _reading_key(groups: tuple[object, ...]) -> tuple[tuple[str, tuple[int, ...],
                                                          tuple[bool, ...]], ...]:
    return tuple(sorted((g.kind.value, g.as_, g.wild) for g in groups))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("family", "rules"), FAMILIES, ids=[f.name for f, _ in FAMILIES])
def test_fast_path_equals_reference(family: H.Family, rules: ShapeRules) -> None:
    count = H.scale(150, 10_000)
    complete = checked = tenpai = waited = 0
    n = family.hand_size
    # special shapes have n + 1 tiles; the standard families of a smaller room stop at n + 1
    sizes = (n + 1, n) if family.special else tuple(x for x in SIZES if x <= n + 1)
    for hand in H.hands(family, count, seed=2024, sizes=sizes):
        counts, wilds = list(hand.counts), hand.wilds
        where = f"{T.compact(k for k in range(34) for _ in range(counts[k]))}+{wilds}"
        assert shanten(counts, wilds, rules) == ref.shanten(counts, wilds, rules), where
        if hand.size % 3 == 2:
            found = tuple(s.value for s in win_shapes(counts, wilds, rules))
            assert found == ref.win_shapes(counts, wilds, rules), where
            checked += 1
            complete += bool(found)
            if "standard" in found and wilds <= 4:
                ours = {_reading_key(r.groups)
                        for r in readings(counts, wilds, rules, Shape.STANDARD)}
                assert ours == ref.standard_readings(counts, wilds, rules), where
            # every discard's shanten and draws in one pass = each discard's own (a wild
            # kind on every other hand: its draw adds a wildcard)
            wild_kinds = frozenset({max(rules.kinds)}) if checked % 2 else frozenset()
            _each_discard_is_its_own(counts, wilds, rules, wild_kinds, where)
        else:
            waits = completing_kinds(counts, wilds, rules, frozenset())
            assert waits == ref.completing_kinds(counts, wilds, rules), where
            waited += 1
            tenpai += bool(waits)
            now, _ = shanten_after_draws(counts, wilds, rules, frozenset())
            assert now == shanten(counts, wilds, rules)
            # the list (`shanten_after_draws` returns this one) against each draw's shanten
            after = after_draws(counts, wilds, rules, frozenset())
            for k in sorted(rules.kinds):
                trial = list(counts)
                trial[k] += 1
                assert after[k] == shanten(trial, wilds, rules), (where, k)
    print(f"\n{family.name}: {checked} win checks ({complete / checked:.0%} complete), "
          f"{waited} wait checks ({tenpai / waited:.0%} tenpai)")
    assert complete / checked >= 0.30
    assert tenpai / waited >= 0.30


def test_free_groups_only_from_leftover_wildcards() -> None:
    # every FREE group of a reading is all wild, and the naturals of all readings add up to
    # the hand — on the standard family with many wildcards
    rules = ShapeRules(kinds=K136)
    for hand in H.hands(FAMILIES[0][0], H.scale(200, 5000), seed=7, sizes=(14, 11)):
        counts = list(hand.counts)
        for r in readings(counts, hand.wilds, rules):
            naturals = [0] * 34
            wild = 0
            for g in r.groups:
                if FREE in g.as_:
                    assert all(g.wild) and set(g.as_) == {FREE}
                for k, w in zip(g.as_, g.wild, strict=True):
                    if w:
                        wild += 1
                    else:
                        naturals[k] += 1
            assert naturals == counts and wild == hand.wilds


PAIRS_FAMILIES = [(f, r) for f, r in FAMILIES if f.special == "seven_pairs"]


@pytest.mark.parametrize(("family", "rules"), PAIRS_FAMILIES,
                         ids=[f.name for f, _ in PAIRS_FAMILIES])
def test_pairs_readings_hold_the_hand(family: H.Family, rules: ShapeRules) -> None:
    # the one reading of a complete pairs shape (七对, 五对, 四对) is ⌊(n + 1)/2⌋ pairs and
    # (五对) one single, holding exactly the hand's naturals and wildcards; a pair's members
    # stand for one kind; without four-as-two no two pairs share a kind; without all-wild
    # groups every pair holds a natural
    size = family.hand_size + 1
    seen = 0
    for hand in H.hands(family, H.scale(150, 5000), seed=99, sizes=(size,)):
        counts, wilds = list(hand.counts), hand.wilds
        if Shape.SEVEN_PAIRS not in win_shapes(counts, wilds, rules):
            continue
        (reading,) = readings(counts, wilds, rules, Shape.SEVEN_PAIRS)
        pairs = [g for g in reading.groups if g.kind.value == "pair"]
        singles = [g for g in reading.groups if g.kind.value == "single"]
        assert (len(pairs), len(singles)) == (size // 2, size % 2)
        assert len(reading.groups) == len(pairs) + len(singles)
        naturals = [0] * 34
        wild = 0
        for g in reading.groups:
            for k, w in zip(g.as_, g.wild, strict=True):
                if w:
                    wild += 1
                else:
                    naturals[k] += 1
        assert naturals == counts and wild == wilds
        for g in pairs:
            assert len(set(g.as_)) == 1
            assert rules.wild_only_groups or not all(g.wild)
        if not rules.seven_pairs_four_as_two:
            kinds = [g.as_[0] for g in pairs if g.as_[0] != FREE]
            assert len(kinds) == len(set(kinds))
        seen += 1
    assert seen >= H.scale(40, 1000)


_SHAPES = ("seven_pairs", "thirteen_orphans", "shi_san_lan")
_ONE_SPECIAL = [(family, replace(rules, standard=False, suits=suits,
                                 **{other: other == shape for other in _SHAPES}))
                for family, rules in FAMILIES
                for shape in _SHAPES if getattr(rules, shape)
                for suits in (rules.suits, frozenset(sorted(rules.suits)[1:]))]
"""Each special family's rules as one special shape alone (the variants' shape-by-shape
probes), over its suits and with its first suit dropped (dead kinds: 缺一门; 十三烂 and
十三幺 without a suit can never complete)."""


@pytest.mark.parametrize(("family", "rules"), _ONE_SPECIAL,
                         ids=[f"{f.name}-{s}-{len(r.suits)}" for f, r in _ONE_SPECIAL
                              for s in _SHAPES if getattr(r, s)])
def test_special_shape_discards_equal_each_discards_own(family: H.Family, rules: ShapeRules
                                                        ) -> None:
    # `shanten_after_discards` reads each special shape of every discard from one summary
    # of the whole part (`special.Discards`): each discard's own `shanten_after_draws` is
    # the definition — on the family's hands and on standard hands of their size, a wild
    # kind on every other hand (its draw adds a wildcard)
    count = H.scale(150, 5_000)
    n = family.hand_size
    standard_family = replace(family, special="")
    for source in (family, standard_family):
        for i, hand in enumerate(H.hands(source, count, seed=2025, sizes=(n + 1,))):
            counts, wilds = list(hand.counts), hand.wilds
            where = f"{T.compact(k for k in range(34) for _ in range(counts[k]))}+{wilds}"
            wild_kinds = frozenset({max(rules.kinds)}) if i % 2 else frozenset()
            _each_discard_is_its_own(counts, wilds, rules, wild_kinds, where)


def _each_discard_is_its_own(counts: list[int], wilds: int, rules: ShapeRules,
                             wild_kinds: frozenset[int], where: str) -> None:
    """Every discard's shanten and draws read in one pass equal that discard's own
    `shanten_after_draws` (the definition), and every held kind is a discard."""
    by_discard = shanten_after_discards(counts, wilds, rules, wild_kinds)
    assert sorted(by_discard) == [k for k in range(34) if counts[k]], where
    for k, got in by_discard.items():
        rest = list(counts)
        rest[k] -= 1
        assert got == shanten_after_draws(rest, wilds, rules, wild_kinds), (where, k)


_DEAD_SUITS = [
    ("sichuan-dropped-suit", H.Family("standard-108", K108),
     ShapeRules(kinds=K108, suits=frozenset({0, 1}))),
    ("one-suit-left", H.Family("standard-108", K108),
     ShapeRules(kinds=K108, suits=frozenset({2}), seven_pairs=True)),
    ("honors-out-of-suits", H.Family("standard-136", K136),
     ShapeRules(kinds=K136, suits=frozenset({0, 1, 2}))),
    ("honors-out-of-kinds", H.Family("standard-136", K136), ShapeRules(kinds=K108)),
    ("pair-258-dropped-suit", H.Family("pair-258", K108, pair_258=True),
     ShapeRules(kinds=K108, pair_258=True, suits=frozenset({1, 2}))),
    ("no-wild-groups-dropped-suit", H.Family("standard-136", K136),
     ShapeRules(kinds=K136, wild_only_groups=False, suits=frozenset({0, 2, 3}))),
]
"""Rules with a dead suit (outside ``suits``, or honors outside ``kinds``) on hands that
hold tiles of it: `standard.after_discards` reads a dead suit once a hand (its class never
changes), not once a discard."""


@pytest.mark.parametrize(("family", "rules"), [(f, r) for _, f, r in _DEAD_SUITS],
                         ids=[name for name, _, _ in _DEAD_SUITS])
def test_dead_suit_discards_equal_each_discards_own(family: H.Family, rules: ShapeRules
                                                    ) -> None:
    # every discard of a hand holding a dead suit's tiles, in one pass, is that discard's
    # own `shanten_after_draws`; enough hands hold a dead tile that its discard is
    # exercised (a wild kind on every other hand)
    live = {k for k in range(34) if k // 9 in rules.suits and k in rules.kinds}
    holding = 0
    hands = list(H.hands(family, H.scale(150, 5_000), seed=2026, sizes=(14, 11, 8, 5)))
    for i, hand in enumerate(hands):
        counts, wilds = list(hand.counts), hand.wilds
        where = f"{T.compact(k for k in range(34) for _ in range(counts[k]))}+{wilds}"
        wild_kinds = frozenset({max(rules.kinds)}) if i % 2 else frozenset()
        _each_discard_is_its_own(counts, wilds, rules, wild_kinds, where)
        holding += any(counts[k] for k in range(34) if k not in live)
    assert holding >= len(hands) // 4


def test_shi_san_lan_with_many_honors_equals_the_reference() -> None:
    # 十三烂 where one honor more may keep no natural more: with five or more honors held
    # beside suits of three ranks each, the target must give a suit's place up for it
    # (14 places: 3 + 3 + 3 + 5) — yet a missing honor's draw always lowers it
    # (`special._lan_draws`). Each draw's shanten of 13 tiles and each discard's of 14
    # against the reference, 0–2 wildcards, and every missing honor's draw one lower
    rules = ShapeRules(kinds=K136, standard=False, shi_san_lan=True)
    rng = __import__("random").Random(77)
    honors_drawn = 0
    for _ in range(H.scale(120, 3_000)):
        counts = [0] * 34
        for k in rng.sample(range(27, 34), rng.randint(4, 7)):
            counts[k] = 1
        wilds = rng.choice((0, 0, 1, 2))
        for s in range(3):  # a valid rank set per suit, now and then a rank off it
            for r in rng.choice(((0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (0, 3, 7))):
                if sum(counts) + wilds < 13:
                    counts[9 * s + (r if rng.random() < 0.8 else rng.randrange(9))] += 1
        while sum(counts) + wilds < 13:
            counts[rng.randrange(34)] += 1
        where = f"{T.compact(k for k in range(34) for _ in range(counts[k]))}+{wilds}"
        now = ref.shanten(counts, wilds, rules)
        after = after_draws(counts, wilds, rules, frozenset())
        for k in range(34):
            trial = list(counts)
            trial[k] += 1
            assert after[k] == ref.shanten(trial, wilds, rules), (where, k)
            if k >= 27 and not counts[k]:
                assert after[k] == now - 1, (where, k)
                honors_drawn += 1
        extra = rng.randrange(34)
        counts[extra] += 1
        for k, (got_now, got_after) in shanten_after_discards(counts, wilds, rules,
                                                              frozenset()).items():
            rest = list(counts)
            rest[k] -= 1
            assert got_now == ref.shanten(rest, wilds, rules), (where, extra, k)
            assert got_after == after_draws(rest, wilds, rules, frozenset()), (where, k)
    assert honors_drawn >= H.scale(150, 3_000)
