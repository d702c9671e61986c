"""``POST /v1/{variant}/claims`` (RULES.md §0.8): every legal action on the tile on offer, by
priority, and every move a rule refused — the same machinery for every variant, driven by
the variant's `ClaimRules` and its own hooks (win check, ``fan``, shanten, waits).

The steps, each at most once per candidate move (the cost §0.8 bounds): one ``fan`` for the
win; the lock's reference waits; per kong the waits of the hand it leaves (only when the
lock, 长沙's modes or ``after`` need them); per pong or chow the best permitted discard
(`engine.claims.after`, skipped with ``detail: "actions"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

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
from engine.claims.facts import ClaimFacts, Source, plain_facts, read_facts, source_problems
from engine.claims.rules import ClaimingVariant, ClaimRules
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
    context_with,
)
from engine.options import Options, valid_or_default
from engine.plumbing import plainly_valid
from engine.room import room_of
from engine.tiles import Tile

REASONS: Final = ("passed_win", "que_yi_men", "pair_not_258", "discard_win_not_allowed",
                  "jing_diao_needs_self_draw", "ping_hu_needs_self_draw", "locked",
                  "waits_change", "missing_suit", "wild_tile", "needs_wild", "last_tile",
                  "late_added_kong", "no_discard_left")
"""The refusal table's order: a move stopped by several rules names the first (reading 3)."""
WIN_REASONS: Final = frozenset(REASONS[1:6])
PRIORITY: Final = {"win": 3, "rob_kong": 3, "kong": 2, "pong": 2, "chow": 1, "pass": 0}
BU_ZHANG: Final = ("bu_zhang",)
KAI_GANG: Final = ("bu_zhang", "kai_gang")


@dataclass(slots=True)
class Situation:
    """One request's checked facts, as every step reads them (read-only; not frozen only
    because a frozen dataclass's ``__init__`` costs a microsecond a field)."""

    variant: ClaimingVariant
    rules: ClaimRules
    request: Request
    facts: ClaimFacts
    options: Options
    wilds: frozenset[Tile]
    face_value: bool
    """A tile of a wild kind may enter a meld as itself."""
    reference: frozenset[Tile] | None
    """The locked hand's wait kinds (None: not locked)."""
    hand: Hand
    """The request's hand and context, and what the source says (fields, not properties:
    every step reads them, and an enum's dict look-up hashes in Python)."""
    context: Context
    win_type: WinType
    is_discard: bool
    missing: int | None
    """四川's declared missing suit (`ClaimRules.missing_suit`); None elsewhere."""
    copies: int
    """The copies of the tile on offer among the concealed tiles (pongs and kongs)."""
    plain_calls: bool
    """A pong or chow needs nothing beyond its tiles, its reasons and `suit_barred`: not
    locked, no ``after`` asked, 食替 allowed — what most requests with ``detail:
    "actions"`` are."""
    suit_barred: tuple[str, ...] | None
    """What a call of a kind outside the missing suit bars right after it when 食替 is
    allowed (`_barred_by_suit`): nothing, or — 四川's missing suit first, while a tile of it
    is held (a call of another kind leaves it) — every kind of the other two suits; None
    under 食替, where each call bars its own."""


def claims(variant: ClaimingVariant, rules: ClaimRules, request: Request) -> ClaimsAnswer:
    """The answer of ``claims`` for ``request`` (RequestError listing every problem)."""
    s = situation_of(variant, rules, request)
    actions: list[Action] = []
    refused: list[Refusal] = []
    win = _win(s)
    if isinstance(win, Refusal):
        refused.append(win)
    elif win is not None:
        actions.append(win)
    # each step lists its moves in the answer's order (kongs by kind then kind of kong,
    # chows by their tiles), and the steps follow that order: no sort over the whole answer.
    # A step is asked only where it can find a move (each checks again): a kong or pong of
    # a discard needs a copy of it held, a chow the player before, only kongs follow a draw
    source = s.facts.source
    if s.is_discard:
        if s.copies:
            _sort_in(_kongs(s), actions, refused)
            _sort_in(pong_actions(s), actions, refused)
        if source is Source.DISCARD_LEFT:
            _sort_in(chow_actions(s), actions, refused)
    elif source is Source.SELF_DRAW:
        _sort_in(_kongs(s), actions, refused)
    actions.append(_pass(s, win if isinstance(win, WinAction) else None))
    return ClaimsAnswer(tuple(actions), tuple(refused), s.options)


def _sort_in(entries: list[Action | Refusal], actions: list[Action],
             refused: list[Refusal]) -> None:
    """A step's moves into the answer's actions and refusals, in their order."""
    for entry in entries:
        if isinstance(entry, Refusal):
            refused.append(entry)
        else:
            actions.append(entry)


# --- checking the request -----------------------------------------------------------------------


def situation_of(variant: ClaimingVariant, rules: ClaimRules, request: Request) -> Situation:
    """The request's checked facts (RequestError listing every problem)."""
    plain = plain_situation(variant, rules, request)
    return plain if plain is not None else checked_situation(variant, rules, request)


def plain_situation(variant: ClaimingVariant, rules: ClaimRules,
                     request: Request) -> Situation | None:
    """The situation of what a game server sends after most discards and draws — options
    it has sent before, plain claim facts (`engine.claims.facts.plain_facts`: not locked
    here), a plainly valid hand with the tile on offer no fifth copy, no context problem,
    no wild meld to refuse — built without the problem lists; None for anything else,
    which `checked_situation` checks in full. The tests hold both equal."""
    try:
        options = variant.options(request)
    except RequestError:
        return None
    hand_rules = variant.hand_rules(options)
    facts = plain_facts(request, request.claim, hand_rules.tile_kinds)
    if facts is None or facts.locked or source_problems(facts.source,
                                                        room_of(options).players):
        return None
    context, hand = request.context, request.hand
    if rules.context_problems(context, hand_rules) or not plainly_valid(
            hand, hand_rules, size=room_of(options).hand_size, needs_win_tile=False,
            visible=(*context.visible, facts.tile)):
        return None
    face_value = rules.wild_melds_at_face_value(options)
    wilds = rules.wild_kinds(context, options)
    if not face_value and wilds and any(not wilds.isdisjoint(m.tiles) for m in hand.melds):
        return None
    return _situated(variant, rules, request, facts, options, wilds, face_value, None)


def checked_situation(variant: ClaimingVariant, rules: ClaimRules, request: Request) -> Situation:
    """The situation of any request, every problem listed (the reference of
    `plain_situation`)."""
    problems: list[Problem] = []
    try:
        options = variant.options(request)
    except RequestError as e:  # the valid ones still count (say, rob_kong beside a bad one)
        problems.extend(e.problems)
        options = {spec.name: valid_or_default(spec, request.options)
                   for spec in variant.option_specs}
    hand_rules = variant.hand_rules(options)
    facts, more = read_facts(request, options, hand_rules.tile_kinds)
    if more:
        problems += more
    if facts is not None:
        problems += source_problems(facts.source, room_of(options).players)
    context_problems = rules.context_problems(request.context, hand_rules)
    if context_problems:
        problems += context_problems
    hand = request.hand
    if hand.win_tile is not None:  # refused by read_facts; the hand is checked without it
        hand = Hand(hand.concealed, hand.melds)
    visible = request.context.visible
    # with the tile on offer among the visible ones, a plainly valid hand also means the
    # tile is no fifth copy (what `_tile_copy_problems` checks, rob_kong's rule aside)
    size = room_of(options).hand_size
    copies_checked = (facts is not None and facts.source is not Source.ROB_KONG
                      and plainly_valid(hand, hand_rules, size=size, needs_win_tile=False,
                                        visible=(*visible, facts.tile)))
    if not copies_checked and not plainly_valid(hand, hand_rules, size=size,
                                                needs_win_tile=False, visible=visible):
        problems += check_hand(hand, hand_rules, size=size, needs_win_tile=False,
                               visible=visible)
    face_value = rules.wild_melds_at_face_value(options)
    wilds = NO_WILDS
    if not problems or not face_value:
        wilds = rules.wild_kinds(request.context, options)
    if not face_value:
        problems += [Problem(Code.BAD_MELD, f"#/melds/{i}/tiles",
                             f"{T.compact(m.tiles)}: under wild_melds \"never\" no meld holds "
                             "a tile of a wild kind")
                     for i, m in enumerate(hand.melds) if wilds.intersection(m.tiles)]
    if facts is not None and not copies_checked:
        problems += _tile_copy_problems(hand, facts, request.context.visible, problems)
    if problems:
        raise_if(problems)
    assert facts is not None  # no problem, so the tile and the source were read
    reference = None
    if facts.locked:
        waits = variant.wait_list(hand.concealed, hand, request.context, options)
        if not waits:
            raise RequestError([Problem(Code.LOCKED_NOT_READY, "#/context/locked",
                                        f"a locked hand must be ready: these {size} tiles "
                                        "have no wait")])
        reference = frozenset(T.from_code(w.tile) for w in waits)
    return _situated(variant, rules, request, facts, options, wilds, face_value, reference)


def _situated(variant: ClaimingVariant, rules: ClaimRules, request: Request, facts: ClaimFacts,
              options: Options, wilds: frozenset[Tile], face_value: bool,
              reference: frozenset[Tile] | None) -> Situation:
    """The situation of a checked request, with what every step reads worked out once."""
    context = request.context
    missing = rules.missing_suit(context) if rules.missing_suit else None
    held = request.hand.concealed
    barred = _barred_by_suit(options, missing, held)
    return Situation(variant, rules, request, facts, options, wilds, face_value, reference,
                     request.hand, context, facts.win_type, facts.is_discard, missing,
                     held.count(facts.tile),
                     reference is None and not facts.full and barred is not None, barred)


def _barred_by_suit(options: Options, missing: int | None,
                    held: tuple[Tile, ...]) -> tuple[str, ...] | None:
    """What every call of a kind outside the missing suit bars (`Situation.suit_barred`)
    when 食替 is allowed, the missing suit first then being the only rule left: nothing
    when none is declared, the rule is off or no tile of it is held (a call only takes
    tiles away), else the other suits' kinds; None under 食替 (each call bars its own)."""
    if options["shi_ti"] != "allowed":
        return None
    if missing is None or not options["missing_suit_first"] \
            or _SUIT_KINDS[missing].isdisjoint(held):
        return ()
    return _OTHER_SUITS[missing]


_SUIT_KINDS: Final = tuple(frozenset(range(9 * suit, 9 * suit + 9)) for suit in range(3))
_OTHER_SUITS: Final = tuple(tuple(T.codes([t for t in range(T.HONOR_BASE) if t // 9 != suit]))
                            for suit in range(3))
"""Per suit, the codes of the 18 kinds of the two others, in tile order."""


NO_WILDS: Final = frozenset[Tile]()


def _tile_copy_problems(hand: Hand, facts: ClaimFacts, visible: Sequence[Tile],
                        found: Sequence[Problem]) -> list[Problem]:
    """The tile on offer as a fifth copy (a kind already over four is reported at the hand),
    and on ``rob_kong`` any copy of it the player holds (the konger holds the other three)."""
    tile = facts.tile
    own = hand.concealed.count(tile)
    for meld in hand.melds:
        own += meld.tiles.count(tile)
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
    equal), and a non-win — most offers — then costs no full evaluation. The trial hand and
    context are built only when the variant's `offer_check` cannot rule without them, or
    to price a win."""
    facts = s.facts
    win_type = s.win_type
    name = "rob_kong" if facts.source is Source.ROB_KONG else "win"
    verdict = s.variant.offer_check(s.hand, facts.tile, s.context, win_type, s.options)
    hand = context = None
    if verdict is None:
        hand = Hand(s.hand.concealed, s.hand.melds, facts.tile)
        context = with_win_type(s.context, win_type)
        verdict = s.variant.check(hand, context, s.options)
    if not verdict.win:
        reason = verdict.reason
        if reason in WIN_REASONS and s.rules.reason_has_shape(verdict):
            return Refusal(name, reason=reason)
        return None
    if hand is None or context is None:
        hand = Hand(s.hand.concealed, s.hand.melds, facts.tile)
        context = with_win_type(s.context, win_type)
    # the request is checked (more strictly than ``fan`` checks it): priced directly
    answer = s.variant.checked_fan(Request(hand, context, s.request.options), s.options,
                                   verdict, with_reading=False)
    if _passed_blocks(s, answer.fan):
        return Refusal(name, reason="passed_win", fan=answer.fan)
    return WinAction(name, PRIORITY[name], win_type.value, answer.fan,
                     tuple(p.id for p in answer.patterns),
                     **{member: getattr(answer, member) for member in s.rules.amounts})


def with_win_type(context: Context, win_type: WinType) -> Context:
    """The context ``fan`` evaluates the win in: the source's win type, and no
    ``context.kong`` (it names the kong being robbed, not one of the winner's). Copied
    with `engine.hand.context_with`: `dataclasses.replace` costs a good part of a ``claims``
    call with ``detail: "actions"``."""
    return context_with(context, win_type=win_type, kong=None)


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
        if before is None:
            record = PassedRecord((T.ALL_CODES[facts.tile],), win.fan)
        else:
            tiles = {facts.tile, *before.tiles}
            record = PassedRecord(tuple(T.codes(sorted(tiles))), max(win.fan, before.fan))
    must = T.code(facts.tile) if facts.locked and facts.source is Source.SELF_DRAW else None
    if record is None and must is None:
        return PLAIN_PASS
    return PassAction("pass", PRIORITY["pass"], record, must)


PLAIN_PASS: Final = PassAction("pass", PRIORITY["pass"])
"""The pass of most answers (no 过胡 record, not locked): an immutable value, built once."""


# --- melds --------------------------------------------------------------------------------------


def _first(reasons: Sequence[str]) -> str | None:
    if not reasons:
        return None
    found = set(reasons)
    return next((r for r in REASONS if r in found), None)


def _meld_reasons(s: Situation, kind: Tile, *, pong_or_kong: bool) -> list[str]:
    """The reasons every claimed or declared meld shares: the last tile, 四川's missing suit,
    红中's wild kinds."""
    reasons = []
    if s.context.last_tile:
        reasons.append("last_tile")
    if (pong_or_kong and s.missing is not None and not s.options["meld_missing_suit"]
            and T.suit(kind) == s.missing):
        reasons.append("missing_suit")
    if pong_or_kong and kind in s.wilds and not s.face_value:
        reasons.append("wild_tile")
    return reasons


def _stand_ins(s: Situation, kind: Tile) -> list[Tile]:
    """The wildcards in hand that could stand in for ``kind`` (lowest first)."""
    wilds = s.wilds
    if not wilds:
        return []
    return sorted(t for t in s.hand.concealed if t in wilds and t != kind)


def _kongs(s: Situation) -> list[Action | Refusal]:
    facts, hand = s.facts, s.hand
    tile = facts.tile
    # each kong the tiles allow: its kind, type (`_EXPOSED`, `_CONCEALED` or `_ADDED`), the
    # pong it adds to (added kongs) and whether it uses the tile just drawn; the hand it
    # leaves is built only when asked
    found: list[tuple[Tile, _KongKind, int, bool | None]]
    held = hand.concealed
    if s.is_discard:
        copies = s.copies
        if copies == 3:
            found = [(tile, _EXPOSED, -1, None)]
        elif copies and s.wilds and copies + len(helpers := _stand_ins(s, tile)) >= 3:
            used = (*(tile,) * copies, *helpers[:3 - copies])
            return [Refusal("kong", KongType.EXPOSED.value, T.code(tile),
                            tuple(T.codes(sorted(used))), "needs_wild")]
        else:
            return []
    elif facts.source is Source.SELF_DRAW:
        held = (*held, tile)
        ordered = sorted(held)
        # a kind held four times: equal to the tile three places on (once, in order)
        found = [(kind, _CONCEALED, -1, kind == tile)
                 for kind, later in zip(ordered, ordered[3:], strict=False) if kind == later]
        for i, meld in enumerate(hand.melds):
            kind = meld.tiles[0]
            if meld.kind is MeldKind.PONG and kind in held:
                found.append((kind, _ADDED, i, kind == tile))
        if not found:
            return []
    else:
        return []
    out: list[tuple[tuple[Any, ...], Action | Refusal]] = []
    ready_of = s.rules.kong_ready
    codes = T.ALL_CODES
    for kind, (kong_type, order, uses, name), pong, drawn_now in found:
        key = (1, kind, order)
        reasons = _meld_reasons(s, kind, pong_or_kong=True)
        if pong >= 0 and not drawn_now and not s.options["late_added_kong"]:
            reasons.append("late_added_kong")  # (an added kong: the pong it adds to)
        after: After | None = None
        if s.reference is not None or facts.full:
            left = Hand(_left_by_kong(held, kind), _melds_with_kong(hand, kind, kong_type, pong))
            after = A.kong_after(s.variant, left, s.context, s.options)
            if s.reference is not None:
                reasons += _lock_reasons(s, after)
        code = codes[kind]
        tiles = (code,) * uses
        reason = _first(reasons) if reasons else None  # (no call for the usual none)
        if reason is not None:
            out.append((key, Refusal("kong", name, code, tiles, reason)))
            continue
        modes: tuple[str, ...] | None = None
        if ready_of is not None:
            # 开杠 needs a ready hand (not the waits' fans), asked only of a kong offered
            if not s.options["kai_gang"]:
                modes = BU_ZHANG
            elif after is not None:
                modes = KAI_GANG if after.waits else BU_ZHANG
            else:
                ready = ready_of(_left_by_kong(held, kind),
                                 _melds_with_kong(hand, kind, kong_type, pong))
                modes = KAI_GANG if ready else BU_ZHANG
        out.append((key, KongAction("kong", PRIORITY["kong"], name, code, tiles, drawn_now,
                                    modes, after if facts.full else None)))
    if len(out) > 1:
        out.sort(key=_key)
    return [entry for _, entry in out]


class _KongKind(NamedTuple):
    """A kind of kong as `_kongs` reads it, in plain values (an enum's dict look-up or
    ``value`` costs ~0.1 µs)."""

    type: KongType
    order: int
    """Its place among the kongs of one tile (exposed, concealed, added: settled reading 1)."""
    uses: int
    """The player's tiles it uses: three in hand with the discard, all four, or the fourth."""
    name: str
    """Its name on the wire."""


_EXPOSED: Final = _KongKind(KongType.EXPOSED, 0, 3, KongType.EXPOSED.value)
_CONCEALED: Final = _KongKind(KongType.CONCEALED, 1, 4, KongType.CONCEALED.value)
_ADDED: Final = _KongKind(KongType.ADDED, 2, 1, KongType.ADDED.value)


def _left_by_kong(held: tuple[Tile, ...], kind: Tile) -> tuple[Tile, ...]:
    """The concealed tiles a kong of ``kind`` leaves of ``held`` (the concealed tiles, with
    the drawn tile on the player's own draw): every copy of the kind goes — the three held
    for an exposed kong, the four of a concealed one, the one an added kong adds to its
    pong (whose three copies leave one at most)."""
    return tuple([t for t in held if t != kind])


def _melds_with_kong(hand: Hand, kind: Tile, kong_type: KongType,
                     pong: int) -> tuple[Meld, ...]:
    """The melds after a kong of ``kind``: its meld beside the others, or in place of the
    pong (index ``pong``) an added kong adds to."""
    melds = hand.melds
    if kong_type is KongType.ADDED:
        return (*melds[:pong], _KONG_MELDS[kind, False], *melds[pong + 1:])
    return (*melds, _KONG_MELDS[kind, kong_type is KongType.CONCEALED])


_KONG_MELDS: Final = {(kind, concealed): Meld(MeldKind.KONG, (kind,) * 4, concealed)
                      for kind in range(T.KIND_COUNT) for concealed in (False, True)}
"""Each kong meld (an immutable value; a frozen dataclass costs ~0.5 µs to build), by kind
and whether it is concealed."""


def _key(entry: tuple[tuple[Any, ...], Action | Refusal]) -> tuple[Any, ...]:
    return entry[0]


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


def pong_actions(s: Situation) -> list[Action | Refusal]:
    tile = s.facts.tile
    if not s.is_discard:
        return []
    copies = s.copies
    if copies < 2:
        helpers = _stand_ins(s, tile)
        if copies and helpers:
            return [Refusal("pong", tiles=tuple(T.codes(sorted((tile, helpers[0])))),
                            reason="needs_wild")]
        return []
    reasons = _meld_reasons(s, tile, pong_or_kong=True)
    if s.plain_calls and not reasons:
        if not s.suit_barred:
            return [_PLAIN_PONGS[tile]]
        if tile // 9 != s.missing:  # (a pong of the missing suit may leave none of it)
            return [PongAction("pong", PRIORITY["pong"], _PLAIN_PONGS[tile].tiles,
                               s.suit_barred)]
    action = _claim(s, (tile, tile), MeldKind.PONG, (tile,) * 3, reasons)
    if isinstance(action, Refusal):
        return [action]
    return [PongAction("pong", PRIORITY["pong"], *action)]


_PLAIN_PONGS: Final = tuple(PongAction("pong", PRIORITY["pong"], (code, code), ())
                            for code in T.ALL_CODES)
"""Each kind's pong when nothing else is asked (`plain_calls`): immutable values, built
once, like `PLAIN_PASS`."""


def chow_actions(s: Situation) -> list[Action | Refusal]:
    """Each chow by its tiles (`_chow_groups` lists them in that order). What every chow
    shares — the reasons of the tile, the lock, whether any work is left beyond the tiles
    (`Situation.plain_calls`) — is read once."""
    facts = s.facts
    tile = facts.tile
    if facts.source is not Source.DISCARD_LEFT or not s.rules.chow(s.options):
        return []
    candidates = _chow_groups(s, tile)
    if not candidates:
        return []
    if not s.face_value:
        candidates = [c for c in candidates if s.wilds.isdisjoint(c.group)]
    reasons = _meld_reasons(s, tile, pong_or_kong=False)  # the same for every chow
    if s.plain_calls and not reasons and not s.suit_barred:
        return [c.plain for c in candidates]
    out: list[Action | Refusal] = []
    for group, a, b, meld, _ in candidates:
        action = _claim(s, (a, b), MeldKind.CHOW, group, reasons)
        if isinstance(action, Refusal):
            out.append(action)
        else:
            tiles, no_discard, after = action
            out.append(ChowAction("chow", PRIORITY["chow"], tiles, meld, no_discard, after))
    return out


class Chow(NamedTuple):
    """A chow of the tile on offer (a named tuple: built once per suited kind, `_RUNS`)."""

    group: tuple[Tile, ...]
    a: Tile
    """The two kinds the hand gives, in tile order."""
    b: Tile
    meld: tuple[str, ...]
    """The group's codes."""
    plain: ChowAction
    """Its action when nothing else is asked (`plain_calls`: an immutable value, like
    `PLAIN_PASS`)."""


def _chow(group: tuple[Tile, ...], tile: Tile) -> Chow:
    a, b = (t for t in group if t != tile)
    codes = T.ALL_CODES
    meld = tuple(codes[t] for t in group)
    return Chow(group, a, b, meld, ChowAction("chow", PRIORITY["chow"], (codes[a], codes[b]), meld,
                                              ()))


_RUNS: Final = tuple(
    tuple(_chow((low, low + 1, low + 2), tile) for low in range(tile - 2, tile + 1)
          if low >= tile - tile % 9 and low + 2 < tile - tile % 9 + 9)
    if tile < T.HONOR_BASE else () for tile in range(T.KIND_COUNT))
"""Per suited kind, the (at most three) runs of its suit through it, lowest first: the
chows of a suited tile, whatever the variant (every chow shape takes a suit's runs)."""


def _chow_groups(s: Situation, tile: Tile) -> list[Chow]:
    """Each chow of ``tile`` with two kinds held, by its tiles.

    A suited tile's chows are its runs (`_RUNS`) whose two other kinds are held; an
    honor's are the pairs of honors held that the variant's chow shape accepts with it
    (南昌's honor chows)."""
    held = s.hand.concealed
    if tile < T.HONOR_BASE:
        return [c for c in _RUNS[tile] if c.a in held and c.b in held]
    shape = s.variant.hand_rules(s.options).chow_shape
    kinds = sorted(set(held).intersection(range(T.HONOR_BASE, T.KIND_COUNT)) - {tile})
    honors = [tuple(sorted((a, b, tile))) for i, a in enumerate(kinds) for b in kinds[i + 1:]]
    return [_chow(group, tile) for group in sorted(honors) if shape(group)]


def _claim(s: Situation, used: tuple[Tile, Tile], kind: MeldKind, group: tuple[Tile, ...],
           reasons: list[str]) -> tuple[tuple[str, ...], tuple[str, ...], After | None] | Refusal:
    """A pong or chow (``group``, the meld it makes): its hand tiles (``used``, in tile
    order), ``no_discard`` and ``after``; or its refusal. ``reasons`` is not changed."""
    tiles = (T.ALL_CODES[used[0]], T.ALL_CODES[used[1]])
    if s.reference is not None:
        reasons = ["locked", *reasons]
    banned, banned_codes = _no_discard(s, used, kind, group)
    rest: tuple[Tile, ...] = ()
    if banned or s.facts.full:
        rest = _without(s.hand.concealed, used)
        if banned and banned.issuperset(rest):
            reasons = [*reasons, "no_discard_left"]
    reason = _first(reasons)
    if reason is not None:
        return Refusal(kind.value, tiles=tiles, reason=reason)
    if not s.facts.full:
        return tiles, banned_codes, None
    after = A.best_discard(s.variant, Hand(rest, (*s.hand.melds, Meld(kind, group))), s.context,
                           s.options, banned, s.rules.discard_front)
    return tiles, banned_codes, after


def _no_discard(s: Situation, used: tuple[Tile, Tile], kind: MeldKind,
                group: tuple[Tile, ...]) -> tuple[frozenset[Tile], tuple[str, ...]]:
    """The kinds not to discard right after the call (``used``: the hand's tiles it takes),
    and their codes in tile order: 食替 (``shi_ti``) and 四川's missing suit first."""
    tile = s.facts.tile
    mode = s.options["shi_ti"]
    missing = s.missing
    if s.suit_barred == ():
        return NOTHING_BANNED  # 食替 allowed, no missing suit to play first
    by_suit = missing is not None and s.options["missing_suit_first"]
    same = tile if mode != "allowed" else None
    other = None
    low, _, high = group
    if (mode == "no_same_or_other_end" and kind is MeldKind.CHOW and not T.is_honor(tile)
            and tile in (low, high)):
        end = high + 1 if tile == low else low - 1
        if 0 <= end < T.HONOR_BASE and T.suit(end) == T.suit(tile) and end not in s.wilds:
            other = end
    suit = None
    if by_suit:
        held = 0  # the missing suit's tiles left after the call
        for t in s.hand.concealed:
            held += t // 9 == missing
        for t in used:
            held -= t // 9 == missing
        if held > 0:
            suit = missing
    key = (same, other, suit)
    found = _BANNED.get(key)
    if found is None:
        banned = {t for t in (same, other) if t is not None}
        if suit is not None:
            banned.update(t for t in range(T.HONOR_BASE) if T.suit(t) != suit)
        found = _BANNED[key] = (frozenset(banned), tuple(T.codes(sorted(banned))))
    return found


NOTHING_BANNED: Final = (frozenset[Tile](), ())
_BANNED: Final[dict[tuple[Tile | None, Tile | None, int | None], tuple[frozenset[Tile],
                                                                       tuple[str, ...]]]] = {}
"""`_no_discard`'s answers by what decides them — the tile (食替), the run's other end and
the suit barred by the missing suit first: at most 35 × 35 × 4 values, each built once."""


def _without(tiles: Sequence[Tile], taken: Sequence[Tile]) -> tuple[Tile, ...]:
    rest = list(tiles)
    for t in taken:
        rest.remove(t)
    return tuple(rest)
