"""南昌's claim rules (RULES.md §3.1, rules/claims.md): chow from 上家 only, honor chows included
(``honor_chow``, through the variant's chow shape); pong, kong and win from anyone. A 精 enters
a meld only at face value, never standing in (NC takes out exact tiles). 过手胡 by fan (NC's
``canNotHu = maxFan``)."""

from __future__ import annotations

from typing import Final

from engine.claims.options import option_specs
from engine.claims.rules import ClaimRules
from engine.hand import Context
from engine.tiles import Tile
from engine.variants.nanchang.checks import jing_problems
from engine.variants.nanchang.facts import NanchangFacts

OPTION_SPECS: Final = option_specs(guo_hu="not_higher")


def jing_kinds(context: Context, options: object) -> frozenset[Tile]:
    jing = NanchangFacts.of(context).jing
    return frozenset() if jing is None else frozenset((jing.zheng, jing.fu))


CLAIM_RULES: Final = ClaimRules(
    option_specs=OPTION_SPECS,
    amounts=("multiplier", "flat_per_payer"),
    chow=lambda options: True,
    wild_kinds=jing_kinds,
    context_problems=lambda context, rules: jing_problems(NanchangFacts.of(context).jing,
                                                          rules.tile_kinds,
                                                          rules.tile_set_name),
)
