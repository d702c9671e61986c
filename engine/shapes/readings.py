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
shapes give one reading each: 七对 as pairs, 十三幺 as twelve singles and the pair (a
missing orphan and, without a natural duplicate, the pair's second tile are wildcards), 十三烂
as fourteen singles with the wildcards on kinds that keep it valid.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from typing import Final

from engine.shapes import general, special
from engine.shapes.compiled import compiled
from engine.shapes.model import FREE, GroupKind, Shape, ShapeGroup, ShapeReading, ShapeRules
from engine.shapes.prepared import Prepared, prepare
from engine.shapes.suit import GROUPS, PAIRS

Groups = tuple[ShapeGroup, ...]
Key = tuple[int, int, tuple[int, ...]]
"""Order of the choices at one position: (pattern number, place count, fill)."""
_NONE: Final[Key] = (-1, 0, ())


class _SuitReader:
    """Readings of one suit's naturals, each multiset of groups once.

    The lowest natural at position i sits in some group; every group holding it has its
    lowest natural at i, so a reading is a run of choices per position, in rising position.
    Within a position the choices are taken in non-decreasing ``Key`` order, which makes each
    multiset come out exactly once (no duplicates to filter). A branch is followed only when
    the rest of the suit can still be completed with the wildcards left (its masks).
    """

    def __init__(self, base: int, honor: bool, prep: Prepared) -> None:
        self.base, self.honor, self.prep = base, honor, prep
        family = prep.honor_group_family if honor else prep.group_family
        pair_family = (prep.honor_group_family if prep.honor_pair else None) if honor \
            else prep.pair_family
        self.patterns = [(g, GroupKind.PONG if len(g) == 1 else GroupKind.CHOW)
                         for g in GROUPS[family]]
        self.pairs = PAIRS[pair_family] if pair_family is not None else frozenset()
        self.memo: dict[tuple[tuple[int, ...], int, int, int, Key], list[Groups]] = {}
        self.groups: dict[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], ShapeGroup] = {}

    def completable(self, v: tuple[int, ...], wilds: int, pair: int) -> bool:
        g, p = general.suit_masks(v, self.honor, self.prep, max(wilds, 8))
        return bool((p if pair else g) >> wilds & 1)

    def read(self, v: tuple[int, ...], wilds: int, pair: int, at: int = -1,
             floor: Key = _NONE) -> list[Groups]:
        """Readings with exactly ``wilds`` wildcards; ``floor``: the last choice at ``at``."""
        lowest = next((i for i, x in enumerate(v) if x), -1)
        if lowest != at:
            floor = _NONE
        key = (v, wilds, pair, lowest, floor)
        found = self.memo.get(key)
        if found is not None:
            return found
        out: list[Groups] = []
        if lowest < 0:
            if wilds == 0 and pair == 0:
                out.append(())
        else:
            for number, (group, kind) in enumerate(self.patterns):
                if any(pos == lowest for pos, _ in group):
                    self._place(v, wilds, pair, number, group, kind, lowest, floor, out)
            if pair and lowest in self.pairs:
                self._place(v, wilds, 0, len(self.patterns), ((lowest, 2),), GroupKind.PAIR,
                            lowest, floor, out)
        self.memo[key] = out
        return out

    def _place(self, v: tuple[int, ...], wilds: int, pair: int, number: int,
               group: tuple[tuple[int, int], ...], kind: GroupKind, lowest: int, floor: Key,
               out: list[Groups]) -> None:
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
            head = self._group(kind, group, fill)
            out.extend((head, *tail) for tail in self.read(left, wilds - spent, pair, lowest,
                                                           choice))

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


def _free(kind: GroupKind, size: int) -> ShapeGroup:
    return ShapeGroup(kind, (FREE,) * size, (True,) * size)


_FREE_GROUP: Final = _free(GroupKind.PONG, 3)
_FREE_PAIR: Final = _free(GroupKind.PAIR, 2)


def standard_readings(naturals: Sequence[int], wilds: int, rules: ShapeRules
                      ) -> Iterator[ShapeReading]:
    """Every standard reading: suits in tile order, groups by their lowest natural, all-wild
    groups after them, the pair last. Each reading once (see ``_SuitReader``)."""
    prep = prepare(rules)
    vectors, dead = general.split(naturals, prep)
    if dead:
        return
    bases = [9 * s for s in prep.number_suits] + ([27] if prep.honors else [])
    honor_at = len(vectors) - 1 if prep.honors else -1
    most = max(wilds, 8)
    facts = [general.suit_masks(v, i == honor_at, prep, most) for i, v in enumerate(vectors)]
    readers = [_SuitReader(bases[i], i == honor_at, prep) for i in range(len(vectors))]
    for pair_at in [*range(len(vectors)), -1]:
        if pair_at == -1 and not (prep.wild_only and prep.new_pair and wilds >= 2):
            continue
        budget = wilds - (2 if pair_at == -1 else 0)
        options = []
        for i, (g, p) in enumerate(facts):
            mask = p if i == pair_at else g
            options.append([w for w in range(budget + 1) if mask >> w & 1])
        for spend in product(*options):
            left = budget - sum(spend)
            if left < 0 or (left and not (prep.wild_only and prep.new_group)) or left % 3:
                continue
            parts = []
            for i, (v, w) in enumerate(zip(vectors, spend, strict=True)):
                found = readers[i].read(v, w, int(i == pair_at))
                if i == pair_at:  # move the pair last
                    parts.append([(tuple(g for g in r if g.kind is not GroupKind.PAIR),
                                   tuple(g for g in r if g.kind is GroupKind.PAIR))
                                  for r in found])
                else:
                    parts.append([(r, ()) for r in found])
            tail = (_FREE_GROUP,) * (left // 3) + ((_FREE_PAIR,) if pair_at == -1 else ())
            free, free_pair = tail[: left // 3], tail[left // 3 :]
            for combo in product(*parts):
                groups: tuple[ShapeGroup, ...] = ()
                pair: tuple[ShapeGroup, ...] = ()
                for part, paired in combo:
                    groups += part
                    pair += paired
                yield ShapeReading(Shape.STANDARD, groups + free + pair + free_pair)


def seven_pairs_reading(naturals: Sequence[int], wilds: int, rules: ShapeRules) -> ShapeReading:
    groups = []
    singles = 0
    for k, n in enumerate(naturals):
        for _ in range(n // 2):
            groups.append(ShapeGroup(GroupKind.PAIR, (k, k), (False, False)))
        if n % 2:
            groups.append(ShapeGroup(GroupKind.PAIR, (k, k), (False, True)))
            singles += 1
    spare = (wilds - singles) // 2
    if not rules.wild_only_groups:  # no all-wild pair: two spare wildcards split a natural
        split: list[ShapeGroup] = []  # pair into four of a kind (1m+w, 1m+w)
        for g in groups:
            if spare and not any(g.wild):
                split += [ShapeGroup(GroupKind.PAIR, g.as_, (False, True))] * 2
                spare -= 1
            else:
                split.append(g)
        groups = split
    groups += [_free(GroupKind.PAIR, 2)] * spare
    return ShapeReading(Shape.SEVEN_PAIRS, tuple(groups))


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
