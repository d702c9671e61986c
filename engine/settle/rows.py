"""The money of a settled hand: transfer rows, their order and the per-seat totals.

Every variant's ``settle`` answers its payments as rows ``{reason, event, from, to,
amount}`` (南昌's ``xia_jing`` rows also ``pair``, after ``event``), in the order its file
fixes (events in record order), and ``totals``: per seat, received minus paid — zero-sum by
construction, since each row moves one amount from one seat to another.

One event with several winners lists its rows **reason-major** (reconciled.md §3): every
winner's rows of the first reason (winners in canonical order, each one's payers in turn
order after it), then every winner's rows of the next reason, and so on. `reason_major`
builds that order from each winner's rows, so a variant writes each winner's rows once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.seats import FULL_TABLE

MAX_AMOUNT: Final = 2**53 - 1
"""The largest amount JSON numbers carry exactly (四川's ``amount_too_large``)."""


@dataclass(frozen=True)
class Transfer:
    """One payment: why, for which event (absent where the file says so: 四川's 查花猪 and
    查大叫), which turned pair (南昌 ``xia_jing`` only), who to whom, how much (> 0)."""

    reason: str
    event: int | None
    pair: int | None = field(default=None, kw_only=True)
    from_: int
    to: int
    amount: int


def totals(rows: Iterable[Transfer], players: int = FULL_TABLE) -> tuple[int, ...]:
    """Per seat: what the rows pay it minus what it pays (zero-sum)."""
    out = [0] * players
    for row in rows:
        out[row.from_] -= row.amount
        out[row.to] += row.amount
    return tuple(out)


def reason_major(per_winner: Sequence[Sequence[Transfer]],
                 reasons: Sequence[str]) -> list[Transfer]:
    """One event's rows in reason-major order: ``per_winner`` holds each winner's rows
    (winners in canonical order, each one's rows in its payers' turn order), ``reasons``
    the event's reasons in their order. Rows of a reason not listed are a mistake."""
    rows = [row for reason in reasons for mine in per_winner for row in mine
            if row.reason == reason]
    assert len(rows) == sum(map(len, per_winner)), "a row of a reason not in `reasons`"
    return rows


def paid(rows: Iterable[Transfer]) -> list[Transfer]:
    """The rows that move money: no row has amount 0."""
    return [row for row in rows if row.amount]
