"""The options ``settle`` adds to 红中 (settle-hongzhong.md §4.5.7, reconciled.md §8), in the
spec's order.

Every 红中 operation accepts and echoes them (one option set serves a whole room); only
``settle`` reads them. ``code_mode``'s new value ``mo_ji_jiang_ji`` is a choice of the
existing option (`hongzhong.options`). This module imports nothing of 红中, so the variant
can declare them without an import cycle.
"""

from __future__ import annotations

from typing import Final

from engine.options import OptionSpec, OptionType

_B, _S = OptionType.BOOLEAN, OptionType.STRING
SETTLE_OPTION_SPECS: Final = (
    OptionSpec("kong_paid", _S, "at_once", "when kong money counts: from the kong on, or only "
               "once the hand has ended (pending while it is in play)",
               choices=("at_once", "at_end")),
    OptionSpec("huang_zhuang_huang_gang", _B, False, "荒庄荒杠: a hand that ends with the wall "
               "and no win cancels every kong's money"),
    OptionSpec("draw_next_dealer", _S, "dealer", "who deals after a 荒庄: the dealer again, or "
               "the seat that drew the last tile (end.last_drawer)",
               choices=("dealer", "last_drawer")),
    OptionSpec("yi_pao_duo_xiang", _B, True, "通炮 / 一炮多响: several seats may win one "
               "discarded or robbed tile (false: 截胡, one winner per tile)"),
)
