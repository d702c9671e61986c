"""四川's 缺一门 in the shape search: the suit a hand may still drop, its shanten, and the
suit ``discards`` (and ``claims``' ``after.discard``) list first (RULES.md §1.1, §0.6).

The tiles of the missing suit — or, undeclared, of the best suit to drop that no meld holds —
are tiles to exchange: the shanten is the general search's with that suit left out
(`RULES_WITHOUT`). One home for the rule, so that the variant's waits and discards and
claims' ``after`` read it the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from engine import shapes as S
from engine import tiles as T
from engine.hand import Context, Hand
from engine.options import Options
from engine.shapes import NEVER
from engine.tiles import Tile
from engine.variants.sichuan.facts import missing_suit
from engine.variants.sichuan.rooms import DEFAULT, SichuanRoom, sichuan_room
from engine.variants.sichuan.scoring import suits_held

RULES_WITHOUT: Final = DEFAULT.without
"""The general search's rules with suit ``d`` dropped: its tiles are tiles to exchange
(缺一门), for shanten — the default room's (a room's: `SichuanRoom.without`, with its hand
size; in a room of fewer suits the suit dropped is one it has no tile of, so its answer is
the plain shanten of the room, rooms.md §0.9.4.1)."""
STANDARD_WITHOUT: Final = DEFAULT.standard_without
PAIRS_WITHOUT: Final = DEFAULT.pairs_without
"""`RULES_WITHOUT` shape by shape (their least is its answer), for the draws of discards."""
SUIT_KINDS: Final = 27
ALL_SUITS: Final = frozenset({0, 1, 2})


def drop_suits(hand: Hand, context: Context) -> frozenset[int]:
    """The suits the player may still be without: the declared missing suit, or any suit;
    minus every suit a declared meld holds."""
    held = frozenset(m.tiles[0] // 9 for m in hand.melds)
    missing = missing_suit(context)
    return (ALL_SUITS if missing is None else frozenset({missing})) - held


def shanten(concealed: Sequence[Tile], drops: frozenset[int], room: SichuanRoom = DEFAULT
            ) -> int:
    """The least shanten over the suits that may be dropped (`_least`)."""
    if not drops:
        return NEVER
    part = T.counts(concealed)
    without = room.without
    return _least(part, drops, lambda d: S.shanten(part, 0, without[d]))


def _least(part: list[int], drops: frozenset[int], probe: Callable[[int], int]) -> int:
    """The least of ``probe(d)`` — the shanten with suit d dropped — over the droppable
    suits.

    When a droppable suit is absent from the concealed tiles, dropping it is never worse
    than dropping any other suit (swap the two suits in any target hand: the tiles held of
    the other suit can only match more), so one table look-up suffices.
    """
    order = sorted(drops)
    for d in order:
        if not any(part[d * 9:d * 9 + 9]):
            return probe(d)
    return min(probe(d) for d in order)


def shanten_after_draws(concealed: Sequence[Tile], drops: frozenset[int],
                        room: SichuanRoom = DEFAULT) -> list[int]:
    """``[shanten([*concealed, t], drops) for t in range(34)]`` (honors: `NEVER`), with one
    `engine.shapes.shanten_after_draws` per dropped suit instead of 27 × 3 look-ups
    (`_after_draws`)."""
    if not drops:
        return [NEVER] * T.KIND_COUNT
    part = T.counts(concealed)
    standard = room.standard_without
    return _after_draws(part, drops, room, lambda d: S.after_draws(
        part, 0, standard[d], ())[:SUIT_KINDS], _pairs_floor(room) - _pairs(part) - 1)


def discard_draws(concealed: Sequence[Tile], drops: frozenset[int], room: SichuanRoom = DEFAULT
                  ) -> dict[Tile, tuple[int, list[int]]]:
    """For the room's *n* + 1 ``concealed`` tiles, per kind held: `shanten` and
    `shanten_after_draws` of the *n* tiles left by discarding one of it — the standard shape
    of every discard from one `engine.shapes.shanten_after_discards` per droppable suit; the
    pairs shape discard by discard, and only where it may do better than the standard one
    (`_pairs_floor`: its shanten is at least that; a draw's bound is `_after_draws`')."""
    part = T.counts(concealed)
    held = [k for k in range(T.KIND_COUNT) if part[k]]
    if not drops:
        return {k: (NEVER, [NEVER] * T.KIND_COUNT) for k in held}
    standard = {d: S.shanten_after_discards(part, 0, room.standard_without[d], ())
                for d in drops}
    pairs_without = room.pairs_without
    need, all_pairs = _pairs_floor(room), _pairs(part)
    if len(drops) == 1:
        (d,) = drops
        return _one_drop(part, held, standard[d], pairs_without[d], need - all_pairs)
    out = {}
    for k in held:
        part[k] -= 1
        short = need - all_pairs + (part[k] & 1)  # an even count loses a pair

        def now(d: int) -> int:
            found = standard[d][k][0]  # noqa: B023 (called at once, in this iteration)
            if found <= short:  # noqa: B023
                return found
            return min(found, S.shanten(part, 0, pairs_without[d]))

        out[k] = _least(part, drops, now), _after_draws(
            part, drops, room, lambda d: standard[d][k][1][:SUIT_KINDS],  # noqa: B023
            short - 1)
        part[k] += 1
    return out


def _one_drop(part: list[int], held: list[Tile], standard: dict[Tile, tuple[int, list[int]]],
              pairs: S.ShapeRules, short_all: int) -> dict[Tile, tuple[int, list[int]]]:
    """`discard_draws` with one droppable suit ``d`` (the declared missing suit: most of a
    game), written out: `_least` and `_after_draws` of one suit are that suit's probe, so
    each discard's answer is its standard-shape pass ``standard`` (dropping d), the pairs
    shape asked only where it may do better (its floors as in `discard_draws`).

    Why: the general loop builds two closures and a probe memo per discard to choose among
    suits; with one suit there is no choice (about a tenth of a fresh ``discards``). The
    pairs shape of every discard is asked once, on the whole hand, when the first discard
    needs it (`engine.shapes.shanten_after_discards` reads it off one summary)."""
    out = {}
    by_discard: dict[Tile, tuple[int, list[int]]] | None = None
    for k in held:
        found, draws = standard[k]
        after = draws[:SUIT_KINDS]
        short = short_all + (part[k] - 1 & 1)  # an even count loses a pair
        if short - 1 < max(after) or found > short:
            if by_discard is None:
                by_discard = S.shanten_after_discards(part, 0, pairs, ())
            now, paired = by_discard[k]
            if short - 1 < max(after):
                after = list(map(min, after, paired))
            if found > short:
                found = min(found, now)
        out[k] = found, after + _HONORS_NEVER
    return out


def _pairs_floor(room: SichuanRoom) -> int:
    """A floor under the pairs shape's shanten of the room's *n* tiles holding no pair:
    its (*n* + 1) // 2 pairs less one (each missing pair needs a draw), less one for each
    pair held (七对 of 13 tiles with p pairs: 6 − p). A draw adds at most one pair: one less
    after it."""
    return (room.room.hand_size + 1) // 2 - 1


def _pairs(part: list[int]) -> int:
    return sum(c >> 1 for c in part)


def _after_draws(part: list[int], drops: frozenset[int], room: SichuanRoom,
                 standard: Callable[[int], list[int]], pairs_floor: int) -> list[int]:
    """The shanten after each draw from the 27 standard-shape values ``standard(d)`` with
    suit d dropped.

    After drawing t, `shanten` takes the first droppable suit absent from the hand, or the
    least over every droppable suit. A suit is probed only when some draw needs it: dropping
    suit d leaves its tiles dead, and a 3n+2 part with k dead tiles has shanten ≥ k − 1 (one
    discard removes one dead tile, a ready hand holds none), so d is skipped for draws whose
    best value so far is at most that bound. Each probe asks the standard shape first and
    the pairs shape only when it can do better: its shanten after a draw is at least
    ``pairs_floor`` (`_pairs_floor`'s less one). One droppable suit (the declared missing
    suit: most of a game) is that suit's probe for every draw.
    """
    probed: dict[int, list[int]] = {}
    pairs_without = room.pairs_without

    def after(d: int) -> list[int]:
        found = probed.get(d)
        if found is None:
            found = standard(d)
            if pairs_floor < max(found):
                found = list(map(min, found, S.after_draws(
                    part, 0, pairs_without[d], ())))
            probed[d] = found
        return found

    if len(drops) == 1:
        return after(next(iter(drops))) + _HONORS_NEVER
    out = [NEVER] * T.KIND_COUNT
    order = sorted(drops)
    sizes = [sum(part[9 * d : 9 * d + 9]) for d in range(3)]
    absent = [d for d in order if not sizes[d]]
    for suit in range(3):
        lo, hi = 9 * suit, 9 * suit + 9
        first = next((d for d in absent if d != suit), None)
        if first is not None:
            out[lo:hi] = after(first)[lo:hi]
            continue
        # every droppable suit is held after the draw: the least over them
        best = [NEVER] * 9
        for bound, d in sorted((sizes[d] + (d == suit) - 1, d) for d in order):
            if bound >= max(best):
                break
            best = list(map(min, best, after(d)[lo:hi]))
        out[lo:hi] = best
    return out


_HONORS_NEVER: Final = [NEVER] * (T.KIND_COUNT - SUIT_KINDS)


def suit_to_drop(hand: Hand, context: Context, options: Options | None = None) -> int | None:
    """The suit whose tiles discards list first: the declared missing suit; undeclared, and
    with all three suits held, the droppable suit leaving the lowest shanten in the room of
    ``options`` (then the fewest tiles of it, then m, p, s); else None — in a room of fewer
    suits always None, as no hand there holds three suits."""
    missing = missing_suit(context)
    if missing is not None:
        return missing
    if suits_held(hand.all_tiles) & 7 != 7:
        return None
    drops = drop_suits(hand, context)
    if not drops:
        return None
    part = T.counts(hand.concealed)

    without = (DEFAULT if options is None else sichuan_room(options)).without

    def key(d: int) -> tuple[int, int, int]:
        return S.shanten(part, 0, without[d]), sum(part[d * 9:d * 9 + 9]), d

    return min(drops, key=key)
