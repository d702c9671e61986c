"""The one door from ``settle`` to the Sichuan code: wins, waits and kongs priced by it.

``settle`` prices nothing itself (settle.md §1.6: "each win is priced exactly as ``fan``
prices it, each kong exactly as ``kong`` pays it"): a win is the ``fan`` operation's answer
for the winner's hand in the context the record gives it, a 大叫 value the same operation on
a plain discard, a wait list the ``waits`` operation's, a kong's rows `kong_rows`. Every
other module of this package stays free of Sichuan imports. The variant hands itself in
(`Pricing`): the settle package never imports the variant module, which imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from engine import tiles as T
from engine.hand import Context, Hand, Request, WinType
from engine.options import Options
from engine.results import Pattern, WaitsAnswer
from engine.variants.sichuan.facts import SichuanFacts
from engine.variants.sichuan.payments import KONG_DISCARDER, kong_rows
from engine.variants.sichuan.points import HAND_RULES, SichuanFanAnswer, priced
from engine.variants.sichuan.scoring import breaks_que_yi_men, suits_held

Priced = SichuanFanAnswer
"""A priced win: the ``fan`` answer (``points_per_payer``, ``payers``, patterns…)."""

__all__ = ["HAND_RULES", "Operations", "Priced", "Pricing", "breaks_que_yi_men", "kong_rows",
           "paid_by_kong_discarder", "suits_held", "with_gen_limit"]


class Operations(Protocol):
    """The Sichuan operations ``settle`` prices with (the variant is one)."""

    def options(self, request: Request) -> Options: ...

    def fan(self, request: Request) -> SichuanFanAnswer: ...

    def settled_fan(self, request: Request, options: Options) -> SichuanFanAnswer: ...

    def waits(self, request: Request) -> WaitsAnswer: ...


@dataclass(frozen=True)
class Pricing:
    """The variant's operations as ``settle`` asks them."""

    variant: Operations

    def options(self, raw: Mapping[str, Any]) -> Options:
        """The effective Sichuan options (RequestError with every ``invalid_option``)."""
        return self.variant.options(Request(Hand(()), options=raw))

    def price_win(self, hand: Hand, context: Context, options: Options) -> Priced:
        """The ``fan`` operation's answer for one winner, less the checks the record's
        stages have made (`Operations.settled_fan`: the 384 winners of a long record would
        each be checked again, a fifth of its time)."""
        return self.variant.settled_fan(Request(hand, context), options)

    def wait_tiles(self, hand: Hand, missing_suit: int | None,
                   raw_options: Mapping[str, Any]) -> tuple[int, ...]:
        """The waits of a 13-tile end hand, as the ``waits`` operation finds them (§0.6)."""
        answer = self.variant.waits(Request(hand, Context(facts=SichuanFacts(missing_suit)),
                                            raw_options))
        return tuple(T.from_code(w.tile) for w in answer.waits)

    def da_jiao(self, hand: Hand, tile: int, missing_suit: int | None,
                raw_options: Mapping[str, Any]) -> Priced:
        """A wait priced as a plain discard win with no event (settle.md §1.6.5,
        assumption 4)."""
        context = Context(win_type=WinType.DISCARD, facts=SichuanFacts(missing_suit))
        if raw_options.get("dian_pao_ping_hu") is False:  # readiness ignores it (§0.9.4.3)
            raw_options = {**raw_options, "dian_pao_ping_hu": True}
        return self.variant.fan(Request(replace(hand, win_tile=tile), context, raw_options))


def paid_by_kong_discarder(priced_win: Priced) -> bool:
    """The ``fan`` answer says only the kong's discarder pays (点杠花 under ``dian_pao``)."""
    return priced_win.payers == KONG_DISCARDER


def with_gen_limit(win: Priced, limit: int, opts: Mapping[str, Any], self_draw: bool) -> Priced:
    """``win`` counting at most ``limit`` 根 (``xue_liu_gen: "first_win"``, settled reading
    5): the ``gen`` pattern has that count and the first roots in tile order; the fan, the
    capped fan and the points follow by the one pricing."""
    assert win.patterns is not None and win.fan is not None and win.gen_count is not None
    if win.gen_count <= limit:
        return win
    patterns: list[Pattern] = []
    for p in win.patterns:
        if p.id != "gen":
            patterns.append(p)
        elif limit:
            tiles = p.tiles[:limit] if p.tiles else None
            patterns.append(replace(p, fan=limit, count=limit if limit > 1 else None,
                                    tiles=tiles))
    fan = win.fan - (win.gen_count - limit)
    tian_hu = any(p.id == "tian_hu" for p in win.patterns)
    capped, points = priced(fan, dict(opts), self_draw, tian_hu)
    return replace(win, patterns=tuple(patterns), fan=fan, gen_count=limit, fan_capped=capped,
                   points_per_payer=points)
