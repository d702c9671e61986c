"""南昌 翻精 and the 精 settlement (RULES.md §3.2, §3.7), through ``jing`` and
``jing-settlement``."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Code, RequestError
from engine.variants.nanchang.variant import VARIANT


def jing(indicator: str | None, **options: Any) -> tuple[str, str]:
    context = {} if indicator is None else {"indicator": indicator}
    answer = VARIANT.jing(VARIANT.request({"context": context, "options": options}))
    return answer.zheng, answer.fu


# "next": 1→…→9→1 inside a suit; 东→南→西→北→东 (1z→2z→3z→4z→1z); 中→发→白→中 (7z→6z→5z→7z)
NEXT = [
    ("1m", "2m"), ("8m", "9m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("5p", "6p"),
    ("1z", "2z"), ("2z", "3z"), ("3z", "4z"), ("4z", "1z"),
    ("7z", "6z"), ("6z", "5z"), ("5z", "7z"),
]
AFTER = dict(NEXT) | {"2m": "3m", "1p": "2p", "1s": "2s", "6p": "7p"}


@pytest.mark.parametrize(("indicator", "following"), NEXT)
def test_indicator_is_zheng(indicator: str, following: str) -> None:
    # 正精 = the turned tile, 副精 = the next kind
    assert jing(indicator) == (indicator, following)
    assert jing(indicator, jing_mode="indicator_is_zheng") == (indicator, following)


@pytest.mark.parametrize(("indicator", "following"), NEXT)
def test_indicator_plus_one(indicator: str, following: str) -> None:
    # 正精 = the next kind, 副精 = the one after it
    assert jing(indicator, jing_mode="indicator_plus_one") == (following, AFTER[following])


@pytest.mark.parametrize(("indicator", "expected"), [
    ("9p", ("1p", "2p")),  # 9 wraps to 1
    ("8s", ("9s", "1s")),  # 副精 wraps
    ("4z", ("1z", "2z")),  # 北 → 东 → 南
    ("3z", ("4z", "1z")),  # 西 → 北 → 东
    ("7z", ("6z", "5z")),  # 中 → 发 → 白
    ("6z", ("5z", "7z")),  # 发 → 白 → 中
    ("5z", ("7z", "6z")),  # 白 → 中 → 发
])
def test_plus_one_wrap_arounds(indicator: str, expected: tuple[str, str]) -> None:
    assert jing(indicator, jing_mode="indicator_plus_one") == expected


def test_rules_example() -> None:
    assert jing("9p") == ("9p", "1p")  # RULES.md §3.2


def test_indicator_problems() -> None:
    with pytest.raises(RequestError) as caught:
        jing(None)
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.MISSING_FIELD, "#/context/indicator")]
    with pytest.raises(RequestError) as caught:
        jing("1z", tile_set="108")
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.INVALID_TILE, "#/context/indicator")]
    with pytest.raises(RequestError) as caught:
        jing("1m", jing_mode="sideways")
    assert caught.value.code is Code.INVALID_OPTION


# --- the settlement -------------------------------------------------------------------------

def settle(holdings: list[tuple[int, int]], **options: Any) -> tuple[tuple[int, ...], ...]:
    data = {"context": {"holdings": [{"zheng": z, "fu": f} for z, f in holdings]},
            "options": options}
    answer = VARIANT.jing_settlement(VARIANT.request(data))
    assert sum(answer.deltas) == 0
    return answer.scores, answer.deltas


def test_worked_example() -> None:
    # raw 2·2+1 = 5 → 冲关 5·(5−3) = 10; seat 1 raw 1; two players score, so no 霸王精.
    # Σ = 11; deltas 4·10−11 = 29, 4·1−11 = −7, 4·0−11 = −11, −11
    assert settle([(2, 1), (0, 1), (0, 0), (0, 0)]) == ((10, 1, 0, 0), (29, -7, -11, -11))


@pytest.mark.parametrize(("holding", "score"), [
    ((2, 0), 4),  # raw 4 < 5: no 冲关
    ((2, 1), 10),  # raw 5 → 5·2
    ((3, 0), 18),  # raw 6 → 6·3
    ((3, 1), 28),  # raw 7 → 7·4
    ((4, 0), 40),  # raw 8 → 8·5
    ((4, 3), 88),  # raw 11 → 11·8
])
def test_chong_guan(holding: tuple[int, int], score: int) -> None:
    # seat 1 holds one 副精 so that two players score and 霸王精 stays out of the way
    scores, _ = settle([holding, (0, 1), (0, 0), (0, 0)])
    assert scores[0] == score


def test_bawang_double() -> None:
    # only seat 0 scores: raw 2 → ×2 = 4; Σ 4; deltas 4·4−4 = 12, −4 each
    assert settle([(1, 0), (0, 0), (0, 0), (0, 0)]) == ((4, 0, 0, 0), (12, -4, -4, -4))


def test_bawang_plus10() -> None:
    # raw 2 → +10 = 12; deltas 4·12−12 = 36, −12 each
    assert settle([(1, 0), (0, 0), (0, 0), (0, 0)], bawang_mode="plus10") == (
        (12, 0, 0, 0), (36, -12, -12, -12))


def test_bawang_after_chong_guan() -> None:
    # raw 5 → 10 → ×2 = 20; deltas 60, −20 each
    assert settle([(0, 0), (0, 0), (2, 1), (0, 0)]) == ((0, 0, 20, 0), (-20, -20, 60, -20))


def test_nobody_scores() -> None:
    assert settle([(0, 0)] * 4) == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_three_players() -> None:
    # scores 10, 1, 0: n = 3, Σ 11 → 30−11 = 19, 3−11 = −8, −11
    assert settle([(2, 1), (0, 1), (0, 0)]) == ((10, 1, 0), (19, -8, -11))


def test_jing_count_discards_is_only_a_convention() -> None:
    assert settle([(2, 1), (0, 1), (0, 0), (0, 0)], jing_count_discards=False) == (
        (10, 1, 0, 0), (29, -7, -11, -11))


@pytest.mark.parametrize(("holdings", "problems"), [
    (None, [(Code.MISSING_FIELD, "#/context/holdings")]),
    ([{"zheng": 5}, {}, {}, {}], [(Code.INVALID_FIELD, "#/context/holdings/0/zheng"),
                                  (Code.INVALID_FIELD, "#/context/holdings")]),
    ([{"zheng": 2}, {"zheng": 3}, {}, {}], [(Code.INVALID_FIELD, "#/context/holdings")]),
    ([{"fu": -1}, {}, {}, {}], [(Code.INVALID_FIELD, "#/context/holdings/0/fu")]),
    ([{}], [(Code.INVALID_FIELD, "#/context/holdings")]),
])
def test_holdings_problems(holdings: list[dict[str, int]] | None,
                           problems: list[tuple[Code, str]]) -> None:
    context = {} if holdings is None else {"holdings": holdings}
    with pytest.raises(RequestError) as caught:
        VARIANT.jing_settlement(VARIANT.request({"context": context}))
    assert [(p.code, p.pointer) for p in caught.value.problems] == problems
