"""红中: the fast waits machinery answers what the slow definitions answer (`fast_paths`).

``shanten_after_draws`` probes the standard shape once for every draw (a drawn wild kind
adds a wildcard), 七对 and 十三幺 only above their floors, then the 四红中 road per draw;
``discard_draws`` reads the standard shape and 七对 of every natural discard in one pass
each, 十三幺 and the 四红中 road from the whole hand; ``wait_candidates`` are the kinds
``wait_list`` reads off the tables.
All are held against the base class's definitions — and ``waits``/``discards`` against the
base class's ``wait_list`` with every kind checked — on fixed-seed hands with up to eight
wildcards (one and two wild kinds, 112 and 136 tiles, no wildcards at all), and on worst
cases.
"""

from __future__ import annotations

import pytest

from engine import tiles as T
from engine.variants.hongzhong.variant import VARIANT
from tests.engine.variants import fast_paths as F

SUITS = tuple(range(27))
TWO_WILDS = {"tile_set": "136", "wild_tiles": ["5z", "7z"], "qidui_fan": 2,
             "shisanyao_fan": 3, "allow_chow_meld": True, "four_wild_win": "first_turn"}
REQUESTS = F.valid_requests(VARIANT, [
    *F.bodies((*SUITS, 33), (33,), count=120, seed=404, chows=False,
              options=({}, {"pengpenghu_fan": 1, "qingyise_fan": 2, "no_wild_fan": 1},
                       {"qidui": False, "four_wild_win": "off"})),
    *F.bodies(range(34), (31, 33), count=70, seed=405, chows=True,
              specials=("orphans",), options=(TWO_WILDS,)),
    *F.bodies(range(34), (), count=30, seed=406, chows=False, specials=("orphans",),
              options=({"tile_set": "136", "wild_tiles": []},)),
    # eight wildcards, 四红中 roads, 十三幺 with wildcards, four of a kind
    {"hand": "7777z5555z123m45p", "options": TWO_WILDS},
    {"hand": "7777z5555z19m19p1s9s", "options": TWO_WILDS},
    {"hand": "7777z1111m2222p34s"}, {"hand": "777z11223344m5p6p"},
    {"hand": "19m19p19s1234566z7z", "options": {"tile_set": "136", "wild_tiles": ["7z"]}},
    {"hand": "11112222333344m", "options": {"tile_set": "136", "wild_tiles": []}},
])
SLOW = F.reference(VARIANT)


def test_the_cases_are_valid_and_varied() -> None:
    assert len(REQUESTS) >= 180
    assert sum(1 for r in REQUESTS if r.hand.melds) >= 20
    assert sum(1 for r in REQUESTS if r.hand.concealed.count(33) >= 3) >= 15


def test_hooks_agree_with_their_definitions() -> None:
    wins = sum(F.check_hooks(VARIANT, request) for request in REQUESTS)
    assert wins >= 1000


@pytest.mark.parametrize("i", range(0, len(REQUESTS), 3))
def test_waits_and_discards_equal_the_slow_ones(i: int) -> None:
    F.check_operations(VARIANT, SLOW, REQUESTS[i])


@pytest.mark.parametrize(("hand", "road"), [
    # three 红中 and 123m 456m 789m 1p: 四红中 is one tile away (shanten 0 at most) for
    # every draw that keeps the three; drawing the fourth 红中 completes it (−1)
    ("777z123m456m789m1p", {"7z": -1}),
])
def test_the_four_wild_road_after_each_draw(hand: str, road: dict[str, int]) -> None:
    request = VARIANT.request({"hand": hand})
    after = VARIANT.shanten_after_draws(request.hand.concealed, request.hand,
                                        request.context, VARIANT.options(request))
    for code, value in road.items():
        assert after[T.from_code(code)] == value
    assert max(after[t] for t in range(27)) <= 0
