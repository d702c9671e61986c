"""``POST /v1/{variant}/claims`` (RULES.md §0.8): every legal action on the tile on offer, by
priority, and every move a rule refused — the same machinery for every variant, driven by
the variant's `ClaimRules` and its own hooks (win check, ``fan``, shanten, waits).

The steps, each at most once per candidate move (the cost §0.8 bounds): one ``fan`` for the
win; the lock's reference waits; per kong the waits of the hand it leaves (only when the
lock, 长沙's modes or ``after`` need them); per pong or chow the best permitted discard
(`engine.claims.after`, skipped with ``detail: "actions"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from engine import tiles as T
from engine.claims import after as A
from engine.claims.answers import (
    Action,
    After,
    ChowAction,
    ClaimsAnswer,
    KongAction,
    PassAction,
    PassedRecord,
    PongAction,
    Refusal,
    WinAction,
)
from engine.claims.facts import ClaimFacts, Source, read_facts
from engine.claims.rules import ClaimRules
from engine.errors import Code, Problem, RequestError, raise_if
from engine.hand import (
    Context,
    Hand,
    KongType,
    Meld,
    MeldKind,
    Request,
    WinType,
    check_hand,
)
from engine.tiles import Tile
from engine.variants.plumbing import plainly_valid

if TYPE_CHECKING:
    from engine.variants.base import Variant

Options = dict[str, Any]

REASONS: Final = ("passed_win", "que_yi_men", "pair_not_258", "discard_win_not_allowed",
                  "jing_diao_needs_self_draw", "locked", "waits_change", "missing_suit",
                  "wild_tile", "needs_wild", "last_tile", "late_added_kong", "no_discard_left")
"""The refusal table's order: a move stopped by several rules names the first (reading 3)."""
WIN_REASONS: Final = frozenset(REASONS[1:5])
KONG_ORDER: Final = {KongType.EXPOSED: 0, KongType.CONCEALED: 1, KongType.ADDED: 2}
PRIORITY: Final = {"win": 3, "rob_kong": 3, "kong": 2, "pong": 2, "chow": 1, "pass": 0}
BU_ZHANG: Final = ("bu_zhang",)
KAI_GANG: Final = ("bu_zhang", "kai_gang")


@dataclass(slots=True)
class Situation:
    """One request's checked facts, as every step reads them (read-only; not frozen only
    because a frozen dataclass's ``__init__`` costs a microsecond a field)."""

    variant: Variant
    rules: ClaimRules
    request: Request
    facts: ClaimFacts
    options: Options
    wilds: frozenset[Tile]
    face_value: bool
    """A tile of a wild kind may enter a meld as itself."""
    reference: frozenset[Tile] | None
    """The locked hand's wait kinds (None: not locked)."""

    @property
    def hand(self) -> Hand:
        return self.request.hand

    @property
    def context(self) -> Context:
        return self.request.context


def claims(variant: Variant, rules: ClaimRules, request: Request) -> ClaimsAnswer:
    """The answer of ``claims`` for ``request`` (RequestError listing every problem)."""
    s = _situation(variant, rules, request)
    entries: list[tuple[tuple[Any, ...], Action | Refusal]] = []
    win = _win(s)
    if win is not None:
        entries.append(((0,), win))
    entries += _kongs(s)
    entries += _pong(s)
    entries += _chows(s)
    entries.sort(key=lambda e: e[0])
    actions = [e for _, e in entries if not isinstance(e, Refusal)]
    refused = tuple(e for _, e in entries if isinstance(e, Refusal))
    actions.append(_pass(s, win if isinstance(win, WinAction) else None))
    return ClaimsAnswer(tuple(actions), refused, s.options)


# --- checking the request -----------------------------------------------------------------------


def _situation(variant: Variant, rules: ClaimRules, request: Request) -> Situation:
    problems: list[Problem] = []
    try:
        options = variant.options(request)
    except RequestError as e:  # the valid ones still count (say, rob_kong beside a bad one)
        problems.extend(e.problems)
        given = request.options
        options = {spec.name: given[spec.name] if spec.name in given
                   and given[spec.name] is not None and spec.problem(given[spec.name]) is None
                   else spec.default for spec in variant.option_specs}
    hand_rules = variant.hand_rules(options)
    facts, more = read_facts(request, options, hand_rules.tile_kinds)
    problems += more
    problems += rules.context_problems(request.context, hand_rules)
    hand = Hand(request.hand.concealed, request.hand.melds)
    visible = request.context.visible
    if not plainly_valid(hand, hand_rules, size=13, needs_win_tile=False, visible=visible):
        problems += check_hand(hand, hand_rules, size=13, needs_win_tile=False, visible=visible)
    face_value = rules.wild_melds_at_face_value(options)
    wilds = frozenset[Tile]()
    if not problems or not face_value:
        wilds = rules.wild_kinds(request.context, options)
    if not face_value:
        problems += [Problem(Code.BAD_MELD, f"#/melds/{i}/tiles",
                             f"{T.compact(m.tiles)}: under wild_melds \"never\" no meld holds "
                             "a tile of a wild kind")
                     for i, m in enumerate(hand.melds) if wilds.intersection(m.tiles)]
    if facts is not None:
        problems += _tile_copy_problems(hand, facts, request.context.visible, problems)
    raise_if(problems)
    assert facts is not None  # no problem, so the tile and the source were read
    reference = None
    if facts.locked:
        waits = variant.wait_list(hand.concealed, hand, request.context, options)
        if not waits:
            raise RequestError([Problem(Code.LOCKED_NOT_READY, "#/context/locked",
                                        "a locked hand must be ready: these 13 tiles have no "
                                        "wait")])
        reference = frozenset(T.from_code(w.tile) for w in waits)
    return Situation(variant, rules, request, facts, options, wilds, face_value, reference)


def _tile_copy_problems(hand: Hand, facts: ClaimFacts, visible: Sequence[Tile],
                        found: Sequence[Problem]) -> list[Problem]:
    """The tile on offer as a fifth copy (a kind already over four is reported at the hand),
    and on ``rob_kong`` any copy of it the player holds (the konger holds the other three)."""
    tile = facts.tile
    own = hand.concealed.count(tile) + sum(m.tiles.count(tile) for m in hand.melds)
    seen = visible.count(tile)
    if facts.source is Source.ROB_KONG and own:
        return [Problem(Code.TOO_MANY_COPIES, "#/tile",
                        f"robbing a kong of {T.code(tile)}: the konger holds the other three "
                        f"copies, so the player can hold none (he holds {own})")]
    if own + seen == T.COPIES:
        return [Problem(Code.TOO_MANY_COPIES, "#/tile",
                        f"{T.code(tile)} on offer would be copy {own + seen + 1} (hand and "
                        f"melds {own}, visible {seen}); there are only 4")]
    return []


# --- the win ------------------------------------------------------------------------------------


def _win(s: Situation) -> WinAction | Refusal | None:
    """``fan`` on hand + tile with the source's win type; then 过胡. The variant's win check
    answers first: it gives the same verdict and reason as ``fan`` (the tests hold them
    equal), and a non-win — most offers — then costs no full evaluation."""
    facts = s.facts
    win_type = facts.source.win_type
    name = "rob_kong" if facts.source is Source.ROB_KONG else "win"
    hand = Hand(s.hand.concealed, s.hand.melds, facts.tile)
    context = _with_win_type(s.context, win_type)
    verdict = s.variant.check(hand, context, s.options)
    if not verdict.win:
        reason = verdict.reason
        if reason in WIN_REASONS and s.rules.reason_has_shape(hand, reason):
            return Refusal(name, reason=reason)
        return None
    answer = s.variant.fan(Request(hand, context, s.request.options))
    if _passed_blocks(s, answer.fan):
        return Refusal(name, reason="passed_win", fan=answer.fan)
    return WinAction(name, PRIORITY[name], win_type.value, answer.fan,
                     tuple(p.id for p in answer.patterns),
                     **{member: getattr(answer, member) for member in s.rules.amounts})


def _with_win_type(context: Context, win_type: WinType) -> Context:
    """The context ``fan`` evaluates the win in: the source's win type, and no
    ``context.kong`` (it names the kong being robbed, not one of the winner's). Copied
    without `dataclasses.replace`, which re-runs ``__init__`` over every field and costs
    a good part of a ``claims`` call with ``detail: "actions"``."""
    trial = object.__new__(Context)
    trial.__dict__.update(context.__dict__, win_type=win_type, kong=None)
    return trial


def _passed_blocks(s: Situation, fan: int) -> bool:
    """过胡 (``guo_hu``): a win on another player's tile refused by the record sent."""
    passed = s.facts.passed
    if passed is None or s.facts.source is Source.SELF_DRAW:
        return False
    mode = s.options["guo_hu"]
    if mode == "same_tile":
        return s.facts.tile in passed.tiles
    if mode == "not_higher":
        return fan <= passed.fan
    return bool(mode == "any")


def _pass(s: Situation, win: WinAction | None) -> PassAction:
    facts = s.facts
    record = None
    if win is not None and s.options["guo_hu"] != "off" and facts.source is not Source.SELF_DRAW:
        before = facts.passed
        tiles = {facts.tile, *(before.tiles if before else ())}
        record = PassedRecord(tuple(T.codes(sorted(tiles))),
                              max(win.fan, before.fan if before else 0))
    must = T.code(facts.tile) if facts.locked and facts.source is Source.SELF_DRAW else None
    return PassAction("pass", PRIORITY["pass"], record, must)


# --- melds --------------------------------------------------------------------------------------


def _first(reasons: Iterable[str]) -> str | None:
    found = set(reasons)
    return next((r for r in REASONS if r in found), None)


def _meld_reasons(s: Situation, kind: Tile, *, pong_or_kong: bool) -> list[str]:
    """The reasons every claimed or declared meld shares: the last tile, 四川's missing suit,
    红中's wild kinds."""
    reasons = []
    if s.context.last_tile:
        reasons.append("last_tile")
    if (pong_or_kong and s.rules.missing_suit and not s.options["meld_missing_suit"]
            and T.suit(kind) == s.rules.missing_suit(s.context)):
        reasons.append("missing_suit")
    if pong_or_kong and kind in s.wilds and not s.face_value:
        reasons.append("wild_tile")
    return reasons


def _stand_ins(s: Situation, kind: Tile) -> list[Tile]:
    """The wildcards in hand that could stand in for ``kind`` (lowest first)."""
    return sorted(t for t in s.hand.concealed if t in s.wilds and t != kind)


def _kongs(s: Situation) -> list[tuple[tuple[Any, ...], Action | Refusal]]:
    facts, hand = s.facts, s.hand
    tile = facts.tile
    found: list[tuple[Tile, KongType, tuple[Tile, ...], Hand, bool | None]] = []
    out: list[tuple[tuple[Any, ...], Action | Refusal]] = []
    if facts.source.is_discard:
        copies = hand.concealed.count(tile)
        if copies == 3:
            rest = _without(hand.concealed, (tile,) * 3)
            found.append((tile, KongType.EXPOSED, (tile,) * 3,
                          Hand(rest, (*hand.melds, Meld(MeldKind.KONG, (tile,) * 4))), None))
        elif copies and copies + len(helpers := _stand_ins(s, tile)) >= 3:
            used = (*(tile,) * copies, *helpers[:3 - copies])
            out.append(((1, tile, 0), Refusal("kong", KongType.EXPOSED.value, T.code(tile),
                                              tuple(T.codes(sorted(used))), "needs_wild")))
    elif facts.source is Source.SELF_DRAW:
        held = (*hand.concealed, tile)
        counts = T.counts(held)
        for kind in sorted({t for t in held if counts[t] == T.COPIES}):
            rest = _without(held, (kind,) * 4)
            found.append((kind, KongType.CONCEALED, (kind,) * 4,
                          Hand(rest, (*hand.melds, Meld(MeldKind.KONG, (kind,) * 4, True))),
                          kind == tile))
        for i, meld in enumerate(hand.melds):
            kind = meld.tiles[0]
            if meld.kind is MeldKind.PONG and counts[kind]:
                melds = (*hand.melds[:i], Meld(MeldKind.KONG, (kind,) * 4), *hand.melds[i + 1:])
                found.append((kind, KongType.ADDED, (kind,),
                              Hand(_without(held, (kind,)), melds), kind == tile))
    for kind, kong_type, tiles, left, drawn_now in found:
        key = (1, kind, KONG_ORDER[kong_type])
        reasons = _meld_reasons(s, kind, pong_or_kong=True)
        if kong_type is KongType.ADDED and not drawn_now and not s.options["late_added_kong"]:
            reasons.append("late_added_kong")
        after: After | None = None
        ready = False
        if s.reference is not None or facts.full:
            after = A.kong_after(s.variant, left, s.context, s.options)
            ready = bool(after.waits)
            if s.reference is not None:
                reasons += _lock_reasons(s, after)
        elif s.rules.kong_modes:  # 开杠 needs a ready hand, not the waits' fans
            ready = A.has_wait(s.variant, left.concealed, left, s.context, s.options)
        reason = _first(reasons)
        if reason is not None:
            out.append((key, Refusal("kong", kong_type.value, T.code(kind),
                                     tuple(T.codes(tiles)), reason)))
            continue
        modes = None
        if s.rules.kong_modes:
            modes = KAI_GANG if s.options["kai_gang"] and ready else BU_ZHANG
        out.append((key, KongAction("kong", PRIORITY["kong"], kong_type.value, T.code(kind),
                                    tuple(T.codes(tiles)), drawn_now, modes,
                                    after if facts.full else None)))
    return out


def _lock_reasons(s: Situation, after: After | None) -> list[str]:
    """``locked_kong``: compare the wait kinds the kong leaves with the reference."""
    mode = s.options["locked_kong"]
    if mode == "any":
        return []
    if mode == "none":
        return ["locked"]
    assert after is not None and s.reference is not None
    waits = frozenset(T.from_code(w.tile) for w in after.waits)
    keeps = waits == s.reference if mode == "same_waits" else s.reference <= waits
    return [] if keeps else ["waits_change"]


def _pong(s: Situation) -> list[tuple[tuple[Any, ...], Action | Refusal]]:
    facts, hand = s.facts, s.hand
    tile = facts.tile
    if not facts.source.is_discard:
        return []
    copies = hand.concealed.count(tile)
    key = (2,)
    if copies < 2:
        helpers = _stand_ins(s, tile)
        if copies and helpers:
            return [(key, Refusal("pong", tiles=tuple(T.codes(sorted((tile, helpers[0])))),
                                  reason="needs_wild"))]
        return []
    meld = Meld(MeldKind.PONG, (tile,) * 3)
    action = _claim(s, (tile, tile), meld, _meld_reasons(s, tile, pong_or_kong=True))
    if isinstance(action, Refusal):
        return [(key, action)]
    return [(key, PongAction("pong", PRIORITY["pong"], *action))]


def _chows(s: Situation) -> list[tuple[tuple[Any, ...], Action | Refusal]]:
    facts, hand = s.facts, s.hand
    tile = facts.tile
    if facts.source is not Source.DISCARD_LEFT or not s.rules.chow(s.options):
        return []
    shape = s.variant.hand_rules(s.options).chow_shape
    # a chow's other tiles are of the tile's suit within two ranks, or honors with an honor
    near = (range(T.HONOR_BASE, T.KIND_COUNT) if T.is_honor(tile) else
            range(max(tile - 2, 9 * T.suit(tile)), min(tile + 3, 9 * T.suit(tile) + 9)))
    kinds = sorted(set(hand.concealed).intersection(near) - {tile})
    out: list[tuple[tuple[Any, ...], Action | Refusal]] = []
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            group = tuple(sorted((a, b, tile)))
            if not shape(group) or (not s.face_value and s.wilds.intersection(group)):
                continue
            meld = Meld(MeldKind.CHOW, group)
            action = _claim(s, (a, b), meld, _meld_reasons(s, tile, pong_or_kong=False))
            key = (3, *group)
            if isinstance(action, Refusal):
                out.append((key, action))
            else:
                tiles, no_discard, after = action
                out.append((key, ChowAction("chow", PRIORITY["chow"], tiles,
                                            tuple(T.codes(group)), no_discard, after)))
    return out


def _claim(s: Situation, used: tuple[Tile, Tile], meld: Meld, reasons: list[str]
           ) -> tuple[tuple[str, ...], tuple[str, ...], After | None] | Refusal:
    """A pong or chow: its hand tiles, ``no_discard`` and ``after``; or its refusal."""
    kind = "chow" if meld.kind is MeldKind.CHOW else "pong"
    tiles = tuple(T.codes(sorted(used)))
    if s.reference is not None:
        reasons = ["locked", *reasons]
    rest = _without(s.hand.concealed, used)
    banned = _no_discard(s, rest, meld)
    if set(rest) <= banned:
        reasons.append("no_discard_left")
    reason = _first(reasons)
    if reason is not None:
        return Refusal(kind, tiles=tiles, reason=reason)
    after = None
    if s.facts.full:
        after = A.best_discard(s.variant, Hand(rest, (*s.hand.melds, meld)), s.context,
                               s.options, banned, s.rules.discard_front)
    return tiles, tuple(T.codes(sorted(banned))), after


def _no_discard(s: Situation, rest: Sequence[Tile], meld: Meld) -> frozenset[Tile]:
    """The kinds not to discard right after the call: 食替 (``shi_ti``) and 四川's missing suit
    first."""
    tile = s.facts.tile
    banned: set[Tile] = set()
    mode = s.options["shi_ti"]
    if mode != "allowed":
        banned.add(tile)
    low, _, high = meld.tiles
    if (mode == "no_same_or_other_end" and meld.kind is MeldKind.CHOW and not T.is_honor(tile)
            and tile in (low, high)):
        other = high + 1 if tile == low else low - 1
        if 0 <= other < T.HONOR_BASE and T.suit(other) == T.suit(tile) and other not in s.wilds:
            banned.add(other)
    missing = s.rules.missing_suit(s.context) if s.rules.missing_suit else None
    if (missing is not None and s.options["missing_suit_first"]
            and any(T.suit(t) == missing for t in rest)):
        banned.update(t for t in range(T.HONOR_BASE) if T.suit(t) != missing)
    return frozenset(banned)


def _without(tiles: Sequence[Tile], taken: Sequence[Tile]) -> tuple[Tile, ...]:
    rest = list(tiles)
    for t in taken:
        rest.remove(t)
    return tuple(rest)
