"""`Variant.checked(request, …, extra=…)`: the one way an operation checks its request — its
own checks (``extra``) run under the options sent or, when those are bad, the defaults (told
which), every problem listed once, the hand's before the context's (API.md: within one code
in document order, and ``win_tile`` comes before ``context`` in a body)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Problem, RequestError, invalid_field
from engine.options import Options
from engine.variants import REGISTRY
from engine.variants.sichuan.variant import VARIANT as SICHUAN

NO_WIN_TILE_NO_WINNER: dict[str, Any] = {"hand": "123m456m789p234s5s",
                                         "context": {"win_type": "discard",
                                                     "seats": {"discarder": 1}}}
"""A ``fan`` body without its win tile, whose seats name no winner: two ``missing_field``."""
JING = {"jing": {"zheng": "5s", "fu": "6s"}}


def _pointers(variant: str, body: dict[str, Any]) -> list[tuple[str, str]]:
    v = REGISTRY[variant]
    with pytest.raises(RequestError) as refused:
        v.fan(v.request(body))
    return [(p.code.value, p.pointer) for p in refused.value.problems]


@pytest.mark.parametrize("variant", ["changsha", "nanchang", "hongzhong"])
def test_fan_lists_the_hand_before_the_seats(variant: str) -> None:
    body = NO_WIN_TILE_NO_WINNER
    if variant == "nanchang":
        body = {**body, "context": {**body["context"], **JING}}
    found = _pointers(variant, body)
    # the win tile is the body's member before context: its problem comes first
    assert found[:2] == [("missing_field", "#/win_tile"),
                         ("missing_field", "#/context/seats/winner")]


def test_extra_is_told_whether_the_options_are_the_ones_sent() -> None:
    v = REGISTRY["changsha"]
    told: list[tuple[bool, Any]] = []
    same = invalid_field("#/context", "an operation's own problem")

    def extra(options: Options, given: bool) -> list[Problem]:
        told.append((given, options["bird_count"]))
        return [same, same]  # found twice: listed once

    good = v.request({"hand": "123m456m789p234s5s", "win_tile": "5s",
                      "options": {"bird_count": 4}})
    with pytest.raises(RequestError) as refused:
        v.checked(good, needs_win_tile=True, extra=extra)
    assert refused.value.problems == (same,)
    assert told[-1] == (True, 4)  # the options sent
    bad = v.request({"hand": "123m456m789p234s5s", "win_tile": "5s",
                     "options": {"bird_count": "many"}})
    with pytest.raises(RequestError) as refused:
        v.checked(bad, needs_win_tile=True, extra=extra)
    default = next(s.default for s in v.option_specs if s.name == "bird_count")
    assert told[-1] == (False, default)  # the defaults stood in for the bad options
    assert [p.pointer for p in refused.value.problems] == ["#/context", "#/options/bird_count"]


def test_a_request_with_nothing_wrong_passes_extra_once() -> None:
    v = REGISTRY["hongzhong"]
    asked: list[bool] = []

    def extra(options: Options, given: bool) -> list[Problem]:
        asked.append(given)
        return []

    options = v.checked(v.request({"hand": "123m456m789p234s5s", "win_tile": "5s"}),
                        needs_win_tile=True, extra=extra)
    assert options == v.options(v.request({}))  # the defaults
    assert asked == [True]  # the fast path alone: no problem lists built


def test_kong_reads_no_hand() -> None:
    # hand=False: 四川's kong body sends no hand, and none is asked for
    v = SICHUAN
    body = {"context": {"kong": {"type": "concealed", "tile": "7m"}, "seats": {"konger": 1}}}
    answer = v.kong(v.request(body))
    # a concealed kong: 2 from each of the three others (RULES.md §1.5) → +6 to the konger
    assert answer.payments == (-2, 6, -2, -2)
