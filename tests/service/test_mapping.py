"""The generic engine-answer → JSON mapping (conventions of engine/results.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import pytest

from engine.hand import MeldKind
from engine.results import KEEP_NULL, Group, Pattern, Reading
from engine.variants import REGISTRY
from service.mapping import encode, to_wire


class Colour(StrEnum):
    RED = "red"


@dataclass(frozen=True)
class Inner:
    as_: tuple[str, ...]
    colour: Colour
    note: str | None = None


@dataclass(frozen=True)
class Outer:
    zeta: int
    alpha: tuple[Inner, ...]
    options: dict[str, object]
    skipped: int | None = None


def test_fields_in_declaration_order_none_omitted_underscore_dropped():
    answer = Outer(1, (Inner(("5m",), Colour.RED),), {"max_fan": None, "wild": ("7z",)})
    wire = to_wire(answer)
    assert list(wire) == ["zeta", "alpha", "options"]  # declaration order, not sorted
    assert wire["alpha"] == [{"as": ["5m"], "colour": "red"}]
    assert type(wire["alpha"][0]["colour"]) is str  # the value, not the enum member
    assert wire["options"] == {"max_fan": None, "wild": ["7z"]}  # a null option stays


@dataclass(frozen=True)
class WithNull:
    seat: int | None = field(default=None, metadata=KEEP_NULL)
    gone: int | None = None


def test_a_field_marked_keep_null_is_a_json_null():
    # 长沙 settle's next_dealer: always a member, null while the hand is in play
    assert to_wire(WithNull()) == {"seat": None}
    assert to_wire(WithNull(2, 3)) == {"seat": 2, "gone": 3}
    assert encode(to_wire(WithNull())) == b'{"seat":null}'


def test_engine_result_types():
    reading = Reading("standard", (Group("pair", ("5z", "7z"), ("5z", "5z")),))
    assert to_wire(reading) == {"shape": "standard", "groups": [
        {"kind": "pair", "tiles": ["5z", "7z"], "as": ["5z", "5z"], "declared": False}]}
    assert to_wire(Pattern("gen", "Root", "根", 1, count=2)) == {
        "id": "gen", "name": "Root", "name_zh": "根", "fan": 1, "count": 2}


def test_encoding_is_compact_utf8_and_stable():
    data = to_wire(Pattern("qing_yi_se", "Full flush", "清一色", 2))
    expected = '{"id":"qing_yi_se","name":"Full flush","name_zh":"清一色","fan":2}'
    assert encode(data) == expected.encode()


def test_unknown_types_are_refused_loudly():
    with pytest.raises(TypeError):
        to_wire(object())


def test_request_data_becomes_the_engines_request():
    req = REGISTRY["sichuan"].request({
        "hand": "123m", "melds": [{"type": "pong", "tiles": ["5p", "5p", "5p"]}],
        "win_tile": "9s", "context": {"seats": {"winner": 2}}, "options": {"max_fan": None}})
    assert req.hand.concealed == (0, 1, 2)
    assert req.hand.melds[0].kind is MeldKind.PONG and req.hand.melds[0].tiles == (13, 13, 13)
    assert req.hand.win_tile == 26
    assert req.context.seats is not None and req.context.seats.winner == 2
    assert dict(req.options) == {"max_fan": None}
