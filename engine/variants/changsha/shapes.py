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

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from engine import shapes as S
from engine import tiles as T
from engine.hand import Hand, HandRules, Meld, MeldKind
from engine.results import Group, Reading, group
from engine.shapes import NEVER, GroupKind, ShapeReading, ShapeRules
from engine.tiles import Tile
from engine.variants.changsha.bounds import IS_258, KINDS_258, Bounds, Counted, PartBounds

KINDS: Final = T.TILE_SETS["108"]
HAND_RULES: Final = HandRules(KINDS, chow_melds=True, tile_set_name="108")
"""The 长沙 hand rules (108 tiles, chows as melds) for `engine.hand.check_hand`."""
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

KIND_LIST: Final = tuple(sorted(KINDS))
"""The 27 suit kinds, 0–26: the honors (27–33) are outside the tile set."""
_NOT_258: Final = tuple(int(t not in IS_258) for t in KIND_LIST)
SUIT_KINDS: Final = len(KIND_LIST)
_HONORS_NEVER: Final = [NEVER] * (T.KIND_COUNT - SUIT_KINDS)
SHAPE_STANDARD: Final = "standard"
SHAPE_SEVEN_PAIRS: Final = "seven_pairs"
SHAPE_ALL_258: Final = "all_258"


def is_258(tile: Tile) -> bool:
    """A suit tile of rank 2, 5 or 8 (the 将 of a small win, the tiles of 将将胡)."""
    return not T.is_honor(tile) and T.rank(tile) in (2, 5, 8)


class ShapeTraits(NamedTuple):
    """What the complete hand (win tile included) is, shape by shape. (A NamedTuple: built
    for every evaluation, and the key of the scores memo in `changsha.scoring`.)

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


def shape_traits(hand: Hand) -> ShapeTraits:
    """The shapes of a complete hand (``hand.win_tile`` set)."""
    tiles = hand.concealed_with_win
    part = T.counts(tiles)
    standard = S.is_complete(part, 0, STANDARD)
    small = standard and S.is_complete(part, 0, SMALL)
    no_chow = all(m.kind is not MeldKind.CHOW for m in hand.melds)
    triplets = standard and no_chow and S.is_complete(part, 0, TRIPLETS)
    seven = not hand.melds and S.is_complete(part, 0, SEVEN_PAIRS)
    everything = set(tiles).union(*(m.tiles for m in hand.melds))
    one_suit = len({t // 9 for t in everything}) == 1
    all_melded = (len(hand.melds) == 4 and standard
                  and not any(m.is_kong and m.concealed for m in hand.melds))
    return ShapeTraits(
        standard=standard,
        small=small,
        triplets=triplets,
        all_258=everything <= IS_258,
        flush=one_suit and (standard or seven),
        seven_pairs=seven,
        quads=sum(1 for c in part if c == 4) if seven else 0,
        all_melded=all_melded,
    )


def forms_no_shape(concealed: Sequence[Tile], tile: Tile, melds: Sequence[Meld]) -> bool:
    """True when ``concealed`` + ``tile`` beside ``melds`` forms no shape at all — not the
    standard one, not 七小对, not 将将胡 — so `shape_traits` would find nothing
    (``no_winning_shape``): told without the rest of its traits, or a trial `Hand`, for the
    offers ``claims`` rules on, most of which are no win."""
    part = T.counts(concealed)
    part[tile] += 1
    if S.is_complete(part, 0, STANDARD):
        return False
    if not melds and S.is_complete(part, 0, SEVEN_PAIRS):
        return False
    return not (tile in IS_258 and IS_258.issuperset(concealed) and _all_258(melds))


def _all_258(melds: Sequence[Meld]) -> bool:
    """Every declared meld's tiles are 2/5/8 (one look at a meld's first tile: a chow of
    2/5/8 tiles does not exist, a pong or kong is of one kind)."""
    return all(m.kind is not MeldKind.CHOW and m.tiles[0] in IS_258 for m in melds)


def win_shape_ids(traits: ShapeTraits, all_melded_counts: bool) -> tuple[str, ...]:
    """The API shape ids that make this hand a win (empty: no win).

    The standard shape wins with a 2/5/8 pair, or with any pair when a shape big win that
    rests on it applies (碰碰胡, 清一色, 全求人 — the last only when its option allows it).
    """
    ids = []
    if traits.standard and (traits.small or traits.triplets or traits.flush or all_melded_counts):
        ids.append(SHAPE_STANDARD)
    if traits.seven_pairs:
        ids.append(SHAPE_SEVEN_PAIRS)
    if traits.all_258:
        ids.append(SHAPE_ALL_258)
    return tuple(ids)


# ---------------------------------------------------------------------------------------------
# The reading shown with a score


def reading(hand: Hand, traits: ShapeTraits, shape_ids: Sequence[str]) -> Reading:
    """How the hand was read: the shape that carries its patterns, declared melds first.

    Seven pairs when it wins that way (the 七小对 family is then counted); else a triplet
    reading for 碰碰胡; else any standard reading (a 2/5/8 pair where there is one: RULES
    §2.2 shows every reading agrees on it); else 将将胡, whose tiles need no structure and
    are listed one by one.
    """
    declared = tuple(group(m.kind.value, tuple(sorted(m.tiles)), None, True)
                     for m in hand.melds)
    part = T.counts(hand.concealed_with_win)
    if SHAPE_SEVEN_PAIRS in shape_ids:
        return _from_shape(SHAPE_SEVEN_PAIRS, declared, part, SEVEN_PAIRS)
    if SHAPE_STANDARD in shape_ids:
        rules = TRIPLETS if traits.triplets else SMALL if traits.small else STANDARD
        return _from_shape(SHAPE_STANDARD, declared, part, rules)
    singles = tuple(group(GroupKind.SINGLE.value, (t,))
                    for t in sorted(hand.concealed_with_win))
    return Reading(SHAPE_ALL_258, declared + singles)


def _from_shape(shape: str, declared: tuple[Group, ...], part: list[int],
                rules: ShapeRules) -> Reading:
    found: ShapeReading = S.first_reading(part, 0, rules)
    groups = tuple(group(g.kind.value, tuple(sorted(g.as_))) for g in found.groups)
    return Reading(shape, declared + groups)


# ---------------------------------------------------------------------------------------------
# Shanten


def shanten(concealed: Sequence[Tile], melds: Sequence[Meld], probe: Probe | None = None) -> int:
    """Fewest exchanges to a hand with a wait under 长沙 rules, beside these declared melds.

    ``concealed`` has 3n+1 tiles, or 3n+2 after a draw (then −1 when it is complete and
    otherwise the value after the best discard, as the shape search counts it). The minimum
    over the routes named in the module docstring, cheapest first; it stops once a route
    reaches the floor (0 ready, −1 complete), and skips 清一色 in a suit whose outside tiles
    alone cost as much as the best route found. ``probe`` gives a route's shanten (default:
    the shape search's; `discard_draws` reads them off its one pass).
    """
    part = T.counts(concealed)
    size = len(concealed)
    return _shanten(Counted(part, size), size, _routes(melds),
                    _searched(part) if probe is None else probe)


class _Routes(NamedTuple):
    """What the routes of `shanten` and `shanten_after_draws` ask of the declared melds
    alone — read once a hand, not once a discard (`discard_draws`)."""

    all_258: bool
    """Every meld tile is 2/5/8: 将将胡 stays open."""
    routes: tuple[ShapeRules, ...]
    """小胡 first, then 碰碰胡 (no chow meld), 全求人 (four melds, no concealed kong), 七对
    (no meld)."""
    flushes: tuple[tuple[int, ShapeRules], ...]
    """Each suit whose 清一色 no meld rules out, with its route's rules."""


def _routes(melds: Sequence[Meld]) -> _Routes:
    meld_tiles = [t for m in melds for t in m.tiles]
    routes = [SMALL]
    if all(m.kind is not MeldKind.CHOW for m in melds):
        routes.append(TRIPLETS)
    if len(melds) == 4 and not any(m.is_kong and m.concealed for m in melds):
        routes.append(STANDARD)  # 全求人: the last tile pairs with any tile
    if not melds:
        routes.append(SEVEN_PAIRS)
    flushes = tuple((suit, FLUSH_STANDARD[suit] if melds else FLUSH_ANY[suit])
                    for suit in range(3) if all(t // 9 == suit for t in meld_tiles))
    return _Routes(all(t in IS_258 for t in meld_tiles), tuple(routes), flushes)


def _shanten(bounds: Bounds, size: int, plan: _Routes, probe: Probe) -> int:
    """`shanten` of a part of ``size`` tiles, its ``bounds`` counted."""
    after_draw = size % 3 == 2
    floor = -1 if after_draw else 0
    best = size  # above any route's value
    if plan.all_258:
        # 将将胡: every tile that is not 2/5/8 must go; after a draw one of them is the discard.
        best = size - bounds.on_258() + floor
    for rules in plan.routes:
        if best <= floor:
            return best
        if rules is SEVEN_PAIRS and 6 - bounds.pairs() >= best:
            continue  # 七对 needs 7 − p more pairs beside the p held: shanten ≥ 6 − p
        if rules is TRIPLETS and bounds.triplets() >= best:
            continue
        best = min(best, probe(rules))
    for suit, rules in plan.flushes:
        if best <= floor:
            return best
        outside = size - bounds.in_suit(suit)
        if outside + floor >= best:
            continue  # this route's lower bound cannot beat the best one
        best = min(best, probe(rules))
    return best


def shanten_after_draws(concealed: Sequence[Tile], melds: Sequence[Meld],
                        draws: Draws | None = None) -> list[int]:
    """``[shanten([*concealed, t], melds) for t in range(34)]`` (honors: `NEVER`) for 3n+1
    ``concealed``: each route asked once (`engine.shapes.shanten_after_draws`), not per draw.

    The routes and their conditions are those of `shanten`. A 清一色 route is probed only
    when some draw could reach below the best other route: its tiles outside the suit are
    dead, and a 3n+2 part with k dead tiles has shanten ≥ k − 1 (the bound `shanten` prunes
    with). 七对 is skipped by its own bound: with p pairs among the 13 tiles, a draw leaves at
    most p + 1, so at least 6 − p pairs to make, and shanten ≥ 5 − p. ``draws`` gives a
    route's draws (default: the shape search's; `discard_draws` reads them off its one pass).
    """
    part = T.counts(concealed)
    size = len(concealed)
    return _after_draws(Counted(part, size), size, _routes(melds),
                        _searched_draws(part) if draws is None else draws)


def _after_draws(bounds: Bounds, size: int, plan: _Routes, draws: Draws) -> list[int]:
    """`shanten_after_draws` of a part of ``size`` tiles, its ``bounds`` counted."""
    routes = plan.routes
    best = draws(routes[0])[:SUIT_KINDS]
    if plan.all_258:
        # 将将胡: the tiles that are not 2/5/8 go, one of them as the discard
        off = size - bounds.on_258() - 1
        best = list(map(min, best, [off + x for x in _NOT_258]))
    pairs = bounds.pairs()
    for rules in routes[1:]:
        top = max(best)
        if top <= -1:  # every draw already completes: no route goes lower
            break
        if rules is SEVEN_PAIRS and 5 - pairs >= top:
            continue  # 七对 after a draw needs 7 − (pairs + 1) more pairs: shanten ≥ 5 − pairs
        if rules is TRIPLETS and bounds.triplets() - 1 >= top:
            continue  # a draw keeps at most one more tile
        best = list(map(min, best, draws(rules)))
    for suit, rules in plan.flushes:
        lo, hi = 9 * suit, 9 * suit + 9
        outside = size - bounds.in_suit(suit)
        # the bound: outside − 1 after drawing a tile of the suit, outside after another
        if max(best[lo:hi]) < outside and max(best[:lo] + best[hi:]) <= outside:
            continue
        best = list(map(min, best, draws(rules)))
    return best + _HONORS_NEVER


def discard_draws(concealed: Sequence[Tile], melds: Sequence[Meld]
                  ) -> dict[Tile, tuple[int, list[int]]]:
    """For 3n+2 ``concealed``, per kind held: `shanten` and `shanten_after_draws` of what
    discarding one of it leaves — each route that some discard asks for read for every
    discard in one `engine.shapes.shanten_after_discards` (a discard changes one suit), the
    routes, their conditions and bounds those two functions' own."""
    part = T.counts(concealed)
    passes: dict[int, dict[Tile, tuple[int, list[int]]]] = {}

    def one_pass(rules: ShapeRules) -> dict[Tile, tuple[int, list[int]]]:
        found = passes.get(id(rules))
        if found is None:
            found = passes[id(rules)] = S.shanten_after_discards(part, 0, rules, ())
        return found

    plan = _routes(melds)  # (the melds' part of the routes: once, not once a discard)
    size = len(concealed) - 1
    whole = PartBounds.of(part, size + 1)  # (each discard's bounds: these less its tile)
    out = {}
    for k in sorted(set(concealed)):
        bounds = whole.less(k, part[k])
        probe, draws = _read_off(one_pass, k)
        out[k] = _shanten(bounds, size, plan, probe), _after_draws(bounds, size, plan, draws)
    return out


Probe = Callable[[ShapeRules], int]
"""A route's shanten of a part (its `ShapeRules`)."""
Draws = Callable[[ShapeRules], list[int]]
"""A route's shanten after each draw of a part."""


def _searched(part: list[int]) -> Probe:
    return lambda rules: S.shanten(part, 0, rules)


def _searched_draws(part: list[int]) -> Draws:
    return lambda rules: S.after_draws(part, 0, rules, ())


def _read_off(one_pass: Callable[[ShapeRules], dict[Tile, tuple[int, list[int]]]], k: Tile
              ) -> tuple[Probe, Draws]:
    """Discard k's route values from the routes' one pass."""
    return (lambda rules: one_pass(rules)[k][0]), (lambda rules: one_pass(rules)[k][1])


def wait_candidates(concealed: Sequence[Tile], melds: Sequence[Meld]) -> tuple[Tile, ...]:
    """A superset of the kinds that win with ``concealed`` (3n+1): those completing the
    standard shape with any pair (小胡, 碰碰胡, 清一色 and 全求人 are all that shape), 七小对
    without melds, and every 2/5/8 kind while every tile held is one (将将胡)."""
    return tuple(sorted(candidate_set(T.counts(concealed), concealed, melds)))


def candidate_set(part: list[int], concealed: Sequence[Tile],
                  melds: Sequence[Meld]) -> set[Tile]:
    """`wait_candidates` unordered, from the concealed tiles' counts (``part``) as well."""
    found = set(S.completing_kinds(part, 0, STANDARD, ()))
    if not melds:
        found.update(S.completing_kinds(part, 0, SEVEN_PAIRS, ()))
    if IS_258.issuperset(concealed) and _all_258(melds):
        found.update(KINDS_258)
    return found


def has_wait(concealed: Sequence[Tile], melds: Sequence[Meld]) -> bool:
    """Whether 3n+1 ``concealed`` tiles beside ``melds`` have a wait: a kind, held fewer
    than four times in all, that `judge` rules a win on a discard (RULES.md §0.6) — told
    from one table probe per shape rather than a `judge` per kind (what 开杠 asks of the
    hand a kong leaves, ``claims``; it takes the tiles and melds, not a `Hand`).

    A discard win is 将将胡 (a 2/5/8 kind while every tile is one), 七小对 (no melds), or the
    standard shape with a 2/5/8 pair (小胡) or with a shape big win resting on it: 全求人
    (four melds, no concealed kong — a discard always allows it), 清一色 (the kind in the one
    suit held) or 碰碰胡 (no chow meld, a triplets reading). One probe lists the kinds
    completing the standard shape (`engine.shapes.completing_kinds`; most parts a kong
    leaves have none, and are answered at once), another 七小对's; each of the few standard
    kinds left is then asked the 2/5/8-pair and triplets shapes alone."""
    part = T.counts(concealed)
    standard = S.completing_kinds(part, 0, STANDARD, ())
    seven = S.completing_kinds(part, 0, SEVEN_PAIRS, ()) if not melds else ()
    all_258 = IS_258.issuperset(concealed) and _all_258(melds)
    if not standard and not seven and not all_258:
        return False
    own = part.copy()
    for m in melds:
        for t in m.tiles:
            own[t] += 1
    if all_258 and any(own[t] < T.COPIES for t in KINDS_258):
        return True
    if any(own[t] < T.COPIES for t in seven):
        return True
    live = [t for t in standard if own[t] < T.COPIES]
    if not live:
        return False
    if len(melds) == 4 and not any(m.is_kong and m.concealed for m in melds):
        return True  # 全求人
    suits = {t // 9 for t in concealed}
    suits.update(m.tiles[0] // 9 for m in melds)
    if len(suits) == 1 and any(t // 9 in suits for t in live):
        return True  # 清一色
    no_chow = all(m.kind is not MeldKind.CHOW for m in melds)
    for t in live:  # (a win check a kind: cheaper than a probe of every kind)
        part[t] += 1
        won = S.is_complete(part, 0, SMALL) or (no_chow and S.is_complete(part, 0, TRIPLETS))
        part[t] -= 1
        if won:
            return True  # 小胡, or 碰碰胡
    return False
