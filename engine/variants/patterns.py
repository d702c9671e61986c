"""One declarative pattern format for every variant, and the small apply that scores with it.

A pattern is one `PatternSpec` entry of a variant's table (``<variant>/patterns.py``, in the
order of its RULES.md table, which is also the order answers list patterns in):

* ``id``, ``name``, ``name_zh`` — the wire id and names (one English name per Chinese name
  across the variants; ``tests/engine/variants/test_pattern_names.py`` holds it);
* ``fan`` — a number, or the name of the option that sets it (``"dai_yao_jiu_fan"``);
* ``on`` — the option that can switch it off: a name (on while the option is truthy, so an
  option-set fan of 0 can also mean "off") or ``(name, value)`` (on while it equals value);
  None when it always counts;
* ``when`` — a small predicate over the variant's typed facts object (a frozen dataclass of
  what scoring knows about the reading, the melds and the moment), never ``*args``;
* ``tiles`` — for a counted pattern (根): the tiles it counts; its fan is then ``fan`` each,
  its ``count`` and ``tiles`` go on the wire;
* ``replaces`` — ids this one removes from the list when it counts, or `ALL` (天胡 under
  ``tiandi_mode: "fixed"``); ``replaces_on`` makes the replacement itself option-dependent
  (same form as ``on``);
* ``reading`` — True when the predicate depends on how the concealed tiles are read (base
  shapes, 将对, 带幺九): only those are tried per candidate reading.

Scoring is the table applied to each candidate reading, best kept (RULES.md §0.6, §0.7):
`activate` resolves a table once per option set (switched-off patterns dropped, option fans
read), and `apply` evaluates the reading-independent patterns once and the reading-dependent
ones per candidate, keeps the first candidate worth the most fan, and merges both in table
order. A variant's measured fast paths (closed-form readers, per-suit memos) only build the
facts; the table decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from engine.tiles import Tile

F = TypeVar("F")
ALL: Final = ("*",)
"""``replaces=ALL``: the pattern replaces the whole list (§0.7's 天胡/地胡 rule)."""
Counted = tuple[str, int, int, tuple[Tile, ...]]
"""A pattern that counts: (id, fan, count, tiles counted) — what answers are built from."""
OptionSwitch = str | tuple[str, Any] | None


@dataclass(frozen=True)
class PatternSpec(Generic[F]):
    """One pattern of a variant's table (see the module docstring for each field)."""

    id: str
    name: str
    name_zh: str
    fan: int | str
    when: Callable[[F], bool]
    on: OptionSwitch = None
    tiles: Callable[[F], tuple[Tile, ...]] | None = None
    replaces: tuple[str, ...] = ()
    replaces_on: OptionSwitch = None
    reading: bool = False


@dataclass(frozen=True)
class Active(Generic[F]):
    """A table under one option set: the patterns that are on, with their fan read."""

    entries: tuple[tuple[PatternSpec[F], int, bool], ...]
    """(pattern, fan, replaces) in table order; ``replaces``: its replacement is on."""
    by_reading: tuple[int, ...]
    """Indexes of the reading-dependent entries."""
    by_hand: tuple[int, ...]


def names(table: Sequence[PatternSpec[Any]]) -> dict[str, tuple[str, str]]:
    """Every pattern id with its (English, Chinese) names, in table order."""
    return {p.id: (p.name, p.name_zh) for p in table}


def _switched(switch: OptionSwitch, options: Mapping[str, Any]) -> bool:
    if switch is None:
        return True
    if isinstance(switch, str):
        return bool(options[switch])
    name, value = switch
    return bool(options[name] == value)


def activate(table: Sequence[PatternSpec[F]], options: Mapping[str, Any]) -> Active[F]:
    """``table`` under resolved ``options``; built once per option set by the variant."""
    entries = tuple(
        (p, options[p.fan] if isinstance(p.fan, str) else p.fan,
         bool(p.replaces) and _switched(p.replaces_on, options))
        for p in table if _switched(p.on, options))
    return Active(entries,
                  tuple(i for i, (p, _, _) in enumerate(entries) if p.reading),
                  tuple(i for i, (p, _, _) in enumerate(entries) if not p.reading))


def _count(entry: tuple[PatternSpec[F], int, bool], facts: F) -> Counted | None:
    p, fan, _ = entry
    if not p.when(facts):
        return None
    if p.tiles is None:
        return p.id, fan, 1, ()
    tiles = p.tiles(facts)
    return p.id, fan * len(tiles), len(tiles), tiles


def apply(active: Active[F], readings: Sequence[F]) -> tuple[int, tuple[Counted, ...]]:
    """The best of ``readings`` (one facts object a candidate reading; at least one) and the
    patterns it counts, in table order, replacements done: (its index, the list)."""
    entries = active.entries
    found: dict[int, Counted] = {}
    best, best_fan = 0, -1
    for n, facts in enumerate(readings):
        mine: dict[int, Counted] = {}
        fan = 0
        for i in active.by_reading:
            hit = _count(entries[i], facts)
            if hit is not None:
                mine[i] = hit
                fan += hit[1]
        if fan > best_fan:
            best, best_fan, found = n, fan, mine
    facts = readings[best]
    for i in active.by_hand:
        hit = _count(entries[i], facts)
        if hit is not None:
            found[i] = hit
    listed = [found[i] for i in sorted(found)]
    for i in sorted(found):
        p, _, replaces = entries[i]
        if replaces:
            if p.replaces == ALL:
                return best, (found[i],)
            listed = [c for c in listed if c[0] not in p.replaces]
    return best, tuple(listed)
