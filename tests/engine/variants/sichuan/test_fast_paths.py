"""四川: the fast waits machinery answers what the slow definitions answer (`fast_paths`).

``shanten_after_draws`` probes each droppable suit's rules once instead of asking
`hand_shanten` per kind; ``wait_candidates`` narrows the kinds to those completing a shape
and keeping 缺一门. Both are held against the base class's definitions on fixed-seed hands
(declared and undeclared missing suit, melds, seven pairs with fours) and on worst cases.
"""

from __future__ import annotations

import pytest

from engine import tiles as T
from engine.variants.sichuan.facts import missing_suit
from engine.variants.sichuan.variant import VARIANT
from tests.engine.variants import fast_paths as F

OPTIONS = ({}, {"gen_mode": "kong_only", "yaojiu_jiangdui": False},
           {"menqing_zhongzhang": True, "long_qi_dui_bonus": 2})
REQUESTS = F.valid_requests(VARIANT, [
    *F.bodies(range(27), (), count=220, seed=101, chows=False, options=OPTIONS,
              missing_suit=True),
    # four of a kind, seven pairs with fours, one suit only, three suits held
    {"hand": "11112222333344m"}, {"hand": "11223344556677m"}, {"hand": "1111m2222p3333s45m"},
    {"hand": "123456789m12345p"}, {"hand": "1122334455667m8p", "context": {"missing_suit": "s"}},
])
SLOW = F.reference(VARIANT)


def test_the_cases_are_valid_and_varied() -> None:
    # most bodies pass the shared checks; some wait, some declare melds or the missing suit
    assert len(REQUESTS) >= 180
    assert sum(1 for r in REQUESTS if r.hand.melds) >= 30
    assert sum(1 for r in REQUESTS if missing_suit(r.context) is not None) >= 60


def test_hooks_agree_with_their_definitions() -> None:
    wins = sum(F.check_hooks(VARIANT, request) for request in REQUESTS)
    assert wins >= 200  # the candidate check saw real waits, not only empty sets


@pytest.mark.parametrize("i", range(0, len(REQUESTS), 3))
def test_waits_and_discards_equal_the_slow_ones(i: int) -> None:
    F.check_operations(VARIANT, SLOW, REQUESTS[i])


@pytest.mark.parametrize(("meld", "candidates"), [
    # 345p 678p 234s + 9s: one pair wait on 9s beside pong 111p, 万 missing: 9s it is
    ("111p", ["9s"]),
    # the same beside pong 111m with 万 declared missing: 缺一门 can never hold, so no kind
    # is a candidate (the full check refuses each with que_yi_men)
    ("111m", []),
])
def test_candidates_keep_que_yi_men(meld: str, candidates: list[str]) -> None:
    request = VARIANT.request({"hand": "345p678p9s234s", "melds": [{"type": "pong",
                                                                 "tiles": meld}],
                             "context": {"missing_suit": "m"}})
    found = VARIANT.wait_candidates(request.hand.concealed, request.hand, request.context, {})
    assert [T.code(t) for t in found] == candidates
