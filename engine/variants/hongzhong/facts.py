"""红中's own context members (API.md, "Each variant owns its context"): the codes (扎码)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine.hand import TileReader, VariantFacts
from engine.tiles import Tile
from engine.variants.base import own


@dataclass(frozen=True)
class HongzhongFacts(VariantFacts):
    codes: tuple[Tile, ...] | None = own("the turned tiles", ("fan", "birds"))
    """The turned codes; None when none were sent (no code is scored)."""
    code_count: int | None = own("the number of codes the room turns", ("fan", "birds"))
    """How many codes the room turns (``codes_to_draw``); None: the default."""

    @classmethod
    def read(cls, raw: Mapping[str, Any], tiles: TileReader) -> Self:
        return cls(tiles.some_tiles(raw.get("codes"), "#/context/codes"), raw.get("code_count"))
