"""settle-hongzhong.md's worked examples and small cases (`cases`), replayed against the slow
reference (`reference`): every row, total, kong state, outcome and next dealer, and for the
examples every win entry, as the spec works them out."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.variants.hongzhong.settle.cases import (
    EXAMPLE_4_VARIANTS,
    EXAMPLES,
    SMALL_CASE_WINS,
    SMALL_CASES,
)
from tests.engine.variants.hongzhong.settle.reference import reference

VALID = EXAMPLES + EXAMPLE_4_VARIANTS + SMALL_CASES


@pytest.mark.parametrize("case", VALID, ids=[c["name"] for c in VALID])
def test_the_reference_replays_the_case(case: dict[str, Any]) -> None:
    ref = reference(case["record"], case["options"])
    assert ref["rows"] == case["rows"]
    assert ref["totals"] == case["totals"] and sum(ref["totals"]) == 0
    assert [(k["event"], k["seat"], k["income"], k["state"]) for k in ref["kongs"]] == \
        case["kongs"]
    assert (ref["outcome"], ref["next_dealer"]) == (case["outcome"], case["next_dealer"])
    if case["name"] in SMALL_CASE_WINS:
        assert [{k: got[k] for k in want} for want, got in
                zip(SMALL_CASE_WINS[case["name"]], ref["wins"], strict=True)] == \
            SMALL_CASE_WINS[case["name"]]


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["name"] for c in EXAMPLES])
def test_the_reference_prices_the_examples_wins(case: dict[str, Any]) -> None:
    ref = reference(case["record"], case["options"])
    want = [{"event": w["event"], "seat": w["seat"],
             "patterns": [p["id"] for p in w["patterns"]], "fan": w["fan"],
             "codes_expected": w["codes_expected"], "payments": w["payments"],
             **({"codes": [(c["tile"], c.get("seat"), c["hit"]) for c in w["codes"]],
                 "code_hits": w["code_hits"]} if "codes" in w else {})}
            for w in case["answer"]["wins"]]
    assert ref["wins"] == want
