"""长沙, 红中 and 南昌 ``settle`` in rooms of 2 and 3 players, on the wire (rooms.md §0.9.3's
payers, §0.9.5's bird and code seats, reconciled.md §1 — settle-changsha.md §2.9.11,
settle-hongzhong.md §4.5.10, settle-nanchang.md §3.9.12).

Each case is a real record of a smaller room, posted to the real app; its transfers and totals
are worked by hand from the specs in the comments beside it (not read off the engine), then
compared whole. Then each variant's refusal of a seat outside the room, at its pointer
(rooms.md §0.9.7: ``invalid_field``). 四川's room settles are in `test_rooms`.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.app import create_app
from service.settings import Settings


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app(Settings()).test_client()


def post(client: FlaskClient, variant: str, body: dict[str, Any], status: int = 200
         ) -> dict[str, Any]:
    r = client.post(f"/v1/{variant}/settle", json=body)
    assert r.status_code == status, r.get_data(as_text=True)
    answer: dict[str, Any] = r.get_json()
    return answer


def row(reason: str, event: int | None, payer: int, to: int, amount: int) -> dict[str, Any]:
    found: dict[str, Any] = {"reason": reason}
    if event is not None:
        found["event"] = event
    return {**found, "from": payer, "to": to, "amount": amount}


# --- 长沙 (settle-changsha.md §2.9, §2.9.11) ---------------------------------------------------

CS_THREE = {
    "dealer": 0,
    "events": [
        {"type": "qishou", "seat": 1, "hand": "123m456m789m2345p"},
        {"type": "win", "win_tile": "5s", "context": {"win_type": "self_draw"},
         "winners": [{"seat": 2, "hand": "123m456m789p234s5s"}], "birds": ["3s", "4p"]},
    ],
}
"""Three players, dealer 0: seat 1 shows 缺一色, then seat 2 self-draws a 小胡 with two birds."""


def test_changsha_three_players_circle_birds(client: FlaskClient) -> None:
    answer = post(client, "changsha", {"options": {"players": 3}, "record": CS_THREE})
    # e0: 123m 456m 789m 2345p has 2/5/8 (no 板板胡), no four alike, no two triplets, no s:
    # 缺一色 only, n = 1, b = 2 × 1 = 2 from each of the P − 1 = 2 others (turn order after
    # 1: seats 2, 0); the dealer 0 pays z = 1 more → seat 2 pays 2, seat 0 pays 3.
    # e1: 123m 456m 789p 234s 55s, pair 5s: 小胡 self-draw, B = 2. Birds from the winner 2,
    # bird_seats "circle" at three (rooms.md §0.9.5): 3s rank 3 → 对家, no chair: misses;
    # 4p rank 4 → 上家 = (2 − 1) mod 3 = seat 1. bird_hits [0, 1, 0]. Payers after 2:
    # seat 0 (dealer) h = 0 + 0 → 2 × 1 + 1 = 3, all `win`; seat 1 h = 0 + 1 → 2 × 2 = 4:
    # `win` 2 + `birds` 2 (reconciled.md §3: the row is `birds`).
    assert answer["transfers"] == [
        row("qishou", 0, 2, 1, 2), row("qishou", 0, 0, 1, 3),
        row("win", 1, 0, 2, 3), row("win", 1, 1, 2, 2), row("birds", 1, 1, 2, 2)]
    # seat 0 −3 − 3 = −6; seat 1 +5 − 4 = +1; seat 2 −2 + 3 + 4 = +5; sum 0
    assert answer["totals"] == [-6, 1, 5]
    assert answer["qishou"][0]["count"] == 1 and answer["qishou"][0]["per_other_player"] == 2
    win = answer["wins"][0]
    assert win["birds"] == [{"tile": "3s", "seat": None, "hit": False},
                            {"tile": "4p", "seat": 1, "hit": True}]
    assert (win["bird_hits"], win["payments"]) == ([0, 1, 0], [-3, -4, 7])
    assert (answer["outcome"], answer["next_dealer"]) == ("won", 2)


def test_changsha_three_players_modulo_birds(client: FlaskClient) -> None:
    answer = post(client, "changsha", {"options": {"players": 3, "bird_seats": "modulo"},
                                       "record": CS_THREE})
    # the same record; "modulo": seat = (origin + rank − 1) mod 3 from the winner 2: 3s →
    # (2 + 2) mod 3 = seat 1, 4p → (2 + 3) mod 3 = seat 2, the winner. bird_hits [0, 1, 1].
    # seat 0: h = 1 + 0 → 2 × 2 + 1 = 5 (`win` 3, `birds` 2); seat 1: h = 1 + 1 → 2 × 3 = 6
    # (`win` 2, `birds` 4)
    assert answer["transfers"] == [
        row("qishou", 0, 2, 1, 2), row("qishou", 0, 0, 1, 3),
        row("win", 1, 0, 2, 3), row("win", 1, 1, 2, 2),
        row("birds", 1, 0, 2, 2), row("birds", 1, 1, 2, 4)]
    # seat 0 −3 − 5 = −8; seat 1 +5 − 6 = −1; seat 2 −2 + 5 + 6 = +9; sum 0
    assert answer["totals"] == [-8, -1, 9]
    assert answer["wins"][0]["bird_hits"] == [0, 1, 1]


def test_changsha_two_players_a_discard_with_piao(client: FlaskClient) -> None:
    answer = post(client, "changsha", {"options": {"players": 2}, "record": {
        "dealer": 1, "piao": [2, 3], "events": [
            {"type": "win", "from": 1, "win_tile": "9m", "context": {"win_type": "discard"},
             "winners": [{"seat": 0, "hand": "111m333p555s777s9m"}], "birds": ["7m", "9p"]}]}})
    # 111m 333p 555s 777s 99m: 碰碰胡 (any pair), 1 unit, not 清一色: B = 6 × 1 = 6, paid
    # by the discarder 1, the dealer (Z = 1). Birds from the winner 0, "circle" at two: 7m
    # rank 7 → 对家, the other seat 1; 9p rank 9 → the origin 0. h = hits(0) + hits(1) = 2:
    # 6 × (1 + 2) + 1 = 19 = `win` 6 + 1 = 7 and `birds` 12. 飘: piao[1] + piao[0] = 3 + 2
    # = 5 (zuo_piao 0)
    assert answer["transfers"] == [row("win", 0, 1, 0, 7), row("birds", 0, 1, 0, 12),
                                   row("piao", 0, 1, 0, 5)]
    assert answer["totals"] == [24, -24]  # 7 + 12 + 5 = 24
    win = answer["wins"][0]
    assert (win["base_per_payer"], win["bird_hits"], win["payments"]) == (6, [1, 1],
                                                                         [19, -19])
    assert (answer["outcome"], answer["next_dealer"]) == ("won", 0)


# --- 红中 (settle-hongzhong.md §4.5, §4.5.10) --------------------------------------------------

def test_hongzhong_three_players_kongs_and_a_self_draw(client: FlaskClient) -> None:
    answer = post(client, "hongzhong", {"options": {"players": 3}, "record": {
        "dealer": 0, "events": [
            {"type": "kong", "seat": 2, "kong": {"type": "exposed", "tile": "6p"}, "from": 1},
            {"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": "2s"}},
            {"type": "win", "win_tile": "8s", "winners": [
                {"seat": 1, "hand": "345m678m234p55s67s"}], "codes": ["1m", "7z", "4p"]}]}})
    # e0 直杠 6p off seat 1: 3 from `from` (rooms.md assumption 13); e1 暗杠 2s by 0: 2 from
    # each of the P − 1 = 2 others, in turn order after 0 (seats 1, 2).
    # e2 self-draw (the default win_type): 345m 678m 234p 678s 55s, 胡牌 fan 0, V = 1; no
    # 红中 held → code_count 2 + 1 = 3 codes; 159z: 1m and 7z hit, 4p not: B = 2 × 2 = 4.
    # Payers after 1: seats 2, 0, each `win` zimo_unit 2 × 1 = 2 and `codes` 4
    assert answer["transfers"] == [
        row("kong", 0, 1, 2, 3), row("kong", 1, 1, 0, 2), row("kong", 1, 2, 0, 2),
        row("win", 2, 2, 1, 2), row("win", 2, 0, 1, 2),
        row("codes", 2, 2, 1, 4), row("codes", 2, 0, 1, 4)]
    # seat 0 +4 − 6 = −2; seat 1 −3 − 2 + 12 = +7; seat 2 +3 − 2 − 6 = −5; sum 0
    assert answer["totals"] == [-2, 7, -5]
    win = answer["wins"][0]
    assert (win["codes_expected"], win["payments"]) == (3, [-6, 12, -6])
    assert (answer["outcome"], answer["next_dealer"]) == ("won", 1)


def test_hongzhong_two_players_two_suits_rob_kong(client: FlaskClient) -> None:
    answer = post(client, "hongzhong", {"options": {"players": 2, "suits": ["m", "p"]},
                                        "record": {"dealer": 1, "piao": [3, 1], "events": [
        {"type": "kong", "seat": 0, "kong": {"type": "added", "tile": "9m"}},
        {"type": "win", "from": 0, "win_tile": "9p", "context": {"win_type": "rob_kong"},
         "winners": [{"seat": 1, "hand": "111m234m567m78p55p"}],
         "codes": ["5m", "2p", "1p"]}]}})
    # e0 补杠 9m by 0: 1 from the one other seat. e1 seat 1 robs seat 0's added 9p: 111m
    # 234m 567m 789p 55p, 胡牌 fan 0, V = 1, no 红中 → 3 codes; 159z: 5m and 1p hit → B = 4.
    # 抢杠全包 at two: the konger pays (P − 1) · zimo_unit · V = 1 × 2 × 1 = 2 (`win`) and
    # Σ B over the P − 1 = 1 other seats = 4 (`codes`); 飘 once, by the konger: 3 + 1 = 4
    assert answer["transfers"] == [row("kong", 0, 1, 0, 1), row("win", 1, 0, 1, 2),
                                   row("codes", 1, 0, 1, 4), row("piao", 1, 0, 1, 4)]
    assert answer["totals"] == [-9, 9]  # seat 0: +1 − 2 − 4 − 4 = −9
    assert answer["wins"][0]["payments"] == [-6, 6]  # fan's: the konger's 2 + 4


# --- 南昌 (settle-nanchang.md §3.9, §3.9.12) ---------------------------------------------------

def test_nanchang_three_players_chao_zhuang_kong_self_draw_and_shang_jing(
        client: FlaskClient) -> None:
    answer = post(client, "nanchang", {"options": {"players": 3}, "record": {
        "dealer": 0, "shang_jing": "3z",
        "events": [
            {"type": "chao_zhuang"},
            {"type": "kong", "seat": 1, "kong": {"type": "concealed", "tile": "9p"}},
            {"type": "win", "win_tile": "5s", "context": {"win_type": "self_draw"},
             "winners": [{"seat": 2, "hand": "123m456m789m234s5s"}]}],
        "end": {"hands": [
            {"hand": "147m258p369s11z3z6z", "discards": "9m1p"},
            {"hand": "123s456s78s44z", "discards": "5z",
             "melds": [{"type": "kong", "tiles": "9999p", "concealed": True}]},
            {"discards": "2z"}]}}})
    # 上精 3z: 正 3z, 副 4z (indicator_is_zheng). e0 抄庄: the dealer pays 5 to each of the
    # P − 1 = 2 others (after 0: seats 1, 2). e1 暗杠 9p by 1 (no 精): 2 from seats 2, 0.
    # e2 seat 2 self-draws 123m 456m 789m 234s 55s: 平胡, no 精 at all → 德国 (+1, flat 5);
    # others_hold_jing derived true (seat 0's end hand holds 3z) → not 德中德: fan 1, M = 2.
    # Each other seat pays 2·M·f(p) + 5, after 2: seat 0 (dealer, f 2) 8 + 5 = 13; seat 1
    # (f 1) 4 + 5 = 9.
    # 上精 holdings (discards counted): seat 0 one 3z → raw 2; seat 1 two 4z → raw 2; seat 2
    # none. Scores [2, 2, 0] (no 冲关, two scorers: no 霸王); deltas 3·s − 4 = [2, 2, −4].
    # Rows: seat 0's 2 from 1, 2; seat 1's 2 from 2, 0
    assert answer["transfers"] == [
        row("chao_zhuang", 0, 0, 1, 5), row("chao_zhuang", 0, 0, 2, 5),
        row("kong", 1, 2, 1, 2), row("kong", 1, 0, 1, 2),
        row("win", 2, 0, 2, 13), row("win", 2, 1, 2, 9),
        row("shang_jing", None, 1, 0, 2), row("shang_jing", None, 2, 0, 2),
        row("shang_jing", None, 2, 1, 2), row("shang_jing", None, 0, 1, 2)]
    # seat 0 −10 − 2 − 13 + 2 = −23; seat 1 +5 + 4 − 9 + 2 = +2; seat 2 +5 − 2 + 22 − 4
    # = +21; sum 0
    assert answer["totals"] == [-23, 2, 21]
    assert answer["by_reason"] == {"kong": [-2, 4, -2], "chao_zhuang": [-10, 5, 5],
                                   "win": [-13, -9, 22], "shang_jing": [2, 2, -4]}
    win = answer["wins"][0]
    assert (win["fan"], win["multiplier"], win["flat_per_payer"], win["payments"],
            win["others_hold_jing"]) == (1, 2, 5, [-13, -9, 22], True)
    jing = answer["jing"][0]
    assert (jing["holdings"], jing["scores"], jing["deltas"], jing["ba_wang"]) == (
        [{"zheng": 1, "fu": 0}, {"zheng": 0, "fu": 2}, {"zheng": 0, "fu": 0}], [2, 2, 0],
        [2, 2, -4], None)
    assert answer["outcome"] == "won"


def test_nanchang_two_players_a_discard_and_ba_wang_chong_guan(client: FlaskClient) -> None:
    answer = post(client, "nanchang", {"options": {"players": 2}, "record": {
        "dealer": 1, "shang_jing": "5m",
        "events": [{"type": "win", "from": 1, "win_tile": "4m",
                    "context": {"win_type": "discard"},
                    "winners": [{"seat": 0, "hand": "123p456p789s11z23m"}]}],
        "end": {"hands": [{"discards": "9m"},
                          {"hand": "556m789m123s456s7z", "discards": "5m1z"}]}}})
    # 上精 5m: 正 5m, 副 6m. Seat 0 wins seat 1's 4m: 234m 123p 456p 789s 11z, 平胡 with no
    # 精 → 德国 (+1, flat 5); seat 1's end hand holds 5m → others_hold_jing: fan 1, M = 2.
    # 三家付 at two: the discarder pays 2·M·f + 5 = 2 · 2 · 2 (he deals) + 5 = 13 and the
    # P − 2 = 0 other seats nothing.
    # 上精: seat 1 holds 5m 5m 6m and the discarded 5m → (zheng 3, fu 1), raw 7 → 冲关
    # 7 × 4 = 28; the only scorer → 霸王 × 2 = 56; deltas 2·s − 56 = [−56, 56]. Nobody
    # supplied his 精 (no meld, no win): no 冲关包赔 (which adds no row at two anyway)
    assert answer["transfers"] == [row("win", 0, 1, 0, 13),
                                   row("shang_jing", None, 0, 1, 56)]
    assert answer["totals"] == [-43, 43]  # 13 − 56 = −43
    assert answer["by_reason"] == {"win": [13, -13], "shang_jing": [-56, 56]}
    jing = answer["jing"][0]
    assert (jing["scores"], jing["deltas"], jing["chong_guan"], jing["ba_wang"],
            jing["bao_pei"]) == ([0, 56], [-56, 56], [1], 1, [])


def test_nanchang_three_players_three_pay_and_chong_guan_bao_pei(client: FlaskClient) -> None:
    answer = post(client, "nanchang", {"options": {"players": 3}, "record": {
        "dealer": 2, "shang_jing": "5m",
        "events": [{"type": "win", "from": 2, "win_tile": "1z",
                    "context": {"win_type": "discard"},
                    "winners": [{"seat": 1, "hand": "123p456p789s1z",
                                 "melds": [{"type": "pong", "tiles": "555m", "from": 2}]}]}],
        "end": {"hands": [{"hand": "6m123m789m234s567s", "discards": "9p"},
                          {"discards": "4z"},
                          {"hand": "147p258s369s22z33z", "discards": "8m"}]}}})
    # 上精 5m: 正 5m, 副 6m. Seat 1 wins seat 2's 1z: 123p 456p 789s 11z + pong 555m (its
    # 精 natural), 平胡 with no 精 substitute → 德国 (+1, flat 5); seat 0's end hand holds 6m
    # → others_hold_jing: fan 1, M = 2. 点炮三家付 at three: the discarder 2 (the dealer)
    # pays 2·M·f + 5 = 2 · 2 · 2 + 5 = 13, the P − 2 = 1 other seat 0 pays M·f + 5 = 7.
    # 上精 holdings: seat 0 the 6m (fu 1) → 1; seat 1 the pong (zheng 3) → raw 6 → 冲关
    # 6 × 3 = 18; seat 2 none. Two scorers: no 霸王. Deltas 3·s − 19 = [−16, 35, −19]. Rows:
    # seat 0's 1 from 1, 2; seat 1's 18 from 2, 0.
    # 冲关包赔: seat 1's 冲关 was supplied by the pong from seat 2; the supplier refunds each
    # seat other than the covered one and himself (P − 2 = 1: seat 0) seat 1's 18
    assert answer["transfers"] == [
        row("win", 0, 2, 1, 13), row("win", 0, 0, 1, 7),
        row("shang_jing", None, 1, 0, 1), row("shang_jing", None, 2, 0, 1),
        row("shang_jing", None, 2, 1, 18), row("shang_jing", None, 0, 1, 18),
        row("chong_guan_bao_pei", None, 2, 0, 18)]
    # seat 0 −7 + 2 − 18 + 18 = −5; seat 1 +20 − 1 + 36 = +55; seat 2 −13 − 1 − 18 − 18
    # = −50; sum −5 + 55 − 50 = 0
    assert answer["totals"] == [-5, 55, -50]
    assert answer["by_reason"] == {"win": [-7, 20, -13], "shang_jing": [-16, 35, -19],
                                   "chong_guan_bao_pei": [18, 0, -18]}
    jing = answer["jing"][0]
    assert (jing["scores"], jing["deltas"], jing["chong_guan"], jing["bao_pei"]) == (
        [1, 18, 0], [-16, 35, -19], [1], [{"seat": 1, "supplier": 2}])


# --- a seat outside the room (rooms.md §0.9.7, reconciled.md §1) -------------------------------

@pytest.mark.parametrize(("variant", "options", "record", "pointer"), [
    ("changsha", {"players": 3}, {"dealer": 3, "events": []}, "#/record/dealer"),
    ("changsha", {"players": 2}, {"dealer": 0, "events": [
        {"type": "win", "win_tile": "5s", "context": {"win_type": "self_draw"},
         "winners": [{"seat": 2, "hand": "123m456m789p234s5s"}], "birds": ["3s", "4p"]}]},
     "#/record/events/0/winners/0/seat"),
    ("changsha", {"players": 3}, {"dealer": 0, "piao": [0, 1, 2, 3], "events": []},
     "#/record/piao"),
    ("hongzhong", {"players": 3}, {"dealer": 0, "events": [
        {"type": "kong", "seat": 3, "kong": {"type": "concealed", "tile": "2s"}}]},
     "#/record/events/0/seat"),
    ("hongzhong", {"players": 2}, {"dealer": 0, "events": [
        {"type": "kong", "seat": 1, "kong": {"type": "exposed", "tile": "6p"}, "from": 2}]},
     "#/record/events/0/from"),
    ("nanchang", {"players": 3}, {"dealer": 0, "shang_jing": "3z", "events": [
        {"type": "kong", "seat": 3, "kong": {"type": "concealed", "tile": "9p"}}]},
     "#/record/events/0/seat"),
    ("nanchang", {"players": 2}, {"dealer": 0, "shang_jing": "3z", "events": [
        {"type": "win", "from": 2, "win_tile": "4m", "context": {"win_type": "discard"},
         "winners": [{"seat": 0, "hand": "123p456p789s11z23m"}]}]},
     "#/record/events/0/from"),
])
def test_a_seat_outside_the_room_is_refused_at_its_pointer(
        client: FlaskClient, variant: str, options: dict[str, Any], record: dict[str, Any],
        pointer: str) -> None:
    answer = post(client, variant, {"options": options, "record": record}, 422)
    assert answer["code"] == "invalid_field"
    assert [e["pointer"] for e in answer["errors"]] == [pointer], answer
