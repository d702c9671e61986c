"""Validation of ``advice``, ``dingque`` and ``exchange`` bodies (RULES.md §0.10.11,
reconciled.md §18): the error example of advice.md, small cases 20 and 21, and every refused
member — one 422 listing every problem, named by its pointer, in the code order."""

from __future__ import annotations

from typing import Any

import pytest

from engine.advice import advice
from engine.advice.dingque import dingque
from engine.advice.exchange import exchange
from engine.errors import Code, RequestError
from engine.variants import REGISTRY

SICHUAN = REGISTRY["sichuan"]


def problems(call: Any, body: dict[str, Any], variant: str = "sichuan"
             ) -> list[tuple[str, str]]:
    with pytest.raises(RequestError) as caught:
        call(REGISTRY[variant], body)
    return [(p.code.value, p.pointer) for p in caught.value.problems]


def test_the_error_example() -> None:
    body = {"hand": "123m456m789m13p55p",
            "context": {"missing_suit": "s", "draws_left": 40, "win_type": "self_draw",
                        "unseen": "22225555p111122223333s"}}
    with pytest.raises(RequestError) as caught:
        advice(SICHUAN, body)
    e = caught.value
    assert e.code is Code.INVALID_FIELD
    assert [(p.pointer, p.detail) for p in e.problems] == [
        ("#/context/win_type", "advice evaluates self-draws only and takes no win_type"),
        ("#/context/unseen", "6 copies of 5p (player 2, unseen 4); there are only 4"),
        # N = 20 counts every tile of unseen, the bad ones included
        ("#/context/draws_left", "draws_left is 40 but only 20 tiles are unseen"),
    ]


@pytest.mark.parametrize(("change", "pointer"), [
    ({"context": {"draws_left": 0}}, "#/context/draws_left"),
    ({"context": {"draws_left": 61}}, "#/context/draws_left"),
    ({"context": {"draws_left": True}}, "#/context/draws_left"),
    ({"context": {"draws_left": 3, "unseen": "1234p", "visible": "9s"}}, "#/context/unseen"),
    ({"context": {"draws_left": 3}, "wall_size": 120}, "#/wall_size"),
    ({"context": {"draws_left": 3}, "mode": "baseline"}, "#/mode"),
    ({"context": {"draws_left": 3}, "objective": "fastest"}, "#/objective"),
    ({"context": {"draws_left": 3}, "draw_model": "with_replacement"}, "#/draw_model"),
    ({"context": {"draws_left": 3}, "win_tile": "2p"}, "#/win_tile"),
])
def test_small_case_20_invalid_fields(change: dict[str, Any], pointer: str) -> None:
    body = {"hand": "123m456m789m13p55p", **change}
    assert problems(advice, body) == [("invalid_field", pointer)]


def test_a_missing_draws_left() -> None:
    assert problems(advice, {"hand": "123m456m789m13p55p"}) == [
        ("missing_field", "#/context/draws_left")]


@pytest.mark.parametrize(("size", "ok"), [(94, False), (95, True), (136, True), (137, False)])
def test_wall_size_runs_from_the_default_to_136(size: int, ok: bool) -> None:
    body = {"hand": "123m456m789m13p55p", "draw_model": "constant_wall", "wall_size": size,
            "context": {"draws_left": 2}}  # the default S: 108 − 13 = 95 unseen
    if ok:
        assert advice(SICHUAN, body).draw_model == "constant_wall"
    else:
        assert problems(advice, body) == [("invalid_field", "#/wall_size")]


def test_a_larger_wall_adds_blank_draws() -> None:
    # 1 − (91/95)^1 with S = 95; with S = 100, 5 blanks: 4/100
    body = {"hand": "123m456m789m13p55p", "draw_model": "constant_wall", "wall_size": 100,
            "context": {"missing_suit": "s", "draws_left": 1}}
    assert advice(SICHUAN, body).win_prob == (0.04,)


@pytest.mark.parametrize("member", ["after_kong", "first_turn"])
def test_event_flags_are_refused(member: str) -> None:
    body = {"hand": "123m456m789m13p55p", "context": {"draws_left": 2, member: False}}
    assert problems(advice, body) == [("invalid_field", f"#/context/{member}")]


def test_the_kong_and_claims_members_are_refused() -> None:
    body = {"hand": "123m456m789m13p55p",
            "context": {"draws_left": 2, "kong": {"type": "concealed", "tile": "1m"},
                        "source": "self", "locked": True}}
    assert problems(advice, body) == [("invalid_field", "#/context/kong"),
                                      ("invalid_field", "#/context/source"),
                                      ("invalid_field", "#/context/locked")]


def test_seats_take_dealer_and_winner_only() -> None:
    body = {"hand": "123m456m789m13p55p",
            "context": {"draws_left": 2, "seats": {"dealer": 0, "winner": 1, "discarder": 2}}}
    assert problems(advice, body) == [("invalid_field", "#/context/seats/discarder")]


def test_reconciled_18_partial_seats_and_is_dealer() -> None:
    partial = {"hand": "123m456m789m13p55p", "context": {"draws_left": 2, "seats": {"dealer": 0}}}
    assert problems(advice, partial) == [("missing_field", "#/context/seats/winner")]
    against = {"hand": "123m456m789m13p55p",
               "context": {"draws_left": 2, "is_dealer": True, "seats": {"dealer": 0, "winner": 1}}}
    assert problems(advice, against) == [("invalid_field", "#/context/is_dealer")]
    agreeing = {"hand": "123m456m789m13p55p", "context": {
        "missing_suit": "s", "draws_left": 1, "is_dealer": True,
        "seats": {"dealer": 1, "winner": 1}}}
    # the dealer's 平胡 + 自摸 = 1 fan: 2 from each of three, on 4 copies of 95
    assert advice(SICHUAN, agreeing).expected_points == round(24 / 95, 6)


def test_settled_reading_4_active_needs_the_winner() -> None:
    alone = {"hand": "123m456m789m13p55p", "context": {"draws_left": 2, "active": [0, 1]}}
    assert problems(advice, alone) == [("missing_field", "#/context/seats/winner")]
    left = {"hand": "123m456m789m13p55p", "context": {
        "draws_left": 2, "active": [0, 1], "seats": {"dealer": 0, "winner": 2}}}
    assert problems(advice, left) == [("invalid_field", "#/context/active")]


def test_unseen_outside_the_tile_set_and_longer_than_it() -> None:
    assert problems(advice, {"hand": "123m456m789m13p55p",
                             "context": {"draws_left": 1, "unseen": "1z"}}) == [
        ("invalid_tile", "#/context/unseen")]
    assert problems(advice, {"hand": "123m456m789m13p55p",
                             "context": {"draws_left": 2, "unseen": "12x"}}) == [
        ("invalid_tile", "#/context/unseen")]  # unreadable: N is not counted
    long = problems(advice, {"hand": "123m456m789m13p55p",
                             "context": {"draws_left": 2, "unseen": "9s" * 109}})
    assert long[0] == ("invalid_field", "#/context/unseen")  # 109 tiles of a 108-tile set


def test_a_hand_of_the_wrong_size() -> None:
    with pytest.raises(RequestError) as caught:
        advice(SICHUAN, {"hand": "123m456m789m13p5p", "context": {"draws_left": 2}})
    (problem,) = caught.value.problems
    assert (problem.code, problem.pointer) == (Code.BAD_TILE_COUNT, "#/hand")
    assert problem.detail.startswith("expected 13 tiles (before a draw) or 14 (after it)")


def test_small_case_21_dingque() -> None:
    with_melds = {"hand": "159m55p12345678s", "melds": [{"type": "pong", "tiles": "111s"}]}
    assert ("invalid_field", "#/melds") in problems(dingque, with_melds)
    assert problems(dingque, {"hand": "159m55p12345678s", "objective": "win_prob"}) == [
        ("invalid_field", "#/objective")]
    assert problems(dingque, {"hand": "159m55p12345678s", "mode": "baseline"}) == [
        ("invalid_field", "#/mode")]
    assert problems(dingque, {"hand": "159m55p12345678s",
                              "context": {"missing_suit": "m"}}) == [
        ("invalid_field", "#/context/missing_suit")]


def test_exchange_takes_no_context_and_its_own_modes() -> None:
    assert problems(exchange, {"hand": "1129m33457p5567s", "context": {"visible": "1m"}}) == [
        ("invalid_field", "#/context")]
    assert problems(exchange, {"hand": "1129m33457p5567s", "mode": "fastest"}) == [
        ("invalid_field", "#/mode")]
    assert problems(exchange, {"hand": "1129m33457p5567s", "draw_model": "constant_wall"}) == [
        ("invalid_field", "#/draw_model")]


def test_a_hand_that_never_wins_is_no_error() -> None:
    body = {"hand": "123m456p78p99p", "melds": [{"type": "pong", "tiles": "111s"}],
            "context": {"missing_suit": "s", "draws_left": 3}}
    answer = advice(SICHUAN, body)  # a meld of the missing suit: shanten above 3
    assert answer.not_evaluated == "shanten"


@pytest.mark.parametrize("call", [advice, dingque, exchange])
def test_a_bad_option_is_listed_once(call: Any) -> None:
    # the options' problems were gathered twice: by options_or_defaults and again by the
    # variant's checked, which raises every problem of the options, hand and context
    body: dict[str, Any] = {"hand": "159m55p12345678s", "options": {"players": 9}}
    if call is advice:
        body["context"] = {"draws_left": 1}
    assert problems(call, body) == [("invalid_option", "#/options/players")]
    # and beside a hand that cannot be read, each still once
    body["hand"] = "159m55p12345678"
    assert problems(call, body) == [("invalid_option", "#/options/players"),
                                    ("invalid_tile", "#/hand")]
