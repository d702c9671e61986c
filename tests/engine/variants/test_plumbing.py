"""The hot-path plumbing of the variants (`engine.plumbing`): `plainly_valid` says yes
only when `check_hand` finds nothing, and `OptionCache` hands out what `resolve` gives."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import tiles as T
from engine.errors import RequestError
from engine.hand import Hand, HandRules, Meld, MeldKind, check_hand, standard_chow
from engine.options import OptionSpec, OptionType, resolve
from engine.plumbing import OptionCache, at_most_four, plainly_valid

RULES = [HandRules(T.TILE_SETS["108"], chow_melds=False, tile_set_name="108"),
         HandRules(T.TILE_SETS["112"], chow_melds=True, tile_set_name="112"),
         HandRules(T.TILE_SETS["136"], chow_melds=True, chow_shape=standard_chow)]


def _random_hand(rng: random.Random) -> tuple[Hand, tuple[int, ...]]:
    """Mostly valid hands, each with a chance of every kind of problem: honors, a fifth
    copy, a chow or a broken meld, a concealed pong, a missing or extra win tile, a size off
    by one, visible tiles that pass four copies."""
    melds = []
    for _ in range(rng.choice([0, 0, 1, 2, 4])):
        kind = rng.choice([MeldKind.PONG, MeldKind.KONG, MeldKind.CHOW])
        t = rng.randrange(34 if rng.random() < 0.2 else 27)
        if kind is MeldKind.CHOW:
            tiles = (t, t + 1, t + 2) if rng.random() < 0.8 else (t, t, t + 1)
        else:
            tiles = (t,) * (4 if kind is MeldKind.KONG else 3)
            if rng.random() < 0.05:
                tiles = tiles[:-1]
        melds.append(Meld(kind, tuple(sorted(x % 34 for x in tiles)),
                          concealed=rng.random() < 0.2))
    size = 13 - 3 * len(melds) + rng.choice([0, 0, 0, 0, 1, -1])
    pool = range(34) if rng.random() < 0.2 else range(27)
    concealed = tuple(rng.choice(pool) for _ in range(max(size, 0)))
    win = rng.choice(pool) if rng.random() < 0.7 else None
    visible = tuple(rng.choice(pool) for _ in range(rng.choice([0, 0, 2, 6])))
    return Hand(concealed, tuple(melds), win), visible


@pytest.mark.parametrize("index", range(len(RULES)))
def test_plainly_valid_only_when_check_hand_finds_nothing(index: int) -> None:
    rules = RULES[index]
    rng = random.Random(77 + index)
    valid = invalid = 0
    for _ in range(4000):
        hand, visible = _random_hand(rng)
        for size, needs in ((13, True), (13, False), (14, False)):
            quick = plainly_valid(hand, rules, size=size, needs_win_tile=needs,
                                  visible=visible)
            full = check_hand(hand, rules, size=size, needs_win_tile=needs, visible=visible)
            assert quick == (not full), (hand, visible, size, needs, full)
            valid += quick
            invalid += not quick
    assert valid >= 300 and invalid >= 3000


SPECS = (OptionSpec("flag", OptionType.BOOLEAN, False, "a flag"),
         OptionSpec("count", OptionType.INTEGER, 2, "a count", minimum=0, maximum=9),
         OptionSpec("tiles", OptionType.TILE_LIST, ("7z",), "tiles"))


def _cache(specs: tuple[OptionSpec, ...] = SPECS) -> tuple[OptionCache, list[dict[str, Any]]]:
    calls: list[dict[str, Any]] = []

    def resolve_once(given: Any) -> dict[str, Any]:
        calls.append(dict(given))
        return resolve(specs, given)

    return OptionCache(resolve_once), calls


def test_an_option_set_is_resolved_once_and_handed_out_as_a_copy() -> None:
    cache, calls = _cache()
    first = cache.get({"count": 3, "tiles": ["1m"]})
    first["tiles"].append("2m")  # a caller changing its answer changes nothing kept
    second = cache.get({"tiles": ["1m"], "count": 3})
    assert second == {"flag": False, "count": 3, "tiles": ["1m"]}
    assert len(calls) == 1


def test_a_set_without_lists_is_one_shared_read_only_mapping() -> None:
    # the service keys each set's encoded JSON by this object's identity, so the same set
    # must give the same object, and nobody may write to it
    cache, calls = _cache(SPECS[:2])  # no list-valued option
    first = cache.get({"count": 3, "flag": False})
    assert cache.get({"flag": False, "count": 3}) is first
    assert first == {"flag": False, "count": 3} and len(calls) == 1
    with pytest.raises(TypeError):
        first["count"] = 4  # type: ignore[index]
    assert cache.get({"count": 3}) == {"flag": False, "count": 3}
    assert cache.get({"count": 4}) is not first


def test_values_of_another_type_are_another_option_set() -> None:
    # True == 1 in Python, but only the integer is a valid count: no shared entry
    cache, calls = _cache()
    assert cache.get({"count": 1})["count"] == 1
    with pytest.raises(RequestError):
        cache.get({"count": True})
    with pytest.raises(RequestError):  # a bad set is refused every time, never kept
        cache.get({"count": True})
    assert len(calls) == 3


def test_unhashable_values_are_resolved_without_the_cache() -> None:
    cache, calls = _cache()
    with pytest.raises(RequestError):
        cache.get({"tiles": [{"a": 1}]})
    assert len(calls) == 1


def test_at_most_four_is_no_kind_counted_five_times() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        tiles = [rng.randrange(rng.choice([3, 9, 34])) for _ in range(rng.randrange(0, 24))]
        assert at_most_four(tiles) == (max(Counter(tiles).values(), default=0) <= 4), tiles
