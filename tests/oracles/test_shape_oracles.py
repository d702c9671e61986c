"""The shape search against code written by others: ``mahjong`` 2.1.0 and ``xiangting`` 6.0.2.

Fixed-seed hands without wildcards (standard, seven pairs, thirteen orphans), under the rules
a Chinese variant uses (136 tiles, 七对 with four of a kind as two pairs, 十三幺). Riichi rules
differ in two known ways, each a named predicate; a hand it covers is excluded and counted:

* ``seven_pairs_with_quad``: the hand's 七对 answer depends on four of a kind counting as two
  pairs (riichi counts seven distinct pairs);
* ``fifth_copy``: the hand holds all four copies of a kind — ``xiangting`` never waits on or
  aims for a fifth copy (its shanten counts copies), the shape search does (the caller
  filters copies, RULES.md §0.6).

Every other hand must agree exactly: ``Agari.is_agari`` = win, ``Shanten.calculate_shanten``
= shanten (14 tiles), ``calculate_replacement_number − 1`` = shanten (13 tiles), and
``calculate_necessary_tiles`` = waits of a tenpai 13-tile hand. The run prints the excluded
counts; they stay under 10 %. CI size by default, ``HUPAI_FULL=1`` for 20,000 hands.
"""

from __future__ import annotations

import xiangting
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from engine import tiles as T
from engine.shapes import ShapeRules, completing_kinds, is_complete, shanten
from tests import hands as H
from tests import reference as ref

K136 = T.TILE_SETS["136"]
RULES = ShapeRules(kinds=K136, seven_pairs=True, thirteen_orphans=True)
RIICHI_PAIRS = ShapeRules(kinds=K136, seven_pairs=True, seven_pairs_four_as_two=False)


def seven_pairs_with_quad(counts: list[int]) -> bool:
    """Four of a kind counting as two pairs changes the answer: the 七对 shanten with it beats
    every riichi reading, or a draw completes 七对 only with it (by the reference)."""
    if max(counts) < 3:
        return False
    quads = ref.seven_pairs_shanten(counts, 0, RULES)
    if quads < ref.seven_pairs_shanten(counts, 0, RIICHI_PAIRS) and quads < min(
            ref.standard_shanten(counts, 0, RULES),
            ref.thirteen_orphans_shanten(counts, 0, RULES)):
        return True
    if sum(counts) == 13:
        for k in range(34):
            if counts[k] >= 3:
                c = list(counts)
                c[k] += 1
                if ref.seven_pairs_complete(c, 0, RULES):
                    return True
    return False


def fifth_copy(counts: list[int]) -> bool:
    """A 13-tile hand holding all four copies of a kind (``xiangting`` counts copies;
    ``mahjong``, which checks 14-tile hands here, does not)."""
    return sum(counts) == 13 and max(counts) >= 4


PREDICATES = {"seven_pairs_with_quad": seven_pairs_with_quad, "fifth_copy": fifth_copy}


def _hands(count: int) -> list[list[int]]:
    """Mostly standard hands, some seven pairs (few quads) and thirteen orphans."""
    out = []
    for family, share in (
        (H.Family("standard", K136, max_wilds=0), 0.7),
        (H.Family("seven-pairs", K136, special="seven_pairs", quads=False, max_wilds=0), 0.2),
        (H.Family("orphans", K136, special="thirteen_orphans", max_wilds=0), 0.1),
    ):
        out += [list(h.counts) for h in H.hands(family, int(count * share), seed=99,
                                                 sizes=(14, 13))]
    return out


def test_agreement_with_mahjong_and_xiangting() -> None:
    agari, calc = Agari(), Shanten()
    hands = _hands(H.scale(2_000, 20_000))
    excluded = dict.fromkeys(PREDICATES, 0)
    compared = {"is_agari": 0, "calculate_shanten": 0, "xiangting shanten": 0, "waits": 0}
    wins = tenpai = 0
    for counts in hands:
        reason = next((name for name, p in PREDICATES.items() if p(counts)), None)
        if reason:
            excluded[reason] += 1
            continue
        where = T.compact(k for k in range(34) for _ in range(counts[k]))
        ours = shanten(counts, 0, RULES)
        if sum(counts) == 14:
            win = is_complete(counts, 0, RULES)
            assert win == agari.is_agari(counts), where
            assert ours == calc.calculate_shanten(counts), where
            compared["is_agari"] += 1
            compared["calculate_shanten"] += 1
            wins += win
        else:
            rn, necessary = xiangting.calculate_necessary_tiles(counts, xiangting.PlayerCount.FOUR)
            assert ours == rn - 1, where
            compared["xiangting shanten"] += 1
            if ours == 0:
                waits = completing_kinds(counts, 0, RULES, frozenset())
                assert waits == tuple(k for k in range(34) if necessary >> k & 1), where
                compared["waits"] += 1
                tenpai += 1
    total = len(hands)
    print(f"\n{total} hands; compared {compared}; {wins} wins, {tenpai} tenpai")
    for name, n in excluded.items():
        print(f"  excluded by {name}: {n} ({n / total:.1%})")
    assert sum(excluded.values()) / total < 0.10
    assert compared["waits"] > 0 and wins > 0
