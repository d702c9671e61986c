"""红中 claims (rules/claims.md §4.1, §4.4): chow only with allow_chow_meld, discard wins by
win_by_discard, wild kinds never melded under wild_melds "never"; each case with its
reasoning."""

from __future__ import annotations

from tests.engine.claims.common import ask, body, kinds, refusals


def test_chow_only_with_allow_chow_meld() -> None:
    data = body("13m 456m 789m 55p 678p", "2m", "discard_left")
    assert [k for k in kinds(ask("hongzhong", data)) if k.startswith("chow")] == []
    data["options"] = {"allow_chow_meld": True}
    assert "chow 1m3m" in kinds(ask("hongzhong", data))


def test_discard_win_follows_win_by_discard() -> None:
    data = body("13m 456m 789m 55p 678p", "2m", "discard_opposite")
    assert refusals(ask("hongzhong", data)) == [("win", "discard_win_not_allowed")]
    data["options"] = {"win_by_discard": "yes"}
    win = ask("hongzhong", data)["actions"][0]
    # no wildcard held: the extra code (extra_code_without_wild) → 2 + 1 codes to draw
    assert (win["type"], win["codes_to_draw"]) == ("win", 3)


def test_rob_kong_wins_whatever_win_by_discard() -> None:
    data = body("123m 456m 789m 23p 55s", "4p", "rob_kong")
    assert kinds(ask("hongzhong", data)) == ["rob_kong", "pass"]


def test_a_discarded_hongzhong_pong_follows_wild_melds() -> None:
    # two 红中 held, a 红中 discarded: never → refused as wild_tile; face_value → a pong
    data = body("77z 123m 456m 789m 5p 9p", "7z", "discard_right")
    assert refusals(ask("hongzhong", data)) == [("pong", "wild_tile")]
    data["options"] = {"wild_melds": "face_value"}
    assert "pong 7z7z" in kinds(ask("hongzhong", data))


def test_four_wildcards_are_no_kong_under_never() -> None:
    # 777z held and the 4th drawn: the 四红中 win is the win action; the kong is refused
    data = body("777z 123m 456m 789m 9p", "7z", "self_draw")
    answer = ask("hongzhong", data)
    assert kinds(answer)[0] == "win"
    assert answer["refused"] == [{"type": "kong", "kind": "concealed", "tile": "7z",
                                  "tiles": ["7z", "7z", "7z", "7z"], "reason": "wild_tile"}]
    data["options"] = {"wild_melds": "face_value"}
    assert "kong concealed 7z" in kinds(ask("hongzhong", data))
