"""A body without ``context`` reads as a context that says nothing.

`parse_request` skips `_parse_context` when ``context`` is absent or ``{}`` and uses one
prebuilt ``Context()``; these cases pin that the shortcut gives exactly what reading a context
that states only defaults gives, so the two paths cannot drift apart.
"""

from __future__ import annotations

import pytest

from engine.hand import Context, parse_request

HAND = {"hand": "123m456m789m55p23p", "win_tile": "4p"}


@pytest.mark.parametrize("context", [
    {"after_kong": False},  # a context stating a default: read member by member
    {"visible": []},        # no visible tiles: () as in Context()
    {"visible": ""},
])
def test_no_context_is_the_same_as_a_context_of_defaults(context: dict[str, object]) -> None:
    shortcut = parse_request(HAND).context
    assert shortcut == parse_request({**HAND, "context": {}}).context == Context()
    assert parse_request({**HAND, "context": context}).context == shortcut


def test_a_context_that_says_something_is_read() -> None:
    read = parse_request({**HAND, "context": {"after_kong": True, "visible": "5p"}}).context
    assert read.after_kong is True and read.visible == (13,)  # 5p = 9 + 5 - 1
