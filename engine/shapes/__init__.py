"""Shape search: complete hands, their readings, waits and shanten, for any wildcard count.

This package knows nothing of scoring. It works on the *concealed part* of a hand (the
concealed tiles plus the win tile, if any; declared melds are already groups and are not
passed): ``naturals`` is a 34-count array of the tiles used as themselves and ``wilds`` the
number of wildcards among them. A concealed part of 3n+2 tiles is complete when it forms n
groups and one pair; with ``rules.hand_size`` + 1 tiles (14 in the default room; no declared
melds) the special shapes the rules enable may complete it too — the pairs shape at every
hand size (七对, 五对, 四对), 十三幺 and 十三烂 at 13.

Every function here is table-driven (see ``tables``): no wildcard is ever substituted by
brute force, so the cost is flat in the number of wildcards.

THE CONTRACT (signatures are stable; variants and the service depend on them):

* ``ShapeRules`` — what a shape may be made of (frozen, hashable; build once per option set).
* ``win_shapes(naturals, wilds, rules) -> tuple[Shape, ...]`` — the shapes that complete the
  concealed part, in ``Shape`` order; empty when it is not complete.
* ``is_complete(naturals, wilds, rules) -> bool`` — ``bool(win_shapes(...))``, the fast path.
* ``readings(naturals, wilds, rules, shape=None) -> Iterator[ShapeReading]`` — every reading
  of a complete concealed part (deduplicated), optionally of one shape only; lazy to its
  first reading, which costs one walk down each suit.
* ``first_reading(naturals, wilds, rules, shape=None) -> ShapeReading`` — ``next(readings(…))``
  (the reading a ``fan`` answer shows), without the shape check when the shape is given.
* ``shanten(naturals, wilds, rules) -> int`` — for 3n+1 tiles: the fewest tile exchanges to
  reach a hand that one more tile completes (0 = tenpai); for 3n+2 tiles: −1 when complete,
  else the same after the best discard.
* ``completing_kinds(naturals, wilds, rules, wild_kinds) -> tuple[Tile, ...]`` — for 3n+1
  tiles: the kinds of ``rules.kinds`` that complete it when added (a wild kind adds a
  wildcard). No four-copies filter: the caller knows what the player holds.
* ``shanten_after_draws(naturals, wilds, rules, wild_kinds) -> tuple[int, list[int]]`` — for
  3n+1 tiles: its shanten and, for each of the 34 kinds, the shanten of the 3n+2 tiles after
  drawing it (kinds outside ``rules.kinds``: a large number). This is what effective tiles
  (进张) are made of. ``after_draws`` (same arguments) is that list alone, one shanten fewer.
* ``shanten_after_discards(naturals, wilds, rules, wild_kinds) -> dict[Tile, tuple[int,
  list[int]]]`` — for 3n+2 tiles: per natural kind held, ``shanten_after_draws`` of the part
  less one tile of it (every discard of a 14-tile hand in one pass over the suits).
"""

from engine.shapes.model import (
    FREE,
    NEVER,
    PAIRS_SHAPE_NAMES,
    GroupKind,
    Shape,
    ShapeGroup,
    ShapeReading,
    ShapeRules,
)
from engine.shapes.search import (
    after_draws,
    completing_kinds,
    first_reading,
    is_complete,
    readings,
    shanten,
    shanten_after_discards,
    shanten_after_draws,
    win_shapes,
)

__all__ = [
    "FREE",
    "NEVER",
    "PAIRS_SHAPE_NAMES",
    "GroupKind",
    "Shape",
    "ShapeGroup",
    "ShapeReading",
    "ShapeRules",
    "after_draws",
    "completing_kinds",
    "first_reading",
    "is_complete",
    "readings",
    "shanten",
    "shanten_after_discards",
    "shanten_after_draws",
    "win_shapes",
]
