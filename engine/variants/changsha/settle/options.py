"""The options only 长沙's ``settle`` reads (settle-changsha.md §2.9.8's second table, with
reconciled.md §8's ``draw_next_dealer``), in the spec's order.

Every 长沙 operation accepts and echoes them (one option set serves a whole room). This module
imports nothing of 长沙, so the variant can declare them without an import cycle.
"""

from __future__ import annotations

from typing import Final

from engine.options import OptionSpec, OptionType

_I, _B, _S = OptionType.INTEGER, OptionType.BOOLEAN, OptionType.STRING
SETTLE_OPTION_SPECS: Final = (
    OptionSpec("qishou_birds", _S, "none", "起手小胡 and birds: paid at once without birds, with "
               "two dice as birds (dice), or raised by the hand's win birds (win_birds)",
               choices=("none", "dice", "win_birds")),
    OptionSpec("kai_gang_draws", _I, 2, "tiles a 开杠 draws from the end of the wall",
               choices=(1, 2, 3, 4)),
    OptionSpec("kai_gang_wins", _S, "each", "several winning tiles of one 开杠: each its own "
               "win, or one merged win (its patterns once, 杠上开花/杠上炮 once per tile)",
               choices=("each", "merged")),
    OptionSpec("bu_zhang_kai_hua", _B, False, "a self-draw on a 补张's replacement tile is "
               "杠上开花 too (杠上炮 still needs a 开杠)"),
    OptionSpec("hai_di_birds", _S, "repeat", "birds of a 海底 win: the 海底 tile bird_count "
               "times (repeat) or once (one)", choices=("repeat", "one")),
    OptionSpec("yi_pao_duo_xiang", _B, True, "一炮多响: several seats may win one tile "
               "(false: 截胡, one winner seat an event)"),
    OptionSpec("zuo_piao", _I, 0, "坐飘: added twice to every win payment's 飘",
               minimum=0, maximum=5),
    OptionSpec("draw_next_dealer", _S, "last_drawer", "who deals after a 流局 nobody took the "
               "海底 of: the seat it was offered to first (last_drawer), or the dealer again",
               choices=("last_drawer", "dealer")),
)
