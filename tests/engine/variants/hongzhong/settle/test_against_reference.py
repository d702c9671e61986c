"""Generated 红中 records (`generate`) under random options, settled by the slow reference
(`reference`): each winner's ``win`` + ``codes`` rows, computed from §4.5.3's formulas, equal
``fan``'s ``payments`` (one pricing; the reference asserts it), the codes turned number what
is due, and the totals sum to zero.

CI-sized by default; ``HUPAI_FULL=1`` plays many more hands. The shares of records with 通炮,
抢杠, 荒庄, a short wall and each code mode are printed (``-s``).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from tests.engine.variants.hongzhong.settle.generate import Stats, play, random_options
from tests.engine.variants.hongzhong.settle.reference import reference

FULL = os.environ.get("HUPAI_FULL") == "1"
COUNT = 2000 if FULL else 150


def _records() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    rng = random.Random(20261226)
    stats = Stats()
    out = []
    for _ in range(COUNT):
        options = random_options(rng)
        out.append((play(rng, options, stats), options))
    print("\n红中 settle generated records:", stats.shares())
    return out


RECORDS = _records()


@pytest.mark.parametrize("index", range(COUNT))
def test_the_reference_settles_the_record(index: int) -> None:
    record, options = RECORDS[index]
    ref = reference(record, options)
    assert sum(ref["totals"]) == 0
    assert all(row[4] > 0 for row in ref["rows"])
