"""The operations every variant shares (engine/variants/base.py): waits and discards."""

import pytest

from engine.errors import Code, RequestError
from engine.variants import REGISTRY


def test_a_discarded_copy_is_gone_from_remaining() -> None:
    # 11112222333344m, throw one 1m: 111m 2222m 3333m 44m is left, and 1m still completes it
    # (11m + 123m 123m 234m 234m). That wait has 4 − 3 held − 1 just thrown = 0 copies left,
    # as the effective tiles count it (1m is not among them).
    answer = REGISTRY["sichuan"].discards(REGISTRY["sichuan"].request({"hand": "11112222333344m"}))
    choice = next(c for c in answer.discards if c.tile == "1m")
    remaining = {w.tile: w.remaining for w in choice.waits}
    assert remaining["1m"] == 0
    # 4m: 4 − 2 held = 2
    assert remaining["4m"] == 2
    assert {e.tile for e in choice.effective_tiles} == {"4m", "5m"}


def test_waits_remaining_counts_visible_tiles() -> None:
    # 123m456m789m55p23p waits on 1p and 4p; 4 − 0 held − 2 visible = 2 copies of 1p left
    answer = REGISTRY["sichuan"].waits(REGISTRY["sichuan"].request(
        {"hand": "123m456m789m55p23p", "context": {"visible": "11p4p"}}))
    assert [(w.tile, w.remaining) for w in answer.waits] == [("1p", 2), ("4p", 3)]
    assert answer.tenpai and answer.shanten == 0


def test_every_variant_orders_discards_by_shanten_then_effective_count() -> None:
    bodies = {
        "sichuan": {"hand": "123m456m789m55p238p"},
        "changsha": {"hand": "123m456m789m55p238p"},
        "nanchang": {"hand": "123m456m789m55p367z", "context": {"jing": {"zheng": "5s",
                                                                         "fu": "6s"}}},
        "hongzhong": {"hand": "123m456m789m55p238p"},
    }
    for variant_id, body in bodies.items():
        answer = REGISTRY[variant_id].discards(REGISTRY[variant_id].request(body))
        keys = [(c.shanten, -c.effective_count) for c in answer.discards]
        assert keys == sorted(keys), variant_id
        assert answer.shanten == answer.discards[0].shanten
        for c in answer.discards:
            assert c.effective_count == sum(e.remaining for e in c.effective_tiles)


@pytest.mark.parametrize("variant_id", list(REGISTRY))
def test_a_request_with_unreadable_tiles_also_names_its_bad_options(variant_id: str) -> None:
    variant = REGISTRY[variant_id]
    with pytest.raises(RequestError) as caught:
        variant.request({"hand": "12x", "win_tile": "9z", "options": {"no_such_option": 1}})
    problems = caught.value.problems
    assert caught.value.code is Code.INVALID_OPTION
    assert [p.pointer for p in problems] == ["#/options/no_such_option", "#/hand", "#/win_tile"]
    with pytest.raises(RequestError) as caught:  # good options: the tiles alone
        variant.request({"hand": "12x", "options": {}})
    assert [p.code for p in caught.value.problems] == [Code.INVALID_TILE]
    # readable tiles: the options are the operation's to check, as before
    assert variant.request({"hand": "123m", "options": {"no_such_option": 1}}).hand.concealed \
        == (0, 1, 2)
    assert variant.option_problems({}) == []
