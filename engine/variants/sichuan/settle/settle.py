"""``settle``: all the money of one 血战到底 / 血流成河 hand from its record (settle.md §1.6).

The record is validated in stages — shape, tiles and options, hands, the replay — and the
first stage that finds problems is refused with all of its problems (settled reading 2):
`engine.settle.stages` runs them, with `SichuanSettle` saying what 四川's record is.
The replay then walks the events once: each kong pays (`kongs`), each win is priced by the
``fan`` code and paid, with its 呼叫转移 (`wins`); winners leave (血战) or stay (血流). With
``end`` the end-of-wall checks follow (`end`). Rows are listed as they are made, which is
§1.6.6's order; totals are their sums, zero-sum by construction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine import tiles as T
from engine.errors import Code, Problem, raise_if
from engine.hand import Context, Request, Seats, WinType
from engine.options import Options
from engine.room import DEFAULT_ROOM, room_of
from engine.settle import rows as transfer_rows
from engine.settle import stages
from engine.variants.sichuan.facts import SichuanFacts
from engine.variants.sichuan.rooms import sichuan_room
from engine.variants.sichuan.settle import pricing
from engine.variants.sichuan.settle.answer import SettleAnswer, SettledWin, Transfer
from engine.variants.sichuan.settle.checks import RecordChecks
from engine.variants.sichuan.settle.end import end_of_wall
from engine.variants.sichuan.settle.hands import hand_problems
from engine.variants.sichuan.settle.kongs import PaidKong, pay_kong
from engine.variants.sichuan.settle.parse import parse_record
from engine.variants.sichuan.settle.pricing import Operations, Pricing
from engine.variants.sichuan.settle.record import Event, Kong, Record, Win
from engine.variants.sichuan.settle.shape import FRAME
from engine.variants.sichuan.settle.wins import hu_jiao_zhuan_yi, win_rows

MAX_AMOUNT: Final = transfer_rows.MAX_AMOUNT
"""The largest amount: a row or a total above it is ``amount_too_large`` (read at each
settlement, so a test may lower it)."""


class SichuanSettle:
    """四川's `engine.settle.stages.SettleRules`: its record frame, options, tiles, hands and
    replay, priced by the variant's operations (``variant``: the variant hands itself in)."""

    frame = FRAME

    def __init__(self, variant: Operations) -> None:
        self.pricing = Pricing(variant)

    def options(self, raw_options: Mapping[str, Any]) -> Options:
        return self.pricing.options(raw_options)

    def parse(self, raw: Mapping[str, Any], options: Options | None
              ) -> tuple[Record, list[Problem]]:
        return parse_record(raw, DEFAULT_ROOM if options is None else room_of(options))

    def hands(self, record: Record, options: Options) -> list[Problem]:
        return hand_problems(record, sichuan_room(options).hand_rules, options["hand_size"])

    def replay(self, record: Record, options: Options,
               raw_options: Mapping[str, Any]) -> SettleAnswer:
        return _replay(record, options, raw_options, self.pricing)

    def settle(self, request: Request) -> SettleAnswer:
        """The settlement of ``request.record`` under ``request.options``; RequestError
        lists the problems of the first stage that has any (`engine.settle.stages.settle`)."""
        return stages.settle(request, self)


def _replay(record: Record, options: Options, raw_options: Mapping[str, Any],
            price: Pricing) -> SettleAnswer:
    xue_liu = options["xue_liu"]
    checks = RecordChecks(record, options)
    in_hand = list(range(record.players))
    won: set[int] = set()
    first_gen: dict[int, int] = {}
    kongs: list[PaidKong] = []
    rows: list[Transfer] = []
    wins: list[SettledWin] = []
    not_wins: list[Problem] = []
    previous: Event | None = None
    for i, event in enumerate(record.events):
        if isinstance(event, Kong):
            checks.kong(i, event)
            paid, kong_rows = pay_kong(i, event, in_hand, options)
            kongs.append(paid)
            rows += kong_rows
        else:
            checks.win(i, event, previous)
            before = len(checks.problems)
            rows += _win(i, event, previous, record, in_hand, first_gen, kongs, wins, not_wins,
                         options, raw_options, price,
                         checks_ok=before == len(checks.problems))
            for w in event.winners:
                won.add(w.seat)
                if not xue_liu and w.seat in in_hand:
                    in_hand.remove(w.seat)
        previous = event
    statuses = None
    if record.end is not None:
        checks.end(record.end)
        if not checks.third_winner:
            end = end_of_wall(record, won, in_hand, kongs, options, raw_options, price)
            statuses, rows = end.statuses, rows + list(end.rows)
    totals = transfer_rows.totals(rows, record.players)
    problems = checks.problems + not_wins
    if any(r.amount > MAX_AMOUNT for r in rows) or any(abs(t) > MAX_AMOUNT for t in totals):
        problems.append(Problem(Code.AMOUNT_TOO_LARGE, "#/record", "an amount is over "
                                "2^53 − 1: lower base_points or set a max_fan"))
    raise_if(problems)
    return SettleAnswer(tuple(rows), totals, tuple(wins),
                        tuple(in_hand), statuses, options)


def _win(i: int, event: Win, previous: Event | None, record: Record, in_hand: list[int],
         first_gen: dict[int, int], kongs: list[PaidKong], wins: list[SettledWin],
         not_wins: list[Problem], options: Options, raw_options: Mapping[str, Any],
         price: Pricing, *, checks_ok: bool) -> list[Transfer]:
    """Price and pay one win event (its winners in canonical order), then its 呼叫转移."""
    dian_gang = (event.win_type is WinType.SELF_DRAW and event.after_kong
                 and isinstance(previous, Kong) and previous.from_ is not None)
    kong_discarder = previous.from_ if dian_gang and isinstance(previous, Kong) else None
    source = event.from_
    points, by_kong_discarder = [], []
    for w in event.winners:
        seats = Seats(dealer=record.dealer, winner=w.seat,
                      discarder=source if event.win_type is WinType.DISCARD else None,
                      konger=source if event.win_type is WinType.ROB_KONG else None,
                      kong_discarder=kong_discarder)
        context = Context(win_type=event.win_type, after_kong=event.after_kong,
                          last_tile=event.last_tile, first_turn=event.first_turn,
                          is_dealer=w.seat == record.dealer, seats=seats,
                          active=tuple(in_hand),
                          facts=SichuanFacts(record.missing_suits[w.seat]))
        priced = price.price_win(w.hand, context, options)
        if not priced.win:
            not_wins.append(Problem(Code.NOT_A_WIN, f"#/record/events/{i}/winners/"
                                    f"{w.position}/hand", f"seat {w.seat}'s hand is not a win "
                                    f"on {T.code(event.win_tile)} ({priced.reason})"))
            points.append(0)
            by_kong_discarder.append(False)
            continue
        if w.seat in first_gen and options["xue_liu_gen"] == "first_win":
            priced = pricing.with_gen_limit(priced, first_gen[w.seat], options,
                                            event.win_type is WinType.SELF_DRAW)
        assert (priced.patterns is not None and priced.fan is not None
                and priced.gen_count is not None and priced.fan_capped is not None
                and priced.points_per_payer is not None)
        first_gen.setdefault(w.seat, priced.gen_count)
        wins.append(SettledWin(i, w.seat, priced.patterns, priced.fan, priced.gen_count,
                               priced.fan_capped, priced.points_per_payer))
        points.append(priced.points_per_payer)
        by_kong_discarder.append(pricing.paid_by_kong_discarder(priced))
    rows = transfer_rows.paid(win_rows(i, event, points, by_kong_discarder, kong_discarder,
                                       in_hand, record.players))
    if (event.win_type is WinType.DISCARD and event.after_kong and checks_ok
            and isinstance(previous, Kong) and previous.seat == source):
        rows += hu_jiao_zhuan_yi(i, event, kongs, options)
    return rows
