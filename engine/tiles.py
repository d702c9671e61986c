"""The 34 tile kinds, their notation, and the tile sets of the variants.

A tile kind is a small int, in the order the riichi libraries use, so that a 34-count array
means the same thing here and in the oracles the tests compare against:
0–8 are 1m–9m, 9–17 are 1p–9p, 18–26 are 1s–9s, 27–33 are 1z–7z
(东 南 西 北 白 发 中).

>>> parse("123m 45p 7z")
[0, 1, 2, 12, 13, 33]
>>> codes(parse("7z11m"))
['1m', '1m', '7z']
>>> compact(parse("55p123m"))
'123m55p'
>>> parse("12x")
Traceback (most recent call last):
...
engine.tiles.TileParseError: cannot read '12x' at position 0: x is not a suit letter (m, p, s, z)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from engine.errors import echo

Tile = int
"""A tile kind, 0..33."""

SUIT_LETTERS: Final = "mpsz"
_DIGITS: Final = frozenset("0123456789")
KIND_COUNT: Final = 34
COPIES: Final = 4
HONOR_BASE: Final = 27
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)


class TileParseError(ValueError):
    """A tile token that is not a tile: names the token and where it starts."""

    def __init__(self, token: str, position: int, why: str) -> None:
        super().__init__(f"cannot read {echo(token)} at position {position}: {why}")
        self.token = token
        self.position = position
        self.why = why


def suit(tile: Tile) -> int:
    """0 m, 1 p, 2 s, 3 z."""
    return tile // 9


def rank(tile: Tile) -> int:
    """1–9 for suit tiles, 1–7 for honors (东 1 … 中 7)."""
    return tile % 9 + 1


def is_honor(tile: Tile) -> bool:
    return tile >= HONOR_BASE


def make(rank_: int, suit_letter: str) -> Tile:
    """The tile of a rank and a suit letter; ValueError when there is none."""
    s = SUIT_LETTERS.find(suit_letter)
    if s < 0 or not 1 <= rank_ <= (7 if s == 3 else 9):
        raise ValueError(f"no tile {rank_}{suit_letter}")
    return s * 9 + rank_ - 1


def code(tile: Tile) -> str:
    """The two-character code of a tile, e.g. ``'5p'``."""
    return f"{tile % 9 + 1}{SUIT_LETTERS[tile // 9]}"


ALL_CODES: Final = tuple(code(t) for t in range(KIND_COUNT))
_BY_CODE: Final = {c: t for t, c in enumerate(ALL_CODES)}


def tile_of(text: str) -> Tile | None:
    """One tile code's kind, or None: `from_code` without the exception."""
    return _BY_CODE.get(text)


def from_code(text: str) -> Tile:
    """One tile code (``'5p'``) to its kind; TileParseError otherwise."""
    tile = _BY_CODE.get(text)
    if tile is None:
        raise TileParseError(text, 0, "not a tile code such as 5p or 7z")
    return tile


WELL_FORMED: Final = re.compile(r"(?: *(?:[1-9]+[mps]|[1-7]+z))* *")
"""Exactly the strings `parse` reads without complaint and with ASCII digits only: groups of
digits each closed by its suit letter, honors 1–7, spaces only between groups. Every group
ends in a letter, so the groups split one way only and the match is linear in the length."""
_GROUP: Final = re.compile(r"([1-9]+)([mpsz])")
"""One group of a well-formed string: its digits and the suit letter closing them."""
_AS_TILES: Final = {letter: bytes.maketrans(b"123456789", bytes(range(9 * s, 9 * s + 9)))
                    for s, letter in enumerate(SUIT_LETTERS)}
"""Per suit letter: the table turning its digits' ASCII bytes into the tiles' numbers."""


def parse(text: str) -> list[Tile]:
    """Compact notation (``'123m456p11z'``, spaces allowed between groups) to tiles.

    Digits come before their suit letter; ``0`` (red five) does not exist here.

    This runs for every tile string of every request (``visible`` holds up to a hundred), so
    a well-formed string (one regex match) is read group by group at C speed: each group's
    digits, as bytes, translated into its suit's tile numbers (a list extended by bytes takes
    their values); anything else goes to `parse_slowly`, the reference reading, which builds
    the error (or reads what the fast path leaves to it, such as non-ASCII digits).
    """
    if WELL_FORMED.fullmatch(text) is None:
        return parse_slowly(text)
    tiles: list[Tile] = []
    for digits, letter in _GROUP.findall(text):
        tiles += digits.encode().translate(_AS_TILES[letter])
    return tiles


def parse_slowly(text: str) -> list[Tile]:
    """`parse`, one character at a time: the reference reading, and the error messages."""
    tiles: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    group_start = 0
    for i, ch in enumerate(text):
        if ch in _DIGITS:  # ASCII only: str.isdigit() accepts ² and ١
            if not pending:
                group_start = i
            pending.append((int(ch), i))
        elif ch in SUIT_LETTERS:
            if not pending:
                raise TileParseError(ch, i, f"suit letter {ch} without digits before it")
            limit = 7 if ch == "z" else 9
            for digit, pos in pending:
                if not 1 <= digit <= limit:
                    raise TileParseError(f"{digit}{ch}", pos, f"{ch} tiles are 1{ch}–{limit}{ch}")
                tiles.append(SUIT_LETTERS.index(ch) * 9 + digit - 1)
            pending = []
        elif ch == " " and not pending:
            continue
        else:
            token = text[group_start : i + 1] if pending else ch
            where = group_start if pending else i
            raise TileParseError(token, where, f"{ch} is not a suit letter (m, p, s, z)")
    if pending:
        raise TileParseError(text[group_start:], group_start, "digits without a suit letter")
    return tiles


def parse_any(value: str | Sequence[str]) -> list[Tile]:
    """A compact string or a list of tile codes; TileParseError names the bad entry.

    For a list, ``position`` is the index of the bad entry.
    """
    if isinstance(value, str):
        return parse(value)
    tiles = []
    for i, item in enumerate(value):
        tile = _BY_CODE.get(item)
        if tile is None:
            raise TileParseError(item, i, "not a tile code such as 5p or 7z")
        tiles.append(tile)
    return tiles


def codes(tiles: Iterable[Tile]) -> list[str]:
    """Tiles as codes in canonical order (m, p, s, z; by rank)."""
    return [ALL_CODES[t] for t in sorted(tiles)]


def compact(tiles: Iterable[Tile]) -> str:
    """Tiles in canonical compact notation, e.g. ``'123m55p'``."""
    out = []
    ordered = sorted(tiles)
    for s, letter in enumerate(SUIT_LETTERS):
        digits = "".join(str(t % 9 + 1) for t in ordered if t // 9 == s)
        if digits:
            out.append(digits + letter)
    return "".join(out)


def counts(tiles: Iterable[Tile]) -> list[int]:
    """The 34-count array of some tiles."""
    result = [0] * KIND_COUNT
    for t in tiles:
        result[t] += 1
    return result


SUIT_KINDS: Final = frozenset(range(27))
HONOR_KINDS: Final = frozenset(range(27, 34))
TILE_SETS: Final = {
    "108": SUIT_KINDS,
    "112": SUIT_KINDS | {RED},
    "136": SUIT_KINDS | HONOR_KINDS,
}
