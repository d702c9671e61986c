"""南昌: the fast waits machinery answers what the slow definitions answer (`fast_paths`).

``shanten_after_draws`` asks each semantics (substituting, face value) once per shape for
every draw; ``discard_draws`` reads the standard shape of every natural discard in one
pass per semantics, the special shapes and a 精's discard as those take them;
``wait_candidates`` takes the kinds completing either reading (a drawn 精 adds
a wildcard); ``wait_list`` judges each candidate once. All are held against the base
class's definitions on fixed-seed hands with up to eight 精, honor chows, seven pairs and
十三烂, under option sets that switch the semantics apart, and on worst cases.
"""

from __future__ import annotations

import pytest

from engine import shapes as S
from engine import tiles as T
from engine.variants.nanchang import scoring as NS
from engine.variants.nanchang import waits as NW
from engine.variants.nanchang.variant import VARIANT
from tests.engine.variants import fast_paths as F

OPTIONS = ({}, {"honor_chow": False, "qidui_allow_four": False},
           {"shisanlan_allow_jing": False, "jing_only_group_allowed": False,
            "wu_ping_hu": True, "deguo_allow_natural_jing": False},
           {"claimed_jing_is_natural": False, "jing_diao_self_draw_only": False},
           # one of the two apart: the readings' rules differ, or a 精 may not stand alone
           # in a group (either way the face-value pass cannot read a drawn 精)
           {"shisanlan_allow_jing": False}, {"jing_only_group_allowed": False})
JING = {"zheng": "5s", "fu": "6s"}
HONOR_JING = {"zheng": "1z", "fu": "2z"}
REQUESTS = F.valid_requests(VARIANT, [
    *F.bodies(range(34), (22, 23), count=160, seed=303, chows=True, honor_chows=True,
              specials=("shi_san_lan",), options=OPTIONS, context={"jing": JING}),
    *F.bodies(range(34), (27, 28), count=60, seed=304, chows=True, honor_chows=True,
              specials=("shi_san_lan",), options=OPTIONS, context={"jing": HONOR_JING}),
    *F.bodies(range(27), (4, 5), count=30, seed=305, chows=True,
              options=({"tile_set": "108"},), context={"jing": {"zheng": "5m", "fu": "6m"}}),
    # eight 精, 十三烂 with 精, seven pairs with fours
    {"hand": "5555s6666s1234m45p", "context": {"jing": JING}},
    {"hand": "147m25p1234567z5s6s", "context": {"jing": JING}},
    {"hand": "147m2p1234567z5s66s", "context": {"jing": JING}},
    {"hand": "1111223344m5566s", "context": {"jing": JING}},
    {"hand": "19m19p19s1234567z5s", "context": {"jing": JING}},
])
SLOW = F.reference(VARIANT)


def test_the_cases_are_valid_and_varied() -> None:
    assert len(REQUESTS) >= 200
    assert sum(1 for r in REQUESTS if r.hand.melds) >= 30
    assert sum(1 for r in REQUESTS if sum(1 for t in r.hand.concealed if t in (22, 23)) >= 3
               ) >= 20


def test_hooks_agree_with_their_definitions() -> None:
    wins = sum(F.check_hooks(VARIANT, request) for request in REQUESTS)
    assert wins >= 1000


@pytest.mark.parametrize("i", range(0, len(REQUESTS), 3))
def test_waits_and_discards_equal_the_slow_ones(i: int) -> None:
    F.check_operations(VARIANT, SLOW, REQUESTS[i])


@pytest.mark.parametrize("options", [{}, {"tile_set": "108", "honor_chow": False},
                                     {"shisanlan_allow_jing": False,
                                      "jing_only_group_allowed": False}])
def test_part_shanten_is_the_whole_rule_sets(options: dict[str, bool]) -> None:
    # the standard shape, 七对 and 十三烂 asked apart (specials only above their floors)
    # give the least the combined rules give, for 13 and 14 tiles with up to 8 wildcards
    full = {s.name: s.default for s in VARIANT.option_specs} | options
    rules = NS.rules_for(full)
    checked = 0
    for request in REQUESTS:
        naturals = T.counts(t for t in request.hand.concealed if t not in (22, 23))
        wilds = 14 - 3 * len(request.hand.melds) - sum(naturals)
        if request.hand.melds or any(t not in T.TILE_SETS[full["tile_set"]]
                                     for t in request.hand.concealed):
            continue
        for combined, parts in ((rules.wild, rules.wild_parts),
                                (rules.natural, rules.natural_parts)):
            assert NW.part_shanten(naturals, wilds, parts) == S.shanten(naturals, wilds,
                                                                          combined)
            checked += 1
    assert checked >= 40


