"""One declarative pattern format for every variant, and the small apply that scores with it.

A pattern is one `PatternSpec` entry of a variant's table (``<variant>/patterns.py``, in the
order of its RULES.md table, which is also the order answers list patterns in):

* ``id``, ``name``, ``name_zh`` — the wire id and names (one English name per Chinese name
  across the variants; ``tests/engine/variants/test_pattern_names.py`` holds it);
* ``fan`` — a number, or the name of the option that sets it (``"dai_yao_jiu_fan"``), or
  ``(option, offset)`` for a fan one step above an option's (长沙's 三豪华七小对 is
  ``("shuang_haohua_units", 1)``), or ``(option, ((value, fan), …))`` for a fan each value of
  an option sets (四川's 将对: 2, or 1 under ``dui_dui_hu_fan: 2``);
* ``on`` — the option that can switch it off: a name (on while the option is truthy, so an
  option-set fan of 0 can also mean "off") or ``(name, value)`` (on while it equals value);
  None when it always counts; ``also_on`` a second such switch (both must be on);
* ``when`` — a small predicate over the variant's typed traits object (an immutable record —
  frozen dataclass or NamedTuple — of what scoring knows about the reading, the melds and
  the moment), never ``*args``;
* ``tiles`` — for a counted pattern (根): the tiles it counts; its fan is then ``fan`` each,
  its ``count`` and ``tiles`` go on the wire; ``count`` — for one counted without tiles
  (四川's 夹心五 per 4-5-6): how many times, its ``count`` on the wire and no ``tiles``;
* ``replaces`` — ids this one removes from the list when it counts, or `ALL` (天胡 under
  ``tiandi_mode: "fixed"``); ``replaces_on`` makes the replacement itself option-dependent
  (same form as ``on``);
* ``reading`` — True when the predicate depends on how the concealed tiles are read (base
  shapes, 将对, 带幺九): only those are tried per candidate reading;
* ``event`` — True when the pattern can count only at a moment with an event (a self-draw,
  a kong, the last tile, the first turn; 杠上开花, 海底捞月, 天胡, …): the variant tells
  `tally` whether the moment has one, and a plain discard win (every wait's) skips them all.
* ``flat`` — flat points a payer beside the fan (南昌's 德国 ``"deguo_flat"``): a number or
  the option that sets it; `flats` reads them under an option set, `apply` leaves them alone.

Scoring is the table applied to each candidate reading, best kept (RULES.md §0.6, §0.7):
`activate` compiles a table once per option set (switched-off patterns dropped, option fans
read, each entry's answer prebuilt), and `tally` tries the reading-dependent patterns on each
candidate, keeps the first worth the most fan, and walks the table once in order on it. A
variant's measured fast paths (closed-form readers, per-suit memos) only build the traits;
the table decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final, Generic, NamedTuple, TypeVar

from engine import tiles as T
from engine.caching import BoundedDict, hand_memo
from engine.results import Pattern
from engine.tiles import Tile

F = TypeVar("F")
ALL: Final = ("*",)
"""``replaces=ALL``: the pattern replaces the whole list (§0.7's 天胡/地胡 rule)."""
Counted = tuple[str, int, int, tuple[Tile, ...]]
"""A pattern that counts: (id, fan, count, tiles counted) — what answers are built from."""
OptionSwitch = str | tuple[str, Any] | None
OptionFan = int | str | tuple[str, int] | tuple[str, tuple[tuple[Any, int], ...]]


@dataclass(frozen=True)
class PatternSpec(Generic[F]):
    """One pattern of a variant's table (see the module docstring for each field)."""

    id: str
    name: str
    name_zh: str
    fan: OptionFan
    when: Callable[[F], bool]
    on: OptionSwitch = None
    also_on: OptionSwitch = None
    tiles: Callable[[F], tuple[Tile, ...]] | None = None
    count: Callable[[F], int] | None = None
    replaces: tuple[str, ...] = ()
    replaces_on: OptionSwitch = None
    reading: bool = False
    event: bool = False
    flat: int | str = 0


Hit = tuple[Callable[[Any], bool], Counted | None, str, int,
            Callable[[Any], tuple[Tile, ...]] | None, tuple[str, ...]]
"""An active entry as `apply` walks it: (predicate, what it counts — built once for a
pattern counted once, None for a counted-by-tiles one —, id, fan each, tiles, what it
replaces under the options)."""


class Tally(NamedTuple):
    """What a table says of a hand: the best candidate's index, its fan, and the patterns
    it counts in table order, replacements done."""

    best: int
    fan: int
    counted: tuple[Counted, ...]


@dataclass(frozen=True, eq=False)
class Active(Generic[F]):
    """A table under one option set, compiled once into what `apply` walks: the patterns that
    are on, their fan read and their answer entry prebuilt, in table order."""

    walk: tuple[Hit, ...]
    """Every active entry, in table order."""
    quiet: tuple[Hit, ...]
    """`walk` without the ``event`` entries: what a moment without an event asks."""
    by_reading: tuple[Hit, ...]
    """The reading-dependent entries: what tells the candidate readings apart."""
    replaces: bool
    """Some active entry replaces others under these options."""
    memo: BoundedDict[tuple[Any, ...], Tally] | None = None
    """`tally`'s answers by (event, traits…), when `activate` was asked to keep them."""


class Names(dict[str, tuple[str, str]]):
    """Pattern ids with their (English, Chinese) names, in table order: a variant's one
    mapping, built at import and never changed, so it hashes by identity (it keys
    `wire_patterns`' cache)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return id(self)


def names(*tables: Sequence[PatternSpec[Any]]) -> Names:
    """Every pattern id of ``tables`` with its (English, Chinese) names, in table order."""
    return Names((p.id, (p.name, p.name_zh)) for table in tables for p in table)


def reads(table: Sequence[PatternSpec[Any]]) -> tuple[str, ...]:
    """The options ``table`` reads (its switches and option fans), each once: what `activate`
    depends on, so that a variant can cache its activations on their values alone."""
    found: dict[str, None] = {}
    for p in table:
        for used in (p.on, p.also_on, p.replaces_on, p.fan, p.flat):
            if isinstance(used, str):
                found[used] = None
            elif isinstance(used, tuple):
                found[used[0]] = None
    return tuple(found)


def flats(table: Sequence[PatternSpec[Any]], options: Mapping[str, Any]) -> dict[str, int]:
    """Each pattern id with a flat bonus, and that bonus under ``options``."""
    return {p.id: _option_value(p.flat, options) for p in table if p.flat}


def _option_value(fan: OptionFan, options: Mapping[str, Any]) -> int:
    if isinstance(fan, int):
        return fan
    if isinstance(fan, str):
        return int(options[fan])
    name, by = fan
    if isinstance(by, tuple):
        return dict(by)[options[name]]
    return int(options[name]) + by


def _switched(switch: OptionSwitch, options: Mapping[str, Any]) -> bool:
    if switch is None:
        return True
    if isinstance(switch, str):
        return bool(options[switch])
    name, value = switch
    return bool(options[name] == value)


def activate(table: Sequence[PatternSpec[F]], options: Mapping[str, Any], *,
             memo: bool = False) -> Active[F]:
    """``table`` under resolved ``options``, compiled; built once per option set by the
    variant (an `Active` compares by identity, so it is a cheap cache key too).

    With ``memo``, `tally` keeps its answer per distinct traits: the predicates are pure, and
    traits take few distinct values (a handful of flags and the 根 tiles), so most hands —
    new concealed parts included — are answered by one look-up. The traits must then be
    hashable values holding only what the predicates read (a NamedTuple of plain values),
    or equal hands would miss."""
    walk: list[Hit] = []
    quiet: list[Hit] = []
    by_reading: list[Hit] = []
    for p in table:
        if not _switched(p.on, options) or not _switched(p.also_on, options):
            continue
        each = _option_value(p.fan, options)
        replaces = p.replaces if p.replaces and _switched(p.replaces_on, options) else ()
        tiles = p.tiles if p.count is None else _uncounted(p.count)
        hit: Hit = (p.when, None if tiles else (p.id, each, 1, ()), p.id, each, tiles,
                    replaces)
        walk.append(hit)
        if not p.event:
            quiet.append(hit)
        if p.reading:
            by_reading.append(hit)
    return Active(tuple(walk), tuple(quiet), tuple(by_reading), any(hit[5] for hit in walk),
                  BoundedDict(_MEMO_SIZE) if memo else None)


class _Times(tuple[Tile, ...]):
    """What a ``count`` pattern counts: as many entries as times, none of them a tile to
    show (`tally` gives the pattern no ``tiles``)."""


def _uncounted(count: Callable[[Any], int]) -> Callable[[Any], tuple[Tile, ...]]:
    return lambda traits: _Times((-1,) * count(traits))


_MEMO_SIZE: Final = 4096
"""Verdicts kept per active table (a table's distinct traits number in the hundreds)."""


def activated(table: Sequence[PatternSpec[F]], options: Mapping[str, Any], *,
              memo: bool = False) -> Active[F]:
    """`activate`, once per table and values of the options it reads (`reads`): the one
    activation cache of every variant. Option sets that differ only in options the table
    does not read share one `Active` (and its memo): rooms send a handful of option sets,
    and a scoring table reads few of their options."""
    key_of = _KEYS.get(id(table))
    if key_of is None:
        read = reads(table)
        key_of = _KEYS[id(table)] = (table, _values(read))
    key = (id(table), memo, key_of[1](options))
    found = _ACTIVATED.get(key)
    if found is None:
        found = _ACTIVATED.keep(key, activate(table, options, memo=memo))
    return found


def _values(names: tuple[str, ...]) -> Callable[[Mapping[str, Any]], tuple[Any, ...]]:
    if not names:
        return lambda options: ()
    get = itemgetter(*names)
    if len(names) == 1:
        return lambda options: (get(options),)
    return get


_KEYS: dict[int, tuple[Sequence[Any], Callable[[Mapping[str, Any]], tuple[Any, ...]]]] = {}
"""Per table (by identity; the entry keeps the table, so the id is not reused): the values
of the options it reads."""
_ACTIVATED: BoundedDict[tuple[int, bool, tuple[Any, ...]], Active[Any]] = BoundedDict(256)
"""Active tables by (table, memo, values read); a flood of option sets clears it."""


@hand_memo
@lru_cache(maxsize=4096)
def wire_patterns(counted: tuple[Counted, ...], names: Names) -> tuple[Pattern, ...]:
    """The answer's patterns of what a table counted, in its order: a pattern counted more
    than once (根) with its ``count`` and the tiles behind it. The one conversion of every
    variant; the patterns are immutable, so answers share them. ``names``: the variant's
    `names` of its table."""
    return tuple(Pattern(pid, *names[pid], fan, count if count > 1 else None,
                         tuple(T.ALL_CODES[t] for t in tiles) if tiles else None)
                 for pid, fan, count, tiles in counted)


def _fan(checks: tuple[Hit, ...], traits: Any) -> int:
    """The fan ``checks`` count for ``traits``."""
    fan = 0
    for when, _, _, each, tiles_of, _ in checks:
        if when(traits):
            fan += each if tiles_of is None else each * len(tiles_of(traits))
    return fan


def tally(active: Active[F], readings: Sequence[F], *, event: bool = True) -> Tally:
    """The best of ``readings`` (one traits object a candidate reading; at least one), its
    fan and the patterns it counts, in table order, replacements done.

    The reading-dependent patterns tell the candidates apart (the first worth the most fan
    is kept); then the whole table is walked once, in order, on that candidate. With
    ``event=False`` (the moment has no event: a plain discard win, no kong, not the last
    tile, not the first turn) the ``event`` patterns are not asked at all."""
    memo = active.memo
    if memo is None:
        return _tally(active, readings, event)
    key = (event, *readings)
    found = memo.get(key)
    return memo.keep(key, _tally(active, readings, event)) if found is None else found


def _tally(active: Active[F], readings: Sequence[F], event: bool) -> Tally:
    best = 0
    if len(readings) > 1:
        best_fan = -1
        for n, traits in enumerate(readings):
            fan = _fan(active.by_reading, traits)
            if fan > best_fan:
                best, best_fan = n, fan
    traits = readings[best]
    found: list[Counted] = []
    fan = 0
    for when, counted, pid, each, tiles_of, _ in active.walk if event else active.quiet:
        if when(traits):
            if counted is None:
                tiles = tiles_of(traits)  # type: ignore[misc]  # set when counted is None
                counted = (pid, each * len(tiles), len(tiles),
                           () if type(tiles) is _Times else tiles)
            found.append(counted)
            fan += counted[1]
    if active.replaces:
        return _replaced(active, best, found, fan)
    return Tally(best, fan, tuple(found))


def _replaced(active: Active[F], best: int, found: list[Counted], fan: int) -> Tally:
    """``found`` with the replacements of the entries it holds done, in table order."""
    replacing = {hit[2]: hit[5] for hit in active.walk if hit[5]}
    kept = found
    for counted in found:
        replaces = replacing.get(counted[0])
        if replaces == ALL:
            return Tally(best, counted[1], (counted,))
        if replaces:
            kept = [c for c in kept if c[0] not in replaces]
    if kept is not found:
        fan = sum(c[1] for c in kept)
    return Tally(best, fan, tuple(kept))


def apply(active: Active[F], readings: Sequence[F]) -> tuple[int, tuple[Counted, ...]]:
    """`tally` as (best index, counted patterns): the first form of the API, kept."""
    tallied = tally(active, readings)
    return tallied.best, tallied.counted
