"""settle-nanchang.md §3.9.8 and Part 2's pointer table: every code at its pointer, stage by
stage (the first stage that finds problems answers all of its own, in the code order, then in
document order), the error example, and small case 21.

Each record is one of the worked examples with one thing changed, so that it has exactly the
problems listed.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.engine.variants.nanchang.settle import examples as E
from tests.engine.variants.nanchang.settle.helpers import problems, settled


def changed(record: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    """``record`` with the member at ``path`` set to ``value`` (``...``: removed)."""
    out = copy.deepcopy(record)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    if value is ...:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return out


E1, E2, E3 = E.EXAMPLE_1, E.EXAMPLE_2, E.EXAMPLE_3
NO_END = {k: v for k, v in E1.items() if k != "end"}
KONG_9P, WIN_8M = E1["events"]
SEAT_3_WINS_8M = {"seat": 3, "hand": "67m123p456p678s11z"}
"""A second winner of Example 1's 8m: 678m 123p 456p 678s 11z."""
TSET_108 = {"dealer": 0, "shang_jing": "5m", "events": [], "end": {"xia_jing": ["1z"], "hands": [
    {"hand": h, "discards": ""} for h in ("123m456m789m123p4p", "234m567m234p567p5s",
                                          "999s345p678p11s22s", "777s666s555s444s3s")]}}
"""A 荒庄 with suit tiles only, for the 108-tile room."""
CASE_12 = next(record for name, record, _, _ in E.SMALL if name.startswith("12"))
OPENING = {"xia_jing": "3p", "hands": ["33p4p123m456m789s11z", "111m999m567s22z33z",
                                       "777m888m123s44z5z6z", "222m333m456s5p6p7p9p"]}
"""Small case 13's dealt hands (the dealer, seat 0, holds 14)."""


SHAPE = [
    # missing_field
    ("no record", None, {}, [("missing_field", "#/record")]),
    ("no dealer", changed(E1, ["dealer"], ...), {}, [("missing_field", "#/record/dealer")]),
    ("no shang_jing", changed(E1, ["shang_jing"], ...), {},
     [("missing_field", "#/record/shang_jing")]),
    ("no events", changed(NO_END, ["events"], ...), {}, [("missing_field", "#/record/events")]),
    ("an event without type", changed(E1, ["events", 0, "type"], ...), {},
     [("missing_field", "#/record/events/0/type")]),
    ("a kong without seat, kong", {**NO_END, "events": [{"type": "kong"}]}, {},
     [("missing_field", "#/record/events/0/seat"), ("missing_field", "#/record/events/0/kong")]),
    ("a kong without its type and tile", changed(NO_END, ["events", 0, "kong"], {}), {},
     [("missing_field", "#/record/events/0/kong/type"),
      ("missing_field", "#/record/events/0/kong/tile")]),
    ("an exposed kong without from", changed(NO_END, ["events", 0, "kong", "type"], "exposed"),
     {}, [("missing_field", "#/record/events/0/from")]),
    ("a discard win without from", changed(NO_END, ["events", 1, "from"], ...), {},
     [("missing_field", "#/record/events/1/from")]),
    ("a rob-kong win without from", changed(changed(NO_END, ["events", 1, "from"], ...),
                                            ["events", 1, "context"], {"win_type": "rob_kong"}),
     {}, [("missing_field", "#/record/events/1/from")]),
    ("a win without win_tile and winners", changed(changed(NO_END, ["events", 1, "win_tile"], ...),
                                                   ["events", 1, "winners"], ...), {},
     [("missing_field", "#/record/events/1/win_tile"),
      ("missing_field", "#/record/events/1/winners")]),
    ("a winner without seat and hand", changed(NO_END, ["events", 1, "winners"], [{}]), {},
     [("missing_field", "#/record/events/1/winners/0/seat"),
      ("missing_field", "#/record/events/1/winners/0/hand")]),
    ("an end hand without hand", changed(E1, ["end", "hands", 1, "hand"], ...), {},
     [("missing_field", "#/record/end/hands/1/hand")]),
    ("no discards for a seat", changed(E1, ["end", "hands", 1, "discards"], ...), {},
     [("missing_field", "#/record/end/hands/1/discards")]),
    ("no end.xia_jing under xia_jing_pairs 2", E1, {"xia_jing_pairs": 2},
     [("missing_field", "#/record/end/xia_jing")]),
    # small case 12 without its end.xia_jing
    ("no end.xia_jing under 埋地雷", changed(CASE_12, ["end", "xia_jing"], ...),
     {"xia_jing_pairs": 1}, [("missing_field", "#/record/end/xia_jing")]),
    ("opening without hands", {**NO_END, "opening": {"xia_jing": "3p"}},
     {"shang_xia_fan_jing": True}, [("missing_field", "#/record/opening/hands")]),
    ("no opening.xia_jing under shang_xia_fan_jing",
     {**NO_END, "opening": {"hands": OPENING["hands"]}}, {"shang_xia_fan_jing": True},
     [("missing_field", "#/record/opening/xia_jing")]),
    ("a chow with from and no claimed",
     changed(E1, ["end", "hands", 0], {"hand": "5m567s11z7z", "discards": "3z1s2p", "melds": [
         {"type": "kong", "tiles": "9999p", "concealed": True},
         {"type": "chow", "tiles": "234s", "from": 3}]}), {},
     [("missing_field", "#/record/end/hands/0/melds/1/claimed")]),
    # invalid_field
    ("dealer 4", changed(E1, ["dealer"], 4), {}, [("invalid_field", "#/record/dealer")]),
    ("33 events", {**NO_END, "events": [{"type": "chao_zhuang"}] * 33}, {},
     [("invalid_field", "#/record/events")]),
    ("seats in a win context", changed(E1, ["events", 1, "context", "seats"], {"dealer": 0}), {},
     [("invalid_field", "#/record/events/1/context/seats")]),
    ("Sichuan's missing_suits", {**E1, "missing_suits": ["m", "p", "s", "m"]}, {},
     [("invalid_field", "#/record/missing_suits")]),
    ("Sichuan's late", changed(E1, ["events", 0, "kong", "late"], True), {},
     [("invalid_field", "#/record/events/0/kong/late")]),
    ("a wrong JSON type", changed(E1, ["shang_jing"], 5), {},
     [("invalid_field", "#/record/shang_jing")]),
    ("a konger and a from outside 0–3", {**NO_END, "events": [
        {"type": "kong", "seat": 4, "kong": {"type": "exposed", "tile": "7s"}, "from": -1}]}, {},
     [("invalid_field", "#/record/events/0/seat"), ("invalid_field", "#/record/events/0/from")]),
    ("a winner's seat 5", changed(E1, ["events", 1, "winners", 0, "seat"], 5), {},
     [("invalid_field", "#/record/events/1/winners/0/seat")]),
    ("a meld's from 4", changed(E1, ["events", 1, "winners", 0, "melds", 0, "from"], 4), {},
     [("invalid_field", "#/record/events/1/winners/0/melds/0/from")]),
    ("winners empty", changed(E1, ["events", 1, "winners"], []), {},
     [("invalid_field", "#/record/events/1/winners")]),
    ("four winners", changed(E1, ["events", 1, "winners"], [WIN_8M["winners"][0]] * 4), {},
     [("invalid_field", "#/record/events/1/winners")]),
    ("end.hands of 3", changed(E1, ["end", "hands"], E1["end"]["hands"][:3]), {},
     [("invalid_field", "#/record/end/hands")]),
    ("opening.hands of 3", {**NO_END, "opening": {**OPENING, "hands": OPENING["hands"][:3]}},
     {"shang_xia_fan_jing": True}, [("invalid_field", "#/record/opening/hands")]),
    ("from on a self-draw", changed(E1, ["events", 1, "context", "win_type"], "self_draw"), {},
     [("invalid_field", "#/record/events/1/from")]),
    ("from on a concealed kong", changed(E1, ["events", 0, "from"], 1), {},
     [("invalid_field", "#/record/events/0/from")]),
    ("a member on chao_zhuang", {**NO_END, "events": [{"type": "chao_zhuang", "seat": 0}]}, {},
     [("invalid_field", "#/record/events/0/seat")]),
    ("a context member outside the five", changed(E1, ["events", 1, "context", "jing"], {}), {},
     [("invalid_field", "#/record/events/1/context/jing")]),
    ("from equal to the konger", {**NO_END, "events": [
        {"type": "kong", "seat": 1, "kong": {"type": "exposed", "tile": "7s"}, "from": 1}]}, {},
     [("invalid_field", "#/record/events/0/from")]),
    ("from equal to the winner", changed(E1, ["events", 1, "from"], 2), {},
     [("invalid_field", "#/record/events/1/from")]),
    # settled reading 6: the second 抄庄, at its event
    ("a second chao_zhuang", {**NO_END, "events": [{"type": "chao_zhuang"}] * 2}, {},
     [("invalid_field", "#/record/events/1")]),
    ("the winner's end entry with a hand", changed(E1, ["end", "hands", 2, "hand"], "1m"), {},
     [("invalid_field", "#/record/end/hands/2/hand")]),
    ("the winner's end entry with melds", changed(E1, ["end", "hands", 2, "melds"], []), {},
     [("invalid_field", "#/record/end/hands/2/melds")]),
    ("two xia_jing under xia_jing_pairs 1", changed(E1, ["end", "xia_jing"], ["8p", "1z"]),
     {"xia_jing_pairs": 1}, [("invalid_field", "#/record/end/xia_jing")]),
    ("opening without its option", {**E1, "opening": OPENING}, {},
     [("invalid_field", "#/record/opening")]),
    ("opening.hui_tou without its option", {**NO_END, "opening": {**OPENING, "hui_tou": "8s"}},
     {"shang_xia_fan_jing": True}, [("invalid_field", "#/record/opening/hui_tou")]),
    ("opening.xia_jing without its option", {**NO_END, "opening": {
        "hui_tou": "8s", "hands": OPENING["hands"], "xia_jing": "3p"}}, {"hui_tou_yi_xiao": True},
     [("invalid_field", "#/record/opening/xia_jing")]),
    ("a meld's from its own seat", changed(E1, ["events", 1, "winners", 0, "melds", 0, "from"], 2),
     {}, [("invalid_field", "#/record/events/1/winners/0/melds/0/from")]),
    ("from on a concealed kong meld", changed(E1, ["end", "hands", 0, "melds", 0, "from"], 1), {},
     [("invalid_field", "#/record/end/hands/0/melds/0/from")]),
    ("claimed on a pong", changed(E1, ["events", 1, "winners", 0, "melds", 0, "claimed"], "5m"),
     {}, [("invalid_field", "#/record/events/1/winners/0/melds/0/claimed")]),
    ("claimed not one of the chow's tiles",
     changed(E1, ["end", "hands", 0], {"hand": "5m567s11z7z", "discards": "3z1s2p", "melds": [
         {"type": "kong", "tiles": "9999p", "concealed": True},
         {"type": "chow", "tiles": "234s", "from": 3, "claimed": "5s"}]}), {},
     [("invalid_field", "#/record/end/hands/0/melds/1/claimed")]),
    ("over 40 discards", changed(E1, ["end", "hands", 3, "discards"], "1s" * 41), {},
     [("invalid_field", "#/record/end/hands/3/discards")]),
    ("after_kong on a rob-kong win",
     changed(E1, ["events", 1, "context"], {"win_type": "rob_kong", "after_kong": True}), {},
     [("invalid_field", "#/record/events/1/context/after_kong")]),
]


@pytest.mark.parametrize(("name", "record", "options", "expected"), SHAPE,
                         ids=[case[0] for case in SHAPE])
def test_shape(name: str, record: Any, options: dict[str, Any],
               expected: list[tuple[str, str]]) -> None:
    assert problems(record, options) == expected


@pytest.mark.parametrize("member", ["hand", "melds", "win_tile", "context"])
def test_envelope_members_of_a_hand_are_refused(member: str) -> None:
    value = {"hand": "1m", "melds": [{"type": "pong", "tiles": "111m"}], "win_tile": "1m",
             "context": {"win_type": "self_draw"}}[member]
    assert problems(E1, {}, **{member: value}) == [("invalid_field", f"#/{member}")]


def test_envelope_members_settle_has_no_use_for_are_ignored() -> None:
    # settled reading 8: tile and detail are accepted, as API.md says
    assert settled(E1, {}, tile="5m", detail="actions") == settled(E1, {})


def test_a_shape_problem_hides_the_later_stages() -> None:
    # dealer 4 and an end hand of 12 tiles: only the shape problem
    record = changed(changed(E1, ["dealer"], 4), ["end", "hands", 3, "hand"], "789m11p22p33p456s")
    assert problems(record, {}) == [("invalid_field", "#/record/dealer")]


TILES = [
    ("shang_jing 8z", changed(E1, ["shang_jing"], "8z"), {},
     [("invalid_tile", "#/record/shang_jing")]),
    ("a 下精 1z in a 108-tile room", TSET_108, {"tile_set": "108", "xia_jing_pairs": 1},
     [("invalid_tile", "#/record/end/xia_jing/0")]),
    ("a discard and a claimed tile outside the set",
     changed(changed(E1, ["end", "hands", 3, "discards"], "4z7x"), ["end", "hands", 0], {
         "hand": "5m567s11z7z", "discards": "3z1s2p", "melds": [
             {"type": "kong", "tiles": "9999p", "concealed": True},
             {"type": "chow", "tiles": "234s", "from": 3, "claimed": "2x"}]}), {},
     [("invalid_tile", "#/record/end/hands/0/melds/1/claimed"),
      ("invalid_tile", "#/record/end/hands/3/discards")]),
    ("an opening indicator", {**NO_END, "opening": {**OPENING, "xia_jing": "8z"}},
     {"shang_xia_fan_jing": True}, [("invalid_tile", "#/record/opening/xia_jing")]),
    ("a bad option and a bad tile", changed(E1, ["shang_jing"], "8z"), {"kong_scoring": "later"},
     [("invalid_option", "#/options/kong_scoring"), ("invalid_tile", "#/record/shang_jing")]),
    # an option sent wrong leaves the members it governs to stage 2: the option is refused,
    # not two 下精 read against a count nobody sent, nor the discards it would require
    ("xia_jing_pairs sent wrong", changed(E1, ["end", "xia_jing"], ["8p", "1z"]),
     {"xia_jing_pairs": "two"}, [("invalid_option", "#/options/xia_jing_pairs")]),
    ("jing_count_discards sent wrong", changed(E1, ["end", "hands", 3, "discards"], ...),
     {"jing_count_discards": 1}, [("invalid_option", "#/options/jing_count_discards")]),
]


@pytest.mark.parametrize(("name", "record", "options", "expected"), TILES,
                         ids=[case[0] for case in TILES])
def test_tiles_and_options(name: str, record: Any, options: dict[str, Any],
                           expected: list[tuple[str, str]]) -> None:
    assert problems(record, options) == expected


HANDS = [
    ("an end hand of 12 tiles", changed(E1, ["end", "hands", 3, "hand"], "789m11p22p33p456s"), {},
     [("bad_tile_count", "#/record/end/hands/3/hand")]),
    ("a dealer opening hand of 13",
     {**NO_END, "opening": {**OPENING, "hands": ["3p4p123m456m789s11z", *OPENING["hands"][1:]]}},
     {"shang_xia_fan_jing": True}, [("bad_tile_count", "#/record/opening/hands/0")]),
    ("a winner hand of 12 + the win tile", changed(E1, ["events", 1, "winners", 0, "hand"],
                                                   "6m123p789s44z"), {},
     [("bad_tile_count", "#/record/events/1/winners/0/hand")]),
    ("an unreadable meld", changed(E1, ["events", 1, "winners", 0, "melds", 0, "tiles"], "556m"),
     {}, [("bad_meld", "#/record/events/1/winners/0/melds/0/tiles")]),
    ("a fifth copy in one hand", changed(E1, ["end", "hands", 3, "hand"], "77777m11p22p33p4s5s"),
     {}, [("too_many_copies", "#/record/end/hands/3/hand")]),
    # the table: seat 0 has no final tiles without end, so its 9p kong counts four, and the
    # winner's 9p is the fifth
    ("a fifth copy in the winner's hand", changed(NO_END, ["events", 1, "winners", 0, "hand"],
                                                  "6m9m12p9p789s44z"), {},
     [("too_many_copies", "#/record/events/1/winners/0/hand")]),
    # 9999p in seat 0's end hand, then a 9p among the winner's discards
    ("a fifth copy among discards", changed(E1, ["end", "hands", 2, "discards"], "2z1m9p"), {},
     [("too_many_copies", "#/record/end/hands/2/discards")]),
    # the turned 下精 count too: the second 9p is the fifth
    ("a fifth copy turned as 下精", changed(E1, ["end", "xia_jing"], ["8p", "9p"]),
     {"xia_jing_pairs": 2}, [("too_many_copies", "#/record/end/xia_jing/1")]),
]


@pytest.mark.parametrize(("name", "record", "options", "expected"), HANDS,
                         ids=[case[0] for case in HANDS])
def test_hands(name: str, record: Any, options: dict[str, Any],
               expected: list[tuple[str, str]]) -> None:
    assert problems(record, options) == expected


def test_the_opening_hands_are_counted_on_their_own() -> None:
    # the dealt hands hold four 1m (seat 0's 1m, seat 1's 111m); Example 1's end holds 1m
    # twice more: no fifth copy, the opening is not the table's end
    record = {**E1, "opening": OPENING}
    assert settled(record, {"shang_xia_fan_jing": True})["outcome"] == "won"
    # a fifth copy inside the dealt hands is one
    hands = [OPENING["hands"][0], "1111m999m567s22z3z", *OPENING["hands"][2:]]
    assert problems({**NO_END, "opening": {**OPENING, "hands": hands}},
                    {"shang_xia_fan_jing": True}) == [
        ("too_many_copies", "#/record/opening/hands/1")]


def test_a_second_fourteen_tile_hand_on_a_huang_zhuang() -> None:
    # settled reading 7: Example 3's seat 0 may show 14 (it drew the last tile), not also
    # seat 1 after it
    one = changed(E3, ["end", "hands", 0, "hand"], "123m789m234p66s6z7z9s")
    assert settled(one, {})["outcome"] == "huang_zhuang"
    two = changed(one, ["end", "hands", 1, "hand"], "456m55p678p1s2s3s7z7z9s")
    assert problems(two, {}) == [("bad_tile_count", "#/record/end/hands/1/hand")]
    # and after a win no end hand may show 14
    assert problems(changed(E1, ["end", "hands", 3, "hand"], "789m11p22p33p456s6z9s"), {}) == [
        ("bad_tile_count", "#/record/end/hands/3/hand")]


RECORD = [
    ("an event after the win", {**NO_END, "events": [KONG_9P, WIN_8M, {"type": "chao_zhuang"}]},
     {}, [("hand_over", "#/record/events/2")]),
    ("after_kong without the discarder's kong just before",
     {**NO_END, "events": [KONG_9P, {"type": "chao_zhuang"},
                           changed(WIN_8M, ["context", "after_kong"], True)]}, {},
     [("not_after_kong", "#/record/events/2/context/after_kong")]),
    ("after_kong on a discard after another seat's kong",
     {**NO_END, "events": [KONG_9P, changed(WIN_8M, ["context", "after_kong"], True)]}, {},
     [("not_after_kong", "#/record/events/1/context/after_kong")]),
    ("two winners on one tile",
     {**NO_END, "events": [KONG_9P, {**WIN_8M, "winners": [WIN_8M["winners"][0], SEAT_3_WINS_8M]}]},
     {}, [("multiple_winners", "#/record/events/1/winners")]),
    # seat 0's end hand shows one 9p kong: the table passes, the second kong of 9p does not
    ("a kind kong'd twice", {**E1, "events": [KONG_9P, KONG_9P, WIN_8M]}, {},
     [("meld_mismatch", "#/record/events/1/kong/tile")]),
    ("a fifth kong by one seat", {**NO_END, "events": [
        {"type": "kong", "seat": 1, "kong": {"type": "concealed", "tile": t}}
        for t in ("1m", "2m", "3m", "4m", "5p")]}, {},
     [("meld_mismatch", "#/record/events/4/kong/tile")]),
    ("an end hand without its kong", changed(E1, ["end", "hands", 0], {
        "hand": "5m234s567s11z7z999p", "discards": "3z1s2p"}), {},
     [("meld_mismatch", "#/record/end/hands/0/melds")]),
    # settled reading 5: a concealed kong shown without concealed → …/melds
    ("a concealed kong shown exposed",
     changed(E1, ["end", "hands", 0, "melds", 0, "concealed"], ...), {},
     [("meld_mismatch", "#/record/end/hands/0/melds")]),
    ("a kong meld with no kong event", {**E1, "events": [WIN_8M]}, {},
     [("meld_mismatch", "#/record/end/hands/0/melds/0")]),
    ("an exposed kong meld's from not its event's",
     changed(E2, ["end", "hands", 2, "melds", 0, "from"], 1), E.EXAMPLE_2_OPTIONS,
     [("meld_mismatch", "#/record/end/hands/2/melds/0/from")]),
    # small case 21: a chow from the seat's 下家 (seat 0's 下家 is 1)
    ("a chow not from 上家",
     changed(E1, ["end", "hands", 0], {"hand": "5m567s11z7z", "discards": "3z1s2p", "melds": [
         {"type": "kong", "tiles": "9999p", "concealed": True},
         {"type": "chow", "tiles": "234s", "from": 1, "claimed": "2s"}]}), {},
     [("meld_mismatch", "#/record/end/hands/0/melds/1/from")]),
    # seat 1 kong'd 8m, then its 8m is robbed; its end hand lacks the kong too (its 8m tiles
    # gone, so the table count passes)
    ("a rob-kong win on a kind its from kong'd", {**E1, "events": [
        KONG_9P, {"type": "kong", "seat": 1, "kong": {"type": "concealed", "tile": "8m"}},
        {**WIN_8M, "context": {"win_type": "rob_kong"}}]}, {},
     [("meld_mismatch", "#/record/events/2/win_tile"),
      ("meld_mismatch", "#/record/end/hands/1/melds")]),
    ("the winner's hand is no win", changed(E1, ["events", 1, "winners", 0, "hand"],
                                            "6m9m123p789s45z"), {},
     [("not_a_win", "#/record/events/1/winners/0/hand")]),
]


@pytest.mark.parametrize(("name", "record", "options", "expected"), RECORD,
                         ids=[case[0] for case in RECORD])
def test_record(name: str, record: Any, options: dict[str, Any],
                expected: list[tuple[str, str]]) -> None:
    assert problems(record, options) == expected


def test_not_a_win_names_fans_reason() -> None:
    # 123m456m789m123s + 5m (正精) on a discard: 精钓 needs a self-draw
    record = {"dealer": 0, "shang_jing": "5m", "events": [
        {"type": "win", "from": 1, "win_tile": "9p",
         "winners": [{"seat": 2, "hand": "123m456m789m123s5m"}]}]}
    [(code, pointer, detail)] = problems(record, {}, details=True)
    assert (code, pointer) == ("not_a_win", "#/record/events/0/winners/0/hand")
    assert "jing_diao_needs_self_draw" in detail
    record["events"][0]["winners"][0]["hand"] = "123m456m789m124s1z"
    assert "no_winning_shape" in problems(record, {}, details=True)[0][2]


def test_the_error_example() -> None:
    answer = E.ERROR_ANSWER
    assert problems(E.ERROR_EXAMPLE, {}, details=True) == [
        ("hand_over", *e.values()) if e["pointer"].endswith("events/1") else
        ("meld_mismatch", *e.values()) for e in answer["errors"]]
    # without the second event the record is still refused for the kong meld …
    first = {**E.ERROR_EXAMPLE, "events": E.ERROR_EXAMPLE["events"][:1]}
    assert problems(first, {}) == [("meld_mismatch", "#/record/events/0/winners/0/melds/0")]
    # … with the kong event before the win it is valid: 5m is the 正精, 10 from each at once
    kong = {"type": "kong", "seat": 2, "kong": {"type": "exposed", "tile": "5m"}, "from": 3}
    valid = settled({**first, "events": [kong, *first["events"]]}, {})
    assert valid["by_reason"]["kong"] == [-10, -10, 30, -10]


def test_small_case_21_every_problem_in_the_code_order() -> None:
    # two winners on one win event and a win after the win (stage 4): the code order puts
    # hand_over before multiple_winners
    record = {**NO_END, "events": [
        KONG_9P, {**WIN_8M, "winners": [WIN_8M["winners"][0], SEAT_3_WINS_8M]},
        {"type": "chao_zhuang"}]}
    assert problems(record, {}) == [("hand_over", "#/record/events/2"),
                                    ("multiple_winners", "#/record/events/1/winners")]
    # dealer 4 (stage 1); shang_jing 8z (stage 2); a fifth 5m (stage 3): each alone
    assert problems(changed(E1, ["dealer"], 4), {}) == [("invalid_field", "#/record/dealer")]
    assert problems(changed(E1, ["shang_jing"], "8z"), {}) == [
        ("invalid_tile", "#/record/shang_jing")]
    fifth = changed(E1, ["end", "hands", 3, "hand"], "789m5m1p22p33p456s6z")
    assert problems(fifth, {}) == [("too_many_copies", "#/record/end/hands/3/hand")]


@pytest.mark.parametrize(("before", "was"), [
    ([], "there is no previous event"),
    ([{"type": "chao_zhuang"}], "event 0 is 抄庄"),
    ([{"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": "3z"}}],
     "event 0 is a kong by seat 0"),
])
def test_not_after_kong_names_the_previous_event(before: list[dict[str, Any]], was: str) -> None:
    # a 杠上炮 (seat 2's discard after its kong) needs seat 2's kong just before it
    win = {"type": "win", "from": 2, "win_tile": "4s",
           "context": {"win_type": "discard", "after_kong": True},
           "winners": [{"seat": 1, "hand": "123m456m789p23s55s"}]}
    record = {"dealer": 0, "shang_jing": "1z", "events": [*before, win]}
    at = f"#/record/events/{len(before)}/context/after_kong"
    assert problems(record, {}, details=True) == [
        ("not_after_kong", at, "after_kong on a discard (杠上炮) needs a kong by seat 2 as the "
                               f"previous event; {was}")]
    kong = {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "4z"}}
    assert settled({**record, "events": [*before[:1], kong, win]}, {})["outcome"] == "won"
