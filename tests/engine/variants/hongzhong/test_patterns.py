"""红中's pattern table (`hongzhong.patterns`): its order against RULES.md §4.2, a worked
best-shape choice, and the scores memo of `hongzhong.scoring` held equal to the table applied
afresh."""

from __future__ import annotations

from engine.variants.hongzhong import scoring as SC
from engine.variants.hongzhong.options import config
from engine.variants.hongzhong.patterns import TABLE, Traits
from engine.variants.hongzhong.variant import VARIANT as V

SHAPES = ("standard", "seven_pairs", "thirteen_orphans", "four_wilds")


def test_table_in_the_order_of_rules() -> None:
    assert [p.id for p in TABLE] == ["ping_hu", "qi_dui", "shi_san_yao", "si_hong_zhong",
                                     "peng_peng_hu", "qing_yi_se", "wu_hong_zhong"]


def _cfg(**given: object):  # type: ignore[no-untyped-def]
    return config(V.options(V.request({"hand": "1m", "options": given})))


def test_the_best_shape_is_kept_the_first_on_a_tie() -> None:
    cfg = _cfg(qingyise_fan=2, pengpenghu_fan=1, no_wild_fan=1)
    table, _ = SC.scoring_of(cfg)
    standard = Traits("standard", True, 0, False)  # 胡牌 0 + 碰碰胡 1 + 清一色 2 + 无红中 1 = 4
    pairs = Traits("seven_pairs", False, 0, False)  # 七对 1 + 清一色 2 + 无红中 1 = 4
    scored = SC.best(table, (standard, pairs))
    assert (scored.shape, scored.fan, [p.id for p in scored.patterns]) == (
        "standard", 4, ["ping_hu", "peng_peng_hu", "qing_yi_se", "wu_hong_zhong"])
    scored = SC.best(table, (Traits("standard", False, None, True), pairs))  # 0 against 4
    assert (scored.shape, scored.fan, scored.flush_suit) == ("seven_pairs", 4, 0)


HANDS = (("123m456m789m123p5p", "5p"), ("13m46m789m13p5p7z7z7z", "7z"),
         ("1122m3344p5566s7z", "7z"), ("111m333m555m777m9m", "9m"), ("1122m3344m5566m7z", "7z"),
         ("7z7z7z123m456m789m1p", "7z"), ("111222333m44m7z7z", "7z"))


def test_the_scores_memo_is_the_table_applied_afresh() -> None:
    # every hand scored fresh (memos emptied) and then from the warm memos, in reverse
    # order and under three option sets: the same answers
    option_sets = [{}, {"qingyise_fan": 1, "pengpenghu_fan": 2, "no_wild_fan": 1,
                        "qidui_fan": 0, "win_by_discard": "yes"},
                   {"tile_set": "136", "shisanyao_fan": 3, "qingyise_fan": 2}]
    requests = [V.request({"hand": h, "win_tile": w, "options": o,
                               "context": {"win_type": "self_draw"}})
                for o in option_sets for h, w in HANDS]
    fresh = {}
    for req in requests:
        SC.BY_CONFIG.clear()
        cfg = config(V.options(req))
        if SC.check(req.hand, req.context, cfg).win:
            fresh[id(req)] = SC.score(req.hand, req.context, cfg)
    assert len(fresh) == 3 * len(HANDS)
    for req in reversed(requests):
        if id(req) in fresh:
            cfg = config(V.options(req))
            assert SC.score(req.hand, req.context, cfg) == fresh[id(req)]
