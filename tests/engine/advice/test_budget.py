"""The work bound (RULES.md §0.10.6, reconciled.md §11): keys, cells and parts counted as the
spec counts them, the fallback to ``constant_wall`` and ``not_evaluated: "budget"``."""

from __future__ import annotations

import contextlib
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


def _pool_keys(hand: str, horizon: int, kept: list[K.PoolKeys] | None = None) -> K.PoolKeys:
    """Stage 1's keys of a 14-tile 四川 hand, every discard's part a root (their order does
    not move the count, §0.10.6); OverBudget as the module's limits say (the keys put in
    ``kept`` first, to be read after it)."""
    v = REGISTRY["sichuan"]
    asked = read(v, {"hand": hand, "context": {"draws_left": horizon}})
    request = asked.request
    rules = VariantRules(v, request.hand.melds, request.context, asked.options,
                         request.options)
    unseen = asked.unseen
    keys = K.PoolKeys(horizon, unseen, sum(unseen), Graph(rules, unseen, False, 10**6))
    if kept is not None:
        kept.append(keys)
    held = sorted(request.hand.concealed)
    for part in sorted({tuple(held[:i] + held[i + 1:]) for i in range(len(held))}):
        keys.root(keys.graph.node(part))
    keys.settle()
    return keys


# A body whose parents at level T − 1 point at far more keys with no draw left than there are
# (every progress choice of every parent under the parent's own counts): counted without
# limits, 365 cells above the edge, 560 parts there with 599 cells, met 2,261 times.
EDGE_HAND, EDGE_T = "244m223337889p89s", 2


def test_keys_with_no_draw_left_are_one_a_part(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(K, "CELL_LIMIT", 10**9)
    monkeypatch.setattr(K, "PART_LIMIT", 10**9)
    keys = _pool_keys(EDGE_HAND, EDGE_T)
    edge = [key for key in keys.keys if key.level == EDGE_T]
    meets = sum(len(ids) for key in keys.keys if key.level == EDGE_T - 1
                for _, ids in key.moves)
    assert meets == 2_261  # a key each, were they kept under their parents' counts
    assert len(edge) == len({key.node.index for key in edge}) == 560
    assert keys.cells == 365 + 599


@pytest.mark.parametrize(("limit", "admitted"), [(964, True), (963, False)])
def test_the_edge_count_is_exact_and_its_table_bounded(limit: int, admitted: bool,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    # a limit between the exact count (964) and what the finer keys would count (365 +
    # 2,261): the stage is admitted exactly when its cells are within it, and the count's
    # table never holds more than the room left + 1
    monkeypatch.setattr(K, "CELL_LIMIT", limit)
    sizes: list[int] = []
    check = K.PoolKeys._check

    def watched(self: K.PoolKeys) -> None:
        check(self)
        sizes.append(self.edge_entries - (K.CELL_LIMIT - self.counted))
    monkeypatch.setattr(K.PoolKeys, "_check", watched)
    if admitted:
        assert _pool_keys(EDGE_HAND, EDGE_T).cells == 964
    else:
        with pytest.raises(K.OverBudget):
            _pool_keys(EDGE_HAND, EDGE_T)
    assert sizes and max(sizes) <= 0  # (after each check: within the room)


@pytest.mark.parametrize("horizon", [2, 3, 4, 6])
@pytest.mark.parametrize("hand", ["244m223337889p89s",
    "1234m3346667p444s", "13m46m79m12p5p8p99p1m2p"])
def test_the_key_table_stays_within_the_bound(hand: str, horizon: int) -> None:
    # every key above the edge holds at least 2 cells and every key at it is one part, so a
    # stage holds at most CELL_LIMIT // 2 + PART_LIMIT + 2 keys (the last one met may pass),
    # and the edge's count at most CELL_LIMIT + 1 entries, whatever the body
    kept: list[K.PoolKeys] = []
    with contextlib.suppress(K.OverBudget):
        _pool_keys(hand, horizon, kept)
    keys = kept[0]
    assert len(keys.keys) <= K.CELL_LIMIT // 2 + K.PART_LIMIT + 2
    assert keys.edge_entries <= K.CELL_LIMIT + 1
