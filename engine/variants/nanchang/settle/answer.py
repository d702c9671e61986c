"""``POST /v1/nanchang/settle``'s answer (settle-nanchang.md Part 2, "The answer"; its members
in reconciled.md §3's order), as frozen values.

engine/results.py's conventions: fields in wire order, None left out — except ``ba_wang``,
which is ``null`` when no seat is the only scorer (`engine.results.KEEP_NULL`) —, a
trailing underscore dropped; the service serialises them generically.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.options import Options
from engine.results import KEEP_NULL, Pattern
from engine.settle.rows import Transfer
from engine.variants.nanchang.facts import Holding

REASONS = ("hui_tou_yi_xiao", "kai_ju_xia_jing", "kong", "chao_zhuang", "win", "shang_jing",
           "chong_guan_bao_pei", "xia_jing")
"""§3.9.7's reasons in the table's order (``by_reason`` lists them so)."""


@dataclass(frozen=True)
class SettledWin:
    """The win, with the values ``fan`` answers for it (no ``multiplier`` on 天胡/地胡) and
    the ``others_hold_jing`` it was priced with."""

    event: int
    seat: int
    patterns: tuple[Pattern, ...]
    fan: int
    multiplier: int | None
    flat_per_payer: int
    payments: tuple[int, ...]
    others_hold_jing: bool


@dataclass(frozen=True)
class BaoPei:
    """冲关包赔: a covered seat and the seat that supplied its 上精."""

    seat: int
    supplier: int


@dataclass(frozen=True)
class SettledJingPair:
    """One pair settled: ``jing-settlement``'s scores and deltas for the holdings counted,
    the seats at 冲关, the 霸王精 seat, and (上精 only) 冲关包赔."""

    category: str
    pair: int | None
    """Its index in ``end.xia_jing`` (``xia_jing`` pairs only)."""
    indicator: str
    zheng: str
    fu: str
    holdings: tuple[Holding, ...]
    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    chong_guan: tuple[int, ...]
    ba_wang: int | None = field(metadata=KEEP_NULL)
    bao_pei: tuple[BaoPei, ...] | None = None


@dataclass(frozen=True)
class NanchangSettleAnswer:
    transfers: tuple[Transfer, ...]
    totals: tuple[int, ...]
    by_reason: Mapping[str, tuple[int, ...]]
    wins: tuple[SettledWin, ...]
    jing: tuple[SettledJingPair, ...]
    outcome: str
    """``in_play``, ``won`` or ``huang_zhuang``."""
    options: Options | None = None
