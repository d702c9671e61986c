"""The work bound (RULES.md §0.10.6, reconciled.md §11): keys, cells and parts counted as the
spec counts them, the fallback to ``constant_wall`` and ``not_evaluated: "budget"``."""

from __future__ import annotations

from typing import Any

import pytest

import engine.advice.keys as K
import engine.advice.model as M
from engine import tiles as T
from engine.advice import advice
from engine.advice.adapter import VariantRules
from engine.advice.graph import Graph
from engine.advice.reading import read
from engine.variants import REGISTRY


def _count(hand: str, horizon: int, monkeypatch: pytest.MonkeyPatch,
           **context: Any) -> tuple[tuple[int, int], tuple[int, int]]:
    """(cells, parts) of both stages for a 13-tile hand, with the limits lifted."""
    monkeypatch.setattr(K, "CELL_LIMIT", 10**9)
    monkeypatch.setattr(K, "PART_LIMIT", 10**9)
    v = REGISTRY["sichuan"]
    asked = read(v, {"hand": hand, "context": {**context, "draws_left": horizon}})
    request = asked.request
    rules = VariantRules(v, request.hand.melds, request.context, asked.options,
                         request.options)
    part = tuple(sorted(request.hand.concealed))
    unseen = asked.unseen
    pooled = K.PoolKeys(horizon, unseen, sum(unseen), Graph(rules, unseen, False, 10**6))
    pooled.root(pooled.graph.node(part))
    wall = [u + c for u, c in zip(unseen, T.counts(part), strict=True)]
    graph = Graph(rules, wall, True, 10**6)
    walled = K.WallKeys(horizon, wall, sum(unseen), graph)
    walled.root(graph.node(part))
    return (pooled.cells, len(pooled.parts)), (walled.cells, len(walled.parts))


@pytest.mark.parametrize(("hand", "horizon", "context", "pooled", "walled"), [
    # §0.10.6: the 2-shanten hand with 18 draws, the 3-shanten one with 14
    ("13m456m78m12p5p8p99p", 18, {"missing_suit": "s"}, 11_017, 1_190),
    ("13m46m79m12p5p8p99p1m", 14, {"missing_suit": "s"}, 23_003, 3_296),
    # small case 14: 43,681 cells; constant_wall 6,233 cells over 480 parts
    ("13m456m79m12p58p9p1s", 14, {}, 43_681, 6_233),
])
def test_the_printed_counts(hand: str, horizon: int, context: dict[str, Any], pooled: int,
                            walled: int, monkeypatch: pytest.MonkeyPatch) -> None:
    (cells, parts), (wall_cells, wall_parts) = _count(hand, horizon, monkeypatch, **context)
    assert cells == pooled and wall_cells == walled
    assert parts == wall_parts  # the same parts are met: only the keys differ
    if hand == "13m456m79m12p58p9p1s":
        assert wall_parts == 480


@pytest.mark.parametrize(("hand", "horizon", "context", "model"), [
    ("13m456m78m12p5p8p99p", 18, {"missing_suit": "s"}, "without_replacement"),  # 11,017
    ("13m46m79m12p5p8p99p1m", 14, {"missing_suit": "s"}, "constant_wall"),  # 23,003 > 20,000
])
def test_more_cells_than_the_bound_fall_back(hand: str, horizon: int,
                                              context: dict[str, Any], model: str) -> None:
    answer = advice(REGISTRY["sichuan"], {"hand": hand,
                                          "context": {**context, "draws_left": horizon}})
    assert answer.draw_model == model
    assert answer.not_evaluated is None


def test_more_parts_than_the_bound_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    body = {"hand": "13m46m79m12p5p8p99p1m2p", "context": {"missing_suit": "s", "draws_left": 3}}
    # counted without limits: 5,694 cells, but 1,814 parts > 800
    with monkeypatch.context() as patched:
        patched.setattr(K, "CELL_LIMIT", 10**9)
        patched.setattr(K, "PART_LIMIT", 10**9)
        patched.setattr(M, "GRAPH_LIMIT", 10**9)
        assert advice(REGISTRY["sichuan"], body).draw_model == "without_replacement"
    answer = advice(REGISTRY["sichuan"], body)
    assert answer.draw_model == "constant_wall"
    # the walled stage meets the same parts: it too stops where they pass 800
    flags = [e.not_evaluated for e in answer.discards]
    assert flags[0] is None and flags[-1] == "budget"
    assert flags == sorted(flags, key=lambda f: f is not None)


def test_a_constant_wall_stage_cuts_the_later_candidates() -> None:
    body = {"hand": "123m45m79m12p58p99p1m", "context": {"missing_suit": "s", "draws_left": 20},
            "draw_model": "constant_wall"}
    answer = advice(REGISTRY["sichuan"], body)
    evaluated = [e for e in answer.discards if e.not_evaluated is None]
    cut = [e for e in answer.discards if e.not_evaluated == "budget"]
    # the seven 2-shanten discards fit; the first 3-shanten one passes 20,000 cells, and it
    # and every later one are not evaluated, listed last in discards' order
    assert [e.tile for e in evaluated] == ["5p", "8p", "1m", "2m", "5m", "9m", "9p"]
    assert [e.tile for e in cut] == ["1p", "2p", "4m", "7m", "3m"]
    assert all(e.shanten == 3 and e.win_prob is None for e in cut)
    assert answer.discards[-len(cut):] == tuple(cut)
    alone = advice(REGISTRY["sichuan"], {**body, "hand": "123m45m79m12p58p99p1m"})
    assert alone == answer  # the same body, the same answer
