"""南昌 hand evaluation: every way the hand can score, before any payment (RULES.md §3.2–3.5).

A hand is read in two *semantics*, and the best total over both is the answer:

* **substituting** — every concealed 精 (both kinds) is a wildcard, which may also stand for
  its own face; a 精 claimed from a discard as the win tile stays natural
  (``claimed_jing_is_natural``). 十三烂 here only with ``shisanlan_allow_jing``; a 平胡 here is
  no win under ``wu_ping_hu`` unless the hand is ``jing_diao``.
* **face value** — every 精 counts as the tile it is. A shape complete this way needs no
  substitute, which is exactly 德国 (+1, or 德中德 +2 when ``others_hold_jing`` is false); with
  ``deguo_allow_natural_jing: false`` only a hand without any 精 tile earns it.

Each semantics is a pair (naturals, wildcard count) handed to the shape tables — never a
kind-by-kind substitution. A *candidate* is one shape in one semantics with its patterns,
fan and flat bonus — `nanchang.patterns.TABLE` applied to its traits; ``jing_diao`` (a property
of the 13 tiles before the win, `nanchang.jingdiao`) adds to every candidate.

Decisions (where RULES.md leaves room):

* ``jing_only_group_allowed: false`` forbids groups made only of wild 精 in a substituting
  reading (two 精 of one kind used as a pair count as an all-精 pair there); a 德国 reading
  has no wildcards, so its 精 are ordinary tiles and the option does not touch it.
* 七星十三烂 needs all seven honor kinds among the 14 physical tiles; a 精 honor counts for
  its own kind (it is then read as itself, and the other 精 stay wild).
* 大七对 replaces 平胡 when the standard shape also reads as triplets only (and no chow meld
  is declared); it is the same shape, worth 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final

from engine import shapes
from engine import tiles as T
from engine.caching import BoundedDict, clears_hand_memos
from engine.hand import Hand, MeldKind
from engine.shapes import Shape, ShapeRules
from engine.tiles import Tile
from engine.variants.nanchang.facts import Jing
from engine.variants.nanchang.jingdiao import is_jing_diao
from engine.variants.nanchang.patterns import TABLE, Traits
from engine.variants.patterns import Active, activated, apply, flats, reads

_SHAPE_PATTERN: Final = {Shape.STANDARD: "ping_hu", Shape.SEVEN_PAIRS: "qi_dui",
                         Shape.SHI_SAN_LAN: "shi_san_lan"}


Parts = tuple[ShapeRules, ShapeRules, ShapeRules | None]


@dataclass(frozen=True)
class Rules:
    """The shape rules of one option set: substituting, face value, and triplets only."""

    wild: ShapeRules
    natural: ShapeRules
    """The two readings' shapes: the same object when 十三烂 may hold a 精 (or is not in
    the tile set) — a caller may then read a drawn 精 off the face-value rules."""
    triplets: ShapeRules
    honor_chows: bool
    wild_only: bool
    four_as_two: bool
    wild_covers_face: bool
    """Every face-value win is a substituting win too (a wildcard may stand for itself),
    unless 十三烂 or all-精 groups are refused to substitutes."""
    wild_parts: Parts
    natural_parts: Parts
    """``wild`` and ``natural`` shape by shape (standard, 七对, 十三烂 or None): their least
    shanten is the whole rule set's, and the specials need asking only when they can win."""


RULE_OPTIONS: Final = ("tile_set", "honor_chow", "qidui_allow_four", "shisanlan_allow_jing",
                       "jing_only_group_allowed")
"""The options the shape rules depend on (`rules_for`)."""


def rules_for(options: Mapping[str, Any]) -> Rules:
    return _rules(options["tile_set"], options["honor_chow"], options["qidui_allow_four"],
                  options["shisanlan_allow_jing"], options["jing_only_group_allowed"])


@lru_cache(maxsize=64)
def _rules(tile_set: str, honor_chow: bool, four: bool, lan_jing: bool, wild_only: bool) -> Rules:
    kinds = T.TILE_SETS[tile_set]
    lan = tile_set == "136"  # 108 tiles: no honors, and with them no 十三烂 (§3.1)
    natural = ShapeRules(kinds, honor_chows=honor_chow, wild_only_groups=wild_only,
                         seven_pairs=True, seven_pairs_four_as_two=four, shi_san_lan=lan)
    natural_parts = _parts(kinds, honor_chow, wild_only, four, lan)
    same = lan_jing or not lan  # (the same objects then: `Rules.wild`)
    return Rules(
        wild=natural if same else ShapeRules(kinds, honor_chows=honor_chow,
                                             wild_only_groups=wild_only, seven_pairs=True,
                                             seven_pairs_four_as_two=four),
        natural=natural,
        triplets=ShapeRules(kinds, wild_only_groups=wild_only, triplets_only=True),
        honor_chows=honor_chow, wild_only=wild_only, four_as_two=four,
        wild_covers_face=wild_only and same,
        wild_parts=natural_parts if same else _parts(kinds, honor_chow, wild_only, four, False),
        natural_parts=natural_parts)


def _parts(kinds: frozenset[Tile], honor_chow: bool, wild_only: bool, four: bool,
           lan: bool) -> Parts:
    def one(standard: bool, seven_pairs: bool, shi_san_lan: bool) -> ShapeRules:
        return ShapeRules(kinds, honor_chows=honor_chow, wild_only_groups=wild_only,
                          standard=standard, seven_pairs=seven_pairs,
                          seven_pairs_four_as_two=four, shi_san_lan=shi_san_lan)

    return (one(True, False, False), one(False, True, False),
            one(False, False, True) if lan else None)


@dataclass(frozen=True)
class Split:
    """The concealed part (win tile included) as the shape tables take it."""

    naturals: tuple[int, ...]
    """34 counts of the tiles used as themselves."""
    wild_tiles: tuple[Tile, ...]
    """The physical 精 used as wildcards, sorted."""
    face: tuple[int, ...]
    """34 counts of every concealed tile at face value (the face-value semantics)."""

    @property
    def wilds(self) -> int:
        return len(self.wild_tiles)


def split(hand: Hand, jing: Jing, claimed_natural: bool) -> Split:
    """Concealed 精 are wild; the win tile too, unless ``claimed_natural`` (a 精 claimed from
    a discard or a robbed kong under ``claimed_jing_is_natural``)."""
    face = [0] * T.KIND_COUNT
    for t in hand.concealed_with_win:
        face[t] += 1
    naturals = list(face)
    wild: list[Tile] = []
    for k in {jing.zheng, jing.fu}:
        if face[k]:
            naturals[k] = 0
            wild += [k] * face[k]
    win = hand.win_tile
    if claimed_natural and win is not None and win in wild:
        naturals[win] += 1
        wild.remove(win)
    return Split(tuple(naturals), tuple(sorted(wild)), tuple(face))


@dataclass(frozen=True)
class Candidate:
    """One scoring reading: a shape in one semantics, its patterns (table order), fan, flat.

    ``naturals``/``wild_tiles``/``rules``/``shape`` are what the shape tables need to produce
    the reading itself (``readings(naturals, len(wild_tiles), rules, shape)``).
    """

    patterns: tuple[str, ...]
    fan: int
    flat: int
    shape: Shape
    rules: ShapeRules
    naturals: tuple[int, ...]
    wild_tiles: tuple[Tile, ...]

    @property
    def key(self) -> tuple[int, int]:
        """Best first: the highest fan, then the highest amount (RULES.md §0.7); with equal
        fan every payer's amount grows with the flat bonus alone."""
        return self.fan, self.flat


@dataclass(frozen=True)
class Readings:
    """What a complete hand can be: its candidates and whether it is ``jing_diao``."""

    candidates: tuple[Candidate, ...]
    jing_diao: bool

    def best(self) -> Candidate | None:
        best: Candidate | None = None
        for c in self.candidates:  # the first of equal keys: face value before substituting
            if best is None or c.key > best.key:
                best = c
        return best


def jing_diao(hand: Hand, jing: Jing, rules: Rules) -> bool:
    return is_jing_diao(hand.concealed, len(hand.melds), (jing.zheng, jing.fu),
                        honor_chows=rules.honor_chows, wild_only=rules.wild_only,
                        four_as_two=rules.four_as_two)


def evaluate(hand: Hand, jing: Jing, *, self_drawn: bool, others_hold_jing: bool | None,
             options: Mapping[str, Any]) -> Readings:
    """Every candidate of a hand with its win tile (empty when no shape is a win)."""
    rules = rules_for(options)
    claimed_natural = not self_drawn and bool(options["claimed_jing_is_natural"])
    sp = split(hand, jing, claimed_natural)

    def traits() -> HandTraits:
        return HandTraits(
            diao=jing_diao(hand, jing, rules),
            no_chow_meld=all(m.kind is not MeldKind.CHOW for m in hand.melds),
            holds_jing=not {jing.zheng, jing.fu}.isdisjoint(hand.all_tiles))

    return read_split(sp, rules, options, others_hold_jing, traits)


@dataclass(frozen=True, slots=True)
class HandTraits:
    """What the candidates need of the hand beyond its concealed part: ``jing_diao`` (of
    the tiles before the win), no chow meld declared, and any 精 tile among all the
    player's tiles."""

    diao: bool
    no_chow_meld: bool
    holds_jing: bool


@dataclass(frozen=True, slots=True)
class Known:
    """What the table probes of the waits already say of a trial hand: the shapes each
    semantics completes (``win_shapes``) and whether its standard shape reads as triplets
    only (``is_complete`` under ``Rules.triplets``)."""

    wild: tuple[Shape, ...]
    face: tuple[Shape, ...]
    wild_triplets: bool
    face_triplets: bool


def read_split(sp: Split, rules: Rules, options: Mapping[str, Any],
               others_hold_jing: bool | None, traits_of: Callable[[], HandTraits],
               known: Known | None = None) -> Readings:
    """The candidates of a split concealed part (``evaluate`` after the split; the waits
    call it once per drawn kind, with what their probes ``known``). ``traits_of`` is asked
    only when some shape is complete."""
    found: list[tuple[ShapeRules, tuple[int, ...], tuple[Tile, ...], bool,
                      tuple[Shape, ...]]] = []
    if sp.wilds:
        wild = known.wild if known else shapes.win_shapes(sp.naturals, sp.wilds, rules.wild)
        if not wild and rules.wild_covers_face:
            return Readings((), False)
        found.append((rules.wild, sp.naturals, sp.wild_tiles, False, wild))
    found.insert(0, (rules.natural, sp.face, (), True,
                     known.face if known else shapes.win_shapes(sp.face, 0, rules.natural)))
    if not any(f[4] for f in found):
        return Readings((), False)

    traits = traits_of()
    diao, no_chow_meld = traits.diao, traits.no_chow_meld
    honors_all = all(sp.face[k] for k in T.HONOR_KINDS)
    deguo_allowed = bool(options["deguo_allow_natural_jing"]) or not traits.holds_jing
    table = scoring_of(options)
    scores = table.scores

    out: list[Candidate] = []

    def add(base: str, shape: Shape, srules: ShapeRules, naturals: tuple[int, ...],
            wild_tiles: tuple[Tile, ...], at_face: bool) -> None:
        # the memo looked up by the traits' values (a NamedTuple hashes and compares as its
        # tuple), so that `Traits` is built only when the table is asked
        key = (base, at_face, deguo_allowed, others_hold_jing, diao, None)
        found = scores.get(key)
        ids, fan, flat = table.score(Traits._make(key)) if found is None else found
        out.append(Candidate(ids, fan, flat, shape, srules, naturals, wild_tiles))

    for srules, naturals, wild_tiles, at_face, complete in found:
        for shape in complete:
            if shape is Shape.STANDARD and no_chow_meld and (
                    (known.face_triplets if at_face else known.wild_triplets) if known
                    else shapes.is_complete(naturals, len(wild_tiles), rules.triplets)):
                add("da_qi_dui", shape, rules.triplets, naturals, wild_tiles, at_face)
            elif shape is Shape.STANDARD:
                if at_face or not options["wu_ping_hu"] or diao:
                    add("ping_hu", shape, srules, naturals, wild_tiles, at_face)
            elif shape is Shape.SHI_SAN_LAN and honors_all:
                seven = _seven_stars(naturals, wild_tiles, srules)
                if seven is not None:
                    add("qi_xing_shi_san_lan", shape, srules, *seven, at_face)
                else:
                    add("shi_san_lan", shape, srules, naturals, wild_tiles, at_face)
            elif shape in _SHAPE_PATTERN:
                add(_SHAPE_PATTERN[shape], shape, srules, naturals, wild_tiles, at_face)
    return Readings(tuple(out), diao)


@dataclass(frozen=True)
class Scoring:
    """`patterns.TABLE` under one option set, and what it gave each candidate's traits (a
    hand's candidates take a few dozen values, so the table is applied once to each)."""

    active: Active[Traits]
    flat: dict[str, int]
    scores: BoundedDict[tuple[Any, ...], tuple[tuple[str, ...], int, int]]

    def score(self, traits: Traits) -> tuple[tuple[str, ...], int, int]:
        """The candidate's pattern ids (table order), fan and flat points a payer."""
        found = self.scores.get(traits)
        if found is None:
            counted = apply(self.active, (traits,))[1]
            found = self.scores.keep(traits, (
                tuple(c[0] for c in counted), sum(c[1] for c in counted),
                sum(self.flat.get(c[0], 0) for c in counted)))
        return found


_KEY: Final = itemgetter(*reads(TABLE))
"""The values of the options the table reads (more than one: a tuple)."""
_SCORINGS: BoundedDict[tuple[Any, ...], Scoring] = BoundedDict(64)
"""An option set's memo (a room keeps it warm); each Scoring's scores are hand memos."""


@clears_hand_memos
def _clear_by_hand() -> None:
    """Empty each Scoring's scores: keyed by a candidate's traits, what a hand holds."""
    for found in _SCORINGS.values():
        found.scores.clear()


def scoring_of(options: Mapping[str, Any]) -> Scoring:
    """The Scoring of resolved options (built once per set of the options it reads)."""
    key = _KEY(options)
    found = _SCORINGS.get(key)
    if found is None:
        found = _SCORINGS.keep(key, Scoring(activated(TABLE, options), flats(TABLE, options),
                                            BoundedDict(4096)))
    return found


def tian_di(kind: str, options: Mapping[str, Any]) -> tuple[tuple[str, ...], int, int]:
    """天胡 or 地胡 (``kind``) by the table: it replaces the whole list, whatever the shape."""
    return scoring_of(options).score(Traits("ping_hu", False, False, None, False, kind))


def _seven_stars(naturals: tuple[int, ...], wild_tiles: tuple[Tile, ...],
                 rules: ShapeRules) -> tuple[tuple[int, ...], tuple[Tile, ...]] | None:
    """The 十三烂 with every honor read as itself: honor 精 whose kind has no natural copy
    become naturals, the other 精 stay wild. None when that is not a 十三烂 (it always is
    when the hand is one and holds all seven honors: 十三烂's rules are pairwise, so a
    subset of a valid set stays valid)."""
    counts = list(naturals)
    rest = list(wild_tiles)
    for t in wild_tiles:
        if T.is_honor(t) and counts[t] == 0:
            counts[t] = 1
            rest.remove(t)
    promoted = tuple(counts)
    if Shape.SHI_SAN_LAN in shapes.win_shapes(promoted, len(rest), rules):
        return promoted, tuple(rest)
    return None
