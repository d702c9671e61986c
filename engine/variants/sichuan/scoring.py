"""四川 血战到底 scoring (RULES.md §1.3): the traits of a hand, and its pattern table
(`sichuan.patterns`) applied to them, best reading kept.

Most additions do not depend on how the concealed tiles are grouped (清一色, 根, 门清, 中张,
金钩钓 and the events), so their traits are worked out once per hand; only the base shape, 将对,
带幺九 and the 龙七对 bonus change from one reading to the next. Every candidate reading
(`sichuan.reader`: those that can score best; in the tests, every reading the general search
finds) is tried and the one worth the most fan is kept (§0.6: ``111222333m 789p 99p`` is 平胡
as three triplets but 带幺九 as three ``123m`` sequences). Amounts depend on the fan and the
win type only, so the highest fan is also the highest amount (§0.7's tie rule).

The answer's pattern objects are built only for the ``fan`` operation; ``fan_value`` (what
each wait carries) stops at the number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from engine import shapes as S
from engine import tiles as T
from engine.caching import BoundedDict, IdentityMemo, hand_memo
from engine.hand import Context, Hand, MeldKind, WinType
from engine.results import Group, Pattern, Reading
from engine.tiles import Tile
from engine.variants.patterns import Active, activated, tally, wire_patterns
from engine.variants.sichuan.facts import missing_suit
from engine.variants.sichuan.patterns import PATTERN_NAMES, ROOM_NAMES, TABLE, HandTraits, Traits
from engine.variants.sichuan.reader import (
    Candidate,
    PartInfo,
    all_candidates,
    analyse,
    analyse_room,
    part_shapes,
    reference_candidates,
)
from engine.variants.sichuan.rooms import SichuanRoom, sichuan_room

QUE_YI_MEN: Final = "que_yi_men"
NO_WINNING_SHAPE: Final = "no_winning_shape"
_TERMINAL: Final = frozenset(k for k in range(27) if k % 9 in (0, 8))
_RANK_258: Final = frozenset(k for k in range(27) if k % 9 in (1, 4, 7))


@dataclass(frozen=True, eq=False)
class Prefs:
    """The scoring options of a room, read once per option set (see `prefs_for`); compared
    by identity, as a memo key (one object an option set)."""

    yaojiu_jiangdui: bool
    dai_yao_jiu_fan: int
    jin_gou_diao_fan: int
    long_qi_dui_bonus: int
    menqing_zhongzhang: bool
    menqing_requires_self_draw: bool
    gen_kong_only: bool
    hai_di: bool
    zimo_jia_fan: bool
    tiandi_hu: bool
    tian_hu_fan: int
    di_hu_fan: int
    tiandi_additive: bool
    di_hu_mode: str
    table: Active[Traits]
    """`patterns.TABLE` under these options (`engine.variants.patterns.activate`)."""
    room: SichuanRoom
    """The room (rooms.md §0.9.4): its groups (金钩钓), whether 清一色 counts, its names."""
    every_reading: bool
    """一条龙 or 夹心五 counts: any standard reading may be the best (`all_candidates`)."""
    sandwich: bool
    """夹心五 counts (its *N* reads the win tile)."""
    per_456: bool
    """``jia_xin_wu_count: "per_456"``."""
    hand_size: int
    """The room's *n* (the pairs shape's name on the wire)."""
    room_pairs: bool
    """A room of 10 or 7 tiles: a hand without melds may be 五对 or 四对 (`analyse_room`)."""


def prefs_for(options: Mapping[str, Any]) -> Prefs:
    """The Prefs of resolved options (every option, in declaration order — what `resolve`
    gives); cached, as rooms reuse a handful of option sets: by the options' identity (one
    look-up: `engine.plumbing.OptionCache` hands out one mapping a set), then by their values
    (equal sets share one Prefs, hence the memos keyed by it)."""
    kept = _PREFS_BY_ID.get(id(options))
    if kept is not None and kept[0] is options:
        return kept[1]
    key = tuple(options.values())
    found = _PREFS.get(key)
    if found is None:
        found = _PREFS.keep(key, _prefs(options))
    return _PREFS_BY_ID.keep(options, found)


_PREFS: BoundedDict[tuple[Any, ...], Prefs] = BoundedDict(256)
_PREFS_BY_ID: Final[IdentityMemo[Prefs]] = IdentityMemo()


def _prefs(o: Mapping[str, Any]) -> Prefs:
    return Prefs(
        yaojiu_jiangdui=o["yaojiu_jiangdui"],
        dai_yao_jiu_fan=o["dai_yao_jiu_fan"],
        jin_gou_diao_fan=o["jin_gou_diao_fan"],
        long_qi_dui_bonus=o["long_qi_dui_bonus"],
        menqing_zhongzhang=o["menqing_zhongzhang"],
        menqing_requires_self_draw=o["menqing_requires_self_draw"],
        gen_kong_only=o["gen_mode"] == "kong_only",
        hai_di=o["hai_di"],
        zimo_jia_fan=o["zimo_bonus"] == "jia_fan",
        tiandi_hu=o["tiandi_hu"],
        tian_hu_fan=o["tian_hu_fan"],
        di_hu_fan=o["di_hu_fan"],
        tiandi_additive=o["tiandi_mode"] == "additive",
        di_hu_mode=o["di_hu_mode"],
        table=activated(TABLE, o),
        room=sichuan_room(o),
        every_reading=bool(o["yi_tiao_long_fan"] or o["jia_xin_wu_fan"]),
        sandwich=bool(o["jia_xin_wu_fan"]),
        per_456=o["jia_xin_wu_count"] == "per_456",
        hand_size=o["hand_size"],
        room_pairs=o["hand_size"] != 13,
    )


def suits_held(tiles: tuple[Tile, ...]) -> int:
    """Bit mask of the suits among ``tiles`` (1 m, 2 p, 4 s, 8 z)."""
    mask = 0
    for t in tiles:
        mask |= 1 << (t // 9)
    return mask


def breaks_que_yi_men(mask: int, missing_suit: int | None) -> bool:
    """缺一门 (§1.1): no tile of the declared missing suit; undeclared, one suit absent."""
    if missing_suit is not None:
        return bool(mask >> missing_suit & 1)
    return mask & 7 == 7


def is_dealer(context: Context) -> bool:
    """The winner is the dealer: ``is_dealer``, else ``seats.dealer == seats.winner``."""
    if context.is_dealer is not None:
        return context.is_dealer
    seats = context.seats
    return bool(seats and seats.dealer is not None and seats.dealer == seats.winner)


class Scored(NamedTuple):
    """A winning hand's evaluation: the fan, the counted patterns as (id, fan, count, tiles)
    in table order, the 根 counted, the reading used, and whether 天胡 was counted (自摸加底
    does not apply to it, §1.4). Internal and built for every evaluation, hence a tuple."""

    fan: int
    counted: tuple[tuple[str, int, int, tuple[Tile, ...]], ...]
    gen_count: int
    reading: Candidate
    tian_hu: bool

    def patterns(self, hand_size: int = 13) -> tuple[Pattern, ...]:
        """The wire patterns, named for the room's hand size (``qi_dui``: 七对, 五对, 四对)."""
        return wire_patterns(self.counted,
                             PATTERN_NAMES if hand_size == 13 else ROOM_NAMES[hand_size])


_DISCARD: Final = WinType.DISCARD
_SEVEN_PAIRS: Final = S.Shape.SEVEN_PAIRS


def read_part(hand: Hand, hand_size: int = 13) -> tuple[list[int], PartInfo, int]:
    """The concealed part's 27 counts (a validated 108-tile hand), what `analyse` knows of it
    (`analyse_room` for a hand without melds in a room of 10 or 7 tiles: its pairs shape),
    and the bit mask of the suits the whole hand holds, melds included (for 缺一门)."""
    part = _counts(hand)
    room_pairs = hand_size != 13 and not hand.melds
    info = analyse_room(tuple(part)) if room_pairs else analyse(tuple(part))
    return part, info, _with_melds(info.mask, hand)


def read_shapes(hand: Hand, offered: Tile | None = None, hand_size: int = 13
                ) -> tuple[tuple[S.Shape, ...], int]:
    """The concealed part's complete shapes and `read_part`'s suit mask, without the
    readings (`part_shapes`): all the win check needs. ``offered``: a tile ``claims`` offers
    in place of the win tile, so that no trial hand is built for it."""
    tiles = hand.concealed_with_win if offered is None else (*hand.concealed, offered)
    if hand_size != 13 and not hand.melds:
        shapes, mask = room_tiles_shapes(tiles)
    else:
        shapes, mask = tiles_shapes(tiles)
    return shapes, _with_melds(mask, hand)


def tiles_shapes(tiles: Sequence[Tile]) -> tuple[tuple[S.Shape, ...], int]:
    """`part_shapes` of some concealed tiles (a validated 108-tile part), memoised by the
    tiles in order: sorting 14 small ints and one probe cost half of counting them and
    reading the suits, and the win check (``win``, every ``claims`` offer) asks the same
    parts again and again."""
    key = tuple(sorted(tiles))
    found = TILES_SHAPES.get(key)
    return new_shapes(key, TILES_SHAPES, False) if found is None else found


def room_tiles_shapes(tiles: Sequence[Tile]) -> tuple[tuple[S.Shape, ...], int]:
    """`tiles_shapes` of a hand without melds in a room of 10 or 7 tiles (its pairs shape:
    五对, 四对), memoised apart: the same tiles beside a meld of a 13-tile room are no
    pairs shape."""
    key = tuple(sorted(tiles))
    found = ROOM_TILES_SHAPES.get(key)
    return new_shapes(key, ROOM_TILES_SHAPES, True) if found is None else found


def new_shapes(key: tuple[Tile, ...], memo: BoundedDict[tuple[Tile, ...], Any],
                any_size: bool) -> tuple[tuple[S.Shape, ...], int]:
    """`part_shapes` of sorted tiles not seen before, kept in ``memo``."""
    part = [0] * 27
    for t in key:
        part[t] += 1
    found: tuple[tuple[S.Shape, ...], int] = memo.keep(key, part_shapes(tuple(part), any_size))
    return found


TILES_SHAPES: Final[BoundedDict[tuple[Tile, ...], tuple[tuple[S.Shape, ...], int]]] = \
    hand_memo(BoundedDict(1 << 14))
ROOM_TILES_SHAPES: Final[BoundedDict[tuple[Tile, ...], tuple[tuple[S.Shape, ...], int]]] = \
    hand_memo(BoundedDict(1 << 12))


def _counts(hand: Hand) -> list[int]:
    part = [0] * 27
    for t in hand.concealed_with_win:
        part[t] += 1
    return part


def _with_melds(mask: int, hand: Hand) -> int:
    for m in hand.melds:
        mask |= 1 << m.tiles[0] // 9
    return mask


def evaluate(hand: Hand, context: Context, prefs: Prefs, *,
             reference: bool = False) -> Scored | str:
    """The best evaluation of a complete hand, or the reason it is no win (§0.7 order).

    The readings to choose from are the few that can score best (`PartInfo.candidates`),
    or — with ``reference``, in the tests — every reading `engine.shapes.readings` finds.

    The table's answer is memoised beside `analyse`'s, in the part's analysis: games ask
    the same hand again and again (a ``fan`` after a ``waits`` that scored the same win).
    """
    melds = hand.melds  # (`read_part`, inlined: the hot path of ``fan`` and every wait)
    part = _counts(hand)
    info = analyse_room(tuple(part)) if prefs.room_pairs and not melds else \
        analyse(tuple(part))
    mask = _with_melds(info.mask, hand) if melds else info.mask
    if breaks_que_yi_men(mask, missing_suit(context)):
        return QUE_YI_MEN
    if reference:
        found = reference_candidates(part, prefs.room.rules)
    else:
        found = candidates_of(hand, part, info, prefs) if prefs.every_reading else \
            info.candidates
    if not found:
        return NO_WINNING_SHAPE
    if reference:
        return score_afresh(hand, context, prefs, found, info, part, mask)
    win_type = context.win_type or _DISCARD
    key: tuple[Any, ...] = (prefs, win_type, context.after_kong, context.last_tile,
                            _tian_di(context, win_type, prefs) if context.first_turn else None,
                            tuple([(m.tiles, m.concealed) for m in melds]) if melds else ())
    if prefs.sandwich:  # 夹心五 reads which tile won
        key = (*key, hand.win_tile)
    memo = info.scored
    scored = memo.get(key)
    if scored is None:
        if len(memo) >= _KEPT_PER_PART:
            memo.clear()
        judged: Judged | None = None
        if prefs.every_reading:  # (the part's traits do not describe every reading)
            judged = _judged(hand, context, prefs, found, info, part, mask)
        else:
            alike = (key, info.traits, tuple([part[m.tiles[0]] for m in melds]) if melds
                     else ())
            judged = JUDGED.get(alike)
            if judged is None:
                judged = JUDGED.keep(alike, _judged(hand, context, prefs, found, info, part,
                                                     mask))
        fan, counted, gen_count, best, tian_hu = judged
        scored = memo[key] = Scored(fan, counted, gen_count, found[best], tian_hu)
    return scored


def candidates_of(hand: Hand, part: Sequence[int], info: PartInfo, prefs: Prefs
                  ) -> tuple[Candidate, ...]:
    """The readings `evaluate` chooses from: those that can score best (`PartInfo`), or —
    with 一条龙 or 夹心五 counted — every reading (`all_candidates`)."""
    if prefs.every_reading and info.candidates:
        return all_candidates(tuple(part), prefs.room.room.hand_size != 13 and not hand.melds)
    return info.candidates


_KEPT_PER_PART: Final = 64
"""Answers kept beside one part's analysis (`PartInfo.scored`, by prefs, win type,
after_kong, last_tile, 天胡/地胡 and the melds' tiles; `Prefs` hashes by identity, one object
an option set). A game asks a part under a few moments and option sets; a flood of them
empties the part's memo, and the memo goes when `analyse` forgets the part."""

Judged = tuple[int, tuple[tuple[str, int, int, tuple[Tile, ...]], ...], int, int, bool]
"""The table's verdict on a hand as `Scored` holds it, the reading by its candidate index:
(fan, counted, 根 count, best candidate, 天胡 counted)."""

JUDGED: BoundedDict[tuple[Any, ...], Judged] = hand_memo(BoundedDict(1 << 14))
"""The table's verdicts by what its traits are made of — `evaluate`'s key (options, moment,
melds), the part's `PartInfo.traits` and, with melds, the part's count of each meld's kind
(a pong whose fourth tile is concealed is a 根) — shared by every part alike: a part never
seen before is then scored by one look-up, without building its traits (most new parts have
the traits of one seen before; a few hundred distinct traits exist)."""


def score_afresh(hand: Hand, context: Context, prefs: Prefs, found: Sequence[Candidate],
           info: PartInfo, part: Sequence[int], mask: int) -> Scored:
    """`patterns.TABLE` applied to each candidate reading, the best kept (§0.6, §0.7)."""
    fan, counted, gen_count, best, tian_hu = _judged(hand, context, prefs, found, info, part,
                                                     mask)
    return Scored(fan, counted, gen_count, found[best], tian_hu)


def _judged(hand: Hand, context: Context, prefs: Prefs, found: Sequence[Candidate],
            info: PartInfo, part: Sequence[int], mask: int) -> Judged:
    """What the table says of the candidates (`Judged`)."""
    readings, event = traits_of(hand, context, prefs, found, info, part, mask)
    best, fan, counted = tally(prefs.table, readings, event=event)
    gen_count = 0
    tian_hu = False
    for pid, _, count, _ in counted:
        if pid == "gen":
            gen_count = count
        elif pid == "tian_hu":
            tian_hu = True
    return fan, counted, gen_count, best, tian_hu


def traits_of(hand: Hand, context: Context, prefs: Prefs, found: Sequence[Candidate],
             info: PartInfo, part: Sequence[int], mask: int) -> tuple[list[Traits], bool]:
    """What the table reads: one `Traits` a candidate reading, and whether the moment has an
    event (`tally`'s ``event``: else a plain discard win, not after a kong, not the last
    tile, no 天胡/地胡)."""
    win_type = context.win_type or _DISCARD
    tian_di = _tian_di(context, win_type, prefs) if context.first_turn else None
    melds = hand.melds
    if prefs.gen_kong_only:
        roots = tuple(sorted(m.tiles[0] for m in melds if m.is_kong))
    elif melds:  # four alike concealed, a kong, or a pong and the fourth tile concealed
        roots = tuple(sorted([*info.fours, *(m.tiles[0] for m in melds
                                             if m.is_kong or part[m.tiles[0]] == 1)]))
    else:
        roots = info.fours
    if melds:
        firsts = [m.tiles[0] for m in melds]
        all_258 = info.only_258 and _RANK_258.issuperset(firsts)
        melds_terminal = _TERMINAL.issuperset(firsts)
        simples = not info.has_terminal and _TERMINAL.isdisjoint(firsts)
        concealed = all(m.concealed for m in melds)  # no pong, no exposed kong
    else:  # the common case, without a generator in sight
        all_258, melds_terminal, simples, concealed = (info.only_258, True,
                                                       not info.has_terminal, True)
    room = prefs.room
    traits = HandTraits(len(melds) == room.room.groups, mask in (1, 2, 4) and room.flush,
                      all_258, melds_terminal, bool(info.fours), roots, concealed,
                      prefs.menqing_requires_self_draw, simples, win_type, context.after_kong,
                      context.last_tile, tian_di)
    event = (win_type is not _DISCARD or context.after_kong or context.last_tile
             or tian_di is not None)
    if not prefs.every_reading:
        return [Traits(traits, c.chow, c.all_terminal, c.reading.shape is _SEVEN_PAIRS)
                for c in found], event
    win = hand.win_tile
    five = win if prefs.sandwich and win is not None and win % 9 == 4 else None
    self_drawn = prefs.per_456 and win_type is WinType.SELF_DRAW
    return [Traits(traits, c.chow, c.all_terminal, c.reading.shape is _SEVEN_PAIRS, c.dragon,
                  _sandwiched(c, five, self_drawn) if prefs.sandwich else 0)
            for c in found], event


def _sandwiched(c: Candidate, five: Tile | None, self_drawn: bool) -> int:
    """夹心五's *N* (rooms.md §0.9.4.3) for a reading: on a self-draw under ``per_456`` its
    concealed 4-5-6 sequences, of any suit; otherwise 1 when the win tile ``five`` (a 5,
    else None) is the middle of a concealed 4-5-6 of its suit."""
    if self_drawn:
        return len(c.fives)
    return 1 if five is not None and five // 9 in c.fives else 0


def _tian_di(context: Context, win_type: WinType, prefs: Prefs) -> str | None:
    """天胡 (dealer, first turn, self-draw) or 地胡 (non-dealer, first turn, win type per
    ``di_hu_mode``; a discard must be the dealer's when the seats say who discarded)."""
    if not (prefs.tiandi_hu and context.first_turn):
        return None
    if is_dealer(context):
        return "tian_hu" if win_type is WinType.SELF_DRAW else None
    mode = prefs.di_hu_mode
    if win_type is WinType.SELF_DRAW:
        return "di_hu" if mode in ("either", "self_draw") else None
    if win_type is WinType.DISCARD and mode in ("either", "discard"):
        seats = context.seats
        if seats and seats.dealer is not None and seats.discarder is not None \
                and seats.dealer != seats.discarder:
            return None
        return "di_hu"
    return None


_DECLARED_GROUPS: Final = {
    (m, k): Group(m.value, (T.ALL_CODES[k],) * n, (T.ALL_CODES[k],) * n, True)
    for k in range(27) for m, n in ((MeldKind.PONG, 3), (MeldKind.KONG, 4))
}
"""The declared melds a 108-tile hand can show, as answer groups, built once."""


def as_reading(hand: Hand, candidate: Candidate) -> Reading:
    """The wire reading: the declared melds first (as declared groups), then the concealed
    groups in the reading's order (pair last for the standard shape)."""
    declared = tuple(_DECLARED_GROUPS[m.kind, m.tiles[0]] for m in hand.melds)
    return Reading(candidate.reading.shape.value, declared + candidate.wire)
