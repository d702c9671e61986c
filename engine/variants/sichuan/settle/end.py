"""The end of the wall (流局, settle.md §1.6.5): statuses, 查花猪, 查大叫, 退税.

Every seat gets a status: ``won`` (it won at least once), ``hua_zhu`` (its end hand breaks
缺一门; none with ``cha_hua_zhu: false``), ``ready`` (a wait, §0.6), else ``not_ready``. A
ready seat's 大叫 value *D* is its best wait priced as a plain discard win. Then three plain
sums, always in this order: 花猪 pay *H* to every other seat in the hand (and, with
``left_seats_receive``, to seats that have left); not-ready seats pay every ready seat its
*D*; refunding seats return their kongs' rows not handed on. ``hua_zhu_da_jiao`` says what a
花猪 owes a ready seat: *H* only, *H* and *D*, or the larger once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import tiles as T
from engine.hand import Hand
from engine.seats import after
from engine.variants.sichuan.settle.answer import BestWait, SeatStatus, Transfer
from engine.variants.sichuan.settle.kongs import PaidKong
from engine.variants.sichuan.settle.pricing import Pricing, breaks_que_yi_men, suits_held
from engine.variants.sichuan.settle.record import Record

WON, HUA_ZHU, READY, NOT_READY = "won", "hua_zhu", "ready", "not_ready"


@dataclass(frozen=True)
class EndOfWall:
    statuses: tuple[SeatStatus, ...]
    rows: tuple[Transfer, ...]


def seat_status(hand: Hand | None, missing_suit: int | None, options: Mapping[str, Any],
                raw_options: Mapping[str, Any], price: Pricing) -> SeatStatus:
    """The status of a seat from its end hand (None: it has won)."""
    if hand is None:
        return SeatStatus(WON)
    if options["cha_hua_zhu"] and len(options["suits"]) == 3 \
            and breaks_que_yi_men(suits_held(hand.all_tiles), missing_suit):
        return SeatStatus(HUA_ZHU)  # (查花猪 in three-suit rooms only, rooms.md §0.9.4.1)
    waits = price.wait_tiles(hand, missing_suit, raw_options)
    if not waits:
        return SeatStatus(NOT_READY)
    best: BestWait | None = None
    best_key: tuple[int, int] = (-1, -1)
    for tile in waits:  # tile order: the first of equal waits is kept
        priced = price.da_jiao(hand, tile, missing_suit, raw_options)
        assert priced.fan is not None and priced.points_per_payer is not None
        key = (priced.points_per_payer, priced.fan)
        if key > best_key:
            assert priced.patterns is not None and priced.gen_count is not None
            assert priced.fan_capped is not None
            best_key = key
            best = BestWait(T.code(tile), priced.patterns, priced.fan, priced.gen_count,
                            priced.fan_capped, priced.points_per_payer)
    return SeatStatus(READY, tuple(T.codes(waits)), best)


def end_of_wall(record: Record, won: set[int], in_hand: Sequence[int],
                kongs: Sequence[PaidKong], options: Mapping[str, Any],
                raw_options: Mapping[str, Any], price: Pricing) -> EndOfWall:
    """Statuses and the rows of steps 1–3; ``won`` the seats that won, ``in_hand`` those
    still in the hand, ``kongs`` every kong paid (with what 呼叫转移 handed on)."""
    assert record.end is not None
    players = record.players
    seats = range(players)
    statuses = tuple(
        SeatStatus(WON) if s in won else
        seat_status(record.end[s], record.missing_suits[s], options, raw_options, price)
        for s in seats)
    kind = [st.status for st in statuses]
    value = [st.best.points if st.best is not None else 0 for st in statuses]
    left_receive = options["left_seats_receive"]

    def receives(seat: int) -> bool:
        return seat in in_hand or left_receive

    base = options["base_points"]
    fan = options["hua_zhu_fan"]
    if fan is None:
        fan = options["max_fan"] if options["max_fan"] is not None else 4
    h = base * 2**fan
    mode = options["hua_zhu_da_jiao"]
    cha_da_jiao = options["cha_da_jiao"]
    rows: list[Transfer] = []
    if options["cha_hua_zhu"]:
        for payer in seats:
            if kind[payer] != HUA_ZHU:
                continue
            for to in after(payer, players):
                if kind[to] == HUA_ZHU or not receives(to):
                    continue
                if mode == "larger" and cha_da_jiao and kind[to] == READY and value[to] > h:
                    rows.append(Transfer("da_jiao", None, payer, to, value[to]))
                else:
                    rows.append(Transfer("hua_zhu", None, payer, to, h))
    if cha_da_jiao:
        payers = {NOT_READY, HUA_ZHU} if mode == "both" else {NOT_READY}
        for payer in seats:
            if kind[payer] in payers:
                rows += [Transfer("da_jiao", None, payer, to, value[to])
                         for to in after(payer, players) if kind[to] == READY]
    refunders = {"not_ready_and_hua_zhu": {NOT_READY, HUA_ZHU}, "not_ready": {NOT_READY},
                 "off": set()}[options["tui_shui"]]
    for seat in seats:
        if kind[seat] not in refunders:
            continue
        for paid in kongs:
            if paid.kong.seat != seat or paid.handed_on:
                continue
            rows += [Transfer("tui_shui", paid.event, seat, payer, amount)
                     for payer, amount in paid.rows if receives(payer)]
    return EndOfWall(statuses, tuple(rows))
