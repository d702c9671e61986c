"""The ``fan`` pipeline of `engine.variants.base.Variant` (issue 22 item 4): each variant's
`fan_members` are members of its context, and a request carrying any of them is priced by
`checked_fan` only after ``fan``'s own checks (the members' problems are ``fan``'s alone)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.errors import RequestError
from engine.hand import Context, Seats
from engine.variants import REGISTRY

WINS: dict[str, dict[str, Any]] = {
    "sichuan": {"hand": "123m456m789m55p23p", "win_tile": "4p",
                "context": {"win_type": "discard"}},
    "changsha": {"hand": "123m456m789m2255p", "win_tile": "5p",
                 "context": {"win_type": "discard"}},
    "nanchang": {"hand": "123m456m789m123p5p", "win_tile": "5p",
                 "context": {"win_type": "discard", "jing": {"zheng": "5z", "fu": "6z"}}},
    "hongzhong": {"hand": "123m456m789m123p5p", "win_tile": "5p",
                  "context": {"win_type": "discard"}, "options": {"win_by_discard": "yes"}},
}
"""A discard win in every variant, with nothing only ``fan`` checks."""

DECLARED = {"sichuan": ("seats",), "changsha": ("seats", "birds"), "nanchang": ("seats",),
            "hongzhong": ("seats", "codes", "code_count")}
"""What each variant's payments, birds and codes read (RULES.md §1.4, §2.5, §3, §4.3)."""


def carrying(context: Context, name: str) -> Context:
    """``context`` with member ``name`` set to some value (an empty seats object, an empty
    tile list, a count)."""
    if name == "seats":
        return replace(context, seats=Seats())
    value: Any = 0 if name == "code_count" else ()
    return replace(context, facts=replace(context.facts, **{name: value}))


def test_the_members_only_fan_checks_are_declared() -> None:
    assert {vid: v.fan_members for vid, v in REGISTRY.items()} == DECLARED


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_each_fan_member_is_seen_where_it_lives(variant: str) -> None:
    v = REGISTRY[variant]
    context = v.request(WINS[variant]).context
    assert not v.carries_fan_members(context)
    for name in v.fan_members:
        assert v.carries_fan_members(carrying(context, name)), name


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_checked_fan_checks_what_only_fan_checks(variant: str) -> None:
    """A discard win whose seats name no discarder: ``fan`` refuses it for its payments
    (seats ask for the payer, §0.3), and so does `checked_fan` — without those seats it
    answers what ``fan`` answers."""
    v = REGISTRY[variant]
    request = v.request(WINS[variant])
    options = v.options(request)
    plain = v.checked_fan(request, options)
    assert plain == v.fan(request) and plain.win
    seated = replace(request, context=replace(request.context, seats=Seats(winner=0)))
    with pytest.raises(RequestError) as by_fan:
        v.fan(seated)
    with pytest.raises(RequestError) as by_checked_fan:
        v.checked_fan(seated, options)
    assert by_checked_fan.value.problems == by_fan.value.problems
    assert any("discarder" in p.pointer for p in by_fan.value.problems), by_fan.value.problems
