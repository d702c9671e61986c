"""四川's price of a win (RULES.md §1.4) and the ``fan`` answer it fills: the one pricing
``fan`` and ``settle`` share, in a module of its own so that both read it without importing
each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine import tiles as T
from engine.hand import HandRules
from engine.options import Options
from engine.results import Pattern, Reading

HAND_RULES: Final = HandRules(tile_kinds=T.TILE_SETS["108"], chow_melds=False,
                              tile_set_name="108")


@dataclass(frozen=True)
class SichuanFanAnswer:
    """``POST /v1/sichuan/fan``: field order is the wire order; None fields are left out."""

    win: bool
    reason: str | None = None
    patterns: tuple[Pattern, ...] | None = None
    fan: int | None = None
    gen_count: int | None = None
    fan_capped: int | None = None
    points_per_payer: int | None = None
    payers: str | None = None
    payments: tuple[int, ...] | None = None
    reading: Reading | None = None
    options: Options | None = None


def priced(fan: int, options: Options, self_draw: bool, tian_hu: bool) -> tuple[int, int]:
    """``fan_capped`` and ``points_per_payer`` of a win worth ``fan`` (§1.4): the one pricing
    `fan` and `settle` share."""
    max_fan = options["max_fan"]
    capped = fan if max_fan is None else min(fan, max_fan)
    base = options["base_points"]
    points = base * 2**capped
    if self_draw and options["zimo_bonus"] == "jia_di" and not tian_hu:
        points += base  # 自摸加底 (§1.4)
    return capped, points
