"""The first standard reading of a complete concealed part, found by a depth-first search
instead of the full enumeration of `engine.shapes.readings`.

The variants show one reading with a score: ``next(readings(naturals, wilds, rules,
Shape.STANDARD))``. The shape package builds it by listing every reading of each suit first
(the whole product is lazy, each suit's list is not), which is most of a ``fan`` call. This
module walks the same choices in the same order and stops at the first complete one, so it
returns the same reading:

* the pair's place in order: each live suit (m, p, s, honors), then two wildcards alone;
* the wildcards each suit spends, as ``itertools.product`` orders them (the first suit
  varies slowest), ascending; the rest make all-wild groups (``wild_only_groups``);
* within a suit, at its lowest natural: the triplet, then the sequences through it (by their
  first rank; the honor sequences in their order), then the pair; each group's fill (naturals
  per place) ascending as ``product`` gives it, the lowest place holding at least one
  natural; choices at one position never decrease (each multiset once).

A branch that cannot complete is abandoned on its own (the shape package prunes it first
with the suit's masks — same first answer, found a little later). The tests hold this
against ``engine.shapes.readings`` on thousands of hands of every rule set the variants use:
if the shape package ever changes its order, they say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import product
from typing import Final

from engine import shapes as S
from engine.shapes import FREE, GroupKind, Shape, ShapeGroup, ShapeReading, ShapeRules
from engine.tiles import HONOR_BASE

Place = tuple[int, int]
"""(position in the suit, places there)."""
Pattern = tuple[Place, ...]
Key = tuple[int, int, tuple[int, ...]]
Groups = tuple[ShapeGroup, ...]
_NONE: Final[Key] = (-1, 0, ())
_FREE_GROUP: Final = ShapeGroup(GroupKind.PONG, (FREE,) * 3, (True,) * 3)
_FREE_PAIR: Final = ShapeGroup(GroupKind.PAIR, (FREE,) * 2, (True,) * 2)
_HONOR_CHOWS: Final = ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (4, 5, 6))


@dataclass(frozen=True, eq=False)
class _Suit:
    """One live suit: its first kind, its groups in search order, where its pair may be.
    Compared by identity (one per rule set and suit), so a cache key hashes cheaply."""

    base: int
    patterns: tuple[tuple[Pattern, GroupKind, frozenset[int]], ...]
    pairs: frozenset[int]

    @cached_property
    def at(self) -> tuple[tuple[int, ...], ...]:
        """Per position: the numbers of the patterns holding it, ascending."""
        return tuple(tuple(n for n, (_, _, positions) in enumerate(self.patterns)
                           if i in positions) for i in range(9 if self.base < HONOR_BASE else 7))

    @cached_property
    def natural_groups(self) -> tuple[ShapeGroup, ...]:
        """Each pattern as a group of naturals only."""
        return tuple(ShapeGroup(kind, tuple(self.base + pos for pos, places in group
                                            for _ in range(places)), (False,) * 3)
                     for group, kind, _ in self.patterns)

    @cached_property
    def natural_pairs(self) -> dict[int, ShapeGroup]:
        return {i: ShapeGroup(GroupKind.PAIR, (self.base + i,) * 2, (False, False))
                for i in self.pairs}


@dataclass(frozen=True)
class _Plan:
    """What a rule set means for the search (as `engine.shapes.prepared` reads it)."""

    number_suits: tuple[int, ...]
    honor_live: tuple[bool, ...]
    suits: tuple[_Suit, ...]
    whole_groups: bool
    """Leftover wildcards may form all-wild groups (``wild_only_groups``, some kind exists)."""
    wild_pair: bool
    """Two wildcards may be the pair on their own."""


def _patterns(size: int, chows: tuple[tuple[int, ...], ...]
              ) -> tuple[tuple[Pattern, GroupKind, frozenset[int]], ...]:
    out: list[tuple[Pattern, GroupKind, frozenset[int]]] = [
        (((i, 3),), GroupKind.PONG, frozenset({i})) for i in range(size)]
    out += [(tuple((i, 1) for i in c), GroupKind.CHOW, frozenset(c)) for c in chows]
    return tuple(out)


@lru_cache(maxsize=64)
def _plan(rules: ShapeRules) -> _Plan:
    number_suits = tuple(s for s in range(3) if s in rules.suits
                         and all(k in rules.kinds for k in range(9 * s, 9 * s + 9)))
    honor_live = tuple(3 in rules.suits and k in rules.kinds
                       for k in range(HONOR_BASE, HONOR_BASE + 7))
    trip = rules.triplets_only
    number_chows = () if trip else tuple((i, i + 1, i + 2) for i in range(7))
    pairs = frozenset((1, 4, 7) if rules.pair_258 else range(9))
    suits = [_Suit(9 * s, _patterns(9, number_chows), pairs) for s in number_suits]
    if any(honor_live):
        chows = _HONOR_CHOWS if rules.honor_chows and not trip else ()
        suits.append(_Suit(HONOR_BASE, _patterns(7, chows),
                           frozenset() if rules.pair_258 else frozenset(range(7))))
    any_kind = bool(suits)
    pair_kind = bool(number_suits) if rules.pair_258 else any_kind
    return _Plan(number_suits, honor_live, tuple(suits), rules.wild_only_groups and any_kind,
                 rules.wild_only_groups and pair_kind)


class _Reader:
    """First readings of one suit, memoised for one call."""

    def __init__(self, suit: _Suit) -> None:
        self.suit = suit
        self.memo: dict[tuple[tuple[int, ...], int, int, Key], Groups | None] = {}
        self.natural_memo: dict[tuple[tuple[int, ...], int, int], Groups | None] = {}

    def natural(self, v: tuple[int, ...], pair: int, at: int = -1, floor: int = -1
                ) -> Groups | None:
        """`first` without wildcards: every place of a group is a natural, so a pattern
        fits or not, and choices at one position compare by their pattern number."""
        lowest = next((i for i, x in enumerate(v) if x), -1)
        if lowest != at:
            floor = -1
        if lowest < 0:
            return None if pair else ()
        if (sum(v) - 2 * pair) % 3:
            return None
        key = (v, pair, floor)
        if key in self.natural_memo:
            return self.natural_memo[key]
        found: Groups | None = None
        suit = self.suit
        for number in suit.at[lowest]:
            if number < floor:
                continue
            group = suit.patterns[number][0]
            if any(v[pos] < places for pos, places in group):
                continue
            rest = list(v)
            for pos, places in group:
                rest[pos] -= places
            tail = self.natural(tuple(rest), pair, lowest, number)
            if tail is not None:
                found = (suit.natural_groups[number], *tail)
                break
        if found is None and pair and lowest in suit.pairs and v[lowest] >= 2:
            rest = list(v)
            rest[lowest] -= 2
            tail = self.natural(tuple(rest), 0, lowest, len(suit.patterns))
            if tail is not None:
                found = (suit.natural_pairs[lowest], *tail)
        self.natural_memo[key] = found
        return found

    def first(self, v: tuple[int, ...], wilds: int, pair: int, at: int = -1,
              floor: Key = _NONE) -> Groups | None:
        """The first reading of ``v`` spending exactly ``wilds`` wildcards (with the pair
        when ``pair``); ``floor``: the last choice made at position ``at``."""
        if not wilds:  # a natural choice at the same place is above a wild one of its pattern
            return self.natural(v, pair, at, floor[0])
        lowest = next((i for i, x in enumerate(v) if x), -1)
        if lowest != at:
            floor = _NONE
        if lowest < 0:
            return None
        if (sum(v) + wilds - 2 * pair) % 3:
            return None  # groups of three and the pair cannot hold exactly these tiles
        key = (v, wilds, pair, floor)
        if key in self.memo:
            return self.memo[key]
        found: Groups | None = None
        for number, (group, kind, positions) in enumerate(self.suit.patterns):
            if lowest in positions:
                found = self._place(v, wilds, pair, number, group, kind, lowest, floor)
                if found is not None:
                    break
        if found is None and pair and lowest in self.suit.pairs:
            found = self._place(v, wilds, 0, len(self.suit.patterns), ((lowest, 2),),
                                GroupKind.PAIR, lowest, floor)
        self.memo[key] = found
        return found

    def _place(self, v: tuple[int, ...], wilds: int, pair: int, number: int, group: Pattern,
               kind: GroupKind, lowest: int, floor: Key) -> Groups | None:
        ranges = []
        for pos, places in group:
            top = min(places, v[pos])
            ranges.append(range(1, top + 1) if pos == lowest else range(top + 1))
        size = sum(places for _, places in group)
        for fill in product(*ranges):
            choice = (number, size, fill)
            if choice < floor:
                continue
            spent = size - sum(fill)
            if spent > wilds:
                continue
            rest = list(v)
            for (pos, _), u in zip(group, fill, strict=True):
                rest[pos] -= u
            tail = self.first(tuple(rest), wilds - spent, pair, lowest, choice)
            if tail is not None:
                return (self._group(kind, group, fill), *tail)
        return None

    def _group(self, kind: GroupKind, group: Pattern, fill: tuple[int, ...]) -> ShapeGroup:
        members: list[tuple[int, bool]] = []
        base = self.suit.base
        for (pos, places), u in zip(group, fill, strict=True):
            members += [(base + pos, False)] * u + [(base + pos, True)] * (places - u)
        members.sort()
        return ShapeGroup(kind, tuple(k for k, _ in members), tuple(w for _, w in members))


def first_standard(naturals: Sequence[int], wilds: int, rules: ShapeRules
                   ) -> ShapeReading | None:
    """``next(readings(naturals, wilds, rules, Shape.STANDARD), None)``, without listing the
    other readings."""
    plan = _plan(rules)
    vectors = [tuple(naturals[9 * s : 9 * s + 9]) for s in plan.number_suits]
    if len(plan.suits) > len(plan.number_suits):
        vectors.append(tuple(n if ok else 0 for n, ok in
                             zip(naturals[HONOR_BASE : HONOR_BASE + 7], plan.honor_live,
                                 strict=True)))
    if sum(map(sum, vectors)) != sum(naturals):
        return None  # a dead natural: no shape holds it
    count = len(vectors)
    for pair_at in [*range(count), -1]:
        if pair_at == -1 and not (plan.wild_pair and wilds >= 2):
            continue
        budget = wilds - (2 if pair_at == -1 else 0)
        parts = _spend(plan.suits, vectors, pair_at, budget, 0, plan.whole_groups)
        if parts is None:
            continue
        groups: list[ShapeGroup] = []
        pair: list[ShapeGroup] = []
        for part in parts[0]:
            for g in part:
                (pair if g.kind is GroupKind.PAIR else groups).append(g)
        free = [_FREE_GROUP] * (parts[1] // 3)
        tail = [_FREE_PAIR] if pair_at == -1 else []
        return ShapeReading(Shape.STANDARD, (*groups, *free, *pair, *tail))
    return None


@lru_cache(maxsize=1 << 14)
def suit_first(suit: _Suit, v: tuple[int, ...], wilds: int, pair: int) -> Groups | None:
    """The first reading of one suit's naturals ``v`` spending exactly ``wilds`` wildcards,
    with the pair when ``pair`` (None: there is none). Kept per suit vector: hands share
    suit shapes all the time (16384 entries, a few MB when full)."""
    return _Reader(suit).first(v, wilds, pair)


def _spend(suits: Sequence[_Suit], vectors: list[tuple[int, ...]], pair_at: int, budget: int,
           i: int, whole_groups: bool) -> tuple[list[Groups], int] | None:
    """The first share of ``budget`` wildcards over suits ``i``… (each ascending, the first
    varying slowest) that every suit can read: their readings and the wildcards left over."""
    if i == len(vectors):
        if (budget and not whole_groups) or budget % 3:
            return None
        return [], budget
    pair = int(i == pair_at)
    for w in range(budget + 1):
        found = suit_first(suits[i], vectors[i], w, pair)
        if found is None:
            continue
        rest = _spend(suits, vectors, pair_at, budget - w, i + 1, whole_groups)
        if rest is not None:
            return [found, *rest[0]], rest[1]
    return None


def first_reading(naturals: Sequence[int], wilds: int, rules: ShapeRules,
                  shape: Shape | None = None) -> ShapeReading:
    """``next(engine.shapes.readings(naturals, wilds, rules, shape))`` of a complete part:
    the standard shape by `first_standard`, the special shapes (one reading each, cheap)
    by the shape package."""
    if shape is None:
        found = S.win_shapes(naturals, wilds, rules)
        shape = found[0] if found else Shape.STANDARD
    if shape is Shape.STANDARD:
        reading = first_standard(naturals, wilds, rules) if rules.standard else None
        if reading is not None:
            return reading
    return next(S.readings(naturals, wilds, rules, shape))
