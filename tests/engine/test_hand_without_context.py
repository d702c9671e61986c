"""A body without ``context`` reads as a context that says nothing.

`parse_request` skips `_parse_context` when ``context`` is absent or ``{}`` and uses one
prebuilt context per variant's facts; these cases pin that the shortcut gives exactly what
reading a context that states only defaults gives, so the two paths cannot drift apart.
"""

from __future__ import annotations

import pytest

from engine.hand import Context, VariantFacts, parse_request
from engine.variants import REGISTRY

HAND = {"hand": "123m456m789m55p23p", "win_tile": "4p"}
FACTS = [VariantFacts, *(v.facts for v in REGISTRY.values())]


@pytest.mark.parametrize("facts", FACTS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("context", [
    {"after_kong": False},  # a context stating a default: read member by member
    {"visible": []},        # no visible tiles: () as in Context()
    {"visible": ""},
])
def test_no_context_is_the_same_as_a_context_of_defaults(context: dict[str, object],
                                                         facts: type[VariantFacts]) -> None:
    shortcut = parse_request(HAND, facts).context
    assert shortcut == parse_request({**HAND, "context": {}}, facts).context
    assert shortcut == Context(facts=facts())
    assert parse_request({**HAND, "context": context}, facts).context == shortcut


def test_a_context_that_says_something_is_read() -> None:
    read = parse_request({**HAND, "context": {"after_kong": True, "visible": "5p"}},
                         VariantFacts).context
    assert read.after_kong is True and read.visible == (13,)  # 5p = 9 + 5 - 1
