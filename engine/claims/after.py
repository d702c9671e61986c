"""What a call leads to (``after``): the best permitted discard of the 14-tile hand after a
pong or chow, and the 13-tile hand a kong leaves.

The best discard is the first entry ``discards`` would list that is not forbidden — found
directly rather than by building the whole ``discards`` answer: ``discards`` orders by
shanten first, so only the discards of the lowest shanten need their effective tiles (进张),
and only the best one needs its waits (each wait a fan evaluation). The ordering is
``discards``' own: shanten, effective count (most first), effective kinds, tile order, with
the suit the variant lists first (四川's suit to drop) in front.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import tiles as T
from engine.claims.answers import After
from engine.claims.rules import ClaimingVariant
from engine.hand import Context, Hand, context_with
from engine.options import Options
from engine.results import Wait
from engine.tiles import Tile


def has_wait(variant: ClaimingVariant, concealed: Sequence[Tile], hand: Hand, context: Context,
             options: Options) -> bool:
    """Whether 13 effective tiles have a wait as §0.6 lists it (never a fifth copy) — the
    win check alone, without the waits' fans (`Variant.has_wait`)."""
    return variant.has_wait(concealed, hand, context, options)


def shown_shanten(variant: ClaimingVariant, concealed: Sequence[Tile], hand: Hand, context: Context,
                  options: Options, waits: bool | None = None) -> int:
    """The shanten ``waits`` and ``discards`` show: 0 with a wait, else at least 1."""
    if waits is None:
        waits = has_wait(variant, concealed, hand, context, options)
    return 0 if waits else max(1, variant.hand_shanten(concealed, hand, context, options))


def kong_after(variant: ClaimingVariant, hand: Hand, context: Context, options: Options) -> After:
    """The 13 effective tiles a kong leaves (``hand``: concealed tiles and melds after it),
    before the replacement draw: its shanten and waits, as ``waits`` answers them."""
    waits = variant.wait_list(hand.concealed, hand, context, options)
    return After(None, shown_shanten(variant, hand.concealed, hand, context, options,
                                     bool(waits)), waits)


def best_discard(variant: ClaimingVariant, hand: Hand, context: Context, options: Options,
                 banned: frozenset[Tile],
                 front: Callable[[Hand, Context, Options], int | None]) -> After | None:
    """The first entry ``discards`` lists for the 14-tile ``hand`` whose kind is not
    ``banned``, as an `After`; None when every kind held is banned."""
    allowed = [t for t in sorted(set(hand.concealed)) if t not in banned]
    if not allowed:
        return None
    first = front(hand, context, options)
    if first is not None:
        allowed = [t for t in allowed if T.suit(t) == first] or allowed
    # every discard's shanten and draws from the variant's one pass (`discard_draws`,
    # what ``discards`` reads), not a shanten per discard and draws per best one
    draws = variant.discard_draws(hand.concealed, hand, context, options)
    shown = []
    for tile in allowed:
        rest = list(hand.concealed)
        rest.remove(tile)
        low, after = draws[tile]
        ready = low <= 0 and has_wait(variant, rest, hand, context, options)
        shown.append((0 if ready else max(1, low), tile, rest, after))
    best_shanten = min(s for s, _, _, _ in shown)
    own = T.counts(hand.all_tiles)
    seen = T.counts(context.visible)
    # the kinds with copies unseen, each with how many: the same for every discard
    unseen = [(draw, left) for draw in sorted(variant.hand_rules(options).tile_kinds)
              if (left := T.COPIES - own[draw] - seen[draw]) > 0]
    ranked = []
    for shanten, tile, rest, after in shown:
        if shanten != best_shanten:
            continue
        lefts = [left for draw, left in unseen if after[draw] < shanten]
        ranked.append((-sum(lefts), -len(lefts), tile, rest))
    _, _, tile, rest = min(ranked, key=lambda r: r[:3])
    waits: tuple[Wait, ...] = ()
    if best_shanten == 0:
        # the discarded copy lies on the table: seen in `remaining`, as in discards
        thrown = context_with(context, visible=(*context.visible, tile))
        waits = variant.wait_list(rest, hand, thrown, options)
    return After(T.code(tile), best_shanten, waits)
