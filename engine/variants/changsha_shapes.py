"""长沙 shapes (RULES.md §2.2–2.3): which winning shapes a hand has, how it is read, and how
far a hand is from a wait.

Changsha differs from the plain standard shape in one rule and five shapes. The small win
(小胡) needs a 2/5/8 pair; the shape big wins (碰碰胡, 将将胡, 清一色, the 七小对 family,
全求人) relax that rule, and 将将胡 needs no structure at all. So "is it complete?" is asked of
the shape search under several `ShapeRules` and the answers are combined here; nothing in this
module knows about payments or events.

Shanten is the minimum over the routes to a wait: the 2/5/8 standard shape, 碰碰胡
(triplets only, any pair; no chow meld), 清一色 (one suit, any pair, or seven pairs; melds of
that suit), 七小对 (no melds), 将将胡 (every tile 2/5/8, melds too) and 全求人 (four melds, no
concealed kong). A hand that is ready only with a non-2/5/8 pair is on none of them, so it
is not ready — which is what the variant's waits must say.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from engine import shapes as S
from engine import tiles as T
from engine.hand import Hand, Meld, MeldKind
from engine.results import Group, Reading
from engine.shapes import GroupKind, ShapeReading, ShapeRules
from engine.tiles import Tile

KINDS: Final = T.TILE_SETS["108"]
SMALL: Final = ShapeRules(KINDS, pair_258=True)
STANDARD: Final = ShapeRules(KINDS)
TRIPLETS: Final = ShapeRules(KINDS, triplets_only=True)
SEVEN_PAIRS: Final = ShapeRules(KINDS, standard=False, seven_pairs=True,
                                 seven_pairs_four_as_two=True)
FLUSH_STANDARD: Final = tuple(ShapeRules(KINDS, suits=frozenset({s})) for s in range(3))
"""清一色 with melds: the standard shape in one suit, any pair."""
FLUSH_ANY: Final = tuple(ShapeRules(KINDS, suits=frozenset({s}), seven_pairs=True,
                                    seven_pairs_four_as_two=True) for s in range(3))
"""清一色 without melds: the standard shape or seven pairs, in one suit."""

SHAPE_STANDARD: Final = "standard"
SHAPE_SEVEN_PAIRS: Final = "seven_pairs"
SHAPE_ALL_258: Final = "all_258"


def is_258(tile: Tile) -> bool:
    """A suit tile of rank 2, 5 or 8 (the 将 of a small win, the tiles of 将将胡)."""
    return not T.is_honor(tile) and T.rank(tile) in (2, 5, 8)


@dataclass(frozen=True)
class ShapeFacts:
    """What the complete hand (win tile included) is, shape by shape.

    ``standard``: melds and any pair; ``small``: the same with a 2/5/8 pair (小胡);
    ``triplets``: 碰碰胡's shape (no chow meld, a decomposition without sequences);
    ``all_258``: 将将胡; ``flush``: 清一色 (one suit and ``standard`` or ``seven_pairs``);
    ``seven_pairs``: seven pairs with no melds, a four-of-a-kind counting as two pairs;
    ``quads``: the four-of-a-kinds among those pairs (豪华 grades); ``all_melded``: 全求人's
    shape (four declared melds, none a concealed kong, the last tile paired by the win tile).
    """

    standard: bool
    small: bool
    triplets: bool
    all_258: bool
    flush: bool
    seven_pairs: bool
    quads: int
    all_melded: bool


def shape_facts(hand: Hand) -> ShapeFacts:
    """The shapes of a complete hand (``hand.win_tile`` set)."""
    part = T.counts(hand.concealed_with_win)
    standard = S.is_complete(part, 0, STANDARD)
    small = standard and S.is_complete(part, 0, SMALL)
    no_chow = all(m.kind is not MeldKind.CHOW for m in hand.melds)
    triplets = standard and no_chow and S.is_complete(part, 0, TRIPLETS)
    seven = not hand.melds and S.is_complete(part, 0, SEVEN_PAIRS)
    everything = hand.all_tiles
    one_suit = len({T.suit(t) for t in everything}) == 1
    all_melded = (len(hand.melds) == 4 and standard
                  and not any(m.is_kong and m.concealed for m in hand.melds))
    return ShapeFacts(
        standard=standard,
        small=small,
        triplets=triplets,
        all_258=all(is_258(t) for t in everything),
        flush=one_suit and (standard or seven),
        seven_pairs=seven,
        quads=sum(1 for c in part if c == 4) if seven else 0,
        all_melded=all_melded,
    )


def win_shape_ids(facts: ShapeFacts, all_melded_counts: bool) -> tuple[str, ...]:
    """The API shape ids that make this hand a win (empty: no win).

    The standard shape wins with a 2/5/8 pair, or with any pair when a shape big win that
    rests on it applies (碰碰胡, 清一色, 全求人 — the last only when its option allows it).
    """
    ids = []
    if facts.standard and (facts.small or facts.triplets or facts.flush or all_melded_counts):
        ids.append(SHAPE_STANDARD)
    if facts.seven_pairs:
        ids.append(SHAPE_SEVEN_PAIRS)
    if facts.all_258:
        ids.append(SHAPE_ALL_258)
    return tuple(ids)


# ---------------------------------------------------------------------------------------------
# The reading shown with a score


def reading(hand: Hand, facts: ShapeFacts, shape_ids: Sequence[str]) -> Reading:
    """How the hand was read: the shape that carries its patterns, declared melds first.

    Seven pairs when it wins that way (the 七小对 family is then counted); else a triplet
    reading for 碰碰胡; else any standard reading (a 2/5/8 pair where there is one: RULES
    §2.2 shows every reading agrees on it); else 将将胡, whose tiles need no structure and
    are listed one by one.
    """
    declared = tuple(Group(m.kind.value, _codes(m.tiles), _codes(m.tiles), True)
                     for m in hand.melds)
    part = T.counts(hand.concealed_with_win)
    if SHAPE_SEVEN_PAIRS in shape_ids:
        return _from_shape(SHAPE_SEVEN_PAIRS, declared, part, SEVEN_PAIRS)
    if SHAPE_STANDARD in shape_ids:
        rules = TRIPLETS if facts.triplets else SMALL if facts.small else STANDARD
        return _from_shape(SHAPE_STANDARD, declared, part, rules)
    singles = tuple(Group(GroupKind.SINGLE.value, (c,), (c,))
                    for c in T.codes(hand.concealed_with_win))
    return Reading(SHAPE_ALL_258, declared + singles)


def _from_shape(shape: str, declared: tuple[Group, ...], part: list[int],
                rules: ShapeRules) -> Reading:
    found: ShapeReading = next(iter(S.readings(part, 0, rules)))
    groups = tuple(Group(g.kind.value, _codes(g.as_), _codes(g.as_)) for g in found.groups)
    return Reading(shape, declared + groups)


def _codes(tiles: Iterable[Tile]) -> tuple[str, ...]:
    return tuple(T.codes(tiles))


# ---------------------------------------------------------------------------------------------
# Shanten


def shanten(concealed: Sequence[Tile], melds: Sequence[Meld]) -> int:
    """Fewest exchanges to a hand with a wait under 长沙 rules, beside these declared melds.

    ``concealed`` has 3n+1 tiles, or 3n+2 after a draw (then −1 when it is complete and
    otherwise the value after the best discard, as the shape search counts it). The minimum
    over the routes named in the module docstring, cheapest first; it stops once a route
    reaches the floor (0 ready, −1 complete), and skips 清一色 in a suit whose outside tiles
    alone cost as much as the best route found.
    """
    part = T.counts(concealed)
    after_draw = len(concealed) % 3 == 2
    floor = -1 if after_draw else 0
    meld_tiles = [t for m in melds for t in m.tiles]

    best = len(concealed)  # above any route's value
    if all(is_258(t) for t in meld_tiles):
        # 将将胡: every tile that is not 2/5/8 must go; after a draw one of them is the discard.
        best = sum(1 for t in concealed if not is_258(t)) + floor
    routes = [SMALL]
    if all(m.kind is not MeldKind.CHOW for m in melds):
        routes.append(TRIPLETS)
    if len(melds) == 4 and not any(m.is_kong and m.concealed for m in melds):
        routes.append(STANDARD)  # 全求人: the last tile pairs with any tile
    if not melds:
        routes.append(SEVEN_PAIRS)
    for rules in routes:
        if best <= floor:
            return best
        best = min(best, S.shanten(part, 0, rules))
    for suit in range(3):
        if best <= floor:
            return best
        if any(T.suit(t) != suit for t in meld_tiles):
            continue
        outside = sum(1 for t in concealed if T.suit(t) != suit)
        if outside + floor >= best:
            continue  # this route's lower bound cannot beat the best one
        best = min(best, S.shanten(part, 0, FLUSH_STANDARD[suit] if melds else FLUSH_ANY[suit]))
    return best
