"""Build `engine.advice.one_suit`'s rows (``python -m engine.advice.one_suit_build``, 2–3 s):
every 14-tile part of one suit searched as a request would search it (`Ties._live_search`),
so that the shipped file is what the search answers (``tests/engine/advice/test_one_suit.py``
rebuilds it and compares).
"""

from __future__ import annotations

import sys
from array import array

from engine.advice.exchange_ties import Ties
from engine.advice.one_suit import FILE, PARTS, SHANTEN, row
from engine.shapes import layout
from engine.shapes.composed import Composer
from engine.variants.sichuan.dropping import RULES_WITHOUT


def build() -> bytes:
    """Every row, by what a request would run: `Ties._live_search`, and `Ties.phi` under
    each choice of missing suit (the part in suit 0, the others empty)."""
    composer = Composer(RULES_WITHOUT)
    ties = Ties(composer, 14, (0, 1, 2))
    empty = composer.facts(0)
    out = array("I", [0] * PARTS)
    for counts in layout.number_vectors():
        if sum(counts) == layout.MAX_TILES:
            code = layout.code8(counts)
            facts = (composer.facts(code), empty, empty)
            least = min(ties.phi(d, facts) for d in range(3))
            out[row(code)] = ties._live_search(code, 0)[0] | least << SHANTEN
    if sys.byteorder == "big":  # pragma: no cover
        out.byteswap()
    return out.tobytes()


if __name__ == "__main__":
    FILE.parent.mkdir(exist_ok=True)
    FILE.write_bytes(build())
    print(f"wrote {FILE} ({FILE.stat().st_size} bytes)")
