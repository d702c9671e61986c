"""南昌 answers on the wire: the patterns (named by `nanchang.patterns`) and the reading of a
scored hand (API.md).

The reading shows what each 精 stood for. The shape tables say which places of a group are
wildcards; this module hands out the physical 精 to those places — a 精 goes first to a place
that stands for its own face, so a 精 read as itself shows ``tiles == as``; an all-wild
group (a free kind) is read as the face of its first 精, since no 南昌 pattern depends on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine import tiles as T
from engine.hand import Hand
from engine.results import Group, Pattern, Reading, group
from engine.shapes import FREE, GroupKind, ShapeGroup, first_reading
from engine.tiles import Tile
from engine.variants.nanchang.patterns import PATTERN_NAMES, TABLE
from engine.variants.nanchang.scoring import Candidate

PATTERNS: Final = PATTERN_NAMES
"""Every pattern id with its names, in the order of RULES.md §3.4 then §3.5."""
FAN: Final = {p.id: p.fan for p in TABLE if isinstance(p.fan, int)}
"""Every pattern's fan (南昌's are numbers)."""
_ORDER: Final = {p: i for i, p in enumerate(PATTERNS)}
_CODES: Final = T.ALL_CODES


def pattern(pid: str) -> Pattern:
    name, name_zh = PATTERNS[pid]
    return Pattern(pid, name, name_zh, FAN[pid])


def patterns(ids: Sequence[str]) -> tuple[Pattern, ...]:
    """Pattern objects in table order."""
    return tuple(pattern(p) for p in sorted(ids, key=_ORDER.__getitem__))


def reading(candidate: Candidate, hand: Hand) -> Reading:
    """The first reading of the candidate's shape, concealed groups first, then the declared
    melds (``declared: true``, each tile as itself)."""
    found = first_reading(candidate.naturals, len(candidate.wild_tiles), candidate.rules,
                          candidate.shape)
    groups = list(_place_wilds(found.groups, candidate.wild_tiles))
    for meld in hand.melds:
        groups.append(group(meld.kind.value, tuple(sorted(meld.tiles)), None, True))
    return Reading(found.shape.value, tuple(groups))


def _place_wilds(groups: Sequence[ShapeGroup], wild_tiles: Sequence[Tile]) -> list[Group]:
    if not wild_tiles:  # every place is a natural: each tile stands for itself
        return [group(g.kind.value, tuple(g.as_)) for g in groups]
    pool = list(wild_tiles)
    physical: list[list[Tile | None]] = [
        [None if w else a for a, w in zip(g.as_, g.wild, strict=True)] for g in groups]
    # a 精 first where a place stands for its own face, then in order
    for gi, g in enumerate(groups):
        for i, (a, w) in enumerate(zip(g.as_, g.wild, strict=True)):
            if w and a != FREE and a in pool:
                pool.remove(a)
                physical[gi][i] = a
    for gi, g in enumerate(groups):
        for i, w in enumerate(g.wild):
            if w and physical[gi][i] is None:
                physical[gi][i] = pool.pop(0)
    out = []
    for g, tiles in zip(groups, physical, strict=True):
        placed = [t for t in tiles if t is not None]
        as_ = list(g.as_)
        if any(a == FREE for a in as_):
            as_ = _free_kind(g.kind, placed[0], len(as_))
        out.append(group(g.kind.value, tuple(placed), tuple(as_)))
    return out


def _free_kind(kind: GroupKind, face: Tile, size: int) -> list[Tile]:
    """What an all-wild group stands for: the face of its first 精; for a sequence, the one
    starting there (7-8-9 from an 8 or 9; 1-2-3m from an honor)."""
    if kind is not GroupKind.CHOW:
        return [face] * size
    if T.is_honor(face) or face % 9 > 6:
        start = face - face % 9 + 6 if not T.is_honor(face) else 0
    else:
        start = face
    return [start, start + 1, start + 2]
