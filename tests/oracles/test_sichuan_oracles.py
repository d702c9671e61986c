"""四川 structure against libraries written by others (ENGINEERING.md §3).

* ``mahjong`` (riichi): on generated 14-tile hands without four alike, our win/no-win equals
  ``Agari().is_agari`` once 缺一门 is accounted for (a riichi win that holds three suits is
  no 四川 win). Four alike are left out because riichi's seven pairs must be distinct.
* ``PyMahjongGB`` (Guobiao, C++): on natural hands, our 七对 / 清一色 / 对对胡 are counted
  exactly when its fan names say so — counting the Guobiao fans that absorb them (九莲宝灯
  absorbs 清一色; 四暗刻, 全双刻 and others absorb 碰碰和). Hands with several readings that
  could change which base shape is best are left out: there the two rule sets may rightly
  choose apart.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import MahjongGB  # PyMahjongGB: a test dependency (pyproject [test]), built from source
from mahjong.agari import Agari

from engine import tiles as T
from engine.hand import Context, Hand, Meld, MeldKind, Request
from engine.variants.sichuan.reader import reference_candidates
from engine.variants.sichuan.scoring import suits_held
from engine.variants.sichuan.variant import VARIANT, SichuanFanAnswer

SEED = 7_340_211
OPTIONS = {s.name: s.default for s in VARIANT.option_specs}


def draw_hand(rng: random.Random, *, quads: bool, melds_allowed: bool) -> Hand:
    """A hand built from groups and a pair (or seven pairs) of one to three suits; a third
    of them get one tile swapped so that plenty are no win."""
    suits = rng.sample([0, 1, 2], rng.choice([1, 2, 2, 3]))
    kinds = [s * 9 + r for s in suits for r in range(9)]
    limit = 4 if quads else 3
    while True:
        melds: list[Meld] = []
        concealed: list[int] = []
        if rng.random() < 0.2:
            concealed = [k for k in rng.sample(kinds, 7) for _ in range(2)]
        else:
            n_melds = rng.choice([0, 0, 1, 2, 4]) if melds_allowed else 0
            for i in range(4):
                k = rng.choice(kinds)
                if i < n_melds:
                    kong = quads and rng.random() < 0.3
                    melds.append(Meld(MeldKind.KONG if kong else MeldKind.PONG,
                                      (k,) * (4 if kong else 3), kong and rng.random() < 0.5))
                elif k % 9 < 7 and rng.random() < 0.6:
                    concealed += [k, k + 1, k + 2]
                else:
                    concealed += [k] * 3
            concealed += [rng.choice(kinds)] * 2
        if not melds_allowed and rng.random() < 0.35:
            concealed[rng.randrange(14)] = rng.choice(kinds)
        count = Counter(concealed)
        for m in melds:
            count.update(m.tiles)
        if max(count.values()) <= limit:
            rng.shuffle(concealed)
            win = concealed.pop()
            return Hand(tuple(sorted(concealed)), tuple(melds), win)


def test_win_agrees_with_mahjong_is_agari() -> None:
    rng = random.Random(SEED)
    agari = Agari()
    seen = Counter[str]()
    for _ in range(6000):
        hand = draw_hand(rng, quads=False, melds_allowed=False)
        ours = VARIANT.check(hand, Context(), OPTIONS)
        counts = T.counts(hand.concealed_with_win)
        theirs = agari.is_agari(counts) and suits_held(hand.all_tiles) & 7 != 7
        assert ours.win == theirs, T.compact(hand.concealed_with_win)
        seen[ours.reason or "win"] += 1
    # all three answers occur often enough to mean something
    assert seen["win"] > 1500 and seen["no_winning_shape"] > 500 and seen["que_yi_men"] > 500


GB_SUIT = "WBT"  # 万 m, 饼 p, 条 s
QI_DUI = {"七对", "连七对"}
QING_YI_SE = {"清一色", "九莲宝灯", "连七对", "一色双龙会"}
DUI_DUI_HU = {"碰碰和", "四暗刻", "四杠", "清幺九", "一色四节高", "全双刻"}


def gb_tile(tile: int) -> str:
    return f"{GB_SUIT[tile // 9]}{tile % 9 + 1}"


def gb_fans(hand: Hand) -> set[str]:
    pack = tuple(("GANG" if m.is_kong else "PENG", gb_tile(m.tiles[0]),
                  0 if m.concealed else 1) for m in hand.melds)
    assert hand.win_tile is not None
    fans: Any = MahjongGB.MahjongFanCalculator(
        pack=pack, hand=tuple(gb_tile(t) for t in hand.concealed),
        winTile=gb_tile(hand.win_tile), flowerCount=0, isSelfDrawn=False, is4thTile=False,
        isAboutKong=False, isWallLast=False, seatWind=0, prevalentWind=0)
    return {name for _, name in fans}


def test_pattern_presence_agrees_with_pymahjonggb() -> None:
    rng = random.Random(SEED + 1)
    compared = Counter[str]()
    for _ in range(4000):
        hand = draw_hand(rng, quads=True, melds_allowed=True)
        if suits_held(hand.all_tiles) & 7 == 7:
            continue
        part = T.counts(hand.concealed_with_win)
        readings = reference_candidates(part[:27])
        if len(readings) != 1:  # no win, or several readings to choose from
            continue
        answer = VARIANT.fan(Request(hand))
        assert isinstance(answer, SichuanFanAnswer) and answer.patterns is not None
        ours = {p.id for p in answer.patterns}
        theirs = gb_fans(hand)
        where = f"{T.compact(hand.concealed_with_win)} {[T.compact(m.tiles) for m in hand.melds]}"
        assert ("qi_dui" in ours) == bool(theirs & QI_DUI), (where, theirs)
        assert ("qing_yi_se" in ours) == bool(theirs & QING_YI_SE), (where, theirs)
        assert ("dui_dui_hu" in ours) == bool(theirs & DUI_DUI_HU), (where, theirs)
        for pid in ("qi_dui", "qing_yi_se", "dui_dui_hu"):
            compared[pid] += pid in ours
        compared["hands"] += 1
    assert compared["hands"] > 1500
    assert min(compared["qi_dui"], compared["qing_yi_se"], compared["dui_dui_hu"]) > 100
