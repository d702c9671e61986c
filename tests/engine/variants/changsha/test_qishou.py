"""长沙 起手小胡 (RULES.md §2.6): opening patterns on the dealt hand, 2 per pattern from each
other player; patterns stack, each counted once."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Code, RequestError
from engine.variants.changsha.variant import VARIANT


@pytest.mark.parametrize(
    ("hand", "patterns", "per_other_player"),
    [
        # 1111m 234p 567s 258s: a four-of-a-kind; 2/5/8 present; all suits; one kind ≥ 3.
        ("1111m234p567s258s", ["da_si_xi"], 2),
        # Ranks 1 3 4 6 7 9 only: no 2/5/8 (板板胡); all suits; no triplet.
        ("134679m134p1346s", ["ban_ban_hu"], 2),
        # No 条 at all (缺一色); 2m 5m 8m present; no kind twice.
        ("123456789m2345p", ["que_yi_se"], 2),
        # 111m and 222p: two kinds three times (六六顺); 2p 5s 8s present; all suits.
        ("111m222p345s678s9s", ["liu_liu_shun"], 2),
        # The dealer's 14: 1111m 333m 999p 1346p — four of a kind, no 2/5/8, no 条, three kinds
        # three or more times: all four stack, 4 × 2 = 8.
        ("1111m333m999p1346p", ["da_si_xi", "ban_ban_hu", "que_yi_se", "liu_liu_shun"], 8),
        # Two four-of-a-kinds are one 四喜; they also make 六六顺 (three or more copies): 2 × 2.
        ("1111m2222p345s67s", ["da_si_xi", "liu_liu_shun"], 4),
        # Nothing: 2/5/8 present, all suits, every kind once.
        ("123m456p789s123p4s", [], 0),
    ],
)
def test_opening_patterns(hand: str, patterns: list[str], per_other_player: int) -> None:
    answer = VARIANT.qishou(VARIANT.request({"hand": hand}))
    assert [p.id for p in answer.patterns] == patterns
    assert (answer.count, answer.per_other_player) == (len(patterns), per_other_player)


def test_pattern_names() -> None:
    answer = VARIANT.qishou(VARIANT.request({"hand": "1111m333m999p1346p"}))
    assert [(p.name_zh, p.fan) for p in answer.patterns] == [
        ("大四喜", 0), ("板板胡", 0), ("缺一色", 0), ("六六顺", 0)]


@pytest.mark.parametrize(
    ("data", "problems"),
    [
        ({"hand": "123m456p789s123p"}, [(Code.BAD_TILE_COUNT, "#/hand")]),
        ({"hand": "123m456p789s123p4s5s6s"}, [(Code.BAD_TILE_COUNT, "#/hand")]),
        ({"hand": "123m456p789s1p", "melds": [{"type": "pong", "tiles": "222s"}]},
         [(Code.INVALID_FIELD, "#/melds")]),
        ({"hand": "123m456p789s123p", "win_tile": "4s"}, [(Code.INVALID_FIELD, "#/win_tile"),
                                                          (Code.BAD_TILE_COUNT, "#/hand")]),
        ({"hand": "123m456p789s123p7z"}, [(Code.INVALID_TILE, "#/hand")]),
        ({}, [(Code.MISSING_FIELD, "#/hand")]),
        ({"hand": "123m456p789s123p4s", "options": {"bird_count": 3}},
         [(Code.INVALID_OPTION, "#/options/bird_count")]),
    ],
)
def test_qishou_names_what_is_wrong(data: dict[str, Any],
                                    problems: list[tuple[Code, str]]) -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.qishou(VARIANT.request(data))
    assert [(p.code, p.pointer) for p in caught.value.problems] == problems


def test_the_size_detail_says_13_or_14() -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.qishou(VARIANT.request({"hand": "123m456p789s123p"}))
    assert caught.value.problems[0].detail == \
        "the dealt hand has 13 tiles, or 14 for the dealer; got 12"
