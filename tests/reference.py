"""A slow, obviously correct reference for the shape search, following RULES.md §0.6 literally.

Imports nothing from ``engine`` but the tile notation, and no tables: one recursion over the
whole 34-count array at a time. ``rules`` is any object with the fields of
``engine.shapes.ShapeRules`` (duck-typed so that this file stays independent).

* ``is_complete``: remove the wildcards; take the lowest natural; try it as a pair
  (natural+natural or natural+wild), a triplet (3/2/1 naturals + 0/1/2 wilds) or any place
  of a sequence (the other places naturals or wilds); leftover wildcards must form whole
  groups (3 = a triplet, 2 = the pair) when all-wild groups are allowed. The pairs shape
  (七对, 五对, 四对: RULES.md §0.9.2, the room's ``hand_size``), 十三幺 and 十三烂 by their
  definitions.
* ``shanten``: the fewest tiles a target (complete) hand needs beyond the tiles held, minus
  one — wildcards count as any tile. The target is built around the lowest natural: it is
  left out (to be exchanged) or sits in a target group or pair whose other places are naturals
  held or tiles to acquire.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import Any, Protocol

from engine import tiles as T

BIG = 99
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class Rules(Protocol):
    kinds: frozenset[int]
    suits: frozenset[int]
    honor_chows: bool
    pair_258: bool
    triplets_only: bool
    standard: bool
    seven_pairs: bool
    seven_pairs_four_as_two: bool
    thirteen_orphans: bool
    shi_san_lan: bool
    wild_only_groups: bool
    hand_size: int


def usable(rules: Rules, kind: int) -> bool:
    """A tile of this kind may be part of a shape (its suit allowed, in the tile set)."""
    return kind in rules.kinds and kind // 9 in rules.suits


def groups_with(rules: Rules, kind: int) -> list[tuple[int, ...]]:
    """Every group (as its three kinds) that contains ``kind``, within the rules."""
    out: list[tuple[int, ...]] = [(kind, kind, kind)]
    if rules.triplets_only:
        return out
    if kind < 27:
        r = kind % 9
        for start in (r - 2, r - 1, r):
            if start >= 0 and start + 2 <= 8:
                out.append(tuple(kind - r + start + j for j in range(3)))
    elif rules.honor_chows:
        for trio in ((27, 28, 29), (27, 28, 30), (27, 29, 30), (28, 29, 30), DRAGONS):
            if kind in trio:
                out.append(trio)
    return [g for g in out if all(usable(rules, k) for k in g)]


def pair_ok(rules: Rules, kind: int) -> bool:
    return usable(rules, kind) and (not rules.pair_258 or (kind < 27 and kind % 9 in (1, 4, 7)))


def _key(rules: Rules) -> tuple[Any, ...]:
    return (rules.kinds, rules.suits, rules.honor_chows, rules.pair_258, rules.triplets_only,
            rules.wild_only_groups, rules.seven_pairs_four_as_two, rules.hand_size)


_RULES: dict[tuple[Any, ...], Rules] = {}


def _remember(rules: Rules) -> tuple[Any, ...]:
    key = _key(rules)
    _RULES[key] = rules
    return key


# --- standard shape ---------------------------------------------------------------------------

def standard_complete(counts: list[int], wilds: int, rules: Rules) -> bool:
    if (sum(counts) + wilds) % 3 != 2:
        return False
    if any(n and not usable(rules, k) for k, n in enumerate(counts)):
        return False
    return _decompose(tuple(counts), wilds, True, _remember(rules))


@cache
def _decompose(counts: tuple[int, ...], wilds: int, pair_left: bool, key: tuple[Any, ...]
               ) -> bool:
    rules = _RULES[key]
    low = next((k for k, n in enumerate(counts) if n), None)
    if low is None:
        any_kind = any(usable(rules, k) for k in range(34))
        if pair_left:
            if wilds < 2 or not rules.wild_only_groups:
                return False
            if not any(pair_ok(rules, k) for k in range(34)):
                return False
            wilds -= 2
        return wilds == 0 or (rules.wild_only_groups and any_kind and wilds % 3 == 0)
    c = list(counts)
    # the pair: natural + natural, natural + wild
    if pair_left and pair_ok(rules, low):
        for naturals in (2, 1):
            if c[low] >= naturals and wilds >= 2 - naturals:
                c[low] -= naturals
                if _decompose(tuple(c), wilds - (2 - naturals), False, key):
                    return True
                c[low] += naturals
    for group in groups_with(rules, low):
        # the lowest natural sits in this group; each other place: a natural or a wild
        places = list(group)
        places.remove(low)
        c[low] -= 1
        for choice in range(4):
            taken = []
            spent = 0
            for j, k in enumerate(places):
                if choice >> j & 1 and c[k] > 0:
                    c[k] -= 1
                    taken.append(k)
                elif choice >> j & 1:
                    spent = BIG
                else:
                    spent += 1
            if spent <= wilds and _decompose(tuple(c), wilds - spent, pair_left, key):
                return True
            for k in taken:
                c[k] += 1
        c[low] += 1
    return False


def standard_shanten(counts: list[int], wilds: int, rules: Rules) -> int:
    size = sum(counts) + wilds
    n = (size - 1) // 3
    key = _remember(rules)
    live = tuple(n if usable(rules, k) else 0 for k, n in enumerate(counts))
    any_kind = any(usable(rules, k) for k in range(34))
    any_pair = any(pair_ok(rules, k) for k in range(34))
    best = BIG
    for touch in range(n + 1):  # groups holding a natural; the rest are all-new
        new = n - touch
        if new and not any_kind:
            continue
        for touch_pair in (1, 0):
            if not touch_pair and not any_pair:
                continue
            kept = _kept(live, touch, touch_pair, key)
            if kept < 0:
                continue
            acquire = 3 * n + 2 - kept
            fresh = new + (1 - touch_pair)
            cost = acquire - wilds if rules.wild_only_groups else max(acquire - wilds, fresh)
            best = min(best, cost)
    return best - 1 if best < BIG else BIG


@cache
def _kept(counts: tuple[int, ...], groups: int, pair: int, key: tuple[Any, ...]) -> int:
    """Most naturals ``groups`` groups and ``pair`` pairs can hold, each holding one."""
    rules = _RULES[key]
    low = next((k for k, n in enumerate(counts) if n), None)
    if low is None:
        return 0 if groups == 0 and pair == 0 else -BIG
    c = list(counts)
    c[low] -= 1
    best = _kept(tuple(c), groups, pair, key)  # the lowest natural is exchanged
    if pair and pair_ok(rules, low):
        best = max(best, 1 + _kept(tuple(c), groups, 0, key))
        if c[low]:
            c[low] -= 1
            best = max(best, 2 + _kept(tuple(c), groups, 0, key))
            c[low] += 1
    if groups:
        for group in groups_with(rules, low):
            places = list(group)
            places.remove(low)
            for choice in range(4):
                taken = []
                for j, k in enumerate(places):
                    if choice >> j & 1 and c[k] > 0:
                        c[k] -= 1
                        taken.append(k)
                best = max(best, 1 + len(taken) + _kept(tuple(c), groups - 1, pair, key))
                for k in taken:
                    c[k] += 1
    return best if best >= 0 else -BIG


# --- special shapes ---------------------------------------------------------------------------

def pairs_size(rules: Rules) -> tuple[int, int]:
    """(pairs, singles) of the pairs shape of the room (RULES.md §0.9.2): ⌊(n + 1)/2⌋ pairs
    of the n + 1 tiles, and one single when n + 1 is odd — 七对 7 + 0, 五对 5 + 1, 四对 4 + 0."""
    size = rules.hand_size + 1
    return size // 2, size % 2


def seven_pairs_complete(counts: list[int], wilds: int, rules: Rules) -> bool:
    """The pairs shape by its definition: the lowest natural is the single, or sits in a pair
    with a natural of its kind or with a wildcard; the wildcards left over make the rest —
    all-wild pairs only when all-wild groups are allowed (without, two spare wildcards can
    only sit one on each tile of a natural pair: two (natural, wild) pairs of one kind)."""
    if sum(counts) + wilds != rules.hand_size + 1 \
            or any(n and not usable(rules, k) for k, n in enumerate(counts)):
        return False
    pairs, singles = pairs_size(rules)
    return _pairs(tuple(counts), wilds, pairs, singles, frozenset(), _remember(rules))


@cache
def _pairs(counts: tuple[int, ...], wilds: int, pairs: int, singles: int,
           paired: frozenset[int], key: tuple[Any, ...]) -> bool:
    rules = _RULES[key]
    low = next((k for k, n in enumerate(counts) if n), None)
    if low is None:
        if wilds != 2 * pairs + singles:
            return False
        if not pairs:
            return True
        kinds = [k for k in range(34) if usable(rules, k)]
        if not rules.wild_only_groups or not kinds:
            return False
        return rules.seven_pairs_four_as_two or len(set(kinds) - paired) >= pairs
    c = list(counts)
    c[low] -= 1
    if singles and _pairs(tuple(c), wilds, pairs, singles - 1, paired, key):
        return True
    if not pairs or (low in paired and not rules.seven_pairs_four_as_two):
        return False
    if c[low]:
        c[low] -= 1
        if _pairs(tuple(c), wilds, pairs - 1, singles, paired | {low}, key):
            return True
        c[low] += 1
    return wilds > 0 and _pairs(tuple(c), wilds - 1, pairs - 1, singles, paired | {low}, key)


def seven_pairs_shanten(counts: list[int], wilds: int, rules: Rules) -> int:
    """Fewest tiles to acquire for some pairs shape, by trying every way the held naturals
    sit in target pairs and the single: each kind gives some pairs of two held naturals and
    some of one (its other place a wildcard or a tile to acquire), and maybe the single;
    without four-as-two a kind gives one pair at most. ``kept[used][s]`` is the most
    naturals ``used`` such pairs and ``s`` singles keep. The other pairs are new: without
    all-wild pairs each needs an acquired natural."""
    pairs, singles = pairs_size(rules)
    kept = [[0] + [-BIG] * singles] + [[-BIG] * (singles + 1) for _ in range(pairs)]
    for k, n in enumerate(counts):
        if not n or not usable(rules, k):
            continue
        ways = [(p2 + p1, s1, 2 * p2 + p1 + s1) for p2 in range(n // 2 + 1)
                for p1 in range(n - 2 * p2 + 1) for s1 in range(singles + 1)
                if 2 * p2 + p1 + s1 <= n]
        if not rules.seven_pairs_four_as_two:
            ways = [(u, s1, x) for u, s1, x in ways if u <= 1]
        kept = [[max([kept[used - u][s - s1] + x for u, s1, x in ways
                      if u <= used and s1 <= s and kept[used - u][s - s1] >= 0], default=-BIG)
                 for s in range(singles + 1)] for used in range(pairs + 1)]
    best = BIG
    kinds = sum(1 for k in range(34) if usable(rules, k))
    for used in range(pairs + 1):
        for s in range(singles + 1):
            if kept[used][s] < 0:
                continue
            new = pairs - used
            if (new or s < singles) and kinds < (
                    1 if rules.seven_pairs_four_as_two else pairs):
                continue
            acquire = rules.hand_size + 1 - kept[used][s]
            cost = acquire - wilds if rules.wild_only_groups else max(acquire - wilds, new)
            best = min(best, cost)
    return best - 1 if best < BIG else BIG


def thirteen_orphans_complete(counts: list[int], wilds: int, rules: Rules) -> bool:
    if sum(counts) + wilds != 14 or not all(usable(rules, k) for k in ORPHANS):
        return False
    for doubled in ORPHANS:
        want = [0] * 34
        for k in ORPHANS:
            want[k] = 2 if k == doubled else 1
        if all(counts[k] <= want[k] for k in range(34)) and sum(
                want[k] - counts[k] for k in range(34)) == wilds:
            return True
    return False


def thirteen_orphans_shanten(counts: list[int], wilds: int, rules: Rules) -> int:
    if not all(usable(rules, k) for k in ORPHANS):
        return BIG
    best = BIG
    for doubled in ORPHANS:
        kept = sum(min(counts[k], 2 if k == doubled else 1) for k in ORPHANS)
        best = min(best, 14 - kept - wilds - 1)
    return best


def _lan_valid(ranks: list[int]) -> bool:
    ranks = sorted(ranks)
    return all(b - a >= 3 for a, b in pairwise(ranks))


def _lan_targets() -> list[list[int]]:
    out = []
    for mask in range(512):
        ranks = [r for r in range(9) if mask >> r & 1]
        if _lan_valid(ranks):
            out.append(ranks)
    return out


LAN_TARGETS = _lan_targets()


def _lan_best_kept(counts: list[int], rules: Rules) -> int:
    """Most naturals some valid 14-tile 十三烂 keeps (−1: none exists)."""
    per_suit = []
    for s in range(3):
        options: dict[int, int] = {}
        if all(usable(rules, k) for k in range(9 * s, 9 * s + 9)):
            for target in LAN_TARGETS:
                kept = sum(1 for r in target if counts[9 * s + r])
                options[len(target)] = max(options.get(len(target), 0), kept)
        else:
            options[0] = 0
        per_suit.append(options)
    honors = [k for k in range(27, 34) if usable(rules, k)]
    held = sum(1 for k in honors if counts[k])
    best = -1
    for t0, k0 in per_suit[0].items():
        for t1, k1 in per_suit[1].items():
            for t2, k2 in per_suit[2].items():
                h = 14 - t0 - t1 - t2
                if 0 <= h <= len(honors):
                    best = max(best, k0 + k1 + k2 + min(held, h))
    return best


def shi_san_lan_complete(counts: list[int], wilds: int, rules: Rules) -> bool:
    if sum(counts) + wilds != 14:
        return False
    return _lan_best_kept(counts, rules) == sum(counts)


def shi_san_lan_shanten(counts: list[int], wilds: int, rules: Rules) -> int:
    best = _lan_best_kept(counts, rules)
    return BIG if best < 0 else 14 - best - wilds - 1


# --- the whole hand ---------------------------------------------------------------------------

def win_shapes(counts: list[int], wilds: int, rules: Rules) -> tuple[str, ...]:
    out = []
    if rules.standard and standard_complete(counts, wilds, rules):
        out.append("standard")
    if rules.seven_pairs and seven_pairs_complete(counts, wilds, rules):
        out.append("seven_pairs")
    if rules.thirteen_orphans and thirteen_orphans_complete(counts, wilds, rules):
        out.append("thirteen_orphans")
    if rules.shi_san_lan and shi_san_lan_complete(counts, wilds, rules):
        out.append("shi_san_lan")
    return tuple(out)


def shanten(counts: list[int], wilds: int, rules: Rules) -> int:
    size = sum(counts) + wilds
    best = standard_shanten(counts, wilds, rules) if rules.standard else BIG
    if size in (rules.hand_size, rules.hand_size + 1):  # the special shapes have no melds
        if rules.seven_pairs:
            best = min(best, seven_pairs_shanten(counts, wilds, rules))
        if rules.thirteen_orphans:
            best = min(best, thirteen_orphans_shanten(counts, wilds, rules))
        if rules.shi_san_lan:
            best = min(best, shi_san_lan_shanten(counts, wilds, rules))
    return best


def completing_kinds(counts: list[int], wilds: int, rules: Rules,
                     wild_kinds: frozenset[int] = frozenset()) -> tuple[int, ...]:
    out = []
    for t in sorted(rules.kinds):
        if t in wild_kinds:
            ok = bool(win_shapes(counts, wilds + 1, rules))
        else:
            c = list(counts)
            c[t] += 1
            ok = bool(win_shapes(c, wilds, rules))
        if ok:
            out.append(t)
    return tuple(out)


def parse(text: str) -> list[int]:
    """34 counts of a notation string."""
    return T.counts(T.parse(text))


# --- readings ---------------------------------------------------------------------------------

FREE = -1
Group = tuple[str, tuple[int, ...], tuple[bool, ...]]


def _group(kind: str, places: list[tuple[int, bool]]) -> Group:
    places = sorted(places)
    return kind, tuple(k for k, _ in places), tuple(w for _, w in places)


def standard_readings(counts: list[int], wilds: int, rules: Rules) -> set[tuple[Group, ...]]:
    """Every standard reading as a sorted tuple of groups (kind name, as, wild); all-wild
    groups are ``("pong", (FREE,)*3, …)`` and ``("pair", (FREE, FREE), …)``."""
    out: set[tuple[Group, ...]] = set()
    if not standard_complete(counts, wilds, rules):
        return out

    def rec(c: list[int], w: int, pair_left: bool, acc: list[Group]) -> None:
        low = next((k for k, n in enumerate(c) if n), None)
        if low is None:
            extra: list[Group] = []
            if pair_left:
                if w < 2:
                    return
                extra.append(("pair", (FREE, FREE), (True, True)))
                w -= 2
            if w % 3 or (w and not rules.wild_only_groups):
                return
            if extra and not rules.wild_only_groups:
                return
            extra += [("pong", (FREE,) * 3, (True,) * 3)] * (w // 3)
            out.add(tuple(sorted(acc + extra)))
            return
        if pair_left and pair_ok(rules, low):
            for naturals in (2, 1):
                if c[low] >= naturals and w >= 2 - naturals:
                    c[low] -= naturals
                    places = [(low, False)] * naturals + [(low, True)] * (2 - naturals)
                    rec(c, w - (2 - naturals), False, [*acc, _group("pair", places)])
                    c[low] += naturals
        for group in groups_with(rules, low):
            kind = "pong" if group[0] == group[1] else "chow"
            others = list(group)
            others.remove(low)
            c[low] -= 1
            for choice in range(4):
                places = [(low, False)]
                taken = []
                ok = True
                for j, k in enumerate(others):
                    if choice >> j & 1:
                        if c[k] == 0:
                            ok = False
                            break
                        c[k] -= 1
                        taken.append(k)
                        places.append((k, False))
                    else:
                        places.append((k, True))
                spent = sum(1 for _, wild in places if wild)
                if ok and spent <= w:
                    rec(c, w - spent, pair_left, [*acc, _group(kind, places)])
                for k in taken:
                    c[k] += 1
            c[low] += 1

    rec(list(counts), wilds, True, [])
    return out
