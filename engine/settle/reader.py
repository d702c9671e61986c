"""Stage 2 of every record's validation: its tiles, read (``invalid_tile``, at their place).

Runs only on a record whose shape passed (stage 1), so every member has its JSON type; what is
left to refuse is a tile code that cannot be read or lies outside the room's tile set.
`TileReader` reads tiles, one tile and ``{hand, melds}`` hands, collecting those problems;
the variant's parser builds its record's values from what it reads.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine import tiles as T
from engine.errors import Problem, invalid_tile
from engine.hand import Hand, Meld, MeldKind
from engine.tiles import Tile


class TileReader:
    """Reads a record's tiles under one tile set; ``problems`` lists what it refused.
    ``outside``: how a detail ends for tiles outside the set (``"not in the 108-tile set of
    sichuan (no honors)"``); ``no_tile``: for a code that is none of the set (``"is not a
    tile of the 108-tile set (1m–9m, 1p–9p, 1s–9s)"``)."""

    def __init__(self, kinds: Collection[Tile], outside: str, no_tile: str) -> None:
        self.kinds = kinds
        self.outside = outside
        self.no_tile = no_tile
        self.problems: list[Problem] = []

    def tiles(self, value: Any, pointer: str) -> tuple[Tile, ...]:
        try:
            found = tuple(T.parse_any(value))
        except T.TileParseError as e:
            where = pointer if isinstance(value, str) else f"{pointer}/{e.position}"
            self.problems.append(invalid_tile(where, str(e)))
            return ()
        bad = sorted({t for t in found if t not in self.kinds})
        if bad:
            self.problems.append(invalid_tile(pointer, f"{', '.join(T.codes(bad))} "
                                              f"{self.outside}"))
            return ()
        return found

    def tile(self, value: str, pointer: str) -> Tile:
        """One tile code; 0 (reported) when it is none of the set."""
        try:
            t = T.from_code(value)
        except T.TileParseError:
            t = None
        if t is None or t not in self.kinds:
            self.problems.append(invalid_tile(pointer, f"{value!r} {self.no_tile}"))
            return 0
        return t

    def hand(self, raw: Mapping[str, Any], pointer: str, win_tile: Tile | None) -> Hand:
        """``{hand, melds}`` as a `Hand` (its meld tiles sorted) with ``win_tile``."""
        melds = []
        for i, m in enumerate(raw.get("melds") or ()):
            melds.append(Meld(MeldKind(m["type"]),
                              tuple(sorted(self.tiles(m["tiles"], f"{pointer}/melds/{i}/tiles"))),
                              bool(m.get("concealed"))))
        return Hand(self.tiles(raw["hand"], f"{pointer}/hand"), tuple(melds), win_tile)
