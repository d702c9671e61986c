"""The shortcuts of `engine.claims.offer` held equal to its general path on generated hands
(fixed seed; ``HUPAI_FULL=1`` for the full run): a pong or chow built from its tiles alone
when nothing else is asked (`Situation.plain_calls`) is the one `_claim` builds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.claims import offer
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.claims.generated import bodies

COUNT = H.scale(300, 5000)


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_plain_calls_equal_the_general_path(variant: str) -> None:
    v = REGISTRY[variant]
    assert v.claim_rules is not None
    plain = 0
    for data in bodies(variant, COUNT, seed=1606):
        request = v.request({**data, "detail": "actions"})
        s = offer._situation(v, v.claim_rules, request)
        general = replace(s, plain_calls=False)
        for step in (offer._pong, offer._chows):
            found = step(s)
            assert found == step(general), (data, step.__name__)
            plain += bool(found) and s.plain_calls
    assert plain > COUNT // 10  # the shortcut answered often enough to mean something
