"""Every reading of a complete concealed part, what each wildcard stands for included.

Standard shape: first the wildcards are shared out — which suit holds the pair (or two
wildcards do), how many wildcards each suit spends (a bit of its ``G``/``P`` mask), and how
many whole all-wild groups remain. Then each suit is read on its own by the recursion of
RULES.md §0.6 (the lowest natural sits in a pair, a triplet, or a sequence in any of its
three places; the other places are naturals or wildcards), and every branch is checked
against the suit's masks first, so no dead end is explored. Readings are the products of
the suits' readings; an order on the choices makes each come out once.

Decisions: an all-wild group is a ``PONG`` (``PAIR``) whose ``as_`` is all ``FREE``: the
caller picks its kind (a chow or a triplet; under ``pair_258`` a 2/5/8 pair). The special
shapes give one reading each: 七对 and 四对 as pairs, 五对 as pairs and a single, 十三幺 as
twelve singles and the pair (a missing orphan and, without a natural duplicate, the pair's
second tile are wildcards), 十三烂 as fourteen singles with the wildcards on kinds that keep
it valid.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Final

from engine.caching import BoundedDict, hand_memo
from engine.shapes import general, special
from engine.shapes.compiled import compiled
from engine.shapes.model import FREE, GroupKind, Shape, ShapeGroup, ShapeReading, ShapeRules
from engine.shapes.prepared import Prepared, prepare
from engine.shapes.suit import GROUPS, PAIRS

Groups = tuple[ShapeGroup, ...]
Key = tuple[int, int, tuple[int, ...]]
"""Order of the choices at one position: (pattern number, place count, fill)."""
_NONE: Final[Key] = (-1, 0, ())


@dataclass(slots=True)
class _Vector:
    """What a suit reader keeps of one suit vector: the wildcard counts it completes with
    (bit masks, without and with the pair) and its first readings by (wildcards, pair)."""

    g: int
    p: int
    firsts: dict[tuple[int, int], Groups | None]


class _SuitReader:
    """Readings of one suit's naturals, each multiset of groups once: all of them (`read`),
    or the first alone (`first`), from the one order of choices `_choices` walks.

    The lowest natural at position i sits in some group; every group holding it has its
    lowest natural at i, so a reading is a run of choices per position, in rising position.
    Within a position the choices are taken in non-decreasing ``Key`` order, which makes each
    multiset come out exactly once (no duplicates to filter). A branch is followed only when
    the rest of the suit can still be completed with the wildcards left (its masks).

    One reader a suit kind and rule families (`_reader`), kept: the first readings are
    memoised in it per suit vector (hands share suit shapes all the time); a full listing
    keeps its memo for one call (`read`'s ``memo``), as its lists can be long.
    """

    def __init__(self, base: int, honor: bool, prep: Prepared) -> None:
        self.base, self.honor, self.prep = base, honor, prep
        family = prep.honor_group_family if honor else prep.group_family
        pair_family = (prep.honor_group_family if prep.honor_pair else None) if honor \
            else prep.pair_family
        self.patterns = [(g, GroupKind.PONG if len(g) == 1 else GroupKind.CHOW)
                         for g in GROUPS[family]]
        self.at = tuple(tuple(n for n, (g, _) in enumerate(self.patterns)
                              if any(pos == i for pos, _ in g)) for i in range(9))
        """Per position: the numbers of the patterns holding it, ascending."""
        self.pairs = PAIRS[pair_family] if pair_family is not None else frozenset()
        self.vectors: BoundedDict[tuple[tuple[int, ...], int], _Vector] = BoundedDict(_KEPT)
        self.groups: dict[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], ShapeGroup] = {}

    def vector(self, v: tuple[int, ...], most: int) -> _Vector:
        """What is kept of the suit vector ``v`` (its masks over 0…``most`` wildcards)."""
        key = (v, most)
        found = self.vectors.get(key)
        if found is None:
            g, p = general.suit_masks(v, self.honor, self.prep, most)
            found = self.vectors.keep(key, _Vector(g, p, {}))
        return found

    def completable(self, v: tuple[int, ...], wilds: int, pair: int) -> bool:
        kept = self.vector(v, max(wilds, 8))
        return bool((kept.p if pair else kept.g) >> wilds & 1)

    def read(self, v: tuple[int, ...], wilds: int, pair: int,
             memo: dict[tuple[tuple[int, ...], int, int, int, Key], list[Groups]],
             at: int = -1, floor: Key = _NONE) -> list[Groups]:
        """Readings with exactly ``wilds`` wildcards; ``floor``: the last choice at ``at``."""
        lowest = next((i for i, x in enumerate(v) if x), -1)
        if lowest != at:
            floor = _NONE
        key = (v, wilds, pair, lowest, floor)
        found = memo.get(key)
        if found is not None:
            return found
        out: list[Groups] = []
        if lowest < 0:
            if wilds == 0 and pair == 0:
                out.append(())
        else:
            for head, left, w, p, choice in self._choices(v, wilds, pair, lowest, floor):
                out.extend((head, *tail) for tail in self.read(left, w, p, memo, lowest, choice))
        memo[key] = out
        return out

    def first(self, v: tuple[int, ...], wilds: int, pair: int,
              kept: _Vector | None = None) -> Groups | None:
        """``read(v, wilds, pair, {})[0]`` (None when there is none), without listing the
        others; kept with the vector (``kept``: its `vector`, when the caller has it)."""
        firsts = (kept or self.vector(v, max(wilds, 8))).firsts
        key = (wilds, pair)
        found = firsts.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            found = firsts[key] = self._first(v, wilds, pair, -1, _NONE)
        return found  # type: ignore[return-value]  # _UNKNOWN is never kept

    def _first(self, v: tuple[int, ...], wilds: int, pair: int, at: int, floor: Key
               ) -> Groups | None:
        lowest = next((i for i, x in enumerate(v) if x), -1)
        if lowest < 0:
            return () if wilds == 0 and pair == 0 else None
        if lowest != at:
            floor = _NONE
        for head, left, w, p, choice in self._choices(v, wilds, pair, lowest, floor):
            tail = self._first(left, w, p, lowest, choice)
            if tail is not None:
                return (head, *tail)
        return None

    def _choices(self, v: tuple[int, ...], wilds: int, pair: int, lowest: int, floor: Key
                 ) -> Iterator[tuple[ShapeGroup, tuple[int, ...], int, int, Key]]:
        """The groups the lowest natural may sit in, in order — the patterns through it by
        number, then the pair; each pattern's fills (naturals per place, the lowest place
        holding at least one) as ``product`` gives them — from ``floor`` on, each that
        leaves a completable rest: (group, rest, wildcards left, pair left, choice)."""
        patterns = self.patterns
        for number in self.at[lowest]:
            group, kind = patterns[number]
            yield from self._fills(v, wilds, pair, number, group, kind, lowest, floor)
        if pair and lowest in self.pairs:
            yield from self._fills(v, wilds, 0, len(patterns), ((lowest, 2),), GroupKind.PAIR,
                                   lowest, floor)

    def _fills(self, v: tuple[int, ...], wilds: int, pair: int, number: int,
               group: tuple[tuple[int, int], ...], kind: GroupKind, lowest: int, floor: Key
               ) -> Iterator[tuple[ShapeGroup, tuple[int, ...], int, int, Key]]:
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
            left = tuple(rest)
            if not self.completable(left, wilds - spent, pair):
                continue
            yield self._group(kind, group, fill), left, wilds - spent, pair, choice

    def _group(self, kind: GroupKind, group: tuple[tuple[int, int], ...],
               fill: tuple[int, ...]) -> ShapeGroup:
        found = self.groups.get((group, fill))
        if found is None:
            members: list[tuple[int, bool]] = []
            for (pos, places), u in zip(group, fill, strict=True):
                members += [(self.base + pos, False)] * u + [(self.base + pos, True)] * (places - u)
            members.sort()
            found = ShapeGroup(kind, tuple(k for k, _ in members), tuple(w for _, w in members))
            self.groups[group, fill] = found
        return found


_KEPT: Final = 1 << 14
"""Suit vectors kept per suit reader (`_Vector`; a few MB when full)."""
_UNKNOWN: Final = object()
_READERS: dict[tuple[int, bool, object, object], _SuitReader] = {}
"""The kept readers, by suit kind and the rule families they read (equal families read
alike, whatever else a `Prepared` says; a handful of keys exist)."""
_READERS_OF: dict[int, tuple[Prepared, list[_SuitReader]]] = {}
"""Each `Prepared`'s readers by its identity (the entry holds it, so the id stays its own)."""


def suit_readers(prep: Prepared, count: int) -> list[_SuitReader]:
    """The readers of the live suits (number suits in order, then the honors if live)."""
    kept = _READERS_OF.get(id(prep))
    if kept is not None and kept[0] is prep:
        return kept[1]
    honor_at = count - 1 if prep.honors else -1
    bases = [9 * s for s in prep.number_suits] + ([27] if prep.honors else [])
    out = []
    for i in range(count):
        honor = i == honor_at
        key = (bases[i], honor, *((prep.honor_group_family, prep.honor_pair) if honor
                                  else (prep.group_family, prep.pair_family)))
        found = _READERS.get(key)
        if found is None:
            found = _READERS[key] = _SuitReader(bases[i], honor, prep)
        out.append(found)
    if len(_READERS_OF) >= 256:  # as many as `prepare` keeps
        _READERS_OF.clear()
    _READERS_OF[id(prep)] = prep, out
    return out


def _free(kind: GroupKind, size: int) -> ShapeGroup:
    return ShapeGroup(kind, (FREE,) * size, (True,) * size)


_PAIR: Final = GroupKind.PAIR
_FREE_GROUP: Final = _free(GroupKind.PONG, 3)
_FREE_PAIR: Final = _free(GroupKind.PAIR, 2)


def standard_readings(naturals: Sequence[int], wilds: int, rules: ShapeRules
                      ) -> Iterator[ShapeReading]:
    """Every standard reading: suits in tile order, groups by their lowest natural, all-wild
    groups after them, the pair last. Each reading once (see ``_SuitReader``).

    Lazy to the first: for each share of the wildcards the first reading comes from each
    suit's first (kept per suit vector), the suits' full lists only when a second is asked
    for — so ``next(standard_readings(…))``, the reading a ``fan`` answer shows, costs a
    walk down one branch per suit."""
    prep = prepare(rules)
    vectors, dead = general.split(naturals, prep)
    if dead:
        return
    most = max(wilds, 8)
    readers = suit_readers(prep, len(vectors))
    kept = []
    for reader, v in zip(readers, vectors, strict=True):  # (`vector`, its look-up inline)
        k = reader.vectors.get((v, most))
        kept.append(k if k is not None else reader.vector(v, most))
    memos: list[dict[tuple[tuple[int, ...], int, int, int, Key], list[Groups]]] = []
    count = len(vectors)
    whole = prep.wild_only and prep.new_group
    wild_pair = prep.wild_only and prep.new_pair and wilds >= 2  # -1: two wildcards alone
    for pair_at in (*range(count), -1) if wild_pair else range(count):
        budget = wilds - (2 if pair_at == -1 else 0)
        options: list[tuple[int, ...]] = []
        for i, k in enumerate(kept):
            mask = k.p if i == pair_at else k.g
            spends = (_NO_SPEND if mask & 1 else ()) if not budget else _spends(mask, budget)
            if not spends:
                break
            options.append(spends)
        else:
            for spend in product(*options):
                left = budget - sum(spend)
                if left < 0 or (left and not whole) or left % 3:
                    continue
                free = (_FREE_GROUP,) * (left // 3)
                free_pair = (_FREE_PAIR,) if pair_at == -1 else ()
                firsts: list[Groups] = []
                for i, v in enumerate(vectors):
                    found = kept[i].firsts.get((spend[i], i == pair_at), _UNKNOWN)  # `first`
                    if found is _UNKNOWN:
                        found = readers[i].first(v, spend[i], i == pair_at, kept[i])
                    if found is None:
                        break
                    firsts.append(found)  # type: ignore[arg-type]  # not _UNKNOWN
                else:
                    yield _joined(firsts, pair_at, free, free_pair)
                    if not memos:  # one a suit: equal rests of two suits are different groups
                        memos += [{} for _ in vectors]
                    rest = product(*[readers[i].read(v, spend[i], i == pair_at, memos[i])
                                     for i, v in enumerate(vectors)])
                    next(rest)  # the first, given above
                    for combo in rest:
                        yield _joined(combo, pair_at, free, free_pair)


_NO_SPEND: Final = (0,)
"""`_spends` of a mask that completes without wildcards, with none to spend."""


def first_standard(naturals: Sequence[int], wilds: int, rules: ShapeRules
                   ) -> ShapeReading | None:
    """``next(standard_readings(naturals, wilds, rules), None)``, kept per part: a game
    shows the same hand's reading again and again (``waits``, then ``fan``, then
    ``settle``)."""
    key = (rules, tuple(naturals), wilds)
    found = _FIRST_READINGS.get(key, _UNKNOWN)
    if found is _UNKNOWN:
        found = _FIRST_READINGS.keep(key, next(standard_readings(naturals, wilds, rules), None))
    return found  # type: ignore[return-value]  # _UNKNOWN is never kept


_FIRST_READINGS: BoundedDict[tuple[ShapeRules, tuple[int, ...], int], ShapeReading | None] = \
    hand_memo(BoundedDict(_KEPT))
"""`first_standard`'s answers by rules, part and wildcards."""


@hand_memo
@lru_cache(maxsize=4096)
def _spends(mask: int, budget: int) -> tuple[int, ...]:
    """The wildcard counts up to ``budget`` a suit's ``mask`` completes with, ascending."""
    return tuple(w for w in range(budget + 1) if mask >> w & 1)


def _joined(parts: Sequence[Groups], pair_at: int, free: Groups, free_pair: Groups
            ) -> ShapeReading:
    """One reading from each suit's: the suits' groups in order, the pair moved last."""
    groups: list[ShapeGroup] = []
    pair: list[ShapeGroup] = []
    for i, part in enumerate(parts):
        if i == pair_at:
            for g in part:
                (pair if g.kind is _PAIR else groups).append(g)
        else:
            groups += part
    return ShapeReading(Shape.STANDARD, (*groups, *free, *pair, *free_pair))


def seven_pairs_reading(naturals: Sequence[int], wilds: int, rules: ShapeRules) -> ShapeReading:
    """The pairs shape in tile order, a kind's pairs before its half pair or single; spare
    wildcards as all-wild pairs (or, without all-wild groups, on a natural pair: four of a
    kind) after them. 五对's single: without four-as-two, a kind of three (a wildcard on it
    would make a second pair of the kind); else the last odd natural when the wildcards do
    not pair them all; else a wildcard (the number of odd kinds and the wildcards differ in
    parity, so the spare wildcards then pair up)."""
    c = compiled(rules)
    odd = [k for k, n in enumerate(naturals) if n % 2]
    single_at = -1
    if c.single and odd:
        threes = [k for k in odd if naturals[k] > 1]
        if threes and not rules.seven_pairs_four_as_two:
            single_at = threes[0]
        elif len(odd) > wilds:
            single_at = odd[-1]
    single_natural = single_at >= 0
    groups = []
    for k, n in enumerate(naturals):
        for _ in range(n // 2):
            groups.append(ShapeGroup(GroupKind.PAIR, (k, k), (False, False)))
        if n % 2:
            if k == single_at:
                groups.append(ShapeGroup(GroupKind.SINGLE, (k,), (False,)))
            else:
                groups.append(ShapeGroup(GroupKind.PAIR, (k, k), (False, True)))
    spare = wilds - len(odd) + single_natural
    single: tuple[ShapeGroup, ...] = ()
    if c.single and not single_natural:
        single = (_free(GroupKind.SINGLE, 1),)
        spare -= 1
    spare //= 2
    if not rules.wild_only_groups:  # no all-wild pair: two spare wildcards split a natural
        split: list[ShapeGroup] = []  # pair into four of a kind (1m+w, 1m+w)
        for g in groups:
            if spare and g.kind is GroupKind.PAIR and not any(g.wild):
                split += [ShapeGroup(GroupKind.PAIR, g.as_, (False, True))] * 2
                spare -= 1
            else:
                split.append(g)
        groups = split
    groups += [_free(GroupKind.PAIR, 2)] * spare
    return ShapeReading(Shape.SEVEN_PAIRS, (*groups, *single))


def thirteen_orphans_reading(naturals: Sequence[int], wilds: int) -> ShapeReading:
    doubled = next((k for k in special.ORPHANS if naturals[k] >= 2), None)
    if doubled is None:
        doubled = next(k for k in special.ORPHANS if naturals[k])
        pair = ShapeGroup(GroupKind.PAIR, (doubled, doubled), (False, True))
    else:
        pair = ShapeGroup(GroupKind.PAIR, (doubled, doubled), (False, False))
    singles = tuple(ShapeGroup(GroupKind.SINGLE, (k,), (not naturals[k],))
                    for k in special.ORPHANS if k != doubled)
    return ShapeReading(Shape.THIRTEEN_ORPHANS, (*singles, pair))


def shi_san_lan_reading(naturals: Sequence[int], wilds: int, rules: ShapeRules) -> ShapeReading:
    places = [(k, False) for k, n in enumerate(naturals) if n]
    places += [(k, True) for k in special.shi_san_lan_fill(naturals, wilds, compiled(rules))]
    return ShapeReading(Shape.SHI_SAN_LAN,
                        tuple(ShapeGroup(GroupKind.SINGLE, (k,), (w,)) for k, w in sorted(places)))
