"""``claims`` (rules/claims.md): the spec's worked examples replayed exactly, the validation
codes in their order, and the rules every variant shares (sources, priorities and order, 过胡,
locks, 食替, detail), each case with its reasoning."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.variants import REGISTRY
from tests.engine.claims.common import ask, body, kinds, problems, refusals

# --- the worked examples of rules/claims.md, part 2 (answers copied from the spec) --------------

EXAMPLES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("changsha",
     {"hand": "22333445m 123p 55s", "tile": "4m", "context": {"source": "discard_left"}},
     {"actions": [
         {"type": "win", "priority": 3, "win_type": "discard", "fan": 0, "patterns": ["ping_hu"],
          "base_per_payer": 1, "birds_expected": 2},
         {"type": "pong", "priority": 2, "tiles": ["4m", "4m"], "no_discard": [],
          "after": {"discard": "5m", "shanten": 0, "waits": [
              {"tile": "2m", "remaining": 2, "fan": 0}, {"tile": "5s", "remaining": 2, "fan": 0}]}},
         {"type": "chow", "priority": 1, "tiles": ["2m", "3m"], "meld": ["2m", "3m", "4m"],
          "no_discard": [], "after": {"discard": "1p", "shanten": 0, "waits": [
              {"tile": "1p", "remaining": 3, "fan": 0}, {"tile": "4p", "remaining": 4, "fan": 0}]}},
         {"type": "chow", "priority": 1, "tiles": ["3m", "5m"], "meld": ["3m", "4m", "5m"],
          "no_discard": [], "after": {"discard": "1p", "shanten": 0, "waits": [
              {"tile": "1p", "remaining": 3, "fan": 0}, {"tile": "4p", "remaining": 4, "fan": 0}]}},
         {"type": "pass", "priority": 0, "passed": {"tiles": ["4m"], "fan": 0}}],
      "refused": []}),
    ("sichuan",
     {"hand": "555m 23m 678p 99p", "melds": [{"type": "pong", "tiles": "777p"}],
      "tile": "5m", "context": {"source": "self_draw", "missing_suit": "s", "locked": True}},
     {"actions": [
         {"type": "kong", "priority": 2, "kind": "concealed", "tile": "5m",
          "tiles": ["5m", "5m", "5m", "5m"], "drawn_now": True,
          "after": {"shanten": 0, "waits": [
              {"tile": "1m", "remaining": 4, "fan": 2}, {"tile": "4m", "remaining": 4, "fan": 2}]}},
         {"type": "pass", "priority": 0, "must_discard": "5m"}],
      "refused": [
          {"type": "kong", "kind": "added", "tile": "7p", "tiles": ["7p"],
           "reason": "waits_change"}]}),
    ("hongzhong",
     {"hand": "123m 456m 46p 88s 99s 7z", "tile": "8s",
      "context": {"source": "discard_opposite"}},
     {"actions": [
         {"type": "pong", "priority": 2, "tiles": ["8s", "8s"], "no_discard": [],
          "after": {"discard": "4p", "shanten": 0, "waits": [
              {"tile": "4p", "remaining": 3, "fan": 0}, {"tile": "5p", "remaining": 4, "fan": 0},
              {"tile": "6p", "remaining": 3, "fan": 0}, {"tile": "7p", "remaining": 4, "fan": 0},
              {"tile": "8p", "remaining": 4, "fan": 0}, {"tile": "9s", "remaining": 2, "fan": 0},
              {"tile": "7z", "remaining": 3, "fan": 0}]}},
         {"type": "pass", "priority": 0}],
      "refused": [
          {"type": "win", "reason": "discard_win_not_allowed"},
          {"type": "kong", "kind": "exposed", "tile": "8s", "tiles": ["8s", "8s", "7z"],
           "reason": "needs_wild"}]}),
    ("nanchang",
     {"hand": "123m 456m 789p 55p 11z", "tile": "5p",
      "context": {"source": "discard_opposite", "jing": {"zheng": "2s", "fu": "3s"},
                  "passed": {"tiles": ["1z"], "fan": 1}}},
     {"actions": [
         {"type": "pong", "priority": 2, "tiles": ["5p", "5p"], "no_discard": [],
          "after": {"discard": "1m", "shanten": 0, "waits": [
              {"tile": "1m", "remaining": 3, "fan": 1}, {"tile": "4m", "remaining": 3, "fan": 1},
              {"tile": "7m", "remaining": 4, "fan": 1}, {"tile": "2s", "remaining": 4, "fan": 0},
              {"tile": "3s", "remaining": 4, "fan": 0}]}},
         {"type": "pass", "priority": 0}],
      "refused": [{"type": "win", "reason": "passed_win", "fan": 1}]}),
]


@pytest.mark.parametrize(("variant", "request_body", "expected"), EXAMPLES,
                         ids=[e[0] for e in EXAMPLES])
def test_worked_example_replays_exactly(variant: str, request_body: dict[str, Any],
                                        expected: dict[str, Any]) -> None:
    assert ask(variant, request_body) == expected


def test_worked_error_example_robbing_an_exposed_kong() -> None:
    v = REGISTRY["sichuan"]
    data = {"hand": "123m 456m 789m 11p 46p", "tile": "5p",
            "context": {"source": "rob_kong", "kong": {"type": "exposed"}, "missing_suit": "s"}}
    with pytest.raises(RequestError) as e:
        v.claims(v.request(data))
    assert [(p.code.value, p.pointer, p.detail) for p in e.value.problems] == [
        ("source_not_allowed", "#/context/kong/type",
         "robbing an exposed kong needs the option rob_exposed_kong")]


def test_the_examples_variations_the_spec_describes() -> None:
    # Example 1 under no_same_or_other_end: chow 234m (4m claimed at the end) forbids 4m and
    # 1m; chow 345m (4m in the middle) only 4m; and 1p is still the best discard.
    data = {**EXAMPLES[0][1], "options": {"shi_ti": "no_same_or_other_end"}}
    chows = [a for a in ask("changsha", data)["actions"] if a["type"] == "chow"]
    assert [(c["no_discard"], c["after"]["discard"]) for c in chows] == [
        (["1m", "4m"], "1p"), (["4m"], "1p")]
    # Example 3 with a 红中 on offer: with one 红中 in hand, only pass (no pong/kong of it to
    # offer or refuse; the win is a discard win, refused).
    answer = ask("hongzhong", body("123m 456m 46p 88s 99s 7z", "7z", "discard_opposite"))
    assert kinds(answer) == ["pass"]
    assert refusals(answer) == []  # 7z claimed is natural: 77z 46p has no winning shape
    # Example 4: a 5p win worth 2 fan would be offered — with passed.fan 0 the same 1-fan win
    # (平胡 0 + 德国 1) is higher than the record, so it is offered.
    data4 = {**EXAMPLES[3][1]}
    data4["context"] = {**data4["context"], "passed": {"tiles": ["1z"], "fan": 0}}
    answer = ask("nanchang", data4)
    assert answer["actions"][0]["type"] == "win" and answer["actions"][0]["fan"] == 1
    # passing it now merges the record: tiles 1z + 5p, fan max(0, 1) = 1
    assert answer["actions"][-1]["passed"] == {"tiles": ["5p", "1z"], "fan": 1}


# --- validation ---------------------------------------------------------------------------------

READY = "123m 456m 789m 123p 4p"  # a 四川 13-tile hand waiting on 4p alone (单钓)
ROB = "123m 456m 789m 23p 55p"  # waiting on 1p or 4p, and holding neither (to rob them)


@pytest.mark.parametrize(("data", "expected"), [
    # no tile, no source: both missing
    ({"hand": READY, "context": {}}, [("missing_field", "#/tile"),
                                      ("missing_field", "#/context/source")]),
    # win_tile and win_type are the source's to decide; seats and active have no use here
    ({**body(READY, "4p", "discard_left"), "win_tile": "4p"}, [("invalid_field", "#/win_tile")]),
    (body(READY, "4p", "discard_left", win_type="discard"),
     [("invalid_field", "#/context/win_type")]),
    (body(READY, "4p", "discard_left", seats={"winner": 0}),
     [("invalid_field", "#/context/seats")]),
    (body(READY, "4p", "discard_left", active=[0, 1]), [("invalid_field", "#/context/active")]),
    # passed with a self-draw: his own draw clears the record
    (body(READY, "4p", "self_draw", passed={"tiles": ["1m"], "fan": 0}),
     [("invalid_field", "#/context/passed")]),
    (body(READY, "4p", "discard_left", passed={"tiles": [], "fan": 0}),
     [("invalid_field", "#/context/passed/tiles")]),
    (body(READY, "4p", "discard_left", passed={"tiles": ["1m"]}),
     [("missing_field", "#/context/passed/fan")]),
    # the kong member is for rob_kong only, and its tile is the tile on offer
    (body(READY, "4p", "discard_left", kong={"type": "added"}),
     [("invalid_field", "#/context/kong")]),
    (body(ROB, "4p", "rob_kong", kong={"type": "added", "tile": "5p"}),
     [("invalid_field", "#/context/kong/tile")]),
    ({**body(READY, "4p", "discard_left"), "detail": "some"}, [("invalid_field", "#/detail")]),
    # sources the room does not allow
    (body(ROB, "4p", "rob_kong", options={"rob_kong": False}),
     [("source_not_allowed", "#/context/source")]),
    (body(ROB, "4p", "rob_kong", kong={"type": "concealed"}),
     [("source_not_allowed", "#/context/kong/type")]),
    # tiles: a 字 tile is outside 四川's 108; a bad passed tile too
    (body(READY, "1z", "discard_left"), [("invalid_tile", "#/tile")]),
    (body(READY, "4p", "discard_left", passed={"tiles": ["9x"], "fan": 0}),
     [("invalid_tile", "#/context/passed/tiles/0")]),
    # the tile on offer as a fifth copy (1111p in hand and melds, so 1p is the fifth), and a
    # rob of a kind the player holds (the konger holds the other three)
    (body("123m 456m 789m 1p", "1p", "discard_left", melds=("pong 111p",)),
     [("too_many_copies", "#/tile")]),
    (body(READY, "1p", "rob_kong"), [("too_many_copies", "#/tile")]),
    # the fifth copy counting visible tiles: 11p held, 11p visible, 1p on offer (the hand's
    # own 13 tiles are valid, so only the tile is the problem)
    (body("123m 456m 789m 11p 55s", "1p", "discard_left", visible=["1p", "1p"]),
     [("too_many_copies", "#/tile")]),
    (body("123m 456m 789m 11p 55s", "1p", "self_draw", visible=["1p", "1p"]),
     [("too_many_copies", "#/tile")]),
    # 12 tiles
    (body("123m 456m 789m 12p", "4p", "discard_left"), [("bad_tile_count", "#/hand")]),
    # locked, but 13 tiles with no wait: 1479p cannot become a group and a pair with one tile
    (body("123m 456m 789m 1479p", "4p", "discard_left", locked=True),
     [("locked_not_ready", "#/context/locked")]),
])
def test_validation(data: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert problems("sichuan", data) == expected


def test_every_problem_listed_in_the_code_order() -> None:
    # bad option, robbing while rob_kong is off, a tile outside the set, 12 tiles, win_tile
    data = {**body("123m 456m 789m 12p", "1z", "rob_kong", options={"guo_hu": "never",
                                                                   "rob_kong": False}),
            "win_tile": "4p"}
    assert problems("sichuan", data) == [
        ("invalid_field", "#/win_tile"), ("invalid_option", "#/options/guo_hu"),
        ("source_not_allowed", "#/context/source"), ("invalid_tile", "#/tile"),
        ("bad_tile_count", "#/hand")]


def test_nanchang_needs_its_jing() -> None:
    assert problems("nanchang", body("123m 456m 789p 55p 11z", "5p", "discard_left")) == [
        ("missing_field", "#/context/jing")]


def test_hongzhong_meld_of_a_wild_kind_is_bad_under_never() -> None:
    # reading 11: under wild_melds "never" a request meld holding 红中 is a bad_meld; under
    # face_value it is an ordinary pong
    data = body("123m 456m 789m 1p", "1p", "discard_left", melds=("pong 777z",))
    assert problems("hongzhong", data) == [("bad_meld", "#/melds/0/tiles")]
    data["options"] = {"wild_melds": "face_value"}
    # 123m 456m 789m 11p + 777z would win, but not on a discard (win_by_discard "no")
    answer = ask("hongzhong", data)
    assert kinds(answer) == ["pass"]
    assert refusals(answer) == [("win", "discard_win_not_allowed")]


# --- shared rules -------------------------------------------------------------------------------


def test_several_calls_at_once_kong_before_pong() -> None:
    # 四川: 555m in hand and a 5m discard: exposed kong and pong; 123m 555m 789m 22p 46p + 5m
    # is no win (46p is open), so kong (priority 2) first, then pong (2), then pass.
    answer = ask("sichuan", body("123m 555m 789m 22p 46p", "5m", "discard_right",
                                 missing_suit="s"))
    assert kinds(answer) == ["kong exposed 5m", "pong 5m5m", "pass"]
    assert [a["priority"] for a in answer["actions"]] == [2, 2, 0]


def test_win_and_calls_together_win_first() -> None:
    # 长沙 from the left: 11m 234m 567m 99p 55s 5s … hand 123m 456m 789m 55s 2p? Use: hand
    # 234m 567m 234p 55s 8s + 5s: 555s pong shape? 234m 567m 234p 555s 8s is no win; instead
    # 234m 567m 234p 55s 88s + 5s = pair 88s (8 ✓) + 555s: a 小胡, and pong 5s too.
    answer = ask("changsha", body("234m 567m 234p 55s 88s", "5s", "discard_opposite"))
    assert kinds(answer) == ["win", "pong 5s5s", "pass"]


def test_rob_kong_is_the_only_action_besides_pass() -> None:
    # 四川 waiting on 1p/4p: robbing a 4p added kong is a rob_kong win; 过胡 blocks it like a
    # discard win (not_higher: its fan ≤ the record's)
    answer = ask("sichuan", body(ROB, "4p", "rob_kong", missing_suit="s"))
    assert kinds(answer) == ["rob_kong", "pass"]
    win = answer["actions"][0]
    assert win["win_type"] == "rob_kong" and "payers" not in win
    blocked = ask("sichuan", body(ROB, "4p", "rob_kong", missing_suit="s",
                                  passed={"tiles": ["1p"], "fan": win["fan"]}))
    assert refusals(blocked) == [("rob_kong", "passed_win")]


@pytest.mark.parametrize(("mode", "passed", "blocked"), [
    # the win below is worth fan 0 on 4p
    ("off", {"tiles": ["4p"], "fan": 5}, False),
    ("same_tile", {"tiles": ["4p"], "fan": 0}, True),
    ("same_tile", {"tiles": ["1p"], "fan": 5}, False),
    ("not_higher", {"tiles": ["1p"], "fan": 0}, True),  # 0 ≤ 0
    ("not_higher", {"tiles": ["4p"], "fan": -0}, True),
    ("any", {"tiles": ["9s"], "fan": 0}, True),
])
def test_guo_hu_modes(mode: str, passed: dict[str, Any], blocked: bool) -> None:
    answer = ask("sichuan", body(READY, "4p", "discard_left", missing_suit="s",
                                 passed=passed, options={"guo_hu": mode}))
    if blocked:
        assert kinds(answer) == ["pass"] and answer["refused"] == [
            {"type": "win", "reason": "passed_win", "fan": 0}]
    else:
        assert kinds(answer) == ["win", "pass"]


def test_guo_hu_not_higher_lets_a_higher_win_through() -> None:
    # 杠上炮 adds 1 fan (§1.4): the same 4p worth 1 > record 0 is offered (assumption 2)
    answer = ask("sichuan", body(READY, "4p", "discard_left", missing_suit="s", after_kong=True,
                                 passed={"tiles": ["4p"], "fan": 0}))
    assert kinds(answer) == ["win", "pass"] and answer["actions"][0]["fan"] == 1
    assert answer["actions"][-1]["passed"] == {"tiles": ["4p"], "fan": 1}


def test_pass_record_only_for_a_legal_win_and_not_off_nor_self_draw() -> None:
    assert ask("sichuan", body(READY, "4p", "discard_left", missing_suit="s"))[
        "actions"][-1] == {"type": "pass", "priority": 0, "passed": {"tiles": ["4p"], "fan": 0}}
    assert ask("sichuan", body(READY, "4p", "discard_left", missing_suit="s",
                               options={"guo_hu": "off"}))["actions"][-1] == {
        "type": "pass", "priority": 0}
    # own draw: a self-draw win, and the pass carries no record (reading 6)
    assert ask("sichuan", body(READY, "4p", "self_draw", missing_suit="s"))[
        "actions"][-1] == {"type": "pass", "priority": 0}


def test_last_tile_leaves_win_and_pass() -> None:
    # 四川 22m 456m 789m 11p 456p + 2m: 222m makes a win (海底炮 counts) and a pong — the
    # pong is refused (last_tile), the win stays
    answer = ask("sichuan", body("22m 456m 789m 11p 456p", "2m", "discard_left",
                                 missing_suit="s", last_tile=True))
    assert kinds(answer) == ["win", "pass"]
    assert answer["actions"][0]["patterns"] == ["ping_hu", "hai_di_pao"]
    assert answer["refused"] == [{"type": "pong", "tiles": ["2m", "2m"], "reason": "last_tile"}]


def test_detail_actions_drops_every_after() -> None:
    full = ask("changsha", EXAMPLES[0][1])
    lean = ask("changsha", {**EXAMPLES[0][1], "detail": "actions"})
    for a in full["actions"]:
        a.pop("after", None)
    assert lean == full


@pytest.mark.parametrize(("mode", "offered"), [
    # hand 555m 23m 678p 99p + 777p waits on 1m 4m; the concealed 5m kong keeps exactly them
    ("same_waits", True), ("keep_waits", True), ("any", True), ("none", False)])
def test_locked_kong_modes_on_the_example_hand(mode: str, offered: bool) -> None:
    data = {**EXAMPLES[1][1], "options": {"locked_kong": mode}}
    answer = ask("sichuan", data)
    concealed = [a for a in answer["actions"] if a.get("kind") == "concealed"]
    assert bool(concealed) == offered
    if not offered:
        assert answer["refused"][0] == {"type": "kong", "kind": "concealed", "tile": "5m",
                                        "tiles": ["5m", "5m", "5m", "5m"], "reason": "locked"}
    # the added 7p kong leaves a hand with no wait: refused under every mode but any
    added = [a for a in answer["actions"] if a.get("kind") == "added"]
    assert bool(added) == (mode == "any")


def test_locked_hand_refuses_pong_and_chow() -> None:
    # 长沙 locked (开杠) waiting on 5s/8s? hand 234m 567m 234p 55s 88s waits on 5s and 8s;
    # a 2m from the left: chow 234 (with 34m) and nothing else — refused as locked
    answer = ask("changsha", body("234m 567m 234p 55s 88s", "8s", "discard_left", locked=True))
    assert kinds(answer) == ["win", "pass"]
    assert refusals(answer) == [("pong", "locked")]


@pytest.mark.parametrize("detail", ["actions", "full"])  # the plain calls and the general path
def test_sichuan_pong_of_the_missing_suit_under_meld_missing_suit(detail: str) -> None:
    # 123m 456m 789p 11p 55s, missing suit s, meld_missing_suit on: the pong of 5s takes
    # both 5s, so no tile of s is left and "missing suit first" bars nothing — where a pong
    # of another kind (1p, hand still holding 55s) bars the 18 m/p kinds
    suit_held = "123m456m789p11p55s"
    pong_5s = ask("sichuan", {**body(suit_held, "5s", "discard_opposite", missing_suit="s",
                                     options={"meld_missing_suit": True}), "detail": detail})
    assert [(a["tiles"], a["no_discard"]) for a in pong_5s["actions"]
            if a["type"] == "pong"] == [(["5s", "5s"], [])]
    pong_1p = ask("sichuan", {**body(suit_held, "1p", "discard_opposite", missing_suit="s",
                                     options={"meld_missing_suit": True}), "detail": detail})
    barred = [f"{r}{s}" for s in "mp" for r in range(1, 10)]
    assert [(a["tiles"], a["no_discard"]) for a in pong_1p["actions"]
            if a["type"] == "pong"] == [(["1p", "1p"], barred)]
