"""The one place the advice model meets the `Variant` protocol.

`VariantRules` answers `engine.advice.rules.PartRules` for one request from the per-hand
operations every variant has — `Variant.has_wait` and `Variant.hand_shanten` (what `waits`
answers as ``shanten``), `Variant.shanten_after_draws` (what `discards`' 进张 are made of),
`Variant.wait_candidates` and `Variant.check` (``win``), and `Variant.checked_fan` (``fan``'s
``payments``). Nothing else of a variant is read, so the model follows a variant through any
change of its internals; only this module follows a change of the protocol.

Each answer is memoised for the request: the model asks the same part many times (a part is
met from many parents), and a fresh hand's parts are never asked again by the next request.

*s*(*c*) is asked most (every discard after every progress draw, `engine.advice.graph`), so it
is asked as cheaply as the rules allow: where they compose by suit (四川's 缺一门,
`engine.shapes.composed`, `Variant.dropped_suit_rules`) from each distinct suit vector's
facts, read once a request; where the variant says so (`Variant.advice_table_first`: 南昌,
红中) the shape table first and the wait only of its 0s (a part with a wait has table
shanten ≤ 0, `PartRules.table_shanten`); elsewhere the wait first, as `waits` asks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final, Protocol

from engine import tiles as T
from engine.advice.rules import Part
from engine.claims.rules import ClaimingVariant, ClaimRules
from engine.errors import Problem
from engine.hand import Context, Hand, HandRules, Meld, Request, Seats, WinType
from engine.options import Options
from engine.results import DiscardsAnswer, WaitsAnswer, WinCheck
from engine.shapes import ShapeRules
from engine.shapes.composed import LIVE, RANK_CODES, Composer, composable
from engine.tiles import Tile


class Variant(ClaimingVariant, Protocol):
    """What `engine.advice` asks of a variant (`engine.variants.base.Variant` is one): the
    per-hand operations `engine.claims` asks too, and the request reading, ``waits`` and
    ``discards`` every variant answers. Advice depends on this protocol, not on the
    variants package (which gives every variant its ``advice`` operation)."""

    @property
    def claim_rules(self) -> ClaimRules | None: ...

    @property
    def advice_table_first(self) -> bool: ...

    def request(self, data: Mapping[str, Any]) -> Request: ...

    def prepared(self, request: Request) -> Request: ...

    def options_or_defaults(self, request: Request, problems: list[Problem]) -> Options: ...

    def checked(self, request: Request, *, draw: bool = False, needs_win_tile: bool
                ) -> Options: ...

    def hand_rules(self, options: Options) -> HandRules: ...

    def wait_candidates(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                        options: Options) -> Iterable[Tile]: ...

    def waits(self, request: Request) -> WaitsAnswer: ...

    def discards(self, request: Request) -> DiscardsAnswer: ...

    def dropped_suit_rules(self, options: Options) -> tuple[ShapeRules, ...] | None: ...


def missing_suit(variant: Variant, context: Context) -> int | None:
    """The suit the player declared missing (四川's 定缺), where the variant has one."""
    rules = variant.claim_rules
    if rules is None or rules.missing_suit is None:
        return None
    return rules.missing_suit(context)


def first_suit(variant: Variant, context: Context, options: Options) -> int | None:
    """The suit whose tiles go first (claims.md ``missing_suit_first``), or None."""
    if not options.get("missing_suit_first"):
        return None
    return missing_suit(variant, context)


MISSING_SUIT: Final = "missing_suit"
"""The context member that declares the missing suit (API.md), where a variant has one."""
SUITS: Final = (0, 1, 2)


def room_suits(options: Options) -> tuple[int, ...]:
    """The suits the room plays (rooms.md ``suits``; all three by default)."""
    letters = options.get("suits")
    if not isinstance(letters, list | tuple):
        return SUITS
    return tuple(sorted(T.SUIT_LETTERS.index(x) for x in set(letters)
                        if isinstance(x, str) and x in "mps" and len(x) == 1))


def with_missing_suit(data: Mapping[str, Any], suit: int) -> dict[str, Any]:
    """The body with ``suit`` declared missing (its context's other members kept)."""
    return {**data, "context": {**(data.get("context") or {}),
                                MISSING_SUIT: T.SUIT_LETTERS[suit]}}


COMPOSED_SIZE: Final = 13
"""The parts `Composer` answers *s* of: 13 tiles, no declared meld (`composed_rules`)."""


def _codes(part: Part) -> list[int]:
    """The base-8 codes of a part's three number suits (`engine.shapes.composed`)."""
    codes = [0, 0, 0]
    for t in part:
        codes[t // 9] += RANK_CODES[t % 9]
    return codes


def composed_rules(variant: Variant, melds: tuple[Meld, ...], context: Context,
                   options: Options) -> tuple[Composer, tuple[int, ...]] | None:
    """A fresh `Composer` of the request's rules and the suits the player may drop (the
    declared missing suit, or any), where *s* composes by suit: the variant's dropped-suit
    rules compose (`engine.shapes.composed.composable`: 四川's default room) and no meld is
    declared (the pairs shape needs the 13 tiles concealed). Else None."""
    if melds:
        return None
    without = variant.dropped_suit_rules(options)
    if not without or not composable(without):
        return None
    missing = missing_suit(variant, context)
    return Composer(without), SUITS if missing is None else (missing,)


def price_seats(context: Context) -> Seats:
    """The seats a win is priced with (RULES.md §0.10.4): the request's, else the player at
    seat 0 and the dealer at seat 0 (``is_dealer``) or 1."""
    if context.seats is not None:
        return context.seats
    return Seats(dealer=0 if context.is_dealer else 1, winner=0)


class VariantRules:
    """`PartRules` of one request: its variant, declared melds, context and options."""

    def __init__(self, variant: Variant, melds: tuple[Meld, ...], context: Context,
                 options: Options, raw_options: Mapping[str, Any]) -> None:
        self._variant = variant
        self._hand = Hand((), melds)
        self._melds = melds
        self._context = context
        self._options = options
        self._raw_options = raw_options
        self._win_context = replace(context, win_type=WinType.SELF_DRAW, after_kong=False,
                                    last_tile=False, first_turn=False, kong=None)
        seats = price_seats(context)
        self._winner = seats.winner or 0
        self._price_contexts = {
            last: replace(self._win_context, last_tile=last, seats=seats, visible=())
            for last in (False, True)}
        self._plain_contexts = {
            last: replace(self._win_context, last_tile=last, seats=None, active=None,
                          visible=(), is_dealer=seats.dealer == seats.winner)
            for last in (False, True)}
        rules = variant.claim_rules
        self._amounts = rules.amounts if rules is not None else ()
        self._verdicts: dict[tuple[Part, Tile], WinCheck] = {}
        self._points: dict[tuple[Any, ...], int] = {}
        self.melded = tuple(T.counts(t for m in melds for t in m.tiles))
        self.kinds: tuple[Tile, ...] = tuple(sorted(variant.hand_rules(options).tile_kinds))
        self.first_suit = first_suit(variant, context, options)
        self._table: dict[Part, int] = {}
        self._wait: dict[Part, bool] = {}
        self._after: dict[Part, list[int]] = {}
        self._wins: dict[Part, tuple[Tile, ...]] = {}
        self._prices: dict[tuple[Part, Tile, bool], tuple[int, int]] = {}
        self._shanten: dict[Part, int] = {}
        self._composed = composed_rules(variant, melds, context, options)
        # (measured on the parts advice meets, benchmarks/README.md "advice": 南昌 22 µs a
        # wait check against 7 µs a table probe, 红中 14 against 7; 四川 composes, 长沙's
        # wait check, 8 µs, is its own and no dearer)
        self._table_first = variant.advice_table_first
        self._phis: dict[int, int] = {}
        self._lowering: dict[tuple[Part, int], int] = {}

    @property
    def context(self) -> Context:
        """The request's context (its variant's own members read)."""
        return self._context

    @property
    def variant(self) -> Variant:
        """The request's variant (read-only: the tests hold the fast paths to its own
        per-hand operations)."""
        return self._variant

    @property
    def hand(self) -> Hand:
        """The hand the variant's per-hand operations are asked with: no tile, the
        declared melds."""
        return self._hand

    @property
    def options(self) -> Options:
        """The request's resolved options."""
        return self._options

    @property
    def composes(self) -> bool:
        """Whether *s* of a 13-tile part is composed by suit (`composed_rules`)."""
        return self._composed is not None

    @property
    def raw_options(self) -> Mapping[str, Any]:
        return self._raw_options

    def table_shanten(self, part: Part) -> int:
        found = self._table.get(part)
        if found is None:
            found = self._table[part] = self._variant.hand_shanten(
                part, self._hand, self._context, self._options)
        return found

    def has_wait(self, part: Part) -> bool:
        found = self._wait.get(part)
        if found is None:
            if self._composed is not None and len(part) == COMPOSED_SIZE:
                found = not self.shanten(part)
            else:
                found = ((not self._table_first or self.table_shanten(part) <= 0)
                         and self._variant.has_wait(part, self._hand, self._context,
                                                    self._options))
            self._wait[part] = found
        return found

    def shanten(self, part: Part) -> int:
        found = self._shanten.get(part)
        if found is None:
            if self._composed is not None and len(part) == COMPOSED_SIZE:
                found = self._composed_shanten(part)
            else:
                found = 0 if self.has_wait(part) else max(1, self.table_shanten(part))
            self._shanten[part] = found
        return found

    def far_shanten(self, part: Part) -> int:
        if self._composed is not None and len(part) == COMPOSED_SIZE:
            return self.shanten(part)  # (composed: the table's wherever that is ≥ 1)
        return self.table_shanten(part)

    def lowering(self, part: Part, below: int) -> int:
        key = (part, below)
        found = self._lowering.get(key)
        if found is None:
            if self._composed is not None and len(part) == COMPOSED_SIZE:
                composer, drops = self._composed
                codes = _codes(part)
                found = 0
                for d in drops:  # (the least over the suits it may drop: any of them)
                    found |= composer.draws(d, codes, below)
            else:
                own = T.counts(part)
                found = sum(1 << k for k, n in enumerate(self.after_draws(part))
                            if n < below and own[k] + self.melded[k] < T.COPIES)
            self._lowering[key] = found
        return found

    def _composed_shanten(self, part: Part) -> int:
        """*s*(*c*) of 13 tiles from its suits' facts: the least over the suits it may drop."""
        assert self._composed is not None
        composer, drops = self._composed
        facts = [composer.facts(c) for c in _codes(part)]
        phis = self._phis
        best = COMPOSED_SIZE
        for d in drops:
            lo, hi = LIVE[d]
            key = (facts[lo] << 22 | facts[hi]) << 2 | d
            found = phis.get(key)
            if found is None:
                found = phis[key] = composer.shanten(d, facts[lo], facts[hi], COMPOSED_SIZE)
            best = min(best, found)
        return best

    def after_draws(self, part: Part) -> list[int]:
        found = self._after.get(part)
        if found is None:
            found = self._after[part] = self._variant.shanten_after_draws(
                part, self._hand, self._context, self._options)
        return found

    def waits(self, part: Part) -> tuple[Tile, ...]:
        """The kinds `waits` lists for the part (its wait context: a discard or a
        self-draw, as the variant tries waits)."""
        return tuple(T.from_code(w.tile) for w in self._variant.wait_list(
            part, self._hand, self._context, self._options))

    def wins(self, part: Part) -> tuple[Tile, ...]:
        found = self._wins.get(part)
        if found is None:
            variant, melds, context, options = (self._variant, self._melds,
                                                self._win_context, self._options)
            own = T.counts(part)
            hand = Hand(part, melds)
            wins = []
            for k in variant.wait_candidates(part, self._hand, self._context, options):
                if own[k] + self.melded[k] >= T.COPIES:
                    continue
                verdict = variant.offer_check(hand, k, context, WinType.SELF_DRAW, options)
                if verdict is None:
                    verdict = variant.check(Hand(part, melds, k), context, options)
                if verdict.win:
                    wins.append(k)
                    self._verdicts[part, k] = verdict
            found = self._wins[part] = tuple(sorted(wins))
        return found

    def price(self, part: Part, tile: Tile, last: bool) -> tuple[int, int]:
        """``fan``'s answer for the win, read without seats — its ``fan`` and the amounts a
        claimed win carries (`ClaimRules.amounts`: the price of a win before the seats)
        — and the winner's payment once per distinct price: the seats' payments follow
        from it, and a ``fan`` with seats costs two to three times as much."""
        key = (part, tile, last)
        found = self._prices.get(key)
        if found is None:
            hand = Hand(part, self._melds, tile)
            answer = self._variant.checked_fan(
                Request(hand, self._plain_contexts[last], self._raw_options), self._options,
                None if last else self._verdicts.get((part, tile)), with_reading=False)
            price = (last, answer.fan, getattr(answer, "total_fan", None),
                     *(getattr(answer, name) for name in self._amounts))
            points = self._points.get(price)
            if points is None:
                paid = self._variant.checked_fan(
                    Request(hand, self._price_contexts[last], self._raw_options),
                    self._options, with_reading=False)
                payments = paid.payments
                # an answer without payments (长沙 seed_simplified) prices by its total fan
                points = payments[self._winner] if payments is not None else paid.total_fan
                self._points[price] = points
            found = self._prices[key] = (points, answer.fan)
        return found
