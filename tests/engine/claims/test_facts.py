"""The fast reading of a plain claims request (`engine.claims.facts.plain_facts`) against
the full one (`read_in_full`) on generated bodies and variations of their members: whenever
the fast path answers, it answers the same facts and no problem."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.claims.facts import plain_facts, read_in_full
from engine.variants import REGISTRY
from tests.engine.claims.generated import bodies

VARIATIONS: list[tuple[str, Any]] = [
    ("detail", "actions"), ("detail", "full"), ("detail", "none"), ("detail", None),
    ("locked", True), ("locked", "yes"), ("tile", "8z"), ("tile", 5), ("tile", "5x"),
    # equal to a kept key's member but not of its type (1 == True), or unhashable
    ("locked", 1), ("locked", 0), ("tile", ["1m"]), ("detail", ["actions"]),
    ("source", "rob_kong"), ("source", "discard_up"), ("source", ["self_draw"]),
    ("passed", {"tiles": ["1m"], "fan": 1}), ("kong", {"type": "added"}),
    ("win_type", "discard"), ("seats", {"winner": 0}), ("win_tile", "1m"),
    # refused context members, shared and variants' own (长沙 birds, 红中 codes)
    ("active", [0, 1]), ("birds", ["1m"]), ("codes", ["1m"]),
]
CONTEXT = {"locked", "source", "passed", "kong", "win_type", "seats", "active", "birds",
           "codes"}


def varied(data: dict[str, Any], member: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    where = out["context"] if member in CONTEXT else out
    where[member] = value
    return out


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_the_fast_reading_equals_the_full_one(variant: str) -> None:
    v = REGISTRY[variant]
    fast = 0
    for data in bodies(variant, 40, seed=5):
        for member, value in [(None, None), *VARIATIONS]:
            body = data if member is None else varied(data, member, value)
            try:
                request = v.request(body)
            except Exception:  # unreadable bodies never reach the facts
                continue
            options = v.options_or_defaults(request, [])
            kinds = v.hand_rules(options).tile_kinds
            plain = plain_facts(request, request.claim, kinds)
            if plain is not None:
                fast += 1
                assert (plain, []) == read_in_full(request, options, kinds), body
    assert fast >= 40 * 4  # the plain bodies and their plain variations took the fast path
