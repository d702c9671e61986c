"""``settle`` equals the slow reference (`reference`) on generated 红中 records (`generate`),
row for row, with the options drawn at random; each winner's ``win`` + ``codes`` rows equal
``fan``'s ``payments`` for that win (one pricing); totals sum to zero; and a prefix of a
record settles to the prefix of its rows (under ``kong_paid: "at_once"``) or to none of its
kong rows (``"at_end"``: pending).

CI-sized by default; ``HUPAI_FULL=1`` plays many more hands. The shares of records with 通炮,
抢杠, 荒庄, a short wall and each code mode are printed (``-s``).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from engine.variants.hongzhong import VARIANT
from tests.engine.variants.hongzhong.settle.generate import Stats, play, random_options
from tests.engine.variants.hongzhong.settle.reference import reference
from tests.engine.variants.sichuan.settle.helpers import rows, run

FULL = os.environ.get("HUPAI_FULL") == "1"
COUNT = 2000 if FULL else 150


def _records() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    rng = random.Random(20261226)
    stats = Stats()
    out = [(play(rng, options, stats), options)
           for options in (random_options(rng) for _ in range(COUNT))]
    print("\n红中 settle generated records:", stats.shares())
    return out


RECORDS = _records()


def settled(record: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    return run(record, options, variant=VARIANT)


@pytest.mark.parametrize("index", range(COUNT))
def test_settle_equals_the_reference(index: int) -> None:
    record, options = RECORDS[index]
    answer, ref = settled(record, options), reference(record, options)
    assert rows(answer) == ref["rows"]
    assert answer["totals"] == ref["totals"] and sum(answer["totals"]) == 0
    assert [{**k} for k in answer["kongs"]] == ref["kongs"]
    assert (answer["outcome"], answer["next_dealer"]) == (ref["outcome"], ref["next_dealer"])
    got = [{"event": w["event"], "seat": w["seat"],
            "patterns": [p["id"] for p in w["patterns"]], "fan": w["fan"],
            "codes_expected": w["codes_expected"], "payments": w["payments"],
            **({"codes": [(c["tile"], c.get("seat"), c["hit"]) for c in w["codes"]],
                "code_hits": w["code_hits"]} if "codes" in w else {})}
           for w in answer["wins"]]
    assert got == ref["wins"]


@pytest.mark.parametrize("index", range(COUNT))
def test_win_and_codes_rows_are_fans_payments(index: int) -> None:
    record, options = RECORDS[index]
    answer = settled(record, options)
    players = options.get("players", 4)
    for w in answer["wins"]:
        deltas = [0] * players
        for reason, event, payer, receiver, amount in rows(answer):
            if reason in ("win", "codes") and receiver == w["seat"] and event == w["event"]:
                deltas[payer] -= amount
                deltas[receiver] += amount
        event = record["events"][w["event"]]
        entry = next(e for e in event["winners"] if e["seat"] == w["seat"])
        context = {k: v for k, v in (event.get("context") or {}).items() if k != "kong"}
        source = event.get("from")
        several = len(event["winners"]) > 1
        seats = {"dealer": record["dealer"], "winner": w["seat"]}
        if source is not None:
            seats["discarder"] = source
        context.update(seats=seats, is_dealer=w["seat"] == record["dealer"],
                       code_count=record.get("code_count", 2),
                       code_origin=source if several else w["seat"])
        if event.get("codes"):
            context["codes"] = event["codes"]
        fan = VARIANT.fan(VARIANT.request({"hand": entry["hand"], "melds": entry.get("melds", []),
                                           "win_tile": event["win_tile"], "context": context,
                                           "options": options}))
        assert tuple(deltas) == fan.payments == tuple(w["payments"])


@pytest.mark.parametrize("index", range(0, COUNT, 5))
def test_a_prefix_settles_to_the_prefix_of_the_rows(index: int) -> None:
    record, options = RECORDS[index]
    at_end = options.get("kong_paid") == "at_end"
    full = rows(settled(record, options))
    events = record["events"]
    for cut in range(len(events)):  # before the win, if any: in play
        prefix = {k: v for k, v in record.items() if k != "end"}
        prefix["events"] = events[:cut]
        answer = settled(prefix, options)
        kong_rows = [r for r in full if r[0] == "kong" and r[1] < cut]
        assert rows(answer) == ([] if at_end else kong_rows)
        assert answer["outcome"] == "in_play" and answer["next_dealer"] is None
        assert {k["state"] for k in answer["kongs"]} <= {"pending" if at_end else "paid"}
