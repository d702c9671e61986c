"""南昌 claims (rules/claims.md §3.1, §3.8): honor chows from 上家, 精 at face value in melds and
never standing in; each case with its reasoning."""

from __future__ import annotations

from tests.engine.claims.common import ask, body, kinds, refusals

JING = {"zheng": "5p", "fu": "6p"}


def test_wind_chows_any_two_other_winds() -> None:
    # 12z 4z with a 3z from the left: 123z, 134z, 234z — ordered by meld (reading 2)
    data = body("12z 4z 123m 456m 789p 9s", "3z", "discard_left", jing=JING)
    chows = [a["meld"] for a in ask("nanchang", data)["actions"] if a["type"] == "chow"]
    assert chows == [["1z", "2z", "3z"], ["1z", "3z", "4z"], ["2z", "3z", "4z"]]
    data["options"] = {"honor_chow": False}
    assert [a for a in ask("nanchang", data)["actions"] if a["type"] == "chow"] == []


def test_a_dragon_goes_only_with_the_other_two() -> None:
    data = body("56z 1z 123m 456m 789p 9s", "7z", "discard_left", jing=JING)
    assert [a["meld"] for a in ask("nanchang", data)["actions"] if a["type"] == "chow"] == [
        ["5z", "6z", "7z"]]


def test_a_discarded_jing_is_ponged_at_face_value() -> None:
    # two 5p (正精) held and a 5p discarded: an ordinary pong (NC takes out exact tiles)
    data = body("55p 123m 456m 789s 1z 2z", "5p", "discard_right", jing=JING)
    assert "pong 5p5p" in kinds(ask("nanchang", data))


def test_a_jing_never_stands_in() -> None:
    # one 9s and a 5p (精) in hand, 9s discarded: the pong would need the 精 → needs_wild,
    # its tiles the natural 9s and the lowest 精 held (reading 4)
    data = body("9s 5p 123m 456m 789m 1z 2z", "9s", "discard_right", jing=JING)
    answer = ask("nanchang", data)
    assert "pong 9s9s" not in kinds(answer)
    assert answer["refused"] == [{"type": "pong", "tiles": ["5p", "9s"], "reason": "needs_wild"}]


def test_jing_diao_on_a_discard_refused_with_its_reason() -> None:
    # 123m 456m 789m 123s + 5p (精): a 精钓, waiting on anything; a discard win is refused
    # (jing_diao_needs_self_draw), on his own draw it wins
    data = body("123m 456m 789m 123s 5p", "9p", "discard_opposite", jing=JING)
    assert refusals(ask("nanchang", data)) == [("win", "jing_diao_needs_self_draw")]
    data["context"]["source"] = "self_draw"
    assert kinds(ask("nanchang", data))[0] == "win"
