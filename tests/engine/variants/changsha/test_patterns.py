"""长沙's pattern tables (`changsha.patterns`): their order against RULES.md §2.3/§2.7, and
the scores memo of `changsha.scoring` held equal to the table applied afresh."""

from __future__ import annotations

import itertools
import random

from engine.hand import WinType
from engine.variants.changsha import scoring as SC
from engine.variants.changsha.patterns import SEED_TABLE, TABLE, Traits
from engine.variants.changsha.shapes import ShapeTraits


def test_tables_in_the_order_of_rules() -> None:
    # RULES.md §2.2 (小胡) then the §2.3 table, row by row
    assert [p.id for p in TABLE] == [
        "ping_hu", "peng_peng_hu", "jiang_jiang_hu", "qing_yi_se", "qi_xiao_dui",
        "hao_hua_qi_xiao_dui", "shuang_hao_hua_qi_xiao_dui", "san_hao_hua_qi_xiao_dui",
        "quan_qiu_ren", "gang_shang_kai_hua", "gang_shang_pao", "qiang_gang_hu",
        "hai_di_lao_yue", "hai_di_pao", "tian_hu", "di_hu", "men_qing"]
    assert [p.id for p in SEED_TABLE] == ["base", "jiang_jiang_hu", "qing_yi_se", "qi_xiao_dui"]


def _facts(rng: random.Random) -> Traits:
    bits = [rng.random() < 0.3 for _ in range(7)]
    seven = bits[5]
    shape = ShapeTraits(True, bits[0], bits[1] and not seven, bits[2], bits[3], seven,
                       rng.randrange(4) if seven else 0, bits[4])
    return Traits(shape, bits[4], rng.choice(list(WinType)), rng.random() < 0.3,
                 rng.random() < 0.3, rng.random() < 0.3, rng.random() < 0.5,
                 rng.choice([None, True, False]), bits[6])


def test_the_scores_memo_is_the_table_applied_afresh() -> None:
    rng = random.Random(12)
    option_sets = [
        {"menqing_dahu": on, "shuang_haohua_units": units, "dahu_stack": stack,
         "xiao_hu_self_draw": small}
        for on, units, stack, small in itertools.product((False, True), (3, 4),
                                                         ("add", "multiply"), (2, 1))]
    for _ in range(400):
        traits = _facts(rng)
        for options in option_sets:
            memo = SC.score(traits, options)
            assert SC.score(traits, options) is memo
            assert memo == SC.score_afresh(traits, options)


def test_a_small_win_and_a_stack_of_big_wins() -> None:
    options = {"menqing_dahu": False, "shuang_haohua_units": 4, "dahu_stack": "add",
               "xiao_hu_self_draw": 2}
    plain = ShapeTraits(True, True, False, False, False, False, 0, False)
    small = SC.score(Traits(plain, False, WinType.SELF_DRAW, False, False, False, False, None,
                           True), options)
    assert ([p.id for p in small.patterns], small.units, small.base_per_payer) == (
        ["ping_hu"], 0, 2)  # 小胡 self-draw: 2 a payer
    # 三豪华七小对 (shuang_haohua_units 4 + 1 = 5) + 清一色 1 + 杠上开花 1 = 7 units, 6 × 7 = 42
    seven = ShapeTraits(True, False, False, False, True, True, 3, False)
    big = SC.score(Traits(seven, False, WinType.SELF_DRAW, True, False, False, False, None,
                         True), options)
    assert [(p.id, p.fan) for p in big.patterns] == [
        ("qing_yi_se", 1), ("san_hao_hua_qi_xiao_dui", 5), ("gang_shang_kai_hua", 1)]
    assert (big.units, big.base_per_payer) == (7, 42)
