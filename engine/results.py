"""The answers the engine gives, as frozen values ready to become JSON.

Conventions every answer follows, so that one generic mapping can serialise them: fields are
listed in the order they appear on the wire; a field that is None is left out — unless its
metadata is `KEEP_NULL`: then None is a JSON null (a member the answer always has, such as
``next_dealer`` while a hand is in play); tiles are tile codes (``'5p'``); a trailing
underscore is dropped from a field name (``as_`` → ``as``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Final, Generic, TypeVar

from engine.caching import hand_memo
from engine.options import Options
from engine.tiles import ALL_CODES, COPIES, KIND_COUNT, Tile

KEEP_NULL: Final = MappingProxyType({"keep_null": True})
"""A field's metadata: None goes on the wire as null instead of being left out."""


@dataclass(frozen=True)
class Pattern:
    """One counted pattern: id, names, its value, how many times, and the tiles behind it."""

    id: str
    name: str
    name_zh: str
    fan: int
    count: int | None = None
    tiles: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Group:
    """One group of a reading: ``tiles`` physical, ``as_`` what each stands for."""

    kind: str
    tiles: tuple[str, ...]
    as_: tuple[str, ...]
    declared: bool = False


@hand_memo
@lru_cache(maxsize=8192)
def group(kind: str, tiles: tuple[Tile, ...], as_: tuple[Tile, ...] | None = None,
          declared: bool = False) -> Group:
    """A reading's `Group` from tile kinds, in the order given (``as_``: what each stands
    for; None: itself). Groups take few distinct values and are immutable, so each is built
    once: a reading costs look-ups, not a code and an object per group."""
    codes = tuple([ALL_CODES[t] for t in tiles])
    return Group(kind, codes, codes if as_ is None else tuple([ALL_CODES[t] for t in as_]),
                 declared)


@dataclass(frozen=True)
class Reading:
    """How the hand was read for its score (API.md, "The reading")."""

    shape: str
    groups: tuple[Group, ...]


@dataclass(frozen=True)
class WinAnswer:
    win: bool
    shapes: tuple[str, ...] | None = None
    reason: str | None = None
    options: Options | None = None


@dataclass(frozen=True)
class Wait:
    tile: str
    remaining: int
    fan: int


@dataclass(frozen=True)
class WaitsAnswer:
    tenpai: bool
    shanten: int
    waits: tuple[Wait, ...]
    options: Options | None = None


@dataclass(frozen=True)
class EffectiveTile:
    tile: str
    remaining: int


EFFECTIVE_TILES: Final = tuple(tuple(EffectiveTile(ALL_CODES[kind], left)
                                     for left in range(COPIES + 1))
                        for kind in range(KIND_COUNT))
"""``EFFECTIVE_TILES[kind][left]``: the (immutable) entry of a kind with ``left`` copies
unseen — made once, not once a hand (building a frozen dataclass per kind was ~30 µs of a
~400 µs ``discards``); every answer holds these objects, never copies."""
INTERNED: Final = tuple(entry for row in EFFECTIVE_TILES for entry in row)
"""The answer parts made once for the life of the process (`EFFECTIVE_TILES`), which
answers share: a writer may put each one's JSON down once, not once an answer (a
``discards`` answer holds ~150 of them, ~25 distinct)."""


@dataclass(frozen=True)
class DiscardChoice:
    tile: str
    shanten: int
    waits: tuple[Wait, ...]
    effective_tiles: tuple[EffectiveTile, ...]
    effective_count: int


@dataclass(frozen=True)
class DiscardsAnswer:
    """The advice; ``win`` and ``shapes`` only when the 14 tiles already form a complete hand
    as a self-draw (`engine.variants.base.Variant.drawn_win`): the player may declare 自摸."""

    shanten: int
    discards: tuple[DiscardChoice, ...]
    win: bool | None = None
    shapes: tuple[str, ...] | None = None
    options: Options | None = None


class Null:
    """A member the wire shows as ``null`` — a field that is None is left out (the
    conventions above): a bird or code on a chair nobody sits in (rooms.md §0.9.5)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NULL"


NULL: Final = Null()


@dataclass(frozen=True)
class BirdHit:
    """One turned bird or code: the tile, the seat it points to (None when a mode has no
    seats; `NULL` when it points at an empty chair of a smaller room), and whether it
    scored."""

    tile: str
    seat: int | Null | None
    hit: bool


@dataclass(frozen=True)
class KongAnswer:
    payments: tuple[int, ...]
    options: Options | None = None


@dataclass(frozen=True)
class WinCheck:
    """The fast answer: a win with its shape ids, or the reason (RULES.md §0.4, §0.7). A
    refusal by a rule checked before the shape may carry the shapes the tiles form (四川's
    缺一门); only a win's shapes are ever shown."""

    win: bool
    shapes: tuple[str, ...] = ()
    reason: str | None = None


T_ = TypeVar("T_")


@dataclass(frozen=True)
class Tallied(WinCheck, Generic[T_]):
    """A `WinCheck` with the tally it was read from (a variant's `offer_check`): an
    accelerator the ``fan`` pipeline consults — `Variant.checked_fan` prices a claimed win
    from ``tally`` instead of judging the same hand a second time. Held equal to the rules
    by the claims tests, which compare each claimed win with ``fan`` on generated hands."""

    tally: T_ | None = None
