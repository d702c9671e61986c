"""Rooms of 2, 3 or 4 players (rooms.md §0.9.3, §0.9.5, §0.9.6) in 长沙, 红中 and 南昌: random
rooms × random winning hands, seats, birds and codes, each answer's payments against a slow
reference written from the spec (`tests.rooms_reference`: who pays, the rank table), and the
hand's value against the same hand at a table of four (the room changes only the seats).
CI size by default, ``HUPAI_FULL=1`` for the full runs."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine import tiles as T
from engine.variants import REGISTRY
from tests import hands as H
from tests import rooms_reference as ref

SEED = 20260914
WINS = [  # (hand, win tile): every one a 小胡 / 胡牌 of a 2/5/8 pair in each variant
    ("123m456m789p23s55s", "4s"), ("123m456m789p234s5s", "5s"), ("111m456m789p22s55s", "5s"),
    ("234m345p678p22s88s", "2s"), ("123m123p123s789s5m", "5m"), ("234567m234p55s88s", "8s"),
]


def turned(rng: random.Random, held: str, count: int) -> list[str]:
    """``count`` birds from the wall: no kind past four copies with the player's."""
    left = [4 - n for n in T.counts(T.parse(held))]
    out = []
    while len(out) < count:
        k = rng.randrange(27)
        if left[k]:
            left[k] -= 1
            out.append(T.code(k))
    return out


def seats_of(rng: random.Random, players: int, win_type: str) -> dict[str, int]:
    winner = rng.randrange(players)
    seats = {"winner": winner, "dealer": rng.randrange(players)}
    if win_type != "self_draw":
        seats["discarder"] = rng.choice([s for s in range(players) if s != winner])
    return seats


def answer(variant: str, body: dict[str, Any]) -> Any:
    v = REGISTRY[variant]
    return v.fan(v.request(body))


def test_changsha_birds_and_payments() -> None:
    rng = random.Random(SEED)
    hit = missed = 0
    for _ in range(H.scale(400, 6000)):
        players = rng.choice((2, 3, 4))
        convention = rng.choice(("circle", "modulo"))
        options = {"players": players, "bird_seats": convention,
                   "bird_mode": rng.choice(("add", "double")),
                   "bird_origin": rng.choice(("winner", "dealer")),
                   "zhuang_xian": rng.random() < 0.7}
        win_type = rng.choice(("self_draw", "discard"))
        hand, win = rng.choice(WINS)
        seats = seats_of(rng, players, win_type)
        birds = turned(rng, hand + win, rng.choice((0, 1, 2, 4)))
        body = {"options": options, "hand": hand, "win_tile": win,
                "context": {"win_type": win_type, "seats": seats, "birds": birds}}
        got = answer("changsha", body)
        four = answer("changsha", {**body, "options": {**options, "players": 4},
                                   "context": {"win_type": win_type, "seats": {
                                       k: v for k, v in seats.items()}}})
        assert (got.win, got.fan, got.base_per_payer) == (four.win, four.fan,
                                                          four.base_per_payer)
        winner, dealer = seats["winner"], seats["dealer"]
        payers = ref.payers(win_type, winner, players, discarder=seats.get("discarder"))
        origin = dealer if options["bird_origin"] == "dealer" else winner
        hits = [0] * players
        for code, shown in zip(birds, got.birds, strict=True):
            seat = ref.rank_seat(T.rank(T.from_code(code)), origin, players, convention)
            assert shown.tile == code
            if seat is None:
                assert (shown.hit, type(shown.seat).__name__) == (False, "Null")
                missed += 1
                continue
            hits[seat] += 1
            assert (shown.seat, shown.hit) == (seat, seat == winner or seat in payers)
            hit += shown.hit
        assert list(got.bird_hits) == hits
        base = got.base_per_payer
        owed = []
        for p in payers:
            h = hits[winner] + hits[p]
            z = 1 if options["zhuang_xian"] and dealer in (winner, p) else 0
            owed.append((p, base * (2**h if options["bird_mode"] == "double" else 1 + h) + z))
        assert list(got.payments) == ref.deltas(winner, owed, players), body
    assert hit > H.scale(100, 1500) and missed > H.scale(30, 400)


def test_hongzhong_codes_and_payments() -> None:
    rng = random.Random(SEED + 1)
    scored = missed = 0
    honor_rank = dict(zip("1234765", range(1, 8), strict=True))  # 东南西北中发白 = 1…7
    for _ in range(H.scale(400, 6000)):
        players = rng.choice((2, 3, 4))
        convention = rng.choice(("circle", "modulo"))
        options = {"players": players, "code_seats": convention, "code_mode": "seat",
                   "win_by_discard": "yes"}
        win_type = rng.choice(("self_draw", "discard", "rob_kong"))
        hand, win = rng.choice(WINS)
        seats = seats_of(rng, players, win_type)
        if win_type == "rob_kong":
            seats["konger"] = seats.pop("discarder")
        codes = [T.code(rng.choice(sorted(T.TILE_SETS["112"])))
                 for _ in range(rng.choice((0, 1, 2, 3)))]
        body = {"options": options, "hand": hand, "win_tile": win,
                "context": {"win_type": win_type, "seats": seats, "codes": codes}}
        got = answer("hongzhong", body)
        if not got.win:
            continue
        four = answer("hongzhong", {**body, "options": {**options, "players": 4}})
        assert got.fan == four.fan and got.patterns == four.patterns
        winner = seats["winner"]
        payer = seats.get("discarder", seats.get("konger"))
        scoring = {winner, payer} if win_type == "discard" else set(range(players))
        hits = [0] * players
        for code, shown in zip(codes, got.codes, strict=True):
            tile = T.from_code(code)
            rank = honor_rank[code[0]] if code[1] == "z" else T.rank(tile)
            seat = ref.rank_seat(rank, winner, players, convention)
            if seat is None:
                assert (shown.hit, type(shown.seat).__name__) == (False, "Null")
                missed += 1
                continue
            assert (shown.seat, shown.hit) == (seat, seat in scoring)
            hits[seat] += seat in scoring
        assert list(got.code_hits) == hits
        value, cv = 2**got.fan, 2  # zimo_unit 2, discard_unit 1, code_value 2
        shares = [(s, 2 * value + (hits[winner] + hits[s]) * cv)
                  for s in ref.payers("self_draw", winner, players)]
        if win_type == "discard":
            owed = [(payer, value + (hits[winner] + hits[payer]) * cv)]
        elif win_type == "rob_kong":  # 抢杠全包: the konger pays the P − 1 shares
            owed = [(payer, sum(a for _, a in shares))]
        else:
            owed = shares
        assert list(got.payments) == ref.deltas(winner, owed, players), body
        scored += 1
    assert scored > H.scale(300, 4000) and missed > H.scale(30, 400)


def test_nanchang_payments() -> None:
    rng = random.Random(SEED + 2)
    checked = 0
    for _ in range(H.scale(400, 6000)):
        players = rng.choice((2, 3, 4))
        options = {"players": players, "dianpao_pay": rng.choice(("three_pay", "discarder_only")),
                   "dealer_double": rng.random() < 0.7}
        win_type = rng.choice(("self_draw", "discard", "rob_kong"))
        hand, win = rng.choice(WINS)
        seats = seats_of(rng, players, win_type)
        if win_type == "rob_kong":
            seats["konger"] = seats.pop("discarder")
        active = None
        if rng.random() < 0.3:
            active = sorted({*seats.values(), rng.randrange(players)})
        context: dict[str, Any] = {"win_type": win_type, "seats": seats,
                                   "jing": {"zheng": "1z", "fu": "2z"}}
        if active is not None:
            context["active"] = active
        body = {"options": options, "hand": hand, "win_tile": win, "context": context}
        got = answer("nanchang", body)
        if not got.win:
            continue
        four = answer("nanchang", {**body, "options": {**options, "players": 4}})
        assert (got.fan, got.flat_per_payer) == (four.fan, four.flat_per_payer)
        winner, dealer = seats["winner"], seats["dealer"]
        m, flat = 2**got.fan, got.flat_per_payer
        double = options["dealer_double"]
        f = {p: 2 if double and dealer in (winner, p) else 1 for p in range(players)}
        others = ref.payers("self_draw", winner, players, active=active)
        if win_type == "self_draw":
            owed = [(p, 2 * m * f[p] + flat) for p in others]
        elif win_type == "rob_kong":
            owed = [(seats["konger"], sum(2 * m * f[p] + flat for p in others))]
        else:
            d = seats["discarder"]
            owed = [(d, 2 * m * f[d] + flat)]
            if options["dianpao_pay"] == "three_pay":
                owed += [(p, m * f[p] + flat) for p in others if p != d]
        assert list(got.payments) == ref.deltas(winner, owed, players), body
        checked += 1
    assert checked > H.scale(300, 4000)


def test_a_room_of_four_is_todays_answer() -> None:
    # players 4 sent, or not: the same answer, the echo aside
    for variant, body in (
            ("changsha", {"hand": "123m456m789p23s55s", "win_tile": "4s",
                          "context": {"win_type": "self_draw", "birds": ["3p", "4s"],
                                      "seats": {"winner": 1, "dealer": 0}}}),
            ("hongzhong", {"hand": "123m456m789p23s55s", "win_tile": "4s",
                           "context": {"seats": {"winner": 1}, "codes": ["1m", "3p"]},
                           "options": {"code_mode": "seat"}}),
            ("nanchang", {"hand": "123m456m789p23s55s", "win_tile": "4s",
                          "context": {"win_type": "discard", "jing": {"zheng": "1z", "fu": "2z"},
                                      "seats": {"winner": 1, "dealer": 0, "discarder": 2}}})):
        v = REGISTRY[variant]
        plain = v.fan(v.request(body))
        four = v.fan(v.request({**body, "options": {**body.get("options", {}), "players": 4}}))
        assert replace(plain, options=None) == replace(four, options=None)
        assert plain.payments is not None and len(plain.payments) == 4
