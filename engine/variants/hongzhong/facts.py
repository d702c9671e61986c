"""红中's own context members (API.md, "Each variant owns its context"): the codes (扎码), how
many the room turns, and the seat ``seat`` mode counts them from (reconciled.md §19)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine import wire
from engine.hand import TileReader, VariantFacts
from engine.tiles import Tile
from engine.variants.members import own


@dataclass(frozen=True)
class HongzhongFacts(VariantFacts):
    codes: tuple[Tile, ...] | None = own("the turned tiles", ("fan", "birds"),
                                                   wire.TileList(13))
    """The turned codes; None when none were sent (no code is scored)."""
    code_count: int | None = own("the number of codes the room turns",
                                    ("fan", "birds"), wire.Count(0, 12))
    """How many codes the room turns (``codes_to_draw``); None: the default."""
    code_origin: int | None = own("the seat the codes count from", ("fan", "birds"),
                                     wire.Seat())
    """The seat ``seat`` mode counts codes from; None: the winner. Accepted in every mode,
    read only in ``seat`` mode (reconciled.md §19)."""

    @classmethod
    def read(cls, raw: Mapping[str, Any], tiles: TileReader) -> Self:
        return cls(tiles.some_tiles(raw.get("codes"), "#/context/codes"), raw.get("code_count"),
                   raw.get("code_origin"))
