"""``settle``: all the money of one 南昌 hand from its record (settle-nanchang.md §3.9).

The record is validated in stages — shape, tiles and options, hands, the replay — by
`engine.settle.stages`, with `NanchangSettle` saying what 南昌's record is. The replay makes
the rows in §3.9.7's order: the opening pairs on the dealt hands (回头一笑, 上下翻精); the events
in record order — a kong at once (``kong_scoring: "at_once"``) as ``kong`` pays it, 抄庄 from
the dealer, the win as ``fan`` prices it —; then, with ``end``, the kongs of a won hand under
``"end_of_won_hand"`` (10 for a kind of any pair turned for the end), the 上精 pair, its
冲关包赔 and each 下精 pair. Totals and ``by_reason`` are the rows' sums, zero-sum by
construction. The table is the room's (§3.9.12): *P* = ``players`` seats, each payment from the
*P* − 1 others (三家付: the discarder and the *P* − 2 others), every pair with n = *P*.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine import tiles as T
from engine.errors import Code, Problem, raise_if
from engine.hand import Context, Request, Seats, WinType
from engine.options import Options
from engine.seats import FULL_TABLE, after
from engine.settle import rows as transfer_rows
from engine.settle import stages
from engine.settle.rows import Transfer
from engine.variants.nanchang.facts import NanchangFacts
from engine.variants.nanchang.settle import pricing
from engine.variants.nanchang.settle.answer import (
    REASONS,
    BaoPei,
    NanchangSettleAnswer,
    SettledJingPair,
    SettledWin,
)
from engine.variants.nanchang.settle.checks import RecordChecks
from engine.variants.nanchang.settle.hands import hand_problems
from engine.variants.nanchang.settle.options import END_OF_WON_HAND
from engine.variants.nanchang.settle.pairs import bao_pei, final_counts, settle_pair
from engine.variants.nanchang.settle.parse import parse_record
from engine.variants.nanchang.settle.record import ChaoZhuang, Event, Kong, Record, Win, Winner
from engine.variants.nanchang.settle.shape import FRAME


class NanchangSettle:
    """南昌's `engine.settle.stages.SettleRules`: its record frame, options, tiles, hands and
    replay, pricing with the variant's operations (handed in)."""

    frame = FRAME

    def __init__(self, variant: pricing.Operations) -> None:
        self.variant = variant

    def options(self, raw_options: Mapping[str, Any]) -> Options:
        return pricing.options(self.variant, raw_options)

    def parse(self, raw: Mapping[str, Any], options: Options | None
              ) -> tuple[Record, list[Problem]]:
        if options is None:
            return parse_record(raw, "136", FULL_TABLE)
        return parse_record(raw, options["tile_set"], options["players"])

    def hands(self, record: Record, options: Options) -> list[Problem]:
        return hand_problems(record, self.variant.hand_rules(options))

    def replay(self, record: Record, options: Options,
               raw_options: Mapping[str, Any]) -> NanchangSettleAnswer:
        return _Replay(self.variant, record, options, raw_options).answer()

    def settle(self, request: Request) -> NanchangSettleAnswer:
        """The settlement of ``request.record`` under ``request.options``; RequestError
        lists the problems of the first stage that has any."""
        return stages.settle(request, self)


class _Replay:
    """One pass over a checked record: its rows, wins and pairs, and its record problems."""

    def __init__(self, variant: pricing.Operations, record: Record, options: Options,
                 raw_options: Mapping[str, Any]):
        self.variant = variant
        self.record = record
        self.options = options
        self.raw_options = raw_options
        self.players = record.players
        self.shang = pricing.jing_of(record.shang_jing, options)
        self.checks = RecordChecks(record)
        self.rows: list[Transfer] = []
        self.wins: list[SettledWin] = []
        self.jing: list[SettledJingPair] = []
        self.not_wins: list[Problem] = []

    def answer(self) -> NanchangSettleAnswer:
        record, options = self.record, self.options
        self._opening()
        at_end = options["kong_scoring"] == END_OF_WON_HAND
        previous: Event | None = None
        first = record.first_win()
        for i, event in enumerate(record.events):
            if isinstance(event, Kong):
                self.checks.kong(i, event)
                if not at_end:
                    self._kong(i, event, event.tile in (self.shang.zheng, self.shang.fu))
            elif isinstance(event, ChaoZhuang):
                self.checks.event(i)
                self._pay("chao_zhuang", i, record.dealer, after(record.dealer, self.players),
                          options["chao_zhuang_points"], pays=True)
            else:
                self.checks.win(i, event, previous)
                self._win(i, event, counted=first is not None and i == first[0])
            previous = event
        if record.end is not None:
            self.checks.end()
            self._end(at_end and first is not None)
        raise_if(self.checks.problems + self.not_wins)
        totals = transfer_rows.totals(self.rows, self.players)
        sums: dict[str, list[int]] = {}
        for row in self.rows:
            per_seat = sums.setdefault(row.reason, [0] * self.players)
            per_seat[row.from_] -= row.amount
            per_seat[row.to] += row.amount
        outcome = ("won" if first is not None else
                   "huang_zhuang" if record.end is not None else "in_play")
        return NanchangSettleAnswer(
            tuple(self.rows), totals, {r: tuple(sums[r]) for r in REASONS if r in sums},
            tuple(self.wins), tuple(self.jing), outcome, options)

    # --- the parts, in §3.9.7's order ----------------------------------------------------------

    def _opening(self) -> None:
        opening = self.record.opening
        if opening is None:
            return
        dealt = [T.counts(hand) for hand in opening.hands]
        for category, option, indicator in (
                ("hui_tou_yi_xiao", "hui_tou_yi_xiao", opening.hui_tou),
                ("kai_ju_xia_jing", "shang_xia_fan_jing", opening.xia_jing)):
            if self.options[option] and indicator is not None:
                self._pair(category, indicator, dealt)

    def _pay(self, reason: str, event: int, seat: int, others: Sequence[int], amount: int,
             *, pays: bool = False) -> None:
        """``amount`` from each of ``others`` to ``seat`` (or, ``pays``, the other way)."""
        if amount > 0:
            self.rows += [Transfer(reason, event, from_=seat if pays else o,
                                   to=o if pays else seat, amount=amount) for o in others]

    def _kong(self, i: int, kong: Kong, is_jing: bool, *, at_end: bool = False) -> None:
        self.rows += transfer_rows.paid(
            Transfer("kong", i, from_=payer, to=kong.seat, amount=amount)
            for payer, amount in pricing.kong_amounts(kong.seat, kong.type.value, is_jing,
                                                      self.players, at_end=at_end))

    def _win(self, i: int, event: Win, *, counted: bool) -> None:
        """§3.9.3: each winner priced by ``fan`` (a hand that is no win is ``not_a_win``);
        the win that ends the hand pays its rows."""
        for winner in event.winners:
            held = event.others_hold_jing
            if held is None and self.record.end is not None:
                held = self._others_hold_jing(winner.seat)
            priced = pricing.price_win(self.variant, winner.hand,
                                       self._context(event, winner, held), self.raw_options)
            if not priced.win:
                self.not_wins.append(Problem(
                    Code.NOT_A_WIN, f"#/record/events/{i}/winners/{winner.position}/hand",
                    f"seat {winner.seat}'s hand is not a win on {T.code(event.win_tile)} "
                    f"({priced.reason})"))
                continue
            if not counted:
                continue
            assert (priced.patterns is not None and priced.fan is not None
                    and priced.flat_per_payer is not None and priced.payments is not None)
            payments = priced.payments
            self.wins.append(SettledWin(i, winner.seat, priced.patterns, priced.fan,
                                        priced.multiplier, priced.flat_per_payer,
                                        tuple(payments), True if held is None else held))
            self.rows += transfer_rows.paid(
                Transfer("win", i, from_=payer, to=winner.seat, amount=-payments[payer])
                for payer in after(winner.seat, self.players))

    def _context(self, event: Win, winner: Winner, held: bool | None) -> Context:
        source = event.from_
        seats = Seats(dealer=self.record.dealer, winner=winner.seat,
                      discarder=source if event.win_type is WinType.DISCARD else None,
                      konger=source if event.win_type is WinType.ROB_KONG else None)
        return Context(win_type=event.win_type, after_kong=event.after_kong,
                       last_tile=event.last_tile, first_turn=event.first_turn,
                       is_dealer=winner.seat == self.record.dealer, seats=seats,
                       active=tuple(range(self.players)),
                       facts=NanchangFacts(jing=self.shang, others_hold_jing=held))

    def _others_hold_jing(self, seat: int) -> bool:
        """Whether another seat's concealed end tiles hold a 上精 (§3.9.3, assumption 6)."""
        assert self.record.end is not None
        kinds = (self.shang.zheng, self.shang.fu)
        return any(t in kinds for other, entry in enumerate(self.record.end.hands)
                   if other != seat and entry.hand is not None for t in entry.hand.concealed)

    def _end(self, kongs_at_end: bool) -> None:
        """With ``end``: the kongs of a won hand (``"end_of_won_hand"``), then every pair."""
        record, options = self.record, self.options
        assert record.end is not None
        xia_jing = record.end.xia_jing[:options["xia_jing_pairs"]]
        if kongs_at_end:
            end_kinds = {self.shang.zheng, self.shang.fu}
            for indicator in xia_jing:
                jing = pricing.jing_of(indicator, options)
                end_kinds |= {jing.zheng, jing.fu}
            for i, event in enumerate(record.events):
                if isinstance(event, Kong):
                    self._kong(i, event, event.tile in end_kinds, at_end=True)
        final = final_counts(record, options["jing_count_discards"])
        shang = self._pair("shang_jing", record.shang_jing, final)
        covered: tuple[BaoPei, ...] = ()
        if options["chong_guan_bao_pei"]:
            covered, bao_rows = bao_pei(record, self.shang, shang)
            self.rows += bao_rows
        self.jing[-1] = replace(shang, bao_pei=covered)  # [] when off (settled reading 3)
        for k, indicator in enumerate(xia_jing):
            self._pair("xia_jing", indicator, final, pair=k)

    def _pair(self, category: str, indicator: int, counts: Sequence[Sequence[int]],
              pair: int | None = None) -> SettledJingPair:
        entry, rows = settle_pair(category, indicator, counts, self.options, self.players, pair)
        self.jing.append(entry)
        self.rows += rows
        return entry

