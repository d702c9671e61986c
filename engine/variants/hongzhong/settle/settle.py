"""``settle``: all the money of one 红中 / 癞子 hand from its record (settle-hongzhong.md §4.5).

The record is validated in stages — shape, tiles and options, hands, the replay —
(`engine.settle.stages`, with `HongzhongSettle` saying what 红中's record is). The replay
walks the events once: each kong is paid as ``kong`` pays it; the win event turns its codes
once, prices each winner as ``fan`` prices it with them (`pricing`) and pays its ``win``,
``codes`` and ``piao`` rows, reason-major (reconciled.md §3). A 红中 hand ends at its first
win: events after it are checked and priced (``hand_over``) but pay nothing. Then the kongs'
timing: ``kong_paid`` and ``huang_zhuang_huang_gang`` decide whether their rows count, wait
(``pending``), come back (``huang_gang`` rows) or never were (``cancelled``). The table is
the room's (§4.5.10): *P* = ``players`` seats, every per-seat array *P* entries, every
self-draw and added or concealed kong paid by the *P* − 1 others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine import tiles as T
from engine.errors import Code, Problem, raise_if
from engine.hand import Context, Request, Seats, WinType
from engine.options import Options
from engine.seats import FULL_TABLE, after, win_payers
from engine.settle import rows as transfer_rows
from engine.settle import stages
from engine.variants.hongzhong.facts import HongzhongFacts
from engine.variants.hongzhong.settle import pricing
from engine.variants.hongzhong.settle.answer import (
    HongzhongSettleAnswer,
    SettledKong,
    SettledWin,
    Transfer,
)
from engine.variants.hongzhong.settle.checks import RecordChecks
from engine.variants.hongzhong.settle.hands import hand_problems
from engine.variants.hongzhong.settle.parse import parse_record
from engine.variants.hongzhong.settle.pricing import Operations, Pricing
from engine.variants.hongzhong.settle.record import Event, Kong, Record, Win
from engine.variants.hongzhong.settle.shape import FRAMES, frame

WIN_REASONS: Final = ("win", "codes", "piao")


class HongzhongSettle:
    """红中's `engine.settle.stages.SettleRules`: its record frame (with or without a
    required ``end.last_drawer``), options, tiles, hands and replay, priced by the variant's
    operations (``variant``: the variant hands itself in)."""

    def __init__(self, variant: Operations, needs_last_drawer: bool = False) -> None:
        self.pricing = Pricing(variant)
        self.frame = FRAMES[needs_last_drawer]

    def options(self, raw_options: Mapping[str, Any]) -> Options:
        return self.pricing.options(raw_options)

    def parse(self, raw: Mapping[str, Any], options: Options | None
              ) -> tuple[Record, list[Problem]]:
        players = FULL_TABLE if options is None else options["players"]
        return parse_record(raw, pricing.tile_reader(options), players)

    def hands(self, record: Record, options: Options) -> list[Problem]:
        return hand_problems(record, pricing.hand_rules(options))

    def replay(self, record: Record, options: Options,
               raw_options: Mapping[str, Any]) -> HongzhongSettleAnswer:
        return _replay(record, options, raw_options, options["players"], self.pricing)


class Settlement:
    """``settle`` for the variant: the two frames' rules, picked by the options as sent."""

    def __init__(self, variant: Operations) -> None:
        self.rules = {needs: HongzhongSettle(variant, needs) for needs in FRAMES}

    def settle(self, request: Request) -> HongzhongSettleAnswer:
        """The settlement of ``request.record`` under ``request.options``; RequestError
        lists the problems of the first stage that has any (`engine.settle.stages.settle`)."""
        return stages.settle(request, self.rules[frame(request.options) is FRAMES[True]])


@dataclass(frozen=True)
class _PaidKong:
    event: int
    seat: int
    income: int
    rows: tuple[Transfer, ...]


def _replay(record: Record, options: Options, raw_options: Mapping[str, Any],
            players: int, priced_by: Pricing) -> HongzhongSettleAnswer:
    checks = RecordChecks(options, pricing.wild_kinds(options), players)
    kongs: list[_PaidKong] = []
    rows: list[Transfer] = []
    wins: list[SettledWin] = []
    priced_problems: list[Problem] = []
    won: Win | None = None
    previous: Event | None = None
    for i, event in enumerate(record.events):
        if isinstance(event, Kong):
            checks.kong(i, event)
            if won is None:
                kongs.append(_pay_kong(i, event, players))
                rows += kongs[-1].rows
        else:
            checks.win(i, event, previous)
            win_rows, settled = _win(i, event, record, options, raw_options, players,
                                     priced_problems, priced_by)
            if won is None:
                won, rows, wins = event, rows + win_rows, settled
        previous = event
    if record.end:
        checks.end()
    raise_if(checks.problems + priced_problems)
    outcome = "won" if won is not None else "huang_zhuang" if record.end else "in_play"
    state = "paid"
    if options["kong_paid"] == "at_end" and (outcome == "in_play" or (
            outcome == "huang_zhuang" and options["huang_zhuang_huang_gang"])):
        state = "pending" if outcome == "in_play" else "cancelled"
        rows = [r for r in rows if r.reason != "kong"]
    elif outcome == "huang_zhuang" and options["huang_zhuang_huang_gang"]:
        state = "refunded"
        rows += [Transfer("huang_gang", r.event, r.to, r.from_, r.amount)
                 for k in kongs for r in k.rows]
    return HongzhongSettleAnswer(
        tuple(rows), transfer_rows.totals(rows, players), tuple(wins),
        tuple(SettledKong(k.event, k.seat, k.income, state) for k in kongs), outcome,
        _next_dealer(record, won, options), options)


def _pay_kong(i: int, kong: Kong, players: int) -> _PaidKong:
    """A kong's rows as ``kong`` pays it: each payer in turn order after the konger."""
    deltas = pricing.kong_deltas(kong.type, kong.seat, kong.from_, players)
    rows = tuple(Transfer("kong", i, p, kong.seat, -deltas[p]) for p in after(kong.seat, players)
                 if deltas[p] < 0)
    return _PaidKong(i, kong.seat, deltas[kong.seat], rows)


def _next_dealer(record: Record, won: Win | None, options: Options) -> int | None:
    """§4.5.4: the winner, or ``from`` for several; after a 荒庄 the dealer or the last
    drawer (``draw_next_dealer``); null while the hand is in play."""
    if won is not None:
        return won.winners[0].seat if len(won.winners) == 1 else won.from_
    if not record.end:
        return None
    return record.last_drawer if options["draw_next_dealer"] == "last_drawer" else record.dealer


def _win(i: int, w: Win, record: Record, options: Options, raw_options: Mapping[str, Any],
         players: int, problems: list[Problem], priced_by: Pricing
         ) -> tuple[list[Transfer], list[SettledWin]]:
    """Price and pay one win event: its codes due, then each winner in canonical order."""
    here = f"#/record/events/{i}"
    several = len(w.winners) > 1
    origin = w.from_ if several else w.winners[0].seat
    assert origin is not None
    payer = None if w.win_type is WinType.SELF_DRAW else w.from_
    facts = HongzhongFacts(w.codes or None, record.code_count, origin)
    per_winner: list[list[Transfer]] = []
    settled: list[SettledWin] = []
    not_wins: list[tuple[int, Problem]] = []
    due = None
    for winner in w.winners:
        seat = winner.seat
        seats = Seats(dealer=record.dealer, winner=seat, discarder=payer)
        context = Context(win_type=w.win_type, after_kong=w.after_kong, last_tile=w.last_tile,
                          first_turn=w.first_turn, is_dealer=seat == record.dealer,
                          seats=seats, facts=facts)
        if due is None:
            due = priced_by.codes_due(winner.hand, context, options, several)
            _check_code_count(here, w, due, record.code_count, options, problems)
        priced = priced_by.price_win(winner.hand, context, raw_options)
        if not priced.win:
            not_wins.append((winner.position, Problem(
                Code.NOT_A_WIN, f"{here}/winners/{winner.position}/hand", f"seat {seat}'s "
                f"hand is not a win on {T.code(w.win_tile)} ({priced.reason})")))
            continue
        assert priced.fan is not None and priced.patterns is not None
        payments = priced.payments
        assert payments is not None
        part = pricing.win_part(priced.fan, w.win_type, seat, payer, options, players)
        payers = win_payers(seat, w.win_type, seats, players=players)
        mine = [Transfer("win", i, p, seat, -part[p]) for p in payers]
        mine += [Transfer("codes", i, p, seat, part[p] - payments[p]) for p in payers]
        if record.piao is not None:
            mine += [Transfer("piao", i, p, seat, record.piao[p] + record.piao[seat])
                     for p in payers]
        per_winner.append(transfer_rows.paid(mine))
        settled.append(SettledWin(i, seat, priced.patterns, priced.fan, priced.codes,
                                  priced.code_hits, due, payments))
    problems += [p for _, p in sorted(not_wins, key=lambda found: found[0])]  # document order
    return transfer_rows.reason_major(per_winner, WIN_REASONS), settled


def _check_code_count(here: str, w: Win, due: int, code_count: int, options: Options,
                      problems: list[Problem]) -> None:
    """``codes`` must number min(``codes_expected``, ``wall_left``) (§4.5.3)."""
    want = due if w.wall_left is None else min(due, w.wall_left)
    if len(w.codes) == want:
        return
    mode = options["code_mode"]
    if mode == "one_code_all":
        why = "one_code_all turns one"
    elif mode == "mo_ji_jiang_ji":
        why = f"摸几奖几: the win tile {T.code(w.win_tile)} is worth {due}"
    elif len(w.winners) > 1:
        why = f"code_count {code_count}; 通炮 turns no extra code"
    elif due > code_count:
        why = f"code_count {code_count} + 1: seat {w.winners[0].seat} holds no wildcard"
    else:
        why = f"code_count {code_count}"
    wall = "" if want == due else f", capped by wall_left {w.wall_left}"
    problems.append(Problem(Code.CODE_COUNT_MISMATCH, f"{here}/codes",
                            f"{len(w.codes)} codes sent; {want} are due ({why}{wall})"))
