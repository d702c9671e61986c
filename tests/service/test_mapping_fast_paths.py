"""`to_wire`'s shortcuts (plain members, items and values taken without a call; all-plain
tuples, lists and dicts copied whole) give exactly what the plain recursive mapping gives.

The reference below is the mapping as engine/results.py states it, one value at a time, with
no shortcut; both map thousands of generated answers and must agree on every member, its
order and the exact type of every value (a StrEnum member must become its plain ``str``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum
from types import MappingProxyType
from typing import Any

import pytest

from engine import results
from service.mapping import AnswerEncoder, encode, to_wire


def reference(value: Any) -> Any:
    if isinstance(value, Enum):
        return reference(value.value)
    if isinstance(value, str | int | float | bool | type(None)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name.removesuffix("_"): reference(getattr(value, f.name))
                for f in dataclasses.fields(value) if getattr(value, f.name) is not None}
    if isinstance(value, Mapping):
        return {str(k): reference(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [reference(v) for v in value]
    raise TypeError(type(value).__name__)


def typed(value: Any) -> Any:
    """A value with every member's order and every leaf's exact type made visible."""
    if isinstance(value, dict):
        return ("dict", [(type(k), k, typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    return (type(value), value)


class Colour(StrEnum):
    RED = "red"
    GREEN = "green"


class Level(IntEnum):
    LOW = 1


class Tag(str):
    """A str subclass that is no Enum: on the wire as itself."""


@dataclass(frozen=True)
class Box:
    as_: Any
    items: Any = None
    note: Any = None


def leaf(rng: random.Random) -> Any:
    return rng.choice([None, True, False, 0, 3, -1, 2.5, "5p", "", "中", Colour.RED, Level.LOW,
                       Tag("t")])


def value(rng: random.Random, depth: int = 0) -> Any:
    if depth > 3 or rng.random() < 0.35:
        return leaf(rng)
    kind = rng.choice(["tuple", "list", "dict", "box", "pattern", "group", "win"])
    size = rng.randint(0, 4)
    if kind == "tuple":
        return tuple(value(rng, depth + 1) for _ in range(size))
    if kind == "list":
        return [value(rng, depth + 1) for _ in range(size)]
    if kind == "dict":
        keys = ["max_fan", "wild", Colour.GREEN, "b", 7, "a"]
        return {rng.choice(keys): value(rng, depth + 1) for _ in range(size)}
    if kind == "box":
        return Box(value(rng, depth + 1), value(rng, depth + 1), value(rng, depth + 1))
    if kind == "pattern":
        return results.Pattern("gen", "Root", "根", rng.randint(0, 3),
                               count=rng.choice([None, 2]), tiles=rng.choice([None, ("5m",)]))
    if kind == "group":
        return results.Group("pair", ("5z", "7z"), ("5z", "5z"), rng.random() < 0.5)
    return results.WinAnswer(rng.random() < 0.5, rng.choice([None, ("standard",)]),
                             rng.choice([None, "no shape"]), value(rng, depth + 1))


def test_thousands_of_generated_answers_map_as_the_reference_does() -> None:
    rng = random.Random(13)
    for _ in range(4000):
        answer = value(rng)
        assert typed(to_wire(answer)) == typed(reference(answer)), answer


@pytest.mark.parametrize(
    ("answer", "wire"),
    [
        (("1m", "2m"), ["1m", "2m"]),                           # all plain: copied whole
        (("1m", Colour.RED), ["1m", "red"]),                    # an enum among them: its value
        ({"a": 1, "b": None}, {"a": 1, "b": None}),             # a null option is kept
        ({Colour.GREEN: 1, 7: "x"}, {"green": 1, "7": "x"}),    # keys become strings
        ({"a": (Level.LOW,)}, {"a": [1]}),
        (MappingProxyType({"a": 1, "b": None}), {"a": 1, "b": None}),  # shared options
    ],
)
def test_shortcut_cases(answer: Any, wire: Any) -> None:
    got = to_wire(answer)
    assert typed(got) == typed(wire)


def test_the_answer_encoder_gives_the_bytes_of_the_plain_encoding() -> None:
    """Cached option sets, their eviction, options not last, list-valued (unhashable) options,
    empty answers and non-dataclass answers: always ``encode(to_wire(answer))``."""
    rng = random.Random(29)
    encoder = AnswerEncoder(size=8)  # so that the cache also fills up and is cleared
    option_sets: list[Any] = [
        {"max_fan": rng.choice([None, 3, 4]), "bonus": rng.choice([True, False]),
         "mode": rng.choice(["a", "中"]), "wild": rng.choice([("5z",), ["5z", "1m"]])}
        for _ in range(40)]
    # the engine's shared read-only sets (keyed by identity), equal contents or not
    option_sets += [MappingProxyType(dict(s)) for s in option_sets[:20] if type(s["wild"]) is tuple]
    for _ in range(3000):
        kind = rng.random()
        options = rng.choice(option_sets)
        if kind < 0.6:
            answer: Any = results.WinAnswer(rng.random() < 0.5, rng.choice([None, ("standard",)]),
                                            rng.choice([None, "no shape"]), options)
        elif kind < 0.7:
            answer = results.WinAnswer(False, None, None, rng.choice([None, options]))
        elif kind < 0.8:
            answer = Box(options, value(rng), value(rng))  # options first, not last
        else:
            answer = value(rng)
        assert encoder(answer) == encode(to_wire(answer)), answer


def test_an_answer_holding_the_same_objects_many_times_encodes_as_the_reference() -> None:
    """``discards`` lists one effective-tile entry object under every discard that draws it:
    the encoder writes each object's text once an answer (by identity; the engine's
    interned ones once for the encoder) and must still give the plain encoding — shared
    objects, equal but distinct ones, and strings beside them."""
    rng = random.Random(31)
    encoder = AnswerEncoder()
    for _ in range(600):
        shared = [results.EffectiveTile(rng.choice(["1m", "5z", "中"]), rng.randint(0, 4))
                  for _ in range(rng.randint(1, 6))]
        shared += [value(rng) for _ in range(3)]  # boxes, tuples and leaves, also repeated
        # the engine's interned entries (their text written once for the encoder), and
        # equal entries made apart
        shared += [rng.choice(results.INTERNED) for _ in range(3)]
        shared.append(results.EffectiveTile(shared[-1].tile, shared[-1].remaining))
        choices = tuple(
            results.DiscardChoice(rng.choice(["2p", "9s"]), rng.randint(0, 3),
                                  rng.choice([(), (results.Wait("3m", 2, 1),)]),
                                  tuple(rng.choice(shared) for _ in range(rng.randint(0, 8))),
                                  rng.randint(0, 30))
            for _ in range(rng.randint(0, 5)))
        answer = results.DiscardsAnswer(rng.randint(0, 3), choices,
                                        options=rng.choice([{"a": 1}, MappingProxyType({})]))
        assert encoder(answer) == encode(to_wire(answer)), answer
        mixed = Box(tuple(rng.choice(shared) for _ in range(6)), shared[0], rng.choice(shared))
        assert encoder(Noted(mixed, {"b": None})) == encode(to_wire(Noted(mixed, {"b": None})))


@dataclass(frozen=True)
class Noted:
    note: Any = None
    options: Any = None


@dataclass(frozen=True)
class Seated:
    """A member always sent, null when None (`results.KEEP_NULL`), beside one left out."""

    seat: Any = dataclasses.field(default=None, metadata=results.KEEP_NULL)
    gone: Any = None
    options: Any = None


@pytest.mark.parametrize(("answer", "wire"), [
    (Noted(None, {"a": 1}), b'{"options":{"a":1}}'),              # nothing before the options
    (Noted("x", {"a": None}), b'{"note":"x","options":{"a":null}}'),
    (Noted("x", None), b'{"note":"x"}'),
    (Noted(None, {"m": Colour.RED}), b'{"options":{"m":"red"}}'),  # the cached text is wire JSON
    (Seated(None, None, {}), b'{"seat":null,"options":{}}'),      # kept null in the answer
    (Seated(2, 3, {}), b'{"seat":2,"gone":3,"options":{}}'),
    (Noted((Seated(), Seated(True, "中")), {}),                    # and in a member
     b'{"note":[{"seat":null},{"seat":true,"gone":"\xe4\xb8\xad"}],"options":{}}'),
])
def test_answer_encoder_cases(answer: Any, wire: bytes) -> None:
    encoder = AnswerEncoder()
    assert encoder(answer) == encoder(answer) == wire == encode(to_wire(answer))
