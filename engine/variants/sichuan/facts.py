"""四川's own context member (API.md, "Each variant owns its context"): the missing suit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine import tiles as T
from engine import wire
from engine.hand import Context, TileReader, VariantFacts
from engine.variants.members import own


@dataclass(frozen=True)
class SichuanFacts(VariantFacts):
    missing_suit: int | None = own("the missing suit, 定缺",
                                   ("win", "waits", "fan", "discards", "claims", "advice"),
                                   wire.Choice(("m", "p", "s")))
    """定缺: suit index 0 m, 1 p, 2 s (sent as the letter)."""

    @classmethod
    def read(cls, raw: Mapping[str, Any], tiles: TileReader) -> Self:
        missing = raw.get("missing_suit")
        return cls(T.SUIT_LETTERS.index(missing) if missing else None)


def missing_suit(context: Context) -> int | None:
    """The declared missing suit, or None."""
    return SichuanFacts.of(context).missing_suit
