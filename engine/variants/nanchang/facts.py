"""南昌's own context members (API.md, "Each variant owns its context"): the 精, the turned tile
they come from, whether another player holds one, and the 精 settlement's holdings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine import wire
from engine.hand import TileReader, VariantFacts
from engine.tiles import Tile
from engine.variants.members import own


@dataclass(frozen=True)
class Jing:
    """The two 精 kinds, 正精 and 副精."""

    zheng: Tile
    fu: Tile


@dataclass(frozen=True)
class Holding:
    """精 settlement: how many 正精 and 副精 one player holds."""

    zheng: int = 0
    fu: int = 0


JING_PAIR = wire.Object("JingPair", {"zheng": wire.TileCode("the 正精 tile"),
                                     "fu": wire.TileCode("the 副精 tile")})
"""``context.jing`` on the wire (the contract's ``JingPair``)."""
HOLDING = wire.Object("Holding", {"zheng": wire.Count(0, 4), "fu": wire.Count(0, 4)})
"""One entry of ``context.holdings`` (the contract's ``Holding``)."""
HOLDINGS_WORDS = "lists one entry per player (2–4), in seat order"


@dataclass(frozen=True)
class NanchangFacts(VariantFacts):
    jing: Jing | None = own("the 精 {zheng, fu}",
                            ("win", "waits", "fan", "discards", "kong", "claims", "advice"),
                            JING_PAIR)
    indicator: Tile | None = own("the turned tile the 精 come from, 翻精",
                                 ("waits", "fan", "discards", "jing", "claims", "advice"),
                                 wire.TileCode())
    others_hold_jing: bool | None = own("whether another player holds a 精, for 德中德",
                                        ("waits", "fan", "discards", "claims", "advice"),
                                        wire.Flag())
    holdings: tuple[Holding, ...] | None = own("each player's 精 counts", ("jing-settlement",),
                                                wire.Items(HOLDING, 2, 4, HOLDINGS_WORDS))
    """One per player, in seat order."""

    @classmethod
    def read(cls, raw: Mapping[str, Any], tiles: TileReader) -> Self:
        jing = raw.get("jing")
        zheng = tiles.tile(jing.get("zheng"), "#/context/jing/zheng") if jing else None
        fu = tiles.tile(jing.get("fu"), "#/context/jing/fu") if jing else None
        holdings = raw.get("holdings")
        return cls(
            jing=Jing(zheng, fu) if zheng is not None and fu is not None else None,
            indicator=tiles.tile(raw.get("indicator"), "#/context/indicator"),
            others_hold_jing=raw.get("others_hold_jing"),
            holdings=(tuple(Holding(h.get("zheng") or 0, h.get("fu") or 0) for h in holdings)
                      if holdings is not None else None),
        )
