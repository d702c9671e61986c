"""The shipped tables (engine/shapes/data/*.bin) equal what the builder makes from
``suit.used``, the packed index covers exactly the 405,350 suit vectors of ≤ 14 tiles, and
the tables stay under 32 MB.

CI checks a fixed-seed sample of vectors against a fresh recursion and every combination
table entry; ``HUPAI_FULL=1`` rebuilds everything and compares the bytes (about a minute).
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from engine.shapes import build, layout, suit, tables
from tests import hands as H


def test_packed_index_covers_the_small_vectors() -> None:
    # vectors of 9 counts 0–4 with at most 14 tiles: 405,350 (ENGINEERING.md §2)
    count = sum(1 for v in product(range(5), repeat=9) if sum(v) <= 14)
    assert count == layout.NUMBER_VECTORS == 405_350
    vectors = layout.number_vectors()
    assert len(vectors) == count
    rng = random.Random(1)
    for i in [*rng.sample(range(count), 3000), 0, count - 1]:
        assert layout.number_index(vectors[i]) == i


@pytest.mark.parametrize("v", [(5, 0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0, 6)])
def test_a_count_above_four_is_outside(v: tuple[int, ...]) -> None:
    assert layout.number_index(v) < 0


def test_sample_equals_a_fresh_recursion() -> None:
    rng = random.Random(2)
    vectors = layout.number_vectors()
    for i in rng.sample(range(len(vectors)), H.scale(400, 20_000)):
        v = vectors[i]
        for config, (group, pair) in enumerate(build.NUMBER_CONFIGS):
            used = build.combine_used(suit.used(v, group), suit.used(v, pair))
            assert tables.U_CLASSES[tables.NUMBER_U[config][i]] == used, (v, config)
            assert tables.M_CLASSES[tables.NUMBER_M[config][i]] == build.masks_of(v, used)
    honors = layout.honor_vectors()
    for i in rng.sample(range(len(honors)), H.scale(400, 20_000)):
        v = honors[i]
        for config, (family, pair) in enumerate(build.HONOR_CONFIGS):
            t = suit.used(v, family)
            used = build.combine_used(t, t if pair else None)
            assert tables.U_CLASSES[tables.HONOR_U[config][i]] == used, (v, config)
            assert tables.M_CLASSES[tables.HONOR_M[config][i]] == build.masks_of(v, used)


def test_combination_tables() -> None:
    k, km = tables.K, tables.KM
    for a in range(k):
        for b in range(0, k, 1 if H.full_mode() else 7):
            assert tables.U_CLASSES[tables.UCONV[a * k + b]] == build.conv_used(
                tables.U_CLASSES[a], tables.U_CLASSES[b])
    for a in range(km):
        for b in range(km):
            assert tables.M_CLASSES[tables.MCONV[a * km + b]] == build.conv_masks(
                tables.M_CLASSES[a], tables.M_CLASSES[b])


def test_used_by_hand() -> None:
    # 123m 99m: one group holds 3, the pair 2; a group and the pair hold all 5
    t = suit.used((1, 1, 1, 0, 0, 0, 0, 0, 2), suit.Family.NUM)
    assert (t[2], t[1], t[3]) == (3, 2, 5)
    # 1m 5m 9m: no two share a group, two groups hold two of them at most
    t = suit.used((1, 0, 0, 0, 1, 0, 0, 0, 1), suit.Family.NUM)
    assert t[4] == 2 and t[6] == 3 and t[8] == suit.NEG  # four groups need four naturals


def test_tables_fit() -> None:
    size = sum(len((build.DATA / name).read_bytes()) for name in build.FILES)
    print(f"\nshape tables: {size / 1e6:.1f} MB in {len(build.FILES)} files")
    assert size <= 32 * 1024 * 1024


def test_facts_bytes_are_the_wait_words() -> None:
    """The shipped facts bytes (what `composed` reads of a suit) are those `build` makes from
    the shipped wait words, on a sample of vectors of every config (all in full mode)."""
    vectors = layout.number_vectors()
    sample = vectors if H.full_mode() else random.Random(23).sample(vectors, 4000)
    for c, words in enumerate(tables.NUMBER_W):
        shipped = bytes(tables.NUMBER_FACTS[c][layout.number_index(v)] for v in sample)
        assert shipped == build.fact_bytes(sample, words), c


@pytest.mark.slow
@pytest.mark.skipif(not H.full_mode(), reason="full rebuild: HUPAI_FULL=1 (about a minute)")
def test_rebuild_equals_shipped() -> None:
    for name, data in build.build().items():
        assert data == (build.DATA / name).read_bytes(), name
