"""settle-hongzhong.md's worked examples and small cases (`cases`): first replayed against
the slow reference (`reference`) — every row, total, kong state, outcome and next dealer, and
for the examples every win entry, as the spec works them out —, then answered by ``settle``:
the examples' whole answers, member for member and in the answer's member order, and every
small case's rows; and every refused case with its codes and pointers in the answer's order."""

from __future__ import annotations

from typing import Any

import pytest

from engine.variants.hongzhong import VARIANT
from tests.engine.variants.hongzhong.settle.cases import (
    ERROR_EXAMPLE_ANSWER,
    EXAMPLE_4_VARIANTS,
    EXAMPLES,
    REFUSED,
    SMALL_CASE_WINS,
    SMALL_CASES,
)
from tests.engine.variants.hongzhong.settle.reference import reference
from tests.engine.variants.sichuan.settle.helpers import problems, rows, run

VALID = EXAMPLES + EXAMPLE_4_VARIANTS + SMALL_CASES


def replayed(case: dict[str, Any]) -> dict[str, Any]:
    """The reference's answer to a worked case, held equal to the case's rows, totals, kongs,
    outcome and next dealer."""
    ref = reference(case["record"], case["options"])
    assert ref["rows"] == case["rows"]
    assert ref["totals"] == case["totals"] and sum(ref["totals"]) == 0
    assert [(k["event"], k["seat"], k["income"], k["state"]) for k in ref["kongs"]] == \
        case["kongs"]
    assert (ref["outcome"], ref["next_dealer"]) == (case["outcome"], case["next_dealer"])
    return ref


@pytest.mark.parametrize("case", VALID, ids=[c["name"] for c in VALID])
def test_the_reference_replays_the_case(case: dict[str, Any]) -> None:
    ref = replayed(case)
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


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["name"] for c in EXAMPLES])
def test_settle_answers_the_example(case: dict[str, Any]) -> None:
    answer = run(case["record"], case["options"], variant=VARIANT)
    assert answer == case["answer"]
    assert list(answer) == list(case["answer"])  # reconciled.md §3's member order


@pytest.mark.parametrize("case", VALID, ids=[c["name"] for c in VALID])
def test_settle_answers_the_case(case: dict[str, Any]) -> None:
    answer = run(case["record"], case["options"], variant=VARIANT)
    assert rows(answer) == case["rows"]
    assert answer["totals"] == case["totals"]
    assert [(k["event"], k["seat"], k["income"], k["state"]) for k in answer["kongs"]] == \
        case["kongs"]
    assert (answer["outcome"], answer["next_dealer"]) == (case["outcome"], case["next_dealer"])
    for want, got in zip(SMALL_CASE_WINS.get(case["name"], []), answer["wins"], strict=False):
        assert {k: got[k] for k in want} == want


@pytest.mark.parametrize("case", REFUSED, ids=[c["name"] for c in REFUSED])
def test_settle_refuses_the_case(case: dict[str, Any]) -> None:
    assert problems(case["record"], case["options"], variant=VARIANT) == case["problems"]


def test_in_play_answers_a_null_next_dealer() -> None:
    # small case 2: a prefix, nothing won, no end: next_dealer is null (present), no wins
    answer = run(SMALL_CASES[1]["record"], SMALL_CASES[1]["options"], variant=VARIANT)
    assert "next_dealer" in answer and answer["next_dealer"] is None
    assert answer["wins"] == [] and answer["outcome"] == "in_play"


def test_no_code_turned_gives_no_codes_member() -> None:
    # small case 18 (不奖码, no codes): the win entry has neither codes nor code_hits
    (win,) = run(SMALL_CASES[17]["record"], SMALL_CASES[17]["options"], variant=VARIANT)["wins"]
    assert "codes" not in win and "code_hits" not in win and win["codes_expected"] == 0


def test_the_error_example_through_the_service() -> None:
    from service.app import create_app
    from service.settings import Settings
    error = next(c for c in REFUSED if c["name"] == "the error example")
    client = create_app(Settings()).test_client()
    r = client.post("/v1/hongzhong/settle", json={"record": error["record"]})
    assert r.status_code == 422
    body = r.get_json()
    assert {k: body[k] for k in ERROR_EXAMPLE_ANSWER} == ERROR_EXAMPLE_ANSWER
    assert [(e["pointer"], e["detail"]) for e in body["errors"]] == [
        ("#/record/events/1", "the hand ended with the win at event 0; a 红中 hand has one "
                              "winning moment"),
        ("#/record/events/0/context/kong/type", "a concealed kong cannot be robbed"),
        ("#/record/events/0/codes", "2 codes sent; 3 are due (code_count 2 + 1: seat 1 holds "
                                    "no wildcard)"),
    ]
