"""四川麻将 · 血战到底 (``sichuan``, RULES.md §1): 108 tiles, pong and kong only, 缺一门.

The variant's hooks for the shared operations (win, waits, discards), its full evaluation
(``fan``: scoring in `sichuan.scoring`, payments in `sichuan.payments`) and its extra
operation ``kong`` (刮风下雨, §1.5).

How: a 四川 hand has no wildcards, so its concealed part is read in closed form by
`sichuan.reader` (only the readings that can score best, memoised per part); the general
shape search (`engine.shapes`) gives the shanten, and is the reference the tests hold the
fast reader against on thousands of generated hands.

Decisions (where RULES.md / API.md leave room):

* ``max_fan`` takes 2, 3, 4, 5 or null (the caps rooms offer, §1.4). Every bonus option has
  a range, so the largest uncapped fan is bounded: 35 = 2 (七对) + 2 (清一色) + 2 (将对)
  + 4 (带幺九) + 4 (金钩钓) + 4 (根) + 1 (门清) + 1 (中张) + 1 (杠上) + 1 (海底) + 1 (自摸)
  + 4 (龙七对 bonus) + 8 (天胡 additive); ``base_points`` ≤ 65536 then keeps the winner's
  receipt, 3 × 65536 × (2^35 + 1), under 2^53 − 1 (`MAX_AMOUNT`). The room patterns
  (rooms.md §0.9.4.3) stay inside it: 一条龙 (≤ 2) and 夹心五 (≤ 2 × 4: a 4-5-6 each of at
  most four groups) need concealed sequences, which rule out 对对胡's 2, 将对's 2, 金钩钓's 4
  (its concealed part is the pair) and 带幺九's 4 (a 4-5-6 holds no 1 or 9): 10 ≤ 12;
  将七对 (≤ 2) is a pairs shape, which rules out 将对, 带幺九 and 金钩钓; 对对胡 2 with 将对 1
  is the 3 of 2 + 2 bounded already.
* Rooms (rooms.md §0.9.4, `sichuan.rooms`): the room's tile set, size rule and seats; in
  rooms of fewer than three suits no 定缺 (``missing_suit`` refused), hence no 缺一门 and no
  suit to drop. ``dian_pao_ping_hu: false`` refuses a 0-fan discard win in ``win``, ``fan``
  and ``claims``; readiness (waits, discards' waits, claims' ``after``) evaluates a wait with
  it taken as true (`readiness_options`).
* A pattern's ``fan`` on the wire is what it adds in total (根 ×2 → fan 2, count 2), so the
  patterns' fan add up to ``fan``. ``gen_count`` is the number of 根 counted (0 when 天胡/地胡
  replace the list), present on every win.
* The 龙七对 bonus needs a four of a kind inside the 七对 whatever ``gen_mode`` says (it is
  the 龙 of 龙七对, not the 根 fan), and is added once however many fours there are.
* 天胡/地胡: the winner is the dealer when ``is_dealer`` says so, else when ``seats.dealer ==
  seats.winner``; a discard 地胡 must come from the dealer when the seats name both; a
  rob-kong win is never 天胡/地胡. 自摸加底 is not paid on 天胡 in either ``tiandi_mode``.
* 点杠花 is recognised by ``seats.kong_discarder`` on a self-draw ``after_kong``; under
  ``dian_gang_hua: "dian_pao"`` only that seat pays (``payers: "kong_discarder"``) and the
  fan is unchanged (杠上开花 and 自摸加番/加底 still count) — RULES.md moves only the payer.
* Rob-kong: the payer is ``seats.konger``, or ``seats.discarder`` (§0.3) when konger is
  absent. Seats and ``active`` are checked for every ``fan`` request that sends ``seats``,
  win or not, so the same body never flips between 200 and 422 with the hand.
* Shanten: the tiles of the missing suit (or, undeclared, of the best suit to drop that no
  meld holds) count as tiles to exchange. A hand whose melds hold the missing suit, or all
  three suits, can never win: its shanten is `NEVER`. Discards list the missing suit's tiles
  first (undeclared and three suits held: the suit whose dropping leaves the lowest shanten,
  then the fewest tiles of it, then m before p before s).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cached_property
from types import MappingProxyType
from typing import Final

from engine import room as R
from engine import shapes as S
from engine import tiles as T
from engine import wire
from engine.advice.answers import DingqueAnswer, ExchangeAnswer
from engine.advice.dingque import dingque
from engine.advice.exchange import exchange
from engine.caching import IdentityMemo
from engine.errors import Problem, RequestError
from engine.hand import Context, Hand, HandRules, Request, WinType, context_with
from engine.options import Options, OptionSpec, OptionType
from engine.plumbing import warm
from engine.results import DiscardsAnswer, KongAnswer, WinCheck
from engine.shapes import NEVER
from engine.tiles import Tile
from engine.variants.base import Variant
from engine.variants.sichuan import claims as claims_module
from engine.variants.sichuan import payments as P
from engine.variants.sichuan.bound import PING_HU_NEEDS_SELF_DRAW, bound, ruled
from engine.variants.sichuan.dropping import (
    ALL_SUITS,
    discard_draws,
    drop_suits,
    shanten_after_draws,
    suit_to_drop,
)
from engine.variants.sichuan.dropping import shanten as drop_shanten
from engine.variants.sichuan.facts import SichuanFacts, missing_suit
from engine.variants.sichuan.points import SichuanFanAnswer, priced
from engine.variants.sichuan.rooms import DEFAULT, SichuanRoom, sichuan_room
from engine.variants.sichuan.scoring import (
    as_reading,
    evaluate,
    prefs_for,
    read_shapes,
    suits_held,
)
from engine.variants.sichuan.settle.answer import SettleAnswer
from engine.variants.sichuan.settle.options import SETTLE_OPTION_SPECS
from engine.variants.sichuan.settle.settle import SichuanSettle
from engine.variants.sichuan.settle.shape import RECORD_LIMITS
from engine.variants.sichuan.weights import WEIGHTS

_I, _B, _S = OptionType.INTEGER, OptionType.BOOLEAN, OptionType.STRING
OPTION_SPECS: Final = (
    OptionSpec("max_fan", _I, 4, "cap on the fan paid (points = base_points × 2^capped fan); "
               "null: no cap", choices=(2, 3, 4, 5), nullable=True),
    OptionSpec("base_points", _I, 1, "points of a 0-fan hand; at most 65536 so that every "
               "amount stays within 2^53 − 1", minimum=1, maximum=65536),
    OptionSpec("zimo_bonus", _S, "jia_fan", "self-draw bonus: +1 fan (自摸加番), +base_points "
               "per payer (自摸加底), or none", choices=("jia_fan", "jia_di", "none")),
    OptionSpec("yaojiu_jiangdui", _B, True, "幺九将对: count 将对 and 带幺九"),
    OptionSpec("dai_yao_jiu_fan", _I, 2, "fan of 带幺九 (3 in some rule sets)",
               minimum=1, maximum=4),
    OptionSpec("jin_gou_diao_fan", _I, 1, "fan of 金钩钓 (2 in some rule sets)",
               minimum=1, maximum=4),
    OptionSpec("long_qi_dui_bonus", _I, 0, "extra fan of 七对 holding a four of a kind "
               "(1 pays 龙七对 ×16)", minimum=0, maximum=4),
    OptionSpec("menqing_zhongzhang", _B, False, "门清中张: count 门清 and 中张, +1 fan each"),
    OptionSpec("menqing_requires_self_draw", _B, False, "门清 only on a self-draw"),
    OptionSpec("gen_mode", _S, "any_four", "根: every kind held four times, or declared kongs "
               "only", choices=("any_four", "kong_only")),
    OptionSpec("hai_di", _B, True, "count 海底捞月 / 海底炮 on the last tile"),
    OptionSpec("tiandi_hu", _B, True, "count 天胡 / 地胡"),
    OptionSpec("tian_hu_fan", _I, 5, "fan of 天胡", minimum=1, maximum=8),
    OptionSpec("di_hu_fan", _I, 5, "fan of 地胡", minimum=1, maximum=8),
    OptionSpec("tiandi_mode", _S, "fixed", "fixed: 天胡/地胡 replace the hand's fan; additive: "
               "their fan is added to it", choices=("fixed", "additive")),
    OptionSpec("di_hu_mode", _S, "either", "地胡 on the dealer's first discard, on the "
               "non-dealer's first draw, or either", choices=("either", "discard", "self_draw")),
    OptionSpec("dian_gang_hua", _S, "zimo", "点杠花 (self-draw on a kong made from a discard): "
               "every active opponent pays as for a self-draw, or only the kong's discarder",
               choices=("zimo", "dian_pao")),
    *SETTLE_OPTION_SPECS,
    *claims_module.OPTION_SPECS,
    R.PLAYERS, R.SUITS, R.HAND_SIZE,
    OptionSpec("dui_dui_hu_fan", _I, 1, "fan of 对对胡 (对对胡两番: 2; 将对 then adds 1, "
               "staying 3 in all)", choices=(1, 2)),
    OptionSpec("dian_pao_ping_hu", _B, True, "点炮可平胡: a 0-fan hand may win on a discard "
               "(false: ping_hu_needs_self_draw)"),
    OptionSpec("jia_xin_wu_fan", _I, 0, "fan of 夹心五 (the win tile a 5 inside a concealed "
               "4-5-6); 0: not counted", minimum=0, maximum=2),
    OptionSpec("jia_xin_wu_count", _S, "once", "夹心五 counted once, or per concealed 4-5-6 "
               "on a self-draw", choices=("once", "per_456")),
    OptionSpec("yi_tiao_long_fan", _I, 0, "fan of 一条龙 (concealed 123 456 789 of one "
               "suit); 0: not counted", minimum=0, maximum=2),
    OptionSpec("jiang_qi_dui_fan", _I, 0, "fan of 将七对 (all 2-5-8 pairs with a four of a "
               "kind); 0: not counted", minimum=0, maximum=2),
)

FAN_BOUND: Final = 2 + 2 + 2 + 4 + 4 + 4 + 1 + 1 + 1 + 1 + 1 + 4 + 8
"""The largest uncapped fan the option ranges allow (see the module's decisions)."""
MAX_AMOUNT: Final = 3 * 65536 * (2**FAN_BOUND + 1)
"""The largest amount any answer can hold: three payers' points to one winner."""
_READY: Final[IdentityMemo[Options]] = IdentityMemo(256)
"""Per option set under ``dian_pao_ping_hu: false`` (by identity; the entry keeps it): the
same options with it true, for readiness (`Sichuan.readiness_options`)."""


def _in_room(after: list[int], room: SichuanRoom) -> list[int]:
    """The shanten after each draw with the draws of kinds outside the room `NEVER` (a room
    of fewer suits: the dropping tables read the 108 kinds)."""
    if room.room.three_suits:
        return after
    kinds = room.hand_rules.tile_kinds
    return [x if t in kinds else NEVER for t, x in enumerate(after)]


class Sichuan(Variant):
    """四川 血战到底."""

    id = "sichuan"
    name = "Sichuan Bloody Battle"
    name_zh = "四川麻将·血战到底"
    option_specs = OPTION_SPECS
    settle_option_specs = SETTLE_OPTION_SPECS
    extra_operations = ("kong", "settle")
    advice_operations = ("dingque", "exchange")
    request_shapes = wire.shapes(kong=wire.RequestShape.CONTEXT,
                                 settle=wire.RequestShape.RECORD,
                                 dingque=wire.RequestShape.DEALT,
                                 exchange=wire.RequestShape.EXCHANGE)
    weights = WEIGHTS
    record_limits = RECORD_LIMITS
    claim_rules = claims_module.CLAIM_RULES
    facts = SichuanFacts
    fan_members = ("seats",)

    # --- identity and rules -------------------------------------------------------------------

    def tile_set(self, options: Options) -> str:
        return "108"

    def hand_rules(self, options: Options) -> HandRules:
        return sichuan_room(options).hand_rules

    def context_problems(self, context: Context, options: Options) -> list[Problem]:
        """Seats and the declared missing suit (`payments.context_problems`)."""
        return P.context_problems(context, options)

    def readiness_options(self, options: Options) -> Options:
        """A wait is evaluated with ``dian_pao_ping_hu`` taken as true (rooms.md §0.9.4.3):
        a tile the hand could only self-draw is still a wait, with its discard fan."""
        if options["dian_pao_ping_hu"]:
            return options
        found = _READY.found(options)
        if found is None:
            found = _READY.keep(options, MappingProxyType({**options, "dian_pao_ping_hu": True}))
        return found

    # --- the hooks ----------------------------------------------------------------------------

    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck:
        """缺一门 first (§0.7), then the shape: standard or 七对 (五对, 四对); then, under
        ``dian_pao_ping_hu: false``, a 0-fan discard win is refused. A 缺一门 refusal carries
        the shapes the tiles form all the same (``win`` shows shapes only on a win):
        ``claims`` reports the refusal only when there is one (settled reading 13).

        The check of the options' room, bound once per option set (`sichuan.bound`: the
        default room's is the plain 13-tile check)."""
        return bound(options).check(hand, context)

    def offer_check(self, hand: Hand, tile: Tile, context: Context, win_type: WinType,
                    options: Options) -> WinCheck | None:
        """`check` reads the tiles and the declared missing suit only — not the win type —
        so an offer is ruled on without a trial hand or context (unless a 0-fan discard win
        may be refused: then `check` asks the fan in the trial context)."""
        b = bound(options)
        verdict = ruled(*read_shapes(hand, tile, b.hand_size), context)
        if verdict.win and win_type is WinType.DISCARD and not b.ping_hu_on_discard:
            return None
        return verdict

    def fan_checked(self, request: Request) -> Options:
        """`checked`, then the seats the payments read (`payments.win_seat_problems`), a
        stage of their own: a request with a bad hand is refused for the hand alone."""
        options = self.checked(request, needs_win_tile=True)
        context = request.context
        if context.seats is not None:
            b = bound(options)
            seat_problems = P.win_seat_problems(context, b.dian_pao, b.players)
            if seat_problems:  # (not `raise_if`: a good request stays out of engine.errors)
                raise RequestError(seat_problems)
        return options

    def settled_fan(self, request: Request, options: Options) -> SichuanFanAnswer:
        """``fan``'s answer for a winner of a ``settle`` record, less what the record's stages
        have proved (`checked` is not asked again): its options resolved (stage 2), its hand
        checked as a ``fan`` hand (stage 3), its seats and missing suit read in the room
        (stage 1). Without the reading and the per-seat payments, which ``settle`` shows
        nowhere (it pays by its rows). A moment whose seats ``fan`` would refuse for its
        payments (a seat acting after it left: the record's own checks refuse it) is priced
        without seats, and the answer is not used."""
        context = request.context
        if P.win_seat_problems(context, options["dian_gang_hua"] == "dian_pao"):
            request = replace(request, context=context_with(context, active=None, seats=None))
        return self.fan_answer(request, options, None, False, with_payments=False)

    def fan_answer(self, request: Request, options: Options, tally: None = None,
                   with_reading: bool = True, *, with_payments: bool = True
                   ) -> SichuanFanAnswer:
        """``fan``'s answer once the request is checked: `evaluate`'s tally (its own memo
        stands in for an offer's: `offer_check` carries none), its price, the payments
        (``with_payments`` False: `settled_fan`)."""
        context = request.context
        b = bound(options)
        result = evaluate(request.hand, context, b.prefs)
        if isinstance(result, str):
            return SichuanFanAnswer(False, reason=result, options=options)
        if result.fan == 0 and not b.ping_hu_on_discard \
                and (context.win_type or WinType.DISCARD) is WinType.DISCARD:
            return SichuanFanAnswer(False, reason=PING_HU_NEEDS_SELF_DRAW, options=options)
        capped, points = priced(result.fan, options, context.win_type is WinType.SELF_DRAW,
                                result.tian_hu)
        return SichuanFanAnswer(
            win=True,
            patterns=result.patterns(b.hand_size),
            fan=result.fan,
            gen_count=result.gen_count,
            fan_capped=capped,
            points_per_payer=points,
            payers=P.payers_name(context, b.dian_pao),
            payments=(P.win_payments(context, points, b.dian_pao, b.players)
                      if with_payments else None),
            reading=as_reading(request.hand, result.reading) if with_reading else None,
            options=options,
        )

    def fan_value(self, hand: Hand, context: Context, options: Options) -> int:
        result = evaluate(hand, context, prefs_for(options))
        if isinstance(result, str):
            raise ValueError(f"not a win ({result}): fan_value needs a winning hand")
        return result.fan

    def shanten(self, concealed: Sequence[Tile], melds: int, context: Context,
                options: Options) -> int:
        """Shanten with the missing suit's tiles to exchange (undeclared: the best suit)."""
        missing = missing_suit(context)
        return drop_shanten(concealed, ALL_SUITS if missing is None else frozenset({missing}),
                            sichuan_room(options))

    def dropped_suit_rules(self, options: Options) -> tuple[S.ShapeRules, ...] | None:
        """The room's `SichuanRoom.without` (缺一门: the dropped suit's tiles dead), in a room of
        three suits and 13 tiles (`engine.shapes.composed`'s scope)."""
        room = sichuan_room(options)
        return room.without if room.room.three_suits and room.room.hand_size == 13 else None

    def hand_shanten(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                     options: Options) -> int:
        """As `shanten`, but a suit a declared meld holds cannot be the one dropped."""
        return drop_shanten(concealed, drop_suits(hand, context), sichuan_room(options))

    def shanten_after_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                            options: Options) -> list[int]:
        """`hand_shanten` after each draw, from one table probe per suit that may be dropped
        (see `engine.variants.sichuan.dropping.shanten_after_draws`); a kind outside the room
        is never drawn."""
        room = sichuan_room(options)
        return _in_room(shanten_after_draws(concealed, drop_suits(hand, context), room), room)

    def discard_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                      options: Options) -> dict[Tile, tuple[int, list[int]]]:
        """Every discard's `hand_shanten` and draws, one shape-table pass per suit that may
        be dropped (`engine.variants.sichuan.dropping.discard_draws`); as there, a kind
        outside the room is never drawn."""
        room = sichuan_room(options)
        found = discard_draws(concealed, drop_suits(hand, context), room)
        if room.room.three_suits:
            return found
        return {k: (now, _in_room(after, room)) for k, (now, after) in found.items()}

    def wait_candidates(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                        options: Options) -> Iterable[Tile]:
        """The kinds completing a standard shape or 七对 (one table probe), less those that
        break 缺一门 — `check` refuses them before it looks at the shape."""
        mask = suits_held((*concealed, *(m.tiles[0] for m in hand.melds)))
        missing = missing_suit(context)
        rules = sichuan_room(options).rules  # (the room's kinds; its pairs shape needs no meld,
        # so a part beside a meld, one tile short of it, never completes one)
        if missing is not None:
            if mask >> missing & 1:
                return ()
            return [t for t in S.completing_kinds(T.counts(concealed), 0, rules, ())
                    if t // 9 != missing]
        return [t for t in S.completing_kinds(T.counts(concealed), 0, rules, ())
                if mask | 1 << t // 9 != 7]

    # --- operations ---------------------------------------------------------------------------

    def discards(self, request: Request) -> DiscardsAnswer:
        """The shared advice, with the tiles of the suit to drop moved to the front."""
        answer = super().discards(request)
        first = suit_to_drop(request.hand, request.context, answer.options)
        if first is None:
            return answer
        front = [c for c in answer.discards if T.from_code(c.tile) // 9 == first]
        back = [c for c in answer.discards if T.from_code(c.tile) // 9 != first]
        return replace(answer, discards=(*front, *back))

    def dingque(self, request: Request) -> DingqueAnswer:
        """定缺: which suit to declare missing (advice.md §0.10.8)."""
        return dingque(self, request.body)

    def exchange(self, request: Request) -> ExchangeAnswer:
        """换三张: which three tiles of one suit to give (advice.md §0.10.9)."""
        return exchange(self, request.body)

    def kong(self, request: Request) -> KongAnswer:
        """刮风下雨 (§1.5): the immediate payments for ``context.kong``."""
        options = self.checked(request, hand=False, extra=lambda o, _: P.kong_problems(
            request.context, sichuan_room(o).hand_rules, sichuan_room(o).room.players))
        room = sichuan_room(options)
        return KongAnswer(P.kong_payments(request.context, options, room.room.players),
                          options)

    def settle(self, request: Request) -> SettleAnswer:
        """The whole money of a 血战/血流 hand from ``request.record`` (settle.md §1.6)."""
        return self._settle.settle(request)

    @cached_property
    def _settle(self) -> SichuanSettle:
        return SichuanSettle(self)


VARIANT: Final = Sichuan()
warm((*DEFAULT.without, *DEFAULT.standard_without, *DEFAULT.pairs_without, DEFAULT.rules))
