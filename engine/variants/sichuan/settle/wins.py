"""Win rows (settle.md §1.6.3) and 呼叫转移 (§1.6.4).

Each winner of an event is paid its ``points_per_payer`` independently, all against the
seats in the hand before the event: a self-draw by every other seat in the hand (点杠花 under
``dian_pao``: only the kong's discarder), a discard by the discarder, a rob-kong by the
robbed konger. A 杠上炮 then hands kong income to the winners (unless ``hu_jiao_zhuan_yi`` is
off): the last kong, or every kong of the discarder not yet handed on; with several winners
shared (``split``: ⌊I/n⌋ each and the remainder to the first winner, a 直杠 whose discarder
won going whole to him) or paid whole to each (``each``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.hand import KongType, WinType
from engine.seats import FULL_TABLE, after
from engine.variants.sichuan.settle.answer import Transfer
from engine.variants.sichuan.settle.kongs import PaidKong
from engine.variants.sichuan.settle.record import Win


def win_rows(event: int, win: Win, points: Sequence[int], by_kong_discarder: Sequence[bool],
             kong_discarder: int | None, in_hand: Sequence[int],
             players: int = FULL_TABLE) -> list[Transfer]:
    """Every winner's rows, winners in canonical order; ``points[j]`` and
    ``by_kong_discarder[j]`` are the priced answer of winner ``j``."""
    rows = []
    for winner, amount, dian_pao in zip(win.winners, points, by_kong_discarder, strict=True):
        seat = winner.seat
        if win.win_type is not WinType.SELF_DRAW:
            assert win.from_ is not None
            payers: Sequence[int] = (win.from_,)
        elif dian_pao and kong_discarder is not None:
            payers = (kong_discarder,)
        else:
            payers = [s for s in after(seat, players) if s in in_hand]
        rows += [Transfer("win", event, payer, seat, amount) for payer in payers]
    return rows


def hu_jiao_zhuan_yi(event: int, win: Win, kongs: Sequence[PaidKong],
                     options: Mapping[str, Any]) -> list[Transfer]:
    """The 呼叫转移 rows of a 杠上炮 whose previous event is the discarder's kong
    ``kongs[-1]`` (``kongs``: every kong so far, in record order); marks what it hands on."""
    scope = options["hu_jiao_zhuan_yi"]
    if scope == "off":
        return []
    discarder = win.from_
    if scope == "last_kong":
        moved = [kongs[-1]] if not kongs[-1].handed_on else []
    else:
        moved = [k for k in kongs if k.kong.seat == discarder and not k.handed_on]
    seats = [w.seat for w in win.winners]
    shares = dict.fromkeys(seats, 0)
    each = options["hu_jiao_zhuan_yi_split"] == "each"
    for paid in moved:
        paid.handed_on = True
        income, n = paid.income, len(seats)
        kong = paid.kong
        if each or n == 1:
            for s in seats:
                shares[s] += income
        elif kong.type is KongType.EXPOSED and kong.from_ in shares:
            shares[kong.from_] += income  # he gets back what he paid (settled reading 4)
        else:
            for s in seats:
                shares[s] += income // n
            shares[seats[0]] += income % n
    assert discarder is not None
    return [Transfer("hu_jiao_zhuan_yi", event, discarder, s, shares[s]) for s in seats
            if shares[s]]
