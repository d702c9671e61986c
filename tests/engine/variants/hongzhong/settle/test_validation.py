"""Every validation code of settle-hongzhong.md §4.5.6 with its pointer (Part 2's table and
settled readings 1–9), stage by stage: shape, tiles and options, hands, the replay."""

from __future__ import annotations

from typing import Any

import pytest

from engine.variants.hongzhong import VARIANT
from tests.engine.variants.hongzhong.settle.cases import (
    EXAMPLE_1,
    EXAMPLE_2,
    EXAMPLE_3,
    S0,
    SEVEN,
    concealed_kong,
    kong,
    win,
)
from tests.engine.variants.sichuan.settle.helpers import problems, run
from tests.engine.variants.sichuan.settle.test_validation import changed

E1, E2, E3 = EXAMPLE_1["record"], EXAMPLE_2["record"], EXAMPLE_3["record"]
"""Example 1: added kong by 0, exposed 8s by 1 from 3, 杠上开花 by 1 (kong meld 8888s), codes
1p 6m 9s. Example 2: concealed 2m by 0, 3's 6p won by 1 and 0. Example 3: exposed 9p by 2,
seat 1 robs 0's 补杠 of 5m (one_code_all)."""


def self_draw(*events: dict[str, Any], hand: str = SEVEN, tile: str = "6s", **extra: Any
              ) -> dict[str, Any]:
    """Kongs, then seat 1 self-draws SEVEN + 6s with two codes (no hit)."""
    return {"dealer": 0, **extra,
            "events": [*events, win(tile, [(1, hand)], codes=["2m", "3p"])]}


W = ["events", 2]  # Example 1's win event
SHAPE = [
    (None, [("missing_field", "#/record")]),
    ([], [("invalid_field", "#/record")]),
    (changed(E1, ["missing_suits"], ["m", "p", "s", "m"]),
     [("invalid_field", "#/record/missing_suits")]),  # 四川's member
    (changed(E1, ["dealer"], ...), [("missing_field", "#/record/dealer")]),
    (changed(E1, ["dealer"], 4), [("invalid_field", "#/record/dealer")]),
    (changed(E1, ["code_count"], 13), [("invalid_field", "#/record/code_count")]),
    (changed(E1, ["code_count"], "2"), [("invalid_field", "#/record/code_count")]),
    (changed(E1, ["piao"], [1, 2, 3]), [("invalid_field", "#/record/piao")]),
    (changed(E1, ["piao"], [0, 0, 1001, 0]), [("invalid_field", "#/record/piao/2")]),
    (changed(E1, ["events"], ...), [("missing_field", "#/record/events")]),
    ({"dealer": 0, "events": [kong(0, "concealed", "1p")] * 129},
     [("invalid_field", "#/record/events")]),
    (changed(E1, ["events", 0, "type"], ...), [("missing_field", "#/record/events/0/type")]),
    (changed(E1, ["events", 0, "type"], "qishou"), [("invalid_field", "#/record/events/0/type")]),
    (changed(E1, ["events", 0, "seat"], ...), [("missing_field", "#/record/events/0/seat")]),
    (changed(E1, ["events", 0, "kong"], ...), [("missing_field", "#/record/events/0/kong")]),
    (changed(E1, ["events", 0, "kong", "type"], ...),
     [("missing_field", "#/record/events/0/kong/type")]),
    (changed(E1, ["events", 0, "kong", "tile"], ...),
     [("missing_field", "#/record/events/0/kong/tile")]),
    (changed(E1, ["events", 0, "kong", "late"], True),  # 四川's member
     [("invalid_field", "#/record/events/0/kong/late")]),
    (changed(E1, ["events", 1, "from"], ...), [("missing_field", "#/record/events/1/from")]),
    (changed(E1, ["events", 1, "from"], 1), [("invalid_field", "#/record/events/1/from")]),
    (changed(E1, ["events", 0, "from"], 2), [("invalid_field", "#/record/events/0/from")]),
    (changed(E1, ["events", 0, "codes"], ["1m"]), [("invalid_field", "#/record/events/0/codes")]),
    (changed(E1, ["events", 0, "wall_left"], 3),
     [("invalid_field", "#/record/events/0/wall_left")]),
    (changed(E1, [*W, "win_tile"], ...), [("missing_field", "#/record/events/2/win_tile")]),
    (changed(E1, [*W, "winners"], ...), [("missing_field", "#/record/events/2/winners")]),
    (changed(E1, [*W, "winners"], []), [("invalid_field", "#/record/events/2/winners")]),
    (changed(E1, [*W, "winners", 0, "seat"], ...),
     [("missing_field", "#/record/events/2/winners/0/seat")]),
    (changed(E1, [*W, "winners", 0, "hand"], ...),
     [("missing_field", "#/record/events/2/winners/0/hand")]),
    (changed(E1, [*W, "from"], 0), [("invalid_field", "#/record/events/2/from")]),  # self-draw
    (changed(E1, [*W, "context", "kong"], {"type": "added"}),
     [("invalid_field", "#/record/events/2/context/kong")]),
    (changed(E1, [*W, "context", "seats"], {"winner": 1}),
     [("invalid_field", "#/record/events/2/context/seats")]),
    (changed(E1, [*W, "context", "codes"], ["1m"]),
     [("invalid_field", "#/record/events/2/context/codes")]),
    (changed(E1, [*W, "codes"], "1p6m9x9s" * 20),
     [("invalid_field", "#/record/events/2/codes")]),
    (changed(E1, [*W, "wall_left"], -1), [("invalid_field", "#/record/events/2/wall_left")]),
    (changed(E1, [*W, "wall_left"], 2.5), [("invalid_field", "#/record/events/2/wall_left")]),
    (changed(E1, [*W, "winners"], [E1["events"][2]["winners"][0]] * 2),
     [("invalid_field", "#/record/events/2/winners"),  # two winners on a self-draw
      ("invalid_field", "#/record/events/2/winners/1/seat")]),  # and a seat twice
    (changed(E2, ["events", 1, "from"], ...), [("missing_field", "#/record/events/1/from")]),
    (changed(E2, ["events", 1, "from"], 1), [("invalid_field", "#/record/events/1/from")]),
    (changed(E2, ["events", 1, "winners"], [*E2["events"][1]["winners"]] * 2),
     [("invalid_field", "#/record/events/1/winners")]),  # four winners
    (changed(E3, ["events", 1, "context", "after_kong"], True),
     [("invalid_field", "#/record/events/1/context/after_kong")]),
    (changed(E3, ["events", 1, "context", "kong"], {"type": "big"}),
     [("invalid_field", "#/record/events/1/context/kong/type")]),
    (changed(E3, ["events", 1, "from"], ...), [("missing_field", "#/record/events/1/from")]),
    (changed(E1, ["end"], {"last_drawer": 4}), [("invalid_field", "#/record/end/last_drawer")]),
    (changed(E1, ["end"], {"hands": []}), [("invalid_field", "#/record/end/hands")]),
]


@pytest.mark.parametrize(("record", "want"), SHAPE)
def test_shape(record: Any, want: list[tuple[str, str]]) -> None:
    assert problems(record, variant=VARIANT) == want


@pytest.mark.parametrize(("member", "value"), [("hand", "123m"), ("win_tile", "5s"),
                                               ("context", {"win_type": "discard"}),
                                               ("melds", [concealed_kong("2222m")])])
def test_envelope_members_are_not_settle_members(member: str, value: Any) -> None:
    assert problems(E1, variant=VARIANT, **{member: value}) == [("invalid_field", f"#/{member}")]


def test_null_counts_as_absent() -> None:
    # settled reading 7: code_count, piao, context, from, codes, wall_left, end all null
    record = changed(E1, ["code_count"], None)
    record = changed(record, ["piao"], None)
    record = changed(record, ["events", 0, "from"], None)
    record = changed(record, ["end"], None)
    assert run(record, variant=VARIANT)["totals"] == [-3, 20, -7, -10]


TILES = [
    # (record, options, [(code, pointer)])
    (changed(E1, ["events", 0, "kong", "tile"], "1z"), {},
     [("invalid_tile", "#/record/events/0/kong/tile")]),  # no 东 with 112 tiles
    (changed(E1, [*W, "codes"], ["1p", "1z", "9s"]), {},
     [("invalid_tile", "#/record/events/2/codes")]),
    (changed(E1, [*W, "win_tile"], "0s"), {}, [("invalid_tile", "#/record/events/2/win_tile")]),
    (changed(E1, [*W, "winners", 0, "hand"], "123m456m11s34x"), {},
     [("invalid_tile", "#/record/events/2/winners/0/hand")]),
    (E1, {"code_mode": "fan_ji"}, [("invalid_option", "#/options/code_mode")]),
    (E1, {"code_count": 2}, [("invalid_option", "#/options/code_count")]),  # reconciled §14
    (E1, {"huang_zhuang_dealer": "dealer"}, [("invalid_option", "#/options/huang_zhuang_dealer")]),
    (E1, {"draw_next_dealer": "winner"}, [("invalid_option", "#/options/draw_next_dealer")]),
    # both stage-2 problems together
    (changed(E1, [*W, "codes"], ["1z"]), {"kong_paid": "later"},
     [("invalid_option", "#/options/kong_paid"), ("invalid_tile", "#/record/events/2/codes")]),
]


@pytest.mark.parametrize(("record", "options", "want"), TILES)
def test_tiles_and_options(record: Any, options: dict[str, Any],
                           want: list[tuple[str, str]]) -> None:
    assert problems(record, options, variant=VARIANT) == want


HANDS = [
    (changed(E1, [*W, "winners", 0, "hand"], "123m456m11s3s"),
     [("bad_tile_count", "#/record/events/2/winners/0/hand")]),
    (changed(E1, [*W, "winners", 0, "melds"], [{"type": "pong", "tiles": "888s8s"}]),
     [("bad_meld", "#/record/events/2/winners/0/melds/0")]),
    (changed(E1, [*W, "winners", 0, "melds"], [{"type": "chow", "tiles": "678s"}]),
     [("chow_not_allowed", "#/record/events/2/winners/0/melds/0")]),
    (changed(E1, [*W, "winners", 0, "hand"], "11111m45m11s4s"),
     [("too_many_copies", "#/record/events/2/winners/0/hand")]),  # five 1m in one hand
    # over the table: seat 0's kong of 9m + a 9m code → the codes
    (changed(E1, [*W, "codes"], ["1p", "6m", "9m"]),
     [("too_many_copies", "#/record/events/2/codes")]),
    # a kong of the win tile's kind by a seat that does not win (4) + the win tile → win_tile
    (self_draw(kong(2, "concealed", "6s")),
     [("too_many_copies", "#/record/events/1/win_tile")]),
    # a kong of a kind the winner holds (5s: 4 + his one) → the winner's hand
    (self_draw(kong(3, "concealed", "5s")),
     [("too_many_copies", "#/record/events/1/winners/0/hand")]),
    # settled reading 1: robbing a kind its konger has kong'd: 4 + the robbed three → win_tile
    ({"dealer": 0, "events": [kong(0, "concealed", "5m"),
                              changed(E3["events"][1], ["codes"], ["7p"])]},
     [("too_many_copies", "#/record/events/1/win_tile")]),
    # settled reading 2: a winner's meld that makes a fifth copy → …/winners/J/hand
    ({"dealer": 0, "events": [kong(0, "added", "8s"), E1["events"][2]]},
     [("too_many_copies", "#/record/events/1/winners/0/hand")]),
    # Example 3 with a 5m in the robber's hand: a fifth copy
    (changed(E3, ["events", 1, "winners", 0, "hand"], "11p33p77s99s22m44s5m"),
     [("too_many_copies", "#/record/events/1/winners/0/hand")]),
]


@pytest.mark.parametrize(("record", "want"), HANDS)
def test_hands(record: Any, want: list[tuple[str, str]]) -> None:
    assert problems(record, variant=VARIANT) == want


def test_the_table_counts_only_the_first_win_event() -> None:
    # a second win reusing Example 1's tiles is hand_over only (the count stops at event 2)
    second = changed(E1["events"][2], ["winners", 0, "seat"], 2)
    record = changed(E1, ["events"], [*E1["events"], second])
    assert problems(record, variant=VARIANT) == [
        ("hand_over", "#/record/events/3"),
        ("not_after_kong", "#/record/events/3/context/after_kong"),  # event 2 is a win
        ("meld_mismatch", "#/record/events/3/winners/0/melds/0")]  # seat 2 made no kong


RECORD = [
    # (record, options, [(code, pointer)])
    (changed(E1, ["events"], [*E1["events"], kong(2, "concealed", "1p")]), {},
     [("hand_over", "#/record/events/3")]),
    (changed(E1, ["end"], {}), {}, [("hand_over", "#/record/end")]),
    # after_kong on a self-draw whose previous event is another seat's kong
    (changed(E1, ["events"], [E1["events"][1], E1["events"][0], E1["events"][2]]), {},
     [("not_after_kong", "#/record/events/2/context/after_kong")]),
    # after_kong on a discard win: the previous event must be a kong by the discarder (3)
    (changed(E2, ["events", 1, "context", "after_kong"], True), {"win_by_discard": "yes"},
     [("not_after_kong", "#/record/events/1/context/after_kong")]),
    # after_kong with no event before
    (changed(self_draw(), ["events", 0, "context"], {"after_kong": True}), {},
     [("not_after_kong", "#/record/events/0/context/after_kong")]),
    (E2, {"win_by_discard": "yes", "yi_pao_duo_xiang": False},
     [("multiple_winners", "#/record/events/1/winners")]),
    (E3, {"code_mode": "one_code_all", "rob_kong": False},
     [("rob_not_allowed", "#/record/events/1/context/win_type")]),
    (changed(E3, ["events", 1, "context", "kong"], {"type": "concealed"}),
     {"code_mode": "one_code_all"},
     [("rob_not_allowed", "#/record/events/1/context/kong/type")]),
    (changed(E3, ["events", 1, "context", "kong"], {"type": "exposed"}),
     {"code_mode": "one_code_all"},
     [("rob_not_allowed", "#/record/events/1/context/kong/type")]),
    # a kind kong'd before; a fifth kong by one seat; a kong of 红中 under wild_melds never
    # (a kind kong'd twice is met by the table count first unless the konger wins: his kongs
    # are in his hand)
    ({"dealer": 0, "events": [kong(1, "concealed", "1p"), kong(1, "concealed", "1p"),
                              win("6s", [(1, "123m456m11s5s7z", [concealed_kong("1111p")])],
                                  codes=["2m", "3p"])]}, {},
     [("meld_mismatch", "#/record/events/1/kong/tile")]),
    ({"dealer": 0, "events": [kong(0, "concealed", "1p"), kong(1, "concealed", "1p")]}, {},
     [("too_many_copies", "#/record/events/1/kong/tile")]),
    ({"dealer": 0, "events": [kong(0, "concealed", t) for t in ("1p", "2p", "3p", "4p", "5p")]},
     {}, [("meld_mismatch", "#/record/events/4/kong/tile")]),
    ({"dealer": 0, "events": [kong(0, "concealed", "7z")]}, {},
     [("meld_mismatch", "#/record/events/0/kong/tile")]),
    # a winner's hand without its kong; a concealed kong shown open; a kong meld with no event
    (changed(E2, ["events", 1, "winners", 1], {"seat": 0, "hand": "345m7p99s123s7z222m"}),
     {"win_by_discard": "yes"}, [("meld_mismatch", "#/record/events/1/winners/1/melds")]),
    (changed(E2, ["events", 1, "winners", 1, "melds", 0, "concealed"], False),
     {"win_by_discard": "yes"}, [("meld_mismatch", "#/record/events/1/winners/1/melds/0")]),
    (changed(E1, ["events"], [E1["events"][0], E1["events"][2]]), {},
     [("not_after_kong", "#/record/events/1/context/after_kong"),
      ("meld_mismatch", "#/record/events/1/winners/0/melds/0")]),
    # codes not numbering what is due (reading 3: two codes in one_code_all)
    (changed(E1, [*W, "codes"], ["1p", "6m"]), {},
     [("code_count_mismatch", "#/record/events/2/codes")]),
    (changed(E3, ["events", 1, "codes"], ["7p", "8p"]), {"code_mode": "one_code_all"},
     [("code_count_mismatch", "#/record/events/1/codes")]),
    (changed(E1, [*W, "wall_left"], 2), {}, [("code_count_mismatch", "#/record/events/2/codes")]),
    (changed(E2, ["events", 1, "codes"], ["5s", "2p", "3p"]), {"win_by_discard": "yes"},
     [("code_count_mismatch", "#/record/events/1/codes")]),  # 通炮: no extra code
    (E2, {}, [("not_a_win", "#/record/events/1/winners/0/hand"),
              ("not_a_win", "#/record/events/1/winners/1/hand")]),  # discard wins are off
    ({"dealer": 0, "events": [win("9p", [(1, S0)], codes=["2m", "3p", "4s"])]}, {},
     [("not_a_win", "#/record/events/0/winners/0/hand")]),  # 3 codes: no wildcard held
]


@pytest.mark.parametrize(("record", "options", "want"), RECORD)
def test_record(record: Any, options: dict[str, Any], want: list[tuple[str, str]]) -> None:
    assert problems(record, options, variant=VARIANT) == want


def test_the_first_failing_stage_alone() -> None:
    # a shape problem hides a tile and a record problem
    record = changed(changed(E1, ["dealer"], 9), [*W, "codes"], ["1z"])
    record = changed(record, ["end"], {})
    assert problems(record, variant=VARIANT) == [("invalid_field", "#/record/dealer")]


def test_the_wall_cap_and_a_last_tile_win() -> None:
    # reconciled.md §13: a last_tile win turns codes_expected, capped by wall_left; with
    # wall_left 0 no code is due and none is sent
    record = changed(E1, [*W, "context", "last_tile"], True)
    record = changed(record, [*W, "codes"], ...)
    record = changed(record, [*W, "wall_left"], 0)
    answer = run(record, variant=VARIANT)
    assert answer["wins"][0]["codes_expected"] == 3 and "codes" not in answer["wins"][0]
    # 2 + 2 + 2 win rows, no codes row: seat 1 −1 + 3 + 6
    assert answer["totals"] == [1, 8, -3, -6]
