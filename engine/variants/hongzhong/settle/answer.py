"""``POST /v1/hongzhong/settle``'s answer (settle-hongzhong.md Part 2, "The answer", members in
reconciled.md §3's order), as frozen values.

engine/results.py's conventions: fields in wire order, None left out — except
``next_dealer``, which is null while the hand is in play (`KEEP_NULL`) —, a trailing
underscore dropped (``from_`` → ``from``). The row is the shared
`engine.settle.rows.Transfer`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.options import Options
from engine.results import KEEP_NULL, BirdHit, Pattern
from engine.settle.rows import Transfer

__all__ = ["HongzhongSettleAnswer", "SettledKong", "SettledWin", "Transfer"]


@dataclass(frozen=True)
class SettledWin:
    """One winner of the win event: what ``fan`` answers for it (no ``reading``), and the
    event's count of codes due before the wall's cap."""

    event: int
    seat: int
    patterns: tuple[Pattern, ...]
    fan: int
    codes: tuple[BirdHit, ...] | None
    code_hits: tuple[int, ...] | None
    codes_expected: int
    payments: tuple[int, ...]


@dataclass(frozen=True)
class SettledKong:
    """A kong event: its income as ``kong`` answers it, and whether that money counts:
    ``paid``, ``pending`` (``kong_paid: "at_end"``, hand in play), ``refunded`` (荒庄荒杠 after
    ``"at_once"``) or ``cancelled`` (荒庄荒杠 under ``"at_end"``)."""

    event: int
    seat: int
    income: int
    state: str


@dataclass(frozen=True)
class HongzhongSettleAnswer:
    transfers: tuple[Transfer, ...]
    totals: tuple[int, ...]
    wins: tuple[SettledWin, ...]
    kongs: tuple[SettledKong, ...]
    outcome: str
    next_dealer: int | None = field(default=None, metadata=KEEP_NULL)
    options: Options | None = None
