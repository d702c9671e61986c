"""One declarative pattern format for every variant, and the small apply that scores with it.

A pattern is one `PatternSpec` entry of a variant's table (``<variant>/patterns.py``, in the
order of its RULES.md table, which is also the order answers list patterns in):

* ``id``, ``name``, ``name_zh`` — the wire id and names (one English name per Chinese name
  across the variants; ``tests/engine/variants/test_pattern_names.py`` holds it);
* ``fan`` — a number, or the name of the option that sets it (``"dai_yao_jiu_fan"``), or
  ``(option, offset)`` for a fan one step above an option's (长沙's 三豪华七小对 is
  ``("shuang_haohua_units", 1)``);
* ``on`` — the option that can switch it off: a name (on while the option is truthy, so an
  option-set fan of 0 can also mean "off") or ``(name, value)`` (on while it equals value);
  None when it always counts;
* ``when`` — a small predicate over the variant's typed facts object (an immutable record —
  frozen dataclass or NamedTuple — of what scoring knows about the reading, the melds and
  the moment), never ``*args``;
* ``tiles`` — for a counted pattern (根): the tiles it counts; its fan is then ``fan`` each,
  its ``count`` and ``tiles`` go on the wire;
* ``replaces`` — ids this one removes from the list when it counts, or `ALL` (天胡 under
  ``tiandi_mode: "fixed"``); ``replaces_on`` makes the replacement itself option-dependent
  (same form as ``on``);
* ``reading`` — True when the predicate depends on how the concealed tiles are read (base
  shapes, 将对, 带幺九): only those are tried per candidate reading;
* ``flat`` — flat points a payer beside the fan (南昌's 德国 ``"deguo_flat"``): a number or
  the option that sets it; `flats` reads them under an option set, `apply` leaves them alone.

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
    fan: int | str | tuple[str, int]
    when: Callable[[F], bool]
    on: OptionSwitch = None
    tiles: Callable[[F], tuple[Tile, ...]] | None = None
    replaces: tuple[str, ...] = ()
    replaces_on: OptionSwitch = None
    reading: bool = False
    flat: int | str = 0


Check = tuple[int, Callable[[Any], bool], str, int, Callable[[Any], tuple[Tile, ...]] | None]
"""An active entry as `apply` walks it: (table index, predicate, id, fan, tiles)."""


@dataclass(frozen=True)
class Active(Generic[F]):
    """A table under one option set: the patterns that are on, with their fan read."""

    by_reading: tuple[Check, ...]
    """The reading-dependent entries, in table order."""
    by_hand: tuple[Check, ...]
    replacing: dict[int, tuple[str, ...]]
    """Table index → what the entry replaces, for the entries whose replacement is on."""


def names(table: Sequence[PatternSpec[Any]]) -> dict[str, tuple[str, str]]:
    """Every pattern id with its (English, Chinese) names, in table order."""
    return {p.id: (p.name, p.name_zh) for p in table}


def reads(table: Sequence[PatternSpec[Any]]) -> tuple[str, ...]:
    """The options ``table`` reads (its switches and option fans), each once: what `activate`
    depends on, so that a variant can cache its activations on their values alone."""
    found: dict[str, None] = {}
    for p in table:
        for used in (p.on, p.replaces_on, p.fan, p.flat):
            if isinstance(used, str):
                found[used] = None
            elif isinstance(used, tuple):
                found[used[0]] = None
    return tuple(found)


def flats(table: Sequence[PatternSpec[Any]], options: Mapping[str, Any]) -> dict[str, int]:
    """Each pattern id with a flat bonus, and that bonus under ``options``."""
    return {p.id: _fan(p.flat, options) for p in table if p.flat}


def _fan(fan: int | str | tuple[str, int], options: Mapping[str, Any]) -> int:
    if isinstance(fan, int):
        return fan
    if isinstance(fan, str):
        return int(options[fan])
    name, offset = fan
    return int(options[name]) + offset


def _switched(switch: OptionSwitch, options: Mapping[str, Any]) -> bool:
    if switch is None:
        return True
    if isinstance(switch, str):
        return bool(options[switch])
    name, value = switch
    return bool(options[name] == value)


def activate(table: Sequence[PatternSpec[F]], options: Mapping[str, Any]) -> Active[F]:
    """``table`` under resolved ``options``; built once per option set by the variant."""
    on = [(i, p) for i, p in enumerate(table) if _switched(p.on, options)]
    checks = [(i, p.when, p.id, _fan(p.fan, options), p.tiles) for i, p in on]
    return Active(tuple(c for c, (_, p) in zip(checks, on, strict=True) if p.reading),
                  tuple(c for c, (_, p) in zip(checks, on, strict=True) if not p.reading),
                  {i: p.replaces for i, p in on
                   if p.replaces and _switched(p.replaces_on, options)})


def _hits(checks: tuple[Check, ...], facts: Any, into: list[tuple[int, Counted]]) -> int:
    """Append what ``checks`` count for ``facts`` to ``into``; their fan."""
    fan = 0
    for i, when, pid, each, tiles_of in checks:
        if when(facts):
            if tiles_of is None:
                into.append((i, (pid, each, 1, ())))
                fan += each
            else:
                tiles = tiles_of(facts)
                into.append((i, (pid, each * len(tiles), len(tiles), tiles)))
                fan += each * len(tiles)
    return fan


def apply(active: Active[F], readings: Sequence[F]) -> tuple[int, tuple[Counted, ...]]:
    """The best of ``readings`` (one facts object a candidate reading; at least one) and the
    patterns it counts, in table order, replacements done: (its index, the list).

    The reading-dependent patterns are tried on every candidate and the first worth the
    most fan is kept; the others are asked once, of that candidate."""
    found: list[tuple[int, Counted]] = []
    best = 0
    if len(readings) == 1:
        _hits(active.by_reading, readings[0], found)
    else:
        best_fan = -1
        for n, facts in enumerate(readings):
            mine: list[tuple[int, Counted]] = []
            fan = _hits(active.by_reading, facts, mine)
            if fan > best_fan:
                best, best_fan, found = n, fan, mine
    _hits(active.by_hand, readings[best], found)
    found.sort(key=_first)
    replacing = active.replacing
    if replacing:
        for i, counted in found:
            replaces = replacing.get(i)
            if replaces == ALL:
                return best, (counted,)
            if replaces:
                found = [(j, c) for j, c in found if c[0] not in replaces]
    return best, tuple(c for _, c in found)


def _first(item: tuple[int, Counted]) -> int:
    return item[0]
