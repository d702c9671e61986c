"""The room options of claims (RULES.md §0.8): shared by every variant, defaults per variant.

A variant adds `option_specs` (with its own defaults and its own extra rows) to its options
table, so ``GET /v1/variants`` lists them and every operation accepts and echoes them
(settled reading 18); only ``claims`` reads them.
"""

from __future__ import annotations

from typing import Final

from engine.options import OptionSpec, OptionType

GUO_HU: Final = ("off", "same_tile", "not_higher", "any")
LOCKED_KONG: Final = ("same_waits", "keep_waits", "any", "none")
SHI_TI: Final = ("allowed", "no_same", "no_same_or_other_end")

_B, _S = OptionType.BOOLEAN, OptionType.STRING


def option_specs(*, guo_hu: str, rob_exposed_kong: bool = False,
                 extra: tuple[OptionSpec, ...] = ()) -> tuple[OptionSpec, ...]:
    """The §0.8 rows in the variant tables' order: ``guo_hu``, the variant's own rows, then
    the lock, 食替 and robbing-kong rows."""
    return (
        OptionSpec("guo_hu", _S, guo_hu, "过胡: when a passed win blocks a later win on another "
                   "player's tile until the player's own draw or claim: never, on the same tile, "
                   "unless worth more fan, or always", choices=GUO_HU),
        *extra,
        OptionSpec("locked_kong", _S, "same_waits", "kongs of a locked hand "
                   "(血流成河, 报听, 开杠): "
                   "only when the waits stay the same, when every wait stays, any, or none",
                   choices=LOCKED_KONG),
        OptionSpec("shi_ti", _S, "allowed", "食替 after a chow or pong: any discard, not the "
                   "claimed kind, or neither it nor the chow's other end", choices=SHI_TI),
        OptionSpec("rob_kong", _B, True, "a kong may be robbed (抢杠胡)"),
        OptionSpec("rob_exposed_kong", _B, rob_exposed_kong,
                   "an exposed kong made from a discard may be robbed too"),
        OptionSpec("late_added_kong", _B, True,
                   "an added kong (补杠) may use a tile kept since earlier"),
    )
