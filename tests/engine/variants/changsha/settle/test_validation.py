"""长沙 ``settle`` refuses a record that cannot have happened (settle-changsha.md §2.9.7 and
Part 2's pointer table): every code a case with its pointer, stage by stage, and the spec's
error example in full."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.errors import RequestError
from engine.variants.changsha.variant import VARIANT
from tests.engine.variants.changsha.settle import cases as C
from tests.engine.variants.changsha.settle.helpers import problems

settle = VARIANT.settle  # the public seam: the variant's operation

E1, E2, E3, K12 = C.EXAMPLE_1, C.EXAMPLE_2, C.EXAMPLE_3, C.CASE_12


def edit(record: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``record`` with the member at ``path`` ("events/3/birds") set (or, with
    ``...``, removed)."""
    out = copy.deepcopy(record)
    *parents, last = path.split("/")
    node: Any = out
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    key: Any = int(last) if isinstance(node, list) else last
    if value is ...:
        del node[key]
    else:
        node[key] = value
    return out


def win_event(**changes: Any) -> dict[str, Any]:
    """Example 2's win (seat 3's 5p won by seats 1 and 0) with ``changes``."""
    return {**E2["events"][1], **changes}


SHAPE = [
    # missing_field
    ("no record", None, {}, "missing_field", "#/record"),
    ("no dealer", edit(E1, "dealer", ...), {}, "missing_field", "#/record/dealer"),
    ("no events", edit(E1, "events", ...), {}, "missing_field", "#/record/events"),
    ("no type", edit(E1, "events/0/type", ...), {}, "missing_field", "#/record/events/0/type"),
    ("no declarer", edit(E1, "events/0/seat", ...), {}, "missing_field",
     "#/record/events/0/seat"),
    ("no dealt hand", edit(E1, "events/0/hand", ...), {}, "missing_field",
     "#/record/events/0/hand"),
    ("no dice", E1, {"qishou_birds": "dice"}, "missing_field", "#/record/events/0/dice"),
    ("no kong", edit(E1, "events/2/kong", ...), {}, "missing_field", "#/record/events/2/kong"),
    ("no kong type", edit(E1, "events/2/kong/type", ...), {}, "missing_field",
     "#/record/events/2/kong/type"),
    ("no kong tile", edit(E1, "events/2/kong/tile", ...), {}, "missing_field",
     "#/record/events/2/kong/tile"),
    ("no from of 明杠", edit(E2, "events/0/from", ...), {}, "missing_field",
     "#/record/events/0/from"),
    ("no drawn", edit(E3, "events/1/drawn", ...), {}, "missing_field",
     "#/record/events/1/drawn"),
    ("no winners", edit(E1, "events/3/winners", ...), {}, "missing_field",
     "#/record/events/3/winners"),
    ("no discarder", edit(E2, "events/1/from", ...), {}, "missing_field",
     "#/record/events/1/from"),
    ("no win_tile", edit(E1, "events/3/win_tile", ...), {}, "missing_field",
     "#/record/events/3/win_tile"),
    ("no winner seat", edit(E1, "events/3/winners/0/seat", ...), {}, "missing_field",
     "#/record/events/3/winners/0/seat"),
    ("no winner hand", edit(E1, "events/3/winners/0/hand", ...), {}, "missing_field",
     "#/record/events/3/winners/0/hand"),
    ("no win_tiles", edit(C.CASE_13_RECORD, "events/1/winners/1/win_tiles", ...), {},
     "missing_field", "#/record/events/1/winners/1/win_tiles"),
    ("no hai_di_first", {"dealer": 0, "events": [], "end": {}}, {}, "missing_field",
     "#/record/end/hai_di_first"),
    # invalid_field
    ("unknown member", edit(E1, "events/0/late", True), {}, "invalid_field",
     "#/record/events/0/late"),
    ("late on a kong", edit(E1, "events/2/kong/late", True), {}, "invalid_field",
     "#/record/events/2/kong/late"),
    ("33 events", {"dealer": 0, "events": [C.kong(s % 4, "concealed", f"{1 + s % 9}m")
                                           for s in range(33)]}, {}, "invalid_field",
     "#/record/events"),
    ("piao of 3", edit(E2, "piao", [1, 2, 3]), {}, "invalid_field", "#/record/piao"),
    ("piao over 10", edit(E2, "piao", [0, 0, 11, 0]), {}, "invalid_field", "#/record/piao"),
    ("no winner", edit(E1, "events/3/winners", []), {}, "invalid_field",
     "#/record/events/3/winners"),
    ("from on a self-draw", edit(E1, "events/3/from", 2), {}, "invalid_field",
     "#/record/events/3/from"),
    ("from on a 暗杠", edit(E1, "events/2/from", 1), {}, "invalid_field",
     "#/record/events/2/from"),
    ("drawn on a 补张", edit(E1, "events/2/drawn", ["1p", "2p"]), {}, "invalid_field",
     "#/record/events/2/drawn"),
    ("win_tile on 开杠's tiles", edit(E3, "events/2/win_tile", "6m"), {}, "invalid_field",
     "#/record/events/2/win_tile"),
    ("win_tiles elsewhere", edit(E1, "events/3/winners/0/win_tiles", ["9s"]), {},
     "invalid_field", "#/record/events/3/winners/0/win_tiles"),
    ("dice without the option", edit(E1, "events/0/dice", [1, 2]), {}, "invalid_field",
     "#/record/events/0/dice"),
    ("a context member of fan", edit(E1, "events/3/context/seats", {"winner": 1}), {},
     "invalid_field", "#/record/events/3/context/seats"),
    ("three drawn of two", edit(E3, "events/1/drawn", ["3s", "6m", "1p"]), {},
     "invalid_field", "#/record/events/1/drawn"),
    ("win_tiles over kai_gang_draws", edit(E3, "events/2/winners/0/win_tiles", ["6m", "3s"]),
     {"kai_gang_draws": 1}, "invalid_field", "#/record/events/1/drawn"),
    ("win_tiles empty", edit(E3, "events/2/winners/0/win_tiles", []), {}, "invalid_field",
     "#/record/events/2/winners/0/win_tiles"),
    ("a die of 7", edit(E1, "events/0/dice", [1, 7]), {"qishou_birds": "dice"},
     "invalid_field", "#/record/events/0/dice"),
    ("an unknown pattern", edit(E1, "events/0/patterns", ["da_si_xi", "si_xi"]), {},
     "invalid_field", "#/record/events/0/patterns/1"),
    ("a pattern twice", edit(E1, "events/0/patterns", ["da_si_xi", "da_si_xi"]), {},
     "invalid_field", "#/record/events/0/patterns/1"),
    ("开杠 under kai_gang false", E3, {"kai_gang": False}, "invalid_field",
     "#/record/events/1/mode"),
    ("明杠 from the konger", edit(E2, "events/0/from", 2), {}, "invalid_field",
     "#/record/events/0/from"),
    ("from a winner", edit(E2, "events/1/from", 1), {}, "invalid_field",
     "#/record/events/1/from"),
    ("a seat twice", edit(E2, "events/1/winners/1/seat", 1), {}, "invalid_field",
     "#/record/events/1/winners/1/seat"),
    ("two winners on a self-draw", edit(E2, "events/1", win_event(
        **{"from": None, "context": {"win_type": "self_draw"}})), {}, "invalid_field",
     "#/record/events/1/winners"),
    ("after_kong on a rob-kong", edit(E2, "events/1/context",
                                      {"win_type": "rob_kong", "after_kong": True}), {},
     "invalid_field", "#/record/events/1/context/after_kong"),
    ("a bad end", edit(E1, "end", {"hai_di_first": 5}), {}, "invalid_field",
     "#/record/end/hai_di_first"),
]
# "win_tiles over kai_gang_draws": with 1 draw, drawn [3s, 6m] is itself wrong first (both
# are reported, document order: the drawn list comes first).

TILES_AND_OPTIONS = [
    ("seed profile", E1, {"scoring_profile": "seed_simplified"}, "invalid_option",
     "#/options/scoring_profile"),
    ("discarder origin", E2, {"bird_origin": "discarder"}, "invalid_option",
     "#/options/bird_origin"),
    ("an unknown option", E1, {"base_points": 2}, "invalid_option", "#/options/base_points"),
    ("a bad settle option", E1, {"zuo_piao": 6}, "invalid_option", "#/options/zuo_piao"),
    ("an honor in a hand", edit(E1, "events/1/hand", "333m999m2233p55p1z"), {},
     "invalid_tile", "#/record/events/1/hand"),
    ("an honor bird", edit(E1, "events/3/birds", ["3m", "5z"]), {}, "invalid_tile",
     "#/record/events/3/birds"),
    ("an honor drawn", edit(E3, "events/1/drawn", ["3s", "1z"]), {}, "invalid_tile",
     "#/record/events/1/drawn"),
    ("a code that is no tile", edit(E3, "events/1/drawn", ["3s", "x"]), {}, "invalid_tile",
     "#/record/events/1/drawn/1"),
    ("a bad kong tile", edit(E1, "events/2/kong/tile", "0m"), {}, "invalid_tile",
     "#/record/events/2/kong/tile"),
]

HANDS = [
    ("the dealer's 13", edit(E1, "events/0/hand", "1111m346p679p347s"), {}, "bad_tile_count",
     "#/record/events/0/hand"),
    ("another's 14", edit(E1, "events/1/hand", "333m999m2233p556p1s"), {}, "bad_tile_count",
     "#/record/events/1/hand"),
    ("a winner of 12", edit(E1, "events/3/winners/0/hand", "111s333s555s777s"), {},
     "bad_tile_count", "#/record/events/3/winners/0/hand"),
    ("a bad meld", edit(E3, "events/2/winners/0/melds/0/tiles", "7778p"), {}, "bad_meld",
     "#/record/events/2/winners/0/melds/0/tiles"),
    ("five in a dealt hand", edit(E1, "events/0/hand", "11111m46p679p3479s"), {},
     "too_many_copies", "#/record/events/0/hand"),
    # the deal: the dealer's 1111m and seat 2's 1m
    ("five at the deal", edit(E1, "events/1/hand", "133m999m2233p556p"), {},
     "too_many_copies", "#/record/events/1/hand"),
    # the end: seat 1 wins with 111s…, seat 3's 暗杠 of 1s makes seven
    ("a kong at the end", edit(E1, "events/2/kong/tile", "1s"), {}, "too_many_copies",
     "#/record/events/2/kong/tile"),
    # the winner's 111s and two 1s birds
    ("birds beside the winner's tiles", edit(E1, "events/3/birds", ["1s", "1s"]), {},
     "too_many_copies", "#/record/events/3/birds"),
    # seat 3's 8888m and two 8m birds: only the end table sees it
    ("birds beside a kong", edit(E1, "events/3/birds", ["8m", "8m"]), {}, "too_many_copies",
     "#/record/events/3/birds"),
    # 333s held, 3s 3s drawn and not won (the 开杠 draws three; 6m wins)
    ("an unwon drawn tile", edit(edit(E3, "events/1/drawn", ["3s", "3s", "6m"]),
                                 "events/2/winners/0/hand", "45m333s678s55p"),
     {"kai_gang_draws": 3}, "too_many_copies", "#/record/events/1/drawn/1"),
    # 抢杠 on a kind the konger kong'd: the robbed tile and the kong's four (reading 1)
    ("a rob-kong of a kong", {"dealer": 0, "events": [
        C.kong(2, "concealed", "5m"),
        C.win([C.winner(0, "34m678m345p678s22s")], tile="5m", source=2, birds=["6m", "3p"],
              win_type="rob_kong")]}, {}, "too_many_copies", "#/record/events/0/kong/tile"),
    # a kind kong'd twice in a record with a win (reading 1)
    ("a kind kong'd twice", edit(E1, "events/2", C.kong(2, "exposed", "3p", 0)) | {
        "events": [*E1["events"][:2], C.kong(3, "concealed", "8m"), C.kong(2, "concealed", "8m"),
                   E1["events"][3]]}, {}, "too_many_copies", "#/record/events/3/kong/tile"),
]

RECORD = [
    ("an event after the win", edit(E1, "events", [*E1["events"], C.kong(0, "concealed", "2m")]),
     {}, "hand_over", "#/record/events/4"),
    ("end with a win", edit(E1, "end", {"hai_di_first": 2}), {}, "hand_over", "#/record/end"),
    ("a second declaration", edit(E1, "events/1", C.qishou(0, "2222m555p888s1234s")), {},
     "not_first_turn", "#/record/events/1"),
    ("a declaration after a kong", C.REFUSED[3][1], {}, "not_first_turn",
     "#/record/events/3"),
    ("first_turn after a kong", C.REFUSED[4][1], {}, "not_first_turn",
     "#/record/events/3/context/first_turn"),
    ("杠上开花 after a 补张", edit(E3, "events/1", C.kong(2, "concealed", "7p")) | {
        "events": [E3["events"][0], C.kong(2, "concealed", "7p"),
                   C.win([C.winner(2, "45m234s678s55p", C.KONG_7777P)], tile="6m",
                         birds=["9m", "8s"], win_type="self_draw", after_kong=True)]}, {},
     "not_after_kong", "#/record/events/2/context/after_kong"),
    ("杠上炮 not after the discarder's 开杠", {"dealer": 0, "events": [
        C.kong(2, "concealed", "1s", drawn=["2m", "7s"]),
        {**C.CASE_13_RECORD["events"][1]}]}, {}, "not_after_kong",
     "#/record/events/1/context/after_kong"),
    ("a win_tile after a 开杠 (reading 10)", edit(E3, "events/2", {
        **E3["events"][2], "win_tile": "6m",
        "winners": [C.winner(2, "45m234s678s55p", C.KONG_7777P)]}), {}, "not_after_kong",
     "#/record/events/2/context/after_kong"),
    ("a tile not drawn", edit(E3, "events/2/winners/0/win_tiles", ["3m"]), {},
     "kai_gang_mismatch", "#/record/events/2/winners/0/win_tiles/0"),
    ("a winning tile left out", C.REFUSED[1][1], {}, "kai_gang_mismatch",
     "#/record/events/1/winners/0/win_tiles"),
    ("two winners under 截胡", E2, {"yi_pao_duo_xiang": False}, "multiple_winners",
     "#/record/events/1/winners"),
    ("a kind kong'd twice", edit(E1, "events/3", ...) | {"events": [
        C.kong(3, "concealed", "8m"), C.kong(2, "exposed", "8m", 3)]}, {}, "meld_mismatch",
     "#/record/events/1/kong/tile"),
    ("a fifth kong", {"dealer": 0, "events": [C.kong(1, "concealed", t)
                                              for t in ("1m", "2m", "3m", "4m", "5m")]}, {},
     "meld_mismatch", "#/record/events/4/kong/tile"),
    ("a konger's hand without its kong", edit(E3, "events/2/winners/0", C.winner(
        2, "45m234s678s55p777p", win_tiles=["6m"])), {}, "meld_mismatch",
     "#/record/events/2/winners/0/melds"),
    ("a kong meld not concealed", edit(E3, "events/2/winners/0/melds/0/concealed", False), {},
     "meld_mismatch", "#/record/events/2/winners/0/melds/0"),
    ("a kong meld without its event", edit(E1, "events/3/winners/0", C.winner(
        1, "333s555s777s9s", [{"type": "kong", "tiles": "1111s"}])), {}, "meld_mismatch",
     "#/record/events/3/winners/0/melds/0"),
    ("a pattern the hand lacks", edit(E1, "events/1/patterns", ["que_yi_se", "da_si_xi"]),
     {}, "not_a_qishou", "#/record/events/1/patterns/1"),
    ("a hand with no pattern", edit(E1, "events/1/hand", "234m567m2356p568s"), {},
     "not_a_qishou", "#/record/events/1/hand"),
    ("three birds", C.REFUSED[0][1] | {"events": [
        *E3["events"][:2], {**E3["events"][2], "birds": ["9m", "8s", "1p"]}]}, {},
     "birds_mismatch", "#/record/events/2/birds"),
    ("one bird", C.REFUSED[0][1], {}, "birds_mismatch", "#/record/events/2/birds"),
    ("birds under bird_count 0", E3, {"bird_count": 0}, "birds_mismatch",
     "#/record/events/2/birds"),
    ("a 海底 bird that is not the 海底 tile", C.CASE_14_RECORD | {"events": [
        {**C.CASE_14_RECORD["events"][0], "birds": ["5s", "6s"]}]}, {}, "birds_mismatch",
     "#/record/events/0/birds/1"),
    ("short_wall with every bird", edit(E3, "events/2/short_wall", True), {},
     "birds_mismatch", "#/record/events/2/birds"),
    ("not a win", edit(E1, "events/3/winners/0/hand", "111s333s555s777s8p"), {}, "not_a_win",
     "#/record/events/3/winners/0/hand"),
    ("not a win on a 开杠 tile", edit(K12, "events/1/winners/0/win_tiles", ["3s", "6s"]) | {
        "events": [{**K12["events"][0], "drawn": ["3s", "6s"]}, {
            **K12["events"][1], "winners": [C.winner(2, "45m111s999s23p", [
                {"type": "kong", "tiles": "7777s", "concealed": True}], ["3s", "6s"])]}]}, {},
     "not_a_win", "#/record/events/1/winners/0/win_tiles/0"),
]


@pytest.mark.parametrize(("name", "record", "options", "code", "pointer"),
                         SHAPE + TILES_AND_OPTIONS + HANDS + RECORD,
                         ids=[c[0] for c in SHAPE + TILES_AND_OPTIONS + HANDS + RECORD])
def test_each_code_at_its_pointer(name: str, record: Any, options: dict[str, Any], code: str,
                                  pointer: str) -> None:
    found = problems(record, options)
    assert (code, pointer) in found, found
    assert found[0][0] == code, found


def test_hand_envelope_members_are_refused() -> None:
    # hand, melds, win_tile and context are not settle members: each win carries its own.
    found = problems(E1, hand="123m", win_tile="1m", context={"win_type": "self_draw"})
    assert found == [("invalid_field", "#/hand"), ("invalid_field", "#/win_tile"),
                     ("invalid_field", "#/context")]


def test_the_error_example() -> None:
    record = {"dealer": 0, "events": [
        C.kong(1, "added", "5s"),
        C.win([C.winner(1, "234m678m345p2s", [{"type": "kong", "tiles": "5555s"}])],
              tile="2s", birds=["1m", "9p"], win_type="self_draw", after_kong=True),
        C.win([C.winner(3, "123m55m456p789p78s")], tile="9s", source=0, birds=["3s", "4p"])]}
    with pytest.raises(RequestError) as caught:
        settle(VARIANT.request({"record": record}))
    assert [(p.code.value, p.pointer, p.detail) for p in caught.value.problems] == [
        ("hand_over", "#/record/events/2", "the hand ended with the win of event 1 (长沙: the "
         "first win ends the hand); no event can follow it"),
        ("not_after_kong", "#/record/events/1/context/after_kong", "after_kong on a self-draw "
         "needs a 开杠 by seat 1 as the previous event; event 0 is a 补张 by seat 1 "
         "(bu_zhang_kai_hua is false)")]
    # With bu_zhang_kai_hua only hand_over remains.
    assert problems(record, {"bu_zhang_kai_hua": True}) == [
        ("hand_over", "#/record/events/2")]


def test_stages_stop_at_the_first_with_problems() -> None:
    # A shape problem (a die of 9) hides a bad tile and a record problem.
    record = edit(edit(E1, "events/0/dice", [9, 1]), "events/1/hand", "333m999m2233p556z")
    assert problems(record, {"qishou_birds": "dice"}) == [
        ("invalid_field", "#/record/events/0/dice"), ("missing_field", "#/record/events/1/dice")]
