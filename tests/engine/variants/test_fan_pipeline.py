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
from tests.hands import WINS

INVALID: dict[str, tuple[dict[str, Any], str]] = {
    "seats": ({"seats": {"winner": 0}}, "#/context/seats/discarder"),
    "birds": ({"seats": {"winner": 0, "discarder": 1, "dealer": 0}, "birds": ["1m"] * 5},
              "#/context/birds"),
    "codes": ({"codes": ["5m"] * 5}, "#/context/codes"),
    "code_count": ({"code_count": 99}, "#/context/code_count"),
}
"""For each fan member, a context (beside a discard win's) with a value of it ``fan``
refuses, and the pointer it names: seats without the discarder who pays (§0.3), five
copies of a bird or a code (there are four), more codes than a winner turns."""

MEMBERS = [(vid, name) for vid in sorted(REGISTRY) for name in REGISTRY[vid].fan_members]


def carrying(context: Context, name: str) -> Context:
    """``context`` with member ``name`` set to some value (an empty seats object, an empty
    tile list, a count)."""
    if name == "seats":
        return replace(context, seats=Seats())
    value: Any = 0 if name == "code_count" else ()
    return replace(context, facts=replace(context.facts, **{name: value}))


def test_every_variant_prices_payments_by_seats_only_in_fan() -> None:
    """Every variant's payments read the seats (RULES.md §0.3): a member ``fan`` checks."""
    assert all("seats" in v.fan_members for v in REGISTRY.values())


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_each_fan_member_is_seen_where_it_lives(variant: str) -> None:
    v = REGISTRY[variant]
    context = v.request(WINS[variant]).context
    assert not v.carries_fan_members(context)
    for name in v.fan_members:
        assert v.carries_fan_members(carrying(context, name)), name


@pytest.mark.parametrize(("variant", "name"), MEMBERS)
def test_checked_fan_checks_what_only_fan_checks(variant: str, name: str) -> None:
    """A discard win carrying an invalid value of one fan member: ``fan`` refuses it, naming
    the member, and so does `checked_fan` — without it, it answers what ``fan`` answers."""
    v = REGISTRY[variant]
    request = v.request(WINS[variant])
    options = v.options(request)
    plain = v.checked_fan(request, options)
    assert plain == v.fan(request) and plain.win
    given, pointer = INVALID[name]
    body = {**WINS[variant], "context": {**WINS[variant]["context"], **given}}
    invalid = v.request(body)
    assert v.carries_fan_members(invalid.context)
    with pytest.raises(RequestError) as by_fan:
        v.fan(invalid)
    with pytest.raises(RequestError) as by_checked_fan:
        v.checked_fan(invalid, options)
    assert by_checked_fan.value.problems == by_fan.value.problems
    assert pointer in [p.pointer for p in by_fan.value.problems], by_fan.value.problems
