"""The shipped first entries of the 14-tile parts of one suit (`engine.advice.one_suit`): the
file is what the search makes, its rows are the parts one to one, and the 进张 read from
them — in every suit, the part as the lower live suit or the higher — are `discards`' own
(the plain definition of `test_exchange_scorer`)."""

from __future__ import annotations

import random

import pytest

from engine import tiles as T
from engine.advice import one_suit
from engine.advice.one_suit_build import build
from engine.shapes import layout
from engine.shapes.composed import code_of
from tests.engine.advice.test_exchange_scorer import scorers
from tests.hands import scale


def test_rebuild_equals_shipped() -> None:
    # the whole table searched again (2–3 s): a change to the search or to the tables it
    # reads that is not rebuilt fails here
    assert build() == one_suit.FILE.read_bytes()


def test_each_part_has_its_own_row() -> None:
    rows = sorted(one_suit.row(layout.code8(v)) for v in layout.number_vectors()
                  if sum(v) == layout.MAX_TILES)
    assert rows == list(range(one_suit.PARTS))


def test_a_part_of_one_suit_draws_as_discards_counts() -> None:
    # each suit in turn: the part is the lower live suit beside an empty one (its row as
    # shipped) or the higher (the row's halves swapped), and with the given tiles in its own
    # suit or another (the copies left)
    fast, plain = scorers(14)
    rng = random.Random(2314)
    for _ in range(scale(60, 600)):
        suit = rng.randrange(3)
        wall = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(4)]
        rng.shuffle(wall)
        part = tuple(sorted(wall[:14]))
        into = rng.randrange(3)
        left = [k for k in range(9 * into, 9 * into + 9) for _ in range(4 - part.count(k))]
        given = tuple(sorted(rng.sample(left, 3)))
        assert fast.effective(part, given) == plain.effective(part, given), (part, given)
        if into == suit:  # the dealer's deal of one suit with triples into it
            assert fast.ties is not None
            held, one = code_of(part, suit), [(0, 1)]
            assert fast.ties.lone_counted(held, one, code_of(given, suit)) \
                == plain.effective(part, given), (part, given)
            assert fast.ties.lone_shantens(held, one) == plain.shanten(part, given), part


@pytest.mark.parametrize(("part", "given", "expected"), [
    # the one part whose first entry draws in the empty suits: discarding 1m leaves
    # 111m 345m 567m 999m 9m, four groups and a 9m whose only wait is a fifth 9m (table 0,
    # shanten 1), and every draw keeps the table at 0, below 1 — the empty suits' too:
    # 2–8m 4 + 3 + 3 + 2 + 3 + 3 + 4 = 22 not held (1m, 9m none), p and s 2 × 36; 123p
    # seen: 22 + 72 − 3 = 91; 222m seen instead: 94 − 3 = 91
    ("11113455679999m", "123p", 91),
    ("11113455679999m", "222m", 91),
    ("11113455679999p", "888s", 91),
])
def test_a_part_that_draws_in_the_empty_suits(part: str, given: str, expected: int) -> None:
    fast, plain = scorers(14)
    tiles, seen = tuple(sorted(T.parse(part))), tuple(sorted(T.parse(given)))
    assert fast.effective(tiles, seen) == plain.effective(tiles, seen) == expected
    suit = tiles[0] // 9
    if seen[0] // 9 == suit:
        assert fast.ties is not None
        held = code_of(tiles, suit)
        assert fast.ties.lone_counted(held, [(0, 1)], code_of(seen, suit)) == expected
