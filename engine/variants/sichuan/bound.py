"""四川's rules bound once per option set: the win check and the scoring of its room.

Every ``win``, ``fan`` and ``claims`` offer asks the win check, and every ``fan`` the scoring,
under effective options that name a room (rooms.md §0.9) and a few room fan options. Read
from the options on every call, the room costs more than the 13-tile check itself (1 µs)
is allowed to grow: the check would read ``hand_size`` and ``dian_pao_ping_hu`` each time,
``fan`` its payers' options and a values tuple of some forty options for its `Prefs`. So each
option set is read once (`bound`, by its identity: `engine.plumbing.OptionCache` hands every
request of a set the same read-only mapping) into a `Bound` holding its room, its `Prefs`,
what ``fan`` reads, and the check of its room: the default room's is `check_13`, the plain
13-tile check with nothing of the room left in it.

`check_13` is `check_of` (the general one) with its calls inlined — the tests hold the two
equal on generated hands, and every room's check against the literal rules of rooms.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine import shapes as S
from engine.caching import IdentityMemo
from engine.hand import Context, Hand, WinType
from engine.results import WinCheck
from engine.variants.sichuan.facts import SichuanFacts, missing_suit
from engine.variants.sichuan.reader import SHAPE_SETS
from engine.variants.sichuan.rooms import SichuanRoom, sichuan_room
from engine.variants.sichuan.scoring import (
    NO_WINNING_SHAPE,
    QUE_YI_MEN,
    TILES_SHAPES,
    Prefs,
    breaks_que_yi_men,
    evaluate,
    new_shapes,
    prefs_for,
    read_shapes,
)

PING_HU_NEEDS_SELF_DRAW: Final = "ping_hu_needs_self_draw"

Check = Callable[[Hand, Context], WinCheck]


@dataclass(frozen=True, slots=True, eq=False)
class Bound:
    """One option set's room and what the hot paths read of it (compared by identity)."""

    room: SichuanRoom
    prefs: Prefs
    check: Check
    """The win check in this room (`check_13` in the default room; see `check_of`)."""
    hand_size: int
    players: int
    dian_pao: bool
    """``dian_gang_hua: "dian_pao"``: only the kong's discarder pays a 点杠花."""
    ping_hu_on_discard: bool
    """``dian_pao_ping_hu``: a 0-fan hand may win on a discard."""


def bound(options: Mapping[str, Any]) -> Bound:
    """The `Bound` of effective options, kept by their identity (the entry keeps them, so
    their id is not reused while it stands)."""
    kept = _BY_OPTIONS.get(id(options))
    if kept is not None and kept[0] is options:
        return kept[1]
    return _bind(options)


def _bind(options: Mapping[str, Any]) -> Bound:
    room = sichuan_room(options)
    hand_size = options["hand_size"]
    ping_hu = options["dian_pao_ping_hu"]
    prefs = prefs_for(options)
    found = Bound(room=room, prefs=prefs, check=check_of(hand_size, ping_hu, prefs),
                  hand_size=hand_size, players=options["players"],
                  dian_pao=options["dian_gang_hua"] == "dian_pao", ping_hu_on_discard=ping_hu)
    return _BY_OPTIONS.keep(options, found)


_BY_OPTIONS: Final[IdentityMemo[Bound]] = IdentityMemo()


def ruled(shapes: tuple[S.Shape, ...], mask: int, context: Context) -> WinCheck:
    """The win check of tiles read: 缺一门 first (§0.7), then the shapes."""
    if breaks_que_yi_men(mask, missing_suit(context)):
        return BREAKS_QUE_YI_MEN[shapes]
    return CHECKS[shapes]


def check_of(hand_size: int, ping_hu_on_discard: bool, prefs: Prefs) -> Check:
    """The win check of a room: 缺一门 first (§0.7), then the shape — standard or 七对 (五对,
    四对 in a room of 10 or 7 tiles); then, under ``dian_pao_ping_hu: false``, a 0-fan
    discard win is refused (rooms.md §0.9.4.3). `check_13` in the default room."""
    if hand_size == 13 and ping_hu_on_discard:
        return check_13

    def check(hand: Hand, context: Context) -> WinCheck:
        verdict = ruled(*read_shapes(hand, None, hand_size), context)
        if verdict.win and not ping_hu_on_discard and ping_hu_refused(hand, context, prefs):
            return PING_HU[verdict.shapes]
        return verdict

    return check


def check_13(hand: Hand, context: Context) -> WinCheck:
    """The win check of a 13-tile room where a 0-fan hand may win on a discard: `ruled` of
    `read_shapes`, their calls inlined (the hot path of ``win`` and every ``claims``
    offer)."""
    win = hand.win_tile
    key = tuple(sorted(hand.concealed if win is None else (*hand.concealed, win)))
    found = TILES_SHAPES.get(key)
    shapes, mask = new_shapes(key, TILES_SHAPES, False) if found is None else found
    for m in hand.melds:
        mask |= 1 << m.tiles[0] // 9
    facts = context.facts
    missing = facts.missing_suit if type(facts) is SichuanFacts else missing_suit(context)
    if (mask & 7 == 7) if missing is None else (mask >> missing & 1):
        return BREAKS_QUE_YI_MEN[shapes]
    return CHECKS[shapes]


def ping_hu_refused(hand: Hand, context: Context, prefs: Prefs) -> bool:
    """``dian_pao_ping_hu: false`` (rooms.md §0.9.4.3): a discard win whose uncapped fan is
    0 is no win. Asked only of a winning hand."""
    if (context.win_type or WinType.DISCARD) is not WinType.DISCARD:
        return False
    result = evaluate(hand, context, prefs)
    return not isinstance(result, str) and result.fan == 0


BREAKS_QUE_YI_MEN: Final = {shapes: WinCheck(False, tuple(s.value for s in shapes), QUE_YI_MEN)
                            for shapes in SHAPE_SETS}
CHECKS: Final = {shapes: WinCheck(True, shapes=tuple(s.value for s in shapes)) if shapes
                 else WinCheck(False, reason=NO_WINNING_SHAPE)
                 for shapes in SHAPE_SETS}
PING_HU: Final = {tuple(s.value for s in shapes): WinCheck(
    False, tuple(s.value for s in shapes), PING_HU_NEEDS_SELF_DRAW) for shapes in SHAPE_SETS}
"""Every answer a check can give, built once (they are immutable), by the shapes held."""
