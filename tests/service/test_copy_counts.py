"""A copy count names the win tile apart ("hand 4, win tile 1, melds 0": each count what its
member sent) — for every variant with a ``win``, so that one added later is covered."""

from __future__ import annotations

from typing import Any

import pytest

from engine.variants import REGISTRY
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import details, example_bodies


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


EXAMPLE = example_bodies()
WINS = [v for v in REGISTRY if "win" in REGISTRY[v].operations()]


def _body(variant: str, op: str, **hand: Any) -> dict[str, Any]:
    """The operation's example with another hand (its context and options kept: 南昌's 精)."""
    example = {k: v for k, v in EXAMPLE[f"/v1/{variant}/{op}"].items()
               if k not in ("hand", "melds", "win_tile")}
    return {**example, **hand}


COPIES = [
    # (hand, melds, win tile, operation, the detail at #/hand)
    # 1m: hand 4 + win tile 1 + melds 0 = 5
    ("1111m234m567m789m", [], "1m", "win",
     "hand has 5 copies of 1m (hand 4, win tile 1, melds 0); there are only 4"),
    # fan checks the same hand: hand 4 + win tile 1 + melds 0 = 5
    ("1111m234m567m789m", [], "1m", "fan",
     "hand has 5 copies of 1m (hand 4, win tile 1, melds 0); there are only 4"),
    # 1m: hand 1 + win tile 1 + melds 3 = 5
    ("1234567899m", [{"type": "pong", "tiles": "111m"}], "1m", "win",
     "hand has 5 copies of 1m (hand 1, win tile 1, melds 3); there are only 4"),
    # 1m: hand 4 + melds 3 = 7; the win tile is another kind and not named
    ("1111234567m", [{"type": "pong", "tiles": "111m"}], "9m", "win",
     "hand has 7 copies of 1m (hand 4, melds 3); there are only 4"),
    # waits takes no win tile: hand 4 + melds 3 = 7
    ("1111234567m", [{"type": "pong", "tiles": "111m"}], None, "waits",
     "hand has 7 copies of 1m (hand 4, melds 3); there are only 4"),
]


@pytest.mark.parametrize("variant", WINS)
@pytest.mark.parametrize("hand, melds, win_tile, op, expected", COPIES)
def test_copy_counts_name_the_win_tile(client, variant, hand, melds, win_tile, op, expected):
    tiles = {"hand": hand, "melds": melds, **({"win_tile": win_tile} if win_tile else {})}
    r = client.post(f"/v1/{variant}/{op}", json=_body(variant, op, **tiles))
    assert details(r)["#/hand"] == expected
