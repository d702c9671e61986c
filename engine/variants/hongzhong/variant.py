"""红中麻将 and the generic 癞子 engine (``hongzhong``, RULES.md §4).

112 tiles by default (the suits and four 红中, which are wild); ``tile_set: "136"`` with
any ``wild_tiles`` gives the generic wildcard games (白板做鬼, 翻鬼, 双鬼). Wildcards follow
RULES.md §0.6 through the shape tables — never by substitution — so a check costs the same
with eight wildcards as with none.

The modules: ``hongzhong.options`` (options, natural/wild split), ``hongzhong.scoring`` (win
check, fan, patterns, reading), ``hongzhong.waits`` (waits, shanten), ``hongzhong.codes``
(codes and payments); this one wires them into the :class:`Variant` protocol and checks the
context the payments need.

Decisions (besides those in the modules above):

* "Holds a wildcard" (the extra code, 无红中, ``only_without_wild``) means any tile of a wild
  kind among hand, melds and win tile — as §4.3 counts it for the extra code — even a
  claimed one that counts at face value.
* "Claimed" is a discard or a robbed kong: ``claimed_wild_is_natural`` covers both.
* The ``fan`` answer names its codes ``codes`` (each ``{"tile", "seat", "hit"}``) and
  ``code_hits`` (four per-seat counts), the 红中 counterparts of API.md's ``birds`` /
  ``bird_hits``. ``code_hits`` needs ``context.seats.winner``; ``seat`` mode needs it for
  any code at all (and the discarder for a discard win).
* A robbed kong's konger is ``seats.discarder`` (RULES.md §0.3) or ``seats.konger``; both
  given must agree.
* ``codes_to_draw`` = ``context.code_count`` (default 2, 0–12 accepted) plus the extra code;
  in ``mo_ji_jiang_ji`` the win tile's value (`codes.mo_ji_count`). The number of codes sent
  is not checked against it except in ``one_code_all`` (one): ``settle`` checks the count.
* ``context.active`` is not used: a 红中 hand ends with the first win.
* The ``birds`` operation scores ``context.codes`` on its own; with a hand and a win tile it
  also checks the win and, with seats, gives the payments (and ``codes_to_draw``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from engine import seats as S
from engine import tiles as T
from engine import wire
from engine.errors import (
    Code,
    Problem,
    invalid_field,
    invalid_tile,
    missing_field,
)
from engine.hand import Context, Hand, HandRules, Request, WinType
from engine.options import Options, OptionSpec
from engine.plumbing import warm
from engine.results import BirdHit, KongAnswer, Pattern, Reading, Tallied, Wait, WinCheck
from engine.tiles import Tile
from engine.variants.base import Variant
from engine.variants.hongzhong import claims as claims_module
from engine.variants.hongzhong import scoring
from engine.variants.hongzhong import waits as waits_
from engine.variants.hongzhong.codes import (
    Codes,
    kong_payments,
    mo_ji_count,
    score_codes,
    win_payments,
)
from engine.variants.hongzhong.facts import HongzhongFacts
from engine.variants.hongzhong.options import (
    OPTION_SPECS,
    Config,
    Split,
    config,
    option_problems,
    split,
    win_type_of,
)
from engine.variants.hongzhong.settle.answer import HongzhongSettleAnswer
from engine.variants.hongzhong.settle.options import SETTLE_OPTION_SPECS
from engine.variants.hongzhong.settle.settle import Settlement
from engine.variants.hongzhong.settle.shape import RECORD_LIMITS
from engine.variants.hongzhong.weights import WEIGHTS

_WAITS: dict[tuple[Tile, int, int], Wait] = {}
"""Wait answers are frozen values: one per (kind, remaining, fan) serves every request, so a
hand waiting on every tile (eight wildcards) does not pay for 34 new objects. At most
34 × 5 × (fan ≤ 40) entries."""



def _new_wait(key: tuple[Tile, int, int]) -> Wait:
    wait = _WAITS[key] = Wait(T.ALL_CODES[key[0]], key[1], key[2])
    return wait


DEFAULT_CODE_COUNT = 2
MAX_CODE_COUNT = 12
Payments = tuple[int, ...]


@dataclass(frozen=True)
class HongzhongFanAnswer:
    """``POST /v1/hongzhong/fan``, members in wire order."""

    win: bool
    reason: str | None = None
    patterns: tuple[Pattern, ...] | None = None
    fan: int | None = None
    payments: Payments | None = None
    codes: tuple[BirdHit, ...] | None = None
    code_hits: Payments | None = None
    codes_to_draw: int | None = None
    reading: Reading | None = None
    options: Options | None = None


@dataclass(frozen=True)
class HongzhongCodesAnswer:
    """``POST /v1/hongzhong/birds``: the codes, and the win they pay for when sent."""

    codes: tuple[BirdHit, ...]
    code_hits: Payments | None = None
    codes_to_draw: int | None = None
    win: bool | None = None
    reason: str | None = None
    fan: int | None = None
    payments: Payments | None = None
    options: Options | None = None


class Hongzhong(Variant):
    """红中麻将 / 癞子麻将."""

    id: ClassVar[str] = "hongzhong"
    name: ClassVar[str] = "Red-dragon wildcard mahjong (generic wildcards)"
    name_zh: ClassVar[str] = "红中麻将"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    settle_option_specs: ClassVar[tuple[OptionSpec, ...]] = SETTLE_OPTION_SPECS
    extra_operations: ClassVar[tuple[str, ...]] = ("birds", "kong")
    late_operations: ClassVar[tuple[str, ...]] = ("settle",)
    advice_table_first: ClassVar[bool] = True  # wildcards make each wait check dear (14 µs vs 7)
    request_shapes = wire.shapes(birds=wire.RequestShape.CONTEXT,
                                 kong=wire.RequestShape.CONTEXT,
                                 settle=wire.RequestShape.RECORD)
    weights = WEIGHTS
    record_limits = RECORD_LIMITS
    wait_win_type = WinType.SELF_DRAW  # a wildcard variant (RULES.md §0.6)
    reads_active: ClassVar[bool] = False
    facts: ClassVar[type[HongzhongFacts]] = HongzhongFacts
    fan_members = ("seats", "codes", "code_count")
    claim_rules = claims_module.CLAIM_RULES

    # --- hooks -----------------------------------------------------------------------------

    def tile_set(self, options: Options) -> str:
        return str(options["tile_set"])

    def hand_rules(self, options: Options) -> HandRules:
        return config(options).hand_rules

    def extra_option_problems(self, options: Any) -> list[Problem]:
        return option_problems(options)

    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck:
        return scoring.check(hand, context, config(options))

    def fan_value(self, hand: Hand, context: Context, options: Options) -> int:
        return scoring.score(hand, context, config(options)).fan

    def shanten(self, concealed: Sequence[Tile], melds: int, context: Context,
                options: Options) -> int:
        return waits_.shanten(concealed, melds, config(options))

    def hand_shanten(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                     options: Options) -> int:
        """With the melds themselves: a declared copy of a wild kind closes the 四红中 road."""
        return waits_.shanten(concealed, hand.melds, config(options))

    def shanten_after_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                            options: Options) -> list[int]:
        return waits_.shanten_after_draws(concealed, hand.melds, config(options))

    def discard_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                      options: Options) -> dict[Tile, tuple[int, list[int]]]:
        """Every discard's from one shape-table pass (`hongzhong.waits.discard_draws`)."""
        return waits_.discard_draws(concealed, hand.melds, config(options))

    def wait_candidates(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                        options: Options) -> Iterable[Tile]:
        """Exactly the waits (`wait_list` does not ask: it reads the fans off the same
        probes)."""
        return waits_.wait_kinds(concealed, hand.melds, config(options))

    def wait_list(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                  options: Options) -> tuple[Wait, ...]:
        """The shared definition, answered from one table probe per shape."""
        found = waits_.wait_fans(concealed, hand.melds, config(options))
        if not found:
            return ()
        own = T.counts(concealed)
        for meld in hand.melds:
            for t in meld.tiles:
                own[t] += 1
        if context.visible:
            seen = T.counts(context.visible)
            left = [max(0, T.COPIES - n - s) for n, s in zip(own, seen, strict=True)]
        else:
            left = [T.COPIES - n for n in own]
        known = _WAITS.get
        # one list comprehension, no generator: a hand with many wildcards waits on ~32 kinds
        return tuple([known((t, left[t], fan)) or _new_wait((t, left[t], fan))
                      for t, fan in found if own[t] < T.COPIES])

    # --- fan ------------------------------------------------------------------------------

    def fan_problems(self, request: Request, options: Options, given: bool) -> list[Problem]:
        """The seats the payments read and the codes (`_payment_problems`)."""
        return self._payment_problems(request.context, options, needs_codes=False)

    def fan_without_reading(self, request: Request) -> HongzhongFanAnswer:
        """``fan``'s answer less its ``reading`` (two thirds of a wildcard hand's price):
        what ``settle`` prices each winner with (its ``wins`` show no reading)."""
        return self.fan_answer(request, self.fan_checked(request), None, False)

    def offer_check(self, hand: Hand, tile: Tile, context: Context, win_type: WinType,
                    options: Options) -> Tallied[scoring.Found]:
        """`check` reads the tiles, the win type and ``first_turn`` (四红中), no other context
        member: no trial context is needed, and the shapes found ride along as its tally
        (`Tallied`), so that a claimed win's shapes are read once, not twice."""
        trial = Hand(hand.concealed, hand.melds, tile)
        cfg = config(options)
        found = scoring.shapes_of(trial, context, cfg, win_type)
        verdict = scoring.check(trial, context, cfg, found, win_type)
        return Tallied(verdict.win, verdict.shapes, verdict.reason, found)

    def fan_answer(self, request: Request, options: Options, tally: scoring.Found | None,
                   with_reading: bool) -> HongzhongFanAnswer:
        """``fan``'s answer once the request is checked: the shapes found (`scoring.shapes_of`
        of this hand in this context's win type: ``tally`` when an offer read them), the
        score, the payments and codes."""
        cfg = config(options)
        found = tally
        hand, ctx = request.hand, request.context
        if found is None:
            found = scoring.shapes_of(hand, ctx, cfg)
        result = scoring.check(hand, ctx, cfg, found)
        if not result.win:
            return HongzhongFanAnswer(False, reason=result.reason, options=options)
        scored = scoring.score(hand, ctx, cfg, found)
        codes = self._codes(ctx, options)
        return HongzhongFanAnswer(
            True,
            patterns=scored.patterns,
            fan=scored.fan,
            payments=self._payments(scored.fan, ctx, options, codes),
            codes=codes.codes if codes else None,
            code_hits=codes.hits if codes else None,
            codes_to_draw=self.codes_to_draw(hand, ctx, options, cfg, found[1]),
            reading=scoring.reading(hand, ctx, cfg, scored, found[1]) if with_reading else None,
            options=options,
        )

    # --- extra operations -----------------------------------------------------------------

    def birds(self, request: Request) -> HongzhongCodesAnswer:
        """Codes (扎码) on their own; with a hand, the win they pay for."""
        options, cfg = self._validated(request, with_hand=request.has_hand, needs_codes=True)
        ctx = request.context
        codes = self._codes(ctx, options)
        assert codes is not None  # _validated made sure codes were sent
        if not request.has_hand:
            return HongzhongCodesAnswer(codes.codes, codes.hits, options=options)
        hand = request.hand
        result = scoring.check(hand, ctx, cfg)
        if not result.win:
            return HongzhongCodesAnswer(codes.codes, codes.hits, win=False,
                                        reason=result.reason, options=options)
        fan = scoring.score(hand, ctx, cfg).fan
        return HongzhongCodesAnswer(
            codes.codes, codes.hits, win=True, fan=fan,
            payments=self._payments(fan, ctx, options, codes),
            codes_to_draw=self.codes_to_draw(hand, ctx, options, cfg), options=options)

    def kong(self, request: Request) -> KongAnswer:
        """Kong payments (§4.3), independent of any win."""
        ctx = request.context

        def own(options: Options, _given: bool) -> list[Problem]:
            problems = S.range_problems(ctx, options["players"], reads_active=False)
            if ctx.kong is None:
                problems.append(missing_field("#/context/kong", "the kong op needs "
                                              "context.kong {type: exposed|added|concealed, "
                                              "tile}"))
            elif ctx.kong.tile not in config(options).kinds:
                problems.append(invalid_tile("#/context/kong/tile", f"{T.code(ctx.kong.tile)} "
                                             f"is not in {_set_words(options)}"))
            return problems + S.kong_problems(ctx)

        options = self.checked(request, hand=False, extra=own)
        seats, players = ctx.seats, options["players"]
        assert ctx.kong is not None and seats is not None and seats.konger is not None
        return KongAnswer(kong_payments(ctx.kong.type, seats.konger, seats.discarder, players),
                          options)

    def settle(self, request: Request) -> HongzhongSettleAnswer:
        """The whole money of a 红中 hand from ``request.record`` (settle-hongzhong.md §4.5)."""
        return self._settle.settle(request)

    @cached_property
    def _settle(self) -> Settlement:
        return Settlement(self)

    # --- plumbing -------------------------------------------------------------------------

    def _validated(self, request: Request, *, with_hand: bool,
                   needs_codes: bool = False) -> tuple[Options, Config]:
        """`checked`, with the context the payments read (seats, codes) as its own checks."""
        options = self.checked(request, needs_win_tile=True, hand=with_hand,
                               extra=lambda o, _given: self._payment_problems(
                                   request.context, o, needs_codes=needs_codes))
        return options, config(options)

    def _payment_problems(self, ctx: Context, options: Options, *,
                          needs_codes: bool) -> list[Problem]:
        """The seats the payments read (in the room), the codes, and (``needs_codes``) that
        codes were sent."""
        problems = list(S.range_problems(ctx, options["players"], reads_active=False)
                        or S.win_problems(ctx, win_type_of(ctx.win_type)))
        problems += _code_problems(ctx, options, config(options))
        if needs_codes and _facts(ctx).codes is None:
            problems.append(missing_field("#/context/codes", "send the turned codes as "
                                          "context.codes"))
        return problems

    def _codes(self, ctx: Context, options: Options) -> Codes | None:
        codes = _facts(ctx).codes
        if codes is None:
            return None
        win_type = win_type_of(ctx.win_type)
        winner = ctx.seats.winner if ctx.seats else None
        return score_codes(codes, options["code_mode"], options["code_value"], win_type,
                           winner, S.payer(ctx.seats, win_type),
                           _facts(ctx).code_origin, options["players"],
                           options["code_seats"])

    def _payments(self, fan: int, ctx: Context, options: Options,
                  codes: Codes | None) -> Payments | None:
        seats = ctx.seats
        if seats is None or seats.winner is None:
            return None
        win_type = win_type_of(ctx.win_type)
        bonus = codes.bonus if codes else (0,) * options["players"]
        return win_payments(fan, win_type, seats.winner, S.payer(seats, win_type),
                            options["zimo_unit"], options["discard_unit"], bonus)

    def codes_to_draw(self, hand: Hand, ctx: Context, options: Options, cfg: Config,
                       known: Split | None = None) -> int | None:
        """The codes one winner turns (RULES.md §4.3; None in ``one_code_all``): what
        ``fan`` answers as ``codes_to_draw`` and ``settle`` counts as due for a single
        winner (settle-hongzhong.md §4.5.3)."""
        mode = options["code_mode"]
        if mode == "one_code_all":
            return None
        if mode == "mo_ji_jiang_ji":
            assert hand.win_tile is not None  # fan and birds price a hand with its win tile
            return mo_ji_count(hand.win_tile, cfg.wild)
        count = _facts(ctx).code_count
        if count is None:
            count = DEFAULT_CODE_COUNT
        holds_wild = (known or split(hand, win_type_of(ctx.win_type), cfg)).holds_wild
        extra = options["extra_code_without_wild"] and not holds_wild
        return count + (1 if extra else 0)


def _facts(context: Context) -> HongzhongFacts:
    """`HongzhongFacts.of` ``context``, read in place when it holds 红中's own (every request
    this variant parsed): a warm ``fan`` reads them three times."""
    facts = context.facts
    return facts if type(facts) is HongzhongFacts else HongzhongFacts.of(context)


def _code_problems(ctx: Context, options: Options, cfg: Config) -> list[Problem]:
    """``code_count`` and ``codes``: tiles of the set, one code in 一码全中, seats for
    ``seat`` mode (its winner and discarder are asked for by the seat check)."""
    problems: list[Problem] = []
    facts = _facts(ctx)
    count = facts.code_count
    if count is not None and (not isinstance(count, int) or isinstance(count, bool)
                              or not 0 <= count <= MAX_CODE_COUNT):
        problems.append(invalid_field("#/context/code_count", f"code_count is a whole number "
                                      f"0–{MAX_CODE_COUNT}; got {count!r}"))
    origin = facts.code_origin
    players = options["players"]
    if origin is not None and not S.is_seat(origin, players):
        seats = "0, 1, 2 or 3" if players == S.FULL_TABLE else S.range_words(players)
        problems.append(invalid_field("#/context/code_origin", f"code_origin is a seat, "
                                      f"{seats}; got {origin!r}"))
    codes = facts.codes
    if codes is None:
        return problems
    outside = sorted({t for t in codes if t not in cfg.kinds})
    if outside:
        problems.append(invalid_tile("#/context/codes", f"{', '.join(T.codes(outside))} not "
                                     f"in {_set_words(options)}"))
    counts = T.counts(codes)
    for kind, n in enumerate(counts):
        if n > T.COPIES:
            problems.append(Problem(Code.TOO_MANY_COPIES, "#/context/codes",
                                    f"{n} codes are {T.code(kind)}; there are only 4"))
    mode = options["code_mode"]
    if mode == "one_code_all" and len(codes) > 1:
        problems.append(invalid_field("#/context/codes", f"code_mode \"one_code_all\" turns "
                                      f"exactly one code; got {len(codes)}"))
    if mode == "seat" and codes and ctx.seats is None:
        problems.append(missing_field("#/context/seats", "code_mode \"seat\" counts "
                                      "codes from the winner: send context.seats"))
    return problems


def _set_words(options: Options) -> str:
    """The tile set a refusal names: today's "the 112-tile set", or the room's."""
    words = config(options).hand_rules.set_words
    return words or f"the {options['tile_set']}-tile set"


VARIANT = Hongzhong()
warm(r for tile_set in ("112", "136") for qidui in (True, False) for orphans in (True, False)
     for cfg in [config({**{s.name: s.default for s in OPTION_SPECS}, "tile_set": tile_set,
                         "qidui": qidui, "shisanyao": orphans})]
     for r in (cfg.rules, cfg.standard_rules, cfg.triplets_rules, cfg.seven_pairs_rules,
               cfg.orphans_rules))
