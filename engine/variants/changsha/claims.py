"""长沙's claim rules (RULES.md §2.1, rules/claims.md): chow from 上家 only, pong and kong from
anyone; every kong offers 补张, and 开杠 when the hand it leaves is ready (``kai_gang``); an
exposed kong may be robbed (§2.3). 过胡 on the same tile [assumption]."""

from __future__ import annotations

from typing import Final

from engine.claims.options import option_specs
from engine.claims.rules import ClaimRules
from engine.options import OptionSpec, OptionType
from engine.variants.changsha.shapes import has_wait

OPTION_SPECS: Final = option_specs(guo_hu="same_tile", rob_exposed_kong=True, extra=(
    OptionSpec("kai_gang", OptionType.BOOLEAN, True,
               "a ready hand may 开杠 (and is locked after it); false: only 补张 is offered"),
))

CLAIM_RULES: Final = ClaimRules(
    option_specs=OPTION_SPECS,
    amounts=("base_per_payer", "birds_expected"),
    chow=lambda options: True,
    kong_ready=has_wait,
)
