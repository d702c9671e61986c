"""``POST /v1/changsha/settle``'s answer (settle-changsha.md Part 2, "The answer", with
reconciled.md §3's ``outcome`` and member order), as frozen values.

engine/results.py's conventions: fields in wire order, None left out — except
``next_dealer``, null while the hand is in play (`KEEP_NULL`); a trailing underscore dropped
(``from_`` → ``from``). The row is the shared `engine.settle.rows.Transfer`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.options import Options
from engine.results import KEEP_NULL, BirdHit, Pattern
from engine.settle.rows import Transfer

__all__ = ["ChangshaSettleAnswer", "SettledQishou", "SettledWin", "Transfer"]


@dataclass(frozen=True)
class SettledQishou:
    """One declaration: its patterns (as ``qishou`` answers them), their number, the base
    *b* each other seat pays before 庄闲分, and (``qishou_birds: "dice"``) the dice's hits."""

    event: int
    seat: int
    patterns: tuple[Pattern, ...]
    count: int
    per_other_player: int
    dice_hits: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SettledWin:
    """One win — a winner and its tile, or (``kai_gang_wins: "merged"``) its 开杠 tiles —
    with the values ``fan`` answers for it."""

    event: int
    seat: int
    tile: str | None
    tiles: tuple[str, ...] | None
    patterns: tuple[Pattern, ...]
    fan: int
    base_per_payer: int
    birds: tuple[BirdHit, ...] | None
    bird_hits: tuple[int, ...] | None
    payments: tuple[int, ...]


@dataclass(frozen=True)
class ChangshaSettleAnswer:
    transfers: tuple[Transfer, ...]
    totals: tuple[int, ...]
    qishou: tuple[SettledQishou, ...]
    wins: tuple[SettledWin, ...]
    outcome: str
    next_dealer: int | None = field(default=None, metadata=KEEP_NULL)
    options: Options | None = None
