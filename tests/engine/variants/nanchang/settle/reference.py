"""A slow, plain reference for 南昌's ``settle``, written from rules/settle-nanchang.md alone
(with rules/reconciled.md: ``"end_of_won_hand"``, the answer's member order, *P* seats).

It reads the record as JSON data and works in the spec's words, step by step: the opening
pairs on the dealt hands (§3.9.6), each event in order — a kong as the ``kong`` operation
pays it, 抄庄, the win as the ``fan`` operation prices it with the context §3.9.3 gives —,
then with ``end`` the kongs paid at the end of a won hand, the 上精 pair, 冲关包赔 and each
下精 pair (§3.9.5), every pair settled by the ``jing-settlement`` operation on holdings counted
here from the final tiles. It calls no settle code, assumes a valid record (the generated
ones are) and answers the wire form without ``options``.
"""

from __future__ import annotations

from typing import Any

from engine import tiles as T
from engine.variants.nanchang import VARIANT
from service.mapping import to_wire

REASONS = ("hui_tou_yi_xiao", "kai_ju_xia_jing", "kong", "chao_zhuang", "win", "shang_jing",
           "chong_guan_bao_pei", "xia_jing")
"""§3.9.7's reason table, in its order (``by_reason`` lists them so)."""


def _op(name: str, body: dict[str, Any]) -> Any:
    return VARIANT.operations()[name](VARIANT.request(body))


def _kinds(tiles: Any) -> list[int]:
    return T.parse_any(tiles) if tiles else []


def reference(record: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    o = _op("jing", {"context": {"indicator": "1m"}, "options": options}).options
    players = o.get("players", 4)

    def after(seat: int) -> list[int]:
        """The other seats in turn order after ``seat``."""
        return [(seat + d) % players for d in range(1, players)]

    def pair_of(indicator: str) -> tuple[str, str]:
        a = _op("jing", {"context": {"indicator": indicator}, "options": options})
        return a.zheng, a.fu

    rows: list[dict[str, Any]] = []
    jing: list[dict[str, Any]] = []

    def row(reason: str, payer: int, to: int, amount: int, event: int | None = None,
            pair: int | None = None) -> None:
        if amount <= 0:
            return
        r: dict[str, Any] = {"reason": reason}
        if event is not None:
            r["event"] = event
        if pair is not None:
            r["pair"] = pair
        rows.append({**r, "from": payer, "to": to, "amount": amount})

    def settle_pair(category: str, indicator: str, tiles: list[list[int]],
                    pair: int | None = None) -> dict[str, Any]:
        """One pair: holdings counted in each seat's tiles, ``jing-settlement``, its rows."""
        zheng, fu = pair_of(indicator)
        z, f = T.from_code(zheng), T.from_code(fu)
        holdings = [{"zheng": ts.count(z), "fu": ts.count(f)} for ts in tiles]
        a = _op("jing-settlement", {"context": {"holdings": holdings}, "options": options})
        scores = list(a.scores)
        for i in range(players):  # scoring seats ascending, payers in turn order after each
            for p in after(i):
                row(category, p, i, scores[i], pair=pair)
        entry: dict[str, Any] = {"category": category}
        if pair is not None:
            entry["pair"] = pair
        scoring = [i for i in range(players) if scores[i] > 0]
        entry.update(indicator=indicator, zheng=zheng, fu=fu, holdings=holdings, scores=scores,
                     deltas=list(a.deltas),
                     chong_guan=[i for i, h in enumerate(holdings)
                                 if 2 * h["zheng"] + h["fu"] >= 5],
                     ba_wang=scoring[0] if len(scoring) == 1 else None)
        jing.append(entry)
        return entry

    dealer = record["dealer"]
    shang = pair_of(record["shang_jing"])
    shang_kinds = {T.from_code(shang[0]), T.from_code(shang[1])}

    # --- §3.9.6: the opening pairs, on the dealt hands ----------------------------------------
    opening = record.get("opening") or {}
    dealt = [_kinds(h) for h in opening.get("hands") or []]
    if o["hui_tou_yi_xiao"] and opening.get("hui_tou") is not None:
        settle_pair("hui_tou_yi_xiao", opening["hui_tou"], dealt)
    if o["shang_xia_fan_jing"]:
        settle_pair("kai_ju_xia_jing", opening["xia_jing"], dealt)

    # --- the events, in record order -----------------------------------------------------------
    end = record.get("end")
    events = record["events"]
    win_at: int | None = None
    wins: list[dict[str, Any]] = []
    for i, ev in enumerate(events):
        if ev["type"] == "kong":
            if o["kong_scoring"] == "at_once":
                a = _op("kong", {"context": {"kong": ev["kong"], "seats": {"konger": ev["seat"]},
                                             "jing": {"zheng": shang[0], "fu": shang[1]}},
                                 "options": options})
                for p in after(ev["seat"]):
                    row("kong", p, ev["seat"], -a.payments[p], event=i)
        elif ev["type"] == "chao_zhuang":
            for p in after(dealer):
                row("chao_zhuang", dealer, p, o["chao_zhuang_points"], event=i)
        else:
            win_at = i
            wins.append(_win(i, ev, record, options, shang, shang_kinds, players, row, after))

    # --- §3.9.5: with end, the kongs of a won hand, 上精, 冲关包赔, each 下精 ---------------------
    if end is not None:
        xia = list(end.get("xia_jing") or [])[:o["xia_jing_pairs"]]
        if win_at is not None and o["kong_scoring"] == "end_of_won_hand":
            end_kinds = set(shang_kinds)
            for indicator in xia:
                end_kinds |= {T.from_code(k) for k in pair_of(indicator)}
            for i, ev in enumerate(events):
                if ev["type"] == "kong":
                    amount = 10 if T.from_code(ev["kong"]["tile"]) in end_kinds else 2
                    for p in after(ev["seat"]):
                        row("kong", p, ev["seat"], amount, event=i)
        final = _final_tiles(record, o, players, win_at)
        entry = settle_pair("shang_jing", record["shang_jing"], final)
        entry["bao_pei"] = []
        if o["chong_guan_bao_pei"]:
            for c in entry["chong_guan"]:
                supplier = _supplier(record, c, win_at, shang_kinds)
                if supplier is None:
                    continue
                entry["bao_pei"].append({"seat": c, "supplier": supplier})
                for j in after(c):
                    if j != supplier:
                        row("chong_guan_bao_pei", supplier, j, entry["scores"][c])
        for k, indicator in enumerate(xia):
            settle_pair("xia_jing", indicator, final, pair=k)

    totals = [0] * players
    by_reason = {r: [0] * players for r in REASONS}
    used: set[str] = set()
    for r in rows:
        totals[r["from"]] -= r["amount"]
        totals[r["to"]] += r["amount"]
        by_reason[r["reason"]][r["from"]] -= r["amount"]
        by_reason[r["reason"]][r["to"]] += r["amount"]
        used.add(r["reason"])
    outcome = "won" if win_at is not None else "huang_zhuang" if end is not None else "in_play"
    # §3.9.7's order is the order the steps above make the rows in
    return {"transfers": rows, "totals": totals,
            "by_reason": {r: by_reason[r] for r in REASONS if r in used},
            "wins": wins, "jing": jing, "outcome": outcome}


def _win(i: int, ev: dict[str, Any], record: dict[str, Any], options: dict[str, Any],
         shang: tuple[str, str], shang_kinds: set[int], players: int, row: Any,
         after: Any) -> dict[str, Any]:
    """§3.9.3: the winner priced by ``fan``, its payers' rows."""
    dealer = record["dealer"]
    winner = ev["winners"][0]
    w = winner["seat"]
    context = dict(ev.get("context") or {})
    win_type = context.get("win_type", "discard")
    seats: dict[str, int] = {"dealer": dealer, "winner": w}
    if win_type == "discard":
        seats["discarder"] = ev["from"]
    elif win_type == "rob_kong":
        seats["konger"] = ev["from"]
    context.update(jing={"zheng": shang[0], "fu": shang[1]}, is_dealer=w == dealer,
                   seats=seats, active=list(range(players)))
    end = record.get("end")
    if "others_hold_jing" not in context and end is not None:
        context["others_hold_jing"] = any(
            k in shang_kinds for s in range(players) if s != w
            for k in _kinds(end["hands"][s].get("hand")))
    held = context.get("others_hold_jing", True)
    melds = [{k: v for k, v in m.items() if k not in ("from", "claimed")}
             for m in winner.get("melds") or []]
    a = _op("fan", {"hand": winner["hand"], "melds": melds, "win_tile": ev["win_tile"],
                    "context": context, "options": options})
    assert a.win, (i, w, a.reason)
    for p in after(w):
        row("win", p, w, -a.payments[p], event=i)
    out: dict[str, Any] = {"event": i, "seat": w, "patterns": to_wire(a.patterns), "fan": a.fan}
    if a.multiplier is not None:
        out["multiplier"] = a.multiplier
    out.update(flat_per_payer=a.flat_per_payer, payments=list(a.payments),
               others_hold_jing=held)
    return out


def _meld_tiles(melds: list[dict[str, Any]] | None) -> list[int]:
    return [t for m in melds or [] for t in T.parse_any(m["tiles"])]


def _final_tiles(record: dict[str, Any], o: dict[str, Any], players: int,
                 win_at: int | None) -> list[list[int]]:
    """§3.9.1: each seat's concealed tiles (the winner's winning hand and win tile), the tiles
    of its melds, and — under ``jing_count_discards`` — its own discards."""
    end = record["end"]
    out = []
    for s in range(players):
        h = end["hands"][s]
        tiles: list[int] = []
        win = record["events"][win_at] if win_at is not None else None
        if win is not None and win["winners"][0]["seat"] == s:
            w = win["winners"][0]
            tiles += [*_kinds(w["hand"]), T.from_code(win["win_tile"]),
                      *_meld_tiles(w.get("melds"))]
        else:
            tiles += _kinds(h["hand"]) + _meld_tiles(h.get("melds"))
        if o["jing_count_discards"]:
            tiles += _kinds(h.get("discards"))
        out.append(tiles)
    return out


def _supplier(record: dict[str, Any], c: int, win_at: int | None,
              shang_kinds: set[int]) -> int | None:
    """§3.9.5 冲关包赔: who last supplied a 上精 to seat ``c`` — the win's ``from`` when ``c``
    won a discarded or robbed 上精, else the ``from`` of ``c``'s last meld whose claimed tile
    (a pong's or kong's kind, a chow's ``claimed``) is a 上精 kind; None: nothing supplied."""
    win = record["events"][win_at] if win_at is not None else None
    if win is not None and win["winners"][0]["seat"] == c:
        if (win.get("context") or {}).get("win_type", "discard") != "self_draw" \
                and T.from_code(win["win_tile"]) in shang_kinds:
            return int(win["from"])
        melds = win["winners"][0].get("melds") or []
    else:
        melds = record["end"]["hands"][c].get("melds") or []
    supplier = None
    for m in melds:
        if m.get("from") is None:
            continue
        claimed = m.get("claimed") if m["type"] == "chow" else T.code(T.parse_any(m["tiles"])[0])
        if claimed is not None and T.from_code(claimed) in shang_kinds:
            supplier = int(m["from"])
    return supplier
