"""`Variant.offer_check` — the win check of a claims offer without the trial hand and
context — gives `Variant.check`'s verdict on hand + tile in the source's win type (the
reference: what ``claims`` asks when a variant has no such shortcut)."""

from __future__ import annotations

import copy
import os

import pytest

from engine.claims.facts import read_facts
from engine.claims.offer import _with_win_type
from engine.hand import Hand
from engine.variants import REGISTRY
from tests.engine.claims.generated import bodies

SHORTCUTS = {"sichuan", "changsha"}
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
                                _with_win_type(request.context, facts.source.win_type),
                                options)
            assert (quick.win, quick.shapes, quick.reason) == \
                (reference.win, reference.shapes, reference.reason), body
            wins += quick.win
    if variant in SHORTCUTS:  # every offer ruled on, wins among them
        assert asked == COUNT * (4 if variant == "sichuan" else 1) and wins > 0
