"""定缺 and 换三张 (RULES.md §0.10.8–9): advice.md Example 4, Example 5, small cases 17 and 18,
replayed exactly."""

from __future__ import annotations

from fractions import Fraction as F

from engine.advice.answers import wire
from engine.advice.dingque import dingque
from engine.advice.exchange import exchange
from engine.variants import REGISTRY

SICHUAN = REGISTRY["sichuan"]


def w(x: F) -> float:
    return wire(x.numerator, x.denominator)


def test_example_4_dingque() -> None:
    a = dingque(SICHUAN, {"hand": "159m55p12345678s"})
    # void m: 55p 123s 456s 78s and three junk 万 → 3; 进张 1p–9p 34 + 1s–8s 24 + 9s 4 = 62
    # void p: 159m 123s 456s 78s and two junk 筒 → 3; 进张 33 + 3s 3 + 6s 3 + 9s 4 = 43
    assert [(r.suit, r.tiles, r.shanten, r.effective_count) for r in a.suits] == [
        ("m", 3, 3, 62), ("p", 2, 3, 43), ("s", 8, 8, 67)]
    assert a.choice == "m"  # shanten 3 = 3, then 进张 62 > 43
    assert a.baseline == "p"  # GF: the fewest tiles (2)


def test_small_case_17_dingque_of_fourteen() -> None:
    a = dingque(SICHUAN, {"hand": "159m55p123456789s"})
    assert [(r.suit, r.shanten, r.effective_count) for r in a.suits][:2] == [
        ("m", 2, 61), ("p", 2, 33)]
    assert (a.choice, a.baseline) == ("m", "p")


def test_dingque_counts_remaining_from_unseen() -> None:
    seen = dingque(SICHUAN, {"hand": "159m55p12345678s", "context": {"visible": "9999s"}})
    assert seen.suits[0].suit == "m" and seen.suits[0].effective_count == 62 - 4  # no 9s left
    unseen = dingque(SICHUAN, {"hand": "159m55p12345678s",
                               "context": {"unseen": "123456789p123456789p"}})
    # void m: every 筒 kind lowers the shanten, two copies of each unseen: 9 × 2 = 18
    assert unseen.suits[0] == seen.suits[0].__class__("m", 3, 3, 18)


def test_example_5_exchange() -> None:
    a = exchange(SICHUAN, {"hand": "1129m33457p5567s"})
    # giving 1m1m9m: incoming 万 → 4; 筒 → 7302/4495; 条 → 357/155
    least = (4 + F(7302, 4495) + F(357, 155)) / 3
    assert least == F(7127, 2697)
    rows = [(c.tiles, c.expected_shanten, c.expected_effective_count) for c in a.candidates]
    assert rows[:3] == [
        (("1m", "1m", "9m"), w(least), w(F(6140563, 143840))),
        (("1m", "1m", "2m"), w(least), w(F(18417977, 431520))),
        (("1m", "2m", "9m"), w(least), w(F(115052, 2697))),
    ]
    assert rows[3:6] == [(t, w(F(66155, 21576)), None) for t in (
        ("5s", "5s", "6s"), ("5s", "5s", "7s"), ("5s", "6s", "7s"))]
    assert [r[0] for r in rows[6:]] == [("3p", "3p", "4p"), ("3p", "3p", "5p"),
                                        ("3p", "3p", "7p"), ("3p", "4p", "5p"),
                                        ("3p", "4p", "7p"), ("3p", "5p", "7p"),
                                        ("4p", "5p", "7p")]
    assert all(r[1] == w(F(1009, 310)) and r[2] is None for r in rows[6:])
    assert a.choice == a.candidates[0]
    assert (a.baseline.tiles, a.baseline.suit) == (("1m", "1m", "2m"), "m")


def test_small_case_18_exchange_baseline_mode() -> None:
    a = exchange(SICHUAN, {"hand": "1129m33457p5567s", "mode": "baseline"})
    assert a.candidates is None
    assert a.choice == a.baseline
    assert (a.choice.tiles, a.choice.suit, a.choice.expected_shanten) == (
        ("1m", "1m", "2m"), "m", None)
