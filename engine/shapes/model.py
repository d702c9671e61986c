"""The vocabulary of the shape search: rules, shapes, groups and readings."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from engine.tiles import Tile

NEVER: Final = 99
"""A shanten no exchange reaches: a shape the tiles cannot form, a kind outside the tile set
drawn. The one "never" of the engine (shapes, waits, effective tiles)."""
FREE: Final = -1
"""In ``ShapeGroup.as_``: an all-wild group whose kind the caller may choose (RULES.md §0.6:
all-wild groups take whatever kind scores best)."""


class Shape(StrEnum):
    """Winning shapes, in the order answers list them (API.md shape ids)."""

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    SHI_SAN_LAN = "shi_san_lan"


PAIRS_SHAPE_NAMES: Final = {13: ("Seven pairs", "七对"), 10: ("Five pairs", "五对"),
                             7: ("Four pairs", "四对")}
"""The pairs shape's display name (English, Chinese) by hand size (RULES.md §0.9.2): its id
stays ``seven_pairs`` at every size; a variant names its pattern after it."""


class GroupKind(StrEnum):
    CHOW = "chow"
    PONG = "pong"
    KONG = "kong"
    PAIR = "pair"
    SINGLE = "single"


@dataclass(frozen=True)
class ShapeRules:
    """What a complete concealed part may be made of.

    ``kinds``: the tile set; a wildcard may stand for any of these. ``suits``: the suits
    (0 m, 1 p, 2 s, 3 z) the shape may use — natural tiles of any other suit make the part
    incomplete and count as tiles to exchange (四川's missing suit, 清一色 checks).
    ``honor_chows``: any three different winds, or 中发白, form a sequence (南昌).
    ``pair_258``: the standard shape's pair must be a suit tile of rank 2, 5 or 8 (长沙 小胡).
    ``triplets_only``: the standard shape without sequences (对对胡 / 碰碰胡 / 大七对).
    ``seven_pairs``/``seven_pairs_four_as_two``: the pairs shape, and whether four identical
    tiles count as two pairs. ``thirteen_orphans``, ``shi_san_lan``: those special shapes
    (14 tiles). ``wild_only_groups``: three wildcards may be a triplet and two the pair on
    their own.

    ``hand_size``: the room's hand *n* (7, 10 or 13; RULES.md §0.9.2), which only the special
    shapes read — they need no declared melds, so they complete a part of exactly *n* + 1
    tiles (*n* before the last draw). The pairs shape holds ⌊(*n* + 1)/2⌋ pairs: 七对 (14
    tiles), 五对 (11: five pairs and one single), 四对 (8). 十三幺 and 十三烂 exist only at 13.
    The standard shape reads any 3n+1 / 3n+2 part whatever the room (declared melds shrink
    the part as a smaller room does).
    """

    kinds: frozenset[Tile]
    suits: frozenset[int] = frozenset({0, 1, 2, 3})
    honor_chows: bool = False
    pair_258: bool = False
    triplets_only: bool = False
    standard: bool = True
    seven_pairs: bool = False
    seven_pairs_four_as_two: bool = True
    thirteen_orphans: bool = False
    shi_san_lan: bool = False
    wild_only_groups: bool = True
    hand_size: int = 13
    _compiled: Any = field(default=None, init=False, repr=False, compare=False)
    """The search's tables for these rules once built (`engine.shapes.compiled.compiled`
    fills it on first use; this module knows nothing of them, so the import runs one way).
    A hot call reads it as ``rules._compiled or compiled(rules)``: one attribute read, where
    a call of ``compiled`` costs some 80 ns — 6 % of a win check."""


@dataclass(frozen=True)
class ShapeGroup:
    """A group of a reading. ``as_``: the kind each member stands for (``FREE`` for every
    member of an all-wild group); ``wild``: which members are wildcards."""

    kind: GroupKind
    as_: tuple[Tile, ...]
    wild: tuple[bool, ...]


@dataclass(frozen=True)
class ShapeReading:
    """One way to read a complete concealed part: its shape and groups (pair last for the
    standard shape; pairs for 七对 and 四对, the pairs and the single in tile order for 五对;
    singles and the pair for 十三幺; singles for 十三烂)."""

    shape: Shape
    groups: tuple[ShapeGroup, ...]
