"""Every validation code of settle.md §1.6.7 with its pointer, stage by stage."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.errors import RequestError
from engine.variants.sichuan import VARIANT
from engine.variants.sichuan import VARIANT as SICHUAN
from engine.variants.sichuan.settle import settle as settle_module
from tests.engine.variants.sichuan.settle.helpers import kong, kong_meld, pong_meld, problems, win
from tests.engine.variants.sichuan.settle.test_worked_examples import EXAMPLE_1, EXAMPLE_3

settle = VARIANT.settle  # the public seam: the variant's operation

PING = "345p678p345s67s88s"  # + 5s 平胡, seat 1 (missing m)


def base(*events: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"dealer": 0, "missing_suits": ["s", "m", "p", "s"], "events": list(events), **extra}


GOOD_WIN = win("5s", [(1, PING)], source=2)


def changed(rec: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    """A deep copy of ``rec`` with the member at ``path`` set (``...`` deletes it)."""
    out = copy.deepcopy(rec)
    here = out
    for key in path[:-1]:
        here = here[key]
    if value is ...:
        del here[path[-1]]
    else:
        here[path[-1]] = value
    return out


E1 = EXAMPLE_1
E3 = EXAMPLE_3

SHAPE = [
    # (record, [(code, pointer)])
    (None, [("missing_field", "#/record")]),
    ([], [("invalid_field", "#/record")]),
    (changed(E1, ["extra"], 1), [("invalid_field", "#/record/extra")]),
    (changed(E1, ["dealer"], ...), [("missing_field", "#/record/dealer")]),
    (changed(E1, ["dealer"], 4), [("invalid_field", "#/record/dealer")]),
    (changed(E1, ["events"], ...), [("missing_field", "#/record/events")]),
    (base(*[kong(0, "concealed", "1p")] * 129), [("invalid_field", "#/record/events")]),
    (changed(E1, ["events", 0, "type"], ...), [("missing_field", "#/record/events/0/type")]),
    (changed(E1, ["events", 0, "seat"], ...), [("missing_field", "#/record/events/0/seat")]),
    (changed(E1, ["events", 0, "kong"], ...), [("missing_field", "#/record/events/0/kong")]),
    (changed(E1, ["events", 0, "kong", "type"], ...),
     [("missing_field", "#/record/events/0/kong/type")]),
    (changed(E1, ["events", 0, "kong", "tile"], ...),
     [("missing_field", "#/record/events/0/kong/tile")]),
    (changed(E1, ["events", 0, "from"], ...), [("missing_field", "#/record/events/0/from")]),
    (changed(E1, ["events", 2, "from"], ...), [("missing_field", "#/record/events/2/from")]),
    (base(win("5s", [(1, PING)], win_type="rob_kong")),
     [("missing_field", "#/record/events/0/from")]),
    (changed(E1, ["events", 2, "win_tile"], ...),
     [("missing_field", "#/record/events/2/win_tile")]),
    (changed(E1, ["events", 2, "winners"], ...),
     [("missing_field", "#/record/events/2/winners")]),
    (changed(E1, ["events", 2, "winners", 0, "seat"], ...),
     [("missing_field", "#/record/events/2/winners/0/seat")]),
    (changed(E1, ["events", 2, "winners", 0, "hand"], ...),
     [("missing_field", "#/record/events/2/winners/0/hand")]),
    (changed(E3, ["end", "hands", 3], None), [("missing_field", "#/record/end/hands/3")]),
    (changed(E1, ["events", 2, "winners"], []), [("invalid_field", "#/record/events/2/winners")]),
    (changed(E1, ["missing_suits"], ["s", "m", "p"]),
     [("invalid_field", "#/record/missing_suits")]),
    (changed(E1, ["missing_suits", 1], "z"), [("invalid_field", "#/record/missing_suits/1")]),
    (changed(E3, ["end", "hands"], [None, None, None]),
     [("invalid_field", "#/record/end/hands")]),
    (changed(E1, ["events", 3, "from"], 0), [("invalid_field", "#/record/events/3/from")]),
    (changed(E1, ["events", 1, "from"], 0), [("invalid_field", "#/record/events/1/from")]),
    (changed(E1, ["events", 1, "kong", "late"], True),
     [("invalid_field", "#/record/events/1/kong/late")]),
    (changed(E1, ["events", 2, "context", "seats"], {"winner": 1}),
     [("invalid_field", "#/record/events/2/context/seats")]),
    (changed(E1, ["events", 0, "from"], 3), [("invalid_field", "#/record/events/0/from")]),
    (changed(E1, ["events", 2, "from"], 1), [("invalid_field", "#/record/events/2/from")]),
    (base(win("5s", [(1, PING), (1, PING)], source=2)),
     [("invalid_field", "#/record/events/0/winners/1/seat")]),
    (base(win("5s", [(1, PING), (3, PING)], win_type="self_draw")),
     [("invalid_field", "#/record/events/0/winners")]),
    (base(win("5s", [(1, PING)], source=2, win_type="rob_kong", after_kong=True)),
     [("invalid_field", "#/record/events/0/context/after_kong")]),
    (changed(E3, ["end", "hands", 0], {"hand": "123m456m789m11p22p"}),
     [("invalid_field", "#/record/end/hands/0")]),
    (changed(E1, ["events", 2, "context", "after_kong"], "yes"),
     [("invalid_field", "#/record/events/2/context/after_kong")]),
    (changed(E1, ["events", 2, "winners", 0, "hand"], ["3p", 4]),
     [("invalid_field", "#/record/events/2/winners/0/hand/1")]),
]


@pytest.mark.parametrize(("rec", "expected"), SHAPE)
def test_shape(rec: Any, expected: list[tuple[str, str]]) -> None:
    assert problems(rec) == expected


@pytest.mark.parametrize("member", ["hand", "melds", "win_tile", "context"])
def test_the_envelope_members_are_not_settle_members(member: str) -> None:
    value = {"hand": "1m", "melds": [pong_meld("111m")], "win_tile": "1m",
             "context": {"win_type": "discard"}}[member]
    assert problems(E1, **{member: value}) == [("invalid_field", f"#/{member}")]


def test_stage_1_stops_before_the_hands() -> None:
    # a bad dealer and a 12-tile hand: only the shape problem (settled reading 2)
    rec = changed(changed(E1, ["dealer"], "0"), ["events", 2, "winners", 0, "hand"], "3p")
    assert problems(rec) == [("invalid_field", "#/record/dealer")]


TILES_AND_HANDS = [
    (changed(E1, ["events", 2, "winners", 0, "hand"], "345p678p345s67s88z"),
     [("invalid_tile", "#/record/events/2/winners/0/hand")]),
    (changed(E1, ["events", 2, "win_tile"], "5x"),
     [("invalid_tile", "#/record/events/2/win_tile")]),
    (changed(E1, ["events", 1, "kong", "tile"], "1z"),
     [("invalid_tile", "#/record/events/1/kong/tile")]),
    (changed(E3, ["end", "hands", 2, "hand"], "2m5m6m9m1s2s4s4s7s"),
     [("bad_tile_count", "#/record/end/hands/2/hand")]),
    (changed(E1, ["events", 3, "winners", 0, "melds", 0, "tiles"], "2223p"),
     [("bad_meld", "#/record/events/3/winners/0/melds/0")]),
    (changed(E1, ["events", 3, "winners", 0, "melds", 0], {"type": "chow", "tiles": "234p"}),
     [("chow_not_allowed", "#/record/events/3/winners/0/melds/0")]),
    (changed(E1, ["events", 2, "winners", 0, "hand"], "345p678p55555s88s"),
     [("too_many_copies", "#/record/events/2/winners/0/hand")]),
]


@pytest.mark.parametrize(("rec", "expected"), TILES_AND_HANDS)
def test_tiles_and_hands(rec: Any, expected: list[tuple[str, str]]) -> None:
    assert problems(rec) == expected


def test_options_come_with_the_tile_problems() -> None:
    rec = changed(E1, ["events", 2, "win_tile"], "5x")
    assert problems(rec, {"xue_liu": "yes"}) == [
        ("invalid_option", "#/options/xue_liu"), ("invalid_tile", "#/record/events/2/win_tile")]


def test_table_count_points_at_the_fifth_copy() -> None:
    # 8s: seat 1's winning hand 2, seat 0's end hand 2 (4 so far), seat 2's end hand 2 more
    two = base(win("5s", [(1, "345p678p345s67s88s")], source=2),
               end={"hands": [{"hand": "22m33m44m66m77m88s9s"}, None,
                              {"hand": "123p456p789p88s99s"}, {"hand": "111m999m111p999p5m"}]})
    assert problems(two) == [("too_many_copies", "#/record/end/hands/2/hand")]
    # a kong of 5s after seat 1's last hand brings 5s to four for that seat, on top of the
    # two 5s of seat 0's hand → the kong event is where the fifth copy appears
    rec = base(win("2m", [(0, "123m456m789m55p22m")], source=3, win_type="discard"),
               kong(1, "concealed", "5p"))
    rec["missing_suits"] = ["s", "m", "m", "s"]
    assert problems(rec, {"xue_liu": True}) == [("too_many_copies", "#/record/events/1/kong/tile")]
    # one tile won by several seats counts once (Example 2 passes with its 6p three times)


RECORD = [
    # seat_left: a winner, a konger, an exposed kong's from, a win's from after leaving
    (base(GOOD_WIN, win("5s", [(1, PING)], source=2)),
     [("seat_left", "#/record/events/1/winners/0/seat")]),
    (base(GOOD_WIN, kong(1, "concealed", "1p")), [("seat_left", "#/record/events/1/seat")]),
    (base(GOOD_WIN, kong(3, "exposed", "1p", source=1)),
     [("seat_left", "#/record/events/1/from")]),
    (base(GOOD_WIN, win("5p", [(3, "123m456m789m444p5p")], source=1)),
     [("seat_left", "#/record/events/1/from")]),
    # hand_over: after a last_tile win
    (base(win("5s", [(1, PING)], source=2, last_tile=True), kong(0, "concealed", "1p")),
     [("hand_over", "#/record/events/1")]),
    # not_after_kong on a discard: the previous event is a kong by seat 3, not the discarder 2
    (base(kong(3, "concealed", "1p"), win("5s", [(1, PING)], source=2, after_kong=True)),
     [("not_after_kong", "#/record/events/1/context/after_kong")]),
    (base(win("5s", [(1, PING)], source=2, after_kong=True)),
     [("not_after_kong", "#/record/events/0/context/after_kong")]),
    # meld_mismatch: a kong of the missing suit (seat 0 misses s), a kind kong'd twice, a
    # fifth kong
    (base(kong(0, "concealed", "1s")), [("meld_mismatch", "#/record/events/0/kong/tile")]),
    # (seat 0's later hand lacks its 1p kong, so the table count passes)
    (base(kong(0, "concealed", "1p"), win("3p", [(0, "123m456m789m222p3p")], source=1),
          kong(3, "concealed", "1p")),
     [("meld_mismatch", "#/record/events/1/winners/0/melds"),
      ("meld_mismatch", "#/record/events/2/kong/tile")]),
    (base(*(kong(0, "concealed", t) for t in ("1p", "2p", "3p", "4p", "5p"))),
     [("meld_mismatch", "#/record/events/4/kong/tile")]),
    # a later hand without the seat's kong; a concealed kong shown exposed; a kong meld
    # with no kong event; a rob-kong on a kind its from kong'd
    (changed(E1, ["events", 3, "winners", 0, "melds"], ...),
     [("meld_mismatch", "#/record/events/3/winners/0/melds"),
      ("bad_tile_count", "")]),
    (base(kong(1, "concealed", "2p"),
          win("5s", [(1, "345p678p34s88s", [kong_meld("2222p")])], win_type="self_draw")),
     [("meld_mismatch", "#/record/events/1/winners/0/melds/0")]),
    (base(win("5s", [(1, "345p678p34s88s", [kong_meld("2222p")])], win_type="self_draw")),
     [("meld_mismatch", "#/record/events/0/winners/0/melds/0")]),
    (base(kong(2, "concealed", "5s"), win("5s", [(1, "345p678p34s88s66s")], source=2,
                                          win_type="rob_kong")),
     [("meld_mismatch", "#/record/events/1/win_tile"),
      ("too_many_copies", "")]),
    # not_a_win: the detail gives fan's reason
    (base(win("5s", [(1, "145p678p345s67s88s")], source=2)),
     [("not_a_win", "#/record/events/0/winners/0/hand")]),
    (base(win("5s", [(1, "345m678p345s67s88s")], source=2)),
     [("not_a_win", "#/record/events/0/winners/0/hand")]),
]


@pytest.mark.parametrize(("rec", "expected"), RECORD)
def test_record(rec: Any, expected: list[tuple[str, str]]) -> None:
    found = problems(rec)
    if expected[-1][1] == "":  # a case that trips an earlier stage first: only check that
        assert found[0][0] != expected[0][0]
        return
    assert found == expected


def test_the_record_stage_itself() -> None:
    # a pong dropped between two 血流 hands of seat 1
    first = win("2s", [(1, "345p678p345s2s", [pong_meld("111s")])], source=0)
    second = win("5s", [(1, PING)], source=2)
    assert problems(base(first, second), {"xue_liu": True}) == [
        ("meld_mismatch", "#/record/events/1/winners/0/melds")]
    # the kong missing from a later hand (Example 1 without the kong meld, hand refilled)
    rec = changed(E1, ["events", 3, "winners", 0], {"seat": 3, "hand": "111m444m55p77p222p"})
    assert problems(rec) == [("meld_mismatch", "#/record/events/3/winners/0/melds")]


def test_not_a_win_names_the_reason() -> None:
    with pytest.raises(RequestError) as caught:
        settle(SICHUAN.request({"record": base(win("5s", [(1, "345m678p345s67s88s")],
                                                 source=2))}))
    assert "que_yi_men" in caught.value.problems[0].detail


def test_amount_too_large(monkeypatch: pytest.MonkeyPatch) -> None:
    # the bound cannot be reached with 128 real events of capped options; lower it to pin
    # the code and pointer: Example 1's totals reach 16
    monkeypatch.setattr(settle_module, "MAX_AMOUNT", 15)
    assert problems(E1) == [("amount_too_large", "#/record")]


def test_record_problems_come_in_code_order() -> None:
    # the error example of settle.md: seat_left before not_after_kong
    rec = base(GOOD_WIN, win("5s", [(1, PING)], win_type="self_draw", after_kong=True))
    assert [c for c, _ in problems(rec)] == ["seat_left", "not_after_kong"]


def test_end_after_a_last_tile_win_is_the_end_of_the_wall() -> None:
    # settled reading (README): the last tile's win ends the events, not the end of the wall
    rec = base(win("5s", [(1, PING)], source=2, last_tile=True),
               end={"hands": [{"hand": "123m456m789m11p22p"}, None,
                              {"hand": "234m567m8m11s22s33s"}, {"hand": "345p678p99p22m33m4m"}]})
    answer = settle(SICHUAN.request({"record": rec}))
    # e0: 平胡 + 海底炮 1 = 1 → 2 from seat 2; the statuses are reported (0, 2, 3 play on)
    assert answer.transfers[0].amount == 2 and answer.statuses is not None
    assert [st.status for st in answer.statuses][1] == "won"


def test_a_pong_shown_as_a_kong_needs_its_kong_event() -> None:
    # seat 1 showed a pong of 1s (血流), then a kong meld of 1s with no 补杠 event
    first = win("2s", [(1, "345p678p345s2s", [pong_meld("111s")])], source=0)
    second = win("5s", [(1, "345p678p34s88s", [kong_meld("1111s")])], source=2)
    assert problems(base(first, second), {"xue_liu": True}) == [
        ("meld_mismatch", "#/record/events/1/winners/0/melds/0")]
    # with the 补杠 event between them the record is consistent
    fine = base(first, kong(1, "added", "1s"), second)
    assert settle(SICHUAN.request({"record": fine, "options": {"xue_liu": True}})).totals
