"""Hand-made cases, one rule or option value each, with the sums worked out in comments
(settle.md §1.6.2–§1.6.6). Seats 0–3; ``k`` = kong, ``w`` = win; rows (reason, event, from,
to, amount)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.variants.sichuan.settle.helpers import kong, kong_meld, problems, rows, run, win
from tests.engine.variants.sichuan.settle.test_worked_examples import EXAMPLE_3

# winning hands used below (win tile, fan as a plain discard):
PING_5S = "345p678p345s67s88s"     # + 5s: 平胡 0 (needs m missing)
PING_5S_M = "11m234m567m67s999s"   # + 5s: 平胡 0 (needs p missing)
QIDUI_5S = "22p33p44p66s77s88s5s"  # + 5s: 七对 2 (needs m missing)
MISSING = ["s", "m", "p", "m"]


def record(*events: dict[str, Any], end: Any = None, dealer: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": dealer, "missing_suits": MISSING, "events": list(events)}
    if end is not None:
        out["end"] = end
    return out


THREE_WINNERS = win("5s", [(3, QIDUI_5S), (1, PING_5S), (2, PING_5S_M)], source=0)


def test_yi_pao_duo_xiang_three_winners_in_canonical_order() -> None:
    # 0 discards 5s; winners listed 3, 1, 2 are paid in turn order after 0: 1, 2, 3
    # 1: 平胡 → 1; 2: 平胡 → 1; 3: 七对 2 → 4. totals 0: −6, 1: +1, 2: +1, 3: +4
    answer = run(record(THREE_WINNERS))
    assert rows(answer) == [("win", 0, 0, 1, 1), ("win", 0, 0, 2, 1), ("win", 0, 0, 3, 4)]
    assert answer["totals"] == [-6, 1, 1, 4]
    assert answer["active"] == [0]
    assert [(w["seat"], w["fan"]) for w in answer["wins"]] == [(1, 0), (2, 0), (3, 2)]


def test_jie_hu_refuses_a_second_winner() -> None:
    assert problems(record(THREE_WINNERS), {"yi_pao_duo_xiang": False}) == [
        ("multiple_winners", "#/record/events/0/winners")]
    one = win("5s", [(1, PING_5S)], source=0)
    assert rows(run(record(one), {"yi_pao_duo_xiang": False})) == [("win", 0, 0, 1, 1)]


GANG_SHANG_PAO = win("5s", [(3, QIDUI_5S), (1, PING_5S), (2, PING_5S_M)], source=0,
                     after_kong=True)


@pytest.mark.parametrize(("options", "transfers"), [
    # 暗杠 1p by 0: 2 from each of 1, 2, 3 → income 6. 杠上炮 +1: 1 → 2, 2 → 2, 3 → 2^3 = 8
    # split: 6 / 3 = 2 each → totals 0: 6 − 12 − 6 = −12; 1, 2: −2 + 2 + 2 = 2; 3: −2 + 8 + 2
    ({}, [2, 2, 2]),
    ({"hu_jiao_zhuan_yi_split": "each"}, [6, 6, 6]),  # each gets the whole 6: 0 pays 18
    ({"hu_jiao_zhuan_yi": "off"}, []),               # the room's 呼叫转移 unticked
])
def test_call_transfer_to_three_winners(options: dict[str, Any], transfers: list[int]) -> None:
    answer = run(record(kong(0, "concealed", "1p"), GANG_SHANG_PAO), options)
    assert rows(answer)[:6] == [("kong", 0, 1, 0, 2), ("kong", 0, 2, 0, 2), ("kong", 0, 3, 0, 2),
                                ("win", 1, 0, 1, 2), ("win", 1, 0, 2, 2), ("win", 1, 0, 3, 8)]
    handed = [r[4] for r in rows(answer) if r[0] == "hu_jiao_zhuan_yi"]
    assert handed == transfers
    assert [r[3] for r in rows(answer) if r[0] == "hu_jiao_zhuan_yi"] == [1, 2, 3][:len(handed)]
    assert sum(answer["totals"]) == 0
    if not options:
        assert answer["totals"] == [-12, 2, 2, 8]


def test_split_remainder_goes_to_the_first_winner() -> None:
    # 直杠 1p by 0 off 2's discard, zhi_gang_discarder 3 → income 3; 杠上炮 won by 3 and 1
    # (canonical 1, 3): ⌊3/2⌋ = 1 each, remainder 1 to seat 1 → 2 and 1
    events = (kong(0, "exposed", "1p", source=2),
              win("5s", [(3, QIDUI_5S), (1, PING_5S)], source=0, after_kong=True))
    answer = run(record(*events), {"zhi_gang_discarder": 3})
    assert [r for r in rows(answer) if r[0] == "hu_jiao_zhuan_yi"] == [
        ("hu_jiao_zhuan_yi", 1, 0, 1, 2), ("hu_jiao_zhuan_yi", 1, 0, 3, 1)]


def test_split_gives_a_zhi_gang_back_whole_to_its_discarder_among_the_winners() -> None:
    # 直杠 1p by 0 off 2, zhi_gang_others 1: rows 1 → 1, 2 → 2, 3 → 1 (turn order after 0);
    # income 4. Winners 1, 2, 3: seat 2 gave the kong tile → all 4 to seat 2 (reading 4)
    events = (kong(0, "exposed", "1p", source=2), GANG_SHANG_PAO)
    answer = run(record(*events), {"zhi_gang_others": 1})
    assert rows(answer)[:3] == [("kong", 0, 1, 0, 1), ("kong", 0, 2, 0, 2), ("kong", 0, 3, 0, 1)]
    assert [r for r in rows(answer) if r[0] == "hu_jiao_zhuan_yi"] == [
        ("hu_jiao_zhuan_yi", 1, 0, 2, 4)]
    # "each": no special case (reading 11): every winner gets 4
    each = run(record(*events), {"zhi_gang_others": 1, "hu_jiao_zhuan_yi_split": "each"})
    assert [r[4] for r in rows(each) if r[0] == "hu_jiao_zhuan_yi"] == [4, 4, 4]


@pytest.mark.parametrize(("scope", "handed"), [
    # 0: 暗杠 1p (income 6), 补杠 2p (income 3); 1 wins 0's next discard 杠上炮
    ("last_kong", [3]),    # only the 补杠 just made
    ("all_kongs", [9]),    # 6 + 3: all of 0's kongs not handed on
    ("off", []),
])
def test_call_transfer_scope(scope: str, handed: list[int]) -> None:
    events = (kong(0, "concealed", "1p"), kong(0, "added", "2p"),
              win("5s", [(1, PING_5S)], source=0, after_kong=True))
    answer = run(record(*events), {"hu_jiao_zhuan_yi": scope})
    assert [r[4] for r in rows(answer) if r[0] == "hu_jiao_zhuan_yi"] == handed


@pytest.mark.parametrize(("pays", "expected"), [
    (True, [("kong", 0, 1, 0, 1), ("kong", 0, 2, 0, 1), ("kong", 0, 3, 0, 1)]),  # 1 each
    (False, []),   # a late 补杠 earns nothing, and so hands on nothing
])
def test_late_added_kong(pays: bool, expected: list[Any]) -> None:
    events = (kong(0, "added", "2p", late=True),
              win("5s", [(1, PING_5S)], source=0, after_kong=True))
    answer = run(record(*events), {"late_added_kong_pays": pays})
    assert [r for r in rows(answer) if r[0] == "kong"] == expected
    assert [r[4] for r in rows(answer) if r[0] == "hu_jiao_zhuan_yi"] == ([3] if pays else [])


DIAN_GANG = (kong(1, "exposed", "2p", source=3),
             win("5s", [(1, "345p678p34s88s", [kong_meld("2222p")])], self_draw=None,
                 win_type="self_draw", after_kong=True))


@pytest.mark.parametrize(("mode", "win_rows"), [
    # 1 self-draws 5s on 2p's replacement: 平胡 + 根 1 + 杠上开花 1 + 自摸 1 = 3 → 8
    ("zimo", [("win", 1, 2, 1, 8), ("win", 1, 3, 1, 8), ("win", 1, 0, 1, 8)]),  # all pay
    ("dian_pao", [("win", 1, 3, 1, 8)]),  # only 3, who gave the kong tile
])
def test_dian_gang_hua(mode: str, win_rows: list[Any]) -> None:
    events = [DIAN_GANG[0], {**DIAN_GANG[1], "context": {"win_type": "self_draw",
                                                         "after_kong": True}}]
    answer = run(record(*events), {"dian_gang_hua": mode})
    assert rows(answer) == [("kong", 0, 3, 1, 2), *win_rows]


def test_rob_kong_is_paid_by_the_robbed_konger_only() -> None:
    # 2 adds 5s to a pong; 1 robs it: 平胡 + 抢杠胡 1 = 1 → 2 from seat 2; no kong row
    answer = run(record(win("5s", [(1, PING_5S)], source=2, win_type="rob_kong")))
    assert rows(answer) == [("win", 0, 2, 1, 2)]
    assert [p["id"] for p in answer["wins"][0]["patterns"]] == ["ping_hu", "qiang_gang_hu"]


def test_a_seat_that_left_pays_no_kong() -> None:
    # 1 wins first (血战: leaves); 0's 暗杠 1p then costs only 2 and 3: 2 each
    answer = run(record(win("5s", [(1, PING_5S)], source=0), kong(0, "concealed", "1p")))
    assert rows(answer)[1:] == [("kong", 1, 2, 0, 2), ("kong", 1, 3, 0, 2)]
    assert answer["active"] == [0, 2, 3]


XUE_LIU = (win("5s", [(1, PING_5S)], win_type="self_draw"),
           kong(1, "concealed", "3s"),
           win("5s", [(1, "345p678p67s88s", [kong_meld("3333s", concealed=True)])],
               win_type="self_draw"))


@pytest.mark.parametrize(("gen", "second"), [
    # e0: 平胡 + 自摸 = 1 → 2 from 2, 3, 0; e1: 暗杠 2 from each; e2: 平胡 + 根 + 自摸 = 2 → 4
    ("each_win", 4),
    ("first_win", 2),   # the first win had no 根: the later 根 adds no fan → 1 → 2
])
def test_xue_liu_repeated_wins(gen: str, second: int) -> None:
    answer = run(record(*XUE_LIU), {"xue_liu": True, "xue_liu_gen": gen})
    assert rows(answer)[-3:] == [("win", 2, p, 1, second) for p in (2, 3, 0)]
    assert answer["totals"][1] == 6 + 6 + 3 * second   # 24 each_win, 18 first_win
    assert answer["active"] == [0, 1, 2, 3]
    last = answer["wins"][-1]
    assert (last["gen_count"], last["fan"]) == ((1, 2) if gen == "each_win" else (0, 1))
    assert [p["id"] for p in last["patterns"]] == (
        ["ping_hu", "gen", "zi_mo"] if gen == "each_win" else ["ping_hu", "zi_mo"])


def test_xue_zhan_refuses_the_same_record() -> None:
    assert problems(record(*XUE_LIU)) == [("seat_left", "#/record/events/1/seat"),
                                          ("seat_left", "#/record/events/2/winners/0/seat")]


def end_rows(options: dict[str, Any]) -> list[Any]:
    return rows(run(EXAMPLE_3, options))[9:]


# Example 3: 1 is 花猪, 2 not ready (made 补杠 3m: rows 3, 0, 1 of 1 each), 3 ready (D = 4),
# 0 has won and left. H = 2^4 = 16 by default.
@pytest.mark.parametrize(("options", "expected"), [
    ({}, [("hua_zhu", None, 1, 2, 16), ("hua_zhu", None, 1, 3, 16), ("da_jiao", None, 2, 3, 4),
          ("tui_shui", 0, 2, 3, 1), ("tui_shui", 0, 2, 1, 1)]),
    # no 查花猪: 1 is not_ready → pays 大叫 4 too (reading 10)
    ({"cha_hua_zhu": False}, [("da_jiao", None, 1, 3, 4), ("da_jiao", None, 2, 3, 4),
                              ("tui_shui", 0, 2, 3, 1), ("tui_shui", 0, 2, 1, 1)]),
    ({"cha_da_jiao": False}, [("hua_zhu", None, 1, 2, 16), ("hua_zhu", None, 1, 3, 16),
                              ("tui_shui", 0, 2, 3, 1), ("tui_shui", 0, 2, 1, 1)]),
    ({"hua_zhu_fan": 5}, [("hua_zhu", None, 1, 2, 32), ("hua_zhu", None, 1, 3, 32),
                          ("da_jiao", None, 2, 3, 4), ("tui_shui", 0, 2, 3, 1),
                          ("tui_shui", 0, 2, 1, 1)]),
    ({"max_fan": 3}, [("hua_zhu", None, 1, 2, 8), ("hua_zhu", None, 1, 3, 8),  # 2^3
                      ("da_jiao", None, 2, 3, 4), ("tui_shui", 0, 2, 3, 1),
                      ("tui_shui", 0, 2, 1, 1)]),
    ({"max_fan": None}, [("hua_zhu", None, 1, 2, 16), ("hua_zhu", None, 1, 3, 16),  # 2^4
                         ("da_jiao", None, 2, 3, 4), ("tui_shui", 0, 2, 3, 1),
                         ("tui_shui", 0, 2, 1, 1)]),
    # "both": the 花猪 also pays 3's 大叫 in step 2, before seat 2 (ascending payers)
    ({"hua_zhu_da_jiao": "both"}, [("hua_zhu", None, 1, 2, 16), ("hua_zhu", None, 1, 3, 16),
                                   ("da_jiao", None, 1, 3, 4), ("da_jiao", None, 2, 3, 4),
                                   ("tui_shui", 0, 2, 3, 1), ("tui_shui", 0, 2, 1, 1)]),
    # "larger" with H = 2^0 = 1: to 2 (not ready) H = 1; to 3 max(1, 4) = 4 as da_jiao
    ({"hua_zhu_da_jiao": "larger", "hua_zhu_fan": 0},
     [("hua_zhu", None, 1, 2, 1), ("da_jiao", None, 1, 3, 4), ("da_jiao", None, 2, 3, 4),
      ("tui_shui", 0, 2, 3, 1), ("tui_shui", 0, 2, 1, 1)]),
    # "larger" with H = 16 > 4: H to both
    ({"hua_zhu_da_jiao": "larger"}, [("hua_zhu", None, 1, 2, 16), ("hua_zhu", None, 1, 3, 16),
                                     ("da_jiao", None, 2, 3, 4), ("tui_shui", 0, 2, 3, 1),
                                     ("tui_shui", 0, 2, 1, 1)]),
    ({"tui_shui": "off"}, [("hua_zhu", None, 1, 2, 16), ("hua_zhu", None, 1, 3, 16),
                           ("da_jiao", None, 2, 3, 4)]),
    ({"tui_shui": "not_ready"}, [("hua_zhu", None, 1, 2, 16), ("hua_zhu", None, 1, 3, 16),
                                 ("da_jiao", None, 2, 3, 4), ("tui_shui", 0, 2, 3, 1),
                                 ("tui_shui", 0, 2, 1, 1)]),
    # left seats receive: seat 0 gets 16 from the 花猪 (after 1: 2, 3, 0) and its refund
    ({"left_seats_receive": True},
     [("hua_zhu", None, 1, 2, 16), ("hua_zhu", None, 1, 3, 16), ("hua_zhu", None, 1, 0, 16),
      ("da_jiao", None, 2, 3, 4), ("tui_shui", 0, 2, 3, 1), ("tui_shui", 0, 2, 0, 1),
      ("tui_shui", 0, 2, 1, 1)]),
    ({"base_points": 3}, [("hua_zhu", None, 1, 2, 48), ("hua_zhu", None, 1, 3, 48),
                          ("da_jiao", None, 2, 3, 12), ("tui_shui", 0, 2, 3, 3),
                          ("tui_shui", 0, 2, 1, 3)]),
])
def test_end_of_wall_options(options: dict[str, Any], expected: list[Any]) -> None:
    assert end_rows(options) == expected


def test_a_hua_zhu_keeps_its_kong_under_tui_shui_not_ready() -> None:
    # seat 1 (missing s, holds 123s: 花猪) made a 暗杠 1m: rows 2, 3, 0 → 2 each
    # not_ready_and_hua_zhu: it refunds 2 to 2 and 3 (0 has left); not_ready: it keeps them
    events = [kong(1, "concealed", "1m"), win("5s", [(0, "456m789m123s789s5s")],
                                               win_type="self_draw")]
    end = {"hands": [None, {"hand": "22m33p44p55p12s", "melds": [kong_meld("1111m", True)]},
                     {"hand": "2m5m6m9m1s2s4s4s7s8s3m3m3m"},
                     {"hand": "345p666s78s99s888p"}]}
    rec = {"dealer": 0, "missing_suits": ["p", "s", "p", "m"], "events": events, "end": end}
    refunds = [r for r in rows(run(rec)) if r[0] == "tui_shui"]
    assert [r for r in refunds if r[2] == 1] == [("tui_shui", 0, 1, 2, 2),
                                                 ("tui_shui", 0, 1, 3, 2)]
    kept = [r for r in rows(run(rec, {"tui_shui": "not_ready"})) if r[0] == "tui_shui"]
    assert [r for r in kept if r[2] == 1] == []


def test_xue_liu_winners_receive_at_the_end() -> None:
    # 血流: seat 0 won but is in the hand: it receives the 花猪 16 and 2's refund 1
    answer = run(EXAMPLE_3, {"xue_liu": True})
    assert [r for r in rows(answer)[9:] if r[3] == 0] == [("hua_zhu", None, 1, 0, 16),
                                                         ("tui_shui", 0, 2, 0, 1)]
    assert answer["statuses"][0] == {"status": "won"}


def test_the_best_wait_prefers_points_then_fan_then_tile_order() -> None:
    # seat 3 waits on 6s (根 2 → 4) and 9s (根 1 → 2): 6s, D = 4
    best = run(EXAMPLE_3)["statuses"][3]["best"]
    assert (best["tile"], best["points"]) == ("6s", 4)
    # max_fan 2 and gen_mode kong_only: 6s → 根 1 (the 8p kong) → 2, 9s → 根 1 → 2: equal
    # points and fan, so the first in tile order, 6s
    best = run(EXAMPLE_3, {"gen_mode": "kong_only"})["statuses"][3]["best"]
    assert (best["tile"], best["points"], best["fan"]) == ("6s", 2, 1)


def test_no_end_checks_after_the_third_winner() -> None:
    events = [win("5s", [(1, PING_5S), (2, PING_5S_M), (3, QIDUI_5S)], source=0)]
    assert problems(record(*events, end={"hands": [{"hand": "123m456m789m11p22p"},
                                                   None, None, None]})) == [
        ("hand_over", "#/record/end")]
    assert problems(record(*events, kong(0, "concealed", "1p"))) == [
        ("hand_over", "#/record/events/1")]
