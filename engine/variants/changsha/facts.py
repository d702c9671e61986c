"""长沙's own context member (API.md, "Each variant owns its context"): the birds (扎鸟)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine import wire
from engine.hand import TileReader, VariantFacts
from engine.tiles import Tile
from engine.variants.members import own


@dataclass(frozen=True)
class ChangshaFacts(VariantFacts):
    birds: tuple[Tile, ...] | None = own("the turned tiles", ("fan", "birds"),
                                                   wire.TileList(8))
    """The turned birds; None when none were sent (no bird is scored)."""

    @classmethod
    def read(cls, raw: Mapping[str, Any], tiles: TileReader) -> Self:
        return cls(tiles.some_tiles(raw.get("birds"), "#/context/birds"))
