"""`Variant.offer_check` — the win check of a claims offer without the trial hand and
context — gives `Variant.check`'s verdict on hand + tile in the source's win type (the
reference: what ``claims`` asks when a variant has no such shortcut); and
`Variant.checked_fan`, given that verdict, answers what ``fan`` answers on hand + tile (a
variant may price the win from what the verdict carries instead of judging it again)."""

from __future__ import annotations

import copy
import os
from typing import Any

import pytest

from engine.claims.facts import read_facts
from engine.claims.offer import with_win_type
from engine.hand import Hand, Request, WinType
from engine.variants import REGISTRY
from tests.engine.claims.common import plain
from tests.engine.claims.generated import bodies

SHORTCUTS = {"sichuan", "changsha", "nanchang", "hongzhong"}
COUNT = 2000 if os.environ.get("HUPAI_FULL") == "1" else 200


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_the_offer_check_equals_the_check(variant: str) -> None:
    v = REGISTRY[variant]
    asked = wins = 0
    for data in bodies(variant, COUNT, seed=16):
        for missing in (None, "m", "p", "s") if variant == "sichuan" else (None,):
            body = copy.deepcopy(data)
            if missing is not None:
                body["context"]["missing_suit"] = missing
            request = v.request(body)
            options = v.options_or_defaults(request, [])
            facts, problems = read_facts(request, options, v.hand_rules(options).tile_kinds)
            assert facts is not None and not problems, body
            hand = request.hand
            quick = v.offer_check(hand, facts.tile, request.context, facts.source.win_type,
                                  options)
            if quick is None:
                continue
            asked += 1
            reference = v.check(Hand(hand.concealed, hand.melds, facts.tile),
                                with_win_type(request.context, facts.source.win_type),
                                options)
            assert (quick.win, quick.shapes, quick.reason) == \
                (reference.win, reference.shapes, reference.reason), body
            wins += quick.win
    if variant in SHORTCUTS:  # every offer ruled on, wins among them
        assert asked == COUNT * (4 if variant == "sichuan" else 1) and wins > 0


def _fan_body(data: dict[str, Any], win_type: WinType) -> dict[str, Any]:
    """The ``fan`` body of hand + tile in the source's win type."""
    body = copy.deepcopy(data)
    body["win_tile"] = body.pop("tile")
    body["context"].pop("source")
    body["context"]["win_type"] = win_type.value
    return body


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_checked_fan_of_the_verdict_equals_fan(variant: str) -> None:
    """What ``claims`` prices a win with — `checked_fan` of the trial request, given the
    verdict of `offer_check` — is ``fan``'s whole answer (patterns, amounts, reading), and
    with ``with_reading=False`` the same but for the reading."""
    v = REGISTRY[variant]
    wins = 0
    for data in bodies(variant, COUNT, seed=17):
        request = v.request(data)
        options = v.options(request)
        facts, _ = read_facts(request, options, v.hand_rules(options).tile_kinds)
        assert facts is not None, data
        hand, win_type = request.hand, facts.source.win_type
        verdict = v.offer_check(hand, facts.tile, request.context, win_type, options)
        trial = Hand(hand.concealed, hand.melds, facts.tile)
        context = with_win_type(request.context, win_type)
        if verdict is None:
            verdict = v.check(trial, context, options)
        if not verdict.win:
            continue
        wins += 1
        trial_request = Request(trial, context, request.options)
        expected = plain(v.fan(v.request(_fan_body(data, win_type))))
        assert plain(v.checked_fan(trial_request, options, verdict)) == expected, data
        # what claims asks: the same answer without the reading
        lean = plain(v.checked_fan(trial_request, options, verdict, with_reading=False))
        assert lean == {k: value for k, value in expected.items() if k != "reading"}, data
    assert wins > COUNT // 25
