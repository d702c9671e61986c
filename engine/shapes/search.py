"""The contract of ``engine.shapes``: win shapes, readings, shanten, completing kinds.

Sizes: the concealed part (naturals + wildcards) has 3n+1 or 3n+2 tiles, at most 14; the
special shapes count only with ``rules.hand_size`` + 1 tiles (``hand_size`` before the last
draw: 14 and 13 in the default room). ``win_shapes`` of a part
of any other size is empty; ``shanten`` and ``shanten_after_draws`` raise ``ValueError``
(the variants check sizes first). ``naturals`` holds 34 counts of 0–4; a 5th copy (a probe
past the fourth) is answered by the slow path, never guessed.

Rules are compiled once per ``ShapeRules`` object (`engine.shapes.compiled.compiled`, read
through ``ShapeRules._compiled``): build rules once per option set and reuse them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from itertools import compress
from typing import Final

from engine.shapes import readings as R
from engine.shapes import special, standard
from engine.shapes.compiled import Compiled, compiled
from engine.shapes.model import NEVER, Shape, ShapeReading, ShapeRules
from engine.tiles import KIND_COUNT, Tile

_STANDARD_ONLY: Final = (Shape.STANDARD,)


def _specials(naturals: Sequence[int], wilds: int, rules: ShapeRules) -> list[Shape]:
    """The special shapes that complete n + 1 tiles (cheap counts reject most hands first)."""
    c: Compiled = rules._compiled or compiled(rules)
    found = []
    zeros = naturals.count(0)  # 七对 ≤ 7 kinds (五对 6, 四对 4); 十三幺 ≥ 13 − W; 十三烂 14 − W
    if rules.seven_pairs and zeros >= c.pairs_zeros \
            and naturals.count(1) + naturals.count(3) <= wilds + c.single \
            and special.seven_pairs_shanten(naturals, wilds, c) < 0:
        found.append(Shape.SEVEN_PAIRS)
    if rules.thirteen_orphans and zeros <= 21 + wilds \
            and special.thirteen_orphans_shanten(naturals, wilds, c) < 0:
        found.append(Shape.THIRTEEN_ORPHANS)
    if rules.shi_san_lan and zeros <= 20 + wilds and max(naturals) <= 1 \
            and special.shi_san_lan_shanten(naturals, wilds, c) < 0:
        found.append(Shape.SHI_SAN_LAN)
    return found


def _enabled(c: Compiled) -> list[special.SpecialShape]:
    """The special shapes the rules enable, in `special.SHAPES` order."""
    rules = c.rules
    return [shape for shape, on in zip(special.SHAPES, (rules.seven_pairs,
                                                         rules.thirteen_orphans,
                                                         rules.shi_san_lan), strict=True) if on]


def _special_draws(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    """Per kind: the best special-shape shanten after drawing it (n tiles)."""
    parts = [shape.draws(naturals, wilds, c) for shape in _enabled(c)]
    return parts[0] if len(parts) == 1 else list(map(min, *parts))


def _special_discards(naturals: Sequence[int], wilds: int, c: Compiled
                      ) -> list[special.Discards]:
    """`special.Discards` of each special shape the rules enable, for a part of
    ``hand_size`` + 1 tiles: each shape's every discard from one summary of the part."""
    return [shape.discards(naturals, wilds, c) for shape in _enabled(c)]


def win_shapes(naturals: Sequence[int], wilds: int, rules: ShapeRules) -> tuple[Shape, ...]:
    """The shapes that complete the concealed part, in ``Shape`` order."""
    c: Compiled = rules._compiled or compiled(rules)
    std = rules.standard and standard.complete(naturals, wilds, c)
    if not c.specials or sum(naturals) + wilds != c.special_size:
        return _STANDARD_ONLY if std else ()
    found = _specials(naturals, wilds, rules)
    return (Shape.STANDARD, *found) if std else tuple(found)


def is_complete(naturals: Sequence[int], wilds: int, rules: ShapeRules) -> bool:
    """``bool(win_shapes(...))``, the fast path."""
    c: Compiled = rules._compiled or compiled(rules)
    if rules.standard and standard.complete(naturals, wilds, c):
        return True
    if not c.specials or sum(naturals) + wilds != c.special_size:
        return False
    return bool(_specials(naturals, wilds, rules))


def readings(naturals: Sequence[int], wilds: int, rules: ShapeRules,
             shape: Shape | None = None) -> Iterator[ShapeReading]:
    """Every reading of a complete concealed part (none when it is not complete)."""
    for s in win_shapes(naturals, wilds, rules):
        if shape is not None and s is not shape:
            continue
        if s is Shape.STANDARD:
            yield from R.standard_readings(naturals, wilds, rules)
        elif s is Shape.SEVEN_PAIRS:
            yield R.seven_pairs_reading(naturals, wilds, rules)
        elif s is Shape.THIRTEEN_ORPHANS:
            yield R.thirteen_orphans_reading(naturals, wilds)
        else:
            yield R.shi_san_lan_reading(naturals, wilds, rules)


def first_reading(naturals: Sequence[int], wilds: int, rules: ShapeRules,
                  shape: Shape | None = None) -> ShapeReading:
    """``next(readings(naturals, wilds, rules, shape))`` of a complete part — the reading a
    ``fan`` answer shows —, without listing the others (`readings` is lazy to its first)
    and, given the shape, without asking which shapes the part completes."""
    if shape is None:
        shapes = win_shapes(naturals, wilds, rules)
        shape = shapes[0] if shapes else Shape.STANDARD
    if shape is Shape.STANDARD and rules.standard:
        found = R.first_standard(naturals, wilds, rules)
        if found is not None:
            return found
    return next(readings(naturals, wilds, rules, shape))


def _checked_size(naturals: Sequence[int], wilds: int) -> int:
    size = sum(naturals) + wilds
    if size % 3 == 0 or size > 14 or wilds < 0 or len(naturals) != KIND_COUNT:
        raise ValueError(f"a concealed part of {size} tiles ({wilds} wildcards) has no "
                         "shanten: it needs 3n+1 or 3n+2 tiles, at most 14")
    return size


def shanten(naturals: Sequence[int], wilds: int, rules: ShapeRules) -> int:
    """Fewest exchanges to a wait (3n+1 tiles); for 3n+2 tiles −1 when complete, else the
    same after the best discard."""
    size = _checked_size(naturals, wilds)
    c: Compiled = rules._compiled or compiled(rules)
    best = standard.shanten(naturals, wilds, c) if rules.standard else NEVER
    if c.specials and c.hand_size <= size <= c.special_size:
        best = min(best, _special_shanten(naturals, wilds, c))
    return best


def _special_shanten(naturals: Sequence[int], wilds: int, c: Compiled) -> int:
    """The least shanten of the special shapes the rules enable (a part of their sizes)."""
    return min([shape.shanten(naturals, wilds, c) for shape in _enabled(c)], default=NEVER)


def completing_kinds(naturals: Sequence[int], wilds: int, rules: ShapeRules,
                     wild_kinds: Collection[Tile]) -> tuple[Tile, ...]:
    """Kinds of ``rules.kinds`` that complete a 3n+1 part when added (a wild kind adds a
    wildcard); no four-copies filter. Empty for a part of another size."""
    size = sum(naturals) + wilds
    if size % 3 != 1 or size > 13 or wilds < 0:
        return ()
    c: Compiled = rules._compiled or compiled(rules)
    flags = standard.completing(naturals, wilds, c) if rules.standard else [0] * KIND_COUNT
    if flags is standard.NO_WAIT and not wild_kinds and (not c.specials
                                                         or size != c.hand_size):
        return ()  # (most parts a kong or a call leaves: no kind completes them)
    if c.specials and size == c.hand_size:
        # a special shape has waits only when it is tenpai (shanten 0): cheap to rule out
        # (七对 tenpai holds at most 7 kinds, 五对 6, 四对 4)
        if rules.seven_pairs and naturals.count(0) >= c.pairs_zeros \
                and special.seven_pairs_shanten(naturals, wilds, c) == 0:
            flags = _or(flags, special.seven_pairs_draws(naturals, wilds, c))
        if rules.thirteen_orphans and special.thirteen_orphans_shanten(naturals, wilds, c) == 0:
            flags = _or(flags, special.thirteen_orphans_draws(naturals, wilds, c))
        if rules.shi_san_lan and special.shi_san_lan_shanten(naturals, wilds, c) == 0:
            flags = _or(flags, special.shi_san_lan_draws(naturals, wilds, c))
    if wild_kinds:
        with_wild = int(is_complete(naturals, wilds + 1, rules))
        if flags is standard.NO_WAIT:
            flags = [0] * KIND_COUNT  # (the shared list is never written)
        for t in wild_kinds:
            flags[t] = with_wild
    # a flag is set only for a live kind (a dead natural completes nothing) or a wild kind
    found = tuple(compress(_ALL_KINDS, flags))
    if not found or len(c.kinds) == KIND_COUNT:  # (most parts complete with no kind)
        return found
    kind_set = c.kind_set
    return tuple([t for t in found if t in kind_set])


_ALL_KINDS: Final = range(KIND_COUNT)


def _or(flags: list[int], draws: list[int]) -> list[int]:
    """Flags set where a draw completes a special shape (its shanten after the draw is −1)."""
    return [f or int(d < 0) for f, d in zip(flags, draws, strict=True)]


def shanten_after_draws(naturals: Sequence[int], wilds: int, rules: ShapeRules,
                        wild_kinds: Collection[Tile]) -> tuple[int, list[int]]:
    """A 3n+1 part's shanten and, per kind, the shanten after drawing it (a wild kind adds a
    wildcard; kinds outside ``rules.kinds``: ``NEVER``)."""
    after = after_draws(naturals, wilds, rules, wild_kinds)
    return shanten(naturals, wilds, rules), after


def after_draws(naturals: Sequence[int], wilds: int, rules: ShapeRules,
                wild_kinds: Collection[Tile]) -> list[int]:
    """`shanten_after_draws`' list alone: for callers that know the part's own shanten or
    need none (a special shape put in beside the standard one), one ``shanten`` fewer."""
    size = _checked_size(naturals, wilds)
    if size % 3 != 1:
        raise ValueError(f"the shanten after draws needs 3n+1 tiles, not {size}")
    c: Compiled = rules._compiled or compiled(rules)
    after = (standard.after_draws(naturals, wilds, c) if rules.standard
             else [NEVER] * KIND_COUNT)
    return _beyond_standard(after, naturals, wilds, size, c, wild_kinds)


def _beyond_standard(after: list[int], naturals: Sequence[int], wilds: int, size: int,
                     c: Compiled, wild_kinds: Collection[Tile]) -> list[int]:
    """The standard shape's draws ``after`` of a 3n+1 part of ``size`` tiles with the
    special shapes' draws, the kinds outside the rules and the wild kinds put in."""
    if c.specials and size == c.hand_size:
        after = list(map(min, after, _special_draws(naturals, wilds, c)))
    for t in c.not_kinds:
        after[t] = NEVER
    if wild_kinds:
        with_wild = shanten(naturals, wilds + 1, c.rules)
        for t in wild_kinds:
            after[t] = with_wild
    return after


def shanten_after_discards(naturals: Sequence[int], wilds: int, rules: ShapeRules,
                           wild_kinds: Collection[Tile]) -> dict[Tile, tuple[int, list[int]]]:
    """For a 3n+2 part, per natural kind it holds: `shanten_after_draws` of the part less one
    tile of that kind — what ``discards`` asks for each discard, the standard shape's for
    every discard in one pass over the suits (`standard.after_discards`), the special
    shapes' from one summary of the whole part each (`special.Discards`); a wild kind's
    draw is the standard shape's shanten with one wildcard more, discard by discard, and
    the special shapes' read off their summaries."""
    size = _checked_size(naturals, wilds)
    if size % 3 != 2:
        raise ValueError(f"shanten_after_discards needs 3n+2 tiles, not {size}")
    c: Compiled = rules._compiled or compiled(rules)
    held = [k for k in _ALL_KINDS if naturals[k]]
    wild_std: dict[Tile, int] = {}  # a wild kind's draw: the standard shape's wildcard more
    if rules.standard:
        out = {}
        for k, (now, after, more) in standard.after_discards(naturals, wilds, c).items():
            out[k] = now, after
            if wild_kinds:
                wild_std[k] = more
    else:
        out = {k: (NEVER, [NEVER] * KIND_COUNT) for k in held}
    specials = []
    if c.specials and size - 1 == c.hand_size and (
            not rules.standard or _specials_may_lower(out, wild_std, naturals, wilds, c)):
        specials = _special_discards(naturals, wilds, c)
    if not specials and not wild_kinds:
        # (the kinds outside the rules alone: without a copy of the part per discard —
        # 四川's 108 kinds, the honors)
        for _, after in out.values():
            for t in c.not_kinds:
                after[t] = NEVER
        return out
    for k in held:
        now, after = out[k]
        with_wild = wild_std.get(k, NEVER)
        if specials:  # (the least of the shapes': one map over the lists, new or fresh)
            entries = [table[k] for table in specials]
            now = min(now, *[e[0] for e in entries])
            if rules.standard:
                # a shape's draws are one below its shanten at best: one whose shanten is
                # above every standard draw's by more than one lowers none
                top = max(after)
                lists = [after, *[e[1] for e in entries if e[0] - 1 < top]]
            else:
                lists = [e[1] for e in entries]
            after = lists[0] if len(lists) == 1 else list(map(min, *lists))
            with_wild = min(with_wild, *[e[2] for e in entries])
        for t in c.not_kinds:
            after[t] = NEVER
        for t in wild_kinds:
            after[t] = with_wild
        out[k] = now, after
    return out


def _specials_may_lower(out: dict[Tile, tuple[int, list[int]]], wild_std: dict[Tile, int],
                        naturals: Sequence[int], wilds: int, c: Compiled) -> bool:
    """Whether the special shapes can lower any discard's standard draws (``out``) or wild
    kind's draw (``wild_std``). Why: their summaries cost as much as the standard pass, and
    most hands are far from them. No discard's special shanten is below the whole part's
    (a discard leaves one tile fewer to keep), and a draw or a wildcard lowers a shanten by
    one at most: so none lowers anything when one below the whole part's is no lower than
    any draw's — nor a discard's own shanten then, which is at most one above its draws'.
    (A wild kind's draw is asked apart: where a group may not be all wildcards, a wildcard
    can do worse than a natural tile.)"""
    floor = _special_shanten(naturals, wilds, c) - 1
    return (any(floor < max(after) for _, after in out.values())
            or any(floor < value for value in wild_std.values()))
