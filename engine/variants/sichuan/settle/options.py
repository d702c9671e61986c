"""The options ``settle`` adds to 四川 (settle.md §1.6.8), in the spec's order.

Every Sichuan operation accepts them (one option set serves a whole room); ``settle`` reads
them all, the ``kong`` operation the three kong options. This module imports nothing of
Sichuan, so the variant can declare them without an import cycle.
"""

from __future__ import annotations

from typing import Final

from engine.options import OptionSpec, OptionType

_I, _B, _S = OptionType.INTEGER, OptionType.BOOLEAN, OptionType.STRING
SETTLE_OPTION_SPECS: Final = (
    OptionSpec("xue_liu", _B, False, "血流成河: winners stay in and may win again; the hand "
               "ends only with the wall (default 血战到底: winners leave)"),
    OptionSpec("zhi_gang_discarder", _I, 2, "直杠 (exposed kong): what its discarder pays, "
               "× base_points", minimum=1, maximum=4),
    OptionSpec("zhi_gang_others", _I, 0, "直杠: what every other seat in the hand pays, "
               "× base_points (1: 擦挂 rooms)", minimum=0, maximum=2),
    OptionSpec("late_added_kong_pays", _B, True, "a late 补杠 (fourth tile kept, not freshly "
               "drawn: kong.late) earns its 1 × base_points from each seat"),
    OptionSpec("hu_jiao_zhuan_yi", _S, "last_kong", "呼叫转移 on 杠上炮: the discarder hands "
               "the winners the income of the kong just made, of all his kongs not yet "
               "handed on, or nothing", choices=("last_kong", "all_kongs", "off")),
    OptionSpec("hu_jiao_zhuan_yi_split", _S, "split", "呼叫转移 with several winners: the "
               "income shared between them, or the whole income to each",
               choices=("split", "each")),
    OptionSpec("yi_pao_duo_xiang", _B, True, "一炮多响: several seats may win one discard "
               "(false: 截胡, one winner per tile)"),
    OptionSpec("cha_hua_zhu", _B, True, "查花猪 at the end of the wall"),
    OptionSpec("cha_da_jiao", _B, True, "查大叫 at the end of the wall"),
    OptionSpec("hua_zhu_fan", _I, None, "a 花猪 pays 2^n × base_points to each seat; null: "
               "max_fan's cap (4 when max_fan is null)", minimum=0, maximum=8, nullable=True),
    OptionSpec("hua_zhu_da_jiao", _S, "none", "a 花猪 and 大叫: pays only the 花猪 amount, "
               "also the 大叫 value to ready seats, or the larger of the two",
               choices=("none", "both", "larger")),
    OptionSpec("tui_shui", _S, "not_ready_and_hua_zhu", "退税: who refunds his kong income at "
               "the end of the wall", choices=("not_ready_and_hua_zhu", "not_ready", "off")),
    OptionSpec("left_seats_receive", _B, False, "血战: seats that have won still receive 花猪 "
               "and refunds at the end of the wall"),
    OptionSpec("xue_liu_gen", _S, "each_win", "血流: each win counts its own 根, or no more "
               "than the seat's first win did", choices=("each_win", "first_win")),
)
