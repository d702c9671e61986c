"""The engine's memos: `BoundedDict` bounds, and `clear_hand_memos` empties every memo keyed
by a hand (what ``benchmarks/weights.py`` times each fresh body after), not the option sets'."""

from __future__ import annotations

from engine import variants
from engine.caching import BoundedDict, IdentityMemo, clear_hand_memos, hand_memo
from engine.variants.changsha import seed_scoring
from engine.variants.hongzhong import scoring as hongzhong_scoring
from engine.variants.nanchang import scoring as nanchang_scoring
from engine.variants.sichuan import reader
from engine.variants.sichuan import scoring as sichuan_scoring
from tests.hands import WINS

FANS = {**WINS, "changsha": {**WINS["changsha"], "options": {"scoring_profile": "seed_simplified"}}}
"""The discard wins, 长沙's priced by the seed profile (its memo, `seed_score`)."""
ROOM_FAN = {"hand": "11m22m33m44m55p", "win_tile": "5p", "options": {"hand_size": 10}}
DRAGON_FAN = {"hand": "123m456m789m55p23p", "win_tile": "4p",
              "options": {"yi_tiao_long_fan": 1}}


def test_a_bounded_dict_empties_itself_when_full() -> None:
    memo: BoundedDict[int, int] = BoundedDict(3)
    for k in range(7):
        memo.keep(k, k * k)
    # 0, 1, 2 kept; full at 3: cleared, 3, 4, 5; full at 6: cleared, 6
    assert memo == {6: 36}


def test_an_identity_memo_answers_only_the_same_object_and_keeps_it() -> None:
    memo: IdentityMemo[str] = IdentityMemo(3)
    first = {"players": 4}
    assert memo.keep(first, "four") == "four"
    assert memo.found(first) == "four"
    assert memo.found({"players": 4}) is None  # equal, not the same object
    # the entry holds the mapping itself: its id stays taken while the entry stands
    kept = memo[id(first)][0]
    del first
    assert kept == {"players": 4}
    others = [{"n": n} for n in range(3)]
    for n, other in enumerate(others):
        memo.keep(other, str(n))
    # one kept, then others 0 and 1; full at 3: cleared, then other 2 alone
    assert len(memo) == 1 and memo.found(others[2]) == "2" and memo.found(others[0]) is None


def test_a_registered_memo_is_returned_unchanged_and_cleared() -> None:
    memo: dict[str, int] = {}
    assert hand_memo(memo) is memo
    memo["a"] = 1
    clear_hand_memos()
    assert memo == {}


def test_clear_hand_memos_empties_what_a_fan_of_each_variant_filled() -> None:
    clear_hand_memos()  # cold, whatever other tests asked before
    for vid, body in FANS.items():
        variant = variants.get(vid)
        assert variant is not None
        variant.fan(variant.request(body))
    # a 10-tile room (its pairs shape: 五对) and 一条龙 (every reading), 四川's own memos
    sichuan = variants.get("sichuan")
    assert sichuan is not None
    sichuan.fan(sichuan.request(ROOM_FAN))
    sichuan.win(sichuan.request(ROOM_FAN))
    sichuan.fan(sichuan.request(DRAGON_FAN))
    hongzhong = variants.get("hongzhong")
    assert hongzhong is not None
    # 清一色 priced: a wait's fan is the table's (by its traits), not a shape's alone
    hongzhong.waits(hongzhong.request({"hand": "1112345678999m",
                                       "options": {"qingyise_fan": 1}}))
    nanchang = variants.get("nanchang")
    assert nanchang is not None
    nanchang_scores = nanchang_scoring.scoring_of(
        nanchang.options(nanchang.request(FANS["nanchang"]))).scores
    configs = hongzhong_scoring.BY_CONFIG.values()  # other tests may have filled more

    def sizes() -> dict[str, int]:
        return {
            "sichuan analyse": reader.analyse.cache_info().currsize,
            "sichuan analyse_room": reader.analyse_room.cache_info().currsize,
            "sichuan all_candidates": reader.all_candidates.cache_info().currsize,
            "sichuan room_tiles_shapes": len(sichuan_scoring.ROOM_TILES_SHAPES),
            "sichuan JUDGED": len(sichuan_scoring.JUDGED),
            "changsha seed_score": seed_scoring.seed_score.cache_info().currsize,
            "hongzhong scores": sum(len(c.scores) for c in configs),
            "hongzhong wait_fans": sum(len(c.wait_fans) for c in configs),
            "nanchang scores": len(nanchang_scores),
        }

    filled = sizes()
    assert all(filled.values()), filled
    kept = dict(hongzhong_scoring.BY_CONFIG)
    clear_hand_memos()
    assert not any(sizes().values()), sizes()
    # a memo of an option set stays (a room keeps it): the options resolved, 红中's Config
    # entries, 南昌's Scoring (its scores, a hand memo, emptied above)
    options = sichuan.options(sichuan.request(FANS["sichuan"]))
    clear_hand_memos()
    assert sichuan.options(sichuan.request(FANS["sichuan"])) is options
    assert dict(hongzhong_scoring.BY_CONFIG) == kept
    assert nanchang_scoring.scoring_of(
        nanchang.options(nanchang.request(FANS["nanchang"]))).scores is nanchang_scores
