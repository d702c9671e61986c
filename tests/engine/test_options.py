"""Room options: defaults, validation with invalid_option, fixed order."""

import pytest

from engine.errors import Code, RequestError
from engine.options import OptionSpec, OptionType, resolve

SPECS = (
    OptionSpec("max_fan", OptionType.INTEGER, 4, "cap", choices=(2, 3, 4, 5, None),
               nullable=True),
    OptionSpec("base_points", OptionType.INTEGER, 1, "base", minimum=1, maximum=1000),
    OptionSpec("mode", OptionType.STRING, "a", "mode", choices=("a", "b")),
    OptionSpec("flag", OptionType.BOOLEAN, True, "flag"),
    OptionSpec("wild_tiles", OptionType.TILE_LIST, ["7z"], "wilds"),
)


def test_defaults_fill_in_and_keep_the_declared_order() -> None:
    assert list(resolve(SPECS, {"flag": False}).items()) == [
        ("max_fan", 4), ("base_points", 1), ("mode", "a"), ("flag", False), ("wild_tiles", ["7z"])]


def test_null_is_a_value_only_where_the_option_allows_it() -> None:
    assert resolve(SPECS, {"max_fan": None})["max_fan"] is None
    assert resolve(SPECS, {"base_points": None})["base_points"] == 1  # null counts as absent


@pytest.mark.parametrize(
    ("given", "pointer", "detail"),
    [
        ({"max_fan": 6}, "#/options/max_fan", "max_fan must be one of 2, 3, 4, 5, null; got 6"),
        ({"base_points": 0}, "#/options/base_points", "base_points must be at least 1; got 0"),
        ({"base_points": 10**6}, "#/options/base_points",
         "base_points must be at most 1000; got 1000000"),
        ({"base_points": True}, "#/options/base_points", "base_points must be an integer"),
        ({"mode": "c"}, "#/options/mode", 'mode must be one of "a", "b"; got "c"'),
        ({"flag": "yes"}, "#/options/flag", "flag must be true or false"),
        ({"wild_tiles": "7z"}, "#/options/wild_tiles", "wild_tiles must be a list of tile codes"),
        ({"nope": 1}, "#/options/nope",
         "unknown option 'nope' for this variant; known: max_fan, base_points, mode, flag, "
         "wild_tiles"),
    ],
)
def test_bad_options_are_invalid_option(given: dict[str, object], pointer: str,
                                        detail: str) -> None:
    with pytest.raises(RequestError) as caught:
        resolve(SPECS, given)
    (problem,) = caught.value.problems
    assert (problem.code, problem.pointer, problem.detail) == (Code.INVALID_OPTION, pointer,
                                                               detail)


def test_every_bad_option_is_reported_at_once() -> None:
    with pytest.raises(RequestError) as caught:
        resolve(SPECS, {"mode": "z", "flag": 1, "typo": True})
    assert sorted(p.pointer for p in caught.value.problems) == [
        "#/options/flag", "#/options/mode", "#/options/typo"]
