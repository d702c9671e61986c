"""Brute wildcard substitution with labelled tiles: the second, independent oracle of the sweep.

Every multiset of W kinds of the tile set replaces the W wildcards (any kind, its own face and
a fifth copy included, RULES.md §0.6); the hand is then checked with every tile *labelled*
natural or substituted, so that ``wild_only_groups: false`` can be said as it is written —
every group and every pair holds at least one natural tile. Nothing here consumes wildcards
while decomposing (that is `tests.reference`'s way); it substitutes first and checks a
natural hand, per suit, memoised on the (natural, substituted) counts of the suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise, product

from tests.reference import ORPHANS, Rules


def _groups_at(i: int, honors: bool, honor_chows: bool) -> list[tuple[int, ...]]:
    """The groups (positions in the suit) whose lowest member is position ``i``."""
    out: list[tuple[int, ...]] = [(i, i, i)]
    if not honors and i <= 6:
        out.append((i, i + 1, i + 2))
    if honors and honor_chows and i <= 3:  # any three different winds
        out += [(i, j, k) for j, k in combinations(range(i + 1, 4), 2)]
    if honors and honor_chows and i == 4:  # 白发中
        out.append((4, 5, 6))
    return out


@cache
def suit_ok(nat: tuple[int, ...], sub: tuple[int, ...], honors: bool, honor_chows: bool,
            wild_only: bool, pair: bool) -> bool:
    """One suit's labelled tiles split into groups (and one pair when ``pair``), each with a
    natural unless ``wild_only``."""
    i = next((k for k in range(len(nat)) if nat[k] + sub[k]), None)
    if i is None:
        return not pair
    n, s = list(nat), list(sub)
    if pair:
        for from_nat in (2, 1, 0):
            if from_nat == 0 and not wild_only:
                continue
            if n[i] >= from_nat and s[i] >= 2 - from_nat:
                n[i] -= from_nat
                s[i] -= 2 - from_nat
                if suit_ok(tuple(n), tuple(s), honors, honor_chows, wild_only, False):
                    return True
                n[i] += from_nat
                s[i] += 2 - from_nat
    for group in _groups_at(i, honors, honor_chows):
        for labels in product((True, False), repeat=3):  # True: a natural tile
            if not wild_only and not any(labels):
                continue
            ok = True
            for k, natural in zip(group, labels, strict=True):
                pool = n if natural else s
                pool[k] -= 1
                ok = ok and pool[k] >= 0
            if ok and suit_ok(tuple(n), tuple(s), honors, honor_chows, wild_only, pair):
                return True
            for k, natural in zip(group, labels, strict=True):
                (n if natural else s)[k] += 1
    return False


def standard(nat: Sequence[int], sub: Sequence[int], rules: Rules) -> bool:
    sizes = [sum(nat[9 * s:9 * s + 9]) + sum(sub[9 * s:9 * s + 9]) for s in range(3)]
    sizes.append(sum(nat[27:]) + sum(sub[27:]))
    mods = [x % 3 for x in sizes]
    if mods.count(2) != 1 or 1 in mods:
        return False
    for s in range(4):
        lo, hi = 9 * s, (9 * s + 9 if s < 3 else 34)
        if not suit_ok(tuple(nat[lo:hi]), tuple(sub[lo:hi]), s == 3, rules.honor_chows,
                       rules.wild_only_groups, mods[s] == 2):
            return False
    return True


def seven_pairs(nat: Sequence[int], sub: Sequence[int], rules: Rules) -> bool:
    """The pairs shape of the room (RULES.md §0.9.2): ⌊(n + 1)/2⌋ pairs of the n + 1 tiles
    and, when n + 1 is odd (五对), one single — exactly one kind of odd count."""
    total = [a + b for a, b in zip(nat, sub, strict=True)]
    size = rules.hand_size + 1
    odd = [k for k, t in enumerate(total) if t % 2]
    if sum(total) != size or len(odd) != size % 2:
        return False
    if not rules.seven_pairs_four_as_two and any(t - (k in odd) > 2
                                                 for k, t in enumerate(total)):
        return False
    # each pair holds a natural: a kind's substitutes are at most its naturals, and one more
    # for the kind of the single (which may be a substitute)
    return rules.wild_only_groups or all(b <= a + (k in odd)
                                         for k, (a, b) in enumerate(zip(nat, sub, strict=True)))


def thirteen_orphans(nat: Sequence[int], sub: Sequence[int]) -> bool:
    total = [a + b for a, b in zip(nat, sub, strict=True)]
    return sum(total) == 14 and all(total[k] >= 1 for k in ORPHANS) and sum(
        total[k] for k in ORPHANS) == 14


def shi_san_lan(nat: Sequence[int], sub: Sequence[int]) -> bool:
    total = [a + b for a, b in zip(nat, sub, strict=True)]
    if sum(total) != 14 or max(total) > 1:
        return False
    for s in range(3):
        ranks = [r for r in range(9) if total[9 * s + r]]
        if any(b - a < 3 for a, b in pairwise(ranks)):
            return False
    return True


def complete(nat: Sequence[int], sub: Sequence[int], rules: Rules) -> bool:
    """The labelled hand is a win under ``rules`` (every kind must be of the tile set)."""
    if any((a or b) and k not in rules.kinds
           for k, (a, b) in enumerate(zip(nat, sub, strict=True))):
        return False
    if rules.standard and standard(nat, sub, rules):
        return True
    if rules.seven_pairs and seven_pairs(nat, sub, rules):
        return True
    if rules.thirteen_orphans and thirteen_orphans(nat, sub):
        return True
    return rules.shi_san_lan and shi_san_lan(nat, sub)


def substituted_win(naturals: Sequence[int], wilds: int, rules: Rules) -> bool:
    """Some multiset of ``wilds`` kinds, as substitutes, completes the naturals."""
    for chosen in combinations_with_replacement(sorted(rules.kinds), wilds):
        sub = [0] * 34
        for k in chosen:
            sub[k] += 1
        if complete(naturals, sub, rules):
            return True
    return False
