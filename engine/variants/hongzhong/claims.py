"""红中's claim rules (RULES.md §4.1, rules/claims.md): pong and kong from anyone, chow from 上家
only and only with ``allow_chow_meld``. A wildcard never helps make a claim; under
``wild_melds: "never"`` no meld holds a tile of a wild kind at all (GF-P: 赖子牌不能碰, 赖子不可杠).
A discard win follows ``win_by_discard`` through the variant's own win check. 过胡 on the same
tile (GF-HZ)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine import tiles as T
from engine.caching import BoundedDict
from engine.claims.options import option_specs
from engine.claims.rules import ClaimRules
from engine.hand import Context
from engine.options import OptionSpec, OptionType
from engine.tiles import Tile

OPTION_SPECS: Final = option_specs(guo_hu="same_tile", extra=(
    OptionSpec("wild_melds", OptionType.STRING, "never",
               "never: no meld holds a tile of a wild kind; face_value: tiles of a wild kind "
               "may be melded among themselves, like any other kind",
               choices=("never", "face_value")),
))


def wild_kinds(context: Context, options: Mapping[str, Any]) -> frozenset[Tile]:
    """The room's wild kinds, kept by the codes sent (every request reads them)."""
    codes = tuple(options["wild_tiles"])
    found = _WILD_KINDS.get(codes)
    if found is None:
        found = _WILD_KINDS.keep(codes, frozenset(T.from_code(w) for w in codes))
    return found


_WILD_KINDS: Final[BoundedDict[tuple[str, ...], frozenset[Tile]]] = BoundedDict(256)


CLAIM_RULES: Final = ClaimRules(
    option_specs=OPTION_SPECS,
    amounts=("codes_to_draw",),
    chow=lambda options: bool(options["allow_chow_meld"]),
    wild_kinds=wild_kinds,
    wild_melds_at_face_value=lambda options: options["wild_melds"] == "face_value",
)
