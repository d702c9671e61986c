"""settle-changsha.md's Examples 1–3 and small cases (`cases`), replayed on the slow
reference (`reference`): every row, total, outcome and next dealer as the spec works them
out, and the examples' ``qishou`` and ``wins`` entries."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.variants.changsha.settle import cases as C
from tests.engine.variants.changsha.settle import helpers as H
from tests.engine.variants.changsha.settle.reference import reference


@pytest.mark.parametrize(("name", "record", "options", "rows", "totals", "outcome", "dealer"),
                         C.SETTLED, ids=[c[0] for c in C.SETTLED])
def test_the_reference_replays_the_spec(name: str, record: dict[str, Any],
                                        options: dict[str, Any], rows: list[C.Row],
                                        totals: list[int], outcome: str,
                                        dealer: int | None) -> None:
    ref = reference(record, options)
    assert ref["rows"] == rows
    assert ref["totals"] == totals
    assert sum(totals) == 0
    assert (ref["outcome"], ref["next_dealer"]) == (outcome, dealer)


@pytest.mark.parametrize(("record", "qishou", "wins"), [
    (C.EXAMPLE_1, C.EXAMPLE_1_QISHOU, C.EXAMPLE_1_WINS),
    (C.EXAMPLE_2, [], C.EXAMPLE_2_WINS),
    (C.EXAMPLE_3, [], C.EXAMPLE_3_WINS),
], ids=["example 1", "example 2", "example 3"])
def test_the_reference_entries_of_the_examples(record: dict[str, Any],
                                               qishou: list[dict[str, Any]],
                                               wins: list[dict[str, Any]]) -> None:
    ref = reference(record, {})
    assert ref["qishou"] == qishou
    assert ref["wins"] == wins


def test_merged_wins_list_the_event_pattern_per_tile() -> None:
    # Small case 12 merged: 清一色 once, 杠上开花 once per tile (count 2): 1 + 2 = 3 units,
    # B 6 × 3 = 18; payments 36, 37, 54 → 127.
    (win,) = reference(C.CASE_12, {"kai_gang_wins": "merged"})["wins"]
    assert win["tiles"] == ["3s", "6s"]
    assert win["patterns"] == [("qing_yi_se", 1, None), ("gang_shang_kai_hua", 2, 2)]
    assert (win["fan"], win["base_per_payer"]) == (3, 18)
    assert win["payments"] == [-37, -54, 127, -36]
    # multiply: 6 × 2^(3 − 1) = 24: seat 3 48, the dealer 49, seat 1 72 → 169.
    (win,) = reference(C.CASE_12, {"kai_gang_wins": "merged", "dahu_stack": "multiply"})["wins"]
    assert (win["base_per_payer"], win["payments"]) == (24, [-49, -72, 169, -48])


def test_dice_hits_of_a_declaration() -> None:
    # Small case 3: dice 1 → the declarer (seat 1), 2 → seat 2.
    ((_, record, options, *_),) = [c for c in C.SETTLED if c[0] == "case 3"]
    (entry,) = reference(record, options)["qishou"]
    assert entry == {"event": 0, "seat": 1, "patterns": ["da_si_xi", "ban_ban_hu"],
                     "count": 2, "per_other_player": 1, "dice_hits": [0, 1, 1, 0]}


# --- the operation --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "record", "options", "rows", "totals", "outcome", "dealer"),
                         C.SETTLED, ids=[c[0] for c in C.SETTLED])
def test_settle_replays_the_spec(name: str, record: dict[str, Any], options: dict[str, Any],
                                 rows: list[C.Row], totals: list[int], outcome: str,
                                 dealer: int | None) -> None:
    answer = H.run(record, options)
    assert H.rows(answer) == rows
    assert answer["totals"] == totals
    assert (answer["outcome"], answer["next_dealer"]) == (outcome, dealer)
    assert list(answer) == ["transfers", "totals", "qishou", "wins", "outcome", "next_dealer"]


@pytest.mark.parametrize(("record", "qishou", "wins"), [
    (C.EXAMPLE_1, C.EXAMPLE_1_QISHOU, C.EXAMPLE_1_WINS),
    (C.EXAMPLE_2, [], C.EXAMPLE_2_WINS),
    (C.EXAMPLE_3, [], C.EXAMPLE_3_WINS),
], ids=["example 1", "example 2", "example 3"])
def test_settle_entries_of_the_examples(record: dict[str, Any], qishou: list[dict[str, Any]],
                                        wins: list[dict[str, Any]]) -> None:
    answer = H.run(record)
    assert [{**q, "patterns": [p["id"] for p in q["patterns"]]} for q in answer["qishou"]] \
        == qishou
    assert H.wins(answer) == wins


def test_example_2_birds_on_the_wire() -> None:
    # Birds from the discarder (seat 3): 5p → 3, 2s → 0; for seat 0 both hit (it and its
    # payer), for seat 1 the 2s on seat 0 is void.
    answer = H.run(C.EXAMPLE_2)
    assert [w["birds"] for w in answer["wins"]] == [
        [{"tile": "5p", "seat": 3, "hit": True}, {"tile": "2s", "seat": 0, "hit": True}],
        [{"tile": "5p", "seat": 3, "hit": True}, {"tile": "2s", "seat": 0, "hit": False}]]


@pytest.mark.parametrize(("name", "record", "options", "code", "pointer"), C.REFUSED,
                         ids=[c[0] for c in C.REFUSED])
def test_settle_refuses_the_spec_cases(name: str, record: dict[str, Any],
                                       options: dict[str, Any], code: str,
                                       pointer: str) -> None:
    assert H.problems(record, options)[0] == (code, pointer)
