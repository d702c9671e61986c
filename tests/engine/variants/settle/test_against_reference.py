"""``settle`` equals the slow reference (`reference`) on generated records, row for row,
with the options drawn at random; and two properties: totals sum to zero, and a prefix of a
record settles to the prefix of the full answer's rows (end checks aside).

CI-sized by default; ``HUPAI_FULL=1`` plays many more hands. The share of records with
kongs, 杠上炮, 一炮多响, rob-kong, 点杠花 and the end of the wall is printed (``-s``).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from tests.engine.variants.settle.generate import Stats, play, random_options
from tests.engine.variants.settle.helpers import rows, run
from tests.engine.variants.settle.reference import reference

FULL = os.environ.get("HUPAI_FULL") == "1"
COUNT = 2000 if FULL else 150


def _records() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    rng = random.Random(20261201)
    stats = Stats()
    out = []
    for _ in range(COUNT):
        options = random_options(rng)
        out.append((play(rng, options, stats), options))
    print("\nsettle generated records:", stats.shares())
    return out


RECORDS = _records()


def _compare(answer: dict[str, Any], ref: dict[str, Any]) -> None:
    assert rows(answer) == ref["rows"]
    assert answer["totals"] == ref["totals"]
    assert answer["active"] == ref["active"]
    got = [{"event": w["event"], "seat": w["seat"], "fan": w["fan"],
            "gen_count": w["gen_count"], "fan_capped": w["fan_capped"],
            "points_per_payer": w["points_per_payer"],
            "patterns": [(p["id"], p["fan"], p.get("count"), tuple(p.get("tiles", ())))
                         for p in w["patterns"]]} for w in answer["wins"]]
    want = [{**w, "patterns": [(p["id"], p["fan"], p["count"], tuple(p["tiles"] or ()))
                               for p in w["patterns"]]} for w in ref["wins"]]
    assert got == want
    if "statuses" in ref:
        mine = [(s["status"], s.get("waits"), s.get("best", {}).get("tile"),
                 s.get("best", {}).get("points")) for s in answer["statuses"]]
        theirs = [(s["status"], s.get("waits"), s.get("best_tile"), s.get("points"))
                  for s in ref["statuses"]]
        assert mine == theirs
    else:
        assert "statuses" not in answer


@pytest.mark.parametrize("index", range(COUNT))
def test_settle_equals_the_reference(index: int) -> None:
    record, options = RECORDS[index]
    answer = run(record, options)
    _compare(answer, reference(record, options))
    assert sum(answer["totals"]) == 0


@pytest.mark.parametrize("index", range(0, COUNT, 5))
def test_a_prefix_settles_to_the_prefix_of_the_rows(index: int) -> None:
    record, options = RECORDS[index]
    full = rows(run(record, options))
    events = record["events"]
    for cut in range(len(events) + 1):
        prefix = {k: v for k, v in record.items() if k != "end"}
        prefix["events"] = events[:cut]
        answer = run(prefix, options)
        assert rows(answer) == [r for r in full if r[1] is not None and r[1] < cut
                                and r[0] != "tui_shui"]
        assert sum(answer["totals"]) == 0
