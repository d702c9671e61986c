"""南昌 ``settle`` in rooms of 2 or 3 players (settle-nanchang.md §3.9.12, reconciled.md §1,
rooms.md §0.9.6): every rule that changes with *P*, each case worked by hand (its sums in the
comments), replayed by the slow reference and answered by ``settle``; and the records a
smaller room refuses — a seat ≥ *P*, a per-seat array without *P* entries, too many winners
or discards — each at its pointer.

Unless a case says, the options are the defaults: 三家付, 德国 flat 5, ``dealer_double``,
``kong_scoring: "at_once"``, 冲关包赔, ``jing_count_discards`` (every end hand sends its
``discards``), 霸王精 doubles, 抄庄 5.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.variants.nanchang.settle.helpers import problems, settled
from tests.engine.variants.nanchang.settle.reference import reference
from tests.engine.variants.sichuan.settle.test_validation import changed

PLAIN = "123m456m789p23s55s"
"""+ 4s: 123m 456m 789p 234s 55s — 平胡 with no 精 (上精 1z / 2z): 德国 1, M = 2, flat 5."""


def _win(tile: str, seat: int, hand: str, source: int | None, win_type: str,
         melds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "win", "win_tile": tile,
                             "context": {"win_type": win_type},
                             "winners": [{"seat": seat, "hand": hand,
                                          **({"melds": melds} if melds else {})}]}
    if source is not None:
        event["from"] = source
    return event


def _kong(seat: int, kind: str, tile: str, source: int | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "kong", "seat": seat, "kong": {"type": kind, "tile": tile}}
    if source is not None:
        event["from"] = source
    return event


def _row(reason: str, payer: int, to: int, amount: int, event: int | None = None
         ) -> dict[str, Any]:
    return {"reason": reason, **({"event": event} if event is not None else {}),
            "from": payer, "to": to, "amount": amount}


CASES: list[dict[str, Any]] = [
    {
        "name": "三家付 at three (rooms.md small case 27): the discarder and P − 2 = 1 other",
        "options": {"players": 3},
        "record": {"dealer": 0, "shang_jing": "1z",
                   "events": [_win("4s", 1, PLAIN, 2, "discard")]},
        # the discarder 2: 2·M·f + flat = 2·2·1 + 5 = 9; seat 0, the dealer: M·f + 5 =
        # 2·2 + 5 = 9 (payers in turn order after the winner 1: 2, 0)
        "transfers": [_row("win", 2, 1, 9, 0), _row("win", 0, 1, 9, 0)],
        "totals": [-9, 18, -9],  # −9 + 18 − 9 = 0 (today's four seats: [−9, 25, −9, −7])
        "outcome": "won",
    },
    {
        "name": "三家付 at two: the discarder alone (P − 2 = 0 others)",
        "options": {"players": 2},
        "record": {"dealer": 0, "shang_jing": "1z",
                   "events": [_win("4s", 1, PLAIN, 0, "discard")]},
        # the dealer discards: 2·M·f + flat = 2·2·2 + 5 = 13
        "transfers": [_row("win", 0, 1, 13, 0)],
        "totals": [-13, 13],
        "outcome": "won",
    },
    {
        "name": "rob-kong at three: the konger pays the P − 1 = 2 self-draw shares",
        "options": {"players": 3},
        "record": {"dealer": 0, "shang_jing": "1z",
                   "events": [_win("4s", 1, PLAIN, 2, "rob_kong")]},
        # shares 2·M·f(p) + flat: seat 2 2·2·1 + 5 = 9, seat 0 (the dealer) 2·2·2 + 5 = 13
        "transfers": [_row("win", 2, 1, 22, 0)],
        "totals": [0, 22, -22],
        "outcome": "won",
    },
    {
        "name": "kongs at three, at once: each of the P − 1 = 2 others pays, 杠精 10",
        "options": {"players": 3},
        "record": {"dealer": 0, "shang_jing": "1z", "events": [
            _kong(1, "concealed", "9p"), _kong(0, "exposed", "3s", 2),
            _kong(2, "concealed", "1z")]},
        # e0 暗杠 by 1: 2 from 2, 0; e1 直杠 by 0: 1 from each other seat (1, 2), not the
        # discarder alone; e2 暗杠 of 1z, a 精 kind: 10 from 0, 1
        "transfers": [_row("kong", 2, 1, 2, 0), _row("kong", 0, 1, 2, 0),
                      _row("kong", 1, 0, 1, 1), _row("kong", 2, 0, 1, 1),
                      _row("kong", 0, 2, 10, 2), _row("kong", 1, 2, 10, 2)],
        # seat 0 −2 + 2 − 10 = −10; seat 1 +4 − 1 − 10 = −7; seat 2 −2 − 1 + 20 = 17
        "totals": [-10, -7, 17],
        "outcome": "in_play",
    },
    {
        "name": "抄庄 at three: the dealer pays each of the P − 1 = 2 others",
        "options": {"players": 3},
        "record": {"dealer": 1, "shang_jing": "1z", "events": [{"type": "chao_zhuang"}]},
        # chao_zhuang_points 5 to seats 2, 0 (turn order after the dealer)
        "transfers": [_row("chao_zhuang", 1, 2, 5, 0), _row("chao_zhuang", 1, 0, 5, 0)],
        "totals": [5, -10, 5],
        "outcome": "in_play",
    },
    {
        "name": "the 上精 pair at three (rooms.md small case 28): delta = P·score − Σ",
        "options": {"players": 3},
        "record": {"dealer": 0, "shang_jing": "5m", "events": [], "end": {"hands": [
            {"hand": "5m5m6m123p456p789s1z", "discards": []},
            {"hand": "6m111p234s567s99s2z", "discards": []},
            {"hand": "789m345p678p123s3z", "discards": []}]}},
        # 精 5m / 6m: seat 0 (2, 1) → 5 → 冲关 5 × 2 = 10; seat 1 (0, 1) → 1; seat 2 0; two
        # score, no 霸王精; deltas 3·10 − 11 = 19, 3·1 − 11 = −8, −11. Each scorer receives
        # its score from the others in turn order after it; seat 0 has no supplier (no melds)
        "transfers": [_row("shang_jing", 1, 0, 10), _row("shang_jing", 2, 0, 10),
                      _row("shang_jing", 2, 1, 1), _row("shang_jing", 0, 1, 1)],
        "totals": [19, -8, -11],
        "outcome": "huang_zhuang",
        "jing": {"scores": [10, 1, 0], "deltas": [19, -8, -11], "chong_guan": [0],
                 "ba_wang": None, "bao_pei": []},
    },
    {
        "name": "冲关包赔 at three: the supplier refunds the P − 2 = 1 seat left",
        "options": {"players": 3},
        "record": {"dealer": 0, "shang_jing": "5m", "events": [], "end": {"hands": [
            {"hand": "6m123p456p789s1z", "melds": [{"type": "pong", "tiles": "555m", "from": 1}],
             "discards": []},
            {"hand": "111p234s567s99s2z3z", "discards": []},
            {"hand": "6m789m345p678p12s3z", "discards": []}]}},
        # seat 0 555m + 6m (3, 1) → 7 → 冲关 7 × 4 = 28; seat 2 (0, 1) → 1; deltas 3·28 − 29
        # = 55, −29, 3·1 − 29 = −26. Seat 0's pong of the 正精 came from seat 1: seat 1 pays
        # seat 0's 28 to each seat but 0 and 1 — seat 2 alone
        "transfers": [_row("shang_jing", 1, 0, 28), _row("shang_jing", 2, 0, 28),
                      _row("shang_jing", 0, 2, 1), _row("shang_jing", 1, 2, 1),
                      _row("chong_guan_bao_pei", 1, 2, 28)],
        # seat 0 +56 − 1 = 55; seat 1 −28 − 1 − 28 = −57; seat 2 −28 + 2 + 28 = 2
        "totals": [55, -57, 2],
        "outcome": "huang_zhuang",
        "jing": {"scores": [28, 0, 1], "deltas": [55, -29, -26], "chong_guan": [0],
                 "ba_wang": None, "bao_pei": [{"seat": 0, "supplier": 1}]},
    },
    {
        "name": "two players: kongs at the end of a won hand, 霸王精, 冲关包赔 without a row",
        "options": {"players": 2, "kong_scoring": "end_of_won_hand"},
        "record": {"dealer": 0, "shang_jing": "5m", "events": [
            _kong(1, "concealed", "9p"),
            _win("8m", 1, "6m9m123p44z", 0, "discard", [
                {"type": "kong", "tiles": "9999p", "concealed": True},
                {"type": "pong", "tiles": "555m", "from": 0}])],
            "end": {"hands": [{"hand": "111m234m77m456s12s", "discards": "3z1s"},
                              {"discards": "2z7p"}]}},
        # e1: 6m (副精 as 7m) 8m 9m 123p 44z + 9999p + 555m: 平胡 with a substitute, no 德国:
        # M = 1, flat 0; the dealer discards: 2·1·2 = 4. The end: e0's 9p is no 精 kind: 2
        # from seat 0. 上精 5m / 6m: seat 1 (3, 1) → 7 → 28, seat 0 0: one scorer, 霸王精 × 2
        # = 56; deltas 2·56 − 56 = 56, −56. 冲关包赔: seat 0 supplied the pong, and no seat is
        # left to refund
        "transfers": [_row("win", 0, 1, 4, 1), _row("kong", 0, 1, 2, 0),
                      _row("shang_jing", 0, 1, 56)],
        "totals": [-62, 62],  # −4 − 2 − 56
        "outcome": "won",
        "jing": {"scores": [0, 56], "deltas": [-56, 56], "chong_guan": [1], "ba_wang": 1,
                 "bao_pei": [{"seat": 1, "supplier": 0}]},
    },
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_reference_replays_the_case(case: dict[str, Any]) -> None:
    ref = reference(case["record"], case["options"])
    assert ref["transfers"] == case["transfers"]
    assert ref["totals"] == case["totals"] and sum(ref["totals"]) == 0
    assert ref["outcome"] == case["outcome"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_settle_answers_the_case(case: dict[str, Any]) -> None:
    answer = settled(case["record"], case["options"])
    players = case["options"]["players"]
    assert answer["transfers"] == case["transfers"]
    assert answer["totals"] == case["totals"] and answer["outcome"] == case["outcome"]
    # every per-seat array is the room's
    assert all(len(v) == players for v in answer["by_reason"].values())
    for w in answer["wins"]:
        assert len(w["payments"]) == players and sum(w["payments"]) == 0
    for pair in answer["jing"]:
        assert len(pair["holdings"]) == len(pair["scores"]) == len(pair["deltas"]) == players
    if "jing" in case:
        (shang,) = [p for p in answer["jing"] if p["category"] == "shang_jing"]
        assert {k: shang[k] for k in case["jing"]} == case["jing"]


NO_END = {"dealer": 0, "shang_jing": "1z", "events": [_win("4s", 1, PLAIN, 2, "discard")]}
THREE_ENDS = CASES[5]["record"]
"""A 荒庄 at three (the 上精 pair case)."""
OPENING = {"xia_jing": "3p", "hands": ["33p4p123m456m789s11z", "111m999m567s22z33z",
                                       "777m888m123s44z5z6z"]}
"""Three dealt hands (the dealer, seat 0, holds 14)."""

REFUSED = [
    # a seat of the room: 0 … P − 1 (reconciled.md §1)
    ({"players": 3}, changed(NO_END, ["dealer"], 3), [("invalid_field", "#/record/dealer")]),
    ({"players": 2}, changed(NO_END, ["events", 0, "from"], 2),
     [("invalid_field", "#/record/events/0/from")]),
    ({"players": 3}, changed(NO_END, ["events", 0, "winners", 0, "seat"], 3),
     [("invalid_field", "#/record/events/0/winners/0/seat")]),
    ({"players": 3}, {**NO_END, "events": [_kong(3, "concealed", "9p")]},
     [("invalid_field", "#/record/events/0/seat")]),
    ({"players": 3}, changed(NO_END, ["events", 0, "winners", 0, "melds"],
                             [{"type": "pong", "tiles": "555s", "from": 3}]),
     [("invalid_field", "#/record/events/0/winners/0/melds/0/from")]),
    # per-seat arrays of P entries
    ({"players": 2}, THREE_ENDS, [("invalid_field", "#/record/end/hands")]),
    ({"players": 3, "shang_xia_fan_jing": True},
     {**NO_END, "opening": {**OPENING, "hands": [*OPENING["hands"], "222m333m456s5p6p7p9p"]}},
     [("invalid_field", "#/record/opening/hands")]),
    # more than P − 1 winner seats: invalid_field; two at three: the replay's multiple_winners
    ({"players": 2}, changed(NO_END, ["events", 0], {
        **_win("4s", 1, PLAIN, 0, "discard"),
        "winners": [{"seat": 1, "hand": PLAIN}, {"seat": 0, "hand": PLAIN}]}),
     [("invalid_field", "#/record/events/0/winners")]),
    ({"players": 3}, changed(NO_END, ["events", 0, "winners"], [
        {"seat": 1, "hand": PLAIN}, {"seat": 0, "hand": "123p456p789s23s55m"}]),
     [("multiple_winners", "#/record/events/0/winners")]),
    # a seat's discards: 40 with 3 players, 64 with 2
    ({"players": 3}, changed(THREE_ENDS, ["end", "hands", 2, "discards"], ["1s"] * 41),
     [("invalid_field", "#/record/end/hands/2/discards")]),
]


@pytest.mark.parametrize(("options", "record", "found"), REFUSED)
def test_a_smaller_room_refuses_the_record(options: dict[str, Any], record: dict[str, Any],
                                           found: list[tuple[str, str]]) -> None:
    assert problems(record, options) == found


def test_the_refusals_name_the_room() -> None:
    assert problems(changed(NO_END, ["dealer"], 3), {"players": 3}, details=True) == [
        ("invalid_field", "#/record/dealer", "dealer must be a seat number 0–2 (3 players)")]
    assert problems(THREE_ENDS, {"players": 2}, details=True) == [
        ("invalid_field", "#/record/end/hands", "end.hands must be an array of 2 entries, one "
                                                "per seat")]


def test_two_players_discard_more_than_forty() -> None:
    """With 2 players a seat draws about half of the 109 tiles the deal leaves: 41 discards
    pass the shape (the table count then refuses these, four copies at most)."""
    two = {"dealer": 0, "shang_jing": "5m", "events": [], "end": {"hands": [
        {"hand": "5m5m6m123p456p789s1z", "discards": ["1s"] * 41},
        {"hand": "6m111p234s567s99s2z", "discards": []}]}}
    assert problems(two, {"players": 2}) == [("too_many_copies",
                                              "#/record/end/hands/0/discards")]
    two = changed(two, ["end", "hands", 0, "discards"], ["1s"] * 65)
    assert problems(two, {"players": 2}) == [("invalid_field",
                                              "#/record/end/hands/0/discards")]


def test_seats_are_checked_against_four_while_players_is_invalid() -> None:
    # rooms.md §0.9.3: with players itself invalid the seats are read against 0–3
    assert problems(changed(NO_END, ["dealer"], 3), {"players": 1}) == [
        ("invalid_option", "#/options/players")]
