"""长沙麻将 (``changsha``, RULES.md §2): small and big wins, birds, opening wins, and two
scoring profiles.

108 tiles, chow melds allowed. A small win (小胡) needs a 2/5/8 pair; shape 大胡 relax that,
event 大胡 do not (`changsha.patterns`); shapes and shanten are in `changsha.shapes`; birds
and the traditional payments in `changsha.birds`, seats in `changsha.seats`; the seed
document's profile in `changsha.seed_scoring`; opening wins in `changsha.qishou`; the options
in `changsha.options`; the settlement of a whole hand in `changsha.settle`. This module ties
those together into the operations ``win``, ``waits``, ``fan``, ``discards`` (shared,
`base`), ``birds``, ``qishou``, ``claims`` and ``settle``.

Decisions (where RULES/API leave room):

* Several winners on one discard (一炮多响): §2.5 makes the discarder the bird origin. A
  request says so with ``bird_origin: "discarder"`` — an extra choice of that option, sent with
  each winner's request (one request per winner). It needs a discard or a robbed kong.
* Birds point to seats, so birds need ``context.seats`` (the winner; the dealer with
  ``bird_origin: "dealer"`` and in the seed profile). Payments need the winner, the paying
  seat (``discarder``; ``konger`` or ``discarder`` on a robbed kong) and — with 庄闲分 on — the
  dealer (``seats.dealer``, or ``is_dealer: true`` for a dealer who wins). Sending ``seats``
  asks for payments, so these are required whenever ``seats`` is sent.
* The dealer status for 天胡/地胡 is ``is_dealer`` when given, else ``seats``; unknown is "not
  the dealer". 地胡 is a first-turn discard win by a non-dealer, and not when the seats show
  the discarder is not the dealer. 海底炮 needs a discard (not a robbed kong).
* ``quanqiuren_discard_only`` forbids 全求人 on a self-draw only (a robbed kong is a claim).
* ``hit`` of a bird: traditional — it points to the winner or a payer (a bird on a seat that
  pays nothing is void); ``159_only`` — it is of rank 1/5/9 (its seat is the winner; other
  birds have no seat); seed — it points to the winner. ``bird_hits`` counts birds per seat.
* Seed profile: ``birds_expected`` is 1 on a robbed kong too (not a self-draw); ``bird_fan``
  is 0 when no birds are sent.
* Birds are checked like tiles: 108-tile set, at most 16, and no kind beyond four copies
  counting the birds, the player's tiles and ``visible`` (they are all different tiles).
* ``context.active`` (血战) has no meaning here and is ignored.
* 起手小胡: each pattern counts once (two four-of-a-kinds are one 四喜); 六六顺 takes three
  or more copies; a pattern's ``fan`` is 0 (a small win); ``per_other_player`` is the base *b*
  (``qishou_value``, ``xiao_hu_self_draw``); the money of a declaration is ``settle``'s.
* The reading lists declared melds first, then the concealed groups; 将将胡 without another
  shape lists its concealed tiles as singles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from engine import shapes as S
from engine import tiles as T
from engine import wire
from engine.errors import (
    Code,
    Problem,
    invalid_field,
    invalid_option,
    missing_field,
)
from engine.hand import Context, Hand, HandRules, Request, WinType, check_hand
from engine.options import Options
from engine.plumbing import warm
from engine.results import Tallied, Wait, WinCheck
from engine.tiles import Tile
from engine.variants.base import Variant
from engine.variants.changsha import birds as B
from engine.variants.changsha import claims as claims_module
from engine.variants.changsha import seed_scoring as seed
from engine.variants.changsha.answers import ChangshaBirdsAnswer, ChangshaFanAnswer, QishouAnswer
from engine.variants.changsha.facts import ChangshaFacts
from engine.variants.changsha.options import OPTION_SPECS, SEED, TRADITIONAL
from engine.variants.changsha.qishou import qishou_base, qishou_patterns
from engine.variants.changsha.scoring import (
    REASON_NO_SHAPE,
    Score,
    Verdict,
    judge,
    score,
    traits_of,
)
from engine.variants.changsha.seats import (
    WinSeats,
    discarder_is_dealer,
    read_seats,
    seat_problems,
    win_seats,
    winner_is_dealer,
)
from engine.variants.changsha.settle.answer import ChangshaSettleAnswer
from engine.variants.changsha.settle.options import SETTLE_OPTION_SPECS
from engine.variants.changsha.settle.settle import settle
from engine.variants.changsha.shapes import (
    FLUSH_ANY,
    FLUSH_STANDARD,
    HAND_RULES,
    SEVEN_PAIRS,
    SMALL,
    STANDARD,
    TRIPLETS,
    discard_draws,
    forms_no_shape,
    has_wait,
    reading,
    shanten,
    shanten_after_draws,
    wait_candidates,
)
from engine.variants.changsha.weights import WEIGHTS

NO_SHAPE: Final[Tallied[Verdict]] = Tallied(False, (), REASON_NO_SHAPE)
"""`judge`'s refusal of tiles that form no shape (`forms_no_shape`)."""


def win_type_of(context: Context) -> WinType:
    """The win type; 长沙 defaults to a discard (RULES §0.3)."""
    return context.win_type or WinType.DISCARD


def _turned(context: Context) -> tuple[Tile, ...] | None:
    """The turned birds, ``ChangshaFacts.of(context).birds`` — read in place when the context
    holds 长沙's own facts (every request this variant parsed): ``fan`` reads them twice."""
    facts = context.facts
    return (facts if type(facts) is ChangshaFacts else ChangshaFacts.of(context)).birds


class Changsha(Variant):
    """长沙麻将 with birds (扎鸟), opening wins (起手小胡) and both scoring profiles."""

    id = "changsha"
    name = "Changsha mahjong"
    name_zh = "长沙麻将"
    option_specs = OPTION_SPECS
    settle_option_specs = SETTLE_OPTION_SPECS
    reads_active = False
    extra_operations = ("birds", "qishou")
    late_operations = ("settle",)
    request_shapes = wire.shapes(birds=wire.RequestShape.CONTEXT,
                                 qishou=wire.RequestShape.HAND,
                                 settle=wire.RequestShape.RECORD)
    weights = WEIGHTS
    facts = ChangshaFacts
    fan_members = ("seats", "birds")
    claim_rules = claims_module.CLAIM_RULES

    # --- the hooks ----------------------------------------------------------------------------

    def tile_set(self, options: Options) -> str:
        return "108"

    def hand_rules(self, options: Options) -> HandRules:
        return HAND_RULES

    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck:
        verdict = judge(hand, win_type_of(context), options)
        return WinCheck(verdict.win, verdict.shapes, verdict.reason)

    def offer_check(self, hand: Hand, tile: Tile, context: Context, win_type: WinType,
                    options: Options) -> Tallied[Verdict]:
        """`judge` reads the tiles, the win type and the options, no other context member:
        no trial context is needed, and the verdict rides along as its tally (`Tallied`). Tiles
        that form no shape at all (most offers) are refused without `judge`'s traits."""
        if forms_no_shape(hand.concealed, tile, hand.melds):
            return NO_SHAPE
        verdict = judge(Hand(hand.concealed, hand.melds, tile), win_type, options)
        return Tallied(verdict.win, verdict.shapes, verdict.reason, verdict)

    def fan_value(self, hand: Hand, context: Context, options: Options) -> int:
        return self._fan_of(hand, context, options, judge(hand, win_type_of(context), options))

    def _fan_of(self, hand: Hand, context: Context, options: Options, verdict: Verdict) -> int:
        if options["scoring_profile"] == SEED:
            return seed.seed_score(verdict.traits).fan
        return self._traditional(hand, context, options, verdict, win_type_of(context)).units

    def wait_list(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                  options: Options) -> tuple[Wait, ...]:
        """The shared definition (each candidate kind that wins on a discard, with its fan),
        each trial judged once: ``check`` and ``fan_value`` would judge it twice."""
        own = T.counts((*concealed, *(t for m in hand.melds for t in m.tiles)))
        seen = T.counts(context.visible)
        wait_context = self.wait_context(context)
        win_type = win_type_of(wait_context)
        waits = []
        for tile in wait_candidates(concealed, hand.melds):
            if own[tile] >= T.COPIES:
                continue
            trial = Hand(tuple(concealed), hand.melds, tile)
            verdict = judge(trial, win_type, options)
            if verdict.win:
                fan = self._fan_of(trial, wait_context, options, verdict)
                waits.append(Wait(T.code(tile), max(0, T.COPIES - own[tile] - seen[tile]), fan))
        return tuple(waits)

    def shanten(self, concealed: Sequence[Tile], melds: int, context: Context,
                options: Options) -> int:
        """Exact without melds. This hook sees only the number of melds, not what they are,
        and 碰碰胡/清一色/将将胡/全求人 depend on them: with melds it counts the 2/5/8 route
        alone (an upper bound). The operations call `hand_shanten`, which sees the melds."""
        if melds == 0:
            return shanten(concealed, ())
        return S.shanten(T.counts(concealed), 0, SMALL)

    def hand_shanten(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                     options: Options) -> int:
        return shanten(concealed, hand.melds)

    def shanten_after_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                            options: Options) -> list[int]:
        return shanten_after_draws(concealed, hand.melds)

    def discard_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                      options: Options) -> dict[Tile, tuple[int, list[int]]]:
        return discard_draws(concealed, hand.melds)  # (one pass a route: changsha.shapes)

    def wait_candidates(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                        options: Options) -> Iterable[Tile]:
        return wait_candidates(concealed, hand.melds)

    def has_wait(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                 options: Options) -> bool:
        """The shared definition, from the counts (`changsha.shapes.has_wait`)."""
        return has_wait(concealed, hand.melds)

    # --- fan ----------------------------------------------------------------------------------

    def fan_problems(self, request: Request, options: Options, given: bool) -> list[Problem]:
        """The turned birds and the seats the payments (traditional) or the birds read."""
        context = request.context
        turned = _turned(context)
        if context.seats is None and turned is None:
            return []  # (nothing only fan checks: the common request)
        return self._seat_and_bird_problems(request, turned, options, given,
                                            purpose="payments")[0]

    def fan_answer(self, request: Request, options: Options, tally: Verdict | None,
                   with_reading: bool) -> ChangshaFanAnswer:
        """`judge`'s tally (or the one an offer carries), then the seed or the traditional
        price, with the birds and payments when seats or birds were sent."""
        hand, context = request.hand, request.context
        turned = _turned(context)
        win_type = win_type_of(context)
        verdict = tally if tally is not None else judge(hand, win_type, options)
        if not verdict.win:
            return ChangshaFanAnswer(False, reason=verdict.reason, options=options)
        shown = reading(hand, verdict.traits, verdict.shapes) if with_reading else None
        if options["scoring_profile"] == SEED:
            scored = seed.seed_score(verdict.traits)
            seed_birds, bird_fan = _seed_birds(turned, self._win_seats(context, options),
                                               hand, options) if turned is not None \
                else (None, 0)
            return ChangshaFanAnswer(
                True, patterns=scored.patterns, fan=scored.fan, bird_fan=bird_fan,
                total_fan=seed.total_fan(scored.fan, bird_fan, win_type),
                birds=seed_birds.birds if seed_birds else None,
                bird_hits=seed_birds.hits if seed_birds else None,
                birds_expected=seed.birds_expected(win_type), reading=shown, options=options)

        value = self._traditional(hand, context, options, verdict, win_type)
        birds = payments = None
        seated = self._win_seats(context, options) if context.seats is not None else None
        if seated is not None:
            birds = _traditional_birds(turned, options, seated) \
                if turned is not None else None
            payments = _payments(value, seated, birds, options)
        return ChangshaFanAnswer(
            True, patterns=value.patterns, fan=value.units, base_per_payer=value.base_per_payer,
            payments=payments, birds=birds.birds if birds else None,
            bird_hits=birds.hits if birds else None, birds_expected=int(options["bird_count"]),
            reading=shown, options=options)

    # --- birds --------------------------------------------------------------------------------

    def birds(self, request: Request) -> ChangshaBirdsAnswer:
        """The birds on their own (seats, hits); with the winning hand also its payments
        (traditional) or its fan with the bird fan (seed)."""
        context, hand = request.context, request.hand
        turned = ChangshaFacts.of(context).birds
        win_type = win_type_of(context)
        seated: WinSeats | None = None

        def own(options: Options, given: bool) -> list[Problem]:
            nonlocal seated  # the seats read, for the answer (the last check's)
            problems = []
            if not request.has_hand and (hand.win_tile is not None or hand.melds):
                problems.append(missing_field(
                    "#/hand", "win_tile and melds without hand: send the whole winning hand "
                              "(hand, melds, win_tile) for payments, or none of it"))
            if turned is None:
                problems.append(missing_field("#/context/birds",
                                              'send the turned birds as turned, e.g. '
                                              '["4p", "7s"]'))
            more, seated = self._seat_and_bird_problems(request, turned, options, given,
                                                        purpose="birds")
            return problems + more

        options = self.checked(request, needs_win_tile=True, hand=request.has_hand, extra=own)
        assert seated is not None and turned is not None  # checked saw to it

        if options["scoring_profile"] == SEED:
            scored, _ = _seed_birds(turned, seated, None, options)
            assert scored is not None
            answer = ChangshaBirdsAnswer(scored.birds, scored.hits,
                                         seed.birds_expected(win_type), options=options)
        else:
            scored = _traditional_birds(turned, options, seated)
            answer = ChangshaBirdsAnswer(scored.birds, scored.hits, int(options["bird_count"]),
                                         options=options)
        if not request.has_hand:
            return answer
        verdict = judge(hand, win_type, options)
        if not verdict.win:
            return replace(answer, win=False, reason=verdict.reason)
        if options["scoring_profile"] == SEED:
            hand_fan = seed.seed_score(verdict.traits).fan
            bird_fan = B.seed_bird_fan(turned, scored, hand.concealed_with_win)
            return replace(answer, win=True, fan=hand_fan, bird_fan=bird_fan,
                           total_fan=seed.total_fan(hand_fan, bird_fan, win_type))
        value = self._traditional(hand, context, options, verdict, win_type)
        return replace(answer, win=True, fan=value.units, base_per_payer=value.base_per_payer,
                       payments=_payments(value, seated, scored, options))

    # --- qishou -------------------------------------------------------------------------------

    def qishou(self, request: Request) -> QishouAnswer:
        """Opening small wins of a dealt hand: 13 tiles, or 14 for the dealer."""
        hand = request.hand
        dealt = Hand(hand.concealed)
        size = 14 if len(dealt.concealed) == 14 else 13

        def own(options: Options, _given: bool) -> list[Problem]:
            problems = []
            if not request.has_hand:
                problems.append(missing_field("#/hand", "send the dealt hand: 13 tiles, or 14 "
                                                        "for the dealer"))
            if hand.melds:
                problems.append(invalid_field("#/melds", "opening wins are checked on the "
                                                         "dealt hand, before any meld: send "
                                                         "no melds"))
            if hand.win_tile is not None:
                problems.append(invalid_field("#/win_tile", "the dealt hand has no win tile: "
                                                            "send all its tiles as hand"))
            for problem in check_hand(dealt, self.hand_rules(options), size=size,
                                      needs_win_tile=False, visible=request.context.visible):
                if problem.code is Code.BAD_TILE_COUNT:
                    if request.has_hand and not hand.melds:  # else the cause is named above
                        problems.append(replace(problem, detail=(
                            "the dealt hand has 13 tiles, or 14 for the dealer; got "
                            f"{len(dealt.concealed)}")))
                else:
                    problems.append(problem)
            return problems

        options = self.checked(request, hand=False, extra=own)
        patterns = qishou_patterns(dealt.concealed)
        return QishouAnswer(patterns, len(patterns), qishou_base(len(patterns), options),
                            options)

    # --- settle -------------------------------------------------------------------------------

    def settle(self, request: Request) -> ChangshaSettleAnswer:
        """The whole money of one hand from ``request.record`` (settle-changsha.md §2.9);
        the settle prices with this variant's operations, handed in."""
        return settle(request, self)

    # --- helpers ------------------------------------------------------------------------------

    def _traditional(self, hand: Hand, context: Context, options: Options,
                     verdict: Verdict, win_type: WinType) -> Score:
        """Shape 大胡 plus the event 大胡 of the moment, stacked (the hand must win)."""
        traits = traits_of(hand, context, verdict, win_type,
                         winner_is_dealer=winner_is_dealer(context),
                         discarder_is_dealer=discarder_is_dealer(context, win_type))
        return score(traits, options)

    def _win_seats(self, context: Context, options: Options) -> WinSeats:
        """The seats of a win whose seats `_seat_and_bird_problems` found nothing wrong
        with: the winner, the dealer, the payers."""
        seats = win_seats(context, win_type_of(context), players=options["players"])
        assert seats is not None  # the check asked for the winner
        return seats

    def _seat_and_bird_problems(self, request: Request, turned: tuple[Tile, ...] | None,
                                options: Options, given: bool, *,
                                purpose: str) -> tuple[list[Problem], WinSeats | None]:
        """What ``fan`` and ``birds`` check beside the hand: the ``turned`` birds, the seats,
        and (under the options sent, when the seats are in range) the bird origin and the
        seats the payments or birds read — with those seats (None when not needed or not
        read)."""
        context, hand = request.context, request.hand
        win_type = win_type_of(context)
        problems: list[Problem] = []
        if turned is not None:
            problems += B.bird_problems(turned, hand.all_tiles, context.visible,
                                        _hai_di_tile(hand, context))
        seats_wrong = seat_problems(context, win_type, options["players"])
        problems += seats_wrong
        if not given or seats_wrong:
            return problems, None
        birds = purpose == "birds"
        problems += _origin_problems(options, win_type, birds or turned is not None)
        seed_profile = options["scoring_profile"] == SEED
        if birds:  # (purpose, the payers, the dealer) the seats must name
            needs = ("birds", not seed_profile, seed_profile or options["bird_origin"] == "dealer"
                     or (request.has_hand and bool(options["zhuang_xian"])))
        elif seed_profile and turned is not None:
            needs = ("birds", False, True)
        elif not seed_profile and (context.seats is not None or turned is not None):
            needs = ("payments", True, bool(options["zhuang_xian"]) or (
                turned is not None and options["bird_origin"] == "dealer"))
        else:
            return problems, None
        seated, more = read_seats(context, win_type, purpose=needs[0], need_payers=needs[1],
                                  need_dealer=needs[2], players=options["players"])
        return problems + more, seated

def _origin_problems(options: Options, win_type: WinType, has_birds: bool) -> list[Problem]:
    """``bird_origin: "discarder"`` is for several winners on one discard."""
    if (has_birds and options["scoring_profile"] == TRADITIONAL
            and options["bird_origin"] == "discarder" and win_type is WinType.SELF_DRAW):
        return [invalid_option("#/options/bird_origin",
                               'bird_origin "discarder" is for several winners on one discard; '
                               "a self-draw has no discarder")]
    return []


def _traditional_birds(birds: Sequence[Tile], options: Options, seated: WinSeats) -> B.Birds:
    origin_name = options["bird_origin"]
    if origin_name == "dealer":
        assert seated.dealer is not None  # read_seats was asked for it
        origin = seated.dealer
    elif origin_name == "discarder":
        origin = seated.payers[0]  # a discard or robbed kong has exactly one payer
    else:
        origin = seated.winner
    return B.traditional_birds(birds, options["bird_mode"], origin, seated.winner, seated.payers,
                               options["players"], options["bird_seats"])


def _payments(value: Score, seated: WinSeats, birds: B.Birds | None,
              options: Options) -> B.Seats4:
    return B.payments(value.base_per_payer, value.units, seated.winner, seated.payers,
                      hits=birds.hits if birds else (0,) * options["players"],
                      dealer=seated.dealer, options=options)


def _hai_di_tile(hand: Hand, context: Context) -> Tile | None:
    """The win tile of a ``last_tile`` win: the birds may repeat it (§2.5's 海底 reading)."""
    return hand.win_tile if context.last_tile else None


def _seed_birds(birds: Sequence[Tile] | None, seated: WinSeats | None,
                hand: Hand | None, options: Options) -> tuple[B.Birds | None, int]:
    """The seed profile's birds (from the dealer) and, with the hand, their fan."""
    if birds is None or seated is None:
        return None, 0
    assert seated.dealer is not None  # read_seats was asked for it
    scored = B.seed_birds(birds, seated.dealer, seated.winner, options["players"],
                          options["bird_seats"])
    return scored, B.seed_bird_fan(birds, scored, hand.concealed_with_win) if hand else 0


VARIANT: Final = Changsha()
warm((SMALL, STANDARD, TRIPLETS, SEVEN_PAIRS, *FLUSH_STANDARD, *FLUSH_ANY))
