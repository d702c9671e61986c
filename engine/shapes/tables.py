"""The shipped shape tables (``data/*.bin``, made by ``engine.shapes.build``), loaded at import.

The per-vector tables are flat buffers (``array``/``bytes``), read-only after import, so
gunicorn workers forked from a preloaded app keep sharing their pages: per stored suit
vector and config a U class id (``array('H')``), an M class id (``bytes``), a wait word
(``array('I')``) and, for number suits, a facts byte (``bytes``). The small per-class facts
and the combination tables ``UCONV`` / ``MCONV`` (see ``build``) are lists, for the speed of
list indexing (about 1 MB). Loading takes tens of milliseconds; the files hold 15.3 MB.

The functions at the bottom answer for any suit vector, also one outside the stored domain
(a count above 4: a probe past the fourth copy), through ``suit.used`` then.
"""

from __future__ import annotations

import sys
from array import array
from functools import lru_cache
from importlib import resources
from typing import Final

from engine.shapes import layout
from engine.shapes.suit import EMPTY, Family, expand, used
from engine.shapes.table_format import (
    EMPTY_MASKS,
    FAIL_MASKS,
    FILES,
    GROUPS_NOW,
    HONOR_CONFIGS,
    NUMBER_CONFIGS,
    PAIR_NOW,
    combine_used,
    masks_of,
)

EMPTY_CLASS: Final = 0
"""U class of the empty suit (and of a suit whose naturals are all dead)."""
EMPTY_M: Final = 0
FAIL_M: Final = 1
"""M class of a suit that can never be complete (dead naturals)."""


def _read(name: str) -> bytes:
    return (resources.files("engine.shapes") / "data" / name).read_bytes()


def _u16(data: bytes) -> array[int]:
    a = array("H")
    a.frombytes(data)
    if sys.byteorder == "big":
        a.byteswap()
    return a


def _u32(data: bytes) -> array[int]:
    a = array("I")
    if a.itemsize != 4:  # pragma: no cover - every platform we run on has 4-byte ints
        raise RuntimeError("array('I') is not 4 bytes here")
    a.frombytes(data)
    if sys.byteorder == "big":
        a.byteswap()
    return a


def _load_waits() -> tuple[list[array[int]], list[array[int]]]:
    data = _read(FILES[3])
    n, h = layout.NUMBER_VECTORS, layout.HONOR_VECTORS
    if len(data) != 4 * (n * len(NUMBER_CONFIGS) + h * len(HONOR_CONFIGS)):
        raise RuntimeError("shape tables are damaged; rebuild: python -m engine.shapes.build")
    number = [_u32(data[4 * n * c : 4 * n * (c + 1)]) for c in range(len(NUMBER_CONFIGS))]
    at = 4 * n * len(NUMBER_CONFIGS)
    honor = [_u32(data[at + 4 * h * c : at + 4 * h * (c + 1)]) for c in range(len(HONOR_CONFIGS))]
    return number, honor


def _load_facts() -> list[bytes]:
    data = _read(FILES[4])
    n = layout.NUMBER_VECTORS
    if len(data) != n * len(NUMBER_CONFIGS):
        raise RuntimeError("shape tables are damaged; rebuild: python -m engine.shapes.build")
    return [data[n * c : n * (c + 1)] for c in range(len(NUMBER_CONFIGS))]


def _load() -> tuple[list[array[int]], list[bytes], list[array[int]], list[bytes],
                     list[tuple[int, ...]], list[tuple[int, int]], list[int], list[int]]:
    number, honor, classes = (_read(n) for n in FILES[:3])
    nu: list[array[int]] = []
    hu: list[array[int]] = []
    nm: list[bytes] = []
    hm: list[bytes] = []
    for data, size, u_out, m_out, configs in (
        (number, layout.NUMBER_VECTORS, nu, nm, len(NUMBER_CONFIGS)),
        (honor, layout.HONOR_VECTORS, hu, hm, len(HONOR_CONFIGS)),
    ):
        if len(data) != 3 * size * configs:
            raise RuntimeError("shape tables are damaged; rebuild: python -m engine.shapes.build")
        for c in range(configs):
            at = 3 * size * c
            u_out.append(_u16(data[at : at + 2 * size]))
            m_out.append(data[at + 2 * size : at + 3 * size])
    k, km = _u16(classes[:4])
    at = 4
    raw = classes[at : at + 10 * k]
    u_classes = [tuple(x - 256 if x >= 128 else x for x in raw[10 * i : 10 * i + 10])
                 for i in range(k)]
    at += 10 * k
    flat = _u16(classes[at : at + 4 * km])
    m_classes = [(flat[2 * i], flat[2 * i + 1]) for i in range(km)]
    at += 4 * km
    uconv = list(_u16(classes[at : at + 2 * k * k]))
    at += 2 * k * k
    mconv = list(classes[at : at + km * km])
    if at + km * km != len(classes) or m_classes[FAIL_M] != FAIL_MASKS \
            or m_classes[EMPTY_M] != EMPTY_MASKS:
        raise RuntimeError("shape tables are damaged; rebuild: python -m engine.shapes.build")
    return nu, nm, hu, hm, u_classes, m_classes, uconv, mconv


def _missing() -> bool:
    """True when a table file is absent: only while ``python -m engine.shapes.build`` makes
    them (it imports this package); every search then refuses to run."""
    return not all((resources.files("engine.shapes") / "data" / n).is_file() for n in FILES)


MISSING: Final = _missing()
NUMBER_U: list[array[int]]
NUMBER_M: list[bytes]
HONOR_U: list[array[int]]
HONOR_M: list[bytes]
U_CLASSES: list[tuple[int, ...]]
M_CLASSES: list[tuple[int, int]]
UCONV: list[int]
MCONV: list[int]
NUMBER_W: list[array[int]]
HONOR_W: list[array[int]]
NUMBER_FACTS: list[bytes]
if MISSING:
    NUMBER_U, NUMBER_M, HONOR_U, HONOR_M, NUMBER_W, HONOR_W = [], [], [], [], [], []
    NUMBER_FACTS = []
    U_CLASSES, M_CLASSES, UCONV, MCONV = [EMPTY], [EMPTY_MASKS, FAIL_MASKS], [0], [0] * 4
else:
    NUMBER_U, NUMBER_M, HONOR_U, HONOR_M, U_CLASSES, M_CLASSES, UCONV, MCONV = _load()
    NUMBER_W, HONOR_W = _load_waits()
    NUMBER_FACTS = _load_facts()
"""Wait words per config (``build.wait_words``); ``NUMBER_FACTS``: per number config, each
vector's `table_format.fact_flags` byte (``build.fact_bytes``)."""
K: Final = len(U_CLASSES)
KM: Final = len(M_CLASSES)
U_ID: Final = {t: i for i, t in enumerate(U_CLASSES)}
UROWS: Final = [UCONV[a * K : a * K + K] for a in range(K)]
"""``UROWS[a][b] == UCONV[a * K + b]``: one row per class, for the per-draw probes."""
M_ID: Final = {m: i for i, m in enumerate(M_CLASSES)}


def number_config(group: Family, pair: Family) -> int:
    return NUMBER_CONFIGS.index((group, pair))


def number_facts_of(waits: array[int]) -> bytes | None:
    """The facts bytes (``NUMBER_FACTS``) of the number config whose wait words are
    ``waits`` (None for any other array, a dead suit's)."""
    return next((f for w, f in zip(NUMBER_W, NUMBER_FACTS, strict=True) if w is waits), None)


def honor_config(family: Family, pair: bool) -> int:
    return HONOR_CONFIGS.index((family, pair))


@lru_cache(maxsize=2)
def dead_number() -> tuple[array[int], bytes, array[int]]:
    """Arrays for a number suit whose naturals are dead: nothing used, never complete (only
    the empty suit is: it holds no group)."""
    n = layout.NUMBER_VECTORS
    words = array("I", bytes(4 * n))
    words[0] = GROUPS_NOW
    return array("H", bytes(2 * n)), bytes([EMPTY_M]) + bytes([FAIL_M]) * (n - 1), words


@lru_cache(maxsize=64)
def honor_arrays(config: int, live: tuple[bool, ...]) -> tuple[array[int], bytes, array[int]]:
    """Honor arrays when only the ``live`` honor kinds may be used: a vector holding a dead
    kind uses only its live part and is never complete; drawing a dead kind completes
    nothing."""
    u, m, w = HONOR_U[config], HONOR_M[config], HONOR_W[config]
    if all(live):
        return u, m, w
    project = [0]  # base-5 index of each vector's live part, built digit by digit
    dead = [False]
    for j, ok in enumerate(live):
        step = 5**j if ok else 0
        project = [p + d * step for d in range(5) for p in project]
        dead = [x or (d > 0 and not ok) for d in range(5) for x in dead]
    u2 = array("H", [u[p] for p in project])
    m2 = bytes([FAIL_M if x else y for x, y in zip(dead, m, strict=True)])
    keep = sum(1 << j | 1 << (7 + j) for j, ok in enumerate(live) if ok) | GROUPS_NOW | PAIR_NOW
    w2 = array("I", [0 if x else y & keep for x, y in zip(dead, w, strict=True)])
    return u2, m2, w2


# --- any vector, also outside the stored domain ---------------------------------------------

@lru_cache(maxsize=4096)
def _beyond(v: tuple[int, ...], family: Family) -> tuple[int, ...]:
    """``suit.used`` of a vector with a count above 4: one recursion step at that count, the
    smaller vectors from the tables (a 5th copy costs a few dozen lookups, not a sweep)."""
    at = max(range(len(v)), key=lambda i: v[i])
    return expand(v, family, at, lambda w: _family_used(w, family))


def _family_used(v: tuple[int, ...], family: Family) -> tuple[int, ...]:
    if family >= Family.HON:
        i = layout.honor_index(v)
        if i >= 0:
            config = honor_config(family, True)
            return U_CLASSES[HONOR_U[config][i]]
    else:
        i = layout.number_index(v) if sum(v) <= layout.MAX_TILES else -1
        if i >= 0:
            # a family's own table is the config (its groups, its pair)
            group = Family.NUM if family in (Family.NUM, Family.NUM_258) else Family.NUM_TRIP
            return U_CLASSES[NUMBER_U[number_config(group, family)][i]]
    return _beyond(v, family) if max(v) > 4 else used(v, family)


def number_used(v: tuple[int, ...], group: Family, pair: Family) -> tuple[int, ...]:
    """The used-table of a number-suit vector under a config."""
    i = layout.number_index(v) if sum(v) <= layout.MAX_TILES else -1
    if i >= 0:
        return U_CLASSES[NUMBER_U[number_config(group, pair)][i]]
    return combine_used(_family_used(v, group), _family_used(v, pair))


def honor_used(v: tuple[int, ...], family: Family, pair: bool) -> tuple[int, ...]:
    i = layout.honor_index(v)
    if i >= 0:
        return U_CLASSES[HONOR_U[honor_config(family, pair)][i]]
    t = _family_used(v, family)
    return combine_used(t, t if pair else None)


def number_masks(v: tuple[int, ...], group: Family, pair: Family, most: int = 8
                 ) -> tuple[int, int]:
    i = layout.number_index(v) if sum(v) <= layout.MAX_TILES else -1
    if i >= 0 and most <= 8:
        return M_CLASSES[NUMBER_M[number_config(group, pair)][i]]
    return masks_of(v, number_used(v, group, pair), most)


def honor_masks(v: tuple[int, ...], family: Family, pair: bool, most: int = 8
                ) -> tuple[int, int]:
    i = layout.honor_index(v)
    if i >= 0 and most <= 8:
        return M_CLASSES[HONOR_M[honor_config(family, pair)][i]]
    return masks_of(v, honor_used(v, family, pair), most)
