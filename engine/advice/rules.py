"""What the advice model asks of a variant about one request's hand (RULES.md §0.10.1).

The model (`engine.advice.graph`, `engine.advice.values`) never sees a variant: it sees the
concealed *part* (a sorted tuple of tile kinds, 13 − 3·melds tiles before a draw) and asks
these questions about it. `engine.advice.adapter` answers them from the per-hand operations
every variant already has (`waits`' shanten, the win check, `fan`'s payments); a test may
answer them another way.
"""

from __future__ import annotations

from typing import Protocol

from engine.tiles import Tile

Part = tuple[Tile, ...]
"""A concealed part, sorted: the request's declared melds are fixed beside it."""


class PartRules(Protocol):
    """The rules of one request (its variant, melds, context and options) over parts."""

    kinds: tuple[Tile, ...]
    """The room's tile kinds, in tile order."""
    melded: tuple[int, ...]
    """34 counts of the tiles in the request's declared melds."""
    first_suit: int | None
    """The suit whose tiles are the only permitted discards while a part holds one (四川's
    declared missing suit under ``missing_suit_first``); None when every tile is permitted."""

    def shanten(self, part: Part) -> int:
        """*s*(*c*) of a part before a draw: `waits`' ``shanten`` (0 = a real wait)."""
        ...

    def table_shanten(self, part: Part) -> int:
        """The variant's shape shanten of a part before a draw (`Variant.hand_shanten`): 0
        may still lack a real wait (every completing copy held); never above `shanten`."""
        ...

    def far_shanten(self, part: Part) -> int:
        """*s*(*c*) of a part known to be at table shanten ≥ 1 (a progress's choice from
        *s* ≥ 2: the table's answer is at least *s* − 1): the table's, asked as cheaply as
        the rules allow (no wait is asked)."""
        ...

    def has_wait(self, part: Part) -> bool:
        """Whether `waits` lists a wait for the part: *s*(*c*) = 0."""
        ...

    def after_draws(self, part: Part) -> list[int]:
        """For each of the 34 kinds, the shape shanten of the part after drawing it (a
        complete hand −1; kinds outside the room: a large number). A lower bound of the
        drawn part's *s*, exact where it is at least 1."""
        ...

    def lowering(self, part: Part, below: int) -> int:
        """The kinds whose draw leaves the part's shape shanten below ``below`` (`after_draws`'
        entries below it, kinds held four times or outside the room aside), as a bit mask:
        bit k for kind k."""
        ...

    def wins(self, part: Part) -> tuple[Tile, ...]:
        """The kinds whose self-draw completes the part into a win (§0.10.1 win(c, k))."""
        ...

    def price(self, part: Part, tile: Tile, last: bool) -> tuple[int, int]:
        """(*pts*, *fan*) of the self-drawn win on ``tile`` (§0.10.4); ``last``: the draw is
        the wall's last tile."""
        ...
