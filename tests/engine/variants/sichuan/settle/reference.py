"""A slow, plain reference for ``settle``'s arithmetic, written from settle.md alone (and
rooms.md §0.9.4.5 for a room of *P* players: its seats, 查花猪 in three-suit rooms only, the
大叫 value with ``dian_pao_ping_hu`` taken as true).

It reads the record as JSON data and works in the spec's words: who is in the hand before
each event, each kong's rows, each winner's ``fan`` answer (the ``fan`` operation, called
with the context §1.6.3 gives) and payers, 呼叫转移 with its scope and split, then at the end
of the wall the statuses (the ``waits`` and ``fan`` operations), 查花猪, 查大叫 and 退税. It
assumes a valid record (the generated ones are) and does not call the settle package.
"""

from __future__ import annotations

from typing import Any

from engine import tiles as T
from engine.variants.sichuan import VARIANT


def _fan(body: dict[str, Any]) -> Any:
    return VARIANT.fan(VARIANT.request(body))


def reference(record: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    o = VARIANT.options(VARIANT.request({"options": options}))
    base = o["base_points"]
    seats_n = o["players"]
    events = record["events"]
    dealer = record["dealer"]
    missing = record.get("missing_suits") or [None] * seats_n
    left: list[int] = []
    won: list[int] = []
    kongs: list[dict[str, Any]] = []  # {event, seat, rows: [(payer, amount)], handed: bool}
    out: list[tuple[str, int | None, int, int, int]] = []
    wins: list[dict[str, Any]] = []
    first_gen: dict[int, int] = {}
    for i, ev in enumerate(events):
        in_hand = [s for s in range(seats_n) if s not in left]
        if ev["type"] == "kong":
            seat, k = ev["seat"], ev["kong"]
            rows = []
            for d in range(1, seats_n):
                p = (seat + d) % seats_n
                if p not in in_hand:
                    continue
                if k["type"] == "exposed":
                    units = o["zhi_gang_discarder"] if p == ev["from"] else o["zhi_gang_others"]
                elif k["type"] == "added":
                    units = 0 if (k.get("late") and not o["late_added_kong_pays"]) else 1
                else:
                    units = 2
                if units * base:
                    rows.append((p, units * base))
            kongs.append({"event": i, "seat": seat, "type": k["type"],
                          "from": ev.get("from"), "rows": rows, "handed": False})
            out += [("kong", i, p, seat, a) for p, a in rows]
            continue
        ctx = dict(ev.get("context") or {})
        win_type = ctx.get("win_type", "discard")
        src = ev.get("from")
        winners = list(ev["winners"])
        if src is not None:
            winners.sort(key=lambda w: (w["seat"] - src) % seats_n)
        prev = events[i - 1] if i > 0 else None
        kong_discarder = None
        if (win_type == "self_draw" and ctx.get("after_kong") and prev is not None
                and prev["type"] == "kong" and prev["kong"]["type"] == "exposed"):
            kong_discarder = prev["from"]
        for w in winners:
            seat = w["seat"]
            seats: dict[str, int] = {"dealer": dealer, "winner": seat}
            if win_type == "discard":
                seats["discarder"] = src
            if win_type == "rob_kong":
                seats["konger"] = src
            if kong_discarder is not None:
                seats["kong_discarder"] = kong_discarder
            context = {**ctx, "is_dealer": seat == dealer, "seats": seats, "active": in_hand}
            if missing[seat] is not None:
                context["missing_suit"] = missing[seat]
            body = {"hand": w["hand"], "melds": w.get("melds") or [],
                    "win_tile": ev["win_tile"], "context": context, "options": options}
            a = _fan(body)
            assert a.win, (i, seat, a.reason)
            patterns = [{"id": p.id, "fan": p.fan, "count": p.count, "tiles": p.tiles}
                        for p in a.patterns]
            fan, gen, capped, points = a.fan, a.gen_count, a.fan_capped, a.points_per_payer
            if o["xue_liu_gen"] == "first_win" and seat in first_gen and gen > first_gen[seat]:
                limit = first_gen[seat]
                fan -= gen - limit
                new = []
                for p in patterns:
                    if p["id"] != "gen":
                        new.append(p)
                    elif limit > 0:
                        new.append({"id": "gen", "fan": limit,
                                    "count": limit if limit > 1 else None,
                                    "tiles": p["tiles"][:limit]})
                patterns, gen = new, limit
                capped = fan if o["max_fan"] is None else min(fan, o["max_fan"])
                points = base * 2 ** capped
                if (win_type == "self_draw" and o["zimo_bonus"] == "jia_di"
                        and not any(p["id"] == "tian_hu" for p in patterns)):
                    points += base
            first_gen.setdefault(seat, gen)
            wins.append({"event": i, "seat": seat, "patterns": patterns, "fan": fan,
                         "gen_count": gen, "fan_capped": capped, "points_per_payer": points})
            if win_type == "self_draw":
                if o["dian_gang_hua"] == "dian_pao" and kong_discarder is not None:
                    payers = [kong_discarder]
                else:
                    payers = [(seat + d) % seats_n for d in range(1, seats_n)
                              if (seat + d) % seats_n in in_hand]
            else:
                payers = [src]
            out += [("win", i, p, seat, points) for p in payers]
        if win_type == "discard" and ctx.get("after_kong") and o["hu_jiao_zhuan_yi"] != "off":
            if o["hu_jiao_zhuan_yi"] == "last_kong":
                moved = [kongs[-1]]
            else:
                moved = [k for k in kongs if k["seat"] == src and not k["handed"]]
            got = {w["seat"]: 0 for w in winners}
            n = len(winners)
            for k in moved:
                k["handed"] = True
                income = sum(a for _, a in k["rows"])
                if o["hu_jiao_zhuan_yi_split"] == "each":
                    for s in got:
                        got[s] += income
                elif n == 1:
                    got[winners[0]["seat"]] += income
                elif k["type"] == "exposed" and k["from"] in got:
                    got[k["from"]] += income
                else:
                    for s in got:
                        got[s] += income // n
                    got[winners[0]["seat"]] += income % n
            out += [("hu_jiao_zhuan_yi", i, src, s, got[s]) for s in got if got[s] > 0]
        for w in winners:
            if w["seat"] not in won:
                won.append(w["seat"])
            if not o["xue_liu"] and w["seat"] not in left:
                left.append(w["seat"])
    answer: dict[str, Any] = {"rows": out, "wins": wins,
                              "active": [s for s in range(seats_n) if s not in left]}
    if "end" in record:
        statuses, end_rows = _end(record, o, options, won, left, kongs)
        answer["statuses"] = statuses
        answer["rows"] = out + end_rows
    totals = [0] * seats_n
    for _, _, p, r, a in answer["rows"]:
        totals[p] -= a
        totals[r] += a
    answer["totals"] = totals
    return answer


def _end(record: dict[str, Any], o: dict[str, Any], options: dict[str, Any], won: list[int],
         left: list[int], kongs: list[dict[str, Any]]) -> tuple[list[Any], list[Any]]:
    seats_n = o["players"]
    missing = record.get("missing_suits") or [None] * seats_n
    statuses: list[dict[str, Any]] = []
    for s in range(seats_n):
        if s in won:
            statuses.append({"status": "won"})
            continue
        h = record["end"]["hands"][s]
        tiles = T.parse_any(h["hand"]) + [t for m in h.get("melds") or []
                                          for t in T.parse_any(m["tiles"])]
        suits = {t // 9 for t in tiles}
        hua_zhu = len(o["suits"]) == 3 and (  # (no 定缺, no 花猪 below three suits)
            (missing[s] is not None and "mps".index(missing[s]) in suits)
            or (missing[s] is None and len(suits) == 3))
        if hua_zhu and o["cha_hua_zhu"]:
            statuses.append({"status": "hua_zhu"})
            continue
        body: dict[str, Any] = {"hand": h["hand"], "melds": h.get("melds") or [],
                                "options": options}
        if missing[s] is not None:
            body["context"] = {"missing_suit": missing[s]}
        waits = [w.tile for w in VARIANT.waits(VARIANT.request(body)).waits]
        if not waits:
            statuses.append({"status": "not_ready"})
            continue
        best = None
        body["options"] = {**options, "dian_pao_ping_hu": True}  # 大叫: readiness ignores it
        for t in waits:
            a = _fan({**body, "win_tile": t,
                      "context": {**body.get("context", {}), "win_type": "discard"}})
            if best is None or (a.points_per_payer, a.fan) > (best[1].points_per_payer,
                                                               best[1].fan):
                best = (t, a)
        assert best is not None
        statuses.append({"status": "ready", "waits": waits, "best_tile": best[0],
                         "points": best[1].points_per_payer, "best_fan": best[1].fan})
    st = [x["status"] for x in statuses]
    base = o["base_points"]
    f = o["hua_zhu_fan"] if o["hua_zhu_fan"] is not None else (
        o["max_fan"] if o["max_fan"] is not None else 4)
    h_amount = base * 2 ** f

    def gets(seat: int) -> bool:  # in the hand, or has left and left seats receive
        return seat not in left or o["left_seats_receive"]

    rows: list[Any] = []
    if o["cha_hua_zhu"]:
        for p in range(seats_n):
            if st[p] != "hua_zhu":
                continue
            for d in range(1, seats_n):
                r = (p + d) % seats_n
                if st[r] == "hua_zhu" or not gets(r):
                    continue
                d_val = statuses[r].get("points", 0)
                if (o["hua_zhu_da_jiao"] == "larger" and o["cha_da_jiao"]
                        and st[r] == "ready" and d_val > h_amount):
                    rows.append(("da_jiao", None, p, r, d_val))
                else:
                    rows.append(("hua_zhu", None, p, r, h_amount))
    if o["cha_da_jiao"]:
        for p in range(seats_n):
            pays = st[p] == "not_ready" or (st[p] == "hua_zhu" and o["hua_zhu_da_jiao"] == "both")
            if not pays:
                continue
            for d in range(1, seats_n):
                r = (p + d) % seats_n
                if st[r] == "ready":
                    rows.append(("da_jiao", None, p, r, statuses[r]["points"]))
    refund = {"not_ready_and_hua_zhu": ("not_ready", "hua_zhu"), "not_ready": ("not_ready",),
              "off": ()}[o["tui_shui"]]
    for s in range(seats_n):
        if st[s] not in refund:
            continue
        for k in kongs:
            if k["seat"] == s and not k["handed"]:
                rows += [("tui_shui", k["event"], s, p, a) for p, a in k["rows"] if gets(p)]
    return statuses, rows
