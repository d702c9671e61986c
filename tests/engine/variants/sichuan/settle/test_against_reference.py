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

from tests.engine.variants.sichuan.settle.generate import Stats, play, random_options
from tests.engine.variants.sichuan.settle.helpers import rows, run
from tests.engine.variants.sichuan.settle.reference import reference

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


HANDS = {1: "345p678p345s67s88s", 2: "11m234m567m67s999s", 3: "22p33p44p66s77s88s5s"}
"""Three hands that all win 5s (seats 1, 2, 3; missing suits m, p, m)."""


def _multi_win_records() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """杠上炮 by seat 0 won by 2 or 3 seats after one or two kongs of every type, options
    random: 一炮多响 with 呼叫转移's scopes, splits, remainders and the 直杠 rule, which the
    played hands reach too rarely."""
    rng = random.Random(15)
    out = []
    for _ in range(60 if not FULL else 600):
        kongs = []
        for tile in rng.sample(["1p", "9m"], rng.choice([1, 2])):
            kind = rng.choice(["exposed", "added", "concealed"])
            event: dict[str, Any] = {"type": "kong", "seat": 0,
                                     "kong": {"type": kind, "tile": tile}}
            if kind == "exposed":
                event["from"] = rng.choice([1, 2, 3])
            if kind == "added" and rng.random() < 0.5:
                event["kong"]["late"] = True
            kongs.append(event)
        seats = rng.sample([1, 2, 3], rng.choice([2, 3]))
        win = {"type": "win", "from": 0, "win_tile": "5s",
               "context": {"win_type": "discard", "after_kong": True},
               "winners": [{"seat": s, "hand": HANDS[s]} for s in seats]}
        record = {"dealer": rng.randrange(4), "missing_suits": ["s", "m", "p", "m"],
                  "events": [*kongs, win]}
        options = random_options(rng)
        options.pop("yi_pao_duo_xiang", None)
        for room in ("players", "suits", "hand_size"):  # (a table of four, three suits)
            options.pop(room, None)
        out.append((record, options))
    return out


MULTI = _multi_win_records()


@pytest.mark.parametrize("index", range(len(MULTI)))
def test_yi_pao_duo_xiang_with_call_transfer_equals_the_reference(index: int) -> None:
    record, options = MULTI[index]
    answer = run(record, options)
    _compare(answer, reference(record, options))
    assert sum(answer["totals"]) == 0
