"""The shortcuts of `engine.claims.offer` held equal to its general path on generated hands
(fixed seed; ``HUPAI_FULL=1`` for the full run): a pong or chow built from its tiles alone
when nothing else is asked (`Situation.plain_calls`) is the one `_claim` builds, and the
situation of a plain request (`plain_situation`) the one the full check builds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.claims import offer
from engine.claims.answers import Refusal
from engine.errors import RequestError
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.claims.generated import bodies

COUNT = H.scale(300, 5000)
EXTRA_OPTIONS = {"sichuan": {"meld_missing_suit": True}}
"""Options half the bodies of `test_plain_calls_equal_the_general_path` add: 四川's pong of
the missing suit itself is only offered under ``meld_missing_suit``."""


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_plain_calls_equal_the_general_path(variant: str) -> None:
    v = REGISTRY[variant]
    assert v.claim_rules is not None
    plain = 0
    for i, data in enumerate(bodies(variant, COUNT, seed=1606)):
        if i % 2 and variant in EXTRA_OPTIONS:  # the branches only an option reaches
            data = {**data, "options": {**data.get("options", {}), **EXTRA_OPTIONS[variant]}}
        request = v.request({**data, "detail": "actions"})
        s = offer.situation_of(v, v.claim_rules, request)
        # the general side reads nothing the shortcut precomputed: without plain_calls and
        # without suit_barred, `_no_discard` works out what a call bars from the rules alone
        general = replace(s, plain_calls=False, suit_barred=None)
        for step in (offer.pong_actions, offer.chow_actions):
            found = step(s)
            assert found == step(general), (data, step.__name__)
            plain += s.plain_calls and any(not isinstance(a, Refusal) for a in found)
    assert plain > COUNT // 10  # the shortcut built a call often enough to mean something


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_the_plain_situation_equals_the_checked_one(variant: str) -> None:
    # what most requests are read by — no problem lists — against the full check, on
    # generated bodies with either detail, locked or not, and a 过胡 record now and then
    v = REGISTRY[variant]
    assert v.claim_rules is not None
    plain = 0
    for i, data in enumerate(bodies(variant, COUNT, seed=1607)):
        body = {**data, "detail": ("full", "actions")[i % 2]}
        if i % 5 == 0:
            body["context"] = {**data["context"], "locked": True}
        if i % 7 == 0 and data["context"]["source"] != "self_draw":
            body["context"] = {**body["context"], "passed": {"tiles": [data["tile"]],
                                                             "fan": 1}}
        request = v.request(body)
        try:
            checked = offer.checked_situation(v, v.claim_rules, request)
        except RequestError:  # a locked hand that is not ready
            assert offer.plain_situation(v, v.claim_rules, request) is None
            continue
        found = offer.plain_situation(v, v.claim_rules, request)
        if found is not None:
            plain += 1
            assert found == checked, body
    assert plain > COUNT // 2  # most requests are read the plain way
