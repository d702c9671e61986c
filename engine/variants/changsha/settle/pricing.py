"""The one door from 长沙's ``settle`` to the variant's pricing (settle-changsha.md §2.9.4).

``settle`` prices a win exactly as ``fan`` prices it: each (winner, tile) is the ``fan``
operation's answer for the winner's hand, that tile and the context the record gives it
(the seats, the event's birds; ``bird_origin: "winner"`` becomes ``"discarder"`` when the
event has several winner seats). Its rows split that answer's payments: ``win`` is what the
payer would pay with no bird hit (*B* + *Z*), ``birds`` the rest. The one win that is not one
``fan`` answer, a merged 开杠 win (``kai_gang_wins: "merged"``), is stacked here from the
tiles' answers and paid by the same PAY (`engine.variants.changsha.birds.payments`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from engine.errors import RequestError
from engine.hand import Context, Hand, Request, Seats, WinType
from engine.options import Options
from engine.results import BirdHit, Pattern, WinCheck
from engine.tiles import Tile
from engine.variants.changsha import birds as B
from engine.variants.changsha.answers import ChangshaFanAnswer
from engine.variants.changsha.facts import ChangshaFacts
from engine.variants.changsha.patterns import PATTERN_NAMES
from engine.variants.changsha.scoring import big_win_base

EVENT_PATTERNS: Final = ("gang_shang_kai_hua", "gang_shang_pao")
"""The 开杠 pattern a merged win counts once per tile."""
_ORDER: Final = {pid: n for n, pid in enumerate(PATTERN_NAMES)}


@dataclass(frozen=True)
class Priced:
    """One win's money: its ``fan`` values and each payer's amount split into the plain
    part (*B* + *Z*) and the birds' part."""

    tiles: tuple[Tile, ...]
    merged: bool
    patterns: tuple[Pattern, ...]
    units: int
    base: int
    birds: tuple[BirdHit, ...] | None
    bird_hits: tuple[int, ...] | None
    payments: tuple[int, ...]
    owed: tuple[tuple[int, int, int], ...]
    """(payer, plain, birds) in the payers' turn order."""


class Operations(Protocol):
    """The 长沙 operations ``settle`` prices with (the variant is one, and hands itself in:
    this package never imports the variant module, which imports it)."""

    def options(self, request: Request) -> Options: ...

    def fan(self, request: Request) -> ChangshaFanAnswer: ...

    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck: ...


def options(raw: Mapping[str, Any], variant: Operations) -> Options:
    """The effective 长沙 options (RequestError with every ``invalid_option``)."""
    return variant.options(Request(Hand(()), options=raw))


def fan_answer(hand: Hand, tile: Tile, context: Context, raw_options: Mapping[str, Any],
               variant: Operations) -> ChangshaFanAnswer | None:
    """The ``fan`` operation's answer for one (winner, tile), None when ``fan`` refuses the
    request (a record already known to be invalid: the answer would not be used)."""
    try:
        return variant.fan(Request(Hand(hand.concealed, hand.melds, tile), context,
                                   raw_options))
    except RequestError:
        return None


def win_context(win_type: WinType, after_kong: bool, last_tile: bool, first_turn: bool,
                dealer: int, winner: int, source: int | None,
                birds: Sequence[Tile]) -> Context:
    """§2.9.4's ``context`` of one winner's ``fan`` request."""
    seats = Seats(dealer=dealer, winner=winner,
                  discarder=source if win_type is WinType.DISCARD else None,
                  konger=source if win_type is WinType.ROB_KONG else None)
    return Context(win_type=win_type, after_kong=after_kong, last_tile=last_tile,
                   first_turn=first_turn, seats=seats,
                   facts=ChangshaFacts(tuple(birds) if birds else None))


def fan_options(raw: Mapping[str, Any], o: Options, several: bool) -> Mapping[str, Any]:
    """The options of a winner's ``fan`` request: the request's, with the bird origin at
    the discarder when the event has several winner seats."""
    if several and o["bird_origin"] == "winner":
        return {**raw, "bird_origin": "discarder"}
    return raw


def priced(tile: Tile, answer: ChangshaFanAnswer, winner: int, payers: Sequence[int],
           dealer: int, o: Options) -> Priced:
    """One (winner, tile) win from its ``fan`` answer."""
    assert answer.patterns is not None and answer.fan is not None
    assert answer.base_per_payer is not None and answer.payments is not None
    return Priced((tile,), False, answer.patterns, answer.fan, answer.base_per_payer,
                  answer.birds, answer.bird_hits, answer.payments,
                  _owed(answer.payments, answer.base_per_payer, answer.fan, winner, payers,
                        dealer, o))


def merged(tiles: Sequence[Tile], answers: Sequence[ChangshaFanAnswer], winner: int,
           payers: Sequence[int], dealer: int, o: Options) -> Priced:
    """A winner's 开杠 tiles as one win (§2.9.4 "merged"): every pattern found on any tile
    once, the 开杠's event pattern once per tile, never 小胡; *B* from the units as §2.3
    stacks them; each payer pays PAY once with the first tile's bird hits."""
    found: dict[str, Pattern] = {}
    per_tile = 0
    for answer in answers:
        for p in answer.patterns or ():
            if p.id in EVENT_PATTERNS:
                per_tile += 1
            if p.id != "ping_hu":
                found.setdefault(p.id, p)
    patterns = []
    for pid in sorted(found, key=_ORDER.__getitem__):
        p = found[pid]
        if pid in EVENT_PATTERNS and per_tile > 1:
            p = Pattern(p.id, p.name, p.name_zh, p.fan * per_tile, per_tile)
        patterns.append(p)
    units = sum(p.fan for p in patterns)
    base = big_win_base(units, o)
    first = answers[0]
    hits = first.bird_hits if first.bird_hits is not None else (0,) * len(first.payments or ())
    payments = B.payments(base, units, winner, payers, hits=tuple(hits), dealer=dealer,
                          options=o)
    return Priced(tuple(tiles), True, tuple(patterns), units, base, first.birds,
                  first.bird_hits, payments,
                  _owed(payments, base, units, winner, payers, dealer, o))


def _owed(payments: Sequence[int], base: int, units: int, winner: int, payers: Sequence[int],
          dealer: int, o: Options) -> tuple[tuple[int, int, int], ...]:
    points = B.zhuang_xian_points(units, o) if o["zhuang_xian"] else 0
    out = []
    for p in payers:
        plain = base + (points if dealer in (winner, p) else 0)
        out.append((p, plain, -payments[p] - plain))
    return tuple(out)

