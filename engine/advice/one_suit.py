"""The first entry `discards` lists for every 14-tile part of one suit, shipped
(``data/one_suit_first.bin``, made by ``python -m engine.advice.one_suit_build``).

换三张's dearest bodies are a dealer's deals of one suit (issue 23): each tied candidate
meets up to 165 hands of 14 tiles in that suit alone, and each such hand's 进张 is that of
its first live discard (`exchange_ties.Ties._live_first`), a search over its discards and
their draws of ~20 µs. There are only 118,800 such parts, and the answer of each depends on
the part alone: the composed tables are one set of rules (`engine.shapes.composed.
composable` admits exactly 四川's 缺一门 shape rules), an ``exchange`` body sees no tile but
the hand's, and the empty suits hold nothing to discard. So the search is run once, here,
for all of them (2–3 s), and a request reads its row.

A row is `Ties._live_first`'s answer for the part as the lower live suit beside an empty
higher one — the part's ranks (bits 0–8), the empty suit's (9–17), the dead suit's (18–26)
— and the part's least shanten over the choices of missing suit (``>> SHANTEN``: a choice
of an empty suit, as choosing the held one leaves 14 dead tiles).
Rows are in the shape tables' packed order (`engine.shapes.layout`) restricted to 14 tiles,
one ``uint32`` each; `row` finds a code's.
"""

from __future__ import annotations

import sys
from array import array
from importlib import resources
from pathlib import Path
from typing import Final

from engine.shapes import layout
from engine.shapes.layout import LOWS, MAX_TILES, POS

FILE: Final = Path(__file__).with_name("data") / "one_suit_first.bin"
PARTS: Final = 118_800
"""The number-suit vectors of 14 tiles (counts 0–4)."""
SHANTEN: Final = 27
"""Where a row's shanten begins (below it, the first entry's kinds)."""
KINDS: Final = (1 << SHANTEN) - 1
_LOW: Final = (1 << 15) - 1


def _starts() -> list[int]:
    """Per high half's code: where its rows begin, less the packed position (`POS`) of the
    first low half that makes 14 tiles with it (low halves are sorted by tiles, so those
    that do are consecutive in `POS`)."""
    first: dict[int, int] = {}  # tiles → the position of the first low half of so many
    many: dict[int, int] = {}  # tiles → how many low halves hold so many
    for i, low in enumerate(LOWS):
        first.setdefault(sum(low), i)
        many[sum(low)] = many.get(sum(low), 0) + 1
    out = [layout.OUT] * (8**4)
    at = 0
    for high in layout.HIGHS:
        need = MAX_TILES - sum(high)
        if need >= 0:
            out[layout.code8(high)] = at - first[need]
            at += many[need]
    assert at == PARTS, at
    return out


_START14: Final = _starts()


def row(code: int) -> int:
    """The row of a 14-tile suit code (a code of any other size has none: garbage)."""
    return _START14[code >> 15] + POS[code & _LOW]


def _load() -> array[int]:
    data = (resources.files("engine.advice") / "data" / FILE.name).read_bytes()
    out = array("I")
    out.frombytes(data)
    if len(out) != PARTS:
        raise RuntimeError("one_suit_first.bin is damaged; rebuild: "
                           "python -m engine.advice.one_suit_build")
    if sys.byteorder == "big":  # pragma: no cover
        out.byteswap()
    return out


FIRST: Final = _load() if FILE.is_file() else array("I")
"""Per row: the part's first entry (empty only while `one_suit_build` makes the file)."""

