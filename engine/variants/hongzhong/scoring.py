"""红中麻将 (RULES.md §4.2): the win check, the fan, the patterns and the reading.

The fan is the pattern table (`hongzhong.patterns`) applied to each shape that completes
the hand, its traits from a few table-driven shape checks (which shapes complete the hand, and
whether a triplets-only reading exists), never by listing readings: 清一色 and 无红中 are
properties of the tiles, not of a reading, once all-wild groups may take the flush suit.
Readings are listed only to show one that earns the fan.

Decisions:

* 四红中 needs all four copies of **one** wild kind among the concealed tiles and the
  self-drawn win tile (with two wild kinds, two of each is not 四红中: the rule is named
  after holding every copy of the wild tile). Declared melds do not count: their tiles are
  face values, no longer wildcards. In its reading every tile stands for itself.
* 清一色 is judged on the tiles as read: in the standard shape and 七对 every natural tile
  (melds included) is of one suit — wildcards then stand for that suit, all-wild groups
  are assigned to it; 十三幺 never is (it holds honors); 四红中 is when every tile at face
  value is of one suit (a suit-tile wild kind). With no natural tile at all the flush suit
  is 万.
* 碰碰胡 also needs every declared meld to be a pong or kong.
* Bonuses apply to every shape they fit; ties between shapes of equal fan take the first
  in the §4.2 table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from engine import tiles as T
from engine.caching import BoundedDict, clears_hand_memos
from engine.hand import Context, Hand, Meld, MeldKind, WinType
from engine.results import Group, Pattern, Reading, WinCheck, group
from engine.shapes import (
    FREE,
    GroupKind,
    Shape,
    ShapeReading,
    first_reading,
    is_complete,
    win_shapes,
)
from engine.tiles import Tile
from engine.variants.hongzhong.options import Config, Split, split, win_type_of
from engine.variants.hongzhong.patterns import FOUR_WILDS, PATTERN_NAMES, TABLE, Traits
from engine.variants.patterns import Active, Counted, activated, apply, reads, wire_patterns

_SHAPE_ORDER: Final = (Shape.STANDARD.value, Shape.SEVEN_PAIRS.value,
                       Shape.THIRTEEN_ORPHANS.value, FOUR_WILDS)
ORPHANS: Final[tuple[Tile, ...]] = (0, 8, 9, 17, 18, 26, *range(27, 34))
_CODES: Final = T.ALL_CODES
_STANDARD, _SEVEN_PAIRS, _ORPHANS = (Shape.STANDARD.value, Shape.SEVEN_PAIRS.value,
                                     Shape.THIRTEEN_ORPHANS.value)


def four_wild_kind(hand: Hand, win_type: WinType, first_turn: bool, cfg: Config) -> Tile | None:
    """The wild kind whose four copies the player holds concealed after a self-draw, when
    四红中 is on at this moment; else None."""
    if win_type is not WinType.SELF_DRAW or cfg.four_wild_win == "off":
        return None
    if cfg.four_wild_win == "first_turn" and not first_turn:
        return None
    tiles = hand.concealed_with_win
    for kind in sorted(cfg.wild):
        if tiles.count(kind) >= T.COPIES:
            return kind
    return None


def shapes_of(hand: Hand, context: Context, cfg: Config,
              win_type: WinType | None = None) -> tuple[tuple[str, ...], Split]:
    """The winning shape ids of a complete hand (empty when none) and its split; in
    ``win_type`` when given, else the context's."""
    win_type = win_type_of(win_type or context.win_type)
    sp = split(hand, win_type, cfg)
    shapes = tuple(s.value for s in win_shapes(sp.naturals, sp.wilds, cfg.rules))
    if not shapes and four_wild_kind(hand, win_type, context.first_turn, cfg) is not None:
        shapes = (FOUR_WILDS,)
    return shapes, sp


Found = tuple[tuple[str, ...], Split]
"""What `shapes_of` says of a hand: the fan operation asks it once for check, score and
reading."""


def check(hand: Hand, context: Context, cfg: Config, found: Found | None = None,
          win_type: WinType | None = None) -> WinCheck:
    """Win or the first reason against it (RULES.md §0.7): no shape, then the discard rule;
    in ``win_type`` when given, else the context's."""
    shapes, sp = found or shapes_of(hand, context, cfg, win_type)
    if not shapes:
        return WinCheck(False, reason="no_winning_shape")
    if win_type_of(win_type or context.win_type) is WinType.DISCARD and (
        cfg.win_by_discard == "no"
        or (cfg.win_by_discard == "only_without_wild" and sp.holds_wild)
    ):
        return WinCheck(False, reason="discard_win_not_allowed")
    return WinCheck(True, shapes=shapes)


@dataclass(frozen=True)
class Scored:
    """The best way to score a winning hand: its shape, fan and counted patterns."""

    shape: str
    fan: int
    patterns: tuple[Pattern, ...]
    triplets: bool
    """The standard shape read as triplets only (碰碰胡 counted)."""
    flush_suit: int | None
    """The suit of a counted 清一色: where all-wild groups go."""


def suits_of(naturals: list[int], melds: tuple[Meld, ...]) -> set[int]:
    """The suits of the natural concealed tiles and of the declared melds (a kind's suit is
    its number // 9, `engine.tiles.suit`, inlined: this runs for every judged hand)."""
    found = {k // 9 for k, n in enumerate(naturals) if n}
    found.update(t // 9 for m in melds for t in m.tiles)
    return found


def flush_suit(suits: set[int]) -> int | None:
    """The suit of a one-suit hand (万 when there is no natural tile at all), else None."""
    if not suits:
        return 0
    if len(suits) == 1:
        (only,) = suits
        return only if only < 3 else None
    return None


def score(hand: Hand, context: Context, cfg: Config, found: Found | None = None) -> Scored:
    """The best-scoring shape of a winning hand (``check`` said win): `patterns.TABLE`
    applied to each shape that completes it."""
    shapes, sp = found or shapes_of(hand, context, cfg)
    natural_flush = flush_suit(suits_of(sp.naturals, hand.melds))
    candidates = []
    for shape in _SHAPE_ORDER:
        if shape not in shapes:
            continue
        triplets, flush = False, natural_flush
        if shape == _STANDARD:
            triplets = (cfg.pengpenghu_fan > 0
                        and all(m.kind is not MeldKind.CHOW for m in hand.melds)
                        and is_complete(sp.naturals, sp.wilds, cfg.triplets_rules))
        elif shape == _ORPHANS:
            flush = None
        elif shape == FOUR_WILDS:
            flush = flush_suit({t // 9 for t in hand.all_tiles})
        candidates.append(Traits(shape, triplets, flush, sp.holds_wild))
    if not candidates:
        raise ValueError("score() needs a winning hand")
    return priced(cfg, tuple(candidates))


def priced(cfg: Config, candidates: tuple[Traits, ...]) -> Scored:
    """`patterns.TABLE` under ``cfg`` applied to a winning hand's candidate shapes (in
    `_SHAPE_ORDER`), the best kept: the one pricing of a hand (`score`) and of a wait
    (`wait_fan`). Memoised per Config: a hand's candidates take a few hundred values."""
    scoring = _scoring(cfg)
    scored = scoring.scores.get(candidates)
    if scored is None:
        scored = scoring.scores.keep(candidates, best(scoring.table, candidates))
    return scored


WaitKey = tuple[bool, bool, bool, bool, int | None, bool, int | None]
"""What a wait's candidate traits are made of (`hongzhong.waits.wait_fans`): the draw completes
the standard shape, its triplets reading, 七对, 十三幺; the flush suit as they read it; the
winner holds a wildcard; and, when no shape completes (四红中 alone), its face-value flush
suit (else None)."""


def wait_fan(cfg: Config, key: WaitKey) -> int:
    """The fan `priced` gives the candidates ``key`` describes, memoised per Config by the
    key (plain values: the traits are built only on a miss)."""
    fans = _scoring(cfg).wait_fans
    fan = fans.get(key)
    if fan is None:
        fan = fans.keep(key, priced(cfg, _wait_candidates(key)).fan)
    return fan


def shape_fans(cfg: Config) -> tuple[int, int, int]:
    """The table's price of a wait's win by one shape alone, no bonus fitting: the base
    (胡牌, and 四红中, whose prices the table makes equal), 七对, 十三幺. Kept per Config."""
    scoring = _scoring(cfg)
    found = scoring.shape_fans
    if not found:
        plain: list[WaitKey] = [(True, False, False, False, None, True, None),
                                (False, False, True, False, None, True, None),
                                (False, False, False, True, None, True, None),
                                (False, False, False, False, None, True, None)]
        base, pair, orphan, four = (wait_fan(cfg, key) for key in plain)
        assert four == base, "the table prices 胡牌 and 四红中 alike"
        found.extend((base, pair, orphan))
    return found[0], found[1], found[2]


def _wait_candidates(key: WaitKey) -> tuple[Traits, ...]:
    """The candidates of a wait's win, as `score` builds them for a whole hand (`shapes_of`:
    四红中 only where no shape completes)."""
    standard, triplets, pairs, orphans, flush, holds_wild, four_flush = key
    found = []
    if standard:
        found.append(Traits(_STANDARD, triplets, flush, holds_wild))
    if pairs:
        found.append(Traits(_SEVEN_PAIRS, False, flush, holds_wild))
    if orphans:
        found.append(Traits(_ORPHANS, False, None, holds_wild))
    if not found:
        found.append(Traits(FOUR_WILDS, False, four_flush, True))
    return tuple(found)


def best(table: Active[Traits], candidates: tuple[Traits, ...]) -> Scored:
    """``table`` applied to each candidate shape, the best kept."""
    index, counted = apply(table, candidates)
    traits = candidates[index]
    flush_counted = any(c[0] == "qing_yi_se" for c in counted)
    return Scored(traits.shape, sum(c[1] for c in counted), _patterns(counted), traits.triplets,
                  traits.flush if flush_counted else None)


class _Scoring(NamedTuple):
    """`patterns.TABLE` under one Config's fans, and the scores it gave by candidates (a
    hand's candidates take a few hundred values, so the table is applied once to each)."""

    cfg: Config
    table: Active[Traits]
    scores: BoundedDict[tuple[Traits, ...], Scored]
    wait_fans: BoundedDict[WaitKey, int]
    shape_fans: list[int]
    """`shape_fans`' answer, once asked."""


_READS: Final = reads(TABLE)
BY_CONFIG: BoundedDict[int, _Scoring] = BoundedDict(256)
"""By the Config's id: Configs are made once per option set (`options.config`), and the entry
holds its Config, so the id is not reused while the entry lives. An option set's memo (a room
keeps it warm); the scores and wait fans each entry holds are hand memos (`_clear_by_hand`)."""


@clears_hand_memos
def _clear_by_hand() -> None:
    """Empty each Config's scores by candidates and fans by wait: keyed by a hand's traits."""
    for found in BY_CONFIG.values():
        found.scores.clear()
        found.wait_fans.clear()


def scoring_of(cfg: Config) -> tuple[Active[Traits], BoundedDict[tuple[Traits, ...], Scored]]:
    """The activated table of ``cfg`` and its scores memo."""
    found = _scoring(cfg)
    return found.table, found.scores


def _scoring(cfg: Config) -> _Scoring:
    found = BY_CONFIG.get(id(cfg))
    if found is None or found.cfg is not cfg:
        options = {name: getattr(cfg, name) for name in _READS}
        found = BY_CONFIG.keep(id(cfg), _Scoring(cfg, activated(TABLE, options),
                                                  BoundedDict(4096), BoundedDict(4096), []))
    return found


def _patterns(counted: tuple[Counted, ...]) -> tuple[Pattern, ...]:
    """The wire patterns (`wire_patterns`)."""
    return wire_patterns(counted, PATTERN_NAMES)


# ---------------------------------------------------------------------------------------------
# The reading


def reading(hand: Hand, context: Context, cfg: Config, scored: Scored,
            found_split: Split | None = None) -> Reading:
    """One reading that earns ``scored``: declared melds first, then the concealed groups
    (the pair last), each wildcard shown with the kind it stands for.

    Group tiles are listed position by position with what they stand for, so a wildcard's
    physical tile sits beside its meaning rather than in sorted order.
    """
    declared = tuple(_declared(m) for m in hand.melds)
    sp = found_split or split(hand, win_type_of(context.win_type), cfg)
    if scored.shape == FOUR_WILDS:
        singles = tuple(group(GroupKind.SINGLE.value, (t,))
                        for t in sorted(hand.concealed_with_win))
        return Reading(FOUR_WILDS, declared + singles)
    rules = cfg.triplets_rules if scored.triplets else cfg.rules
    found: ShapeReading = first_reading(sp.naturals, sp.wilds, rules, Shape(scored.shape))
    return Reading(scored.shape, declared + _resolve(found, sp, hand.melds, scored, cfg))


def _declared(meld: Meld) -> Group:
    return group(meld.kind.value, meld.tiles, None, True)


def _resolve(found: ShapeReading, sp: Split, melds: tuple[Meld, ...], scored: Scored,
             cfg: Config) -> tuple[Group, ...]:
    """Physical tiles for every member, and a kind for every all-wild group."""
    used = [0] * T.KIND_COUNT
    for m in melds:
        for t in m.tiles:
            used[t] += 1
    for g in found.groups:
        for kind in g.as_:
            if kind != FREE:
                used[kind] += 1
    pool = list(sp.wild_tiles)
    groups = []
    for g in found.groups:
        physical = []
        for kind, wild in zip(g.as_, g.wild, strict=True):
            physical.append(pool.pop(0) if wild else kind)
        as_ = list(g.as_)
        if FREE in as_:
            kind = _free_kind(physical, len(as_), used, found.shape, scored, cfg)
            used[kind] += len(as_)
            as_ = [kind] * len(as_)
        groups.append(group(g.kind.value, tuple(physical), tuple(as_)))
    return tuple(groups)


def _free_kind(physical: list[Tile], size: int, used: list[int], shape: Shape, scored: Scored,
               cfg: Config) -> Tile:
    """The kind an all-wild group stands for: the flush suit's when 清一色 counted (the
    kind that scored best), else the wildcard's own face; an unused kind first, so the
    reading never shows more than four of a kind when it need not."""
    prefer: list[Tile]
    if shape is Shape.THIRTEEN_ORPHANS:
        prefer = list(ORPHANS)
    elif scored.flush_suit is not None:
        prefer = [scored.flush_suit * 9 + r for r in range(9)]
    else:
        prefer = [*dict.fromkeys(physical), *sorted(cfg.kinds)]
    for kind in prefer:
        if used[kind] == 0:
            return kind
    for kind in prefer:
        if used[kind] + size <= T.COPIES:
            return kind
    return prefer[0]
