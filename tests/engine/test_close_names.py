"""engine/close_names.py: which known names are close to a misspelt one, in what order, and
how the detail words them — each rule on small lists of made-up names."""

from __future__ import annotations

import pytest

from engine.close_names import SUGGESTED, CloseNames, known_or_close, suggestions
from engine.errors import UNKNOWN_LISTED

OPTIONS = ["max_fan", "base_points", "zimo_bonus", "hai_di", "shi_ti"]


@pytest.mark.parametrize("sent, expected", [
    ("maxfan", ["max_fan"]),  # a separator left out: not compared
    ("MAX_FAN", ["max_fan"]),  # nor case
    ("max-fan", ["max_fan"]),
    ("max.fan", ["max_fan"]),
    ("max fan", ["max_fan"]),
    ("max_fa", ["max_fan"]),  # one letter missing
    ("max_fann", ["max_fan"]),  # one extra
    ("max_fam", ["max_fan"]),  # one wrong
    ("max_fna", ["max_fan"]),  # two swapped
    ("nmax_fa", ["max_fan"]),  # one moved (from the end to the front)
    ("zimo_bonu", ["zimo_bonus"]),
    ("hai_ti", ["hai_di", "shi_ti"]),  # one letter from each: the list's order
    ("fan", []),  # four letters short: another word
    ("max_fnm", ["max_fan"]),  # one out (a), another in (m): maxfn from each
    ("max_fzz", []),  # two wrong
    ("mx_fn", []),  # two missing
    ("points", []),
    ("", []),
])
def test_what_is_close(sent, expected):
    assert suggestions(sent, OPTIONS) == expected


def test_equal_but_for_case_and_separators_comes_first():
    # "ab_cd" is "abcd" exactly (0), "abce" and "abc" one letter off (2 and 1): 0, 1, 2
    assert suggestions("abcd", ["abce", "abc", "ab_cd"]) == ["ab_cd", "abc", "abce"]


def test_one_letter_missing_or_extra_comes_before_one_wrong():
    # "abcx" one wrong (a deletion each side: 2), "abcde" one extra on its side (1)
    assert suggestions("abcd", ["abcx", "abcde"]) == ["abcde", "abcx"]


def test_at_most_three_the_closest_first():
    known = ["abcx", "abcy", "abcz", "abcdz", "abc_d"]
    # abc_d 0; abcdz 1; then the one-wrong ones in order, cut at three
    assert suggestions("abcd", known) == ["abc_d", "abcdz", "abcx"]
    assert SUGGESTED == 3


@pytest.mark.parametrize("sent, known, expected", [
    ("x", ["y"], []),  # one letter of one: no typo
    ("ab", ["ac"], []),  # one of two
    ("ab", ["abc"], ["abc"]),  # two letters kept
    ("a", ["ab"], []),
])
def test_short_names_share_two_letters(sent, known, expected):
    assert suggestions(sent, known) == expected


def test_a_name_over_twice_the_longest_is_not_looked_at():
    # "max_fan" × 20 casefolds and drops nothing: too long, set aside before any deletion
    assert suggestions("max_fan" * 20, OPTIONS) == []
    assert suggestions("_" * 100_000 + "maxfan", OPTIONS) == []  # by its length as sent
    assert suggestions("maxfan", []) == []


@pytest.mark.parametrize("sent, detail", [
    ("maxfan", "did you mean 'max_fan'?"),
    ("hai_ti", "did you mean 'hai_di' or 'shi_ti'?"),
    ("fan", "known: max_fan, base_points, zimo_bonus, hai_di, shi_ti"),
])
def test_the_words(sent, detail):
    assert known_or_close(sent, OPTIONS, "known") == detail


def test_three_names_are_a_list_and_an_or():
    assert known_or_close("abcd", ["abcx", "abcy", "abcz"], "known") == (
        "did you mean 'abcx', 'abcy' or 'abcz'?")


def test_one_body_looks_four_times_then_lists():
    close = CloseNames()
    said = [close("maxfan", OPTIONS, "known members here") for _ in range(UNKNOWN_LISTED + 2)]
    assert said[:UNKNOWN_LISTED] == ["did you mean 'max_fan'?"] * 4
    assert said[UNKNOWN_LISTED:] == ["known members here: " + ", ".join(OPTIONS)] * 2
