"""四川's claim rules (RULES.md §1.1, rules/claims.md): pong, exposed kong and win from any
seat; concealed and added kongs and the win on his own draw; no chow. No pong or kong of the
missing suit (``meld_missing_suit``), and while he holds it every other suit is barred from
the discard after a call (``missing_suit_first``, SCT 定缺). 过手胡 by fan (SCT, SCAI)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.claims.options import option_specs
from engine.claims.rules import ClaimRules
from engine.errors import Problem
from engine.hand import Context, HandRules
from engine.options import OptionSpec, OptionType
from engine.room import Room
from engine.variants.sichuan.dropping import suit_to_drop
from engine.variants.sichuan.facts import missing_suit
from engine.variants.sichuan.payments import missing_suit_problems
from engine.variants.sichuan.scoring import QUE_YI_MEN

if TYPE_CHECKING:
    from engine.results import WinCheck

OPTION_SPECS: Final = option_specs(guo_hu="not_higher", extra=(
    OptionSpec("meld_missing_suit", OptionType.BOOLEAN, False,
               "pong and kong of the missing suit are allowed"),
    OptionSpec("missing_suit_first", OptionType.BOOLEAN, True,
               "the missing suit must be discarded first (no_discard and after of a call)"),
))


def has_shape(verdict: WinCheck) -> bool:
    """缺一门 is ruled before the shape: a refusal needs a shape (reading 13), which the
    check's 缺一门 answer carries (`Sichuan.check`)."""
    return verdict.reason != QUE_YI_MEN or bool(verdict.shapes)


def context_problems(context: Context, rules: HandRules) -> list[Problem]:
    """The declared missing suit (m, p or s; none in a room of fewer suits, whose tile set
    ``rules`` holds), for every offer: not only when a win is priced."""
    suits = tuple(letter for s, letter in enumerate("mps") if 9 * s in rules.tile_kinds)
    return missing_suit_problems(context, Room(suits=suits))


CLAIM_RULES: Final = ClaimRules(
    option_specs=OPTION_SPECS,
    amounts=("fan_capped", "points_per_payer"),
    missing_suit=missing_suit,
    discard_front=suit_to_drop,
    reason_has_shape=has_shape,
    context_problems=context_problems,
)
