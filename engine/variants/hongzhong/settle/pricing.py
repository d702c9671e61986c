"""The one door from ``settle`` to the 红中 code: wins, codes due and kongs priced by it.

``settle`` prices nothing itself (§4.5: "each kong is paid exactly as ``kong`` pays it, each
win exactly as ``fan`` prices it with its codes"): a win is the ``fan`` operation's answer
(less the reading it does not show) for the winner's hand in the context §4.5.3 gives it; its
``win`` rows are the same payments function with no code bonus (`win_part`), so ``win`` +
``codes`` is ``fan``'s ``payments`` by construction; a single winner's codes due are
``fan``'s ``codes_to_draw``; a kong's payments are the ``kong`` operation's
(`kong_payments`). Every other module of this package stays free of 红中 imports, and none
imports the variant module: the variant hands itself in (`Pricing`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol

from engine import tiles as T
from engine.errors import RequestError
from engine.hand import Context, Hand, HandRules, KongType, Request, WinType
from engine.options import Options
from engine.seats import FULL_TABLE
from engine.settle.reader import TileReader
from engine.variants.hongzhong.codes import kong_payments, mo_ji_count, win_payments
from engine.variants.hongzhong.facts import HongzhongFacts
from engine.variants.hongzhong.options import Config, Split, config

ONE_CODE: Final = 1


class Priced(Protocol):
    """A priced win: what ``fan`` answers (less its reading)."""

    @property
    def win(self) -> bool: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def fan(self) -> int | None: ...
    @property
    def patterns(self) -> Any: ...
    @property
    def payments(self) -> tuple[int, ...] | None: ...
    @property
    def codes(self) -> Any: ...
    @property
    def code_hits(self) -> tuple[int, ...] | None: ...


class Operations(Protocol):
    """The 红中 operations ``settle`` prices with (the variant is one)."""

    def options(self, request: Request) -> Options: ...

    def fan_without_reading(self, request: Request) -> Priced: ...

    def codes_to_draw(self, hand: Hand, ctx: Context, options: Options, cfg: Config,
                      known: Split | None = None) -> int | None: ...


def hand_rules(opts: Options) -> HandRules:
    return config(opts).hand_rules


def tile_reader(opts: Options | None) -> TileReader:
    """A `TileReader` of the room's tile set (rooms.md §0.9.2: the room's suits and the tile
    set's honors; the default room's words when the options are invalid or name three
    suits)."""
    if opts is None:
        kinds, words = T.TILE_SETS["112"], ""
        name = "112"
    else:
        cfg = config(opts)
        kinds, words, name = cfg.kinds, cfg.hand_rules.set_words, str(opts["tile_set"])
    if words:
        return TileReader(kinds, f"not in {words}", f"is not a tile of {words}")
    return TileReader(kinds, f"not in the {name}-tile set of hongzhong",
                      f"is not a tile of the {name}-tile set")


def wild_kinds(opts: Options) -> frozenset[int]:
    return config(opts).wild


@dataclass(frozen=True)
class Pricing:
    """The variant's operations as ``settle`` asks them (the variant hands itself in: the
    settle package never imports the variant module, which imports it)."""

    variant: Operations

    def options(self, raw: Mapping[str, Any]) -> Options:
        """The effective 红中 options (RequestError with every ``invalid_option``)."""
        return self.variant.options(Request(Hand(()), options=raw))

    def price_win(self, hand: Hand, context: Context, raw_options: Mapping[str, Any]) -> Priced:
        """The ``fan`` operation's answer for one winner. A record already known to be
        invalid (``one_code_all`` with two codes) can make ``fan`` refuse the context; the
        hand is then priced without its codes — the answer is not used."""
        request = Request(hand, context, raw_options)
        try:
            return self.variant.fan_without_reading(request)
        except RequestError:
            facts = replace(HongzhongFacts.of(context), codes=None)
            return self.variant.fan_without_reading(
                replace(request, context=replace(context, facts=facts)))

    def codes_due(self, hand: Hand, context: Context, opts: Options, several: bool) -> int:
        """``codes_expected`` (§4.5.3's table): a single winner's ``codes_to_draw``; for 通炮
        the room's count without the extra code; one in ``one_code_all``; the win tile's
        value in ``mo_ji_jiang_ji``."""
        mode = opts["code_mode"]
        if mode == "one_code_all":
            return ONE_CODE
        if mode == "mo_ji_jiang_ji":
            assert hand.win_tile is not None
            return mo_ji_count(hand.win_tile, wild_kinds(opts))
        count = HongzhongFacts.of(context).code_count
        assert count is not None  # settle always sends the record's
        if several:
            return count
        due = self.variant.codes_to_draw(hand, context, opts, config(opts))
        assert due is not None
        return due


def win_part(fan: int, win_type: WinType, winner: int, payer: int | None, opts: Options,
             players: int = FULL_TABLE) -> tuple[int, ...]:
    """The ``win`` rows' deltas (胡分): ``fan``'s payments function with no code bonus."""
    return win_payments(fan, win_type, winner, payer, opts["zimo_unit"], opts["discard_unit"],
                        (0,) * players)


def kong_deltas(kind: KongType, konger: int, source: int | None,
                players: int = FULL_TABLE) -> tuple[int, ...]:
    """The ``kong`` operation's payments for one kong, one per seat of the room."""
    return kong_payments(kind, konger, source, players)
