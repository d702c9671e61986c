"""The readings of a natural 四川 hand that can score best, analysed once per concealed part.

四川 has no wildcards and no honors, so the concealed part needs none of the general shape
search's machinery to be read. A standard reading is worth (RULES.md §1.3) 1 more when it has
no sequence (对对胡, +2 将对 when every tile is 2/5/8) and 带幺九's fan when every group holds a
1 or a 9; nothing else about it counts. So among all readings only these can be best:

* the all-triplets reading — unique, since four alike concealed is not a group: every count
  is 0 or 3 and one is 2;
* a reading whose every group holds a 1 or a 9 — its groups can only be 123, 789, 111, 999
  and the pair 11 or 99, so per suit: no 4–6, as many 2s as 3s (= 123s), as many 7s as 8s
  (= 789s), and the 1s and 9s left are triplets and at most one pair;
* any standard reading (worth 0 when neither of the above exists), found greedily: at the
  lowest rank left, ``count mod 3`` sequences start and the rest are triplets — three equal
  sequences are the same tiles as three triplets, so this finds a reading whenever one
  exists;
* 七对 (no melds, every count even; four alike = two pairs) — or, in a room of 10 or 7 tiles
  (rooms.md §0.9.2), 五对 (five pairs and one single: exactly one odd count) or 四对; with
  一条龙 or 夹心五 counted (room options), every standard reading can be the best, and
  `all_candidates` lists them all.

Suits are independent but for the one pair: each suit's nine counts are analysed once
(`suit_info`) and a concealed part combines three answers (`analyse`); both are memoised, as
hands repeat suit shapes and whole parts all the time (16384 entries each: about 13 MB a
process when full, measured with tracemalloc; ~0.8 KB a part). `engine.shapes.readings` enumerates
every reading and stays the reference (`reference_candidates`): the tests check on thousands
of generated hands that the best of these candidates scores the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from engine import shapes as S
from engine import tiles as T
from engine.caching import hand_memo
from engine.results import Group
from engine.shapes import GroupKind, Shape, ShapeGroup, ShapeReading

_PLAIN3: Final = (False, False, False)
_PLAIN2: Final = (False, False)
PONGS: Final = tuple(ShapeGroup(GroupKind.PONG, (k, k, k), _PLAIN3) for k in range(27))
CHOWS: Final = tuple(ShapeGroup(GroupKind.CHOW, (k, k + 1, k + 2), _PLAIN3)
                     for k in range(27))  # entries at ranks 8 and 9 are never used
PAIRS: Final = tuple(ShapeGroup(GroupKind.PAIR, (k, k), _PLAIN2) for k in range(27))
SINGLES: Final = tuple(ShapeGroup(GroupKind.SINGLE, (k,), (False,)) for k in range(27))
"""Every group a natural 108-tile hand can hold, built once (groups are immutable)."""
RULES_108: Final = S.ShapeRules(kinds=T.TILE_SETS["108"], suits=frozenset({0, 1, 2}),
                                seven_pairs=True, seven_pairs_four_as_two=True)
"""The general search's rules for 四川 (standard shape and 七对, four alike = two pairs)."""
_TERMINAL: Final = frozenset(k for k in range(27) if k % 9 in (0, 8))

Groups = tuple[ShapeGroup, ...]


def wire_group(group: ShapeGroup) -> Group:
    """The answer's form of a concealed group (no wildcards: ``as`` = ``tiles``)."""
    codes = tuple(T.ALL_CODES[t] for t in group.as_)
    return Group(group.kind.value, codes, codes, False)


_TABLES: Final = (PONGS, CHOWS, PAIRS, SINGLES)
_WIRE: Final = {(g.kind, g.as_[0]): wire_group(g) for table in _TABLES
                for g in table if g.as_[-1] < 27 and g.as_[0] // 9 == g.as_[-1] // 9}


@dataclass(frozen=True, slots=True)
class SuitInfo:
    """What one suit's concealed tiles allow. Readings hold the suit's groups with its pair
    (if ``size`` ≡ 2 mod 3) last; None when there is no such reading."""

    size: int
    plain: Groups | None
    triplets: Groups | None
    terminal: Groups | None
    pairs: Groups | None
    """Its tiles as pairs (every count even; four alike = two pairs), for 七对."""
    base: int
    counts: tuple[int, ...]
    """Its first kind and nine counts, for `pairs_single` (asked only in rooms of 10)."""
    fours: tuple[int, ...]
    only_258: bool
    has_terminal: bool
    form: int
    """For the win check: 0 no tiles, 1 groups only, 2 groups and the pair, 3 neither."""


@hand_memo
@lru_cache(maxsize=1 << 14)
def suit_info(base: int, v: tuple[int, ...]) -> SuitInfo:
    """The analysis of one suit: ``base`` its first kind (0, 9, 18), ``v`` its nine counts."""
    size = sum(v)
    with_pair = size % 3 == 2
    readable = size % 3 != 1
    plain = _plain(v, base, with_pair) if readable else None
    return SuitInfo(
        size=size,
        plain=plain,
        triplets=_triplets(v, base, with_pair) if readable else None,
        terminal=_terminal(v, base, with_pair) if readable else None,
        pairs=_pairs(v, base),
        base=base,
        counts=v,
        fours=tuple(base + i for i in range(9) if v[i] == 4) if 4 in v else (),
        only_258=not (v[0] or v[2] or v[3] or v[5] or v[6] or v[8]),
        has_terminal=bool(v[0] or v[8]),
        form=0 if not size else 3 if plain is None else 2 if with_pair else 1,
    )


def _groups_only(c: list[int], base: int, out: list[ShapeGroup]) -> bool:
    """Greedy groups-only reading (``c`` is consumed); False when none exists."""
    for i in range(9):
        n = c[i]
        if not n:
            continue
        r = n % 3
        if r:
            if i > 6 or c[i + 1] < r or c[i + 2] < r:
                return False
            c[i + 1] -= r
            c[i + 2] -= r
            out += [CHOWS[base + i]] * r
        if n >= 3:
            out.append(PONGS[base + i])
    return True


def _plain(v: tuple[int, ...], base: int, with_pair: bool) -> Groups | None:
    if not with_pair:
        out: list[ShapeGroup] = []
        return tuple(out) if _groups_only(list(v), base, out) else None
    for p in range(9):
        if v[p] >= 2:
            c = list(v)
            c[p] -= 2
            out = []
            if _groups_only(c, base, out):
                return (*out, PAIRS[base + p])
    return None


def _triplets(v: tuple[int, ...], base: int, with_pair: bool) -> Groups | None:
    groups = []
    pair = -1
    for i in range(9):
        c = v[i]
        if c == 3:
            groups.append(PONGS[base + i])
        elif c == 2 and with_pair and pair < 0:
            pair = base + i
        elif c:
            return None
    if with_pair and pair < 0:
        return None
    return (*groups, PAIRS[pair]) if with_pair else tuple(groups)


def _terminal(v: tuple[int, ...], base: int, with_pair: bool) -> Groups | None:
    if v[3] or v[4] or v[5] or v[1] != v[2] or v[6] != v[7]:
        return None
    groups = [CHOWS[base]] * v[1] + [CHOWS[base + 6]] * v[6]  # the 123s and the 789s
    pair = -1
    for pos, left in ((0, v[0] - v[1]), (8, v[8] - v[6])):
        if left < 0 or left % 3 == 1:
            return None
        if left % 3 == 2:
            if pair >= 0:
                return None
            pair = base + pos
        if left >= 3:
            groups.append(PONGS[base + pos])
    if (pair >= 0) != with_pair:
        return None
    return (*groups, PAIRS[pair]) if with_pair else tuple(groups)


def _pairs(v: tuple[int, ...], base: int) -> Groups | None:
    if 1 in v or 3 in v:
        return None
    groups: list[ShapeGroup] = []
    for i in range(9):
        c = v[i]
        if c & 1:
            return None
        groups += [PAIRS[base + i]] * (c // 2)
    return tuple(groups)


def pairs_single(info: SuitInfo) -> Groups | None:
    """A suit's tiles as pairs and one single (exactly one odd count), for 五对: in tile
    order, a kind's pair before its single. Not a field of `SuitInfo`: every 13-tile hand's
    suits would pay for what only a room of 10 tiles reads."""
    return _pairs_single(info.counts, info.base)


@hand_memo
@lru_cache(maxsize=1 << 12)
def _pairs_single(v: tuple[int, ...], base: int) -> Groups | None:
    odd = [i for i in range(9) if v[i] & 1]
    if len(odd) != 1:
        return None
    groups: list[ShapeGroup] = []
    for i in range(9):
        c = v[i]
        groups += [PAIRS[base + i]] * (c // 2)
        if c & 1:
            groups.append(SINGLES[base + i])
    return tuple(groups)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A reading that may score best, what scoring needs of it (does it hold a sequence;
    does every group hold a 1 or a 9; the room patterns' 一条龙 — concealed 123, 456 and 789
    of one suit — and the suits of its concealed 4-5-6 sequences, one entry each, for 夹心五),
    and its groups as the answer shows them."""

    reading: ShapeReading
    chow: bool
    all_terminal: bool
    wire: tuple[Group, ...]
    dragon: bool = False
    fives: tuple[int, ...] = ()
    """``dragon`` and ``fives`` are found for the readings `all_candidates` and
    `reference_candidates` list — the only ones scoring reads them of (一条龙 or 夹心五
    counted). `analyse`'s candidates leave them unset (False, ()): scoring reads those only
    when neither pattern counts, and every 13-tile part would pay for them."""


_WIRE_OF: Final = {id(g): _WIRE[g.kind, g.as_[0]] for table in _TABLES
                   for g in table if (g.kind, g.as_[0]) in _WIRE}
"""The answer group of each shared group, by identity (they live as long as the module)."""


def _candidate(reading: ShapeReading, chow: bool, all_terminal: bool) -> Candidate:
    """A candidate whose flags are known from how its reading was built (``dragon`` and
    ``fives`` unset: see `Candidate`)."""
    return Candidate(reading, chow, all_terminal,
                     tuple([_WIRE_OF[id(g)] for g in reading.groups]))


def _scanned(reading: ShapeReading) -> Candidate:
    """A candidate from any reading, its flags found by looking at every group."""
    groups = reading.groups
    dragon, fives = _sequences(reading)
    return Candidate(
        reading,
        chow=any(g.kind is GroupKind.CHOW for g in groups),
        all_terminal=all(g.as_[0] in _TERMINAL or g.as_[-1] in _TERMINAL for g in groups),
        wire=tuple(_WIRE[g.kind, g.as_[0]] for g in groups),
        dragon=dragon,
        fives=fives,
    )


def _sequences(reading: ShapeReading) -> tuple[bool, tuple[int, ...]]:
    """一条龙 (123, 456 and 789 of one suit among the concealed groups) and the suit of each
    concealed 4-5-6 (夹心五's sandwiches), in reading order."""
    starts = {g.as_[0] for g in reading.groups if g.kind is GroupKind.CHOW}
    dragon = any({9 * s, 9 * s + 3, 9 * s + 6} <= starts for s in range(3))
    fives = tuple(g.as_[0] // 9 for g in reading.groups
                  if g.kind is GroupKind.CHOW and g.as_[0] % 9 == 3)
    return dragon, fives


@dataclass(frozen=True, slots=True, eq=False)
class PartInfo:
    """A concealed part's analysis: its suits (bit mask 1 m, 2 p, 4 s), complete shapes,
    the candidates for the best reading, and the tile facts scoring asks about. Compared by
    identity: `analyse` makes one a memoised part."""

    size: int
    mask: int
    shapes: tuple[Shape, ...]
    candidates: tuple[Candidate, ...]
    fours: tuple[int, ...]
    only_258: bool
    has_terminal: bool
    traits: tuple[Any, ...]
    """What scoring's facts read of the part, as one hashable value: the suit mask,
    ``fours``, ``only_258``, ``has_terminal`` and which candidates it has (bits, in
    `analyse`: 1 all triplets, 2 all triplets and all terminal, 4 all terminal with a
    sequence, 8 plain, 16 七对 — their order and flags follow). Parts with equal traits score
    alike under equal moments and melds, so `sichuan.scoring` keeps the table's verdict by
    them, across parts."""
    scored: dict[Any, Any] = field(default_factory=dict)
    """Scoring's answers for this part (`sichuan.scoring.evaluate`), kept as long as the
    analysis is: they depend on the part, the options, the moment and the melds alone."""


@hand_memo
@lru_cache(maxsize=1 << 14)
def analyse(part: tuple[int, ...]) -> PartInfo:
    """Everything about a concealed part of 27 counts (a 108-tile hand): the pairs shape
    only with 14 tiles (七对: a hand of 13 without melds)."""
    return _analyse(part, False)


@hand_memo
@lru_cache(maxsize=1 << 12)
def analyse_room(part: tuple[int, ...]) -> PartInfo:
    """`analyse` of the part of a hand without melds in a room of 10 or 7 tiles: the pairs
    shape of its size too (11 tiles 五对, 8 四对; rooms.md §0.9.2)."""
    return _analyse(part, True)


def _analyse(part: tuple[int, ...], any_size: bool) -> PartInfo:
    infos = (suit_info(0, part[0:9]), suit_info(9, part[9:18]), suit_info(18, part[18:27]))
    size = infos[0].size + infos[1].size + infos[2].size
    plain = _combine(infos, 0) if size % 3 == 2 else None
    seven = _seven_pairs(infos, size, any_size)
    triplets, terminal = _combine(infos, 1), _combine(infos, 2)
    found = []
    kinds = 0  # which candidates, as bits: their order and flags follow from these alone
    # Flags by construction: the all-triplets reading has no sequence; the all-terminal
    # reading is unique (its arithmetic leaves no choice), so when it has no sequence it *is*
    # the all-triplets reading, and otherwise it has one; a plain reading is only needed when
    # neither exists, so it has a sequence and some group without a 1 or 9.
    if triplets is not None:
        same = triplets == terminal
        found.append(_candidate(triplets, False, same))
        kinds = 2 if same else 1
    if terminal is not None and terminal != triplets:
        found.append(_candidate(terminal, True, True))
        kinds |= 4
    if not found and seven is None and plain is not None:
        found.append(_candidate(plain, True, False))  # worth 0: only when nothing else is
        kinds = 8
    if seven is not None:
        found.append(_candidate(seven, False, False))
        kinds |= 16
    shapes = ((Shape.STANDARD,) if plain is not None else ()) + \
        ((Shape.SEVEN_PAIRS,) if seven is not None else ())
    mask = (infos[0].size > 0) | (infos[1].size > 0) << 1 | (infos[2].size > 0) << 2
    fours = infos[0].fours + infos[1].fours + infos[2].fours
    only_258 = infos[0].only_258 and infos[1].only_258 and infos[2].only_258
    has_terminal = infos[0].has_terminal or infos[1].has_terminal or infos[2].has_terminal
    return PartInfo(
        size=size,
        mask=mask,
        shapes=shapes,
        candidates=tuple(found),
        fours=fours,
        only_258=only_258,
        has_terminal=has_terminal,
        traits=(mask, fours, only_258, has_terminal, kinds),
    )


_SHAPES: Final = {(False, False): (), (True, False): (Shape.STANDARD,),
                  (False, True): (Shape.SEVEN_PAIRS,),
                  (True, True): (Shape.STANDARD, Shape.SEVEN_PAIRS)}
SHAPE_SETS: Final = tuple(_SHAPES.values())
"""Every ``shapes`` a part can have (as `analyse` and `part_shapes` give them)."""


def part_shapes(part: tuple[int, ...], any_size: bool = False
                ) -> tuple[tuple[Shape, ...], int]:
    """`analyse`'s ``shapes`` and ``mask`` of a part, from its suits' analyses alone
    (``any_size``: `analyse_room`'s).

    The win check asks only whether a shape exists. For a part not seen before, `analyse`
    also builds the readings scoring picks from, several times the work; the suits' answers
    (`suit_info`, memoised) already say it: a standard shape when every suit held reads as
    groups and exactly one holds the pair, 七对 when 14 tiles all pair up.
    """
    m, p, s = suit_info(0, part[0:9]), suit_info(9, part[9:18]), suit_info(18, part[18:27])
    forms = (m.form, p.form, s.form)
    standard = 3 not in forms and forms.count(2) == 1
    size = m.size + p.size + s.size
    if size == 14 or (any_size and size == 8):
        seven = m.pairs is not None and p.pairs is not None and s.pairs is not None
    else:
        seven = any_size and size == 11 and _single_suit((m, p, s)) is not None
    return _SHAPES[standard, seven], (m.size > 0) | (p.size > 0) << 1 | (s.size > 0) << 2


def _single_suit(infos: Sequence[SuitInfo]) -> int | None:
    """The one suit holding 五对's single (every other suit all pairs), or None."""
    odd = [i for i, info in enumerate(infos) if info.pairs is None]
    if len(odd) != 1 or pairs_single(infos[odd[0]]) is None:
        return None
    return odd[0]


def _combine(infos: Sequence[SuitInfo], which: int) -> ShapeReading | None:
    """One standard reading from the suits' readings of a kind (0 plain, 1 triplets,
    2 terminal), the pair last; None when a suit has none or the pair count is not 1."""
    body: list[ShapeGroup] = []
    pair: ShapeGroup | None = None
    for info in infos:
        if not info.size:
            continue
        groups = (info.plain, info.triplets, info.terminal)[which]
        if groups is None:
            return None
        if info.size % 3 == 2:
            if pair is not None:
                return None
            body += groups[:-1]
            pair = groups[-1]
        else:
            body += groups
    return None if pair is None else ShapeReading(Shape.STANDARD, (*body, pair))


def _seven_pairs(infos: Sequence[SuitInfo], size: int, any_size: bool = False
                 ) -> ShapeReading | None:
    """The pairs shape: 七对 of 14 tiles; with ``any_size``, 四对 of 8 and 五对 of 11 (its
    single in its suit's tile order)."""
    if size == 14 or (any_size and size == 8):
        if any(i.pairs is None for i in infos):
            return None
        return ShapeReading(Shape.SEVEN_PAIRS, tuple(g for i in infos for g in i.pairs or ()))
    single = _single_suit(infos) if any_size and size == 11 else None
    if single is None:
        return None
    return ShapeReading(Shape.SEVEN_PAIRS, tuple(
        g for n, i in enumerate(infos) for g in (pairs_single(i) if n == single else i.pairs)
        or ()))


def reference_candidates(part: Sequence[int], rules: S.ShapeRules = RULES_108
                         ) -> tuple[Candidate, ...]:
    """Every reading the general shape search finds (``part``: 27 counts) — the reference
    the tests hold the fast candidates against (``rules``: a room's, for its pairs shape)."""
    return tuple(_scanned(r) for r in S.readings([*part, 0, 0, 0, 0, 0, 0, 0], 0, rules))


@hand_memo
@lru_cache(maxsize=1 << 12)
def all_candidates(part: tuple[int, ...], any_size: bool) -> tuple[Candidate, ...]:
    """Every standard reading (the general search's) and the pairs shape's: the candidates
    when 一条龙 or 夹心五 count (rooms.md §0.9.4.3), which any sequence may make."""
    info = _analyse(part, any_size)
    standard = tuple(_scanned(r) for r in S.readings([*part, 0, 0, 0, 0, 0, 0, 0], 0,
                                                     RULES_108, Shape.STANDARD))
    return standard + tuple(c for c in info.candidates
                            if c.reading.shape is Shape.SEVEN_PAIRS)
