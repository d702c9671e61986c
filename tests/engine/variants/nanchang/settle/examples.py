# ruff: noqa: E501  (the records and answers are settle-nanchang.md's text, verbatim)
"""rules/settle-nanchang.md Part 2 as test data: Examples 1–3 with their answers, the small cases
and the error example, each with the spec's worked sums beside it.

The records and answers are the spec's text, read as reconciled.md amends it: ``"at_end"``
reads ``"end_of_won_hand"`` (§4) and ``outcome`` follows ``jing`` (§3; ``ANSWER_ORDER``). The
answers leave out ``options``, as the spec prints them. Small cases give only what the spec's
table states (``totals``, some ``by_reason`` entries, some rows); the records of those the
spec words as "a hand where …" are built here to hold exactly what the case says.
"""

from __future__ import annotations

import copy
import json
from typing import Any

ANSWER_ORDER = ["transfers", "totals", "by_reason", "wins", "jing", "outcome"]
"""reconciled.md §3: 南昌's members in this order (``options`` last)."""


def reconciled(answer: dict[str, Any]) -> dict[str, Any]:
    """A printed answer with its members in reconciled.md §3's order."""
    assert set(answer) == set(ANSWER_ORDER)
    return {k: answer[k] for k in ANSWER_ORDER}



# Example 1 — a plain discard win, 上精 冲关 with 冲关包赔 (default options).
# 精 5m / 6m. e0 暗杠 9p by seat 0: 2 from each of 1, 2, 3 → kong [6, −2, −2, −2].
# e1 seat 2 wins seat 1's 8m: 6m(副精 as 7m)8m9m 123p 789s 44z + pong 555m = 平胡 0, a
# substitute so no 德国: M = 1, flat 0; 点炮三家付: discarder 1 pays 2·1·1 = 2, the dealer 0
# 1·2 = 2, seat 3 1 → win [−2, −2, 5, −1] (payers after 2: 3, 0, 1).
# 上精: seat 0 a 5m (1, 0) → 2; seat 1 a discarded 6m (0, 1) → 1; seat 2 555m + 6m (3, 1) →
# 7 → 冲关 7 × 4 = 28; deltas 4·score − 31 = [−23, −27, 81, −31].
# 冲关包赔: the pong's 5m came from seat 3 → seat 3 refunds seats 0 and 1 28 each.
# totals: 0: 6 − 2 − 23 + 28 = 9; 1: −2 − 2 − 27 + 28 = −3; 2: −2 + 5 + 81 = 84;
# 3: −2 − 1 − 31 − 56 = −90.
EXAMPLE_1 = json.loads("""{
  "record": {
    "dealer": 0,
    "shang_jing": "5m",
    "events": [
      {"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": "9p"}},
      {"type": "win", "from": 1, "win_tile": "8m", "context": {"win_type": "discard"},
       "winners": [{"seat": 2, "hand": "6m9m123p789s44z",
                    "melds": [{"type": "pong", "tiles": "555m", "from": 3}]}]}
    ],
    "end": {"hands": [
      {"hand": "5m234s567s11z7z", "melds": [{"type": "kong", "tiles": "9999p", "concealed": true}], "discards": "3z1s2p"},
      {"hand": "123m456p78p23s55z3z", "discards": "6m9m1s"},
      {"discards": "2z1m"},
      {"hand": "789m11p22p33p456s6z", "discards": "4z7p"}
    ]}
  }
}""")
ANSWER_1 = json.loads("""{
  "transfers": [
    {"reason": "kong", "event": 0, "from": 1, "to": 0, "amount": 2},
    {"reason": "kong", "event": 0, "from": 2, "to": 0, "amount": 2},
    {"reason": "kong", "event": 0, "from": 3, "to": 0, "amount": 2},
    {"reason": "win", "event": 1, "from": 3, "to": 2, "amount": 1},
    {"reason": "win", "event": 1, "from": 0, "to": 2, "amount": 2},
    {"reason": "win", "event": 1, "from": 1, "to": 2, "amount": 2},
    {"reason": "shang_jing", "from": 1, "to": 0, "amount": 2},
    {"reason": "shang_jing", "from": 2, "to": 0, "amount": 2},
    {"reason": "shang_jing", "from": 3, "to": 0, "amount": 2},
    {"reason": "shang_jing", "from": 2, "to": 1, "amount": 1},
    {"reason": "shang_jing", "from": 3, "to": 1, "amount": 1},
    {"reason": "shang_jing", "from": 0, "to": 1, "amount": 1},
    {"reason": "shang_jing", "from": 3, "to": 2, "amount": 28},
    {"reason": "shang_jing", "from": 0, "to": 2, "amount": 28},
    {"reason": "shang_jing", "from": 1, "to": 2, "amount": 28},
    {"reason": "chong_guan_bao_pei", "from": 3, "to": 0, "amount": 28},
    {"reason": "chong_guan_bao_pei", "from": 3, "to": 1, "amount": 28}
  ],
  "totals": [9, -3, 84, -90],
  "by_reason": {"kong": [6, -2, -2, -2], "win": [-2, -2, 5, -1], "shang_jing": [-23, -27, 81, -31],
                "chong_guan_bao_pei": [28, 28, 0, -56]},
  "outcome": "won",
  "wins": [
    {"event": 1, "seat": 2, "patterns": [
      {"id": "ping_hu", "name": "Plain hand", "name_zh": "平胡", "fan": 0}
     ], "fan": 0, "multiplier": 1, "flat_per_payer": 0, "payments": [-2, -2, 5, -1], "others_hold_jing": true}
  ],
  "jing": [
    {"category": "shang_jing", "indicator": "5m", "zheng": "5m", "fu": "6m",
     "holdings": [{"zheng": 1, "fu": 0}, {"zheng": 0, "fu": 1}, {"zheng": 3, "fu": 1}, {"zheng": 0, "fu": 0}],
     "scores": [2, 1, 28, 0], "deltas": [-23, -27, 81, -31], "chong_guan": [2], "ba_wang": null,
     "bao_pei": [{"seat": 2, "supplier": 3}]}
  ]
}""")
EXAMPLE_1 = EXAMPLE_1["record"]
ANSWER_1 = reconciled(ANSWER_1)
EXAMPLE_1_OPTIONS: dict[str, Any] = {}

# Example 2 — a 德国 self-draw, two 精 kongs at the end, 下精 ×2
# (kong_scoring "end_of_won_hand", xia_jing_pairs 2).
# 精 2s / 3s. e2 seat 1 self-draws 4z: 123m 456m 789m 44z + pong 888s, no 精 → 平胡 0 + 德国
# 1: M = 2, flat 5; seat 2's end hand holds a 2s → others_hold_jing true (德国, not 德中德);
# each pays 2·2·f + 5: seat 2 9, seat 3 (dealer) 13, seat 0 9 → win [−9, 31, −9, −13].
# 下精 6p → 6p / 7p, 1z → 1z / 2z. The hand was won: e0's 3s is a 上精 kind → 10 from 1, 2,
# 3; e1's 7p is pair 0's 副精 → 10 from 3, 0, 1 → kong [20, −20, 20, −20].
# 上精: seat 0 3333s (0, 4) → 4, seat 2 a 2s → 2 → deltas 4·score − 6 = [10, −6, 2, −6].
# 下精 pair 0: seat 0 a 6p → 2; seat 2 a 6p + 7777p (1, 4) → 6 → 冲关 18 → deltas
# [−12, −20, 52, −20] (no 包赔 on a 下精). Pair 1: seat 3 111z (3, 0) → 6 → 18, alone → 霸王
# 36 → deltas [−36, −36, −36, 108].
# totals: 0: −9 + 30 − 10 + 10 − 12 − 36 = −27; 1: 31 − 10 − 10 − 6 − 20 − 36 = −51;
# 2: −9 − 10 + 30 + 2 + 52 − 36 = 29; 3: −13 − 10 − 10 − 6 − 20 + 108 = 49.
EXAMPLE_2 = json.loads("""{
  "record": {
    "dealer": 3,
    "shang_jing": "2s",
    "events": [
      {"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": "3s"}},
      {"type": "kong", "seat": 2, "kong": {"type": "exposed", "tile": "7p"}, "from": 3},
      {"type": "win", "win_tile": "4z", "context": {"win_type": "self_draw"},
       "winners": [{"seat": 1, "hand": "123m456m789m4z",
                    "melds": [{"type": "pong", "tiles": "888s", "from": 0}]}]}
    ],
    "end": {"xia_jing": ["6p", "1z"], "hands": [
      {"hand": "99m6p567s3z567z", "melds": [{"type": "kong", "tiles": "3333s", "concealed": true}], "discards": "1s5m"},
      {"discards": "9s1p"},
      {"hand": "11m345m88m6p2s9s", "melds": [{"type": "kong", "tiles": "7777p", "from": 3}], "discards": "4m"},
      {"hand": "7m8m234p55p456s111z", "discards": "2m9s"}
    ]}
  },
  "options": {"kong_scoring": "end_of_won_hand", "xia_jing_pairs": 2}
}""")
ANSWER_2 = json.loads("""{
  "transfers": [
    {"reason": "win", "event": 2, "from": 2, "to": 1, "amount": 9},
    {"reason": "win", "event": 2, "from": 3, "to": 1, "amount": 13},
    {"reason": "win", "event": 2, "from": 0, "to": 1, "amount": 9},
    {"reason": "kong", "event": 0, "from": 1, "to": 0, "amount": 10},
    {"reason": "kong", "event": 0, "from": 2, "to": 0, "amount": 10},
    {"reason": "kong", "event": 0, "from": 3, "to": 0, "amount": 10},
    {"reason": "kong", "event": 1, "from": 3, "to": 2, "amount": 10},
    {"reason": "kong", "event": 1, "from": 0, "to": 2, "amount": 10},
    {"reason": "kong", "event": 1, "from": 1, "to": 2, "amount": 10},
    {"reason": "shang_jing", "from": 1, "to": 0, "amount": 4},
    {"reason": "shang_jing", "from": 2, "to": 0, "amount": 4},
    {"reason": "shang_jing", "from": 3, "to": 0, "amount": 4},
    {"reason": "shang_jing", "from": 3, "to": 2, "amount": 2},
    {"reason": "shang_jing", "from": 0, "to": 2, "amount": 2},
    {"reason": "shang_jing", "from": 1, "to": 2, "amount": 2},
    {"reason": "xia_jing", "pair": 0, "from": 1, "to": 0, "amount": 2},
    {"reason": "xia_jing", "pair": 0, "from": 2, "to": 0, "amount": 2},
    {"reason": "xia_jing", "pair": 0, "from": 3, "to": 0, "amount": 2},
    {"reason": "xia_jing", "pair": 0, "from": 3, "to": 2, "amount": 18},
    {"reason": "xia_jing", "pair": 0, "from": 0, "to": 2, "amount": 18},
    {"reason": "xia_jing", "pair": 0, "from": 1, "to": 2, "amount": 18},
    {"reason": "xia_jing", "pair": 1, "from": 0, "to": 3, "amount": 36},
    {"reason": "xia_jing", "pair": 1, "from": 1, "to": 3, "amount": 36},
    {"reason": "xia_jing", "pair": 1, "from": 2, "to": 3, "amount": 36}
  ],
  "totals": [-27, -51, 29, 49],
  "by_reason": {"kong": [20, -20, 20, -20], "win": [-9, 31, -9, -13], "shang_jing": [10, -6, 2, -6],
                "xia_jing": [-48, -56, 16, 88]},
  "outcome": "won",
  "wins": [
    {"event": 2, "seat": 1, "patterns": [
      {"id": "ping_hu", "name": "Plain hand", "name_zh": "平胡", "fan": 0},
      {"id": "de_guo", "name": "No wild substituted (De Guo)", "name_zh": "德国", "fan": 1}
     ], "fan": 1, "multiplier": 2, "flat_per_payer": 5, "payments": [-9, 31, -9, -13], "others_hold_jing": true}
  ],
  "jing": [
    {"category": "shang_jing", "indicator": "2s", "zheng": "2s", "fu": "3s",
     "holdings": [{"zheng": 0, "fu": 4}, {"zheng": 0, "fu": 0}, {"zheng": 1, "fu": 0}, {"zheng": 0, "fu": 0}],
     "scores": [4, 0, 2, 0], "deltas": [10, -6, 2, -6], "chong_guan": [], "ba_wang": null, "bao_pei": []},
    {"category": "xia_jing", "pair": 0, "indicator": "6p", "zheng": "6p", "fu": "7p",
     "holdings": [{"zheng": 1, "fu": 0}, {"zheng": 0, "fu": 0}, {"zheng": 1, "fu": 4}, {"zheng": 0, "fu": 0}],
     "scores": [2, 0, 18, 0], "deltas": [-12, -20, 52, -20], "chong_guan": [2], "ba_wang": null},
    {"category": "xia_jing", "pair": 1, "indicator": "1z", "zheng": "1z", "fu": "2z",
     "holdings": [{"zheng": 0, "fu": 0}, {"zheng": 0, "fu": 0}, {"zheng": 0, "fu": 0}, {"zheng": 3, "fu": 0}],
     "scores": [0, 0, 0, 36], "deltas": [-36, -36, -36, 108], "chong_guan": [3], "ba_wang": 3}
  ]
}""")
EXAMPLE_2_OPTIONS: dict[str, Any] = EXAMPLE_2.pop("options")
EXAMPLE_2 = EXAMPLE_2["record"]
ANSWER_2 = reconciled(ANSWER_2)

# Example 3 — 荒庄: 抄庄, a kong kept, 精 still settled (default options).
# 精 9p / 1p. e0 抄庄: the dealer, seat 1, pays 5 to 2, 3, 0 → [5, −15, 5, 5]. e1 直杠 4s by
# seat 2 off seat 0, at once: 1 from 3, 0, 1 → [−1, −1, 3, −1].
# end, no win: 荒庄, no 胡分. 上精: seat 3 99p + a discarded 1p (2, 1) → 5 → 冲关 10, alone →
# 霸王 20 → deltas [−20, −20, −20, 60]; nothing supplied: no 包赔.
# totals: 0: 5 − 1 − 20 = −16; 1: −15 − 1 − 20 = −36; 2: 5 + 3 − 20 = −12;
# 3: 5 − 1 + 60 = 64.
EXAMPLE_3 = json.loads("""{
  "record": {
    "dealer": 1,
    "shang_jing": "9p",
    "events": [
      {"type": "chao_zhuang"},
      {"type": "kong", "seat": 2, "kong": {"type": "exposed", "tile": "4s"}, "from": 0}
    ],
    "end": {"hands": [
      {"hand": "123m789m234p66s6z7z", "discards": "1z2z8s"},
      {"hand": "456m55p678p1s2s3s7z7z", "discards": "1z3z"},
      {"hand": "111m8m2z3z4z5p6p7p", "melds": [{"type": "kong", "tiles": "4444s", "from": 0}], "discards": "1z"},
      {"hand": "99p11s22s7s88s9s3z4z5z", "discards": "1p6z"}
    ]}
  }
}""")
ANSWER_3 = json.loads("""{
  "transfers": [
    {"reason": "chao_zhuang", "event": 0, "from": 1, "to": 2, "amount": 5},
    {"reason": "chao_zhuang", "event": 0, "from": 1, "to": 3, "amount": 5},
    {"reason": "chao_zhuang", "event": 0, "from": 1, "to": 0, "amount": 5},
    {"reason": "kong", "event": 1, "from": 3, "to": 2, "amount": 1},
    {"reason": "kong", "event": 1, "from": 0, "to": 2, "amount": 1},
    {"reason": "kong", "event": 1, "from": 1, "to": 2, "amount": 1},
    {"reason": "shang_jing", "from": 0, "to": 3, "amount": 20},
    {"reason": "shang_jing", "from": 1, "to": 3, "amount": 20},
    {"reason": "shang_jing", "from": 2, "to": 3, "amount": 20}
  ],
  "totals": [-16, -36, -12, 64],
  "by_reason": {"kong": [-1, -1, 3, -1], "chao_zhuang": [5, -15, 5, 5], "shang_jing": [-20, -20, -20, 60]},
  "outcome": "huang_zhuang",
  "wins": [],
  "jing": [
    {"category": "shang_jing", "indicator": "9p", "zheng": "9p", "fu": "1p",
     "holdings": [{"zheng": 0, "fu": 0}, {"zheng": 0, "fu": 0}, {"zheng": 0, "fu": 0}, {"zheng": 2, "fu": 1}],
     "scores": [0, 0, 0, 20], "deltas": [-20, -20, -20, 60], "chong_guan": [3], "ba_wang": 3, "bao_pei": []}
  ]
}""")
EXAMPLE_3 = EXAMPLE_3["record"]
ANSWER_3 = reconciled(ANSWER_3)
EXAMPLE_3_OPTIONS: dict[str, Any] = {}

# The error example: a win after the win (hand_over at events/1), and a kong meld with no
# kong event (meld_mismatch at events/0/winners/0/melds/0); code the earlier in the order.
ERROR_EXAMPLE = json.loads("""{
  "record": {
    "dealer": 0,
    "shang_jing": "5m",
    "events": [
      {"type": "win", "from": 1, "win_tile": "8m",
       "winners": [{"seat": 2, "hand": "6m9m123p789s44z", "melds": [{"type": "kong", "tiles": "5555m", "from": 3}]}]},
      {"type": "win", "win_tile": "1z", "context": {"win_type": "self_draw"},
       "winners": [{"seat": 0, "hand": "123m456m789p55p11z"}]}
    ]
  }
}""")
ERROR_ANSWER = json.loads("""{
  "type": "urn:hupai:problem:invalid-record",
  "title": "Invalid record",
  "status": 422,
  "detail": "#/record/events/1: the hand ended with the win at event 0 (one win per hand); no event may follow it (and 1 more problem: see errors)",
  "code": "hand_over",
  "errors": [
    {"pointer": "#/record/events/1", "detail": "the hand ended with the win at event 0 (one win per hand); no event may follow it"},
    {"pointer": "#/record/events/0/winners/0/melds/0", "detail": "seat 2 shows a kong of 5m but the record has no kong event of seat 2 for 5m before event 0"}
  ]
}""")
ERROR_EXAMPLE = ERROR_EXAMPLE["record"]


# --- the small cases ------------------------------------------------------------------------

def _with(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out.update(changes)
    return out


def _end_hands(*hands: tuple[str, str] | str) -> list[dict[str, Any]]:
    """End entries: ``(hand, discards)`` for a seat that did not win, a discards string for
    the winner."""
    return [{"discards": h} if isinstance(h, str) else {"hand": h[0], "discards": h[1]}
            for h in hands]


def _kong(seat: int, kind: str, tile: str, source: int | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "kong", "seat": seat, "kong": {"type": kind, "tile": tile}}
    if source is not None:
        event["from"] = source
    return event


def _rows(reason: str, event: int | None, pairs: list[tuple[int, int]], amount: int,
          pair: int | None = None) -> list[dict[str, Any]]:
    out = []
    for payer, to in pairs:
        row: dict[str, Any] = {"reason": reason}
        if event is not None:
            row["event"] = event
        if pair is not None:
            row["pair"] = pair
        out.append({**row, "from": payer, "to": to, "amount": amount})
    return out


SMALL: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]] = []
"""(name, record, options, what the spec's table states: ``totals``, ``by_reason`` entries
(``by_reason/<reason>``), ``transfers``, …)."""

# 1. at once, 直杠 7s by seat 1 off seat 0 (上精 5m / 6m): 1 from 2, 3, 0 → [−1, 3, −1, −1]
SMALL.append(("1 exposed kong at once", {"dealer": 0, "shang_jing": "5m",
                                         "events": [_kong(1, "exposed", "7s", 0)]}, {},
              {"transfers": _rows("kong", 0, [(2, 1), (3, 1), (0, 1)], 1),
               "totals": [-1, 3, -1, -1], "outcome": "in_play", "jing": []}))
# 2. at once, 补杠 of 6m (副精) by seat 1: 杠精, 10 from 2, 3, 0 → [−10, 30, −10, −10]
SMALL.append(("2 added kong of the 副精", {"dealer": 0, "shang_jing": "5m",
                                          "events": [_kong(1, "added", "6m")]}, {},
              {"transfers": _rows("kong", 0, [(2, 1), (3, 1), (0, 1)], 10),
               "totals": [-10, 30, -10, -10]}))
# 3. Example 1 under "end_of_won_hand": e0's 9p is no 精 kind: 2 each as at once, its three
# rows move after the win rows; totals unchanged [9, −3, 84, −90]
_E1_ROWS = ANSWER_1["transfers"]
SMALL.append(("3 Example 1, kongs at the end", EXAMPLE_1, {"kong_scoring": "end_of_won_hand"},
              {"transfers": _E1_ROWS[3:6] + _E1_ROWS[0:3] + _E1_ROWS[6:],
               "totals": [9, -3, 84, -90]}))
# 4. Example 1, xia_jing_pairs 1, end.xia_jing ["8p"] (8p / 9p): seat 0 9999p (0, 4) → 4,
# seat 1 78p (1, 0) → 2: 4 from 1, 2, 3 to 0; 2 from 2, 3, 0 to 1 → xia_jing
# [12 − 2, 6 − 4, −4 − 2, −4 − 2] = [10, 2, −6, −6]; totals [9 + 10, −3 + 2, 84 − 6, −90 − 6]
_E1_XIA = _with(EXAMPLE_1, end={**EXAMPLE_1["end"], "xia_jing": ["8p"]})
SMALL.append(("4 Example 1 with one 下精", _E1_XIA, {"xia_jing_pairs": 1},
              {"transfers": _E1_ROWS + _rows("xia_jing", None, [(1, 0), (2, 0), (3, 0)], 4, 0)
               + _rows("xia_jing", None, [(2, 1), (3, 1), (0, 1)], 2, 0),
               "by_reason/xia_jing": [10, 2, -6, -6], "totals": [19, -1, 78, -96]}))
# … under "end_of_won_hand" e0's 9p is a 下精 kind: 10 each instead of 2 → seat 0 +24, the
# others −8: [43, −9, 70, −104]
SMALL.append(("4 Example 1 with one 下精, kongs at the end", _E1_XIA,
              {"xia_jing_pairs": 1, "kong_scoring": "end_of_won_hand"},
              {"by_reason/kong": [30, -10, -10, -10], "totals": [43, -9, 70, -104]}))
# 5. Example 3 with chao_zhuang_points 2: 2 from 1 to 2, 3, 0 → chao_zhuang [2, −6, 2, 2];
# totals [−16 − 3, −36 + 9, −12 − 3, 64 − 3] = [−19, −27, −15, 61]
SMALL.append(("5 Example 3, 抄庄 2", EXAMPLE_3, {"chao_zhuang_points": 2},
              {"transfers": _rows("chao_zhuang", 0, [(1, 2), (1, 3), (1, 0)], 2)
               + ANSWER_3["transfers"][3:],
               "by_reason/chao_zhuang": [2, -6, 2, 2], "totals": [-19, -27, -15, 61]}))
# 6. 上精 holdings (1, 1), 0, 0, 0 on a 荒庄: 2 + 1 = 3 points, the only scorer:
# plus10 → 13 from 1, 2, 3 → [39, −13, −13, −13]; double → 6 each → [18, −6, −6, −6]
_ONE_SCORER = {"dealer": 0, "shang_jing": "5m", "events": [], "end": {"hands": _end_hands(
    ("5m6m123p456p789s11z", ""), ("123m789m234p567s1z", ""), ("444m999m111s222s3z", ""),
    ("777m888m333s444s4z", ""))}}
SMALL.append(("6 霸王 plus10", _ONE_SCORER, {"bawang_mode": "plus10"},
              {"transfers": _rows("shang_jing", None, [(1, 0), (2, 0), (3, 0)], 13),
               "totals": [39, -13, -13, -13], "outcome": "huang_zhuang"}))
SMALL.append(("6 霸王 double", _ONE_SCORER, {},
              {"totals": [18, -6, -6, -6]}))
# 7. dealer 0, 上精 5m; seat 1 wins seat 3's 5m with 4m6m 123p 456p 789s 11z, a 5m among its
# discards, no other 精 on the table. The claimed 5m is natural, the 6m at face value: 德国,
# others_hold_jing derived false → 德中德 2 fan, M = 4, flat 5: discarder 3 2·4 + 5 = 13,
# the dealer 0 4·2 + 5 = 13, seat 2 4 + 5 = 9 → win [−13, 35, −9, −13].
# 上精 seat 1 (2, 1) → 5 → 冲关 10 → 霸王 20 from 2, 3, 0 → [−20, 60, −20, −20]; 包赔: the
# win tile came from seat 3: 3→2 20, 3→0 20 → [20, 0, 20, −40]; totals [−13, 95, −9, −73]
_WIN_5M = {"type": "win", "from": 3, "win_tile": "5m", "context": {"win_type": "discard"},
           "winners": [{"seat": 1, "hand": "4m6m123p456p789s11z"}]}
_CASE_7 = {"dealer": 0, "shang_jing": "5m", "events": [_WIN_5M], "end": {"hands": _end_hands(
    ("123m789m234p567s2z", "9p"), "5m", ("444m999m111s222s3z", "9p"),
    ("777m888m333s444s4z", "9p"))}}
SMALL.append(("7 冲关包赔 by the win tile", _CASE_7, {},
              {"by_reason/win": [-13, 35, -9, -13], "by_reason/shang_jing": [-20, 60, -20, -20],
               "by_reason/chong_guan_bao_pei": [20, 0, 20, -40],
               "transfers/-2:": _rows("chong_guan_bao_pei", None, [(3, 2), (3, 0)], 20),
               "totals": [-13, 95, -9, -73]}))
# 8. case 7 with chong_guan_bao_pei false: no 包赔 rows (bao_pei [], settled reading 3):
# [−13 − 20, 95, −9 − 20, −13 − 20]
SMALL.append(("8 case 7 without 包赔", _CASE_7, {"chong_guan_bao_pei": False},
              {"totals": [-33, 95, -29, -33], "jing/0/bao_pei": []}))
# 9. case 7's winner holds 4m6m 123p 789s 11z + pong 555m from 0 (no 5m discarded) and wins
# seat 3's 5m: (4, 1) → 9 → 9 × 6 = 54 → 霸王 108; two supplies, the last is the win tile:
# 3→2 108, 3→0 108 → shang_jing [−108, 324, −108, −108], 包赔 [108, 0, 108, −216]
_CASE_9 = _with(_CASE_7, events=[{**_WIN_5M, "winners": [{
    "seat": 1, "hand": "4m6m123p789s11z", "melds": [{"type": "pong", "tiles": "555m", "from": 0}]}]}])
_CASE_9["end"]["hands"][1] = {"discards": ""}
SMALL.append(("9 two supplies, the last the win tile", _CASE_9, {},
              {"by_reason/shang_jing": [-108, 324, -108, -108],
               "by_reason/chong_guan_bao_pei": [108, 0, 108, -216],
               "jing/0/bao_pei": [{"seat": 1, "supplier": 3}]}))
# … with a win tile that is no 精 (1z, the hand 456m 123p 789s 1z + pong 555m from 0): the
# same (4, 1) → 108, the pong's supplier seat 0 pays: 0→2 108, 0→3 108
_CASE_9B = _with(_CASE_7, events=[{**_WIN_5M, "win_tile": "1z", "winners": [{
    "seat": 1, "hand": "456m123p789s1z", "melds": [{"type": "pong", "tiles": "555m", "from": 0}]}]}])
_CASE_9B["end"]["hands"][1] = {"discards": ""}
SMALL.append(("9 the pong's supplier when the win tile is no 精", _CASE_9B, {},
              {"by_reason/chong_guan_bao_pei": [-216, 0, 108, 108],
               "jing/0/bao_pei": [{"seat": 1, "supplier": 0}]}))
# 10. 冲关 with nothing supplied (Example 3's seat 3) or on a 下精 (Example 2's pair 0, its
# kong from seat 3): no 包赔 rows
SMALL.append(("10 冲关 with nothing supplied", EXAMPLE_3, {},
              {"jing/0/chong_guan": [3], "jing/0/bao_pei": [], "totals": ANSWER_3["totals"]}))
SMALL.append(("10 冲关 on a 下精", EXAMPLE_2, EXAMPLE_2_OPTIONS,
              {"jing/1/chong_guan": [2], "jing/0/bao_pei": [], "totals": ANSWER_2["totals"]}))
# 11. Example 1, jing_count_discards false: seat 1's discarded 6m no longer counts: scores
# [2, 0, 28, 0], Σ 30 → shang_jing [8 − 30, −30, 112 − 30, −30] = [−22, −30, 82, −30];
# totals [9 + 1, −3 − 3, 84 + 1, −90 + 1] = [10, −6, 85, −89]
SMALL.append(("11 discards not counted", EXAMPLE_1, {"jing_count_discards": False},
              {"jing/0/scores": [2, 0, 28, 0], "by_reason/shang_jing": [-22, -30, 82, -30],
               "totals": [10, -6, 85, -89]}))
# 12. xia_jing_pairs 1 (埋地雷), end.xia_jing ["8s"] (8s / 9s), seat 2 holds 999s, nobody
# else 8s / 9s: (0, 3) → 3, the only scorer → 霸王 6 from 3, 0, 1 → [−6, −6, 18, −6]
_CASE_12 = {"dealer": 0, "shang_jing": "1z", "events": [], "end": {"xia_jing": ["8s"], "hands": _end_hands(
    ("123m456m789m123p4p", ""), ("234m567m234p567p5z", ""), ("999s345p678p11s22s", ""),
    ("777s666s555s444s3z", ""))}}
SMALL.append(("12 埋地雷", _CASE_12, {"xia_jing_pairs": 1},
              {"transfers": _rows("xia_jing", None, [(3, 2), (0, 2), (1, 2)], 6, 0),
               "totals": [-6, -6, 18, -6]}))
# 13. shang_xia_fan_jing, opening.xia_jing 3p (3p / 4p): the dealer (seat 0) dealt 3p 3p 4p,
# nobody else 3p / 4p: (2, 1) → 5 → 冲关 10 → 霸王 20 from 1, 2, 3 — the first rows
_CASE_13 = {"dealer": 0, "shang_jing": "9m", "events": [], "opening": {"xia_jing": "3p", "hands": [
    "33p4p123m456m789s11z", "111m999m567s22z33z", "777m888m123s44z5z6z", "222m333m456s5p6p7p9p"]}}
SMALL.append(("13 上下翻精", _CASE_13, {"shang_xia_fan_jing": True},
              {"transfers": _rows("kai_ju_xia_jing", None, [(1, 0), (2, 0), (3, 0)], 20),
               "totals": [60, -20, -20, -20], "outcome": "in_play"}))
# 14. hui_tou_yi_xiao, opening.hui_tou 8s (8s / 9s): seat 1 dealt one 8s (1, 0) → 2, seat 2
# two 9s (0, 2) → 2: 2 from 2, 3, 0 to 1; 2 from 3, 0, 1 to 2 → [−4, 4, 4, −4]
_CASE_14 = {"dealer": 0, "shang_jing": "9m", "events": [], "opening": {"hui_tou": "8s", "hands": [
    "123m456m789m123p11z", "8s123s456p789p22z3z", "99s234s567s11m4z5z6z", "345m666p777z111p2p"]}}
SMALL.append(("14 回头一笑", _CASE_14, {"hui_tou_yi_xiao": True},
              {"transfers": _rows("hui_tou_yi_xiao", None, [(2, 1), (3, 1), (0, 1)], 2)
               + _rows("hui_tou_yi_xiao", None, [(3, 2), (0, 2), (1, 2)], 2),
               "totals": [-4, 4, 4, -4]}))
# 15. Example 1, dianpao_pay discarder_only: one win row 1→2 2 → win [0, −2, 2, 0]; totals
# [9 + 2, −3, 84 − 3, −90 + 1] = [11, −3, 81, −89]
SMALL.append(("15 discarder only", EXAMPLE_1, {"dianpao_pay": "discarder_only"},
              {"by_reason/win": [0, -2, 2, 0], "totals": [11, -3, 81, -89]}))
# 16. Example 1's winner robs seat 1's 补杠 of 8m (settled reading 1: seat 3's 789m read as
# 567p, seat 1 holds 123m456p78p23s + pong 888m): one win row 1→2 of the three self-draw
# shares of seats 3, 0, 1: 2 + 4 + 2 = 8 → win [0, −8, 8, 0]
_CASE_16 = copy.deepcopy(EXAMPLE_1)
_CASE_16["events"][1].update(context={"win_type": "rob_kong"}, **{"from": 1})
_CASE_16["end"]["hands"][1].update(hand="123m456p78p23s", melds=[{"type": "pong", "tiles": "888m"}])
_CASE_16["end"]["hands"][3]["hand"] = "567p11p22p33p456s6z"
SMALL.append(("16 rob-kong", _CASE_16, {},
              {"transfers/3:4": _rows("win", 1, [(1, 2)], 8), "by_reason/win": [0, -8, 8, 0]}))
# 17. 天胡: the dealer (seat 0) self-draws on its dealt 14, first_turn: 20 from 1, 2, 3
_CASE_17 = {"dealer": 0, "shang_jing": "5m", "events": [
    {"type": "win", "win_tile": "9p", "context": {"win_type": "self_draw", "first_turn": True},
     "winners": [{"seat": 0, "hand": "123m456m789m123p9p"}]}]}
SMALL.append(("17 天胡", _CASE_17, {},
              {"by_reason/win": [60, -20, -20, -20], "wins/0/patterns/0/id": "tian_hu"}))
# 18. dealer 0, 上精 3s; seat 2 wins seat 1's 1z with 123m 456m 789p 55p 11z, no 精 →
# 德国; no other end hand holds 3s / 4s → 德中德 (2 fan, M = 4, flat 5): discarder 1 2·4 + 5
# = 13, the dealer 0 4·2 + 5 = 13, seat 3 4 + 5 = 9 → [−13, −13, 35, −9]
_WIN_1Z = {"type": "win", "from": 1, "win_tile": "1z", "context": {"win_type": "discard"},
           "winners": [{"seat": 2, "hand": "123m456m789p55p11z"}]}
_CASE_18 = {"dealer": 0, "shang_jing": "3s", "events": [_WIN_1Z], "end": {"hands": _end_hands(
    ("234m567m234p678p9s", ""), ("789m111p222p345p6z", ""), "", ("999s888s777s666s2z", ""))}}
SMALL.append(("18 德中德 derived", _CASE_18, {},
              {"by_reason/win": [-13, -13, 35, -9], "wins/0/others_hold_jing": False}))
# … a 4s (副精) in seat 3's end hand → 德国 (M = 2): 2·2 + 5 = 9, 2·2 + 5 = 9, 2 + 5 = 7
_CASE_18B = copy.deepcopy(_CASE_18)
_CASE_18B["end"]["hands"][3]["hand"] = "999s888s777s666s4s"
SMALL.append(("18 德国: a 精 in another end hand", _CASE_18B, {},
              {"by_reason/win": [-9, -9, 25, -7], "wins/0/others_hold_jing": True}))
# … a 4s only among seat 3's discards → still 德中德
_CASE_18C = copy.deepcopy(_CASE_18)
_CASE_18C["end"]["hands"][3]["discards"] = "4s"
SMALL.append(("18 a 精 only among the discards", _CASE_18C, {},
              {"by_reason/win": [-13, -13, 35, -9]}))
# … others_hold_jing true sent → 德国
_CASE_18D = copy.deepcopy(_CASE_18)
_CASE_18D["events"][0]["context"]["others_hold_jing"] = True
SMALL.append(("18 others_hold_jing sent", _CASE_18D, {},
              {"by_reason/win": [-9, -9, 25, -7], "wins/0/others_hold_jing": True}))
# 19. Example 1 without end: the kong and win rows only, outcome won, jing [] → kong
# [6, −2, −2, −2] + win [−2, −2, 5, −1] = [4, −4, 3, −3]; under "end_of_won_hand" the win
# rows only, [−2, −2, 5, −1]
_NO_END = {k: v for k, v in EXAMPLE_1.items() if k != "end"}
SMALL.append(("19 Example 1 without end", _NO_END, {},
              {"transfers": _E1_ROWS[:6], "totals": [4, -4, 3, -3], "outcome": "won", "jing": [],
               "wins/0/others_hold_jing": True}))
SMALL.append(("19 … kongs at the end", _NO_END, {"kong_scoring": "end_of_won_hand"},
              {"transfers": _E1_ROWS[3:6], "totals": [-2, -2, 5, -1]}))
# 20. Example 1 with shang_jing 4m and jing_mode indicator_plus_one: the same 精 (5m / 6m),
# every row as Example 1; jing[0].indicator 4m
SMALL.append(("20 indicator_plus_one", _with(EXAMPLE_1, shang_jing="4m"),
              {"jing_mode": "indicator_plus_one"},
              {"transfers": _E1_ROWS, "totals": [9, -3, 84, -90], "jing/0/indicator": "4m",
               "jing/0/zheng": "5m"}))
