"""Tile notation: parsing, canonical formatting, errors that name the token and position."""

import pytest

from engine import tiles as T


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1m", ["1m"]),
        ("123m456p789s1234567z", ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s",
                                  "1z", "2z", "3z", "4z", "5z", "6z", "7z"]),
        ("11z 55p 9m", ["9m", "5p", "5p", "1z", "1z"]),
        ("   ", []),
        ("", []),
        ("7z6z5z", ["5z", "6z", "7z"]),
    ],
)
def test_parse_then_codes_are_canonical(text: str, expected: list[str]) -> None:
    assert T.codes(T.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("12x", "12x", 0),          # a non-suit letter right after digits
        ("123m4", "4", 4),          # digits left without a suit letter
        ("m", "m", 0),              # a suit letter without digits
        ("8z", "8z", 0),            # honors stop at 7
        ("0m", "0m", 0),            # no red fives
        ("11m 2 2p", "2 ", 4),      # a space inside a group
        ("11m-", "-", 3),           # stray punctuation
    ],
)
def test_bad_tokens_name_the_token_and_position(text: str, token: str, position: int) -> None:
    with pytest.raises(T.TileParseError) as caught:
        T.parse(text)
    assert (caught.value.token, caught.value.position) == (token, position)


def test_list_of_codes_and_its_errors() -> None:
    assert T.parse_any(["3m", "1m", "7z"]) == [2, 0, 33]
    with pytest.raises(T.TileParseError) as caught:
        T.parse_any(["3m", "10m", "7z"])
    assert (caught.value.token, caught.value.position) == ("10m", 1)


def test_kind_numbering_matches_the_riichi_libraries() -> None:
    # 0–8 m, 9–17 p, 18–26 s, 27–30 winds, 31 白, 32 发, 33 中 (ENGINEERING.md §3)
    assert [T.from_code(c) for c in ("1m", "9m", "1p", "1s", "1z", "5z", "6z", "7z")] == [
        0, 8, 9, 18, 27, 31, 32, 33]
    assert (T.WHITE, T.GREEN, T.RED) == (31, 32, 33)
    assert [T.suit(t) for t in (8, 9, 26, 27)] == [0, 1, 2, 3]
    assert [T.rank(t) for t in (0, 13, 26, 33)] == [1, 5, 9, 7]


def test_round_trip_over_every_kind() -> None:
    every = list(range(T.KIND_COUNT))
    assert T.parse(T.compact(every)) == every
    assert T.parse_any(T.codes(every)) == every


def test_counts_and_tile_sets() -> None:
    c = T.counts(T.parse("1122m7z"))
    assert (c[0], c[1], c[33], sum(c)) == (2, 2, 1, 5)
    assert len(T.TILE_SETS["108"]) == 27
    assert len(T.TILE_SETS["112"]) == 28 and T.RED in T.TILE_SETS["112"]
    assert len(T.TILE_SETS["136"]) == 34


def test_make_rejects_tiles_that_do_not_exist() -> None:
    assert T.make(5, "p") == 13
    with pytest.raises(ValueError):
        T.make(8, "z")


@pytest.mark.parametrize("text", ["²m", "١m", "1²m", "５p"])
def test_only_ascii_digits_are_ranks(text: str) -> None:
    # str.isdigit() is true for ² (superscript two), ١ (Arabic-Indic one) and ５ (full width);
    # none of them is a rank: a clear error, never a crash or a silent 1m
    with pytest.raises(T.TileParseError):
        T.parse(text)
