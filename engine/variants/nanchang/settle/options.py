"""The options ``settle`` adds to 南昌 (rules/settle-nanchang.md §3.9.9), in the spec's order.

Every 南昌 operation accepts and echoes them (one option set serves a whole room; they follow
today's options, reconciled.md §7); ``settle`` reads them all and the ``kong`` operation reads
``kong_scoring`` (§3.9.2). ``jing_count_discards``, an existing option, is now read by
``settle`` too. This module imports nothing of the variant, so the variant can declare them
without an import cycle.
"""

from __future__ import annotations

from typing import Final

from engine.options import OptionSpec, OptionType

_I, _B, _S = OptionType.INTEGER, OptionType.BOOLEAN, OptionType.STRING

AT_ONCE: Final = "at_once"
END_OF_WON_HAND: Final = "end_of_won_hand"
MAX_XIA_JING_PAIRS: Final = 5

JING_COUNT_DISCARDS: Final = OptionSpec(
    "jing_count_discards", _B, True, "settle counts each seat's own discards in its 精 "
    "holdings (jing-settlement takes the counts as given)")
"""An option of §3.8 (today's place in the list) that ``settle`` now reads (§3.9.9)."""

SETTLE_OPTION_SPECS: Final = (
    OptionSpec("kong_scoring", _S, AT_ONCE, "kongs: paid at once (1 exposed or added, 2 "
               "concealed, 10 a 精 kind), or at the end of a won hand (2 each, 10 for a kind "
               "of any pair turned for the end; nothing on a 荒庄)",
               choices=(AT_ONCE, END_OF_WON_HAND)),
    OptionSpec("xia_jing_pairs", _I, 0, "下精 pairs turned at the end of the hand (1: 埋雷 / "
               "埋地雷, 3: 上下左右翻精, 5: 上下左左右右)", minimum=0,
               maximum=MAX_XIA_JING_PAIRS),
    OptionSpec("chong_guan_bao_pei", _B, True, "冲关包赔: the seat that supplied a 上精 to a "
               "seat reaching 冲关 pays the others' shares of its 上精 score"),
    OptionSpec("chao_zhuang_points", _I, 5, "抄庄: what the dealer pays each other seat when "
               "all followed its first discard", minimum=0, maximum=100),
    OptionSpec("hui_tou_yi_xiao", _B, False, "回头一笑: the previous hand's 上精 "
               "(record.opening.hui_tou) settled again on the dealt hands"),
    OptionSpec("shang_xia_fan_jing", _B, False, "上下翻精: a 下精 turned at the start "
               "(record.opening.xia_jing) settled once on the dealt hands"),
)
