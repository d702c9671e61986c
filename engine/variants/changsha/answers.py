"""The answers of the 长沙 operations, fields in wire order (engine.results conventions:
None fields are left out)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import Options
from engine.results import BirdHit, Pattern, Reading

Seats4 = tuple[int, ...]
"""One entry per seat of the room (rooms.md §0.9.3)."""


@dataclass(frozen=True)
class ChangshaFanAnswer:
    """``POST /v1/changsha/fan``. Traditional: ``fan`` is the 大胡 units (0 for 小胡),
    ``base_per_payer`` the amount before birds and 庄闲分, ``payments`` with ``seats``.
    Seed: ``fan`` is the hand fan, with ``bird_fan`` and ``total_fan``; no payments."""

    win: bool
    reason: str | None = None
    patterns: tuple[Pattern, ...] | None = None
    fan: int | None = None
    bird_fan: int | None = None
    total_fan: int | None = None
    base_per_payer: int | None = None
    payments: Seats4 | None = None
    birds: tuple[BirdHit, ...] | None = None
    bird_hits: Seats4 | None = None
    birds_expected: int | None = None
    reading: Reading | None = None
    options: Options | None = None


@dataclass(frozen=True)
class ChangshaBirdsAnswer:
    """``POST /v1/changsha/birds``: the birds on their own; with the winning hand also the
    win, its value and (traditional) the payments with the birds applied."""

    birds: tuple[BirdHit, ...]
    bird_hits: Seats4
    birds_expected: int
    win: bool | None = None
    reason: str | None = None
    fan: int | None = None
    bird_fan: int | None = None
    total_fan: int | None = None
    base_per_payer: int | None = None
    payments: Seats4 | None = None
    options: Options | None = None


@dataclass(frozen=True)
class QishouAnswer:
    """``POST /v1/changsha/qishou``: the opening patterns, their number, and what each other
    player pays before 庄闲分 (*b* = *n* × ``xiao_hu_self_draw``, settle-changsha.md §2.9.2)."""

    patterns: tuple[Pattern, ...]
    count: int
    per_other_player: int
    options: Options | None = None
