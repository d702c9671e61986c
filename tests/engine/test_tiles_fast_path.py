"""`tiles.parse`'s fast path reads every string exactly as the reference loop does.

`parse` matches well-formed strings with one regex and reads them group by group; everything else
goes to `parse_slowly`, the character-by-character reference. Here both read the same strings
— generated valid notation and near-misses of every kind — and must agree on the tiles, or on
the error (type, message, token, position).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tiles as T


def outcome(read, text):  # type: ignore[no-untyped-def]
    """What a reading gives: the tiles, or everything about the error it raises."""
    try:
        return ("tiles", read(text))
    except T.TileParseError as e:
        return ("error", type(e), str(e), e.token, e.position, e.why)
    except ValueError as e:  # e.g. '²'.isdigit() but int('²') fails: the same either way
        return ("error", type(e), str(e))


def group(rng: random.Random) -> str:
    letter = rng.choice("mpsz")
    top = 7 if letter == "z" else 9
    return "".join(str(rng.randint(1, top)) for _ in range(rng.randint(1, 5))) + letter


def notation(rng: random.Random) -> str:
    """Well-formed notation: groups, with spaces before, between and after them."""
    gaps = [" " * rng.choice([0, 0, 0, 1, 2]) for _ in range(6)]
    groups = [group(rng) for _ in range(rng.randint(0, 5))]
    return gaps[0] + "".join(g + gaps[i % 5 + 1] for i, g in enumerate(groups))


MUTATIONS = "0123456789mpszx -\t\nMZ١٣²"
"""Characters that break notation in every way the loop distinguishes: 0, 8z/9z, a letter
with no digits, digits with no letter, a space inside a group, other whitespace and
punctuation, capitals, and non-ASCII digits (which the reference accepts, or fails on)."""


def near_miss(rng: random.Random) -> str:
    chars = list(notation(rng))
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(chars))
        what = rng.choice(("insert", "replace", "delete"))
        if what == "insert" or not chars:
            chars.insert(at, rng.choice(MUTATIONS))
        elif what == "replace":
            chars[min(at, len(chars) - 1)] = rng.choice(MUTATIONS)
        else:
            del chars[min(at, len(chars) - 1)]
    return "".join(chars)


def test_thousands_of_valid_strings_read_the_same() -> None:
    rng = random.Random(34)
    texts = [notation(rng) for _ in range(5000)]
    for text in texts:
        assert outcome(T.parse, text) == outcome(T.parse_slowly, text), text
    # the generator is not vacuous: the fast path took these (none fell back to the loop)
    assert all(T.WELL_FORMED.fullmatch(t) for t in texts)


def test_thousands_of_near_misses_fail_or_read_the_same() -> None:
    rng = random.Random(8)
    texts = [near_miss(rng) for _ in range(8000)]
    errors = 0
    for text in texts:
        slow = outcome(T.parse_slowly, text)
        assert outcome(T.parse, text) == slow, text
        errors += slow[0] == "error"
    assert errors > 4000  # most mutations break the string; the errors were compared too


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=MUTATIONS, max_size=24))
def test_any_string_over_the_notation_alphabet_reads_the_same(text: str) -> None:
    assert outcome(T.parse, text) == outcome(T.parse_slowly, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m456m789m55p23p", [0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 13, 10, 11]),  # order as given
        (" 1z  7z ", [27, 33]),     # 东 is 27, 中 is 27 + 6 = 33; outer and inner spaces
        ("9s1m", [26, 0]),          # 9s = 18 + 8; the order of the text, not sorted
        ("", []),
    ],
)
def test_fast_path_reads_well_formed_strings(text: str, expected: list[int]) -> None:
    assert T.WELL_FORMED.fullmatch(text) is not None  # this case is the fast path's
    assert T.parse(text) == expected


@pytest.mark.parametrize("text", ["8z", "0m", "1m 2 2p", "m", "12", "1m\n", "١m", "1M"])
def test_strings_the_fast_path_leaves_to_the_loop(text: str) -> None:
    assert T.WELL_FORMED.fullmatch(text) is None
