"""长沙 options (RULES.md §2.8) and the validation of requests: every bad input is a
RequestError naming the member."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Code, RequestError
from engine.options import OptionType
from engine.variants.changsha.variant import VARIANT
from tests.engine.variants.changsha.test_win import req

SMALL = "123m456p789s111m2p"  # + 2p: 小胡


def test_every_option_of_the_rules_is_declared_with_its_default_and_choices() -> None:
    declared = {s.name: (s.type, s.default, s.choices) for s in VARIANT.option_specs}
    assert declared == {
        "scoring_profile": (OptionType.STRING, "traditional",
                            ("traditional", "seed_simplified")),
        "zhuang_xian": (OptionType.BOOLEAN, True, None),
        # "discarder" is this project's way to say "several winners on one discard".
        "bird_origin": (OptionType.STRING, "winner", ("winner", "dealer", "discarder")),
        "bird_mode": (OptionType.STRING, "add", ("add", "double", "159_only", "plus_hits")),
        "shuang_haohua_units": (OptionType.INTEGER, 3, (3, 4)),
        "dahu_stack": (OptionType.STRING, "add", ("add", "multiply")),
        "menqing_dahu": (OptionType.BOOLEAN, False, None),
        "quanqiuren_discard_only": (OptionType.BOOLEAN, False, None),
        "bird_count": (OptionType.INTEGER, 2, (0, 1, 2, 4, 6)),
        # rules/claims.md §2.8
        "guo_hu": (OptionType.STRING, "same_tile", ("off", "same_tile", "not_higher", "any")),
        "kai_gang": (OptionType.BOOLEAN, True, None),
        "locked_kong": (OptionType.STRING, "same_waits",
                        ("same_waits", "keep_waits", "any", "none")),
        "shi_ti": (OptionType.STRING, "allowed", ("allowed", "no_same", "no_same_or_other_end")),
        "rob_kong": (OptionType.BOOLEAN, True, None),
        "rob_exposed_kong": (OptionType.BOOLEAN, True, None),
        "late_added_kong": (OptionType.BOOLEAN, True, None),
        # settle-changsha.md §2.9.8 (the options today's operations read)
        "zhuang_xian_in_birds": (OptionType.BOOLEAN, False, None),
        "zhuang_xian_value": (OptionType.STRING, "one", ("one", "units")),
        "xiao_hu_self_draw": (OptionType.INTEGER, 2, (1, 2)),
        "qishou_value": (OptionType.STRING, "per_pattern", ("per_pattern", "once")),
        # settle-changsha.md §2.9.8, read by settle (reconciled.md §8: draw_next_dealer)
        "qishou_birds": (OptionType.STRING, "none", ("none", "dice", "win_birds")),
        "kai_gang_draws": (OptionType.INTEGER, 2, (1, 2, 3, 4)),
        "kai_gang_wins": (OptionType.STRING, "each", ("each", "merged")),
        "bu_zhang_kai_hua": (OptionType.BOOLEAN, False, None),
        "hai_di_birds": (OptionType.STRING, "repeat", ("repeat", "one")),
        "yi_pao_duo_xiang": (OptionType.BOOLEAN, True, None),
        "zuo_piao": (OptionType.INTEGER, 0, None),
        "draw_next_dealer": (OptionType.STRING, "last_drawer", ("last_drawer", "dealer")),
        # rules/rooms.md §0.9.8
        "players": (OptionType.INTEGER, 4, (2, 3, 4)),
        "bird_seats": (OptionType.STRING, "circle", ("circle", "modulo")),
    }
    assert all(s.description for s in VARIANT.option_specs)
    assert (VARIANT.id, VARIANT.name_zh) == ("changsha", "长沙麻将")


@pytest.mark.parametrize(
    ("options", "pointer"),
    [
        ({"scoring_profile": "seed"}, "#/options/scoring_profile"),
        ({"zhuang_xian": "yes"}, "#/options/zhuang_xian"),
        ({"bird_origin": "loser"}, "#/options/bird_origin"),
        ({"bird_mode": "triple"}, "#/options/bird_mode"),
        ({"shuang_haohua_units": 5}, "#/options/shuang_haohua_units"),
        ({"dahu_stack": "max"}, "#/options/dahu_stack"),
        ({"menqing_dahu": 1}, "#/options/menqing_dahu"),
        ({"quanqiuren_discard_only": None, "bird_count": 3}, "#/options/bird_count"),
        ({"max_fan": 4}, "#/options/max_fan"),
        ({"zhuang_xian_in_birds": "no"}, "#/options/zhuang_xian_in_birds"),
        ({"zhuang_xian_value": "two"}, "#/options/zhuang_xian_value"),
        ({"xiao_hu_self_draw": 3}, "#/options/xiao_hu_self_draw"),
        ({"qishou_value": "twice"}, "#/options/qishou_value"),
    ],
)
def test_bad_options_are_invalid_option(options: dict[str, Any], pointer: str) -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(SMALL, "2p", options=options))
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.INVALID_OPTION, pointer)]


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds", "context", "problems"),
    [
        # Honors are not in the 108 tiles.
        ("123m456p789s111m7z", "2p", (), {}, [(Code.INVALID_TILE, "#/hand")]),
        # A seat outside 0–3.
        (SMALL, "2p", (), {"seats": {"dealer": 0, "winner": 4, "discarder": 2}},
         [(Code.INVALID_FIELD, "#/context/seats/winner")]),
        # The winner cannot be the discarder.
        (SMALL, "2p", (), {"seats": {"dealer": 0, "winner": 2, "discarder": 2}},
         [(Code.INVALID_FIELD, "#/context/seats/discarder")]),
        # is_dealer against the seats.
        (SMALL, "2p", (), {"is_dealer": True, "seats": {"dealer": 0, "winner": 1,
                                                        "discarder": 2}},
         [(Code.INVALID_FIELD, "#/context/is_dealer")]),
        # A robbed kong with two different payers named.
        (SMALL, "2p", (), {"win_type": "rob_kong",
                           "seats": {"dealer": 0, "winner": 1, "konger": 2, "discarder": 3}},
         [(Code.INVALID_FIELD, "#/context/seats/konger")]),
        # Payments need the paying seat, the winner, and (庄闲分) the dealer.
        (SMALL, "2p", (), {"seats": {"dealer": 0, "winner": 1}},
         [(Code.MISSING_FIELD, "#/context/seats/discarder")]),
        (SMALL, "2p", (), {"seats": {"dealer": 0, "discarder": 1}},
         [(Code.MISSING_FIELD, "#/context/seats/winner")]),
        (SMALL, "2p", (), {"seats": {"winner": 1, "discarder": 2}},
         [(Code.MISSING_FIELD, "#/context/seats/dealer")]),
        (SMALL, "2p", (), {"win_type": "rob_kong", "seats": {"dealer": 0, "winner": 1}},
         [(Code.MISSING_FIELD, "#/context/seats/konger")]),
        # Every problem at once, worst first: a bad tile and a bad seat.
        ("123m456p789s111m7z", "2p", (), {"seats": {"winner": 9}},
         [(Code.INVALID_FIELD, "#/context/seats/winner"), (Code.INVALID_TILE, "#/hand")]),
        # Size rule: 13 + win tile.
        ("123m456p789s111m", "2p", (), {}, [(Code.BAD_TILE_COUNT, "#/hand")]),
    ],
)
def test_bad_requests_name_the_member(hand: str, win_tile: str, melds: tuple[str, ...],
                                      context: dict[str, Any],
                                      problems: list[tuple[Code, str]]) -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(hand, win_tile, melds, context))
    assert [(p.code, p.pointer) for p in caught.value.problems] == problems


def test_chow_melds_are_allowed() -> None:
    # chow 123m declared + 111m 456p 789s 22p: a 小胡.
    answer = VARIANT.win(req("111m456p789s2p", "2p", ("chow 123m",)))
    assert answer.win is True


def test_the_dealer_detail_says_what_to_send() -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(req(SMALL, "2p", context={"seats": {"winner": 1, "discarder": 2}}))
    assert "context.seats.dealer" in caught.value.problems[0].detail
