"""Kongs (刮风下雨, settle.md §1.6.2) and their income as 呼叫转移 and 退税 move it.

A kong pays at once, as the ``kong`` operation pays it (`kong_rows`: its payers in turn
order after the konger, each in the hand before the event). Its **income** is the rows as
paid, kept here: 呼叫转移 hands it on (§1.6.4), 退税 returns it row by row (§1.6.5) — never an
amount recomputed from the kong's type (settled reading "income is what was paid").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.variants.sichuan.settle.answer import Transfer
from engine.variants.sichuan.settle.pricing import kong_rows
from engine.variants.sichuan.settle.record import Kong


@dataclass
class PaidKong:
    """A kong event and the rows it was paid; ``handed_on`` once 呼叫转移 moved it."""

    event: int
    kong: Kong
    rows: tuple[tuple[int, int], ...]
    handed_on: bool = False

    @property
    def income(self) -> int:
        return sum(amount for _, amount in self.rows)


def pay_kong(event: int, kong: Kong, in_hand: Sequence[int],
             options: Mapping[str, Any]) -> tuple[PaidKong, list[Transfer]]:
    """The kong's income and its ``kong`` rows (over the room's seats)."""
    rows = tuple(kong_rows(kong.type, kong.late, kong.seat, kong.from_, in_hand, options,
                           options["players"]))
    paid = PaidKong(event, kong, rows)
    return paid, [Transfer("kong", event, payer, kong.seat, amount) for payer, amount in rows]
