"""南昌's pattern table (`nanchang.patterns`): its order against RULES.md §3.4/§3.5, the
bonuses and their flat points, 天胡/地胡 replacing the list, and the scores memo of
`nanchang.scoring` held equal to the table applied afresh."""

from __future__ import annotations

import itertools

from engine.variants.nanchang import scoring as SC
from engine.variants.nanchang.patterns import TABLE, Traits
from engine.variants.nanchang.variant import VARIANT as V
from engine.variants.patterns import activate, apply, flats

SHAPES = ("ping_hu", "da_qi_dui", "qi_dui", "shi_san_lan", "qi_xing_shi_san_lan")


def _options(**given: object):  # type: ignore[no-untyped-def]
    return V.options(V.request({"hand": "1m", "options": given}))


def test_table_in_the_order_of_rules() -> None:
    assert [p.id for p in TABLE] == [*SHAPES, "de_guo", "de_zhong_de", "jing_diao",
                                     "tian_hu", "di_hu"]


def test_bonuses_and_their_flat_points() -> None:
    table = SC.scoring_of(_options(deguo_flat=5, jing_diao_flat=3))
    # 大七对 1 + 德中德 2 + 精钓 1 = 4 fan; flat 5 (德中德) + 3 (精钓) = 8
    assert table.score(Traits("da_qi_dui", True, True, False, True)) == (
        ("da_qi_dui", "de_zhong_de", "jing_diao"), 4, 8)
    # substituting: no 德国; 十三烂 1
    assert table.score(Traits("shi_san_lan", False, True, None, False)) == (
        ("shi_san_lan",), 1, 0)


def test_tian_di_hu_replace_the_list() -> None:
    assert SC.tian_di("di_hu", _options(tian_di_hu_points=32)) == (("di_hu",), 0, 32)


def test_the_scores_memo_is_the_table_applied_afresh() -> None:
    for given in ({}, {"deguo_flat": 2, "jing_diao_flat": 5, "tian_di_hu_points": 30}):
        options = _options(**given)
        table = SC.scoring_of(options)
        active, flat = activate(TABLE, options), flats(TABLE, options)
        for key in itertools.product(SHAPES, (False, True), (False, True),
                                     (None, True, False), (False, True), (None, "tian_hu")):
            traits = Traits(*key)
            counted = apply(active, (traits,))[1]
            fresh = (tuple(c[0] for c in counted), sum(c[1] for c in counted),
                     sum(flat.get(c[0], 0) for c in counted))
            assert table.score(traits) == fresh
            assert table.score(traits) == fresh  # from the memo
