"""A slow, plain reference for 长沙 ``settle``'s money, written from settle-changsha.md alone
(with reconciled.md: the row reason ``birds``, ``outcome``, ``next_dealer`` null in play,
``draw_next_dealer: "last_drawer"``).

It reads the record as JSON data and works in the spec's words: each declaration's *b*, *z*
and dice hits (§2.9.2; the ``qishou`` operation only says which patterns a hand has), each
win's ``fan`` answer with the context §2.9.4 gives (one request per winner and tile), the
PAY table written out again here, the merged 开杠 win, 飘, the rows in §2.9.6's order and
the next dealer of §2.9.5. It assumes a valid record (the generated ones are) and does not
call the settle package. ``P`` seats, 4 unless ``options["players"]`` says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.variants.changsha.patterns import PATTERN_NAMES
from engine.variants.changsha.variant import VARIANT
from tests import rooms_reference

SETTLE_DEFAULTS: dict[str, Any] = {
    "qishou_birds": "none", "kai_gang_draws": 2, "kai_gang_wins": "each",
    "bu_zhang_kai_hua": False, "hai_di_birds": "repeat", "yi_pao_duo_xiang": True,
    "zuo_piao": 0, "draw_next_dealer": "last_drawer",
}
"""The options only ``settle`` reads (§2.9.8's second table, reconciled §8)."""

EVENT_PATTERNS = ("gang_shang_kai_hua", "gang_shang_pao")
TABLE_ORDER = list(PATTERN_NAMES)

Row = tuple[str, int, int, int, int]
"""(reason, event, from, to, amount)."""


def effective(options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option the reference reads: ``fan``'s effective ones and the settle ones."""
    known = {k: v for k, v in options.items() if k not in SETTLE_DEFAULTS}
    fan_options = dict(VARIANT.options(VARIANT.request({"options": known})))
    return {**fan_options, **SETTLE_DEFAULTS,
            **{k: v for k, v in options.items() if k in SETTLE_DEFAULTS and v is not None}}


def fan_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The request's options as ``fan`` takes them (every option ``fan`` knows)."""
    names = {s.name for s in VARIANT.option_specs}
    return {k: v for k, v in options.items() if k in names}


def pay(b: int, z: int, h: int, o: Mapping[str, Any]) -> int:
    """§2.9.4's table, PAY(B, Z, h)."""
    if o["bird_mode"] == "plus_hits":
        return b + z + h
    factor = 2 ** h if o["bird_mode"] == "double" else 1 + h
    return (b + z) * factor if o["zhuang_xian_in_birds"] else b * factor + z


def reference(record: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    o = effective(options)
    n_seats = int(options.get("players") or 4)
    dealer = record["dealer"]
    piao = record.get("piao") or [0] * n_seats
    events = record["events"]
    rows: dict[tuple[str, int, int, int], int] = {}
    order: list[tuple[str, int, int, int]] = []
    qishou: list[dict[str, Any]] = []
    declarations: list[dict[str, Any]] = []  # for win_birds: event, seat, n, b, per payer z
    wins: list[dict[str, Any]] = []
    outcome, next_dealer = "in_play", None

    def add(reason: str, event: int, payer: int, to: int, amount: int) -> None:
        if amount <= 0:
            return
        key = (reason, event, payer, to)
        if key not in rows:
            order.append(key)
            rows[key] = 0
        rows[key] += amount

    def after(seat: int) -> list[int]:
        return [(seat + d) % n_seats for d in range(1, n_seats)]

    for i, ev in enumerate(events):
        if ev["type"] == "qishou":
            d = ev["seat"]
            found = [p.id for p in VARIANT.qishou(VARIANT.request(
                {"hand": ev["hand"], "options": fan_options(options)})).patterns]
            declared = ev.get("patterns")
            ids = found if declared is None else [p for p in found if p in declared]
            k = len(ids)
            n = 1 if o["qishou_value"] == "once" else k
            b = n * o["xiao_hu_self_draw"]
            zs = {q: (n if o["zhuang_xian"] and dealer in (d, q) else 0) for q in after(d)}
            entry: dict[str, Any] = {"event": i, "seat": d, "patterns": ids, "count": k,
                                     "per_other_player": b}
            for q in after(d):
                add("qishou", i, q, d, b + zs[q])
            if o["qishou_birds"] == "dice":
                origin = dealer if o["bird_origin"] == "dealer" else d
                hits = [0] * n_seats
                for die in ev["dice"]:
                    if o["bird_mode"] == "159_only":
                        if die in (1, 5):
                            hits[d] += 1
                    else:
                        seat = rooms_reference.rank_seat(die, origin, n_seats,
                                                         options.get("bird_seats") or "circle")
                        if seat is not None:  # (a die on an empty chair counts for nobody)
                            hits[seat] += 1
                entry["dice_hits"] = hits
                for q in after(d):
                    add("qishou_bird", i, q, d,
                        pay(b, zs[q], hits[d] + hits[q], o) - (b + zs[q]))
            qishou.append(entry)
            declarations.append({"event": i, "seat": d, "b": b, "z": zs})
            continue
        if ev["type"] == "kong":
            continue
        # the win event
        outcome = "won"
        ctx = dict(ev.get("context") or {})
        win_type = ctx.get("win_type", "discard")
        src = ev.get("from")
        winners = sorted(ev["winners"], key=lambda w: (w["seat"] - src) % n_seats
                         if src is not None else 0)
        several = len(winners) >= 2
        prev = events[i - 1] if i > 0 else None
        on_kai_gang = (bool(ctx.get("after_kong")) and prev is not None
                       and prev["type"] == "kong" and prev.get("mode") == "kai_gang"
                       and "win_tile" not in ev)
        fo = fan_options(options)
        if several and o["bird_origin"] == "winner":
            fo["bird_origin"] = "discarder"
        birds = ev.get("birds") or []
        event_wins: list[dict[str, Any]] = []
        for w in winners:
            seat = w["seat"]
            seats: dict[str, int] = {"dealer": dealer, "winner": seat}
            if win_type == "discard":
                seats["discarder"] = src
            elif win_type == "rob_kong":
                seats["konger"] = src
            context = {**ctx, "seats": seats}
            if birds:
                context["birds"] = birds
            tiles = _in_drawn_order(w["win_tiles"], prev["drawn"]) if on_kai_gang \
                else [ev["win_tile"]]
            answers = []
            for t in tiles:
                a = VARIANT.fan(VARIANT.request({
                    "hand": w["hand"], "melds": w.get("melds") or [], "win_tile": t,
                    "context": context, "options": fo}))
                assert a.win, (i, seat, t, a.reason)
                answers.append((t, a))
            payers = after(seat) if win_type == "self_draw" else [src]
            if on_kai_gang and o["kai_gang_wins"] == "merged":
                event_wins.append(_merged(i, seat, answers, payers, dealer, o, n_seats))
            else:
                for t, a in answers:
                    event_wins.append({
                        "event": i, "seat": seat, "tile": t,
                        "patterns": [(p.id, p.fan, p.count) for p in a.patterns],
                        "fan": a.fan, "base_per_payer": a.base_per_payer,
                        "bird_hits": list(a.bird_hits) if a.bird_hits is not None else None,
                        "payments": list(a.payments), "payers": payers})
        for reason in ("win", "birds"):
            for win in event_wins:
                seat = win["seat"]
                for p in win["payers"]:
                    paid = -win["payments"][p]
                    z = _z(win["fan"], o) if o["zhuang_xian"] and dealer in (seat, p) else 0
                    plain = win["base_per_payer"] + z
                    add(reason, i, p, seat, plain if reason == "win" else paid - plain)
        for w in winners:
            seat = w["seat"]
            for p in (after(seat) if win_type == "self_draw" else [src]):
                add("piao", i, p, seat, piao[p] + piao[seat] + 2 * o["zuo_piao"])
        if o["qishou_birds"] == "win_birds":
            first = event_wins[0]["bird_hits"] or [0] * n_seats
            for dec in declarations:
                d, b = dec["seat"], dec["b"]
                for q in after(d):
                    z = dec["z"][q]
                    add("qishou_bird", i, q, d, pay(b, z, first[d] + first[q], o) - (b + z))
        for win in event_wins:
            win.pop("payers")
        wins += event_wins
        seats_won = {w["seat"] for w in winners}
        next_dealer = src if len(seats_won) >= 2 else winners[0]["seat"]
    if outcome == "in_play" and "end" in record:
        outcome = "huang_zhuang"
        end = record["end"]
        if end.get("hai_di_taker") is not None:
            next_dealer = end["hai_di_taker"]
        elif o["draw_next_dealer"] == "dealer":
            next_dealer = dealer
        else:
            next_dealer = end["hai_di_first"]
    out = [(r, e, p, t, rows[(r, e, p, t)]) for r, e, p, t in order]
    totals = [0] * n_seats
    for _, _, p, t, a in out:
        totals[p] -= a
        totals[t] += a
    return {"rows": out, "totals": totals, "qishou": qishou, "wins": wins, "outcome": outcome,
            "next_dealer": next_dealer}


def _z(units: int, o: Mapping[str, Any]) -> int:
    return max(1, units) if o["zhuang_xian_value"] == "units" else 1


def _in_drawn_order(win_tiles: list[str], drawn: list[str]) -> list[str]:
    """A winner's tiles in the order they were drawn (each drawn copy used once)."""
    rest = list(drawn)
    positions = []
    for t in win_tiles:
        j = rest.index(t)
        positions.append(j)
        rest[j] = ""
    return [drawn[j] for j in sorted(positions)]


def _merged(event: int, seat: int, answers: list[tuple[str, Any]], payers: list[int],
            dealer: int, o: Mapping[str, Any], n_seats: int) -> dict[str, Any]:
    """§2.9.4 "merged": one win of a winner's 开杠 tiles."""
    fans: dict[str, int] = {}
    event_count = 0
    for _, a in answers:
        for p in a.patterns:
            if p.id in EVENT_PATTERNS:
                event_count += 1
                fans.setdefault(p.id, p.fan)
            elif p.id != "ping_hu":
                fans.setdefault(p.id, p.fan)
    patterns = []
    for pid in TABLE_ORDER:
        if pid in fans:
            count = event_count if pid in EVENT_PATTERNS else 1
            patterns.append((pid, fans[pid] * count, count if count > 1 else None))
    units = sum(f for _, f, _ in patterns)
    base = 6 * units if o["dahu_stack"] == "add" else 6 * 2 ** (units - 1)
    hits = answers[0][1].bird_hits
    h = list(hits) if hits is not None else [0] * n_seats
    payments = [0] * n_seats
    for p in payers:
        z = _z(units, o) if o["zhuang_xian"] and dealer in (seat, p) else 0
        amount = pay(base, z, h[seat] + h[p], o)
        payments[p] -= amount
        payments[seat] += amount
    return {"event": event, "seat": seat, "tiles": [t for t, _ in answers],
            "patterns": patterns, "fan": units, "base_per_payer": base,
            "bird_hits": list(hits) if hits is not None else None, "payments": payments,
            "payers": payers}
