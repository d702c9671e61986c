"""settle-nanchang.md Part 2 replayed: Examples 1–3 exactly (every member, in reconciled.md
§3's order), and each small case's stated rows and sums — by the slow reference (so that it is
checked before it checks the operation) and by the operation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.engine.variants.nanchang.settle import examples as E
from tests.engine.variants.nanchang.settle.helpers import settled
from tests.engine.variants.nanchang.settle.reference import reference

Settle = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]
IMPLEMENTATIONS: dict[str, Settle] = {"reference": reference, "settle": settled}


def pick(answer: Any, path: str) -> Any:
    """The part of ``answer`` a small case names: ``by_reason/win``, ``jing/0/bao_pei``,
    ``transfers/3:6`` (a slice)."""
    for part in path.split("/"):
        if ":" in part:
            start, stop = (int(x) if x else None for x in part.split(":"))
            answer = answer[start:stop]
        elif isinstance(answer, list):
            answer = answer[int(part)]
        else:
            answer = answer[part]
    return answer


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_worked_example(implementation: str, n: int) -> None:
    record = getattr(E, f"EXAMPLE_{n}")
    options = getattr(E, f"EXAMPLE_{n}_OPTIONS")
    answer = IMPLEMENTATIONS[implementation](record, options)
    expected = getattr(E, f"ANSWER_{n}")
    assert answer == expected
    assert list(answer) == E.ANSWER_ORDER


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
@pytest.mark.parametrize(("name", "record", "options", "expected"), E.SMALL,
                         ids=[case[0] for case in E.SMALL])
def test_small_case(implementation: str, name: str, record: dict[str, Any],
                    options: dict[str, Any], expected: dict[str, Any]) -> None:
    answer = IMPLEMENTATIONS[implementation](record, options)
    for path, value in expected.items():
        assert pick(answer, path) == value, path
    assert sum(answer["totals"]) == 0
