"""南昌麻将 (``nanchang``): 精 wildcards, 德国, the 精 pair wait, 十三烂 and the 精
settlement (RULES.md §3).

This module is the variant's face: its options, its checks and its operations. The work is
in its siblings — ``nanchang.scoring`` (every scoring reading of a hand),
``nanchang.jingdiao`` (``jing_diao``: what it is, its options and its refusal),
``nanchang.reading`` (patterns and the reading on the wire), ``nanchang.payments`` (§3.6),
``nanchang.jing`` (翻精 and the §3.7 settlement), ``nanchang.checks`` (request checks).

Decisions (where RULES.md leaves room; see also ``nanchang.scoring``):

* ``context.win_type`` defaults to ``discard`` (§0.3). A robbed kong is a claim, not a
  self-draw: a 精 robbed is natural under ``claimed_jing_is_natural``, and a ``jing_diao``
  hand cannot win on it, as on a discard (`nanchang.jingdiao.refused`).
* 天胡: dealer, ``first_turn``, self-draw. 地胡: non-dealer, ``first_turn``, a discard win —
  and when both ``seats.discarder`` and ``seats.dealer`` are given, the discarder must be the
  dealer. Their answer has no ``multiplier`` (no multiplier applies), ``fan`` 0 and
  ``flat_per_payer`` = ``tian_di_hu_points``; the reading is still the best shape's.
* ``deguo_allow_natural_jing: false``: no 精 tile anywhere in the hand (melds and a claimed
  win tile included).
* Payments (``context.seats`` given) need ``seats.winner``, the discarder for a discard (for a
  robbed kong ``seats.discarder``, else ``seats.konger``), and ``seats.dealer`` unless the
  winner is the dealer or ``dealer_double`` is off. Seats outside ``context.active`` neither
  pay nor receive (a robbed konger then pays only the active players' shares).
* 杠精 is a kong of either 精 kind and collects 10 from each other player whatever the kong's
  type; kongs carry no dealer factor. ``context.jing`` is required for ``kong``.
* ``fan``, ``waits`` and ``discards`` take ``context.indicator`` in place of ``context.jing``
  (`_indicated`: the 精 derived by ``jing``'s own code under ``jing_mode``); both sent must
  agree, else a 422 at ``#/context/jing`` — the turned tile is the fact on the table, the 精
  what follows from it. ``win`` (the per-draw fast path) and ``kong`` take ``jing`` only.
* 精 settlement: 2–4 players (``delta_i = n·score_i − Σ``); counts 0–4 each, ≤ 4 of a kind
  in all. ``jing_count_discards`` is read by ``settle`` (which counts the holdings itself);
  ``jing-settlement`` takes the counts as the caller made them.
* ``kong`` reads ``kong_scoring`` (settle-nanchang.md §3.9.2): under ``"end_of_won_hand"`` it
  answers what the kong earns if the hand is won — 2 from each other seat, 10 for a 上精 kind
  (下精 kinds and 荒庄荒杠 only ``settle`` sees).
* ``shanten`` is the fewer of the substituting and the face-value readings' shanten; with
  ``wu_ping_hu`` it does not see that rule (a lower bound then) — waits are always exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import product
from types import MappingProxyType
from typing import ClassVar, Final

from engine import room as R
from engine import seats as S
from engine import shapes, wire
from engine import tiles as T
from engine.claims.answers import ClaimsAnswer
from engine.errors import Problem, RequestError, invalid_field, missing_field, raise_if
from engine.hand import Context, Hand, HandRules, Request, WinType
from engine.hand import standard_chow as _standard_chow
from engine.options import Options, OptionSpec, OptionType
from engine.plumbing import warm
from engine.results import (
    DiscardsAnswer,
    KongAnswer,
    Pattern,
    Reading,
    Tallied,
    Wait,
    WaitsAnswer,
    WinCheck,
)
from engine.tiles import Tile
from engine.variants.base import Variant
from engine.variants.fan import Extra
from engine.variants.nanchang import checks as C
from engine.variants.nanchang import claims as claims_module
from engine.variants.nanchang import jingdiao
from engine.variants.nanchang.facts import Holding, Jing, NanchangFacts
from engine.variants.nanchang.jing import BAWANG_MODES, JING_MODES, jing_pair, settle
from engine.variants.nanchang.payments import WinPayment, kong_payments, win_payments
from engine.variants.nanchang.reading import patterns, reading
from engine.variants.nanchang.scoring import (
    RULE_OPTIONS,
    Candidate,
    Readings,
    evaluate,
    rules_for,
    tian_di,
)
from engine.variants.nanchang.settle.answer import NanchangSettleAnswer
from engine.variants.nanchang.settle.options import (
    END_OF_WON_HAND,
    JING_COUNT_DISCARDS,
    SETTLE_OPTION_SPECS,
)
from engine.variants.nanchang.settle.settle import NanchangSettle
from engine.variants.nanchang.waits import (
    discard_draws,
    hand_shanten,
    shanten_after_draws,
    wait_candidates,
    wait_fans,
)
from engine.variants.nanchang.weights import WEIGHTS

_B = OptionType.BOOLEAN
OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("tile_set", OptionType.STRING, "136",
               "136 tiles (with honors), or 108 (suits only, and so no 十三烂)",
               choices=("136", "108")),
    OptionSpec("jing_mode", OptionType.STRING, "indicator_is_zheng",
               "正精 is the turned tile (副精 the next kind), or the kind after it",
               choices=JING_MODES),
    OptionSpec("honor_chow", _B, True, "honor chows: any three different winds, or 中发白"),
    OptionSpec("qidui_allow_four", _B, True, "七小对: four identical tiles count as two pairs"),
    OptionSpec("shisanlan_allow_jing", _B, True, "十三烂 may use 精 as substitutes"),
    OptionSpec("deguo_allow_natural_jing", _B, True,
               "德国 allows 精 tiles used at face value (false: no 精 in the hand at all)"),
    OptionSpec("claimed_jing_is_natural", _B, True,
               "a 精 claimed from a discard (or a robbed kong) as win tile is only itself"),
    OptionSpec("jing_only_group_allowed", _B, True,
               "wild 精 alone may form a group (three as a triplet, two as the pair)"),
    jingdiao.SELF_DRAW_ONLY,
    jingdiao.WU_PING_HU,
    OptionSpec("dianpao_pay", OptionType.STRING, "three_pay",
               "discard win: all three pay (discarder double), or the discarder only",
               choices=("three_pay", "discarder_only")),
    OptionSpec("dealer_double", _B, True, "the dealer pays and receives double"),
    OptionSpec("deguo_flat", OptionType.INTEGER, 5, "flat points per payer for 德国/德中德",
               minimum=0, maximum=1000),
    jingdiao.FLAT,
    OptionSpec("tian_di_hu_points", OptionType.INTEGER, 20,
               "天胡/地胡: the flat amount each other player pays", minimum=0, maximum=1000),
    OptionSpec("bawang_mode", OptionType.STRING, "double",
               "霸王精 (the only player scoring 精): score doubled, or plus 10",
               choices=BAWANG_MODES),
    JING_COUNT_DISCARDS,
    *claims_module.OPTION_SPECS,
    *SETTLE_OPTION_SPECS,
    R.PLAYERS,
)


@dataclass(frozen=True)
class FanAnswer:
    """``POST /v1/nanchang/fan`` (API.md, RULES.md §3.4–3.6)."""

    win: bool
    reason: str | None = None
    patterns: tuple[Pattern, ...] | None = None
    fan: int | None = None
    multiplier: int | None = None
    flat_per_payer: int | None = None
    payments: tuple[int, ...] | None = None
    reading: Reading | None = None
    options: Options | None = None


@dataclass(frozen=True)
class JingAnswer:
    """``POST /v1/nanchang/jing``: 正精 and 副精 from the turned tile."""

    zheng: str
    fu: str
    options: Options | None = None


@dataclass(frozen=True)
class JingSettlementAnswer:
    """``POST /v1/nanchang/jing-settlement``: each player's score and net delta."""

    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    options: Options | None = None


@dataclass(frozen=True)
class Outcome:
    """A complete hand judged: a win with its best candidate, or the reason it is not."""

    win: bool
    reason: str | None = None
    best: Candidate | None = None
    shapes: tuple[str, ...] = ()
    special: str | None = None
    """``tian_hu`` or ``di_hu``."""


def _facts(context: Context) -> NanchangFacts:
    """`NanchangFacts.of` ``context``, read in place when it holds 南昌's own (every request
    this variant parsed): a warm ``fan`` reads them four times."""
    facts = context.facts
    return facts if type(facts) is NanchangFacts else NanchangFacts.of(context)


def honor_chow_or_standard(tiles: Sequence[Tile]) -> bool:
    """A chow meld of 南昌 with honor chows: a suit sequence, three different winds, or 中发白."""
    if _standard_chow(tiles):
        return True
    kinds = set(tiles)
    return len(kinds) == 3 and (kinds <= set(range(T.EAST, T.NORTH + 1))
                                or kinds == {T.WHITE, T.GREEN, T.RED})


@lru_cache(maxsize=8)
def _hand_rules(tile_set: str, honor_chow: bool) -> HandRules:
    """The hand rules of an option set (built once: HandRules is immutable)."""
    return HandRules(T.TILE_SETS[tile_set], chow_melds=True,
                     chow_shape=honor_chow_or_standard if honor_chow else _standard_chow,
                     tile_set_name=tile_set)


class Nanchang(Variant):
    id: ClassVar[str] = "nanchang"
    name: ClassVar[str] = "Nanchang mahjong"
    name_zh: ClassVar[str] = "南昌麻将"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    settle_option_specs: ClassVar[tuple[OptionSpec, ...]] = (JING_COUNT_DISCARDS,
                                                              *SETTLE_OPTION_SPECS)
    extra_operations: ClassVar[tuple[str, ...]] = ("kong", "jing", "jing-settlement")
    late_operations: ClassVar[tuple[str, ...]] = ("settle",)
    advice_table_first: ClassVar[bool] = True  # 精 make each wait check dear (22 µs vs 7)
    request_shapes = wire.shapes(kong=wire.RequestShape.CONTEXT,
                                 jing=wire.RequestShape.CONTEXT,
                                 jing_settlement=wire.RequestShape.CONTEXT,
                                 settle=wire.RequestShape.RECORD)
    weights = WEIGHTS
    wait_win_type = WinType.SELF_DRAW  # a wildcard variant (RULES.md §0.6)
    facts: ClassVar[type[NanchangFacts]] = NanchangFacts
    fan_members = ("seats",)
    claim_rules = claims_module.CLAIM_RULES

    # --- the variant's rules ---------------------------------------------------------------

    def tile_set(self, options: Options) -> str:
        return str(options["tile_set"])

    def hand_rules(self, options: Options) -> HandRules:
        return _hand_rules(options["tile_set"], options["honor_chow"])

    def checked(self, request: Request, *, draw: bool = False, needs_win_tile: bool = False,
                hand: bool = True, extra: Extra | None = None, jing: bool = True) -> Options:
        """The shared checks, then the operation's own and ``context.jing`` (or the
        indicator standing in for it; ``jing`` False: an operation that reads no 精)."""
        if not jing:
            return super().checked(request, draw=draw, needs_win_tile=needs_win_tile,
                                   hand=hand, extra=extra)
        context = request.context

        def own(options: Options, given: bool) -> list[Problem]:
            found = extra(options, given) if extra is not None else []
            return found + self._jing_problems(context, options, given)

        return super().checked(request, draw=draw, needs_win_tile=needs_win_tile, hand=hand,
                               extra=own)

    def _jing_problems(self, ctx: Context, options: Options,
                       options_given: bool) -> list[Problem]:
        """``context.jing``'s problems; where ``context.indicator`` stands in for it (fan,
        waits, discards: `_indicated`), the indicator's as `jing` finds them, and a jing sent
        beside it that disagrees (compared under the options given, when they are good)."""
        facts = _facts(ctx)
        indicator, jing = facts.indicator, facts.jing
        if indicator is None:
            rules = self.hand_rules(options)
            return C.jing_problems(jing, rules.tile_kinds, rules.tile_set_name)
        found = _indicator_problems(indicator, options)
        if found or jing is None or not options_given:
            return found
        derived = _jing_of(indicator, options)
        if jing == derived:
            return []
        return [invalid_field("#/context/jing", (
            f"context.jing {{zheng: {T.code(jing.zheng)}, fu: {T.code(jing.fu)}}} "
            f"disagrees with context.indicator {T.code(indicator)}, which gives zheng "
            f"{T.code(derived.zheng)}, fu {T.code(derived.fu)} under jing_mode "
            f"{options['jing_mode']!r}: send one of the two"))]

    def prepared(self, request: Request) -> Request:
        return self._indicated(request)

    def _indicated(self, request: Request) -> Request:
        """fan, waits, discards take ``context.indicator`` in place of ``context.jing``
        (API.md): the 精 derived by `jing`'s own code, so one call is enough. An indicator
        `jing` would refuse, bad options, or a jing sent beside it leave the request as it
        is, for `_jing_problems` to word."""
        ctx = request.context
        facts = _facts(ctx)
        indicator = facts.indicator
        if indicator is None or facts.jing is not None:
            return request
        try:
            options = self.options(request)
        except RequestError:
            return request
        if _indicator_problems(indicator, options):
            return request
        jing = _jing_of(indicator, options)
        return replace(request, context=replace(ctx, facts=replace(facts, jing=jing)))

    # --- judging a hand --------------------------------------------------------------------

    def outcome(self, hand: Hand, context: Context, options: Options,
                win_type: WinType | None = None) -> Outcome:
        """Win or not (RULES.md §0.7: no shape first, then ``jing_diao`` on a discard), the
        best candidate, and 天胡/地胡; in ``win_type`` when given, else the context's."""
        facts = _facts(context)
        jing = facts.jing
        if jing is None:
            raise RequestError(C.jing_problems(None, frozenset(), "136"))
        win_type = win_type or context.win_type or WinType.DISCARD
        found: Readings = evaluate(hand, jing, self_drawn=win_type is WinType.SELF_DRAW,
                                   others_hold_jing=facts.others_hold_jing, options=options)
        best = found.best()
        if best is None:
            return Outcome(False, "no_winning_shape")
        special = _tian_di(context, win_type)
        if jingdiao.refused(found.jing_diao, win_type is WinType.SELF_DRAW, special == "di_hu",
                            options):
            return Outcome(False, jingdiao.NEEDS_SELF_DRAW)
        held = {c.shape for c in found.candidates}
        return Outcome(True, best=best, shapes=tuple(s.value for s in _SHAPES if s in held),
                       special=special)

    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck:
        result = self.outcome(hand, context, options)
        return WinCheck(result.win, result.shapes, result.reason)

    def offer_check(self, hand: Hand, tile: Tile, context: Context, win_type: WinType,
                    options: Options) -> Tallied[Outcome]:
        """`outcome` reads the tiles, the 精, the win type and a few context members
        (``others_hold_jing``, ``first_turn``, the dealer) — never ``context.kong`` — so
        the offer is judged in the request's own context, and the outcome rides along as its
        tally (`Tallied`): a claimed win is evaluated once, not twice."""
        result = self.outcome(Hand(hand.concealed, hand.melds, tile), context, options,
                              win_type)
        return Tallied(result.win, result.shapes, result.reason, result)

    def fan_value(self, hand: Hand, context: Context, options: Options) -> int:
        result = self.outcome(hand, context, options)
        if result.best is None or result.special is not None:
            return 0
        return result.best.fan

    def shanten(self, concealed: Sequence[Tile], melds: int, context: Context,
                options: Options) -> int:
        """The fewer of the substituting and the face-value readings' shanten; the first
        alone when it covers every face-value win (then it is never the larger)."""
        return hand_shanten(concealed, _jing(context), rules_for(options))

    def shanten_after_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                            options: Options) -> list[int]:
        return shanten_after_draws(concealed, _jing(context), options)

    def discard_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                      options: Options) -> dict[Tile, tuple[int, list[int]]]:
        """Every discard's from one shape-table pass per semantics
        (`nanchang.waits.discard_draws`)."""
        return discard_draws(concealed, _jing(context), options)

    def wait_candidates(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                        options: Options) -> Iterable[Tile]:
        return wait_candidates(concealed, _jing(context), options)

    def wait_list(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                  options: Options) -> tuple[Wait, ...]:
        """The shared definition (a self-draw of each candidate kind that is a win, with
        its fan), each trial judged once — ``check`` and ``fan_value`` would judge it
        twice — and the 13 tiles split and probed once (`nanchang.waits.wait_fans`)."""
        own = T.counts((*concealed, *(t for m in hand.melds for t in m.tiles)))
        seen = T.counts(context.visible)
        found = wait_fans(concealed, hand.melds, _jing(context),
                          _facts(context).others_hold_jing, options,
                          lambda t: own[t] >= T.COPIES)
        return tuple(Wait(T.code(t), max(0, T.COPIES - own[t] - seen[t]), fan)
                     for t, fan in found)

    # --- operations ------------------------------------------------------------------------

    def waits(self, request: Request) -> WaitsAnswer:
        return super().waits(self._indicated(request))

    def claims(self, request: Request) -> ClaimsAnswer:
        """`claims` takes ``context.indicator`` in place of ``context.jing`` too (API.md); a
        bad indicator, or a jing beside it that disagrees, is refused first (with the options'
        problems), as `checked` refuses them for fan, waits and discards."""
        if _facts(request.context).indicator is not None:
            problems: list[Problem] = []
            options = self.options_or_defaults(request, problems)
            problems += self._jing_problems(request.context, options, not problems)
            raise_if(problems)
        return super().claims(self._indicated(request))

    def discards(self, request: Request) -> DiscardsAnswer:
        return super().discards(self._indicated(request))

    def fan_problems(self, request: Request, options: Options, given: bool) -> list[Problem]:
        """The seats the payments read (`checks.payment_problems`)."""
        ctx = request.context
        if ctx.seats is None:
            return []
        return C.payment_problems(ctx, ctx.win_type or WinType.DISCARD,
                                  bool(options["dealer_double"]), options["players"])

    def fan_answer(self, request: Request, options: Options, tally: Outcome | None,
                   with_reading: bool) -> FanAnswer:
        """``fan``'s answer once the request is checked: the `outcome` (``tally``, when an
        offer judged it), 天胡/地胡 or the best reading's fan, the payments."""
        hand, ctx = request.hand, request.context
        result = tally if tally is not None else self.outcome(hand, ctx, options)
        win_type = ctx.win_type or WinType.DISCARD
        if not result.win or result.best is None:
            return FanAnswer(False, reason=result.reason, options=options)
        best = result.best
        if result.special is not None:
            special, fan, flat = tian_di(result.special, options)
            ids: tuple[Pattern, ...] = patterns(special)
            multiplier = None
        else:
            ids = patterns(best.patterns)
            fan, multiplier, flat = best.fan, 1 << best.fan, best.flat
        payments = None
        if ctx.seats is not None and ctx.seats.winner is not None:
            payments = win_payments(WinPayment(
                winner=ctx.seats.winner, win_type=win_type.value, fan=fan, flat=flat,
                dealer=ctx.seats.dealer if ctx.seats.dealer is not None else (
                    ctx.seats.winner if S.winner_is_dealer(ctx) else None),
                discarder=S.payer(ctx.seats, win_type),
                dealer_double=bool(options["dealer_double"]),
                three_pay=options["dianpao_pay"] == "three_pay",
                tian_di_points=flat if result.special is not None else None,
                active=S.active_seats(ctx, options["players"]), players=options["players"]))
        return FanAnswer(True, patterns=ids, fan=fan, multiplier=multiplier,
                         flat_per_payer=flat, payments=payments,
                         reading=reading(best, hand) if with_reading else None,
                         options=options)

    def kong(self, request: Request) -> KongAnswer:
        """Kong payments: at once 1 each (exposed/added), 2 each (concealed), 10 each (杠精);
        under ``kong_scoring: "end_of_won_hand"`` 2 each, 10 for 杠精."""
        ctx = request.context

        def problems(options: Options, _given: bool) -> list[Problem]:
            players = options["players"]
            found = S.range_problems(ctx, players)
            if ctx.kong is None:
                found.append(missing_field("#/context/kong", 'context.kong {"type", "tile"} is '
                                                             "required: the kong declared"))
            else:
                found += C.tile_in_set(ctx.kong.tile, T.TILE_SETS[options["tile_set"]],
                                       options["tile_set"], "#/context/kong/tile")
            return found + S.kong_problems(ctx, active=S.active_seats(ctx, players),
                                           discarder_pays=False)

        options = self.checked(request, hand=False, extra=problems)
        assert ctx.kong is not None and ctx.seats is not None and ctx.seats.konger is not None
        jing = _jing(ctx)
        is_jing = ctx.kong.tile in (jing.zheng, jing.fu)
        players = options["players"]
        return KongAnswer(kong_payments(ctx.seats.konger, ctx.kong.type.value, is_jing,
                                        S.active_seats(ctx, players),
                                        at_end=options["kong_scoring"] == END_OF_WON_HAND,
                                        players=players),
                          options)

    def jing(self, request: Request) -> JingAnswer:
        """正精 and 副精 from ``context.indicator`` under ``jing_mode`` (RULES.md §3.2)."""
        indicator = _facts(request.context).indicator

        def problems(options: Options, _given: bool) -> list[Problem]:
            if indicator is None:
                return [missing_field("#/context/indicator",
                                      "context.indicator is required: the turned tile")]
            return _indicator_problems(indicator, options)

        options = self.checked(request, hand=False, extra=problems, jing=False)
        assert indicator is not None
        jing = _jing_of(indicator, options)
        return JingAnswer(T.code(jing.zheng), T.code(jing.fu), options)

    def jing_settlement(self, request: Request) -> JingSettlementAnswer:
        """The 精 settlement of RULES.md §3.7 from ``context.holdings``, one entry per player:
        ``players`` of them when it is sent; else 2–4 as today, and the room then has that
        many players — the echo says so (rooms.md §0.9.3, reconciled.md §22)."""
        ctx = request.context
        sent = request.options.get("players") is not None
        options = self.checked(request, hand=False, jing=False, extra=lambda o, _: (
            C.holdings_problems(ctx, o["players"] if sent else None)))
        holdings: tuple[Holding, ...] = _facts(ctx).holdings or ()
        scores, deltas = settle([(h.zheng, h.fu) for h in holdings], options["bawang_mode"])
        if not sent and len(holdings) != options["players"]:
            options = _with_players(options, len(holdings))
        return JingSettlementAnswer(tuple(scores), tuple(deltas), options)

    def settle(self, request: Request) -> NanchangSettleAnswer:
        """The whole money of a hand from ``request.record`` (settle-nanchang.md §3.9); the
        settle prices with this variant's operations, handed in."""
        return self._settle.settle(request)

    @cached_property
    def _settle(self) -> NanchangSettle:
        return NanchangSettle(self)


_SHAPES: Final = tuple(shapes.Shape)
"""The shape ids in the order answers list them."""


_ECHOED: dict[tuple[int, int], tuple[Options, Options]] = {}
"""The options echoed by a ``jing-settlement`` whose room the holdings set (by the options'
identity and the count; the entry keeps the options, so the id stays theirs)."""


def _with_players(options: Options, players: int) -> Options:
    """``options`` with ``players`` as the holdings count it (one mapping per set)."""
    key = (id(options), players)
    found = _ECHOED.get(key)
    if found is None or found[0] is not options:
        if len(_ECHOED) > 256:
            _ECHOED.clear()
        found = _ECHOED[key] = (options, MappingProxyType({**options, "players": players}))
    return found[1]


def _indicator_problems(indicator: Tile, options: Options) -> list[Problem]:
    """What `jing` refuses in a turned tile: one outside the room's tile set."""
    return C.tile_in_set(indicator, T.TILE_SETS[options["tile_set"]], options["tile_set"],
                         "#/context/indicator")


def _jing_of(indicator: Tile, options: Options) -> Jing:
    """The 精 a turned tile gives under ``jing_mode`` (RULES.md §3.2): what `jing` answers,
    and what fan, waits and discards derive from ``context.indicator``."""
    return Jing(*jing_pair(indicator, options["jing_mode"]))


def _jing(context: Context) -> Jing:
    jing = _facts(context).jing
    if jing is None:
        raise RequestError(C.jing_problems(None, frozenset(), "136"))
    return jing


def _tian_di(context: Context, win_type: WinType) -> str | None:
    if not context.first_turn:
        return None
    dealer = S.winner_is_dealer(context)
    if dealer and win_type is WinType.SELF_DRAW:
        return "tian_hu"
    seats = context.seats
    dealer_discarded = (seats is None or seats.dealer is None or seats.discarder is None
                        or seats.discarder == seats.dealer)
    if not dealer and win_type is WinType.DISCARD and dealer_discarded:
        return "di_hu"
    return None


VARIANT = Nanchang()
warm(r for options in product(*((s.default, *(s.choices or (not s.default,)))
                                for s in OPTION_SPECS if s.name in RULE_OPTIONS))
     for rules in [rules_for(dict(zip(RULE_OPTIONS, options, strict=True)))]
     for r in (rules.wild, rules.natural, rules.triplets, *rules.wild_parts,
               *rules.natural_parts))
