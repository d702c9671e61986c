"""Where a suit vector lives in the flat tables: the packed index.

Number suits: only the 405,350 vectors of at most 14 tiles (counts 0–4) are stored. A vector
splits into ranks 1–5 (the low half) and 6–9 (the high half); low halves are sorted by tile
count, so the low halves that fit beside a given high half are a prefix of that order and

    packed index = START[high half] + POS[low half].

Both halves are read as base-8 codes (three bits a rank: ``c0 | c1 << 3 | …``), which a hot
path computes with a few shifts; a code holding a count of 5–7 maps to a negative number so
that the caller can fall back to the slow path. Honors (7 kinds) are stored unpacked in
base 5: ``WINDS[code of 1z–4z] + DRAGONS[code of 5z–7z]``.
"""

from __future__ import annotations

from itertools import product
from typing import Final

OUT: Final = -(1 << 40)
"""Added for a half holding a count above 4: any index built with it is negative."""
NUMBER_VECTORS: Final = 405_350
HONOR_VECTORS: Final = 5**7
MAX_TILES: Final = 14


def code8(counts: tuple[int, ...]) -> int:
    """The base-8 code of some counts (rank order, three bits each)."""
    out = 0
    for i, n in enumerate(counts):
        out |= n << (3 * i)
    return out


def _lows() -> list[tuple[int, ...]]:
    return sorted(product(range(5), repeat=5), key=lambda v: (sum(v), v[::-1]))


LOWS: Final = _lows()
HIGHS: Final = [v[::-1] for v in product(range(5), repeat=4)]
"""High halves in base-5 order (the first rank varies fastest)."""


def _tables() -> tuple[list[int], list[int]]:
    pos = [OUT] * (8**5)
    for i, v in enumerate(LOWS):
        pos[code8(v)] = i
    fits = [0] * (MAX_TILES + 1)  # lows with at most s tiles
    for v in LOWS:
        for s in range(sum(v), MAX_TILES + 1):
            fits[s] += 1
    start = [OUT] * (8**4)
    at = 0
    for h in HIGHS:
        start[code8(h)] = at
        room = MAX_TILES - sum(h)
        at += fits[room] if room >= 0 else 0
    assert at == NUMBER_VECTORS, at
    return pos, start


POS, START = _tables()


def _neighbours() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Per half code with every count below 4: POS (START) of that half after drawing each
    of its ranks — the packed index of a draw is then one addition. Other codes: ()."""
    next_pos: list[tuple[int, ...]] = [()] * (8**5)
    for v in LOWS:
        if max(v) < 4:
            code = code8(v)
            next_pos[code] = tuple(POS[code + (1 << 3 * r)] for r in range(5))
    next_start: list[tuple[int, ...]] = [()] * (8**4)
    for h in HIGHS:
        if max(h) < 4:
            code = code8(h)
            next_start[code] = tuple(START[code + (1 << 3 * r)] for r in range(4))
    return next_pos, next_start


NEXT_POS, NEXT_START = _neighbours()


def _honor_halves() -> tuple[list[int], list[int]]:
    winds = [OUT] * (8**4)
    for v in product(range(5), repeat=4):
        winds[code8(v)] = sum(n * 5**i for i, n in enumerate(v))
    dragons = [OUT] * (8**3)
    for v in product(range(5), repeat=3):
        dragons[code8(v)] = 625 * sum(n * 5**i for i, n in enumerate(v))
    return winds, dragons


WINDS, DRAGONS = _honor_halves()


def number_index(v: tuple[int, ...] | list[int]) -> int:
    """Packed index of a number-suit vector (negative when a count is above 4).

    >>> number_index((0,) * 9), number_index((1,) + (0,) * 8)
    (0, 1)
    """
    return START[code8(tuple(v[5:9]))] + POS[code8(tuple(v[0:5]))]


def honor_index(v: tuple[int, ...] | list[int]) -> int:
    """Index of an honor vector in base 5 (negative when a count is above 4)."""
    return WINDS[code8(tuple(v[0:4]))] + DRAGONS[code8(tuple(v[4:7]))]


def number_vectors() -> list[tuple[int, ...]]:
    """Every stored number-suit vector, in packed order."""
    out = []
    for h in HIGHS:
        room = MAX_TILES - sum(h)
        out += [lo + h for lo in LOWS if sum(lo) <= room]
    return out


def honor_vectors() -> list[tuple[int, ...]]:
    """Every honor vector (counts 0–4), in base-5 order."""
    return [v[::-1] for v in product(range(5), repeat=7)]
