"""settle-changsha.md's worked examples and small cases as data, with their worked sums.

Reason names and the end state as reconciled.md §3 has them: the bird row is ``birds``, the
answer says ``outcome`` (``won``, ``huang_zhuang``, ``in_play``) and ``next_dealer`` is None
while in play. Rows are (reason, event, from, to, amount). Where a small case is "Example N's
win" alone, its event indices are those of the smaller record (said at the case).
"""

from __future__ import annotations

from typing import Any

Row = tuple[str, int, int, int, int]


def kong(seat: int, kind: str, tile: str, source: int | None = None, *,
         drawn: list[str] | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "kong", "seat": seat, "kong": {"type": kind, "tile": tile}}
    if source is not None:
        event["from"] = source
    if drawn is not None:
        event["mode"] = "kai_gang"
        event["drawn"] = drawn
    return event


def winner(seat: int, hand: str, melds: list[dict[str, Any]] | None = None,
           win_tiles: list[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "hand": hand}
    if melds:
        out["melds"] = melds
    if win_tiles is not None:
        out["win_tiles"] = win_tiles
    return out


def win(winners: list[dict[str, Any]], *, tile: str | None = None, source: int | None = None,
        birds: list[str] | None = None, **context: Any) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "win"}
    if source is not None:
        event["from"] = source
    if tile is not None:
        event["win_tile"] = tile
    if context:
        event["context"] = context
    event["winners"] = winners
    if birds is not None:
        event["birds"] = birds
    return event


def qishou(seat: int, hand: str, **more: Any) -> dict[str, Any]:
    return {"type": "qishou", "seat": seat, "hand": hand, **more}


# --- Example 1: two 起手小胡, a 补张, then a 大胡 self-draw with birds ---------------------------

EXAMPLE_1_WIN = win([winner(1, "111s333s555s777s9s")], tile="9s", birds=["3m", "6p"],
                    win_type="self_draw")
EXAMPLE_1 = {"dealer": 0, "events": [
    qishou(0, "1111m346p679p3479s"), qishou(2, "333m999m2233p556p"),
    kong(3, "concealed", "8m"), EXAMPLE_1_WIN]}
EXAMPLE_1_ROWS: list[Row] = [
    # e0: the dealer's 大四喜 + 板板胡, n = 2, b = 2 × 2 = 4, z = 2 for every payer → 6 each.
    ("qishou", 0, 1, 0, 6), ("qishou", 0, 2, 0, 6), ("qishou", 0, 3, 0, 6),
    # e1: seat 2's 缺一色 + 六六顺, b = 4; the dealer pays 4 + 2 = 6.
    ("qishou", 1, 3, 2, 4), ("qishou", 1, 0, 2, 6), ("qishou", 1, 1, 2, 4),
    # e3: 碰碰胡 + 清一色, B = 12; birds 3m → seat 3, 6p → seat 2: seats 2, 3 12 × 2 = 24
    # (12 + 12); the dealer 12 + 1 = 13, all win.
    ("win", 3, 2, 1, 12), ("win", 3, 3, 1, 12), ("win", 3, 0, 1, 13),
    ("birds", 3, 2, 1, 12), ("birds", 3, 3, 1, 12),
]
# seat 0 18 − 6 − 13 = −1; seat 1 −6 − 4 + 61 = 51; seat 2 −6 + 14 − 24 = −16;
# seat 3 −6 − 4 − 24 = −34.
EXAMPLE_1_TOTALS = [-1, 51, -16, -34]
EXAMPLE_1_QISHOU = [
    {"event": 0, "seat": 0, "patterns": ["da_si_xi", "ban_ban_hu"], "count": 2,
     "per_other_player": 4},
    {"event": 1, "seat": 2, "patterns": ["que_yi_se", "liu_liu_shun"], "count": 2,
     "per_other_player": 4},
]
EXAMPLE_1_WINS = [
    {"event": 3, "seat": 1, "tile": "9s", "patterns": [("peng_peng_hu", 1, None),
                                                       ("qing_yi_se", 1, None)],
     "fan": 2, "base_per_payer": 12, "bird_hits": [0, 0, 1, 1], "payments": [-13, 61, -24, -24]},
]

# --- Example 2: 一炮多响, birds from the discarder, 飘 ------------------------------------------

EXAMPLE_2 = {"dealer": 0, "piao": [1, 0, 2, 1], "events": [
    kong(2, "exposed", "9m", 1),
    win([winner(1, "11m33m77m22p99p66s5p"), winner(0, "234m567m34p678s55s")], tile="5p",
        source=3, birds=["5p", "2s"])]}
EXAMPLE_2_ROWS: list[Row] = [
    # canonical order after seat 3: seat 0, then seat 1. Birds from seat 3: 5p → 3, 2s → 0.
    # seat 0 (dealer) 小胡 B 1, h = 1 + 1 → 1 × 3 + 1 = 4 = 2 + 2; seat 1 七小对 B 6,
    # h = 0 + 1 → 12 = 6 + 6.
    ("win", 1, 3, 0, 2), ("win", 1, 3, 1, 6),
    ("birds", 1, 3, 0, 2), ("birds", 1, 3, 1, 6),
    # 飘: 1 + 1 = 2; 1 + 0 = 1.
    ("piao", 1, 3, 0, 2), ("piao", 1, 3, 1, 1),
]
EXAMPLE_2_TOTALS = [6, 13, 0, -19]  # 2 + 2 + 2; 6 + 6 + 1; 0; −19
EXAMPLE_2_WINS = [
    {"event": 1, "seat": 0, "tile": "5p", "patterns": [("ping_hu", 0, None)], "fan": 0,
     "base_per_payer": 1, "bird_hits": [1, 0, 0, 1], "payments": [4, 0, 0, -4]},
    {"event": 1, "seat": 1, "tile": "5p", "patterns": [("qi_xiao_dui", 1, None)], "fan": 1,
     "base_per_payer": 6, "bird_hits": [1, 0, 0, 1], "payments": [0, 12, 0, -12]},
]

# --- Example 3: 开杠, 杠上开花 on its second tile ------------------------------------------------

KONG_7777P = [{"type": "kong", "tiles": "7777p", "concealed": True}]
EXAMPLE_3 = {"dealer": 0, "events": [
    kong(0, "exposed", "3p", 1),
    kong(2, "concealed", "7p", drawn=["3s", "6m"]),
    win([winner(2, "45m234s678s55p", KONG_7777P, ["6m"])], birds=["9m", "8s"],
        win_type="self_draw", after_kong=True)]}
EXAMPLE_3_ROWS: list[Row] = [
    # 杠上开花 B 6; birds 9m → seat 2, 8s → seat 1. seat 3 h 1 → 12 = 6 + 6; the dealer
    # 12 + 1 = 13 = 7 + 6; seat 1 h 2 → 18 = 6 + 12.
    ("win", 2, 3, 2, 6), ("win", 2, 0, 2, 7), ("win", 2, 1, 2, 6),
    ("birds", 2, 3, 2, 6), ("birds", 2, 0, 2, 6), ("birds", 2, 1, 2, 12),
]
EXAMPLE_3_TOTALS = [-13, -18, 43, -12]
EXAMPLE_3_WINS = [
    {"event": 2, "seat": 2, "tile": "6m", "patterns": [("gang_shang_kai_hua", 1, None)],
     "fan": 1, "base_per_payer": 6, "bird_hits": [0, 1, 1, 0], "payments": [-13, -18, 43, -12]},
]


def _with(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**record, **changes}


def _win_alone(event: dict[str, Any]) -> dict[str, Any]:
    return {"dealer": 0, "events": [event]}


CASE_1 = {"dealer": 0, "events": [qishou(1, "111m999p2345s678s")]}
CASE_2 = {"dealer": 0, "events": [qishou(2, "333m999m2233p556p")]}
CASE_12 = {"dealer": 0, "events": [
    kong(2, "concealed", "7s", drawn=["3s", "6s"]),
    win([winner(2, "45s111s999s22s", [{"type": "kong", "tiles": "7777s", "concealed": True}],
                ["3s", "6s"])], birds=["1p", "4m"], win_type="self_draw", after_kong=True)]}
CASE_13_RECORD = {"dealer": 0, "events": [
    kong(3, "concealed", "1s", drawn=["2m", "7s"]),
    win([winner(0, "13m456p789p234s55s", win_tiles=["2m"]),
         winner(1, "234m678m345p68s88s", win_tiles=["7s"])], source=3, birds=["4s", "1m"],
        after_kong=True)]}
CASE_14_RECORD = _win_alone(win([winner(1, "234m567m345p678s5s")], tile="5s",
                                birds=["5s", "5s"], win_type="self_draw", last_tile=True))
CASE_15_HANDS = [winner(0, "234m567m34p678s55s"), winner(1, "11m33m77m22p99p66s5p")]

# (name, record, options, rows, totals, outcome, next_dealer)
SETTLED: list[tuple[str, dict[str, Any], dict[str, Any], list[Row], list[int], str,
                    int | None]] = [
    ("example 1", EXAMPLE_1, {}, EXAMPLE_1_ROWS, EXAMPLE_1_TOTALS, "won", 1),
    ("example 2", EXAMPLE_2, {}, EXAMPLE_2_ROWS, EXAMPLE_2_TOTALS, "won", 3),
    ("example 3", EXAMPLE_3, {}, EXAMPLE_3_ROWS, EXAMPLE_3_TOTALS, "won", 2),
    # 1: 六六顺 only: b = 2; the dealer 2 + 1.
    ("case 1", CASE_1, {}, [("qishou", 0, 2, 1, 2), ("qishou", 0, 3, 1, 2),
                            ("qishou", 0, 0, 1, 3)], [-3, 7, -2, -2], "in_play", None),
    # 2: two patterns, b = 4 (the dealer + 2); once: b = 2 (+ 1).
    ("case 2", CASE_2, {}, [("qishou", 0, 3, 2, 4), ("qishou", 0, 0, 2, 6),
                            ("qishou", 0, 1, 2, 4)], [-6, -4, 14, -4], "in_play", None),
    ("case 2 once", CASE_2, {"qishou_value": "once"},
     [("qishou", 0, 3, 2, 2), ("qishou", 0, 0, 2, 3), ("qishou", 0, 1, 2, 2)],
     [-3, -2, 7, -2], "in_play", None),
    # 3: XEL's test. b = 1 × 1, z = 1 with the dealer; dice [1, 2] from the declarer → seats
    # 1, 2: seat 2 h 2 → 1 × 2² = 4 (1 + 3); seat 3 h 1 → 2 (1 + 1); dealer (1 + 1) × 2 = 4
    # (2 + 2).
    ("case 3", {"dealer": 0, "events": [qishou(1, "1111m346m3469p19s", dice=[1, 2])]},
     {"qishou_birds": "dice", "qishou_value": "once", "xiao_hu_self_draw": 1,
      "bird_mode": "double", "zhuang_xian_in_birds": True, "zhuang_xian_value": "units"},
     [("qishou", 0, 2, 1, 1), ("qishou", 0, 3, 1, 1), ("qishou", 0, 0, 1, 2),
      ("qishou_bird", 0, 2, 1, 3), ("qishou_bird", 0, 3, 1, 1), ("qishou_bird", 0, 0, 1, 2)],
     [-4, 10, -4, -2], "in_play", None),
    # 4: win_birds. e1 seat 1 七小对 on seat 3's 5p, birds 3p → 3, 2m → 2 (bird_hits
    # [0, 0, 1, 1]): 6 × 2 = 12. Raised: 3→2 4 × 3 − 4 = 8; 0→2 4 × 2 + 2 − 6 = 4;
    # 1→2 4 × 2 − 4 = 4. seat 2 14 + 16 = 30; seat 3 −4 − 12 − 8 = −24.
    ("case 4", {"dealer": 0, "events": [
        qishou(2, "333m999m2233p556p"),
        win([winner(1, "11m33m77m22p99p66s5p")], tile="5p", source=3, birds=["3p", "2m"])]},
     {"qishou_birds": "win_birds"},
     [("qishou", 0, 3, 2, 4), ("qishou", 0, 0, 2, 6), ("qishou", 0, 1, 2, 4),
      ("win", 1, 3, 1, 6), ("birds", 1, 3, 1, 6),
      ("qishou_bird", 1, 3, 2, 8), ("qishou_bird", 1, 0, 2, 4), ("qishou_bird", 1, 1, 2, 4)],
     [-10, 4, 30, -24], "won", 1),
    # 5: 小胡 on seat 2's discard, no birds: 1.
    ("case 5", _win_alone(win([winner(1, "234m567m34p678s55s")], tile="5p", source=2)),
     {"bird_count": 0}, [("win", 0, 2, 1, 1)], [0, 1, -1, 0], "won", 1),
    # 6: Example 1's win alone (e0), plus_hits: 12 + 0 + 1 = 13 = 12 + 1; the dealer 12 + 1.
    ("case 6", _win_alone(EXAMPLE_1_WIN), {"bird_mode": "plus_hits"},
     [("win", 0, 2, 1, 12), ("win", 0, 3, 1, 12), ("win", 0, 0, 1, 13),
      ("birds", 0, 2, 1, 1), ("birds", 0, 3, 1, 1)], [-13, 39, -13, -13], "won", 1),
    # 7: double: seat 1 h 2 → 6 × 4 = 24 = 6 + 18.
    ("case 7", EXAMPLE_3, {"bird_mode": "double"},
     [("win", 2, 3, 2, 6), ("win", 2, 0, 2, 7), ("win", 2, 1, 2, 6),
      ("birds", 2, 3, 2, 6), ("birds", 2, 0, 2, 6), ("birds", 2, 1, 2, 18)],
     [-13, -24, 49, -12], "won", 2),
    # 8: 庄闲 in the birds: the dealer (6 + 1) × 2 = 14 = 7 + 7.
    ("case 8", EXAMPLE_3, {"zhuang_xian_in_birds": True},
     [("win", 2, 3, 2, 6), ("win", 2, 0, 2, 7), ("win", 2, 1, 2, 6),
      ("birds", 2, 3, 2, 6), ("birds", 2, 0, 2, 7), ("birds", 2, 1, 2, 12)],
     [-14, -18, 44, -12], "won", 2),
    # 9: units: Z = 2 → the dealer 12 + 2 = 14.
    ("case 9", _win_alone(EXAMPLE_1_WIN), {"zhuang_xian_value": "units"},
     [("win", 0, 2, 1, 12), ("win", 0, 3, 1, 12), ("win", 0, 0, 1, 14),
      ("birds", 0, 2, 1, 12), ("birds", 0, 3, 1, 12)], [-14, 62, -24, -24], "won", 1),
    # 10: 159_only: 9m a hit on seat 2, 8s nothing: 12, 13, 12.
    ("case 10", EXAMPLE_3, {"bird_mode": "159_only"},
     [("win", 2, 3, 2, 6), ("win", 2, 0, 2, 7), ("win", 2, 1, 2, 6),
      ("birds", 2, 3, 2, 6), ("birds", 2, 0, 2, 6), ("birds", 2, 1, 2, 6)],
     [-13, -12, 37, -12], "won", 2),
    # 11: birds from the dealer: 3m → 2, 6p → 1: seat 2 h 2 → 36 = 12 + 24; seat 3 h 1 →
    # 24; the dealer h 1 → 25 = 13 + 12.
    ("case 11", _win_alone(EXAMPLE_1_WIN), {"bird_origin": "dealer"},
     [("win", 0, 2, 1, 12), ("win", 0, 3, 1, 12), ("win", 0, 0, 1, 13),
      ("birds", 0, 2, 1, 24), ("birds", 0, 3, 1, 12), ("birds", 0, 0, 1, 12)],
     [-25, 85, -36, -24], "won", 1),
    # 12: two winning 开杠 tiles (e0 the kong, e1 the win), 清一色 + 杠上开花 = 12 each,
    # bird_hits [0, 1, 1, 0]. each: 2 × (12 + 12), 2 × (13 + 12), 2 × (12 + 24).
    ("case 12 each", CASE_12, {},
     [("win", 1, 3, 2, 24), ("win", 1, 0, 2, 26), ("win", 1, 1, 2, 24),
      ("birds", 1, 3, 2, 24), ("birds", 1, 0, 2, 24), ("birds", 1, 1, 2, 48)],
     [-50, -72, 170, -48], "won", 2),
    # merged: 清一色 + 杠上开花 × 2 = 3 units, B 18: 36 = 18 + 18; 37 = 19 + 18; 54 = 18 + 36.
    ("case 12 merged", CASE_12, {"kai_gang_wins": "merged"},
     [("win", 1, 3, 2, 18), ("win", 1, 0, 2, 19), ("win", 1, 1, 2, 18),
      ("birds", 1, 3, 2, 18), ("birds", 1, 0, 2, 18), ("birds", 1, 1, 2, 36)],
     [-37, -54, 127, -36], "won", 2),
    # 13: seat 3 开杠s 1s (e0), its tiles are won by seats 0 (2m) and 1 (7s), 杠上炮 B 6;
    # birds from the konger: 4s → 2, 1m → 3. seat 0 (dealer) h 1 → 12 + 1 = 7 + 6; seat 1
    # h 1 → 12 = 6 + 6. seat 3 −(7 + 6 + 6 + 6) = −25.
    ("case 13", CASE_13_RECORD, {},
     [("win", 1, 3, 0, 7), ("win", 1, 3, 1, 6), ("birds", 1, 3, 0, 6), ("birds", 1, 3, 1, 6)],
     [13, 12, 0, -25], "won", 3),
    # 14: 海底捞月 B 6, birds [5s, 5s] on the winner: 18 = 6 + 12, the dealer 19 = 7 + 12;
    # one bird: 12 = 6 + 6, 13 = 7 + 6.
    ("case 14", CASE_14_RECORD, {},
     [("win", 0, 2, 1, 6), ("win", 0, 3, 1, 6), ("win", 0, 0, 1, 7),
      ("birds", 0, 2, 1, 12), ("birds", 0, 3, 1, 12), ("birds", 0, 0, 1, 12)],
     [-19, 55, -18, -18], "won", 1),
    ("case 14 one", _win_alone(win([winner(1, "234m567m345p678s5s")], tile="5s", birds=["5s"],
                                   win_type="self_draw", last_tile=True)),
     {"hai_di_birds": "one"},
     [("win", 0, 2, 1, 6), ("win", 0, 3, 1, 6), ("win", 0, 0, 1, 7),
      ("birds", 0, 2, 1, 6), ("birds", 0, 3, 1, 6), ("birds", 0, 0, 1, 6)],
     [-13, 37, -12, -12], "won", 1),
    # 15: 海底炮 from the taker, seat 3, won by 0 (B 6) and 1 (七小对 + 海底炮, B 12); birds
    # [5p, 5p] from the taker → [0, 0, 0, 2]: 6 × 3 + 1 = 19 = 7 + 12; 36 = 12 + 24.
    ("case 15", _win_alone(win(CASE_15_HANDS, tile="5p", source=3, birds=["5p", "5p"],
                               last_tile=True)), {},
     [("win", 0, 3, 0, 7), ("win", 0, 3, 1, 12), ("birds", 0, 3, 0, 12), ("birds", 0, 3, 1, 24)],
     [19, 36, 0, -55], "won", 3),
    # 16: seat 0 robs seat 2's 补杠 5m (抢杠胡 B 6); birds 6m → 1 (void), 3p → 2:
    # 6 × 2 + 1 = 13 = 7 + 6.
    ("case 16", _win_alone(win([winner(0, "34m678m345p678s22s")], tile="5m", source=2,
                               birds=["6m", "3p"], win_type="rob_kong")), {},
     [("win", 0, 2, 0, 7), ("birds", 0, 2, 0, 6)], [13, 0, -13, 0], "won", 0),
    # 17: a 流局 after case 1's declaration: the taker deals; nobody took it: the last drawer;
    # or the dealer under draw_next_dealer "dealer".
    ("case 17 taker", _with(CASE_1, end={"hai_di_first": 2, "hai_di_taker": 3}), {},
     [("qishou", 0, 2, 1, 2), ("qishou", 0, 3, 1, 2), ("qishou", 0, 0, 1, 3)],
     [-3, 7, -2, -2], "huang_zhuang", 3),
    ("case 17 passed", _with(CASE_1, end={"hai_di_first": 2, "hai_di_taker": None}), {},
     [("qishou", 0, 2, 1, 2), ("qishou", 0, 3, 1, 2), ("qishou", 0, 0, 1, 3)],
     [-3, 7, -2, -2], "huang_zhuang", 2),
    ("case 17 dealer", _with(CASE_1, end={"hai_di_first": 2}), {"draw_next_dealer": "dealer"},
     [("qishou", 0, 2, 1, 2), ("qishou", 0, 3, 1, 2), ("qishou", 0, 0, 1, 3)],
     [-3, 7, -2, -2], "huang_zhuang", 0),
    # 18: Example 2 with 飘 [2, 0, 1, 3] and 坐飘 1: 3 + 2 + 2 = 7; 3 + 0 + 2 = 5.
    ("case 18", _with(EXAMPLE_2, piao=[2, 0, 1, 3]), {"zuo_piao": 1},
     [*EXAMPLE_2_ROWS[:4], ("piao", 1, 3, 0, 7), ("piao", 1, 3, 1, 5)],
     [11, 17, 0, -28], "won", 3),
    # 19: a self-drawn 小胡 without birds: 2, 2, 2 + 1; with xiao_hu_self_draw 1: 1, 1, 2.
    ("case 19", _win_alone(win([winner(1, "234m567m345p678s5s")], tile="5s",
                               win_type="self_draw")), {"bird_count": 0},
     [("win", 0, 2, 1, 2), ("win", 0, 3, 1, 2), ("win", 0, 0, 1, 3)], [-3, 7, -2, -2], "won", 1),
    ("case 19 one", _win_alone(win([winner(1, "234m567m345p678s5s")], tile="5s",
                                   win_type="self_draw")),
     {"bird_count": 0, "xiao_hu_self_draw": 1},
     [("win", 0, 2, 1, 1), ("win", 0, 3, 1, 1), ("win", 0, 0, 1, 2)], [-2, 4, -1, -1], "won", 1),
    # 20: Example 3 with one bird, 9m (a hit on seat 2), short_wall: 12, 13, 12.
    ("case 20", _with(EXAMPLE_3, events=[*EXAMPLE_3["events"][:2], {
        **EXAMPLE_3["events"][2], "birds": ["9m"], "short_wall": True}]), {},
     [("win", 2, 3, 2, 6), ("win", 2, 0, 2, 7), ("win", 2, 1, 2, 6),
      ("birds", 2, 3, 2, 6), ("birds", 2, 0, 2, 6), ("birds", 2, 1, 2, 6)],
     [-13, -12, 37, -12], "won", 2),
    # 25: 海底捞月 55s234m678m234p22s + 5s, birds [5s, 5s] (the 海底 tile twice, no new
    # copies): bird_hits [0, 2, 0, 0], B 6: 18 = 6 + 12; the dealer 19 = 7 + 12.
    ("case 25", _win_alone(win([winner(1, "55s234m678m234p22s")], tile="5s",
                               birds=["5s", "5s"], win_type="self_draw", last_tile=True)), {},
     [("win", 0, 2, 1, 6), ("win", 0, 3, 1, 6), ("win", 0, 0, 1, 7),
      ("birds", 0, 2, 1, 12), ("birds", 0, 3, 1, 12), ("birds", 0, 0, 1, 12)],
     [-19, 55, -18, -18], "won", 1),
    # The error example without event 2, under bu_zhang_kai_hua: 杠上开花 after a 补张 B 6,
    # birds 1m, 9p → seat 1: 6 × 3 = 18 = 6 + 12, the dealer 19 = 7 + 12.
    ("error example settled", {"dealer": 0, "events": [
        kong(1, "added", "5s"),
        win([winner(1, "234m678m345p2s", [{"type": "kong", "tiles": "5555s"}])], tile="2s",
            birds=["1m", "9p"], win_type="self_draw", after_kong=True)]},
     {"bu_zhang_kai_hua": True},
     [("win", 1, 2, 1, 6), ("win", 1, 3, 1, 6), ("win", 1, 0, 1, 7),
      ("birds", 1, 2, 1, 12), ("birds", 1, 3, 1, 12), ("birds", 1, 0, 1, 12)],
     [-19, 55, -18, -18], "won", 1),
]

# The cases refused (for the operation): (name, record, options, code, pointer). Event
# indices are those of the record written here.
REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], str, str]] = [
    ("case 20", _with(EXAMPLE_3, events=[*EXAMPLE_3["events"][:2], {
        **EXAMPLE_3["events"][2], "birds": ["9m"]}]), {},
     "birds_mismatch", "#/record/events/2/birds"),
    ("case 21", _with(CASE_12, events=[CASE_12["events"][0], {
        **CASE_12["events"][1],
        "winners": [{**CASE_12["events"][1]["winners"][0], "win_tiles": ["6s"]}]}]), {},
     "kai_gang_mismatch", "#/record/events/1/winners/0/win_tiles"),
    ("case 22", EXAMPLE_2, {"yi_pao_duo_xiang": False},
     "multiple_winners", "#/record/events/1/winners"),
    ("case 23 declaration", _with(EXAMPLE_1, events=[
        *EXAMPLE_1["events"][:3], qishou(1, "555s777s23m456p88s")]), {},
     "not_first_turn", "#/record/events/3"),
    ("case 23 first_turn", _with(EXAMPLE_1, events=[
        *EXAMPLE_1["events"][:3], {**EXAMPLE_1_WIN, "context": {
            "win_type": "self_draw", "first_turn": True}}]), {},
     "not_first_turn", "#/record/events/3/context/first_turn"),
    ("case 24", CASE_1, {"scoring_profile": "seed_simplified"},
     "invalid_option", "#/options/scoring_profile"),
]
