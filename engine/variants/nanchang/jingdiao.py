"""南昌 精钓: does the hand before the win, less one 精, already form whole groups? (RULES.md §3.5)

Everything of 精钓 but its pattern table entry (``jing_diao`` in `nanchang.patterns`) is here:
what it is, its options, and its one refusal.

精钓 is a property of the 13 − 3k concealed tiles *before* the win: they hold a 精, and
without it the rest forms 4 − k groups (the other 精 still wild), or six pairs when no meld
is declared. Such a hand waits on every tile, the removed 精 pairing with whatever is drawn.

The shape tables answer "groups plus one pair", not "groups alone", so this module decides
groups alone with the recursive decomposition of RULES.md §0.6: take the lowest natural
tile, try every group that can hold it (triplet, each sequence through it, each honor chow),
filling missing members with wildcards. Wildcards are never substituted kind by kind; a
group member is either a natural tile still in hand or one wildcard. Memoised on the count
vector, so a hand costs a few hundred steps at most.

>>> from engine import tiles as T
>>> counts = tuple(T.counts(T.parse("11m23p")))
>>> forms_groups(counts, 2, honor_chows=False, wild_only=True)  # 11m+精, 23p+精
True
>>> forms_groups(tuple(T.counts(T.parse("1m5m"))), 1, honor_chows=False, wild_only=True)
False
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from engine import tiles as T
from engine.caching import hand_memo
from engine.options import OptionSpec, OptionType
from engine.tiles import Tile

Counts = tuple[int, ...]

SELF_DRAW_ONLY = OptionSpec("jing_diao_self_draw_only", OptionType.BOOLEAN, True,
                            "a 精钓 hand wins only by self-draw (or 地胡)")
WU_PING_HU = OptionSpec("wu_ping_hu", OptionType.BOOLEAN, False,
                        "无平胡: a 平胡 needing a 精 substitute is no win (精钓 still is)")
"""无平胡, whose one exception is 精钓 (applied in `nanchang.scoring`)."""
FLAT = OptionSpec("jing_diao_flat", OptionType.INTEGER, 0, "flat points per payer for 精钓",
                  minimum=0, maximum=1000)
"""The flat bonus the pattern table's ``jing_diao`` entry adds."""
NEEDS_SELF_DRAW = "jing_diao_needs_self_draw"
"""The refusal of a 精钓 hand on another player's tile (a discard or a robbed kong; a robbed
kong is a claim, not a self-draw) while ``jing_diao_self_draw_only`` is on, 地胡 excepted."""


def refused(jing_diao: bool, self_drawn: bool, di_hu: bool, options: Mapping[str, Any]
            ) -> bool:
    """Whether a winning hand is refused as `NEEDS_SELF_DRAW` (with the option off such a
    win scores the pattern's +1 too)."""
    return (jing_diao and not self_drawn and bool(options["jing_diao_self_draw_only"])
            and not di_hu)


def forms_groups(naturals: Counts, wilds: int, *, honor_chows: bool, wild_only: bool) -> bool:
    """Whether ``naturals`` plus ``wilds`` wildcards split into groups of three (no pair).

    ``honor_chows``: three different winds, or 中发白, are a sequence. ``wild_only``: three
    wildcards may be a group on their own (``jing_only_group_allowed``).
    """
    if (sum(naturals) + wilds) % 3:
        return False
    return _groups(naturals, wilds, honor_chows, wild_only)


def forms_pairs(naturals: Counts, wilds: int, pairs: int, *, four_as_two: bool,
                wild_only: bool) -> bool:
    """Whether the tiles form exactly ``pairs`` pairs (七对 without its last pair).

    A natural single needs one wildcard; leftover wildcards pair up among themselves (an
    all-wild pair, allowed with ``wild_only``; it can always take a kind not used yet).
    Without ``wild_only`` two leftover wildcards may still sit on a natural pair, one on
    each tile: four of a kind, two pairs that each hold a natural (with ``four_as_two``).
    Without ``four_as_two`` no kind may give two pairs, so three or four of a kind fail.
    """
    have = singles = 0
    for c in naturals:
        if c > 2 and not four_as_two:
            return False
        have += c // 2
        singles += c % 2
    spare = wilds - singles
    if spare < 0 or spare % 2:
        return False
    if spare and not wild_only and (not four_as_two or spare > 2 * have):
        return False
    return have + singles + spare // 2 == pairs


def is_jing_diao(concealed: Sequence[Tile], melds: int, jing: tuple[Tile, Tile], *,
                 honor_chows: bool, wild_only: bool, four_as_two: bool) -> bool:
    """精钓 of the concealed tiles before the win (``melds`` declared melds beside them).

    Every concealed 精 is wild; removing one must leave 4 − melds groups, or, with no
    declared meld, six pairs. (Triplets only, the 大七对 case, is a special case of groups.)
    """
    return _jing_diao(tuple(sorted(concealed)), melds, jing, honor_chows, wild_only,
                      four_as_two)


@hand_memo
@lru_cache(maxsize=4096)
def _jing_diao(concealed: tuple[Tile, ...], melds: int, jing: tuple[Tile, Tile],
               honor_chows: bool, wild_only: bool, four_as_two: bool) -> bool:
    wild = sum(1 for t in concealed if t in jing)
    if wild == 0:
        return False
    naturals = tuple(T.counts(t for t in concealed if t not in jing))
    if forms_groups(naturals, wild - 1, honor_chows=honor_chows, wild_only=wild_only):
        return True
    return melds == 0 and forms_pairs(naturals, wild - 1, 6, four_as_two=four_as_two,
                                      wild_only=wild_only)


@hand_memo
@lru_cache(maxsize=65536)
def _groups(counts: Counts, wilds: int, honor_chows: bool, wild_only: bool) -> bool:
    lowest = next((k for k, c in enumerate(counts) if c), None)
    if lowest is None:
        return wilds == 0 or wild_only  # whole groups of wildcards (a multiple of three)
    rest = list(counts)
    rest[lowest] -= 1
    for others in _partners(lowest, honor_chows):
        for used in _fillings(rest, others):
            need = sum(1 for u in used if u is None)
            if need > wilds:
                continue
            after = rest.copy()
            for u in used:
                if u is not None:
                    after[u] -= 1
            if _groups(tuple(after), wilds - need, honor_chows, wild_only):
                return True
    return False


def _partners(tile: Tile, honor_chows: bool) -> Iterator[tuple[Tile, Tile]]:
    """The two other members of every group holding ``tile``: its triplet, each sequence
    through it, and (``honor_chows``) each honor chow through it."""
    yield tile, tile
    if tile < T.HONOR_BASE:
        base, r = tile - tile % 9, tile % 9
        for start in (r - 2, r - 1, r):
            if 0 <= start <= 6:
                members = [base + start + i for i in range(3)]
                members.remove(tile)
                yield members[0], members[1]
    elif honor_chows:
        family = range(T.EAST, T.NORTH + 1) if tile <= T.NORTH else range(T.WHITE, T.RED + 1)
        yield from combinations([t for t in family if t != tile], 2)


def _fillings(rest: list[int], others: tuple[Tile, Tile]) -> Iterator[tuple[Tile | None, ...]]:
    """Each way to fill the two other members: a natural tile still in ``rest`` (its kind)
    or a wildcard (None). Both ways are tried — using a wildcard where a natural exists can
    free that natural to anchor another group."""
    a, b = others
    if a == b:  # the triplet: j more naturals of the kind, 2 − j wildcards
        for j in range(min(rest[a], 2), -1, -1):
            yield (a,) * j + (None,) * (2 - j)
        return
    for fa in ((a, None) if rest[a] else (None,)):
        for fb in ((b, None) if rest[b] else (None,)):
            yield fa, fb
