"""南昌 waits, discards and shanten with 精 in hand (RULES.md §0.6: waits tried as self-draws).

正精 5s, 副精 6s. Worked by hand: a drawn 精 is one more wildcard; every other drawn tile is
itself.
"""

from __future__ import annotations

import time
from typing import Any

from engine.variants.nanchang.variant import VARIANT
from tests.engine.variants.nanchang.test_variant import body


def waits(hand: str, **kw: Any) -> Any:
    return VARIANT.waits(VARIANT.request(body(hand, **kw)))


def test_one_jing() -> None:
    # 123m 456p 789m + 5s(精) 22z 3z: the last four tiles and the draw make a group + a pair.
    # 5s/6s drawn: two 精 with 22z 3z (222z + 3z精). 1z: 123z + 2z精. 2z: 222z + 3z精.
    # 3z: 33z + 22z精. 4z: 234z + 2z精. Nothing else reaches 22z 3z.
    answer = waits("123m456p789m5s22z3z")
    assert answer.tenpai and answer.shanten == 0
    assert [(w.tile, w.remaining, w.fan) for w in answer.waits] == [
        # remaining = 4 − own copies: 5s (one held) 3, 2z (two held) 2, 3z (one held) 3
        ("5s", 3, 0), ("6s", 4, 0), ("1z", 4, 0), ("2z", 2, 0), ("3z", 3, 0), ("4z", 4, 0)]


def test_two_jing() -> None:
    # 123m456m789m + 5s 6s + 1z 9p: 1z and 9p each need a 精 or the draw t.
    # t = 9p: 1z+2精 = 111z, 99p.  t = 1z: 9p+2精, 11z.  t = 7p/8p: 789p with a 精, 1z+精 pair.
    # t = 2z/3z/4z: a wind chow with 1z and a 精, 9p+精 pair.  t = 5s/6s: three 精 — a win.
    # All 平胡 with substitutes: fan 0.
    answer = waits("123m456m789m5s6s1z9p")
    assert [(w.tile, w.remaining) for w in answer.waits] == [
        ("7p", 4), ("8p", 4), ("9p", 3), ("5s", 3), ("6s", 3), ("1z", 3), ("2z", 4), ("3z", 4),
        ("4z", 4)]
    assert {w.fan for w in answer.waits} == {0}


def test_jing_diao_waits_on_everything() -> None:
    # 123m456m789m123p + 5s: the 精 pairs with any draw: all 34 kinds, each 平胡 0 + 精钓 1 at
    # least (a drawn 精 or a tile completing a natural shape may score more)
    answer = waits("123m456m789m123p5s")
    assert len(answer.waits) == 34
    # 9p: 平胡 + 精钓 = 1 (at face value 5s 9p is no pair: no 德国)
    assert {w.tile: w.fan for w in answer.waits}["9p"] == 1


def test_visible_copies_reduce_remaining() -> None:
    answer = waits("123m456p789m5s22z3z", visible="2z4z4z")
    assert [(w.tile, w.remaining) for w in answer.waits if w.tile in ("2z", "4z")] == [
        ("2z", 1), ("4z", 2)]  # 4 − 2 held − 1 seen; 4 − 2 seen


def test_shanten_with_and_without_a_jing() -> None:
    # 123m456m789m 135p 9s: 9s needs its twin and 135p a pair — exchanging 9s for 5p gives
    # 13p 55p waiting on 2p: one exchange away
    answer = waits("123m456m789m135p9s")
    assert (answer.tenpai, answer.shanten) == (False, 1)
    # with 5s (精) instead of 9s: 5p+精 pair and 13p waits on 2p (and more)
    answer = waits("123m456m789m135p5s")
    assert answer.tenpai and answer.shanten == 0
    assert "2p" in [w.tile for w in answer.waits]


def test_discards_with_jing() -> None:
    answer = VARIANT.discards(VARIANT.request(body("123m456m789m5s6s1z9p3s")))
    assert answer.shanten == 0
    by_tile = {d.tile: d for d in answer.discards}
    # discarding 3s leaves the hand of test_two_jing
    assert by_tile["3s"].shanten == 0
    assert [w.tile for w in by_tile["3s"].waits] == [
        "7p", "8p", "9p", "5s", "6s", "1z", "2z", "3z", "4z"]
    # only the three loose tiles keep the wait: 1z or 9p out works like 3s (the other two
    # loose tiles share the two 精 and the draw). Without a 精 (5s or 6s out), three loose
    # tiles and one 精 cannot make a group and a pair with one draw; breaking a chow of the
    # m suit leaves four units needing help from two 精 and one draw — both worse.
    assert {d.tile for d in answer.discards if d.shanten == 0} == {"1z", "9p", "3s"}
    assert answer.discards[0].tile in ("1z", "9p", "3s")


def test_waits_and_discards_with_four_jing_stay_fast() -> None:
    # 19m 37p 28s 137z + four wild 精 (5s 5s 6s 6s): the ten naturals are pairwise 十三烂-
    # compatible and too scattered for groups, so a draw wins as 十三烂 exactly when it is
    # compatible too (2z, 5m: yes; 2m, next to 1m: no) or is a fifth wildcard (5s).
    # No substitution, so this is table lookups, not 34^4 tries.
    start = time.perf_counter()
    answer = waits("19m37p28s137z5s5s6s6s")
    discards = VARIANT.discards(VARIANT.request(body("19m37p28s1347z5s5s6s6s")))
    elapsed = time.perf_counter() - start
    tiles = [w.tile for w in answer.waits]
    assert answer.tenpai and "2z" in tiles and "5m" in tiles and "5s" in tiles
    assert "2m" not in tiles
    # the 14 tiles are already 十三烂 (ten compatible naturals + four 精): any discard leaves
    # a 十三烂 wait
    assert discards.shanten == 0 and all(d.shanten == 0 for d in discards.discards)
    assert elapsed < 2.0, elapsed
