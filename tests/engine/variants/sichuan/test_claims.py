"""四川 claims (rules/claims.md §1.1, §1.8): no chow, nothing of the missing suit, the missing
suit first after a call, late added kongs; each case with its reasoning."""

from __future__ import annotations

import pytest

from tests.engine.claims.common import ask, body, kinds, problems, refusals

# 13m 456m 789m 55p 678p: a 2m completes 123m (a win); no 2m held, so no pong.
CLOSED = "13m 456m 789m 55p 678p"


def test_no_chow_from_the_left() -> None:
    # 13m + 2m would be a chow elsewhere; 四川 has none, and none is listed as refused
    answer = ask("sichuan", body(CLOSED, "2m", "discard_left", missing_suit="s"))
    assert kinds(answer) == ["win", "pass"] and answer["refused"] == []


def test_missing_suit_pong_and_win_refused() -> None:
    # 11s 456m 789m 55p 67p with 定缺 s: 1s makes 111s — a shape holding three suits
    # (que_yi_men, listed since the shape exists) and a pong of the missing suit
    hand = "11s 456m 789m 55p 678p"
    answer = ask("sichuan", body(hand, "1s", "discard_opposite", missing_suit="s"))
    assert kinds(answer) == ["pass"]
    assert refusals(answer) == [("win", "que_yi_men"), ("pong", "missing_suit")]
    # meld_missing_suit: the pong is offered; nothing of s is left after it, so no_discard []
    answer = ask("sichuan", body(hand, "1s", "discard_opposite", missing_suit="s",
                                 options={"meld_missing_suit": True}))
    assert kinds(answer) == ["pong 1s1s", "pass"] and answer["actions"][0]["no_discard"] == []


def test_que_yi_men_without_a_shape_is_not_listed() -> None:
    # 13s 456m 789m 55p 678p + 2s: three suits and 123s is a shape, so listed; + 9s is no
    # shape at all: nothing to refuse (reading 13)
    hand = "13s 456m 789m 55p 678p"
    assert refusals(ask("sichuan", body(hand, "2s", "discard_left", missing_suit="s"))) == [
        ("win", "que_yi_men")]
    assert refusals(ask("sichuan", body(hand, "9s", "discard_left", missing_suit="s"))) == []


def test_a_que_yi_men_refusal_carries_its_shapes_but_win_shows_none() -> None:
    # the check rules 缺一门 before the shape, yet its refusal carries the shapes the tiles
    # form (what claims reads for reading 13); the win operation shows shapes only on a win
    from engine.variants import REGISTRY

    v = REGISTRY["sichuan"]
    shaped = v.request({"hand": "13s456m789m55p678p", "win_tile": "2s",
                            "context": {"missing_suit": "s"}})
    verdict = v.check(shaped.hand, shaped.context, v.options(shaped))
    assert (verdict.win, verdict.reason, verdict.shapes) == (False, "que_yi_men", ("standard",))
    answer = v.win(shaped)
    assert (answer.win, answer.reason, answer.shapes) == (False, "que_yi_men", None)
    # + 9s: no shape at all, and the refusal carries none
    shapeless = v.request({"hand": "13s456m789m55p678p", "win_tile": "9s",
                               "context": {"missing_suit": "s"}})
    assert v.check(shapeless.hand, shapeless.context, v.options(shapeless)).shapes == ()


def test_missing_suit_first_after_a_pong() -> None:
    # 5s 9p 55m 456m 789m 678p, 定缺 s, pong 5m: 5s is still held, so all 18 m/p kinds are
    # barred and 5s is the only discard (reading 5)
    data = body("5s 9p 55m 456m 789m 678p", "5m", "discard_right", missing_suit="s")
    (pong,) = [a for a in ask("sichuan", data)["actions"] if a["type"] == "pong"]
    assert pong["no_discard"] == [f"{r}{s}" for s in "mp" for r in range(1, 10)]
    assert pong["after"]["discard"] == "5s"
    # without the option nothing is barred, and discards' order still puts 5s first (reading 20)
    data["options"] = {"missing_suit_first": False}
    (pong,) = [a for a in ask("sichuan", data)["actions"] if a["type"] == "pong"]
    assert pong["no_discard"] == [] and pong["after"]["discard"] == "5s"


def test_concealed_kong_of_the_missing_suit_refused() -> None:
    # 111s in hand, 1s drawn: a 暗杠 of the missing suit
    answer = ask("sichuan", body("111s 456m 789m 5p 678p", "1s", "self_draw", missing_suit="s"))
    assert answer["refused"] == [{"type": "kong", "kind": "concealed", "tile": "1s",
                                  "tiles": ["1s", "1s", "1s", "1s"], "reason": "missing_suit"}]


def test_added_kong_drawn_now_and_late() -> None:
    # pong 777p declared, a 7p in hand: drawing 2m, the 补杠 of the kept 7p is late
    # (drawn_now false); drawing the 4th 7p it uses the drawn tile (drawn_now true)
    late = body("7p 5p 456m 789m 23m", "9p", "self_draw", melds=("pong 777p",),
                missing_suit="s")
    (kong,) = [a for a in ask("sichuan", late)["actions"] if a["type"] == "kong"]
    assert (kong["kind"], kong["tiles"], kong["drawn_now"]) == ("added", ["7p"], False)
    late["options"] = {"late_added_kong": False}
    assert refusals(ask("sichuan", late)) == [("kong", "late_added_kong")]
    now = body("1p 5p 456m 789m 23m", "7p", "self_draw", melds=("pong 777p",),
               missing_suit="s", options={"late_added_kong": False})
    (kong,) = [a for a in ask("sichuan", now)["actions"] if a["type"] == "kong"]
    assert kong["drawn_now"] is True


def test_win_amounts_are_sichuans() -> None:
    # 123m 456m 789m 55p 678p on a discard: 平胡 0 fan → fan_capped 0, 1 point, no payers
    win = ask("sichuan", body(CLOSED, "2m", "discard_left", missing_suit="s"))["actions"][0]
    assert win == {"type": "win", "priority": 3, "win_type": "discard", "fan": 0,
                   "patterns": ["ping_hu"], "fan_capped": 0, "points_per_payer": 1}


@pytest.mark.parametrize("tile", ["2m", "9s"])
def test_a_missing_suit_that_is_no_suit_is_refused_on_every_offer(tile: str) -> None:
    # "z" is no number suit: a 422 at the member whether the offer wins (2m completes
    # 123m) or not (9s) — not only when the win's fan is priced
    data = body(CLOSED, tile, "discard_left", missing_suit="z")
    assert problems("sichuan", data) == [("invalid_field", "#/context/missing_suit")]
