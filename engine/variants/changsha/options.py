"""长沙's room options (RULES.md §2.8, settle-changsha.md §2.9.8, claims.md §2.8), in the order
the service lists them (reconciled.md §7): today's, then those of the settle file.

Every 长沙 operation accepts and echoes them all; which operation reads which is said in each
description and in `engine.variants.changsha.variant`'s docstring.
"""

from __future__ import annotations

from typing import Final

from engine import room as R
from engine.options import OptionSpec, OptionType
from engine.variants.changsha import claims as claims_module
from engine.variants.changsha.settle.options import SETTLE_OPTION_SPECS

TRADITIONAL: Final = "traditional"
SEED: Final = "seed_simplified"

OPTION_SPECS: Final = (
    OptionSpec("scoring_profile", OptionType.STRING, TRADITIONAL,
               "traditional payments (小胡 2/1, 大胡 6 a unit, birds, 庄闲分) or the seed "
               "document's fan count (base 1, 将将胡 2, 七小对 +1, 清一色 +2; total_fan = fan, "
               "×2 on a self-draw, + bird fan: +1 a bird whose suit the concealed tiles or the "
               "win tile hold, +1 a bird pointing to the winner)",
               choices=(TRADITIONAL, SEED)),
    OptionSpec("zhuang_xian", OptionType.BOOLEAN, True,
               "庄闲分: a payment the dealer makes or receives gets zhuang_xian_value, after the "
               "birds or before them (zhuang_xian_in_birds)"),
    OptionSpec("bird_origin", OptionType.STRING, "winner",
               "whose seat birds count from: the winner (赢家扎鸟), the dealer (定庄扎鸟), or the "
               "discarder — a fan request for one of several winners on one discard sends it "
               "(settle switches the origin itself and refuses it)",
               choices=("winner", "dealer", "discarder")),
    OptionSpec("bird_mode", OptionType.STRING, "add",
               "a bird hit adds one base payment (add, ×(1 + hits)), doubles it (double, "
               "×2^hits), adds 1 (plus_hits), or only birds of rank 1/5/9 count, each as a hit "
               "on the winner (159_only, as add)",
               choices=("add", "double", "159_only", "plus_hits")),
    OptionSpec("shuang_haohua_units", OptionType.INTEGER, 3,
               "units of 双豪华七小对 (two four-of-a-kinds); 三豪华七小对 is one more",
               choices=(3, 4)),
    OptionSpec("dahu_stack", OptionType.STRING, "add",
               "several 大胡: 6 × units (add) or 6 × 2^(units−1) (multiply)",
               choices=("add", "multiply")),
    OptionSpec("menqing_dahu", OptionType.BOOLEAN, False,
               "门清 is a 大胡: a self-draw with no melds except concealed kongs"),
    OptionSpec("quanqiuren_discard_only", OptionType.BOOLEAN, False,
               "全求人 counts only when not self-drawn"),
    OptionSpec("bird_count", OptionType.INTEGER, 2,
               "birds turned after a win in the traditional profile (birds_expected); 0: no "
               "birds (不扎鸟)",
               choices=(0, 1, 2, 4, 6)),
    *claims_module.OPTION_SPECS,
    OptionSpec("zhuang_xian_in_birds", OptionType.BOOLEAN, False,
               "the 庄闲分 joins the base before the birds multiply it (true), or is added after "
               "them (false)"),
    OptionSpec("zhuang_xian_value", OptionType.STRING, "one",
               "the 庄闲分: 1 (one), or the win's units, at least 1 (units)",
               choices=("one", "units")),
    OptionSpec("xiao_hu_self_draw", OptionType.INTEGER, 2,
               "what each payer pays for a self-drawn 小胡, and per 起手小胡 counted",
               choices=(1, 2)),
    OptionSpec("qishou_value", OptionType.STRING, "per_pattern",
               "起手小胡: each pattern a small self-draw (per_pattern), or one per declaration "
               "(once)",
               choices=("per_pattern", "once")),
    *SETTLE_OPTION_SPECS,
    R.PLAYERS,
    OptionSpec("bird_seats", OptionType.STRING, "circle",
               "with 2 or 3 players, the seat a bird's rank (or a die's) points at: its "
               "four-seat meaning, missing an empty chair (circle), or (origin + rank − 1) mod "
               "players (modulo)",
               choices=("circle", "modulo")),
)

