"""The 长沙 options settle-changsha.md §2.9.8/§2.9.10 adds to today's operations: the PAY table
(``bird_mode: "plus_hits"``, ``zhuang_xian_in_birds``, ``zhuang_xian_value``),
``xiao_hu_self_draw``, ``bird_count: 0``, the 海底 bird reading of §2.5, and ``qishou_value``
— on ``fan``, ``birds``, ``qishou`` and ``claims``, with the spec's small cases as worked sums.

PAY(B, Z, h) for payer p of winner w, h = hits(w) + hits(p):
add / 159_only B(1 + h) + Z, in birds (B + Z)(1 + h); double B·2^h + Z, in birds (B + Z)·2^h;
plus_hits B + Z + h.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Code, RequestError
from engine.variants.changsha.variant import VARIANT
from tests.engine.claims.common import ask, body
from tests.engine.variants.changsha.test_win import req

# Example 1's win: seat 1 self-draws 9s, 111s 333s 555s 777s 99s = 碰碰胡 + 清一色, B = 12;
# dealer 0; birds from the winner: 3m (+2) → seat 3, 6p (+1) → seat 2; bird_hits [0, 0, 1, 1].
EXAMPLE_1 = ("111s333s555s777s9s", "9s", (),
             {"win_type": "self_draw", "seats": {"dealer": 0, "winner": 1},
              "birds": ["3m", "6p"]})
# Example 3's win: seat 2 self-draws 6m after its 开杠 of 7777p, 456m 234s 678s 55p = 杠上开花,
# B = 6; dealer 0; birds 9m (+0) → seat 2, 8s (+3) → seat 1; bird_hits [0, 1, 1, 0].
EXAMPLE_3 = ("45m234s678s55p", "6m", ("ckong 7777p",),
             {"win_type": "self_draw", "after_kong": True, "seats": {"dealer": 0, "winner": 2},
              "birds": ["9m", "8s"]})


def fan(case: tuple[str, str, tuple[str, ...], dict[str, Any]],
        options: dict[str, Any] | None = None) -> Any:
    hand, tile, melds, context = case
    return VARIANT.fan(req(hand, tile, melds, context, options))


@pytest.mark.parametrize(
    ("case", "options", "payments"),
    [
        # Defaults (add, 庄闲 after the birds): seats 2, 3 12 × 2 = 24, dealer 12 + 1 = 13.
        (EXAMPLE_1, {}, (-13, 61, -24, -24)),
        # Small case 6, plus_hits: seats 2, 3 12 + 0 + 1 = 13; dealer 12 + 1 + 0 = 13; 39.
        (EXAMPLE_1, {"bird_mode": "plus_hits"}, (-13, 39, -13, -13)),
        # Small case 9, zhuang_xian_value units: Z = 2 units → dealer 12 + 2 = 14; 24, 24; 62.
        (EXAMPLE_1, {"zhuang_xian_value": "units"}, (-14, 62, -24, -24)),
        # plus_hits with 庄闲 in the birds changes nothing: B + Z + h either way.
        (EXAMPLE_1, {"bird_mode": "plus_hits", "zhuang_xian_in_birds": True},
         (-13, 39, -13, -13)),
        # Defaults: seat 3 h 1 → 12; dealer h 1 → 12 + 1 = 13; seat 1 h 2 → 18; 43.
        (EXAMPLE_3, {}, (-13, -18, 43, -12)),
        # Small case 7, double: seat 1 6 × 2² = 24; dealer 6 × 2 + 1 = 13; seat 3 12; 49.
        (EXAMPLE_3, {"bird_mode": "double"}, (-13, -24, 49, -12)),
        # Small case 8, zhuang_xian_in_birds: dealer (6 + 1) × 2 = 14; 18, 12; 44.
        (EXAMPLE_3, {"zhuang_xian_in_birds": True}, (-14, -18, 44, -12)),
        # double with 庄闲 in the birds: dealer (6 + 1) × 2 = 14; seat 1 24; seat 3 12; 50.
        (EXAMPLE_3, {"bird_mode": "double", "zhuang_xian_in_birds": True},
         (-14, -24, 50, -12)),
        # Small case 10, 159_only: 9m counts (a hit on seat 2), 8s not: h = 1 for every payer:
        # 12, 12 + 1, 12; 37.
        (EXAMPLE_3, {"bird_mode": "159_only"}, (-13, -12, 37, -12)),
        # units on a 大胡 of 1 unit: Z = max(1, 1) = 1, as "one".
        (EXAMPLE_3, {"zhuang_xian_value": "units"}, (-13, -18, 43, -12)),
        # Both: the dealer (6 + 1) × 2 = 14 (units 1).
        (EXAMPLE_3, {"zhuang_xian_value": "units", "zhuang_xian_in_birds": True},
         (-14, -18, 44, -12)),
    ],
)
def test_the_pay_table(case: Any, options: dict[str, Any], payments: tuple[int, ...]) -> None:
    answer = fan(case, options)
    assert answer.payments == payments
    assert sum(answer.payments) == 0


def test_units_zhuang_xian_multiplied_with_the_birds() -> None:
    # Example 1 with units and 庄闲 in the birds: dealer (12 + 2) × 1 = 14 (no hit on 0 or 1);
    # seats 2, 3 12 × 2 = 24 (no dealer); 62. The birds op prices the same way.
    options = {"zhuang_xian_value": "units", "zhuang_xian_in_birds": True}
    assert fan(EXAMPLE_1, options).payments == (-14, 62, -24, -24)
    hand, tile, melds, context = EXAMPLE_1
    assert VARIANT.birds(req(hand, tile, melds, context, options)).payments == \
        (-14, 62, -24, -24)


def test_the_birds_operation_reads_the_pay_table() -> None:
    hand, tile, melds, context = EXAMPLE_3
    answer = VARIANT.birds(req(hand, tile, melds, context, {"bird_mode": "plus_hits"}))
    # plus_hits: seat 3 6 + 1 = 7; dealer 6 + 1 + 1 = 8; seat 1 6 + 2 = 8; 23.
    assert answer.payments == (-8, -8, 23, -7)


def test_zhuang_xian_units_on_a_small_win_is_one() -> None:
    # 小胡 on the dealer's (seat 0) discard, winner 1: 1 + max(1, 0) = 2, as under "one".
    context = {"seats": {"dealer": 0, "winner": 1, "discarder": 0}}
    one = VARIANT.fan(req("234m567m34p678s55s", "5p", context=context))
    units = VARIANT.fan(req("234m567m34p678s55s", "5p", context=context,
                            options={"zhuang_xian_value": "units"}))
    assert (one.payments, units.payments) == ((-2, 2, 0, 0), (-2, 2, 0, 0))


@pytest.mark.parametrize(
    ("options", "base", "payments"),
    [
        # Small case 19: 234m 567m 345p 678s 55s self-drawn by seat 1, no birds:
        # seats 2, 3 pay 2, the dealer 2 + 1 = 3; 7.
        ({"bird_count": 0}, 2, (-3, 7, -2, -2)),
        # xiao_hu_self_draw 1: 1, 1, 1 + 1 = 2; 4.
        ({"bird_count": 0, "xiao_hu_self_draw": 1}, 1, (-2, 4, -1, -1)),
    ],
)
def test_xiao_hu_self_draw(options: dict[str, Any], base: int,
                           payments: tuple[int, ...]) -> None:
    answer = VARIANT.fan(req("234m567m345p678s5s", "5s", context={
        "win_type": "self_draw", "seats": {"dealer": 0, "winner": 1}}, options=options))
    assert (answer.fan, answer.base_per_payer, answer.payments) == (0, base, payments)
    assert answer.birds_expected == 0


def test_xiao_hu_self_draw_leaves_a_discarded_small_win_and_big_wins() -> None:
    # Small case 5: 小胡 on seat 2's discard is 1 either way; Example 1's 大胡 stays 12.
    discard = VARIANT.fan(req("234m567m34p678s55s", "5p", context={
        "seats": {"dealer": 0, "winner": 1, "discarder": 2}},
        options={"xiao_hu_self_draw": 1, "bird_count": 0}))
    assert (discard.base_per_payer, discard.payments) == (1, (0, 1, -1, 0))
    assert fan(EXAMPLE_1, {"xiao_hu_self_draw": 1}).base_per_payer == 12


def test_claims_price_a_self_drawn_small_win_by_xiao_hu_self_draw() -> None:
    # 234m 567m 345p 678s 5s draws 5s: a 小胡, 2 a payer, or 1 with xiao_hu_self_draw 1.
    def base(options: dict[str, Any] | None) -> int:
        answer = ask("changsha", body("234m567m345p678s5s", "5s", "self_draw", options=options))
        (win,) = [a for a in answer["actions"] if a["type"] == "win"]
        return int(win["base_per_payer"])

    assert (base(None), base({"xiao_hu_self_draw": 1})) == (2, 1)


# 海底 (§2.5's reading): the birds of a last_tile win repeat the 海底 tile and are no new tiles.
HAI_DI = ("55s234m678m234p22s", "5s")


def test_hai_di_birds_repeat_the_last_tile() -> None:
    # Small case 25: seat 1 self-draws 5s as the last tile, 555s 234m 678m 234p 22s =
    # 海底捞月 (B 6); birds [5s, 5s] (rank 5 → the winner), bird_hits [0, 2, 0, 0]: seats 2, 3
    # pay 6 × 3 = 18, the dealer 18 + 1 = 19; 55. Without the reading: six 5s.
    answer = VARIANT.fan(req(*HAI_DI, context={
        "win_type": "self_draw", "last_tile": True, "seats": {"dealer": 0, "winner": 1},
        "birds": ["5s", "5s"]}))
    assert [p.id for p in answer.patterns] == ["hai_di_lao_yue"]
    assert answer.bird_hits == (0, 2, 0, 0)
    assert answer.payments == (-19, 55, -18, -18)
    birds = VARIANT.birds(req(*HAI_DI, context={
        "win_type": "self_draw", "last_tile": True, "seats": {"dealer": 0, "winner": 1},
        "birds": ["5s", "5s"]}))
    assert birds.payments == (-19, 55, -18, -18)


@pytest.mark.parametrize(
    ("context", "pointer"),
    [
        # Not the last tile: the two 5s birds are the fifth and sixth copies.
        ({"win_type": "self_draw", "seats": {"dealer": 0, "winner": 1}, "birds": ["5s", "5s"]},
         "#/context/birds"),
        # The last tile: the birds count nothing, but the visible tiles do: 555s held (with the
        # win tile) + 5s 5s visible = 5 copies.
        ({"win_type": "self_draw", "last_tile": True, "seats": {"dealer": 0, "winner": 1},
          "birds": ["5s", "5s"], "visible": ["5s", "5s"]}, "#/context/visible"),
    ],
)
def test_other_copies_still_count(context: dict[str, Any], pointer: str) -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(*HAI_DI, context=context))
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.TOO_MANY_COPIES, pointer)]


def test_a_bird_that_is_not_the_hai_di_tile_counts() -> None:
    # 2s bird on the 海底 win: 22s held + 2s birds ×3 = 5 copies.
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(*HAI_DI, context={
            "win_type": "self_draw", "last_tile": True, "seats": {"dealer": 0, "winner": 1},
            "birds": ["2s", "2s", "2s"]}))
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.TOO_MANY_COPIES, "#/context/birds")]


@pytest.mark.parametrize(
    ("hand", "options", "count", "per_other_player"),
    [
        # Small case 1: 六六顺 only → 1 × 2.
        ("111m999p2345s678s", {}, 1, 2),
        # Small case 2: 缺一色 + 六六顺 → per_pattern 2 × 2 = 4; once 1 × 2 = 2.
        ("333m999m2233p556p", {}, 2, 4),
        ("333m999m2233p556p", {"qishou_value": "once"}, 2, 2),
        # Small case 3's 四喜 + 板板胡 under once and xiao_hu_self_draw 1: 1 × 1 = 1.
        ("1111m346m3469p19s", {"qishou_value": "once", "xiao_hu_self_draw": 1}, 2, 1),
        # per_pattern with xiao_hu_self_draw 1: 2 × 1 = 2.
        ("1111m346m3469p19s", {"xiao_hu_self_draw": 1}, 2, 2),
        # No pattern pays nothing, once or not.
        ("123m456p789s123p4s", {"qishou_value": "once"}, 0, 0),
    ],
)
def test_qishou_per_other_player_is_the_base(hand: str, options: dict[str, Any], count: int,
                                             per_other_player: int) -> None:
    answer = VARIANT.qishou(VARIANT.request({"hand": hand, "options": options}))
    assert (answer.count, answer.per_other_player) == (count, per_other_player)
