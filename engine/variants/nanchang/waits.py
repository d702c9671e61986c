"""南昌 waits and shanten from the shape tables: one probe per semantics and shape, not one
win check or shanten per kind (the ``waits``/``discards`` hooks of `nanchang`).

A hand of 13 tiles is read two ways (`nanchang.scoring`): substituting — its concealed 精
wild, a drawn 精 one more wildcard — and at face value. The tables say at once, for every
kind, whether drawing it completes each shape in each semantics (``completing_kinds``) and
what the shanten becomes (``shanten_after_draws``); the special shapes (七对, 十三烂) are
asked only when their floors (`special_floors`) let them matter — but for ``discards``,
where `engine.shapes.shanten_after_discards` reads them for every discard at once off one
summary of the 14 tiles, cheaper than a floor per discard. The waits then judge each
candidate with `nanchang.scoring.read_split`, told the shapes the probes found.

The tests hold each of these against its definition (the base class's hooks: ``shanten``
per drawn kind, the full win check of every kind) on fixed-seed hands with up to eight 精.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from engine import shapes
from engine import tiles as T
from engine.hand import Hand, Meld, MeldKind
from engine.shapes import NEVER, Shape, ShapeRules
from engine.tiles import Tile
from engine.variants.nanchang.facts import Jing
from engine.variants.nanchang.jingdiao import is_jing_diao
from engine.variants.nanchang.scoring import (
    HandTraits,
    Known,
    Parts,
    Rules,
    Split,
    read_split,
    rules_for,
    split,
)


def shanten_after_draws(concealed: Sequence[Tile], jing: Jing,
                        options: Mapping[str, Any]) -> list[int]:
    """The variant's ``shanten`` of ``concealed`` (3n+1) plus each kind, from one table probe
    per semantics and shape instead of one per kind.

    After drawing t the hand holds ``wilds`` concealed 精, one more when t is a 精 kind. With
    none it is read at face value only; else substituting, and also at face value unless the
    substituting reading covers it (`Rules.wild_covers_face`) — as ``Nanchang.shanten``.
    """
    rules = rules_for(options)
    kinds = _kinds(options["tile_set"])
    sp = split(Hand(tuple(concealed)), jing, claimed_natural=False)
    wild_kinds = (jing.zheng, jing.fu)
    covers = rules.wild_covers_face
    out = [NEVER] * T.KIND_COUNT
    if sp.wilds:
        wild = _after(sp.naturals, sp.wilds, rules.wild_parts, wild_kinds, kinds)
        if covers:
            for t in kinds:
                out[t] = wild[t]
        else:
            face = _after(sp.face, 0, rules.natural_parts, (), kinds)
            for t in kinds:
                out[t] = min(wild[t], face[t])
        return out
    face = _after(sp.face, 0, rules.natural_parts, (), kinds)
    for t in kinds:
        out[t] = face[t]
    one = part_shanten(sp.naturals, 1, rules.wild_parts)  # a drawn 精: the one wildcard
    for t in wild_kinds:
        if t in kinds:
            out[t] = one if covers else min(one, face[t])
    return out


def discard_draws(concealed: Sequence[Tile], jing: Jing, options: Mapping[str, Any]
                  ) -> dict[Tile, tuple[int, list[int]]]:
    """For 3n+2 ``concealed``, per kind held: the variant's ``shanten`` and
    `shanten_after_draws` of what discarding one of it leaves — every natural discard from
    one `engine.shapes.shanten_after_discards` per semantics (the standard shape a pass
    over the suits, 七对 and 十三烂 one summary of the part each); a 精's discard (one
    wildcard less) is asked directly."""
    rules = rules_for(options)
    kinds = _kinds(options["tile_set"])
    sp = split(Hand(tuple(concealed)), jing, claimed_natural=False)
    wild_kinds = (jing.zheng, jing.fu)
    covers = rules.wild_covers_face
    wilds = sp.wilds
    # no 精 in hand, and a drawn one read by the face-value rules as a wildcard: the face
    # pass puts in the drawn 精's shanten itself (its wild kinds), not one shanten a discard
    # (a lone wildcard makes no all-精 group, so the 精 at face value never does better)
    drawn_jing = (not wilds and rules.wild is rules.natural
                  and all(t in kinds for t in wild_kinds))
    face_pass = (None if wilds and covers
                 else shapes.shanten_after_discards(sp.face, 0, rules.natural,
                                                    wild_kinds if drawn_jing else ()))
    wild_pass = (shapes.shanten_after_discards(sp.naturals, wilds, rules.wild, wild_kinds)
                 if wilds else None)
    naturals = list(sp.naturals)
    out: dict[Tile, tuple[int, list[int]]] = {}
    thrown_jing: tuple[int, list[int]] | None = None
    for k in sorted(set(concealed)):
        if not naturals[k]:  # a 精 used as a wildcard
            if thrown_jing is not None:  # (the other 精 kind: the same substituting part)
                out[k] = thrown_jing[0], list(thrown_jing[1])
                continue
            rest = list(concealed)
            rest.remove(k)
            out[k] = (hand_shanten(rest, jing, rules), shanten_after_draws(rest, jing, options))
            if covers:  # a 精 left reads as a wildcard: which kind went does not matter
                thrown_jing = out[k][0], list(out[k][1])
            continue
        if wild_pass is not None:
            now, after = wild_pass[k]
            if face_pass is not None:
                face_now, face_after = face_pass[k]
                now = min(now, face_now)
                after = list(map(min, after, face_after))
        else:  # no 精 in hand: at face value; a drawn 精 is the one wildcard
            assert face_pass is not None
            now, after = face_pass[k]
            if drawn_jing:
                out[k] = now, after
                continue
            naturals[k] -= 1
            one = part_shanten(naturals, 1, rules.wild_parts)
            naturals[k] += 1
            for t in wild_kinds:
                if t in kinds:
                    after[t] = one if covers else min(one, after[t])
        out[k] = now, after
    return out


def hand_shanten(concealed: Sequence[Tile], jing: Jing, rules: Rules) -> int:
    """The variant's ``shanten`` (`nanchang.variant.Nanchang.shanten`): the fewer of the
    substituting and the face-value readings', the first alone when it covers the second."""
    sp = split(Hand(tuple(concealed)), jing, claimed_natural=False)
    if not sp.wilds:
        return part_shanten(sp.face, 0, rules.natural_parts)
    best = part_shanten(sp.naturals, sp.wilds, rules.wild_parts)
    if not rules.wild_covers_face:
        best = min(best, part_shanten(sp.face, 0, rules.natural_parts))
    return best


@lru_cache(maxsize=4)
def _kinds(tile_set: str) -> tuple[Tile, ...]:
    return tuple(sorted(T.TILE_SETS[tile_set]))


def _after(naturals: tuple[int, ...], wilds: int, parts: Parts, wild_kinds: tuple[Tile, ...],
           kinds: Sequence[Tile]) -> list[int]:
    """``engine.shapes.shanten_after_draws`` under the rules ``parts`` make up: the standard
    shape, then each special shape only when some draw could go lower with it: a draw adds
    one pair, one place of 十三烂 or one wildcard, so each floor (`special_floors`) drops
    by one at most."""
    out = shapes.after_draws(naturals, wilds, parts[0], wild_kinds)
    return _after_standard(out, naturals, wilds, parts, wild_kinds, kinds)


def _after_standard(out: list[int], naturals: Sequence[int], wilds: int, parts: Parts,
                    wild_kinds: tuple[Tile, ...], kinds: Sequence[Tile]) -> list[int]:
    """`_after` from the standard shape's draws ``out`` (not changed: a new list when a
    special shape goes lower)."""
    _, pairs, lan = parts
    if sum(naturals) + wilds != 13:
        return out  # the special shapes need the 14 tiles of a hand without melds
    pairs_floor, lan_floor = special_floors(naturals, wilds)
    if pairs_floor - 1 < max([out[t] for t in kinds]):
        out = list(map(min, out, shapes.after_draws(naturals, wilds, pairs,
                                                    wild_kinds)))
    if lan is not None and lan_floor - 1 < max([out[t] for t in kinds]):
        out = list(map(min, out, shapes.after_draws(naturals, wilds, lan, wild_kinds)))
    return out


@dataclass(frozen=True, slots=True)
class _Probe:
    """For one semantics of 13 tiles, the kinds whose draw completes each shape (the
    standard shape, 七对, 十三烂; with ``triplets`` asked, the triplets-only reading)."""

    standard: frozenset[Tile]
    pairs: frozenset[Tile]
    lan: frozenset[Tile]
    triplets: frozenset[Tile]

    @property
    def any(self) -> frozenset[Tile]:
        return self.standard | self.pairs | self.lan

    def shapes(self, t: Tile) -> tuple[Shape, ...]:
        """``win_shapes`` after drawing ``t``, in `Shape` order."""
        return ((Shape.STANDARD,) if t in self.standard else ()) + (
            (Shape.SEVEN_PAIRS,) if t in self.pairs else ()) + (
            (Shape.SHI_SAN_LAN,) if t in self.lan else ())


_NONE: Final[frozenset[Tile]] = frozenset()


def _probe(naturals: Sequence[int], wilds: int, parts: Parts, wild_kinds: tuple[Tile, ...],
           triplets: ShapeRules | None = None) -> _Probe:
    """`engine.shapes.completing_kinds` shape by shape; a special shape is asked only when
    its floor (`special_floors`) lets the 13 tiles be ready, else it completes nothing."""
    standard, pairs, lan = parts
    done = (frozenset(shapes.completing_kinds(naturals, wilds, standard, wild_kinds)),
            _NONE, _NONE)
    if sum(naturals) + wilds == 13:
        pairs_floor, lan_floor = special_floors(naturals, wilds)
        done = (done[0],
                frozenset(shapes.completing_kinds(naturals, wilds, pairs, wild_kinds))
                if pairs_floor <= 0 else _NONE,
                frozenset(shapes.completing_kinds(naturals, wilds, lan, wild_kinds))
                if lan is not None and lan_floor <= 0 else _NONE)
    trip = (frozenset(shapes.completing_kinds(naturals, wilds, triplets, wild_kinds))
            if triplets is not None and done[0] else _NONE)
    return _Probe(*done, trip)


def wait_candidates(concealed: Sequence[Tile], jing: Jing,
                    options: Mapping[str, Any]) -> tuple[Tile, ...]:
    """A superset of the kinds a self-draw wins on (what ``evaluate`` can find complete):
    those completing the substituting reading (a drawn 精 adds a wildcard) and, unless that
    reading covers the face-value one, those completing the face-value reading."""
    rules = rules_for(options)
    sp = split(Hand(tuple(concealed)), jing, claimed_natural=False)
    return tuple(sorted(_candidates(sp, rules, (jing.zheng, jing.fu))))


def _candidates(sp: Split, rules: Rules, wild_kinds: tuple[Tile, Tile],
                wild: _Probe | None = None, face: _Probe | None = None) -> set[Tile]:
    if not sp.wilds:
        # a natural draw leaves no 精 in hand: read at face value only; a drawn 精 is the
        # one wildcard (and at face value too unless the substituting reading covers it)
        found = set((face or _probe(sp.face, 0, rules.natural_parts, ())).any)
        if shapes.is_complete(sp.naturals, 1, rules.wild):
            found.update(wild_kinds)
        return found
    found = set((wild or _probe(sp.naturals, sp.wilds, rules.wild_parts, wild_kinds)).any)
    if not rules.wild_covers_face:
        found |= (face or _probe(sp.face, 0, rules.natural_parts, ())).any
    return found


def special_floors(naturals: Sequence[int], wilds: int) -> tuple[int, int]:
    """Lower bounds of the 七对 and 十三烂 shanten of a 13- or 14-tile part: with p pairs
    (four alike counting two) 七对 needs 7 − p more, so it is at least 6 − p − W; 十三烂 keeps
    at most K naturals, K its places held (each suit at most three ranks, each honor once),
    so it is at least 13 − K − W."""
    pairs = (sum(naturals) - naturals.count(1) - naturals.count(3) - naturals.count(5)) >> 1
    held = sum(min(3, 9 - naturals[9 * s : 9 * s + 9].count(0)) for s in range(3))
    held += 7 - naturals[T.HONOR_BASE :].count(0)
    return 6 - pairs - wilds, 13 - held - wilds


def part_shanten(naturals: Sequence[int], wilds: int, parts: Parts) -> int:
    """``engine.shapes.shanten`` under the rules ``parts`` make up (the least of theirs),
    a special shape asked only when its floor is below the standard shape's answer."""
    standard, pairs, lan = parts
    best = shapes.shanten(naturals, wilds, standard)
    if sum(naturals) + wilds < 13:
        return best  # the special shapes need the 14 tiles of a hand without melds
    pairs_floor, lan_floor = special_floors(naturals, wilds)
    if pairs_floor < best:
        best = min(best, shapes.shanten(naturals, wilds, pairs))
    if lan is not None and lan_floor < best:
        best = min(best, shapes.shanten(naturals, wilds, lan))
    return best


def wait_fans(concealed: Sequence[Tile], melds: Sequence[Meld], jing: Jing,
              others_hold_jing: bool | None, options: Mapping[str, Any],
              skip: Callable[[Tile], bool]) -> list[tuple[Tile, int]]:
    """The kinds a self-draw onto ``concealed`` wins on (but those ``skip`` refuses), with
    the fan of the best candidate, in tile order: ``evaluate`` of each trial hand, but the
    13 tiles are split and probed once — which shapes each draw completes, in each
    semantics, comes from `_probe` — and the traits that do not depend on the drawn tile
    (``jing_diao`` is a property of the tiles before the win) are worked out once."""
    rules = rules_for(options)
    wild_kinds = (jing.zheng, jing.fu)
    base = split(Hand(tuple(concealed)), jing, claimed_natural=False)
    no_chow = all(m.kind is not MeldKind.CHOW for m in melds)
    triplets = rules.triplets if no_chow else None
    face = _probe(base.face, 0, rules.natural_parts, (), triplets)
    wild = _probe(base.naturals, base.wilds, rules.wild_parts, wild_kinds, triplets) \
        if base.wilds else None
    held = base.wilds > 0 or any(t in wild_kinds for m in melds for t in m.tiles)
    known_facts: list[HandTraits] = []

    def traits_of(drawn_jing: bool) -> Callable[[], HandTraits]:
        def traits() -> HandTraits:
            if not known_facts:
                known_facts.append(HandTraits(
                    diao=is_jing_diao(concealed, len(melds), wild_kinds,
                                      honor_chows=rules.honor_chows, wild_only=rules.wild_only,
                                      four_as_two=rules.four_as_two),
                    no_chow_meld=no_chow, holds_jing=held))
            f = known_facts[0]
            return f if f.holds_jing or not drawn_jing else HandTraits(f.diao, f.no_chow_meld,
                                                                       True)
        return traits

    out = []
    for t in sorted(_candidates(base, rules, wild_kinds, wild, face)):
        if skip(t):
            continue
        drawn = list(base.face)
        drawn[t] += 1
        if t in wild_kinds:  # self-drawn: a wildcard
            sp = Split(base.naturals, tuple(sorted((*base.wild_tiles, t))), tuple(drawn))
        else:
            naturals = list(base.naturals)
            naturals[t] += 1
            sp = Split(tuple(naturals), base.wild_tiles, tuple(drawn))
        if wild is not None:
            wild_shapes, wild_triplets = wild.shapes(t), t in wild.triplets
        elif sp.wilds:  # the drawn 精 is the only wildcard
            wild_shapes = shapes.win_shapes(sp.naturals, 1, rules.wild)
            wild_triplets = no_chow and shapes.is_complete(sp.naturals, 1, rules.triplets)
        else:
            wild_shapes, wild_triplets = (), False
        known = Known(wild_shapes, face.shapes(t), wild_triplets, t in face.triplets)
        best = read_split(sp, rules, options, others_hold_jing, traits_of(t in wild_kinds),
                          known).best()
        if best is not None:
            out.append((t, best.fan))
    return out
