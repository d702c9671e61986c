"""Which part of the rules each option of a variant sets, for a room's settings page.

``GET /v1/variants/{variant}`` lists every option with its group, so that a page can show a
room's settings grouped the way the rule files are (rooms.md, claims.md, settle.md, the
variant's RULES section). The groups come from the declarations alone — the room's specs,
the claim rules', the options only ``settle`` reads — never from a list kept beside them.
"""

from __future__ import annotations

from typing import Final, Protocol

from engine.claims.rules import ClaimRules
from engine.options import OptionSpec
from engine.room import ROOM_SPECS

GROUPS: Final = ("room", "hand", "claims", "settle")
"""Every group, in the order a settings page shows them."""


class Grouped(Protocol):
    """What grouping reads of a variant (`engine.variants.base.Variant` is one)."""

    @property
    def claim_rules(self) -> ClaimRules | None: ...

    @property
    def settle_option_specs(self) -> tuple[OptionSpec, ...]: ...


def option_group(variant: Grouped, spec: OptionSpec) -> str:
    """The group of ``spec``, one of the variant's options: ``room`` (players, suits, hand
    size: rooms.md), ``claims`` (the claim rules' own), ``settle`` (what only settle reads),
    else ``hand`` (how a hand wins and scores)."""
    if spec in ROOM_SPECS:
        return "room"
    rules = variant.claim_rules
    if rules is not None and spec in rules.option_specs:
        return "claims"
    return "settle" if spec in variant.settle_option_specs else "hand"
