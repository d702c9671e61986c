"""advice.md's worked examples and small cases, replayed exactly (RULES.md §0.10). Each value
is the spec's exact fraction, its sum written beside it, rounded as the wire rounds it."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest

from engine.advice import advice
from engine.advice.answers import AdviceAnswer13, AdviceAnswer14, wire
from engine.variants import REGISTRY


def w(x: F | int) -> float:
    x = F(x)
    return wire(x.numerator, x.denominator)


def ask(variant: str, hand: str, **context: Any) -> Any:
    body: dict[str, Any] = {"hand": hand, "context": context}
    for top in ("melds", "objective", "draw_model", "wall_size", "options"):
        if top in context:
            body[top] = context.pop(top)
    return advice(REGISTRY[variant], body)


def entry(answer: AdviceAnswer14, tile: str) -> Any:
    return next(e for e in answer.discards if e.tile == tile)


def test_example_1_a_ready_hand_two_draws() -> None:
    a = ask("sichuan", "123m444m56m789p99p", missing_suit="s", visible="7m1s", draws_left=2)
    assert isinstance(a, AdviceAnswer13)
    assert a.unseen_count == 93  # 108 − 13 − 2
    assert [(x.tile, x.remaining, x.fan) for x in a.waits] == [
        ("4m", 1, 1), ("7m", 3, 0), ("6p", 4, 0), ("9p", 1, 1)]
    assert a.effective_count == 9  # 1 + 3 + 4 + 1
    assert a.win_prob == (w(F(9, 93)), w(1 - F(84 * 83, 93 * 92)))  # 0.096774, 132/713
    assert a.win_prob == (0.096774, 0.185133)
    assert a.tenpai_prob == (1.0, 1.0)
    # winning mass 1·12 + 1·12 + 3·6 + 4·6 = 66; on draw 1, or on 2 after 84 non-waits
    assert a.expected_points == w(F(66, 93) * (1 + F(84, 92))) == 1.357644
    assert a.expected_fan == w(F(1 * 2 + 1 * 2 + 3 * 1 + 4 * 1, 9)) == 1.222222
    walled = ask("sichuan", "123m444m56m789p99p", missing_suit="s", visible="7m1s",
                 draws_left=2, draw_model="constant_wall")
    assert walled.draw_model == "constant_wall"
    assert walled.win_prob == (w(F(9, 93)), w(1 - F(84, 93) ** 2)) == (0.096774, 0.184183)
    assert walled.expected_points == w(F(66, 93) * (1 + F(84, 93))) == 1.350676


EXAMPLE_2 = [  # tile, win_prob[1], tenpai_prob, points, fan — over 94·93 = 8742
    ("5p", F(80, 8742), (F(13, 94), F(2262, 8742)), F(576, 8742), F(96, 80)),
    ("9p", F(80, 8742), (F(13, 94), F(2262, 8742)), F(576, 8742), F(96, 80)),
    ("2p", F(72, 8742), (F(13, 94), F(2262, 8742)), F(480, 8742), F(80, 72)),
    ("3p", F(64, 8742), (F(12, 94), 1 - F(82 * 81, 8742)), F(384, 8742), F(1)),
    ("7m", F(40, 8742), (F(9, 94), 1 - F(85 * 84, 8742)), F(288, 8742), F(48, 40)),
    ("8m", F(40, 8742), (F(9, 94), 1 - F(85 * 84, 8742)), F(288, 8742), F(48, 40)),
]


def test_example_2_advice_differs_from_discards() -> None:
    # 5p: 6m, 9m → 1p ×4 (6) or 4p ×1 (12, 根); 1p → 6m/9m ×8; 4p → 6m/9m ×8 at 12:
    # (4·5 + 4·5 + 4·8 + 1·8) = 80 wins, (4·36 + 4·36 + 4·48 + 96) = 576 points
    a = ask("sichuan", "78m23p55p99p", missing_suit="s", draws_left=2,
            melds=[{"type": "pong", "tiles": "111m"}, {"type": "pong", "tiles": "444p"}])
    assert a.shanten == 1 and a.unseen_count == 94
    assert [e.tile for e in a.discards] == [row[0] for row in EXAMPLE_2]
    for e, (tile, win, ready, points, fan) in zip(a.discards, EXAMPLE_2, strict=True):
        assert e.win_prob == (0.0, w(win)), tile
        assert e.tenpai_prob == tuple(w(r) for r in ready), tile
        assert e.expected_points == w(points), tile
        assert e.expected_fan == w(fan), tile
    assert entry(a, "5p").win_prob == (0.0, 0.009151)
    assert entry(a, "2p").effective_count == 13 and len(entry(a, "2p").effective_tiles) == 5
    by_points = ask("sichuan", "78m23p55p99p", missing_suit="s", draws_left=2,
                    objective="expected_points",
                    melds=[{"type": "pong", "tiles": "111m"}, {"type": "pong", "tiles": "444p"}])
    assert [e.tile for e in by_points.discards] == [row[0] for row in EXAMPLE_2]


def test_example_3_changsha_hai_di() -> None:
    a = ask("changsha", "234m567m88m345p67p", draws_left=1, last_tile=True,
            unseen="1111366999m111258999p111122233344455566789s")
    assert a.unseen_count == 40  # 10 万 + 9 筒 + 21 条
    assert [(x.tile, x.remaining, x.fan) for x in a.waits] == [
        ("2p", 1, 0), ("5p", 1, 0), ("8p", 1, 0)]
    assert a.win_prob == (w(F(3, 40)),) == (0.075,)
    # 海底捞月 on a 小胡: 6 + (6 + 1) + 6 = 19 a win
    assert a.expected_points == w(F(3, 40) * 19) == 1.425
    assert a.expected_fan == 1.0
    passed = ask("changsha", "234m567m88m345p67p", draws_left=1, last_tile=True,
                 unseen="1111366999m111999p111122233334445556667899s")  # no 2p, 5p, 8p
    assert passed.win_prob == (0.0,) and passed.expected_points == 0.0  # small case 19
    assert passed.expected_fan is None


@pytest.mark.parametrize(("model", "win", "points"), [
    # small case 2: 1 − C(91, t)/C(95, t); case 3: 1 − (91/95)^t; 6 points a win
    ("without_replacement", [F(4, 95), F(74, 893), F(3386, 27683)], 6 * F(3386, 27683)),
    ("constant_wall", [F(4, 95), F(744, 9025), F(103804, 857375)], None),
])
def test_small_cases_1_to_3_a_kanchan(model: str, win: list[F], points: F | None) -> None:
    one = ask("sichuan", "123m456m789m13p55p", missing_suit="s", draws_left=1)
    assert one.win_prob == (w(F(4, 95)),) and one.tenpai_prob == (1.0,)
    assert one.expected_points == w(F(24, 95)) == 0.252632  # 平胡 + 自摸 = 1 fan → 2 × 3
    assert one.expected_fan == 1.0
    three = ask("sichuan", "123m456m789m13p55p", missing_suit="s", draws_left=3,
                draw_model=model)
    assert three.win_prob == tuple(w(x) for x in win)
    assert three.expected_points == (w(points) if points else 0.726431)
    assert ask("sichuan", "123m456m789m13p55p", missing_suit="s",
               draws_left=3).expected_points == 0.73388


def test_small_case_4_a_dead_wait() -> None:
    a = ask("sichuan", "123m456m789m13p55p", missing_suit="s", visible="2222p", draws_left=3)
    assert a.unseen_count == 91
    assert a.win_prob == (0.0, 0.0, 0.0) and a.tenpai_prob == (1.0, 1.0, 1.0)
    assert a.expected_points == 0.0 and a.expected_fan is None


def test_small_case_5_one_payer() -> None:
    a = ask("sichuan", "123m456m789m13p55p", missing_suit="s", draws_left=1,
            seats={"dealer": 0, "winner": 0}, active=[0, 2])
    assert a.expected_points == w(F(4, 95) * 2) == 0.084211  # one payer, 2 a win


@pytest.mark.parametrize(("zimo", "points", "fan"), [
    ("jia_fan", F(48, 95), 2.0),  # 对对胡 1 + 自摸 1 = 2 → 4 × 3 = 12
    ("jia_di", F(36, 95), 1.0),   # 对对胡 1 → (2 + 1) × 3 = 9
])
def test_small_case_6_zimo_bonus(zimo: str, points: F, fan: float) -> None:
    a = ask("sichuan", "111m444m777m55p88p", missing_suit="s", draws_left=1,
            options={"zimo_bonus": zimo})
    assert a.win_prob == (w(F(4, 95)),)
    assert a.expected_points == w(points) and a.expected_fan == fan


@pytest.mark.parametrize(("dealer", "points"), [
    (False, F(77, 95)),  # 小胡 self-draw 2 + 2 + (2 + 1) = 7 on 11 copies
    (True, F(99, 95)),   # the dealer: (2 + 1) × 3 = 9
])
def test_small_case_7_changsha_dealer(dealer: bool, points: F) -> None:
    a = ask("changsha", "234m567m88m345p67p", draws_left=1, is_dealer=dealer)
    assert a.effective_count == 11  # 2p ×4, 5p ×3, 8p ×4
    assert a.expected_points == w(points) and a.expected_fan == 0.0


def test_small_case_8_nanchang_jing() -> None:
    a = ask("nanchang", "123m456m789m23p55p", jing={"zheng": "1z", "fu": "2z"}, draws_left=1)
    assert a.unseen_count == 123
    assert a.win_prob == (w(F(16, 123)),)  # 1p, 4p (8 natural) and the 8 精
    # 德国 fan 1 → 13 + 9 + 9 = 31; a 精 → fan 0 → 4 + 2 + 2 = 8
    assert a.expected_points == w(F(8 * 31 + 8 * 8, 123)) == 2.536585
    assert a.expected_fan == 0.5


def test_small_case_9_hongzhong_one_wild() -> None:
    a = ask("hongzhong", "123m456m789m2p55p7z", draws_left=1)
    assert a.unseen_count == 99
    assert a.effective_count == 20  # 1p 4, 2p 3, 3p 4, 4p 4, 5p 2, 7z 3
    assert a.win_prob == (w(F(20, 99)),) and a.expected_points == w(F(20 * 6, 99))


def test_small_case_10_a_hand_that_already_wins() -> None:
    a = ask("sichuan", "123m456m789m123p55p", missing_suit="s", draws_left=1)
    assert a.win is True and a.shapes == ("standard",)
    order = [(e.tile, e.win_prob) for e in a.discards]
    assert order[:5] == [("1m", (w(F(9, 94)),)), ("9m", (w(F(9, 94)),)),
                         ("1p", (w(F(7, 94)),)), ("4m", (w(F(6, 94)),)), ("6m", (w(F(6, 94)),))]
    assert [t for t, p in order[5:12]] == ["2m", "3m", "5m", "7m", "8m", "2p", "3p"]
    assert all(p == (w(F(3, 94)),) for _, p in order[5:12])
    assert order[12] == ("5p", (w(F(2, 94)),))


def test_small_case_11_missing_suit_first() -> None:
    a = ask("sichuan", "123m456m789m23p55p9s", missing_suit="s", draws_left=1)
    assert [e.tile for e in a.discards] == ["9s"]
    assert a.discards[0].win_prob == (w(F(8, 94)),) == (0.085106,)


def test_small_case_12_shanten_above_three() -> None:
    a = ask("sichuan", "1269m3478p13577s", draws_left=5)
    assert a.shanten == 4 and a.not_evaluated == "shanten"
    assert a.win_prob is None and a.expected_points is None


def test_small_case_13_the_objective_decides() -> None:
    base = {"missing_suit": "s", "draws_left": 2}
    by_win = ask("sichuan", "112355667788m22p", **base)
    one, two = entry(by_win, "1m"), entry(by_win, "2m")
    assert one.win_prob == (w(F(3, 47)), w(F(181, 1457)))  # 5m, 8m, 2p: 2 each
    assert one.expected_points == w(F(1086, 1457))
    # 七对 on 3m ×3: 七对 2 + 自摸 1 = 3 fan → 8 × 3 = 24 a win
    assert two.win_prob == (w(F(3, 94)), w(F(92, 1457)))
    assert two.expected_points == w(F(2208, 1457)) == 1.515443
    assert [e.tile for e in by_win.discards] == ["1m", "2m", "3m", "2p", "5m", "8m", "6m", "7m"]
    by_points = ask("sichuan", "112355667788m22p", objective="expected_points", **base)
    assert [e.tile for e in by_points.discards][:4] == ["2m", "3m", "1m", "2p"]


def test_small_case_14_falls_back_to_constant_wall() -> None:
    a = ask("sichuan", "13m456m79m12p58p9p1s", draws_left=14)  # 43,681 cells > 20,000
    assert a.draw_model == "constant_wall"
    assert (a.win_prob[13], a.tenpai_prob[13], a.expected_points) == (
        0.104094, 0.502623, 0.624565)


def test_small_case_15_th_readme() -> None:
    a = ask("hongzhong", "124m123456789p11z", draws_left=17, draw_model="constant_wall",
            options={"tile_set": "136", "wild_tiles": [], "qidui": False, "shisanyao": False})
    for tile in ("1m", "4m"):  # kanchan / penchan 3m ×4 of S = 123
        e = entry(a, tile)
        assert e.win_prob == tuple(w(1 - F(119, 123) ** t) for t in range(1, 18))
        assert e.win_prob[:2] == (0.03252, 0.063983) and e.win_prob[-1] == 0.429952
        # × 6000 is TH's README: 195.122, 383.898, … 2579.712
        assert round(6000 * (1 - (119 / 123) ** 17), 3) == 2579.712


def test_small_case_16_one_shanten_one_draw() -> None:
    a = ask("sichuan", "123m456m78m23p55p9p", missing_suit="s", draws_left=1)
    assert a.win_prob == (0.0,) and a.tenpai_prob == (w(F(18, 95)),)
    assert a.expected_points == 0.0 and a.expected_fan is None
