"""The ``kong`` operation with settle's kong options and ``context.kong.late`` (settle.md
§1.6.2, §1.6.10): the same payments `settle` lists as its kong rows."""

from __future__ import annotations

from typing import Any

import pytest

from engine.variants.sichuan import VARIANT


def pay(kong: dict[str, Any], seats: dict[str, int], options: dict[str, Any],
        active: list[int] | None = None) -> tuple[int, ...]:
    context: dict[str, Any] = {"kong": kong, "seats": seats}
    if active is not None:
        context["active"] = active
    return VARIANT.kong(VARIANT.request({"context": context, "options": options})).payments


@pytest.mark.parametrize(("options", "expected"), [
    # 直杠 by 1 off 3's discard: 3 pays zhi_gang_discarder × base, seats 0 and 2 zhi_gang_others
    ({}, (0, 2, 0, -2)),                                              # 2, others 0
    ({"zhi_gang_discarder": 3}, (0, 3, 0, -3)),                       # 3
    ({"zhi_gang_discarder": 1, "zhi_gang_others": 1}, (-1, 3, -1, -1)),  # 1 + 1 + 1 = 3
    ({"zhi_gang_others": 2, "base_points": 5}, (-10, 30, -10, -10)),   # (2 + 2 + 2) × 5 = 30
])
def test_exposed_kong_options(options: dict[str, Any], expected: tuple[int, ...]) -> None:
    assert pay({"type": "exposed", "tile": "5m"}, {"konger": 1, "discarder": 3},
               options) == expected


def test_others_pay_only_while_in_the_hand() -> None:
    # seat 0 has left: only the discarder 3 (2) and seat 2 (1) pay → +3 to seat 1
    assert pay({"type": "exposed", "tile": "5m"}, {"konger": 1, "discarder": 3},
               {"zhi_gang_others": 1}, active=[1, 2, 3]) == (0, 3, -1, -2)


@pytest.mark.parametrize(("late", "options", "expected"), [
    (False, {}, (3, -1, -1, -1)),                              # 补杠: 1 from each of three
    (True, {}, (3, -1, -1, -1)),                               # late pays by default
    (True, {"late_added_kong_pays": False}, (0, 0, 0, 0)),     # a late 补杠 earns nothing
    (False, {"late_added_kong_pays": False}, (3, -1, -1, -1)),  # a fresh one still pays
])
def test_late_added_kong(late: bool, options: dict[str, Any],
                         expected: tuple[int, ...]) -> None:
    assert pay({"type": "added", "tile": "5m", "late": late}, {"konger": 0},
               options) == expected
