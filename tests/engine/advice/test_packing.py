"""E's packing (`engine.advice.values.Packing`) is exact: what it packs reads back, a sum of
packed values is the packed componentwise sum, and integer order is the lexicographic order
(points, then wins, then fan) — on random numerators up to the bound a stage can reach (its
denominator times the largest price), where a field one bit too narrow would carry."""

from __future__ import annotations

import random

from engine.advice.values import Packing


def test_packing_reads_back_adds_and_orders_as_the_tuples() -> None:
    rng = random.Random(2831)
    for _ in range(300):
        scale = rng.choice((95, 123, 136)) ** rng.randint(1, 60)
        terms = [(rng.randint(0, 10**6), rng.randint(0, 34), rng.randint(0, 40))
                 for _ in range(rng.randint(1, 5))]
        packing = Packing(scale, terms)
        top = max(max(t) for t in terms)
        bound = scale * max(top, 1)  # what a numerator of the stage stays within
        values = [tuple(rng.choice((0, 1, bound // 2, bound - 1, rng.randint(0, bound)))
                        for _ in range(3)) for _ in range(6)]
        packed = [packing.pack((a, b, c)) for a, b, c in values]
        for v, p in zip(values, packed, strict=True):
            assert packing.unpack(p) == v
        a, b = values[0], values[1]
        half = tuple(x // 2 for x in a), tuple(x // 2 for x in b)
        total = packing.pack(half[0]) + packing.pack(half[1])  # a sum within the bound
        assert packing.unpack(total) == tuple(x + y for x, y in zip(*half, strict=True))
        assert packing.unpack(3 * packing.pack(half[0]) // 3) == half[0]
        assert sorted(packed) == [packing.pack(v) for v in sorted(values)]
