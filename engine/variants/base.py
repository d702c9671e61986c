"""One protocol for every variant, and the operations they share.

A variant declares its identity, options and tile rules, and answers four questions about a
hand: is it a win (and why not), what is it worth, how far is it from a wait, and which
tiles are wild. ``win``, ``waits`` and ``discards`` are built here from those answers, the
same way for every variant, and ``fan`` by the pipeline of `engine.variants.fan` around the
variant's hooks; any extra operation (``birds``, ``kong``, ``qishou``,
``jing``, ``jing-settlement``) is the variant's own.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Final

from engine import tiles as T
from engine import wire
from engine.advice import advice as advised
from engine.advice.answers import AdviceAnswer13, AdviceAnswer14
from engine.caching import BoundedDict
from engine.claims.answers import ClaimsAnswer
from engine.claims.offer import claims as offered_claims
from engine.claims.rules import ClaimRules
from engine.errors import Problem, RequestError, raise_if
from engine.hand import (
    Context,
    Hand,
    HandRules,
    Request,
    VariantFacts,
    WinType,
    check_hand,
    context_with,
    parse_request,
)
from engine.options import Options, OptionSpec, resolve
from engine.plumbing import OptionCache, plainly_valid
from engine.results import (
    EFFECTIVE_TILES,
    DiscardChoice,
    DiscardsAnswer,
    EffectiveTile,
    Wait,
    WaitsAnswer,
    WinAnswer,
    WinCheck,
)
from engine.room import deal_problems, room_of
from engine.seats import FULL_TABLE, range_problems
from engine.shapes import NEVER, ShapeRules
from engine.tiles import Tile
from engine.variants.fan import Extra, FanPipeline
from engine.variants.members import OwnMember, own_members
from engine.weights import Weigh

Operation = Callable[[Request], Any]


class Variant(FanPipeline):
    """A regional rule set. Subclasses fill the class attributes and the abstract methods."""

    id: ClassVar[str]
    name: ClassVar[str]
    name_zh: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    extra_operations: ClassVar[tuple[str, ...]] = ()
    """Operations beyond win/waits/fan/discards, by their path segment (``jing-settlement``);
    each is the method of the same name with ``-`` as ``_``."""
    late_operations: ClassVar[tuple[str, ...]] = ()
    """Operations listed after ``claims``: those a variant gained after it had ``claims``
    (reconciled.md §7: 长沙's ``settle``)."""
    advice_operations: ClassVar[tuple[str, ...]] = ()
    """Operations listed after ``advice``, which every variant has (reconciled.md §7: 四川's
    ``dingque`` and ``exchange``, advice.md §0.10.8–9)."""
    advice_table_first: ClassVar[bool] = False
    """Whether ``advice`` asks a part's shape table before its wait check: True where 精 or
    wildcards make the wait check dearer than the table probe (`engine.advice.adapter`)."""
    facts: ClassVar[type[VariantFacts]] = VariantFacts
    """The context members this variant owns beside the shared ones (its package's
    ``facts.py``): `request` reads them into ``Context.facts``."""
    claim_rules: ClassVar[ClaimRules | None] = None
    """The variant's claim rules (its package's ``claims.py``); with them it has ``claims``."""
    request_shapes: ClassVar[Mapping[str, wire.RequestShape]] = wire.SHARED_SHAPES
    """What each operation's body must hold (`engine.wire.RequestShape`): the shared
    operations', and each extra operation's (one not listed takes the bare envelope)."""
    weights: ClassVar[Mapping[str, Weigh]] = {}
    """What an item of each costly operation weighs in a batch (`engine.weights`, measured
    by ``benchmarks/weights.py``); an operation not listed weighs `engine.weights.MINIMUM`."""
    record_limits: ClassVar[wire.Object | None] = None
    """``settle``'s record: its lists and objects, for the size limits checked before any
    work (`engine.wire`); None without ``settle``."""
    wait_win_type: ClassVar[WinType] = WinType.DISCARD
    """What a wait is tried as (RULES.md §0.6): a discard, and a self-draw in the wildcard
    variants (南昌, 红中)."""
    settle_option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    """The options only ``settle`` reads (its package's ``settle/options.py``), among
    `option_specs`: the ``settle`` group of `engine.variants.groups.option_group`."""
    reads_active: ClassVar[bool] = True
    """``context.active`` is read (四川 血战, 南昌); 长沙 and 红中 end the hand with the first
    win and ignore it."""

    @property
    def context_members(self) -> Mapping[str, OwnMember]:
        """The members `facts` owns, by name (what the service builds context schemas of)."""
        return own_members(self.facts)

    # --- what a variant must say -------------------------------------------------------------

    @abstractmethod
    def tile_set(self, options: Options) -> str:
        """The tile set's name under these options: ``"108"``, ``"112"`` or ``"136"``."""

    @abstractmethod
    def hand_rules(self, options: Options) -> HandRules:
        """Tile set and meld rules for `check_hand`."""

    @abstractmethod
    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck:
        """Is this complete hand (win tile included) a win, and which shapes; else why not."""

    def offer_check(self, hand: Hand, tile: Tile, context: Context, win_type: WinType,
                    options: Options) -> WinCheck | None:
        """`check` of a 13-tile ``hand`` + ``tile`` (a ``claims`` offer) in ``win_type``,
        when the variant can rule without the trial context ``claims`` would build for it
        (that win type, no kong); None: build it and ask `check`. It must give `check`'s
        win, shapes and reason; it may carry its tally (`engine.results.Tallied`), which the
        ``fan`` pipeline then prices instead of judging the hand again (`checked_fan`)."""
        return None

    @abstractmethod
    def fan_value(self, hand: Hand, context: Context, options: Options) -> int:
        """The ``fan`` of a winning hand, as the ``fan`` operation would report it."""

    @abstractmethod
    def shanten(self, concealed: Sequence[Tile], melds: int, context: Context,
                options: Options) -> int:
        """Fewest exchanges to a hand with a wait under the variant's rules.

        ``concealed`` has 3n+1 tiles (13 − 3·melds) or 3n+2 (after a draw: the best discard
        is assumed). A hand with a real wait has shanten 0; a complete 3n+2 part −1.
        """

    def dropped_suit_rules(self, options: Options) -> tuple[ShapeRules, ...] | None:
        """The shape rules whose table shanten, the d-th with suit d dropped, is
        `hand_shanten`'s for a hand without melds that declares suit d missing — and whose
        waits are the draws completing a shape — when the variant has 定缺 in a room that
        `engine.shapes.composed` composes; None by default. ``exchange`` builds its hands'
        shanten from these rules' per-suit facts."""
        return None

    def extra_option_problems(self, options: Mapping[str, Any]) -> list[Problem]:
        """Problems between options (e.g. a wild tile outside the tile set); none by default."""
        return []

    def readiness_options(self, options: Options) -> Options:
        """The options a wait is evaluated under (the same by default; 四川 takes
        ``dian_pao_ping_hu`` as true, rooms.md §0.9.4.3: readiness ignores it)."""
        return options

    def wait_context(self, context: Context) -> Context:
        """The context a wait is tried in (RULES.md §0.6): `wait_win_type`, no event flags."""
        return context_with(context, win_type=self.wait_win_type, after_kong=False,
                            last_tile=False, first_turn=False)

    def hand_shanten(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                     options: Options) -> int:
        """`shanten` of ``concealed`` beside ``hand``'s declared melds (what waits and discards
        call). Only the melds' number matters by default; a variant whose shapes depend on what
        the melds are (长沙: 碰碰胡 wants no chow, 清一色 one suit, 将将胡 only 2/5/8) overrides it.
        """
        return self.shanten(concealed, len(hand.melds), context, options)

    def shanten_after_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                            options: Options) -> list[int]:
        """For 3n+1 ``concealed`` tiles: the `hand_shanten` after drawing each of the 34 kinds
        (kinds outside the tile set: `NEVER`). What effective tiles (进张) are made of.

        The default asks `hand_shanten` once per kind; a variant whose shanten comes from the
        shape tables overrides it with `engine.shapes.shanten_after_draws`, which re-probes only
        the drawn tile's suit.
        """
        kinds = self.hand_rules(options).tile_kinds
        return [self.hand_shanten([*concealed, t], hand, context, options) if t in kinds
                else NEVER for t in range(T.KIND_COUNT)]

    def discard_draws(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                      options: Options) -> Mapping[Tile, tuple[int, list[int]]]:
        """Per kind held in 3n+2 ``concealed``: `hand_shanten` and `shanten_after_draws` of
        what discarding one of it leaves, discard by discard (a variant of the shape tables
        reads every discard in one `engine.shapes.shanten_after_discards` pass instead)."""
        out = {}
        for tile in sorted(set(concealed)):
            rest = list(concealed)
            rest.remove(tile)
            out[tile] = (self.hand_shanten(rest, hand, context, options),
                         self.shanten_after_draws(rest, hand, context, options))
        return out

    def wait_candidates(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                        options: Options) -> Iterable[Tile]:
        """The kinds worth a full win check as a wait of ``concealed`` (a superset of the
        waits). Every kind of the tile set by default; a variant may narrow it with the shape
        tables (`engine.shapes.completing_kinds`) when every win needs a shape."""
        return sorted(self.hand_rules(options).tile_kinds)

    # --- shared plumbing ------------------------------------------------------------------------

    def options(self, request: Request) -> Options:
        """The effective options of a request (RequestError on a bad one), resolved once per
        option set (`engine.plumbing.OptionCache`): rooms send the same few sets
        again and again, and resolving is a good part of a fast request's cost."""
        return self._option_cache.get(request.options)

    def resolve_options(self, given: Mapping[str, Any]) -> Options:
        """The options ``given`` resolved against `option_specs` and `extra_option_problems`,
        then the deal check of their room (rooms.md §0.9.1: its wall is 36 tiles a suit and
        the honors of the tile set, whose name counts them: 108, 112, 136); uncached (what
        `options` keeps)."""
        resolved = resolve(self.option_specs, given, self.extra_option_problems(given))
        raise_if(deal_problems(room_of(resolved), int(self.tile_set(resolved)) - 108))
        return resolved

    @cached_property
    def _option_cache(self) -> OptionCache:
        return OptionCache(self.resolve_options)

    def options_or_defaults(self, request: Request, problems: list[Problem]) -> Options:
        """The effective options; when they are bad, their problems go to ``problems`` and
        the defaults stand in, so that the hand's and the context's problems are found too
        (API.md: one 422 lists every problem)."""
        try:
            return self.options(request)
        except RequestError as e:
            problems.extend(e.problems)
            return {s.name: s.default for s in self.option_specs}

    def hand_problems(self, request: Request, options: Options, *, size: int,
                      needs_win_tile: bool) -> list[Problem]:
        """`engine.hand.check_hand` under these options' hand rules, asked only of a hand
        that is not plainly valid (`engine.plumbing.plainly_valid`: a fast yes)."""
        rules = self.hand_rules(options)
        visible = request.context.visible
        if plainly_valid(request.hand, rules, size=size, needs_win_tile=needs_win_tile,
                         visible=visible):
            return []
        return check_hand(request.hand, rules, size=size, needs_win_tile=needs_win_tile,
                          visible=visible)

    def context_problems(self, context: Context, options: Options) -> list[Problem]:
        """What is wrong with the context beyond the shared hand rules (seats, a declared
        suit, wild tiles); none by default. `checked` lists them after the hand's."""
        return []

    def request(self, data: Mapping[str, Any]) -> Request:
        """`engine.hand.parse_request` for this variant. A body whose tiles cannot be read is
        refused with its options' problems too: API.md's 422 lists every problem found, and
        its code is the first in the order where ``invalid_option`` precedes ``invalid_tile``
        — a bad tile must not hide a bad option."""
        try:
            return parse_request(data, self.facts)
        except RequestError as e:
            raise RequestError([*e.problems, *self.option_problems(data.get("options") or {})]
                               ) from None

    def option_problems(self, given: Mapping[str, Any]) -> list[Problem]:
        """What is wrong with a room's options; empty when nothing is."""
        try:
            self.options(Request(Hand(()), options=given))
        except RequestError as e:
            return list(e.problems)
        return []

    def operations(self) -> dict[str, Operation]:
        """Every operation of this variant by its path segment, in a fixed order."""
        ops: dict[str, Operation] = {
            "win": self.win,
            "waits": self.waits,
            "fan": self.fan,
            "discards": self.discards,
        }
        for op in self.extra_operations:
            ops[op] = getattr(self, op.replace("-", "_"))
        if self.claim_rules is not None:
            ops["claims"] = self.claims
        for op in self.late_operations:
            ops[op] = getattr(self, op.replace("-", "_"))
        ops["advice"] = self.advice
        for op in self.advice_operations:
            ops[op] = getattr(self, op.replace("-", "_"))
        return ops

    def seat_bound_problems(self, context: Context, options: Options) -> list[Problem]:
        """Seats at or above the ``players`` of a smaller room (rooms.md §0.9.3): the shape
        stage, which stops validation, as the schema's 0–3 does in a room of four (whose
        seats the variant's context checks read as today)."""
        players = room_of(options).players
        if players == FULL_TABLE:
            return []
        return range_problems(context, players, reads_active=self.reads_active)

    def checked(self, request: Request, *, draw: bool = False, needs_win_tile: bool = False,
                hand: bool = True, extra: Extra | None = None) -> Options:
        """The effective options; every problem of the options, the hand (under those
        options, or the defaults where they are bad), the context (`context_problems`) and
        the operation's own (``extra``) raised together, each once — after the seat bounds
        of a smaller room, a stage of their own. The size rule is the room's *n* (``draw``:
        *n* + 1, ``discards``); ``hand`` False: an operation that reads no hand (``kong``).

        The one way every operation checks its request (issue 22 item 4): an operation with
        members of its own (birds, codes, seats for payments, 精) hands their check in as
        ``extra`` instead of spelling the stages again. Problems are listed in that order —
        the hand's before the context's, as the body holds them (API.md: within one code in
        document order).

        A request with nothing wrong — what a game server sends after every draw — is let
        through by the fast checks alone (cached options, `plainly_valid`, a context without
        problems), without the problem lists a bad request needs."""
        try:
            options = self.options(request)
        except RequestError:
            pass
        else:
            context = request.context
            size = options.get("hand_size", 13) + draw
            if ((not hand or plainly_valid(request.hand, self.hand_rules(options), size=size,
                                           needs_win_tile=needs_win_tile,
                                           visible=context.visible))
                    and not self.context_problems(context, options)
                    and (options.get("players", FULL_TABLE) == FULL_TABLE
                         or not self.seat_bound_problems(context, options))
                    and (extra is None or not extra(options, True))):
                return options
        problems: list[Problem] = []
        options = self.options_or_defaults(request, problems)
        given = not problems
        if given:
            raise_if(self.seat_bound_problems(request.context, options))
        if hand:
            size = room_of(options).hand_size + draw
            problems += self.hand_problems(request, options, size=size,
                                           needs_win_tile=needs_win_tile)
        problems += self.context_problems(request.context, options)
        if extra is not None:
            problems += extra(options, given)
        raise_if(list(dict.fromkeys(problems)))
        return options

    # --- the shared operations ----------------------------------------------------------------

    def win(self, request: Request) -> WinAnswer:
        options = self.checked(request, needs_win_tile=True)
        result = self.check(request.hand, request.context, options)
        if result.win:
            return WinAnswer(True, shapes=result.shapes, options=options)
        return WinAnswer(False, reason=result.reason, options=options)

    def waits(self, request: Request) -> WaitsAnswer:
        options = self.checked(request, needs_win_tile=False)
        hand, context = request.hand, request.context
        waits = self.wait_list(hand.concealed, hand, context, options)
        shanten = 0 if waits else max(1, self.hand_shanten(hand.concealed, hand, context, options))
        return WaitsAnswer(bool(waits), shanten, waits, options)

    def wait_list(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                  options: Options) -> tuple[Wait, ...]:
        """The waits of the room's *n* effective tiles, with copies remaining and each one's
        fan."""
        candidates = self.wait_candidates(concealed, hand, context, options)
        if not candidates:  # most hands (every discard but one or two of ``discards``)
            return ()
        own = T.counts((*concealed, *(t for m in hand.melds for t in m.tiles)))
        seen = T.counts(context.visible)
        wait_context = self.wait_context(context)
        options = self.readiness_options(options)
        waits = []
        for tile in candidates:
            if own[tile] >= T.COPIES:
                continue
            trial = Hand(tuple(concealed), hand.melds, tile)
            if self.check(trial, wait_context, options).win:
                remaining = max(0, T.COPIES - own[tile] - seen[tile])
                fan = self.fan_value(trial, wait_context, options)
                waits.append(Wait(T.code(tile), remaining, fan))
        return tuple(waits)

    def has_wait(self, concealed: Sequence[Tile], hand: Hand, context: Context,
                 options: Options) -> bool:
        """Whether `wait_list` would list a wait — the win check alone, without the waits'
        fans, stopping at the first (a kong's readiness in ``claims``)."""
        candidates = self.wait_candidates(concealed, hand, context, options)
        if not candidates:  # most hands: no kind completes a shape, no trial to set up
            return False
        own = T.counts((*concealed, *(t for m in hand.melds for t in m.tiles)))
        trial_context = self.wait_context(context)
        options = self.readiness_options(options)
        rest = tuple(concealed)
        return any(own[t] < T.COPIES
                   and self.check(Hand(rest, hand.melds, t), trial_context, options).win
                   for t in candidates)

    def discards(self, request: Request) -> DiscardsAnswer:
        options = self.checked(request, draw=True, needs_win_tile=False)
        hand, context = request.hand, request.context
        own = T.counts(hand.all_tiles)
        seen = T.counts(context.visible)
        # each kind's effective-tile entry, chosen once a hand: which kinds are effective
        # changes from one discard to the next, the copies left of a kind do not
        entries = [(draw, row[left]) for draw, row in _entry_rows(self.hand_rules(options))
                   if (left := T.COPIES - own[draw] - seen[draw]) > 0]
        choices = []
        draws = self.discard_draws(hand.concealed, hand, context, options)
        for tile in sorted(draws):
            rest_shanten, after = draws[tile]
            waits: tuple[Wait, ...] = ()
            if rest_shanten <= 0:  # (a hand with a wait has shanten 0: most discards do not)
                rest = list(hand.concealed)
                rest.remove(tile)
                # the discarded copy lies on the table: it counts as seen in `remaining`, as
                # it does among the effective tiles (`own` holds all 14 tiles)
                thrown = context_with(context, visible=(*context.visible, tile))
                waits = self.wait_list(rest, hand, thrown, options)
            shanten = 0 if waits else max(1, rest_shanten)
            effective = [entry for draw, entry in entries if after[draw] < shanten]
            count = sum(e.remaining for e in effective)
            choices.append(DiscardChoice(T.code(tile), shanten, waits, tuple(effective), count))
        return self.discards_answer(choices, hand, context, options)

    def discards_answer(self, choices: list[DiscardChoice], hand: Hand, context: Context,
                        options: Options) -> DiscardsAnswer:
        """The advice from every discard's choice: ordered as API.md says, and whether the
        14 tiles are already a self-drawn win."""
        choices.sort(key=lambda c: (c.shanten, -c.effective_count, -len(c.effective_tiles),
                                    T.from_code(c.tile)))
        best = choices[0].shanten if choices else 0
        drawn = self.drawn_win(hand, context, options)
        if drawn.win:
            return DiscardsAnswer(best, tuple(choices), True, drawn.shapes, options)
        return DiscardsAnswer(best, tuple(choices), options=options)

    def drawn_win(self, hand: Hand, context: Context, options: Options) -> WinCheck:
        """What ``win`` rules on a 14-tile ``hand`` (no win tile) whose last concealed tile
        is the one just drawn: the variant's `check` as a self-draw, wildcards and 四川's
        缺一门 included — so ``discards`` can say the player may declare 自摸 instead."""
        *rest, drawn = hand.concealed
        return self.check(Hand(tuple(rest), hand.melds, drawn),
                          context_with(context, win_type=WinType.SELF_DRAW), options)

    def advice(self, request: Request) -> AdviceAnswer13 | AdviceAnswer14:
        """Win and ready probabilities and expected points per discard (RULES.md §0.10,
        `engine.advice`), from the body as read (its own members are advice's to check)."""
        return advised(self, request.body)

    def claims(self, request: Request) -> ClaimsAnswer:
        """What the player may do with the tile on offer (RULES.md §0.8, `engine.claims`)."""
        assert self.claim_rules is not None
        return offered_claims(self, self.claim_rules, request)


_ROWS: Final[BoundedDict[frozenset[Tile], list[tuple[Tile, tuple[EffectiveTile, ...]]]]] = \
    BoundedDict(64)


def _entry_rows(rules: HandRules) -> list[tuple[Tile, tuple[EffectiveTile, ...]]]:
    """The tile set's kinds in tile order, each with its `engine.results.EFFECTIVE_TILES`
    row (one sort per tile set, not per hand)."""
    found = _ROWS.get(rules.tile_kinds)
    if found is None:
        found = _ROWS.keep(rules.tile_kinds,
                           [(k, EFFECTIVE_TILES[k]) for k in sorted(rules.tile_kinds)])
    return found


def unsupported(variant: Variant, op: str) -> bool:
    """True when the variant has no such operation (the service answers 404)."""
    return op not in variant.operations()
