"""The engine's memos: `BoundedDict` bounds, and `clear_hand_memos` empties every memo keyed
by a hand (what ``benchmarks/weights.py`` times each fresh body after), not the option sets'."""

from __future__ import annotations

from engine import variants
from engine.caching import BoundedDict, clear_hand_memos, hand_memo
from engine.variants.changsha import seed_scoring
from engine.variants.hongzhong import scoring as hongzhong_scoring
from engine.variants.sichuan import reader
from engine.variants.sichuan import scoring as sichuan_scoring

FANS = {
    "sichuan": {"hand": "123m456m789m55p23p", "win_tile": "4p"},
    "changsha": {"hand": "123m456m789m2255p", "win_tile": "5p",
                 "options": {"scoring_profile": "seed_simplified"}},
    "nanchang": {"hand": "123m456m789m123p5p", "win_tile": "5p",
                 "context": {"jing": {"zheng": "5z", "fu": "6z"}}},
    "hongzhong": {"hand": "123m456m789m123p5p", "win_tile": "5p"},
}


def test_a_bounded_dict_empties_itself_when_full() -> None:
    memo: BoundedDict[int, int] = BoundedDict(3)
    for k in range(7):
        memo.keep(k, k * k)
    # 0, 1, 2 kept; full at 3: cleared, 3, 4, 5; full at 6: cleared, 6
    assert memo == {6: 36}


def test_a_registered_memo_is_returned_unchanged_and_cleared() -> None:
    memo: dict[str, int] = {}
    assert hand_memo(memo) is memo
    memo["a"] = 1
    clear_hand_memos()
    assert memo == {}


def test_clear_hand_memos_empties_what_a_fan_of_each_variant_filled() -> None:
    for vid, body in FANS.items():
        variant = variants.get(vid)
        assert variant is not None
        variant.fan(variant.request(body))
    filled = {
        "sichuan analyse": reader.analyse.cache_info().currsize,
        "sichuan JUDGED": len(sichuan_scoring.JUDGED),
        "changsha seed_score": seed_scoring.seed_score.cache_info().currsize,
        "hongzhong BY_CONFIG": len(hongzhong_scoring.BY_CONFIG),
    }
    assert all(filled.values()), filled
    clear_hand_memos()
    assert reader.analyse.cache_info().currsize == 0
    assert len(sichuan_scoring.JUDGED) == 0
    assert seed_scoring.seed_score.cache_info().currsize == 0
    assert len(hongzhong_scoring.BY_CONFIG) == 0
    # a memo of an option set stays (a room keeps it): the options resolved
    sichuan = variants.get("sichuan")
    assert sichuan is not None
    options = sichuan.options(sichuan.request(FANS["sichuan"]))
    clear_hand_memos()
    assert sichuan.options(sichuan.request(FANS["sichuan"])) is options
