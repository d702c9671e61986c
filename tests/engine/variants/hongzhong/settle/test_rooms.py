"""红中 ``settle`` in rooms of 2 or 3 players (reconciled.md §1, settle-hongzhong.md §4.5.10,
rooms.md §0.9.5): every rule that changes with *P*, each case worked by hand (its sums in the
comments), replayed by the slow reference and answered by ``settle``; and the records a smaller
room refuses — a seat ≥ *P*, a per-seat array without *P* entries, more than *P* − 1 winners,
a tile outside the room's suits — each at its pointer.

Unless a case says, the dealer is seat 0 and the options are the defaults (``code_mode``
``159z``, ``code_value`` 2, ``zimo_unit`` 2, ``discard_unit`` 1, ``code_count`` 2, an extra
code for a winner without 红中).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.variants.hongzhong import VARIANT
from tests.engine.variants.hongzhong.settle.cases import S0, S1, kong, win
from tests.engine.variants.hongzhong.settle.test_worked_examples import replayed
from tests.engine.variants.sichuan.settle.helpers import problems, rows, run
from tests.engine.variants.sichuan.settle.test_validation import changed

PLAIN = "123m456m789p23s55s"
"""+ 4s: 123m 456m 789p 234s 55s — 胡牌, fan 0, no 红中 (rooms.md small cases 25, 26)."""

CASES: list[dict[str, Any]] = [
    {
        "name": "kongs at three: exposed 3 from from, added and concealed from P − 1 = 2",
        "options": {"players": 3},
        "record": {"dealer": 0, "events": [kong(0, "added", "9m"), kong(1, "exposed", "8s", 2),
                                           kong(2, "concealed", "3p")]},
        # e0 补杠: seats 1, 2 pay 1 → income P − 1 = 2; e1 直杠 off seat 2: 3 (GF: 3 whatever
        # the seats, rooms.md assumption 13); e2 暗杠: seats 0, 1 pay 2 → income 2(P − 1) = 4
        "rows": [("kong", 0, 1, 0, 1), ("kong", 0, 2, 0, 1), ("kong", 1, 2, 1, 3),
                 ("kong", 2, 0, 2, 2), ("kong", 2, 1, 2, 2)],
        # seat 0 +2 − 2 = 0; seat 1 −1 + 3 − 2 = 0; seat 2 −1 − 3 + 4 = 0
        "totals": [0, 0, 0],
        "kongs": [(0, 0, 2, "paid"), (1, 1, 3, "paid"), (2, 2, 4, "paid")],
        "outcome": "in_play", "next_dealer": None,
    },
    {
        "name": "kongs at two, then 荒庄荒杠: each refunded",
        "options": {"players": 2, "huang_zhuang_huang_gang": True},
        "record": {"dealer": 1, "events": [kong(1, "concealed", "3p"), kong(0, "exposed", "7s", 1),
                                           kong(0, "added", "1m")], "end": {}},
        # e0 暗杠 by 1: seat 0 pays 2 (income 2(P − 1) = 2); e1 直杠 off seat 1: 3; e2 补杠:
        # seat 1 pays 1; then the wall runs out and each row comes back (huang_gang)
        "rows": [("kong", 0, 0, 1, 2), ("kong", 1, 1, 0, 3), ("kong", 2, 1, 0, 1),
                 ("huang_gang", 0, 1, 0, 2), ("huang_gang", 1, 0, 1, 3),
                 ("huang_gang", 2, 0, 1, 1)],
        "totals": [0, 0],  # every kong refunded
        "kongs": [(0, 1, 2, "refunded"), (1, 0, 3, "refunded"), (2, 0, 1, "refunded")],
        "outcome": "huang_zhuang", "next_dealer": 1,  # draw_next_dealer "dealer"
    },
    {
        "name": "a self-draw at three: two payers, 159 codes and 飘 each",
        "options": {"players": 3},
        "record": {"dealer": 0, "piao": [1, 2, 3], "events": [
            win("5s", [(1, S0)], codes=["1p", "6m", "9s"])]},
        # 胡牌 fan 0: 2 × 2⁰ = 2 from seats 2, 0 (turn order after 1); no 红中: 2 + 1 = 3
        # codes, 1p and 9s hit → 2 × code_value 2 = 4 each; 飘 seat 2 3 + 2 = 5, seat 0 1 + 2 = 3
        "rows": [("win", 0, 2, 1, 2), ("win", 0, 0, 1, 2), ("codes", 0, 2, 1, 4),
                 ("codes", 0, 0, 1, 4), ("piao", 0, 2, 1, 5), ("piao", 0, 0, 1, 3)],
        # seat 0 −2 − 4 − 3 = −9; seat 1 +2 + 2 + 4 + 4 + 5 + 3 = 20; seat 2 −2 − 4 − 5 = −11
        "totals": [-9, 20, -11],
        "kongs": [], "outcome": "won", "next_dealer": 1,
        "wins": [{"seat": 1, "code_hits": [0, 2, 0], "codes_expected": 3,
                  "payments": [-6, 12, -6]}],  # fan's: each payer 2 + 4
    },
    {
        "name": "rob-kong at three (rooms.md small case 26 as settled): P − 1 shares, 飘 once",
        "options": {"players": 3, "code_mode": "seat", "extra_code_without_wild": False},
        "record": {"dealer": 0, "piao": [5, 1, 2], "events": [
            win("4s", [(1, PLAIN)], source=2, codes=["1m", "2p"], win_type="rob_kong")]},
        # 抢杠全包: the konger 2 pays (P − 1) · 2 · 2⁰ = 4; codes from the winner 1: 1m → seat 1,
        # 2p → 下家 seat 2, both score (a rob-kong scores like a self-draw): B₂ = (1 + 1) × 2
        # = 4, B₀ = (1 + 0) × 2 = 2, Σ = 6 (settled reading 1: [0, 10, −10]); 飘 paid once,
        # by the konger: 2 + 1 = 3
        "rows": [("win", 0, 2, 1, 4), ("codes", 0, 2, 1, 6), ("piao", 0, 2, 1, 3)],
        "totals": [0, 13, -13],  # 4 + 6 + 3 = 13
        "kongs": [], "outcome": "won", "next_dealer": 1,
        "wins": [{"seat": 1, "codes": [{"tile": "1m", "seat": 1, "hit": True},
                                       {"tile": "2p", "seat": 2, "hit": True}],
                  "code_hits": [0, 1, 1], "payments": [0, 10, -10]}],
    },
    {
        "name": "rob-kong at two: the konger pays one share",
        "options": {"players": 2, "extra_code_without_wild": False},
        "record": {"dealer": 0, "events": [
            win("4s", [(1, PLAIN)], source=0, codes=["5p", "2m"], win_type="rob_kong")]},
        # (P − 1) · 2 · 2⁰ = 2; 159z: 5p hits → 2 on the one share
        "rows": [("win", 0, 0, 1, 2), ("codes", 0, 0, 1, 2)],
        "totals": [-4, 4],
        "kongs": [], "outcome": "won", "next_dealer": 1,
    },
    {
        "name": "seat codes at three, circle (rooms.md small case 25): 3 misses the empty 对家",
        "options": {"players": 3, "code_mode": "seat", "extra_code_without_wild": False},
        "record": {"dealer": 0, "events": [win("4s", [(1, PLAIN)], codes=["1m", "3p"])]},
        # 1m → the winner, 3p → 对家, no chair (seat null): each payer 2 + (1 + 0) × 2 = 4
        "rows": [("win", 0, 2, 1, 2), ("win", 0, 0, 1, 2), ("codes", 0, 2, 1, 2),
                 ("codes", 0, 0, 1, 2)],
        "totals": [-4, 8, -4],
        "kongs": [], "outcome": "won", "next_dealer": 1,
        "wins": [{"seat": 1, "codes": [{"tile": "1m", "seat": 1, "hit": True},
                                       {"tile": "3p", "seat": None, "hit": False}],
                  "code_hits": [0, 1, 0]}],
    },
    {
        "name": "seat codes at three, modulo: 3 points at (1 + 3 − 1) mod 3 = seat 0",
        "options": {"players": 3, "code_mode": "seat", "code_seats": "modulo",
                    "extra_code_without_wild": False},
        "record": {"dealer": 0, "events": [win("4s", [(1, PLAIN)], codes=["1m", "3p"])]},
        # seat 2 pays 2 + (1 + 0) × 2 = 4; seat 0 2 + (1 + 1) × 2 = 6
        "rows": [("win", 0, 2, 1, 2), ("win", 0, 0, 1, 2), ("codes", 0, 2, 1, 2),
                 ("codes", 0, 0, 1, 4)],
        "totals": [-6, 10, -4],
        "kongs": [], "outcome": "won", "next_dealer": 1,
        "wins": [{"seat": 1, "code_hits": [1, 1, 0], "payments": [-6, 10, -4]}],
    },
    {
        "name": "seat codes at two, circle: 3 hits the other seat, 2 misses",
        "options": {"players": 2, "code_mode": "seat", "extra_code_without_wild": False},
        "record": {"dealer": 0, "events": [win("4s", [(0, PLAIN)], codes=["2m", "3p"])]},
        # 2m → 下家, no chair with two; 3p → 对家, the other seat 1: he pays 2 + (0 + 1) × 2 = 4
        "rows": [("win", 0, 1, 0, 2), ("codes", 0, 1, 0, 2)],
        "totals": [4, -4],
        "kongs": [], "outcome": "won", "next_dealer": 0,
        "wins": [{"seat": 0, "codes": [{"tile": "2m", "seat": None, "hit": False},
                                       {"tile": "3p", "seat": 1, "hit": True}]}],
    },
    {
        "name": "seat codes at two, modulo: 2 → the other seat, 3 → the winner",
        "options": {"players": 2, "code_mode": "seat", "code_seats": "modulo",
                    "extra_code_without_wild": False},
        "record": {"dealer": 0, "events": [win("4s", [(0, PLAIN)], codes=["2m", "3p"])]},
        # 2m → (0 + 2 − 1) mod 2 = 1, 3p → (0 + 3 − 1) mod 2 = 0: 2 + (1 + 1) × 2 = 6
        "rows": [("win", 0, 1, 0, 2), ("codes", 0, 1, 0, 4)],
        "totals": [6, -6],
        "kongs": [], "outcome": "won", "next_dealer": 0,
    },
    {
        "name": "通炮 at three: P − 1 = 2 winners of one discard, codes counted once",
        "options": {"players": 3, "win_by_discard": "yes"},
        "record": {"dealer": 1, "events": [
            win("5s", [(2, S1), (1, S0)], source=0, codes=["1m", "2m"], win_type="discard")]},
        # canonical order after the discarder 0: seats 1, 2; 胡牌 fan 0: 1 × 2⁰ = 1 each;
        # 通炮 turns code_count 2 (no extra), 1m hits → 1 × 2 = 2 for each winner
        "rows": [("win", 0, 0, 1, 1), ("win", 0, 0, 2, 1), ("codes", 0, 0, 1, 2),
                 ("codes", 0, 0, 2, 2)],
        "totals": [-6, 3, 3],  # the discarder 1 + 1 + 2 + 2
        "kongs": [], "outcome": "won", "next_dealer": 0,  # several winners: from
        "wins": [{"seat": 1, "codes_expected": 2, "payments": [-3, 3, 0]},
                 {"seat": 2, "codes_expected": 2, "payments": [-3, 0, 3]}],
    },
    {
        "name": "GF's two-player room: 万 and the honors, 红中 wild",
        "options": {"players": 2, "suits": ["m"], "tile_set": "136", "wild_tiles": ["7z"],
                    "extra_code_without_wild": False},
        "record": {"dealer": 0, "events": [
            kong(1, "concealed", "1z"),
            win("9m", [(0, "123m456m78m5m2z2z2z7z")], codes=["5m", "6z"])]},
        # e0 暗杠 东 by 1: seat 0 pays 2; seat 0 self-draws: 123m 456m 789m 222z, 5m + 红中
        # the pair — 胡牌 fan 0: 2 × 2⁰ = 2 from seat 1; 5m hits → 2
        "rows": [("kong", 0, 0, 1, 2), ("win", 1, 1, 0, 2), ("codes", 1, 1, 0, 2)],
        "totals": [2, -2],  # seat 0 −2 + 2 + 2; seat 1 +2 − 2 − 2
        "kongs": [(0, 1, 2, "paid")], "outcome": "won", "next_dealer": 0,
    },
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_reference_replays_the_case(case: dict[str, Any]) -> None:
    replayed(case)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_settle_answers_the_case(case: dict[str, Any]) -> None:
    answer = run(case["record"], case["options"], variant=VARIANT)
    players = case["options"]["players"]
    assert rows(answer) == case["rows"]
    assert answer["totals"] == case["totals"] and len(answer["totals"]) == players
    assert [(k["event"], k["seat"], k["income"], k["state"]) for k in answer["kongs"]] == \
        case["kongs"]
    assert (answer["outcome"], answer["next_dealer"]) == (case["outcome"], case["next_dealer"])
    for w in answer["wins"]:  # every per-seat array of a win is the room's
        assert len(w["payments"]) == players and sum(w["payments"]) == 0
        assert "code_hits" not in w or len(w["code_hits"]) == players
    for want, got in zip(case.get("wins", []), answer["wins"], strict=False):
        assert {k: got[k] for k in want} == want


ONE_WIN = {"dealer": 0, "events": [win("4s", [(1, PLAIN)], codes=["1m", "2m", "3m"])]}
"""Seat 1 self-draws (three codes due: no 红中)."""
ONE_KONG = {"dealer": 0, "events": [kong(1, "exposed", "8s", 2)]}

REFUSED = [
    # a seat of the room: 0 … P − 1 (reconciled.md §1)
    ({"players": 3}, changed(ONE_WIN, ["dealer"], 3), ("invalid_field", "#/record/dealer")),
    ({"players": 3}, changed(ONE_KONG, ["events", 0, "seat"], 3),
     ("invalid_field", "#/record/events/0/seat")),
    ({"players": 2}, changed(ONE_KONG, ["events", 0, "from"], 2),
     ("invalid_field", "#/record/events/0/from")),
    ({"players": 3}, changed(ONE_WIN, ["events", 0, "winners", 0, "seat"], 3),
     ("invalid_field", "#/record/events/0/winners/0/seat")),
    ({"players": 2, "win_by_discard": "yes"},
     {"dealer": 0, "events": [win("4s", [(0, PLAIN)], source=2, win_type="discard")]},
     ("invalid_field", "#/record/events/0/from")),
    ({"players": 2}, {"dealer": 0, "events": [], "end": {"last_drawer": 2}},
     ("invalid_field", "#/record/end/last_drawer")),
    # per-seat arrays of P entries
    ({"players": 3}, {**ONE_WIN, "piao": [0, 0, 0, 0]}, ("invalid_field", "#/record/piao")),
    ({"players": 2}, {**ONE_WIN, "piao": [0, 0, 0]}, ("invalid_field", "#/record/piao")),
    # at most P − 1 winners on one tile: 2 at three, 1 at two
    ({"players": 3, "win_by_discard": "yes"},
     {"dealer": 0, "events": [win("5s", [(1, S0), (2, S1), (3, S1)], source=0,
                                  win_type="discard")]},
     ("invalid_field", "#/record/events/0/winners")),
    ({"players": 2, "win_by_discard": "yes"},
     {"dealer": 0, "events": [win("5s", [(1, S0), (0, S1)], source=1, win_type="discard")]},
     ("invalid_field", "#/record/events/0/winners")),
    # a tile outside the room's suits
    ({"players": 3, "suits": ["p", "s"]}, changed(ONE_WIN, ["events", 0, "codes"], ["1p"]),
     ("invalid_tile", "#/record/events/0/winners/0/hand")),
]


@pytest.mark.parametrize(("options", "record", "first"), REFUSED)
def test_a_smaller_room_refuses_the_record(options: dict[str, Any], record: dict[str, Any],
                                           first: tuple[str, str]) -> None:
    assert problems(record, options, variant=VARIANT) == [first]


def test_the_refusals_name_the_room() -> None:
    for options, record, detail in [
        ({"players": 3}, changed(ONE_WIN, ["dealer"], 3),
         "dealer must be a seat number 0–2 (3 players)"),
        ({"players": 3}, {**ONE_WIN, "piao": [0, 0, 0, 0]},
         "piao must be an array of 3 entries, each seat's 飘 (0–1000)"),
        ({"players": 3, "win_by_discard": "yes"},
         {"dealer": 0, "events": [win("5s", [(1, S0), (2, S1), (3, S1)], source=0,
                                      win_type="discard")]},
         "winners must be an array of 1–2 winners"),
        ({"players": 3, "suits": ["p", "s"]}, changed(ONE_WIN, ["events", 0, "codes"], ["1p"]),
         "1m, 2m, 3m, 4m, 5m, 6m not in the 76-tile set of this room (suits p, s)"),
    ]:
        with pytest.raises(RequestError) as caught:
            VARIANT.settle(VARIANT.request({"options": options, "record": record}))
        assert caught.value.problems[0].detail == detail


def test_seats_are_checked_against_four_while_players_is_invalid() -> None:
    # rooms.md §0.9.3: with players itself invalid the seats are read against 0–3, so seat 3
    # passes the shape and only the option is refused (stage 2)
    record = changed(ONE_WIN, ["dealer"], 3)
    assert problems(record, {"players": 5}, variant=VARIANT) == [
        ("invalid_option", "#/options/players")]
