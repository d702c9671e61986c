"""Build the shape tables shipped in ``engine/shapes/data`` (``python -m engine.shapes.build``).

For every stored suit vector and every *config* (which groups and pair a suit allows) it
runs ``suit.used`` and keeps two small class ids instead of the facts themselves:

* the **U class**: the used-table (most naturals ``m`` groups and ``p`` pairs hold). Only a
  few hundred distinct tables exist, and they stay few when suits are combined (max-plus sum,
  at most 4 groups and 1 pair), so the combination of two classes is itself a table:
  ``UCONV[a * K + b]``;
* the **M class**: the bitmasks ``G`` (naturals + w wildcards form only groups) and ``P``
  (groups and the pair) for w = 0..8, combined by sum-sets: ``MCONV[a * KM + b]``;
* a **wait word** (``waits.bin``, ``uint32``) for hands without wildcards: which single
  draws make the suit complete (see ``wait_words``);
* a **facts byte** (``facts.bin``, number suits) read from the wait words of the vector and
  of the vector less each rank it holds (see ``fact_bytes``).

Class ids are numbered in sorted order (the empty suit first), so a rebuild is byte-identical;
``tests/engine/shapes/test_tables.py`` checks it. Takes one to two minutes.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from engine.shapes import layout
from engine.shapes.suit import EMPTY, Family, used
from engine.shapes.table_format import (
    DATA,
    EMPTY_MASKS,
    FAIL_MASKS,
    FILES,
    GROUPS_NOW,
    HONOR_CONFIGS,
    NUMBER_CONFIGS,
    PAIR_NOW,
    Masks,
    UTable,
    combine_used,
    conv_masks,
    conv_used,
    fact_flags,
    masks_of,
)

__all__ = ["DATA", "FILES", "HONOR_CONFIGS", "NUMBER_CONFIGS", "build", "combine_used",
           "conv_masks", "conv_used", "masks_of", "wait_words"]

T = TypeVar("T", tuple[int, ...], tuple[int, int])


def number_facts(progress: Callable[[str], None] = lambda _: None
                 ) -> list[tuple[list[UTable], list[Masks]]]:
    """Per number config: the used-table and masks of every stored vector."""
    vectors = layout.number_vectors()
    per_family: dict[Family, list[UTable]] = {}
    for family in {f for conf in NUMBER_CONFIGS for f in conf}:
        progress(f"number suit, {family.name}")
        per_family[family] = [used(v, family) for v in vectors]
    out = []
    for group, pair in NUMBER_CONFIGS:
        tabs = [combine_used(g, p) for g, p in zip(per_family[group], per_family[pair],
                                                    strict=True)]
        out.append((tabs, [masks_of(v, t) for v, t in zip(vectors, tabs, strict=True)]))
    return out


def honor_facts() -> list[tuple[list[UTable], list[Masks]]]:
    vectors = layout.honor_vectors()
    out = []
    for family, pair in HONOR_CONFIGS:
        tabs = []
        for v in vectors:
            t = used(v, family)
            tabs.append(combine_used(t, t if pair else None))
        out.append((tabs, [masks_of(v, t) for v, t in zip(vectors, tabs, strict=True)]))
    return out


def closure(seeds: Iterable[T], conv: Callable[[T, T], T]) -> list[T]:
    """The smallest set holding ``seeds`` and closed under ``conv``, sorted."""
    known = set(seeds)
    frontier = list(known)
    while frontier:
        found = []
        everything = list(known)
        for a in frontier:
            for b in everything:
                c = conv(a, b)
                if c not in known:
                    known.add(c)
                    found.append(c)
        frontier = found
    return sorted(known)


def wait_words(vectors: Sequence[tuple[int, ...]], masks: Sequence[Masks],
               index: Callable[[tuple[int, ...]], int], width: int) -> list[int]:
    """Per vector, for the waits of a hand without wildcards: bit r (r < ``width``) when
    drawing rank r makes the suit only groups, bit ``width`` + r when groups and the pair,
    ``GROUPS_NOW``/``PAIR_NOW`` when the suit is so already."""
    out = []
    for v, (g, p) in zip(vectors, masks, strict=True):
        word = (GROUPS_NOW if g & 1 else 0) | (PAIR_NOW if p & 1 else 0)
        if sum(v) < layout.MAX_TILES:
            for r in range(width):
                if v[r] < 4:
                    w = list(v)
                    w[r] += 1
                    ng, np_ = masks[index(tuple(w))]
                    word |= (ng & 1) << r | (np_ & 1) << (width + r)
        out.append(word)
    return out


def build() -> dict[str, bytes]:
    """Every table file's bytes (little-endian)."""
    numbers = number_facts(lambda what: print(f"  {what} …", file=sys.stderr))
    honors = honor_facts()
    u_seeds = {EMPTY} | {t for tabs, _ in numbers + honors for t in tabs}
    m_seeds = {EMPTY_MASKS, FAIL_MASKS} | {m for _, ms in numbers + honors for m in ms}
    u_classes = [EMPTY] + [t for t in closure(u_seeds, conv_used) if t != EMPTY]
    m_classes = [EMPTY_MASKS, FAIL_MASKS] + [
        m for m in closure(m_seeds, conv_masks) if m not in (EMPTY_MASKS, FAIL_MASKS)]
    u_id = {t: i for i, t in enumerate(u_classes)}
    m_id = {m: i for i, m in enumerate(m_classes)}

    def section(facts: list[tuple[list[UTable], list[Masks]]]) -> bytes:
        out = b""
        for tabs, masks in facts:
            out += _le(array("H", [u_id[t] for t in tabs]))
            out += bytes(m_id[m] for m in masks)
        return out

    k, km = len(u_classes), len(m_classes)
    classes = _le(array("H", [k, km]))
    classes += bytes(x & 0xFF for t in u_classes for x in t)
    classes += _le(array("H", [x for m in m_classes for x in m]))
    classes += _le(array("H", [u_id[conv_used(a, b)] for a in u_classes for b in u_classes]))
    classes += bytes(m_id[conv_masks(a, b)] for a in m_classes for b in m_classes)
    waits = flags = b""
    for facts, vectors, index, width in (
            (numbers, layout.number_vectors(), layout.number_index, 9),
            (honors, layout.honor_vectors(), layout.honor_index, 7)):
        for _, masks in facts:
            words = wait_words(vectors, masks, index, width)
            waits += _le(array("I", words))
            if width == 9:
                flags += fact_bytes(vectors, words)
    return {"number.bin": section(numbers), "honor.bin": section(honors),
            "classes.bin": classes, "waits.bin": waits, "facts.bin": flags}


def fact_bytes(vectors: Iterable[tuple[int, ...]], words: Sequence[int]) -> bytes:
    """Per number vector, its `fact_flags` byte from a config's wait words (indexed by
    `layout.number_index`): what `engine.shapes.composed` reads of a suit besides its U
    class, shipped (issue 23: read per vector, a wait word per rank held, it was a third of
    a costly exchange body)."""
    out = bytearray()
    index = layout.number_index
    for v in vectors:
        less = 0
        for r, n in enumerate(v):
            if n:
                less |= words[index((*v[:r], n - 1, *v[r + 1:]))]
        out.append(fact_flags(words[index(v)], less))
    return bytes(out)


def _le(a: array[int]) -> bytes:
    if sys.byteorder == "big":
        a = array(a.typecode, a)
        a.byteswap()
        return a.tobytes()
    return a.tobytes()


def main() -> None:
    DATA.mkdir(exist_ok=True)
    for name, data in build().items():
        (DATA / name).write_bytes(data)
        print(f"wrote {DATA / name} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
