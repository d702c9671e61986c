"""长沙 ``settle`` equals the slow reference (`reference`) on generated records, row for row
and win for win, with the options drawn at random; totals sum to zero, and a record cut after
any event settles to the rows of its events (the hand so far).

CI-sized by default; ``HUPAI_FULL=1`` plays many more hands (`test_generated` prints the
shares of 起手小胡, 开杠, 一炮多响 and 海底 among them).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.variants.changsha.settle.helpers import rows, run, wins
from tests.engine.variants.changsha.settle.reference import reference
from tests.engine.variants.changsha.settle.test_generated import COUNT, RECORDS


def _compare(answer: dict[str, Any], ref: dict[str, Any]) -> None:
    assert rows(answer) == ref["rows"]
    assert answer["totals"] == ref["totals"]
    assert (answer["outcome"], answer["next_dealer"]) == (ref["outcome"], ref["next_dealer"])
    mine = [{**q, "patterns": [p["id"] for p in q["patterns"]]} for q in answer["qishou"]]
    assert mine == ref["qishou"]
    assert wins(answer) == ref["wins"]


@pytest.mark.parametrize("index", range(COUNT))
def test_settle_equals_the_reference(index: int) -> None:
    record, options = RECORDS[index]
    answer = run(record, options)
    _compare(answer, reference(record, options))
    assert sum(answer["totals"]) == 0


@pytest.mark.parametrize("index", range(0, COUNT, 5))
def test_a_prefix_settles_to_the_rows_so_far(index: int) -> None:
    record, options = RECORDS[index]
    events = record["events"]
    for cut in range(len(events)):
        prefix = {k: v for k, v in record.items() if k != "end"}
        prefix["events"] = events[:cut]
        answer = run(prefix, options)
        assert rows(answer) == reference(prefix, options)["rows"]
        assert (answer["outcome"], answer["next_dealer"]) == ("in_play", None)
