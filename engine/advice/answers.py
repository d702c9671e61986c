"""The answers of ``advice``, ``dingque`` and ``exchange``, as frozen values ready to become
JSON (the conventions of `engine.results`: fields in wire order, None left out), and the one
rounding every probability and expectation takes on the wire (RULES.md §0.10.7).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import Options
from engine.results import EffectiveTile, Wait

DECIMALS = 6


SCALE = 10**DECIMALS


def wire(numerator: int, denominator: int) -> float:
    """An exact value (≥ 0) rounded half to even to `DECIMALS` places: the double nearest
    that decimal (an exact integer over an exact power of ten, divided once), which JSON
    writes as its shortest reading (``0.0``, ``0.25``, ``0.009151``).

    >>> wire(1, 8), wire(5, 10**7), wire(15, 10**7), wire(2, 3)
    (0.125, 0.0, 2e-06, 0.666667)
    """
    whole: int
    rest: int
    whole, rest = divmod(numerator * SCALE, denominator)
    if 2 * rest > denominator or (2 * rest == denominator and whole % 2):
        whole += 1
    return float(whole / SCALE)


@dataclass(frozen=True)
class AdviceEntry:
    """One permitted discard of a 14-tile hand: `discards`' entry and the values."""

    tile: str
    shanten: int
    waits: tuple[Wait, ...]
    effective_tiles: tuple[EffectiveTile, ...]
    effective_count: int
    win_prob: tuple[float, ...] | None = None
    tenpai_prob: tuple[float, ...] | None = None
    expected_points: float | None = None
    expected_fan: float | None = None
    not_evaluated: str | None = None


@dataclass(frozen=True)
class AdviceAnswer14:
    """``advice`` for a hand after a draw: every permitted discard, ordered by ``objective``;
    ``win`` and ``shapes`` only when the 14 tiles already win (as `discards`)."""

    shanten: int
    win: bool | None
    shapes: tuple[str, ...] | None
    draw_model: str
    unseen_count: int
    discards: tuple[AdviceEntry, ...]
    options: Options | None = None


@dataclass(frozen=True)
class AdviceAnswer13:
    """``advice`` for a hand before a draw: its state as `waits` reads it, and the values."""

    shanten: int
    tenpai: bool
    waits: tuple[Wait, ...]
    effective_tiles: tuple[EffectiveTile, ...]
    effective_count: int
    draw_model: str
    unseen_count: int
    win_prob: tuple[float, ...] | None = None
    tenpai_prob: tuple[float, ...] | None = None
    expected_points: float | None = None
    expected_fan: float | None = None
    not_evaluated: str | None = None
    options: Options | None = None


@dataclass(frozen=True)
class SuitRow:
    suit: str
    tiles: int
    shanten: int
    effective_count: int


@dataclass(frozen=True)
class DingqueAnswer:
    choice: str
    baseline: str
    suits: tuple[SuitRow, ...]
    options: Options | None = None


@dataclass(frozen=True)
class Triple:
    """A 换三张 candidate (or the choice, or the baseline: then only tiles and suit)."""

    tiles: tuple[str, str, str]
    suit: str
    expected_shanten: float | None = None
    expected_effective_count: float | None = None


@dataclass(frozen=True)
class ExchangeAnswer:
    choice: Triple
    baseline: Triple
    candidates: tuple[Triple, ...] | None = None
    options: Options | None = None
