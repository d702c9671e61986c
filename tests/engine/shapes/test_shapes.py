"""Hand-worked cases for the shape search, one pair of cases per rule flag.

Every expected value is worked out from RULES.md §0.6 in the comment beside it; hands are in
mpsz notation, ``+w`` counts wildcards.
"""

from __future__ import annotations

import random

import pytest

from engine import tiles as T
from engine.shapes import (
    FREE,
    PAIRS_SHAPE_NAMES,
    GroupKind,
    Shape,
    ShapeGroup,
    ShapeRules,
    completing_kinds,
    is_complete,
    readings,
    shanten,
    shanten_after_draws,
    win_shapes,
)
from tests import hands as H
from tests import reference as ref

K136 = T.TILE_SETS["136"]
K108 = T.TILE_SETS["108"]
K112 = T.TILE_SETS["112"]
STD, SP, TO, SSL = (Shape.STANDARD, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS,
                    Shape.SHI_SAN_LAN)


def rules(kinds: frozenset[int] = K136, **flags: object) -> ShapeRules:
    return ShapeRules(kinds=kinds, **flags)  # type: ignore[arg-type]


def hand(text: str) -> tuple[list[int], int]:
    """``'123m+2'`` → (counts of 123m, 2 wildcards)."""
    tiles, _, wild = text.partition("+")
    return T.counts(T.parse(tiles)), int(wild or 0)


WIN_CASES = [
    # 123m 456p 789s 111z + pair 22z
    ("123m456p789s11122z", rules(), (STD,)),
    # the same with the 22z pair half wild, and with 2z and 1z each completed by a wildcard
    ("123m456p789s1112z+1", rules(), (STD,)),
    ("123m456p789s12z+3", rules(), (STD,)),
    # 1z + 4 wildcards (5 tiles: one group and a pair): 1z+w pair and www triplet, or
    # 1zww triplet and ww pair — both need a group of wildcards alone
    ("1z+4", rules(), (STD,)),
    ("1z+4", rules(wild_only_groups=False), ()),
    # honor chows: 123z (东南西) is a chow only with honor_chows; 567z is 白发中
    ("123m456m789m123z55z", rules(honor_chows=True), (STD,)),
    ("123m456m789m123z55z", rules(), ()),
    ("123m456m789m567z11z", rules(honor_chows=True), (STD,)),
    # 134z: any three different winds
    ("123m456m789m134z55z", rules(honor_chows=True), (STD,)),
    # pair 2/5/8: 55p passes, 44p does not
    ("123m456m789m123p55p", rules(K108, pair_258=True), (STD,)),
    ("123m456m789m123p44p", rules(K108, pair_258=True), ()),
    ("123m456m789m123p44p", rules(K108), (STD,)),
    # 5p + w is the pair 55p. With 4p + w instead: a 2/5/8 pair needs 2p+w (then 1p 3p 4p
    # are no group) or 5m/8m+w (then 46m / 79m are no group): not complete; any pair: 44p
    ("123m456m789m123p5p+1", rules(K108, pair_258=True), (STD,)),
    ("123m456m789m123p4p+1", rules(K108, pair_258=True), ()),
    ("123m456m789m123p4p+1", rules(K108), (STD,)),
    # triplets only: 111m 222p 333s 444z 55z; a chow 123m is no triplet
    ("111m222p333s444z55z", rules(triplets_only=True), (STD,)),
    ("123m222p333s444z55z", rules(triplets_only=True), ()),
    ("123m222p333s444z55z", rules(), (STD,)),
    # seven pairs: 11 99 m, 11 99 p, 11 99 s, 11z; no standard reading
    ("1199m1199p1199s11z", rules(seven_pairs=True), (SP,)),
    ("1199m1199p1199s11z", rules(), ()),
    # four of a kind as two pairs, or not
    ("1111m2299p1199s11z", rules(seven_pairs=True), (SP,)),
    ("1111m2299p1199s11z", rules(seven_pairs=True, seven_pairs_four_as_two=False), ()),
    # 七对 with wildcards (RULES.md §0.6): pairs 6, singles s = 0, W = 2 → 6 + 0 + 1 = 7
    ("1199m1199p1199s+2", rules(seven_pairs=True), (SP,)),
    # without wild_only_groups two wildcards alone are no pair, but each can sit on a tile
    # of the natural pair 11m: 1m+w, 1m+w = four of a kind, two pairs (issue 14) ...
    ("1199m1199p1199s+2", rules(seven_pairs=True, wild_only_groups=False), (SP,)),
    # ... unless four of a kind are not two pairs: then the two wildcards are no pair
    ("1199m1199p1199s+2", rules(seven_pairs=True, wild_only_groups=False,
                                seven_pairs_four_as_two=False), ()),
    # W = 7 of 14 tiles: 1m 9m 1p 9p 1s 9s 1z each + one wildcard → 7 pairs, each natural
    ("19m19p19s1z+7", rules(seven_pairs=True, wild_only_groups=False), (SP,)),
    # W = 8: six naturals cannot hold seven pairs a natural each
    ("19m19p19s+8", rules(seven_pairs=True, wild_only_groups=False), ()),
    # pairs 5, singles 2 (9s, 1z), W = 2 ≥ 2 and even: 5 + 2 + 0 = 7
    ("1199m1199p119s1z+2", rules(seven_pairs=True), (SP,)),
    # a hand that is both: 112233m 445566p 77s reads as 123m×2 456p×2 77s and as 7 pairs
    ("112233m445566p77s", rules(seven_pairs=True), (STD, SP)),
    # thirteen orphans with 1m doubled; a wildcard in place of 7z
    ("19m19p19s1234567z1m", rules(thirteen_orphans=True), (TO,)),
    ("19m19p19s1234567z1m", rules(), ()),
    ("19m19p19s123456z1m+1", rules(thirteen_orphans=True), (TO,)),
    # 十三烂: 147m 258p 369s 12345z (ranks ≥ 3 apart per suit, honors distinct)
    ("147m258p369s12345z", rules(shi_san_lan=True), (SSL,)),
    ("147m258p369s12345z", rules(), ()),
    # 148m is fine too (gaps 3 and 4); 146m is not (4m, 6m two apart)
    ("148m258p369s12345z", rules(shi_san_lan=True), (SSL,)),
    ("146m258p369s12345z", rules(shi_san_lan=True), ()),
    # two wildcards fill two of the missing honors 4z–7z
    ("147m258p369s123z+2", rules(shi_san_lan=True), (SSL,)),
    # 147m 25p 3s 12z = 8 naturals, 6 wildcards; places left: 8p, 6s 9s, 3z–7z = 8 ≥ 6
    ("147m25p3s12z+6", rules(shi_san_lan=True), (SSL,)),
    # the missing suit (四川): a natural of a suit outside ``suits`` makes it incomplete
    ("123m456m789m123p11s", rules(K108), (STD,)),
    ("123m456m789m123p11s", rules(K108, suits=frozenset({0, 1})), ()),
    # 112 tiles: 红中 is in the tile set, 东 is not
    ("123m456p789s777z11m", rules(K112), (STD,)),
    ("123m456p789s111z11m", rules(K112), ()),
    # standard off: only the special shapes count
    ("123m456p789s11122z", rules(standard=False, seven_pairs=True), ()),
    # no two of 1m 5m 9m 1p 5p 9p can share a group (ranks 4 apart), so they need six groups;
    # 14 tiles have five (four and the pair): not complete, with or without all-wild groups
    ("159m159p+8", rules(), ()),
    ("159m159p+8", rules(wild_only_groups=False), ()),
    # --- rooms of 10 and 7 tiles (RULES.md §0.9.2): the pairs shape of n + 1 tiles ---
    # 五对: 11 22 33 55 88 s + the single 7s (rooms.md Example 2); no standard reading
    # (3 groups + a pair from 1122335578 8s: 123 123 55 leaves 788)
    ("11s22s33s55s7s88s", rules(K108, seven_pairs=True, hand_size=10), (SP,)),
    # ... the same 11 tiles in a 13-tile room are a part beside a meld: no pairs shape
    ("11s22s33s55s7s88s", rules(K108, seven_pairs=True), ()),
    # a kind of three is a pair and the single: 111s = 11s + 1s
    ("111s22s33s55s88s", rules(K108, seven_pairs=True, hand_size=10), (SP,)),
    ("111s22s33s55s88s", rules(K108, seven_pairs=True, seven_pairs_four_as_two=False,
                               hand_size=10), (SP,)),
    # two odd kinds (8s, 9s) and one wildcard: 8s+w is a pair, 9s the single (and the
    # wildcard as 7s: 123 123 789 55)
    ("11s22s33s55s8s9s+1", rules(K108, seven_pairs=True, hand_size=10), (STD, SP)),
    # three odd kinds, one wildcard: one pair short
    ("11s22s33s55s7s8s9s", rules(K108, seven_pairs=True, standard=False, hand_size=10), ()),
    # 四对: 11 22 33 44 m, also 123m 123m 44m (rooms.md small case 14)
    ("11m22m33m44m", rules(K108, seven_pairs=True, hand_size=7), (STD, SP)),
    # 1111m 22m 33m: four of a kind as two pairs (small case 16), or not; 11m 123m 123m
    ("1111m22m33m", rules(K108, seven_pairs=True, hand_size=7), (STD, SP)),
    ("1111m22m33m", rules(K108, seven_pairs=True, seven_pairs_four_as_two=False,
                          hand_size=7), (STD,)),
    # 四对 of three naturals pairs + two wildcards; not with 10 tiles (8 is a part beside a meld)
    ("1199m11p+2", rules(K108, seven_pairs=True, standard=False, hand_size=7), (SP,)),
    ("1199m11p+2", rules(K108, seven_pairs=True, standard=False, hand_size=10), ()),
]


@pytest.mark.parametrize(("text", "rule", "expected"), WIN_CASES)
def test_win_shapes(text: str, rule: ShapeRules, expected: tuple[Shape, ...]) -> None:
    counts, wilds = hand(text)
    assert win_shapes(counts, wilds, rule) == expected
    assert is_complete(counts, wilds, rule) is bool(expected)


SHANTEN_CASES = [
    # 123m 456p 789s 11z 22z: waits on 1z or 2z → tenpai
    ("123m456p789s1122z", rules(), 0),
    # complete 14 tiles → −1
    ("123m456p789s11122z", rules(), -1),
    # 147m 258p 369s 1234z: no two tiles share a group, so a target keeps one natural per
    # group and pair: 5 kept, 14 − 5 = 9 to acquire → shanten 8
    ("147m258p369s1234z", rules(), 8),
    # ... seven pairs keeps 7 singles: 14 − 7 − 1 = 6
    ("147m258p369s1234z", rules(seven_pairs=True), 6),
    # ... 十三烂 keeps all 13 and needs one more honor: 14 − 13 − 1 = 0
    ("147m258p369s1234z", rules(shi_san_lan=True), 0),
    # 13 orphans waiting on any orphan
    ("19m19p19s1234567z", rules(thirteen_orphans=True), 0),
    # wildcards fill acquisitions: kept 5, W = 2 → 14 − 5 − 2 − 1 = 6
    ("147m258p369s12z+2", rules(), 6),
    # 4 groups + 2z single: tanki wait → 0; triplets only: 111z kept 3, 2z in the pair 1,
    # three more triplets keep one of 1m..9m each → 7 kept → 14 − 7 − 1 = 6
    ("123m456m789m111z2z", rules(), 0),
    ("123m456m789m111z2z", rules(triplets_only=True), 6),
    # tanki on 3s → 0; a 2/5/8 pair must be acquired whole (2 tiles): 14 − 12 − 1 = 1
    ("123m456m789m111p3s", rules(K108), 0),
    ("123m456m789m111p3s", rules(K108, pair_258=True), 1),
    # honor chows: 12z 567z: 12z waits on 3z/4z, 567z complete, plus 123m 456m 11m? count:
    # 123m456m 11m 12z 567z = 13: groups 123 456 567z + pair 11m + 12z partial → tenpai
    ("123m456m11m12z567z", rules(honor_chows=True), 0),
    # without honor chows: 567z and 12z are singles: kept 123 456 11m (8) + one of each of
    # two more triplets (2) → 10 → 14 − 10 − 1 = 3
    ("123m456m11m12z567z", rules(), 3),
    # a missing suit's tiles are exchanges: 123m 456m 789m 11m + 2s 3s: with s allowed the
    # hand waits on 1s/4s (0); without, 2s 3s are dead: kept 11, 14 − 11 − 1 = 2
    ("123m456m789m11m23s", rules(K108), 0),
    ("123m456m789m11m23s", rules(K108, suits=frozenset({0, 1})), 2),
    # wild_only_groups: 1z + 3 wildcards (4 tiles = a group and one tile more): 1z+w pair,
    # www triplet → tenpai (0); without all-wild groups a group needs a natural that is not
    # there: acquire one natural for it → 4 + ... target 1z ww (triplet) + x w (pair): the
    # pair needs one drawn natural x → 1 acquisition → shanten 0 as well
    ("1z+3", rules(), 0),
    ("1z+3", rules(wild_only_groups=False), 0),
    # 2 tiles: 1z + w is complete (pair) → −1; w w alone is complete only with all-wild pairs
    ("+2", rules(), -1),
    ("+2", rules(wild_only_groups=False), 0),
    # 七对 without all-wild pairs (issue 14): 11m 99m 11p 99p 11s + 9s + 2 wildcards (13
    # tiles): target 11m 99m 11p 99p 11s, 9s+w, 1z+w — one tile (1z) to acquire → 0
    ("1199m1199p11s9s+2", rules(seven_pairs=True, wild_only_groups=False,
                               standard=False), 0),
    # 12 naturals in six pairs + 2 wildcards = 14 tiles: complete with four-as-two (−1);
    # without it one pair must be new: acquire a natural for it → 1 − 1 = 0
    ("1199m1199p1199s+2", rules(seven_pairs=True, wild_only_groups=False, standard=False),
     -1),
    ("1199m1199p1199s+2", rules(seven_pairs=True, wild_only_groups=False, standard=False,
                                seven_pairs_four_as_two=False), 0),
    # 1m 9m 1p 9p 1s 9s + 8 wildcards: seven pairs need seven naturals, one to acquire
    # (discarding a wildcard) → 1 − 1 = 0; with all-wild pairs it is complete (−1)
    ("19m19p19s+8", rules(seven_pairs=True, wild_only_groups=False, standard=False), 0),
    ("19m19p19s+8", rules(seven_pairs=True, standard=False), -1),
    # --- rooms of 10 and 7 tiles ---
    # 11 22 33 55 s + 78s: tenpai (6s/9s complete 123 123 55 + 678/789, 7s/8s 五对)
    ("11s22s33s55s78s", rules(K108, seven_pairs=True, hand_size=10), 0),
    # 147m 147p 147s 1z (10 tiles): 五对 keeps each as a half pair or the single (5 + 1):
    # 11 − 6 − 1 = 4; the standard shape (3 groups + pair) keeps 4: 11 − 4 − 1 = 6
    ("147m147p147s1z", rules(seven_pairs=True, hand_size=10), 4),
    ("147m147p147s1z", rules(hand_size=10), 6),
    # 147m 147p 1s (7 tiles): 四对 keeps 4 halves: 8 − 4 − 1 = 3; standard keeps 3: 4
    ("147m147p1s", rules(seven_pairs=True, hand_size=7), 3),
    ("147m147p1s", rules(hand_size=7), 4),
    # 五对 without all-wild pairs: 1s 3s 5s 7s 9s + 5 wildcards (10 tiles): each natural
    # pairs a wildcard; the single is a new tile → 11 − 5 − 5 − 1 = 0
    ("13579s+5", rules(K108, seven_pairs=True, standard=False, wild_only_groups=False,
                       hand_size=10), 0),
    # 1s 3s + 8 wildcards: five pairs need five naturals, three to acquire → 3 − 1 = 2
    ("13s+8", rules(K108, seven_pairs=True, standard=False, wild_only_groups=False,
                    hand_size=10), 2),
]


@pytest.mark.parametrize(("text", "rule", "expected"), SHANTEN_CASES)
def test_shanten(text: str, rule: ShapeRules, expected: int) -> None:
    counts, wilds = hand(text)
    assert shanten(counts, wilds, rule) == expected


WAIT_CASES = [
    # 九莲宝灯 waits on every m kind
    ("1112345678999m", rules(), frozenset(), "123456789m"),
    # shanpon on 1z / 2z
    ("123m456p789s1122z", rules(), frozenset(), "12z"),
    # with 7z wild, drawing a 7z adds a wildcard which pairs either single
    ("123m456p789s1122z", rules(), frozenset({33}), "127z"),
    # tanki 3s, not a 2/5/8 pair
    ("123m456m789m111p3s", rules(K108), frozenset(), "3s"),
    ("123m456m789m111p3s", rules(K108, pair_258=True), frozenset(), ""),
    # 13-sided 13 orphans
    ("19m19p19s1234567z", rules(thirteen_orphans=True), frozenset(), "19m19p19s1234567z"),
    # seven pairs tanki: 6 pairs + 7z; no standard reading
    ("1199m1199p1199s7z", rules(seven_pairs=True), frozenset(), "7z"),
    # 6 pairs (11m 99m 11p 99p 11s 99s) + a third 1m: 1111m is two pairs only with
    # four-as-two
    ("111m99m1199p1199s", rules(seven_pairs=True), frozenset(), "1m"),
    ("111m99m1199p1199s", rules(seven_pairs=True, seven_pairs_four_as_two=False),
     frozenset(), ""),
    # --- rooms of 10 and 7 tiles (rooms.md Example 2, small cases 14 and 17) ---
    # 11 22 33 55 s + 78s: 6s, 9s (123 123 55 678 / 789) and 7s, 8s (五对)
    ("11s22s33s55s78s", rules(K108, suits=frozenset({2}), seven_pairs=True, hand_size=10),
     frozenset(), "6789s"),
    # five pairs: any kind of the room is the single (18 kinds with p and s)
    ("11s33s55s77s99s", rules(K108, suits=frozenset({1, 2}), seven_pairs=True, hand_size=10),
     frozenset(), "123456789p123456789s"),
    # 11 22 33 m + 4m: 1m (11 123 234), 4m (四对, and 123 123 44)
    ("11m22m33m4m", rules(K108, suits=frozenset({0}), seven_pairs=True, hand_size=7),
     frozenset(), "14m"),
    # ... and in a 13-tile room the 7 tiles are a part beside two melds: no pairs shape,
    # but 4m still completes 123 123 44
    ("11m22m33m4m", rules(K108, suits=frozenset({0}), seven_pairs=True), frozenset(), "14m"),
    # 四对 alone: three pairs and a single wait on the single
    ("11m22m44m5m", rules(K108, seven_pairs=True, hand_size=7, standard=False),
     frozenset(), "5m"),
]


@pytest.mark.parametrize(("text", "rule", "wild", "expected"), WAIT_CASES)
def test_completing_kinds(text: str, rule: ShapeRules, wild: frozenset[int],
                          expected: str) -> None:
    counts, wilds = hand(text)
    assert completing_kinds(counts, wilds, rule, wild) == tuple(T.parse(expected))


def test_no_four_copies_filter() -> None:
    # 1111m 123p 456p 789p: 111m + 1m tanki: only a fifth 1m completes (111m + 11m); 2m gives
    # 1111m2m = 111m + 12m (no), so the answer is 1m alone — the caller filters copies
    counts, wilds = hand("1111m123p456p789p")
    assert completing_kinds(counts, wilds, rules(), frozenset()) == (T.from_code("1m"),)
    # its shanten is 0 in shape terms (RULES.md §0.6 waits drop the kind, the variant says
    # how far such a hand is)
    assert shanten(counts, wilds, rules()) == 0


def test_shanten_after_draws_matches_shanten() -> None:
    counts, wilds = hand("147m258p369s1234z")
    rule = rules(seven_pairs=True, shi_san_lan=True, thirteen_orphans=True)
    now, after = shanten_after_draws(counts, wilds, rule, frozenset({33}))
    assert now == shanten(counts, wilds, rule)
    for k in range(34):
        if k == 33:
            expected = shanten(counts, wilds + 1, rule)  # a wild kind adds a wildcard
        else:
            trial = list(counts)
            trial[k] += 1
            expected = shanten(trial, wilds, rule)
        assert after[k] == expected


def test_shanten_after_draws_outside_the_tile_set() -> None:
    counts, wilds = hand("123m456m789m111p3s")
    _, after = shanten_after_draws(counts, wilds, rules(K108), frozenset())
    assert after[27:] == [99] * 7  # honors are not in the 108-tile set
    assert after[T.from_code("3s")] == -1  # tanki completes


def test_bad_sizes() -> None:
    counts, _ = hand("123m")
    with pytest.raises(ValueError, match="3n\\+1 or 3n\\+2"):
        shanten(counts, 0, rules())
    assert win_shapes(counts, 0, rules()) == ()
    assert completing_kinds(counts, 0, rules(), frozenset()) == ()


def test_room_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="7, 10 or 13"):
        is_complete([0] * 34, 2, ShapeRules(kinds=K136, hand_size=12))
    with pytest.raises(ValueError, match="hand_size 13"):
        is_complete([0] * 34, 2, ShapeRules(kinds=K136, thirteen_orphans=True, hand_size=10))


def test_pairs_shape_names() -> None:
    # RULES.md §0.9.2: the id stays, the name follows the hand size
    assert PAIRS_SHAPE_NAMES == {13: ("Seven pairs", "七对"), 10: ("Five pairs", "五对"),
                                 7: ("Four pairs", "四对")}


def test_partial_suit_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="wholly"):
        is_complete([0] * 34, 2, ShapeRules(kinds=frozenset({0, 1, 2})))


def G(kind: GroupKind, as_: str | tuple[int, ...], wild: str) -> ShapeGroup:
    kinds = tuple(T.parse(as_)) if isinstance(as_, str) else as_
    return ShapeGroup(kind, kinds, tuple(c == "w" for c in wild))


PONG, CHOW, PAIR, SINGLE = GroupKind.PONG, GroupKind.CHOW, GroupKind.PAIR, GroupKind.SINGLE

READING_CASES = [
    # RULES.md §0.6: 111222333m 789p 99p reads as three triplets or as three 123m chows
    ("111222333m789p99p", rules(), None, {
        (G(PONG, "111m", "nnn"), G(PONG, "222m", "nnn"), G(PONG, "333m", "nnn"),
         G(CHOW, "789p", "nnn"), G(PAIR, "99p", "nn")),
        (G(CHOW, "123m", "nnn"), G(CHOW, "123m", "nnn"), G(CHOW, "123m", "nnn"),
         G(CHOW, "789p", "nnn"), G(PAIR, "99p", "nn")),
    }),
    # 5m + w: the pair 55m, the wildcard standing for 5m
    ("5m+1", rules(), None, {(G(PAIR, "55m", "nw"),)}),
    # 5m + 4w: 55m pair + free triplet; 555m + free pair; 345m, 456m, 567m + free pair
    ("5m+4", rules(), None, {
        (G(PONG, (FREE,) * 3, "www"), G(PAIR, "55m", "nw")),
        (G(PONG, "555m", "nww"), G(PAIR, (FREE,) * 2, "ww")),
        (G(CHOW, "345m", "wwn"), G(PAIR, (FREE,) * 2, "ww")),
        (G(CHOW, "456m", "wnw"), G(PAIR, (FREE,) * 2, "ww")),
        (G(CHOW, "567m", "nww"), G(PAIR, (FREE,) * 2, "ww")),
    }),
    # triplets only: just 555m + free pair, or 55m + free triplet
    ("5m+4", rules(triplets_only=True), None, {
        (G(PONG, (FREE,) * 3, "www"), G(PAIR, "55m", "nw")),
        (G(PONG, "555m", "nww"), G(PAIR, (FREE,) * 2, "ww")),
    }),
    # 七对 with two wildcards pairing each other
    ("1199m1199p1199s+2", rules(seven_pairs=True), SP, {
        (G(PAIR, "11m", "nn"), G(PAIR, "99m", "nn"), G(PAIR, "11p", "nn"),
         G(PAIR, "99p", "nn"), G(PAIR, "11s", "nn"), G(PAIR, "99s", "nn"),
         G(PAIR, (FREE,) * 2, "ww")),
    }),
    # 五对 (rooms.md Example 2): the pairs and the single in tile order
    ("11s22s33s55s7s88s", rules(K108, seven_pairs=True, hand_size=10), SP, {
        (G(PAIR, "11s", "nn"), G(PAIR, "22s", "nn"), G(PAIR, "33s", "nn"),
         G(PAIR, "55s", "nn"), G(SINGLE, "7s", "n"), G(PAIR, "88s", "nn")),
    }),
    # a kind of three: its pair before its single
    ("111s22s33s55s88s", rules(K108, seven_pairs=True, hand_size=10), SP, {
        (G(PAIR, "11s", "nn"), G(SINGLE, "1s", "n"), G(PAIR, "22s", "nn"),
         G(PAIR, "33s", "nn"), G(PAIR, "55s", "nn"), G(PAIR, "88s", "nn")),
    }),
    # two odd kinds and a wildcard: 8s+w, the last odd kind 9s the single
    ("11s22s33s55s8s9s+1", rules(K108, seven_pairs=True, hand_size=10), SP, {
        (G(PAIR, "11s", "nn"), G(PAIR, "22s", "nn"), G(PAIR, "33s", "nn"),
         G(PAIR, "55s", "nn"), G(PAIR, "88s", "nw"), G(SINGLE, "9s", "n")),
    }),
    # five natural pairs and a wildcard: the wildcard is the single (a kind to choose)
    ("11s22s33s55s88s+1", rules(K108, seven_pairs=True, hand_size=10), SP, {
        (G(PAIR, "11s", "nn"), G(PAIR, "22s", "nn"), G(PAIR, "33s", "nn"),
         G(PAIR, "55s", "nn"), G(PAIR, "88s", "nn"), G(SINGLE, (FREE,), "w")),
    }),
    # without all-wild pairs, two spare wildcards sit on a natural pair (four of a kind) and
    # the third is the single
    ("11s22s33s55s+3", rules(K108, seven_pairs=True, standard=False, wild_only_groups=False,
                             hand_size=10), SP, {
        (G(PAIR, "11s", "nw"), G(PAIR, "11s", "nw"), G(PAIR, "22s", "nn"),
         G(PAIR, "33s", "nn"), G(PAIR, "55s", "nn"), G(SINGLE, (FREE,), "w")),
    }),
    # distinct pairs: the kind of three must be the single (a wildcard on 5p would pair 5p
    # twice); 2s 1z 7z take a wildcard each, the last two pair up (a kind to choose)
    ("555p2s17z+5", rules(seven_pairs=True, seven_pairs_four_as_two=False, hand_size=10), SP, {
        (G(PAIR, "55p", "nn"), G(SINGLE, "5p", "n"), G(PAIR, "22s", "nw"),
         G(PAIR, "11z", "nw"), G(PAIR, "77z", "nw"), G(PAIR, (FREE,) * 2, "ww")),
    }),
    # 四对: 1111m as two pairs
    ("1111m22m33m", rules(K108, seven_pairs=True, hand_size=7), SP, {
        (G(PAIR, "11m", "nn"), G(PAIR, "11m", "nn"), G(PAIR, "22m", "nn"),
         G(PAIR, "33m", "nn")),
    }),
    # 十三幺: the wildcard stands for the missing 7z; 1m is doubled naturally
    ("19m19p19s123456z1m+1", rules(thirteen_orphans=True), TO, {
        (*(G(SINGLE, c, "n") for c in ("9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z",
                                       "5z", "6z")),
         G(SINGLE, "7z", "w"), G(PAIR, "11m", "nn")),
    }),
]


@pytest.mark.parametrize(("text", "rule", "shape", "expected"), READING_CASES)
def test_readings(text: str, rule: ShapeRules, shape: Shape | None,
                  expected: set[tuple[ShapeGroup, ...]]) -> None:
    counts, wilds = hand(text)
    found = [r.groups for r in readings(counts, wilds, rule, shape)]
    assert len(found) == len(set(found))  # deduplicated
    assert set(found) == expected


def test_shi_san_lan_reading_places_wildcards_validly() -> None:
    # 147m 258p 369s 1234z + 1 wildcard: the wildcard takes a missing honor (5z first)
    counts, wilds = hand("147m258p369s1234z+1")
    (reading,) = readings(counts, wilds, rules(shi_san_lan=True))
    assert reading.shape is SSL
    wild = [g.as_[0] for g in reading.groups if g.wild[0]]
    assert wild == [T.from_code("5z")]
    assert len(reading.groups) == 14


# --- the hand-worked cases hold for the reference too (so the reference is checked) ---------

@pytest.mark.parametrize(("text", "rule", "expected"), WIN_CASES)
def test_reference_win_shapes(text: str, rule: ShapeRules, expected: tuple[Shape, ...]) -> None:
    counts, wilds = hand(text)
    assert ref.win_shapes(counts, wilds, rule) == tuple(s.value for s in expected)


@pytest.mark.parametrize(("text", "rule", "expected"), SHANTEN_CASES)
def test_reference_shanten(text: str, rule: ShapeRules, expected: int) -> None:
    counts, wilds = hand(text)
    assert ref.shanten(counts, wilds, rule) == expected


@pytest.mark.parametrize(("text", "rule", "wild", "expected"), WAIT_CASES)
def test_reference_waits(text: str, rule: ShapeRules, wild: frozenset[int],
                         expected: str) -> None:
    counts, wilds = hand(text)
    assert ref.completing_kinds(counts, wilds, rule, wild) == tuple(T.parse(expected))


def test_completing_with_four_copies_equals_the_reference() -> None:
    # without wildcards `completing` tells a count of four from the half codes' high bits
    # (a draw then passes the fourth copy, which only the fifth-copy probe answers): on
    # random 3n+1 parts holding four of a kind — in every rank and suit, honors included —
    # the kinds equal the reference's, which tries each draw by the general search
    rng = random.Random(1604)
    checked = 0
    for kinds in (K136, K108):
        rule = ShapeRules(kinds=kinds)
        pool = sorted(kinds)
        while checked < H.scale(300, 3000) * (1 if kinds is K136 else 2):
            counts = [0] * 34
            counts[rng.choice(pool)] = 4
            size = rng.choice((4, 7, 10, 13))
            near = rng.choice(pool)  # tiles around one kind, so that waits are common
            while sum(counts) < size:
                k = min(max(near + rng.randint(-3, 3), 0), 33)
                if k not in kinds or counts[k] == 4:
                    k = rng.choice(pool)
                if counts[k] < 4:
                    counts[k] += 1
            assert completing_kinds(counts, 0, rule, frozenset()) == \
                ref.completing_kinds(counts, 0, rule), counts
            checked += 1
