"""``settle``: all the money of one 长沙 hand from its record (settle-changsha.md §2.9).

The record is validated in stages — shape, tiles and options, hands, the replay — and the
first stage that finds problems is refused with all of its problems: `engine.settle.stages`
runs them, with `ChangshaSettle` saying what 长沙's record is. The replay walks the events
once: each declaration pays at once (`declarations`), a kong pays nothing, and the win event
— every winner's wins priced by the ``fan`` code (`pricing`) — pays its ``win``, ``birds``
and ``piao`` rows, reason-major, then (``qishou_birds: "win_birds"``) the declarations' rise.
Totals are the rows' sums, zero-sum by construction; ``outcome`` and ``next_dealer`` follow
§2.9.5 as reconciled.md §3 words them.

Decisions where the spec is silent: a record refused at stage 4 is still priced win by win,
so that ``not_a_win`` is listed beside the record's other problems; a declaration's
``patterns`` name the patterns, the answer lists them in §2.6 table order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any, Final

from engine import tiles as T
from engine.errors import Code, Problem, RequestError, invalid_option, raise_if
from engine.hand import Request, WinType
from engine.options import Options
from engine.seats import FULL_TABLE, after
from engine.settle import rows as transfer_rows
from engine.settle import stages
from engine.settle.shape import RecordFrame
from engine.variants.changsha.settle import declarations as D
from engine.variants.changsha.settle import pricing
from engine.variants.changsha.settle.answer import (
    ChangshaSettleAnswer,
    SettledQishou,
    SettledWin,
    Transfer,
)
from engine.variants.changsha.settle.checks import RecordChecks
from engine.variants.changsha.settle.hands import hand_problems
from engine.variants.changsha.settle.parse import parse_record
from engine.variants.changsha.settle.record import Event, Kong, Qishou, Record, Win
from engine.variants.changsha.settle.shape import frame_for, room_shape

WIN_REASONS: Final = ("win", "birds", "piao")


class ChangshaSettle:
    """长沙's `engine.settle.stages.SettleRules` for one request: its record frame (which
    reads a few options), options, tiles, hands and replay."""

    def __init__(self, raw_options: Mapping[str, Any], variant: pricing.Operations) -> None:
        self.frame: RecordFrame = frame_for(room_shape(raw_options))
        self.variant = variant

    def options(self, raw_options: Mapping[str, Any]) -> Options:
        """The 长沙 options, and what ``settle`` refuses of them: the seed profile defines
        no payments, and ``settle`` switches the bird origin itself."""
        problems = []
        try:
            o = pricing.options(raw_options, self.variant)
        except RequestError as e:
            problems = list(e.problems)
            o = None
        if raw_options.get("scoring_profile") == "seed_simplified":
            problems.append(invalid_option("#/options/scoring_profile", "settle needs the "
                                           "traditional profile: the seed document's defines "
                                           "no payments"))
        if raw_options.get("bird_origin") == "discarder":
            problems.append(invalid_option("#/options/bird_origin", 'settle counts the birds '
                                           'from the discarder itself when several seats win '
                                           'one tile; send "winner" or "dealer"'))
        raise_if(problems)
        assert o is not None
        return o

    def parse(self, raw: Mapping[str, Any], options: Options | None
              ) -> tuple[Record, list[Problem]]:
        return parse_record(raw, FULL_TABLE if options is None else options["players"])

    def hands(self, record: Record, options: Options) -> list[Problem]:
        return hand_problems(record)

    def replay(self, record: Record, options: Options,
               raw_options: Mapping[str, Any]) -> ChangshaSettleAnswer:
        return _replay(record, options, raw_options, self.variant)


def settle(request: Request, variant: pricing.Operations) -> ChangshaSettleAnswer:
    """The settlement of ``request.record`` under ``request.options``, priced by
    ``variant``'s operations; RequestError lists the problems of the first stage that has
    any (`engine.settle.stages.settle`)."""
    return stages.settle(request, ChangshaSettle(request.options, variant))


def _replay(record: Record, o: Options, raw: Mapping[str, Any],
            variant: pricing.Operations) -> ChangshaSettleAnswer:
    players = o["players"]
    checks = RecordChecks(record, o, players, variant)
    rows: list[Transfer] = []
    qishou: list[SettledQishou] = []
    declared: list[D.Declaration] = []
    wins: list[SettledWin] = []
    not_wins: list[Problem] = []
    won: Win | None = None
    previous: Event | None = None
    for i, event in enumerate(record.events):
        if isinstance(event, Qishou):
            checks.qishou(i, event)
            d = D.declaration(i, event, record.dealer, o, players)
            hits = D.dice_hits(event, record.dealer, o, players) \
                if o["qishou_birds"] == "dice" else None
            qishou.append(SettledQishou(i, d.seat, d.patterns, len(d.patterns), d.base, hits))
            declared.append(d)
            rows += D.paid_rows(d)
            if hits is not None:
                rows += D.bird_rows(i, d, hits, o)
        elif isinstance(event, Kong):
            checks.kong(i, event)
        else:
            checks.win(i, event, previous)
            priced = _price(i, event, previous, record, o, raw, not_wins, variant)
            if won is None:
                won = event
                rows += _win_rows(i, event, priced, record, declared, o)
                wins += [_settled(i, seat, p) for seat, p in priced]
        previous = event
    if record.end is not None:
        checks.end(record.end)
    raise_if(checks.problems + not_wins)
    outcome, dealer = _outcome(record, won, o)
    return ChangshaSettleAnswer(tuple(rows), transfer_rows.totals(rows, players), tuple(qishou),
                                tuple(wins), outcome, dealer, o)


def _price(i: int, event: Win, previous: Event | None, record: Record, o: Options,
           raw: Mapping[str, Any], not_wins: list[Problem],
           variant: pricing.Operations) -> list[tuple[int, pricing.Priced]]:
    """Every win of the event, winners in canonical order (a winner's 开杠 tiles in drawn
    order, or merged into one win), each with its ``fan`` answer."""
    several = len(event.winners) > 1
    fan_raw = pricing.fan_options(raw, o, several)
    merge = o["kai_gang_wins"] == "merged"
    out = []
    for w in event.winners:
        payers = _payers(event, w.seat, o["players"])
        context = pricing.win_context(event.win_type, event.after_kong, event.last_tile,
                                      event.first_turn, record.dealer, w.seat, event.from_,
                                      event.birds)
        here = f"#/record/events/{i}/winners/{w.position}"
        tiles = [(t, f"{here}/win_tiles/{k}") for t, k in
                 zip(w.win_tiles, w.tile_positions, strict=True)] if w.win_tiles is not None \
            else [(event.win_tile, f"{here}/hand")]
        answers = []
        for tile, pointer in tiles:
            assert tile is not None  # a win without win_tiles has its win_tile (stage 1)
            answer = pricing.fan_answer(w.hand, tile, context, fan_raw, variant)
            if answer is None or not answer.win:
                reason = answer.reason if answer is not None else "refused"
                not_wins.append(Problem(Code.NOT_A_WIN, pointer, f"seat {w.seat}'s hand is "
                                        f"not a win on {T.code(tile)} ({reason})"))
                continue
            answers.append((tile, answer))
        if len(answers) != len(tiles):
            continue
        if merge and w.win_tiles is not None:
            out.append((w.seat, pricing.merged([t for t, _ in answers], [a for _, a in answers],
                                               w.seat, payers, record.dealer, o)))
        else:
            out += [(w.seat, pricing.priced(t, a, w.seat, payers, record.dealer, o))
                    for t, a in answers]
    return out


def _win_rows(i: int, event: Win, priced: list[tuple[int, pricing.Priced]], record: Record,
              declared: list[D.Declaration], o: Options) -> list[Transfer]:
    """The win event's rows: ``win``, ``birds``, ``piao`` (each over the winners in canonical
    order, one row per payer and receiver), then the ``win_birds`` rise."""
    owed: dict[str, dict[tuple[int, int], int]] = {r: defaultdict(int) for r in WIN_REASONS}
    for seat, p in priced:
        for payer, plain, birds in p.owed:
            owed["win"][(payer, seat)] += plain
            owed["birds"][(payer, seat)] += birds
    for w in event.winners:
        for payer in _payers(event, w.seat, o["players"]):
            owed["piao"][(payer, w.seat)] += (record.piao[payer] + record.piao[w.seat]
                                              + 2 * int(o["zuo_piao"]))
    rows = [Transfer(reason, i, from_=payer, to=to, amount=amount)
            for reason in WIN_REASONS for (payer, to), amount in owed[reason].items()
            if amount > 0]
    if o["qishou_birds"] == "win_birds":
        hits = priced[0][1].bird_hits if priced and priced[0][1].bird_hits \
            else (0,) * o["players"]
        for d in declared:
            rows += D.bird_rows(i, d, hits, o)
    return rows


def _payers(event: Win, seat: int, players: int) -> tuple[int, ...]:
    """Who pays a winner: every other seat of the room on a self-draw (in turn order after
    it), else ``from`` (the discarder, the 开杠 konger, the 海底 taker, the robbed konger)."""
    if event.win_type is WinType.SELF_DRAW:
        return after(seat, players)
    return () if event.from_ is None else (event.from_,)


def _settled(i: int, seat: int, p: pricing.Priced) -> SettledWin:
    codes = T.codes(p.tiles)
    return SettledWin(i, seat, None if p.merged else codes[0],
                      tuple(codes) if p.merged else None, p.patterns, p.units, p.base,
                      p.birds, p.bird_hits, p.payments)


def _outcome(record: Record, won: Win | None, o: Options) -> tuple[str, int | None]:
    """``outcome`` and ``next_dealer`` (§2.9.5, reconciled.md §3 and §8)."""
    if won is not None:
        seats = {w.seat for w in won.winners}
        return "won", won.from_ if len(seats) > 1 else won.winners[0].seat
    end = record.end
    if end is None:
        return "in_play", None
    if end.hai_di_taker is not None:
        return "huang_zhuang", end.hai_di_taker
    if o["draw_next_dealer"] == "dealer":
        return "huang_zhuang", record.dealer
    return "huang_zhuang", end.hai_di_first
