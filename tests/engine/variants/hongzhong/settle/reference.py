"""A slow, plain reference for 红中's ``settle``, written from settle-hongzhong.md (§4.5) alone,
as reconciled.md amends it (§1 rooms of P seats, §3 reason-major rows, §8 the option name).

It reads the record as JSON data and works in the spec's words: each kong priced by the
``kong`` operation and timed by ``kong_paid`` / ``huang_zhuang_huang_gang``; the win event's
winners in canonical order, its codes due (§4.5.3's table), each winner priced by the
``fan`` operation with the context §4.5.3 gives, and the ``win``, ``codes`` and ``piao`` rows
computed here from §4.5.3's formulas — then held equal to ``fan``'s ``payments`` (one
pricing); the outcome and the next dealer of §4.5.4. It assumes a valid record (the
generated ones are) and does not call the settle code.
"""

from __future__ import annotations

from typing import Any

from engine import tiles as T
from engine.variants.hongzhong import VARIANT
from tests import rooms_reference

Row = tuple[str, int, int, int, int]
"""(reason, event, from, to, amount)."""

SEAT_PLACE = {"1z": 1, "2z": 2, "3z": 3, "4z": 4, "7z": 5, "6z": 6, "5z": 7}
"""`seat` mode: an honor's place in 东南西北中发白 (this project writes 白 5z, 发 6z, 中 7z)."""
VALUE_PLACE = {"1z": 1, "2z": 2, "3z": 3, "4z": 4, "7z": 10, "6z": 6, "5z": 7}
"""u(t) of an honor (§4.3, §4.5.3): 东 1 南 2 西 3 北 4, 发 6, 白 7; 红中 10."""


def _op(name: str, body: dict[str, Any]) -> Any:
    return getattr(VARIANT, name)(VARIANT.request(body))


def _tiles(text: str | list[str]) -> list[str]:
    """A tile string or list as codes: ``"123m7z"`` → ``["1m", "2m", "3m", "7z"]``."""
    return T.codes(T.parse_any(text))


def u(tile: str) -> int:
    return VALUE_PLACE[tile] if tile[1] == "z" else int(tile[0])


def rank(tile: str) -> int:
    return SEAT_PLACE[tile] if tile[1] == "z" else int(tile[0])


def is_159z(tile: str) -> bool:
    return tile == "7z" or (tile[1] != "z" and tile[0] in "159")


def reference(record: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    o = VARIANT.options(VARIANT.request({"options": options}))
    players = o.get("players", 4)
    code_seats = o.get("code_seats", "circle")
    wild = set(o["wild_tiles"])
    dealer = record["dealer"]
    code_count = record.get("code_count", 2)
    piao = record.get("piao")
    rows: list[Row] = []
    kongs: list[dict[str, Any]] = []
    wins: list[dict[str, Any]] = []
    outcome, next_dealer = "in_play", None
    for i, ev in enumerate(record["events"]):
        if ev["type"] == "kong":
            seat = ev["seat"]
            seats = {"konger": seat}
            if ev.get("from") is not None:
                seats["discarder"] = ev["from"]
            paid = _op("kong", {"context": {"kong": ev["kong"], "seats": seats},
                                "options": options}).payments
            mine = [("kong", i, p, seat, -paid[p]) for p in after(seat, players) if paid[p] < 0]
            assert sum(r[4] for r in mine) == paid[seat]
            kongs.append({"event": i, "seat": seat, "income": paid[seat], "rows": mine})
            rows += mine
            continue
        ctx = ev.get("context") or {}
        win_type = ctx.get("win_type", "self_draw")
        src = ev.get("from")
        winners = list(ev["winners"])
        if src is not None:
            winners.sort(key=lambda w: (w["seat"] - src) % players)
        several = len(winners) > 1
        origin = src if several else winners[0]["seat"]
        codes = list(ev.get("codes") or [])
        expected = _codes_due(o, ev, winners, several, code_count, wild)
        assert len(codes) == min(expected, ev.get("wall_left", expected))
        reasons: dict[str, list[Row]] = {"win": [], "codes": [], "piao": []}
        for w in winners:
            seat = w["seat"]
            seats = {"dealer": dealer, "winner": seat}
            if win_type != "self_draw":
                seats["discarder"] = src
            context = {k: v for k, v in ctx.items() if k != "kong"}
            context.update(is_dealer=seat == dealer, seats=seats, code_count=code_count,
                           code_origin=origin)
            if codes:
                context["codes"] = codes
            body = {"hand": w["hand"], "melds": w.get("melds") or [],
                    "win_tile": ev["win_tile"], "context": context, "options": options}
            a = _op("fan", body)
            assert a.win, (i, seat, a.reason)
            value = 2 ** a.fan
            others = after(seat, players)
            bonus = _bonus(o, codes, win_type, seat, src, origin, players, code_seats)
            if win_type == "self_draw":
                win_rows = [(p, o["zimo_unit"] * value) for p in others]
                code_rows = [(p, bonus[p]) for p in others]
            elif win_type == "discard":
                win_rows = [(src, o["discard_unit"] * value)]
                code_rows = [(src, bonus[src])]
            else:  # rob_kong: 抢杠全包, the konger pays the P − 1 self-draw shares
                win_rows = [(src, (players - 1) * o["zimo_unit"] * value)]
                code_rows = [(src, sum(bonus[p] for p in others))]
            deltas = [0] * players
            for p, amount in win_rows + code_rows:
                deltas[p] -= amount
                deltas[seat] += amount
            assert tuple(deltas) == a.payments, "win + codes is fan's payments"
            reasons["win"] += [("win", i, p, seat, x) for p, x in win_rows if x]
            reasons["codes"] += [("codes", i, p, seat, x) for p, x in code_rows if x]
            if piao is not None:
                reasons["piao"] += [("piao", i, p, seat, piao[p] + piao[seat])
                                    for p, _ in win_rows if piao[p] + piao[seat]]
            entry = {"event": i, "seat": seat, "patterns": [p.id for p in a.patterns],
                     "fan": a.fan, "codes_expected": expected, "payments": list(a.payments)}
            if codes:
                pointed = [c.seat if isinstance(c.seat, int) else None  # NULL: an empty chair
                           for c in a.codes]
                if o["code_mode"] == "seat":  # each code on the seat §0.9.5's table names
                    assert pointed == [rooms_reference.rank_seat(rank(c), origin, players,
                                                                 code_seats) for c in codes]
                entry["codes"] = [(c.tile, s, c.hit) for c, s in zip(a.codes, pointed,
                                                                     strict=True)]
                entry["code_hits"] = list(a.code_hits)
            wins.append(entry)
        rows += reasons["win"] + reasons["codes"] + reasons["piao"]
        outcome, next_dealer = "won", origin
        break  # a valid record has nothing after its win event
    if outcome == "in_play" and "end" in record:
        outcome = "huang_zhuang"
        next_dealer = (record["end"]["last_drawer"] if o["draw_next_dealer"] == "last_drawer"
                       else dealer)
    state = "paid"
    if o["kong_paid"] == "at_end" and (outcome == "in_play" or (
            outcome == "huang_zhuang" and o["huang_zhuang_huang_gang"])):
        state = "pending" if outcome == "in_play" else "cancelled"
        rows = [r for r in rows if r[0] != "kong"]
    elif outcome == "huang_zhuang" and o["huang_zhuang_huang_gang"]:
        state = "refunded"
        rows += [("huang_gang", k["event"], r[3], r[2], r[4]) for k in kongs for r in k["rows"]]
    totals = [0] * players
    for _, _, payer, receiver, amount in rows:
        totals[payer] -= amount
        totals[receiver] += amount
    return {"rows": rows, "totals": totals, "wins": wins,
            "kongs": [{"event": k["event"], "seat": k["seat"], "income": k["income"],
                       "state": state} for k in kongs],
            "outcome": outcome, "next_dealer": next_dealer}


def after(seat: int, players: int) -> list[int]:
    """The other seats in turn order after ``seat``."""
    return [(seat + d) % players for d in range(1, players)]


def _codes_due(o: Any, ev: dict[str, Any], winners: list[dict[str, Any]], several: bool,
               code_count: int, wild: set[str]) -> int:
    """§4.5.3's count due, N."""
    mode = o["code_mode"]
    if mode == "one_code_all":
        return 1
    if mode == "mo_ji_jiang_ji":
        return 10 if ev["win_tile"] in wild else u(ev["win_tile"])
    if several:
        return code_count  # 通炮 draws no extra code
    w = winners[0]
    held = [*_tiles(w["hand"]), ev["win_tile"]]
    held += [t for m in w.get("melds") or [] for t in _tiles(m["tiles"])]
    extra = o["extra_code_without_wild"] and not any(t in wild for t in held)
    return code_count + (1 if extra else 0)


def _bonus(o: Any, codes: list[str], win_type: str, winner: int, src: int | None, origin: int,
           players: int, code_seats: str) -> list[int]:
    """B_p for every seat p (§4.5.3)."""
    value = o["code_value"]
    mode = o["code_mode"]
    if mode in ("159z", "mo_ji_jiang_ji"):
        return [sum(map(is_159z, codes)) * value] * players
    if mode == "one_code_all":
        return [(u(codes[0]) * value if codes else 0)] * players
    hits = [0] * players
    for c in codes:
        s = rooms_reference.rank_seat(rank(c), origin, players, code_seats)  # §0.9.5
        paid_share = s is not None and (win_type != "discard" or s == src)
        if s is not None and (s == winner or paid_share):
            hits[s] += 1
    return [(hits[winner] + hits[p]) * value for p in range(players)]
