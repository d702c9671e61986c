"""settle-hongzhong.md's worked examples, small cases and error example as data, with their
sums (rows in reconciled.md §3's reason-major order; ``draw_next_dealer`` for the spec's
``huang_zhuang_dealer``, reconciled.md §8).

Each valid case: ``options``, ``record`` and the answer — ``rows`` as (reason, event, from, to,
amount), ``totals``, ``kongs`` as (event, seat, income, state), ``outcome``, ``next_dealer``, and
for the four examples the whole wire answer (``answer``, without ``options``). Each refused
case: ``problems`` as (code, pointer) in the answer's order. Unless a case says, the dealer is
seat 0 (the small cases leave it open; 红中 pays no dealer bonus) and the options are the
defaults: 112 tiles, 红中 wild, ``win_by_discard: "no"``, ``code_mode: "159z"``, ``code_count``
2, ``code_value`` 2, ``zimo_unit`` 2, ``discard_unit`` 1.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.engine.variants.sichuan.settle.helpers import kong
from tests.engine.variants.sichuan.settle.helpers import win as sichuan_win

Row = tuple[str, int, int, int, int]


def win(tile: str, winners: list[tuple[Any, ...]], source: int | None = None,
        codes: list[str] | None = None, wall_left: int | None = None,
        **context: Any) -> dict[str, Any]:
    """A win event (四川's, with the codes and the wall); each winner (seat, hand) or (seat,
    hand, melds)."""
    event = sichuan_win(tile, winners, source, **context)  # type: ignore[arg-type]
    if codes is not None:
        event["codes"] = codes
    if wall_left is not None:
        event["wall_left"] = wall_left
    return event


def concealed_kong(tiles: str) -> dict[str, Any]:
    return {"type": "kong", "tiles": tiles, "concealed": True}


SEVEN = "123m456m789p11s5s7z"
"""+ 6s: 123m 456m 789p 5s6s + 红中 (4s or 7s), 11s — 胡牌, fan 0; he holds 红中: 2 codes due."""
S0 = "234m678m456p11s34s"
"""+ 5s: 234m 678m 456p 345s 11s — 胡牌, fan 0, no 红中 (an extra code when alone)."""
S1 = "123p789p567m99m46s"
"""+ 5s: 123p 789p 567m 456s 99m — 胡牌, fan 0, no 红中."""


def _ping_hu() -> list[dict[str, Any]]:
    return [{"id": "ping_hu", "name": "Win", "name_zh": "胡牌", "fan": 0}]


def _qi_dui() -> list[dict[str, Any]]:
    return [{"id": "qi_dui", "name": "Seven pairs", "name_zh": "七对", "fan": 1}]


def _answer(case: dict[str, Any], wins: list[dict[str, Any]]) -> dict[str, Any]:
    """The wire answer of a case (without ``options``), its ``wins`` written out."""
    return {"transfers": [{"reason": r, "event": e, "from": f, "to": t, "amount": a}
                          for r, e, f, t, a in case["rows"]],
            "totals": case["totals"], "wins": wins,
            "kongs": [{"event": e, "seat": s, "income": i, "state": st}
                      for e, s, i, st in case["kongs"]],
            "outcome": case["outcome"], "next_dealer": case["next_dealer"]}


# --- Example 1: two kongs, then 杠上开花 with 159 codes (default options) ----------------------

EXAMPLE_1: dict[str, Any] = {
    "name": "example 1",
    "options": {},
    "record": {"dealer": 0, "events": [
        kong(0, "added", "9m"),
        kong(1, "exposed", "8s", 3),
        win("5s", [(1, "123m456m11s34s", [{"type": "kong", "tiles": "8888s"}])],
            codes=["1p", "6m", "9s"], win_type="self_draw", after_kong=True),
    ]},
    "rows": [
        # e0 补杠 9m by 0: 1, 2, 3 pay 1 each (kong answers [3, −1, −1, −1])
        ("kong", 0, 1, 0, 1), ("kong", 0, 2, 0, 1), ("kong", 0, 3, 0, 1),
        # e1 直杠 8s by 1 off 3's discard: 3 pays 3 ([0, 3, 0, −3])
        ("kong", 1, 3, 1, 3),
        # e2 杠上开花 by 1, 胡牌 fan 0: zimo_unit 2 × 2⁰ = 2 from 2, 3, 0
        ("win", 2, 2, 1, 2), ("win", 2, 3, 1, 2), ("win", 2, 0, 1, 2),
        # no 红中 held: 2 + 1 = 3 codes; 1p, 9s hit (6m misses) → h 2 × code_value 2 = 4 each
        ("codes", 2, 2, 1, 4), ("codes", 2, 3, 1, 4), ("codes", 2, 0, 1, 4),
    ],
    # seat 0 +3 − 2 − 4; seat 1 −1 + 3 + 6 + 12; seat 2 −1 − 2 − 4; seat 3 −1 − 3 − 2 − 4
    "totals": [-3, 20, -7, -10],
    "kongs": [(0, 0, 3, "paid"), (1, 1, 3, "paid")],
    "outcome": "won",
    "next_dealer": 1,  # the winner
}
EXAMPLE_1["answer"] = _answer(EXAMPLE_1, [
    {"event": 2, "seat": 1, "patterns": _ping_hu(), "fan": 0,
     "codes": [{"tile": "1p", "hit": True}, {"tile": "6m", "hit": False},
               {"tile": "9s", "hit": True}],
     "code_hits": [0, 2, 0, 0], "codes_expected": 3,
     "payments": [-6, 18, -6, -6]},  # each payer's 2 + 4
])

# --- Example 2: 通炮, two winners on one discard, codes once from the discarder, with 飘 -------

EXAMPLE_2: dict[str, Any] = {
    "name": "example 2",
    "options": {"win_by_discard": "yes"},
    "record": {"dealer": 2, "piao": [1, 2, 0, 1], "events": [
        kong(0, "concealed", "2m"),
        win("6p", [(1, "11m33m55p77s88s99p6p"),
                   (0, "345m7p99s123s7z", [concealed_kong("2222m")])],
            source=3, codes=["5s", "2p"], win_type="discard"),
    ]},
    "rows": [
        # e0 暗杠 2m by 0: 1, 2, 3 pay 2 each ([6, −2, −2, −2])
        ("kong", 0, 1, 0, 2), ("kong", 0, 2, 0, 2), ("kong", 0, 3, 0, 2),
        # canonical order after the discarder 3: seat 0 (胡牌 fan 0: 1 × 2⁰), seat 1 (七对 fan 1:
        # 1 × 2¹)
        ("win", 1, 3, 0, 1), ("win", 1, 3, 1, 2),
        # 通炮: code_count 2, no extra; 5s hits, 2p misses → h 1 × 2 = 2 for each winner
        ("codes", 1, 3, 0, 2), ("codes", 1, 3, 1, 2),
        # 飘 piao[3] + piao[0] = 1 + 1; piao[3] + piao[1] = 1 + 2
        ("piao", 1, 3, 0, 2), ("piao", 1, 3, 1, 3),
    ],
    # seat 0 +6 + 1 + 2 + 2; seat 1 −2 + 2 + 2 + 3; seat 2 −2; seat 3 −2 − 5 − 7
    "totals": [11, 5, -2, -14],
    "kongs": [(0, 0, 6, "paid")],
    "outcome": "won",
    "next_dealer": 3,  # several winners: the discarder
}
EXAMPLE_2["answer"] = _answer(EXAMPLE_2, [
    {"event": 1, "seat": 0, "patterns": _ping_hu(), "fan": 0,
     "codes": [{"tile": "5s", "hit": True}, {"tile": "2p", "hit": False}],
     "code_hits": [1, 0, 0, 0], "codes_expected": 2, "payments": [3, 0, 0, -3]},
    {"event": 1, "seat": 1, "patterns": _qi_dui(), "fan": 1,
     "codes": [{"tile": "5s", "hit": True}, {"tile": "2p", "hit": False}],
     "code_hits": [0, 1, 0, 0], "codes_expected": 2, "payments": [0, 4, 0, -4]},
])

# --- Example 3: 一码全中 with 抢杠全包 ---------------------------------------------------------

EXAMPLE_3: dict[str, Any] = {
    "name": "example 3",
    "options": {"code_mode": "one_code_all"},
    "record": {"dealer": 1, "events": [
        kong(2, "exposed", "9p", 0),
        win("5m", [(1, "11p33p77s99s22m44s7z")], source=0, codes=["7p"],
            win_type="rob_kong", kong={"type": "added"}),
    ]},
    "rows": [
        ("kong", 0, 0, 2, 3),  # 直杠 9p off 0's discard ([−3, 0, 3, 0])
        ("win", 1, 0, 1, 12),  # 七对 fan 1, 抢杠全包: 3 × zimo_unit 2 × 2¹
        ("codes", 1, 0, 1, 42),  # one code 7p: 7 × code_value 2 = 14 on each share, × 3
    ],
    "totals": [-57, 54, 3, 0],  # seat 0 −3 − 12 − 42; seat 1 +54; seat 2 +3
    "kongs": [(0, 2, 3, "paid")],
    "outcome": "won",
    "next_dealer": 1,  # the winner (the dealer deals again)
}
EXAMPLE_3["answer"] = _answer(EXAMPLE_3, [
    {"event": 1, "seat": 1, "patterns": _qi_dui(), "fan": 1,
     "codes": [{"tile": "7p", "hit": True}], "code_hits": [0, 1, 0, 0],
     "codes_expected": 1, "payments": [-54, 54, 0, 0]},  # 12 + 42
])

# --- Example 4: 荒庄荒杠, the wall runs out, kong money goes back ------------------------------

_EXAMPLE_4_RECORD: dict[str, Any] = {"dealer": 3, "events": [
    kong(1, "concealed", "3s"),
    kong(0, "exposed", "7p", 2),
], "end": {"last_drawer": 2}}
_EXAMPLE_4_KONG_ROWS: list[Row] = [
    ("kong", 0, 2, 1, 2), ("kong", 0, 3, 1, 2), ("kong", 0, 0, 1, 2),  # 暗杠: [−2, 6, −2, −2]
    ("kong", 1, 2, 0, 3),  # 直杠 off 2: [3, 0, −3, 0]
]
EXAMPLE_4: dict[str, Any] = {
    "name": "example 4",
    "options": {"huang_zhuang_huang_gang": True},
    "record": _EXAMPLE_4_RECORD,
    "rows": [
        *_EXAMPLE_4_KONG_ROWS,
        # 荒庄荒杠: every kong row comes back, kong by kong in record order
        ("huang_gang", 0, 1, 2, 2), ("huang_gang", 0, 1, 3, 2), ("huang_gang", 0, 1, 0, 2),
        ("huang_gang", 1, 0, 2, 3),
    ],
    "totals": [0, 0, 0, 0],
    "kongs": [(0, 1, 6, "refunded"), (1, 0, 3, "refunded")],
    "outcome": "huang_zhuang",
    "next_dealer": 3,  # the dealer stays
}
EXAMPLE_4["answer"] = _answer(EXAMPLE_4, [])
EXAMPLE_4_VARIANTS: list[dict[str, Any]] = [
    {"name": "example 4, kongs kept", "options": {}, "record": _EXAMPLE_4_RECORD,
     "rows": _EXAMPLE_4_KONG_ROWS,
     # seat 0 −2 + 3; seat 1 +6; seat 2 −2 − 3; seat 3 −2
     "totals": [1, 6, -5, -2], "kongs": [(0, 1, 6, "paid"), (1, 0, 3, "paid")],
     "outcome": "huang_zhuang", "next_dealer": 3},
    {"name": "example 4, last drawer deals", "options": {"huang_zhuang_huang_gang": True,
                                                         "draw_next_dealer": "last_drawer"},
     "record": _EXAMPLE_4_RECORD, "rows": EXAMPLE_4["rows"], "totals": [0, 0, 0, 0],
     "kongs": EXAMPLE_4["kongs"], "outcome": "huang_zhuang", "next_dealer": 2},
    {"name": "example 4, at_end (GF hzmj)", "options": {"huang_zhuang_huang_gang": True,
                                                        "kong_paid": "at_end"},
     "record": _EXAMPLE_4_RECORD, "rows": [], "totals": [0, 0, 0, 0],
     "kongs": [(0, 1, 6, "cancelled"), (1, 0, 3, "cancelled")],
     "outcome": "huang_zhuang", "next_dealer": 3},
]

EXAMPLES = [EXAMPLE_1, EXAMPLE_2, EXAMPLE_3, EXAMPLE_4]

# --- Small cases -----------------------------------------------------------------------------

_CASE_1_EVENTS = [
    kong(2, "concealed", "4p"),
    win("9s", [(2, "123m567m11s8s7z", [concealed_kong("4444p")])], codes=["2m", "3s"],
        after_kong=True),
]
_CASE_1_ROWS: list[Row] = [
    ("kong", 0, 3, 2, 2), ("kong", 0, 0, 2, 2), ("kong", 0, 1, 2, 2),  # 暗杠: 2 each
    ("win", 1, 3, 2, 2), ("win", 1, 0, 2, 2), ("win", 1, 1, 2, 2),  # 2 × 2⁰ each; no hit
]


def _win_on_5s(codes: list[str]) -> dict[str, Any]:
    """Small case 9's event: 3's 5s won by seats 0 (S0) and 1 (S1)."""
    return win("5s", [(0, S0), (1, S1)], source=3, codes=codes, win_type="discard")


def _rob_of_5s(kind: str = "added") -> dict[str, Any]:
    """Small case 10's event: 2's kong of 5s robbed by seats 3 and 0."""
    return win("5s", [(3, S0), (0, S1)], source=2, codes=["1m", "8p"], win_type="rob_kong",
               kong={"type": kind})


def _case(number: int | str, options: dict[str, Any], events: list[dict[str, Any]],
          rows: list[Row], totals: list[int], kongs: list[tuple[int, int, int, str]] = (),
          outcome: str = "won", next_dealer: int | None = None, dealer: int = 0,
          end: dict[str, Any] | None = None, **record: Any) -> dict[str, Any]:
    full: dict[str, Any] = {"dealer": dealer, **record, "events": events}
    if end is not None:
        full["end"] = end
    return {"name": f"small case {number}", "options": options, "record": full, "rows": rows,
            "totals": totals, "kongs": list(kongs), "outcome": outcome,
            "next_dealer": next_dealer}


SMALL_CASES: list[dict[str, Any]] = [
    _case(1, {}, _CASE_1_EVENTS, _CASE_1_ROWS, [-4, -4, 12, -4], [(0, 2, 6, "paid")],
          next_dealer=2),
    # case 1 cut after e0, kong money at the end: pending, no row
    _case(2, {"kong_paid": "at_end"}, _CASE_1_EVENTS[:1], [], [0, 0, 0, 0],
          [(0, 2, 6, "pending")], outcome="in_play"),
    # the whole of case 1 at_end: the same rows in the same places
    _case(3, {"kong_paid": "at_end"}, _CASE_1_EVENTS, _CASE_1_ROWS, [-4, -4, 12, -4],
          [(0, 2, 6, "paid")], next_dealer=2),
    # 直杠 6m by 1 from 0, then 荒庄: kept (3), the dealer 2 deals again
    _case(4, {}, [kong(1, "exposed", "6m", 0)], [("kong", 0, 0, 1, 3)], [-3, 3, 0, 0],
          [(0, 1, 3, "paid")], "huang_zhuang", 2, dealer=2, end={}),
    _case(5, {"huang_zhuang_huang_gang": True}, [kong(1, "exposed", "6m", 0)],
          [("kong", 0, 0, 1, 3), ("huang_gang", 0, 1, 0, 3)], [0, 0, 0, 0],
          [(0, 1, 3, "refunded")], "huang_zhuang", 2, dealer=2, end={}),
    _case(6, {"huang_zhuang_huang_gang": True, "kong_paid": "at_end"},
          [kong(1, "exposed", "6m", 0)], [], [0, 0, 0, 0], [(0, 1, 3, "cancelled")],
          "huang_zhuang", 2, dealer=2, end={}),
    _case(7, {"draw_next_dealer": "last_drawer"}, [kong(1, "exposed", "6m", 0)],
          [("kong", 0, 0, 1, 3)], [-3, 3, 0, 0], [(0, 1, 3, "paid")], "huang_zhuang", 1,
          dealer=2, end={"last_drawer": 1}),
    # discard win by 2 off 1: 1 × 2⁰ = 1; no 红中 → 3 codes, 9m and 1s hit: 2 × 2 = 4
    _case(8, {"win_by_discard": "yes"},
          [win("3s", [(2, "234m678m456p11s33s")], source=1, codes=["9m", "3p", "1s"],
               win_type="discard")],
          [("win", 0, 1, 2, 1), ("codes", 0, 1, 2, 4)], [0, -5, 5, 0], next_dealer=2),
    # 通炮 in seat mode, codes from the discarder 3: 2m → seat 0, 5p → seat 3. Seat 0: 2m (the
    # winner) and 5p (the discarder) score, (1 + 1) × 2 = 4; seat 1: only 5p, (0 + 1) × 2 = 2
    _case(9, {"win_by_discard": "yes", "code_mode": "seat"}, [_win_on_5s(["2m", "5p"])],
          [("win", 0, 3, 0, 1), ("win", 0, 3, 1, 1), ("codes", 0, 3, 0, 4),
           ("codes", 0, 3, 1, 2)], [5, 3, 0, -8], next_dealer=3),
    # 通炮 on a robbed 补杠: each winner 3 × 2 × 2⁰ = 6 and 3 × (1m hits: 1 × 2) = 6; 2 codes
    # due (no extra); the konger deals next
    _case(10, {}, [_rob_of_5s()],
          [("win", 0, 2, 3, 6), ("win", 0, 2, 0, 6), ("codes", 0, 2, 3, 6),
           ("codes", 0, 2, 0, 6)], [12, 0, -24, 12], next_dealer=2),
    # 摸几奖几 on 6s: 6 codes; 1m, 5p, 9s hit → 3 × 2 = 6 on each share of 2
    _case(11, {"code_mode": "mo_ji_jiang_ji"},
          [win("6s", [(1, SEVEN)], codes=["1m", "2m", "5p", "9s", "3p", "4s"])],
          [("win", 0, 2, 1, 2), ("win", 0, 3, 1, 2), ("win", 0, 0, 1, 2),
           ("codes", 0, 2, 1, 6), ("codes", 0, 3, 1, 6), ("codes", 0, 0, 1, 6)],
          [-8, 24, -8, -8], next_dealer=1),
    # 摸几奖几 on 红中: 10 due, 4 left in the wall → 4 codes; 5m and 红中 hit → 4 each
    _case(12, {"code_mode": "mo_ji_jiang_ji"},
          [win("7z", [(1, "123m456m789p11s5s6s")], codes=["5m", "7z", "2s", "3s"],
               wall_left=4)],
          [("win", 0, 2, 1, 2), ("win", 0, 3, 1, 2), ("win", 0, 0, 1, 2),
           ("codes", 0, 2, 1, 4), ("codes", 0, 3, 1, 4), ("codes", 0, 0, 1, 4)],
          [-6, 18, -6, -6], next_dealer=1),
    # 一码全中 with 红中 turned: 10 × 2 = 20 on each share
    _case(13, {"code_mode": "one_code_all"}, [win("6s", [(1, SEVEN)], codes=["7z"])],
          [("win", 0, 2, 1, 2), ("win", 0, 3, 1, 2), ("win", 0, 0, 1, 2),
           ("codes", 0, 2, 1, 20), ("codes", 0, 3, 1, 20), ("codes", 0, 0, 1, 20)],
          [-22, 66, -22, -22], next_dealer=1),
    # seat mode, self-draw by 2, 3 codes from 2: 1p → 2, 2s → 3, 7m → 0; B_p = (1 + h_p) × 2
    _case(14, {"code_mode": "seat"}, [win("5s", [(2, S0)], codes=["1p", "2s", "7m"])],
          [("win", 0, 3, 2, 2), ("win", 0, 0, 2, 2), ("win", 0, 1, 2, 2),
           ("codes", 0, 3, 2, 4), ("codes", 0, 0, 2, 4), ("codes", 0, 1, 2, 2)],
          [-6, -4, 16, -6], next_dealer=2),
    # 飘 on a self-draw: piao[p] + piao[1] = 1 + 0, 3 + 0, 2 + 0
    _case(15, {}, [win("6s", [(1, SEVEN)], codes=["2m", "3p"])],
          [("win", 0, 2, 1, 2), ("win", 0, 3, 1, 2), ("win", 0, 0, 1, 2),
           ("piao", 0, 2, 1, 1), ("piao", 0, 3, 1, 3), ("piao", 0, 0, 1, 2)],
          [-4, 12, -3, -5], next_dealer=1, piao=[2, 0, 1, 3]),
    # 飘 on a rob-kong: once, from the konger (piao[3] + piao[1] = 3), not × 3
    _case(16, {}, [win("6s", [(1, SEVEN)], source=3, codes=["2m", "3p"],
                       win_type="rob_kong")],
          [("win", 0, 3, 1, 6), ("piao", 0, 3, 1, 3)], [0, 9, 0, -9], next_dealer=1,
          piao=[2, 0, 1, 3]),
    # 一马一分, 4 马: 1m, 5m, 9m hit → 3 × 1 = 3 on each share of 2
    _case(17, {"code_value": 1}, [win("6s", [(1, SEVEN)], codes=["1m", "5m", "9m", "2p"])],
          [("win", 0, 2, 1, 2), ("win", 0, 3, 1, 2), ("win", 0, 0, 1, 2),
           ("codes", 0, 2, 1, 3), ("codes", 0, 3, 1, 3), ("codes", 0, 0, 1, 3)],
          [-5, 15, -5, -5], next_dealer=1, code_count=4),
    # 不奖码: no code due, none sent
    _case(18, {"extra_code_without_wild": False}, [win("5s", [(1, S0)])],
          [("win", 0, 2, 1, 2), ("win", 0, 3, 1, 2), ("win", 0, 0, 1, 2)],
          [-2, 6, -2, -2], next_dealer=1, code_count=0),
    # case 21's exposed kong robbed under rob_exposed_kong: case 10's rows
    _case("21 (exposed, rob_exposed_kong)", {"rob_exposed_kong": True},
          [_rob_of_5s("exposed")],
          [("win", 0, 2, 3, 6), ("win", 0, 2, 0, 6), ("codes", 0, 2, 3, 6),
           ("codes", 0, 2, 0, 6)], [12, 0, -24, 12], next_dealer=2),
    # a kong of 红中 with wild_melds face_value: an ordinary 暗杠, 2 from each
    _case("22 (face_value)", {"wild_melds": "face_value"}, [kong(1, "concealed", "7z")],
          [("kong", 0, 2, 1, 2), ("kong", 0, 3, 1, 2), ("kong", 0, 0, 1, 2)],
          [-2, 6, -2, -2], [(0, 1, 6, "paid")], outcome="in_play"),
]
SMALL_CASE_WINS: dict[str, list[dict[str, Any]]] = {
    # the members settle adds to fan's: the event's count due before the wall cap
    "small case 10": [{"seat": 3, "codes_expected": 2}, {"seat": 0, "codes_expected": 2}],
    "small case 11": [{"seat": 1, "codes_expected": 6}],
    "small case 12": [{"seat": 1, "codes_expected": 10}],
    "small case 13": [{"seat": 1, "codes_expected": 1}],
    "small case 14": [{"seat": 2, "codes_expected": 3}],
    "small case 17": [{"seat": 1, "codes_expected": 4}],
    "small case 18": [{"seat": 1, "codes_expected": 0}],
}


def _with(record: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    at = out
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return out


_EX1 = EXAMPLE_1["record"]
REFUSED: list[dict[str, Any]] = [
    {"name": "small case 7 without last_drawer", "options": {"draw_next_dealer": "last_drawer"},
     "record": {"dealer": 2, "events": [kong(1, "exposed", "6m", 0)], "end": {}},
     "problems": [("missing_field", "#/record/end/last_drawer")]},
    {"name": "small case 12 with three codes", "options": {"code_mode": "mo_ji_jiang_ji"},
     "record": {"dealer": 0, "events": [
         win("7z", [(1, "123m456m789p11s5s6s")], codes=["5m", "7z", "2s"], wall_left=4)]},
     "problems": [("code_count_mismatch", "#/record/events/0/codes")]},
    {"name": "small case 18 with one code", "options": {"extra_code_without_wild": False},
     "record": {"dealer": 0, "code_count": 0, "events": [
         win("5s", [(1, S0)], codes=["2m"])]},
     "problems": [("code_count_mismatch", "#/record/events/0/codes")]},
    {"name": "small case 19", "options": {"win_by_discard": "yes", "code_mode": "seat",
                                          "yi_pao_duo_xiang": False},
     "record": {"dealer": 0, "events": [_win_on_5s(["2m", "5p"])]},
     "problems": [("multiple_winners", "#/record/events/0/winners")]},
    {"name": "small case 20", "options": {},
     "record": {"dealer": 0, "events": [
         win("3s", [(2, "234m678m456p11s33s")], source=1, codes=["9m", "3p", "1s"],
             win_type="discard")]},
     "problems": [("not_a_win", "#/record/events/0/winners/0/hand")]},
    {"name": "small case 21, concealed", "options": {},
     "record": {"dealer": 0, "events": [_rob_of_5s("concealed")]},
     "problems": [("rob_not_allowed", "#/record/events/0/context/kong/type")]},
    {"name": "small case 21, exposed", "options": {},
     "record": {"dealer": 0, "events": [_rob_of_5s("exposed")]},
     "problems": [("rob_not_allowed", "#/record/events/0/context/kong/type")]},
    {"name": "small case 21, rob_kong off", "options": {"rob_kong": False},
     "record": {"dealer": 0, "events": [_rob_of_5s()]},
     "problems": [("rob_not_allowed", "#/record/events/0/context/win_type")]},
    {"name": "small case 22", "options": {},
     "record": {"dealer": 0, "events": [kong(1, "concealed", "7z")]},
     "problems": [("meld_mismatch", "#/record/events/0/kong/tile")]},
    {"name": "small case 23", "options": {},
     "record": _with(_EX1, ["events", 2, "codes"], ["1p", "6m", "8s"]),
     "problems": [("too_many_copies", "#/record/events/2/codes")]},
    {"name": "small case 24", "options": {},
     "record": _with(_EX1, ["events"], [_EX1["events"][1], _EX1["events"][0],
                                        _EX1["events"][2]]),
     "problems": [("not_after_kong", "#/record/events/2/context/after_kong")]},
    {"name": "small case 25, a second win", "options": {},
     "record": _with(_EX1, ["events"], [*_EX1["events"], win("6s", [(2, SEVEN)],
                                                             codes=["2m", "3p"])]),
     "problems": [("hand_over", "#/record/events/3")]},
    {"name": "small case 25, end after the win", "options": {},
     "record": {**_EX1, "end": {"last_drawer": 2}},
     "problems": [("hand_over", "#/record/end")]},
    # the error example: stages 1–3 pass; the replay lists all three, in the code order
    {"name": "the error example", "options": {},
     "record": {"dealer": 0, "events": [
         win("5s", [(1, S0)], source=2, codes=["1m", "8p"], win_type="rob_kong",
             kong={"type": "concealed"}),
         win("7s", [(1, "123m456m789p11s6s7z")], codes=["2m", "3p"]),
     ]},
     "problems": [("hand_over", "#/record/events/1"),
                  ("rob_not_allowed", "#/record/events/0/context/kong/type"),
                  ("code_count_mismatch", "#/record/events/0/codes")]},
]
ERROR_EXAMPLE_ANSWER: dict[str, Any] = {
    "type": "urn:hupai:problem:invalid-record",
    "title": "Invalid record",
    "status": 422,
    "detail": "#/record/events/1: the hand ended with the win at event 0; a 红中 hand has one "
              "winning moment (and 2 more problems: see errors)",
    "code": "hand_over",
}
"""The spec's problem document for the error example, less ``errors``' details (wording)."""
