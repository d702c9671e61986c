"""E's packing (`engine.advice.values.Packing`) is exact: what it packs reads back, a sum of
packed values is the packed componentwise sum, and integer order is the lexicographic order
(points, then wins, then fan) — on numerators up to the bound a stage can reach (its
denominator times the largest price) and at it. A field holds any two such values added (a
sum up to twice the bound: the width's one bit above the bound's), so a field one bit too
narrow carries into the next and these tests fail."""

from __future__ import annotations

import random

from engine.advice.values import Expectation, Packing


def _cases(rng: random.Random) -> list[tuple[int, Packing]]:
    out = []
    for _ in range(300):
        scale = rng.choice((95, 123, 136)) ** rng.randint(1, 60)
        terms = [(rng.randint(0, 10**6), rng.randint(0, 34), rng.randint(0, 40))
                 for _ in range(rng.randint(1, 5))]
        top = max(max(t) for t in terms)
        bound = scale * max(top, 1)  # what a numerator of the stage stays within
        out.append((bound, Packing(scale, terms)))
    return out


def _value(rng: random.Random, bound: int) -> Expectation:
    """Each field 0, 1, near the bound, the bound itself, or any value up to it."""
    def field() -> int:
        return rng.choice((0, 1, bound // 2, bound - 1, bound, rng.randint(0, bound)))
    return field(), field(), field()


def test_packing_reads_back_and_orders_as_the_tuples() -> None:
    rng = random.Random(2831)
    for bound, packing in _cases(rng):
        values = [_value(rng, bound) for _ in range(6)] + [(bound, bound, bound)]
        packed = [packing.pack(v) for v in values]
        for v, p in zip(values, packed, strict=True):
            assert packing.unpack(p) == v
        assert sorted(packed) == [packing.pack(v) for v in sorted(values)]


def test_sums_of_packed_values_are_the_packed_sums() -> None:
    rng = random.Random(2832)
    for bound, packing in _cases(rng):
        # a sum within the bound (what a stage's numerators add up to) ...
        a = _value(rng, bound)
        b: Expectation = (rng.randint(0, bound - a[0]), rng.randint(0, bound - a[1]),
                          rng.randint(0, bound - a[2]))
        # ... and two values each up to it (a sum up to twice the bound: the spare bit)
        c, d = _value(rng, bound), (bound, bound, bound)
        sums = []
        for x, y in ((a, b), (c, d), (d, d)):
            total = packing.pack(x) + packing.pack(y)
            expected = (x[0] + y[0], x[1] + y[1], x[2] + y[2])
            assert packing.unpack(total) == expected, (bound, x, y)
            sums.append((expected, total))
        assert sorted(t for _, t in sums) == [t for _, t in sorted(sums)]
