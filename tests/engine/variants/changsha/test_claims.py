"""长沙 claims (rules/claims.md §2.1, §2.8): chow from 上家 only, kong modes (补张 / 开杠), an
exposed kong may be robbed; each case with its reasoning."""

from __future__ import annotations

from tests.engine.claims.common import ask, body, kinds

EXAMPLE = "22333445m 123p 55s"  # rules/claims.md example 1: a 4m wins, pongs and chows


def test_chow_only_from_the_left() -> None:
    assert kinds(ask("changsha", body(EXAMPLE, "4m", "discard_right"))) == [
        "win", "pong 4m4m", "pass"]
    assert kinds(ask("changsha", body(EXAMPLE, "4m", "discard_opposite"))) == [
        "win", "pong 4m4m", "pass"]


def test_kong_modes() -> None:
    # 555m 123p 456p 789s 2s + 5m: the kong leaves 123p 456p 789s 2s, ready on 2s (a 2/5/8
    # pair), so 开杠 is offered besides 补张
    ready = body("555m 123p 456p 789s 2s", "5m", "discard_left")
    (kong,) = [a for a in ask("changsha", ready)["actions"] if a["type"] == "kong"]
    assert kong["modes"] == ["bu_zhang", "kai_gang"]
    ready["options"] = {"kai_gang": False}
    (kong,) = [a for a in ask("changsha", ready)["actions"] if a["type"] == "kong"]
    assert kong["modes"] == ["bu_zhang"]
    # 124p instead of 123p: not ready after the kong, 补张 only — also with detail "actions"
    # (the modes need the waits even when no after is shown)
    loose = body("555m 124p 456p 789s 2s", "5m", "discard_left")
    loose["detail"] = "actions"
    (kong,) = [a for a in ask("changsha", loose)["actions"] if a["type"] == "kong"]
    assert kong["modes"] == ["bu_zhang"] and "after" not in kong


def test_an_exposed_kong_may_be_robbed_by_default() -> None:
    # 123m 456m 789m 23p 55s waits on 1p/4p; robbing an exposed 4p kong is allowed (§2.3)
    answer = ask("changsha", body("123m 456m 789m 23p 55s", "4p", "rob_kong",
                                  kong={"type": "exposed"}))
    assert kinds(answer) == ["rob_kong", "pass"]
    # 抢杠胡 is a 大胡 (§2.3): 1 unit, 6 from the konger
    assert answer["actions"][0]["patterns"] == ["qiang_gang_hu"]
    assert answer["actions"][0]["base_per_payer"] == 6


def test_locked_after_kai_gang_only_kongs_keep_waiting() -> None:
    # 开杠 locks the hand: the example hand locked on its own 4m (2m/5m… waits) refuses pong
    # and chows
    answer = ask("changsha", body(EXAMPLE, "4m", "discard_left", locked=True))
    assert kinds(answer) == ["win", "pass"]
    assert [r["reason"] for r in answer["refused"]] == ["locked"] * 3
