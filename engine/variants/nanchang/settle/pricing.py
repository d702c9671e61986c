"""The one door from ``settle`` to the 南昌 code: each amount priced by the operation that
prices it alone (settle-nanchang.md §3.9: "the win is priced exactly as ``fan`` prices it; each
kong as ``kong`` pays it; each turned 精 pair exactly as ``jing-settlement`` settles it").

A win is the ``fan`` operation's answer for the winner's hand in the context §3.9.3 gives it;
a kong at once the ``kong`` operation's payments (`kong_payments` with the 上精); a pair's
scores and deltas the §3.7 routine the ``jing-settlement`` operation runs (`jing.settle`); a
turned tile's 精 what ``jing`` derives under ``jing_mode``. Every other module of this package
stays free of the variant's code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.hand import Context, Hand, HandRules, Request
from engine.options import Options
from engine.results import Pattern
from engine.seats import after
from engine.tiles import Tile
from engine.variants.nanchang.facts import Jing
from engine.variants.nanchang.jing import jing_pair
from engine.variants.nanchang.jing import settle as settle_holdings
from engine.variants.nanchang.payments import kong_payments


class PricedWin(Protocol):
    """What ``settle`` reads of a ``fan`` answer."""

    @property
    def win(self) -> bool: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def patterns(self) -> tuple[Pattern, ...] | None: ...
    @property
    def fan(self) -> int | None: ...
    @property
    def multiplier(self) -> int | None: ...
    @property
    def flat_per_payer(self) -> int | None: ...
    @property
    def payments(self) -> tuple[int, ...] | None: ...


class Operations(Protocol):
    """The 南昌 operations ``settle`` prices with (the variant is one, handed in: this
    package never imports the variant module, which imports it)."""

    def options(self, request: Request) -> Options: ...
    def hand_rules(self, options: Options) -> HandRules: ...
    def fan(self, request: Request) -> PricedWin: ...


def options(variant: Operations, raw: Mapping[str, Any]) -> Options:
    """The effective 南昌 options (RequestError with every ``invalid_option``)."""
    return variant.options(Request(Hand(()), options=raw))


def jing_of(indicator: Tile, options: Options) -> Jing:
    """正精 and 副精 of a turned tile, as ``POST /v1/nanchang/jing`` derives them."""
    return Jing(*jing_pair(indicator, options["jing_mode"]))


def price_win(variant: Operations, hand: Hand, context: Context,
              raw_options: Mapping[str, Any]) -> PricedWin:
    """The ``fan`` operation's answer for the winner (its payments included)."""
    return variant.fan(Request(hand, context, raw_options))


def kong_amounts(konger: int, kong_type: str, is_jing: bool, players: int, *,
                 at_end: bool = False) -> tuple[tuple[int, int], ...]:
    """What each other seat pays a kong, as the ``kong`` operation pays it: (payer, amount)
    in turn order after the konger. ``at_end``: at the end of a won hand, where ``is_jing``
    says whether the kind is of any pair turned for the end (§3.9.2)."""
    deltas = kong_payments(konger, kong_type, is_jing, tuple(range(players)), at_end=at_end,
                           players=players)
    return tuple((payer, -deltas[payer]) for payer in after(konger, players))


def pair_scores(holdings: Sequence[tuple[int, int]], options: Options
                ) -> tuple[list[int], list[int]]:
    """One pair's scores and deltas from its (正精, 副精) holdings, as ``jing-settlement``
    settles them (§3.7, ``bawang_mode``)."""
    return settle_holdings(holdings, options["bawang_mode"])
