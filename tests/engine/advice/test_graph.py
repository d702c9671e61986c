"""The part graph: relevant kinds read from a part alone equal the definition over its whole
descendant graph (settled reading 5), on generated hands of every variant."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

import engine.advice.model as M
from engine.advice import advice
from engine.advice.adapter import VariantRules
from engine.advice.graph import Graph, Node
from engine.advice.reading import read
from engine.tiles import Tile
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.advice.generated import bodies


def _by_definition(graph: Graph, node: Node, memo: dict[int, frozenset[Tile]]
                   ) -> frozenset[Tile]:
    """Wins, progress and forced stays of the node and, recursively, of every child."""
    if node.index not in memo:
        steps = graph.steps(node)
        found = set(graph.wins(node)) | set(steps)
        for children in steps.values():
            for child in children:
                found |= _by_definition(graph, child, memo)
        memo[node.index] = frozenset(found)
    return memo[node.index]


@pytest.mark.parametrize("variant", tuple(REGISTRY))
def test_relevant_kinds_need_no_descendant(variant: str) -> None:
    v = REGISTRY[variant]
    checked = 0
    for body in bodies(variant, H.scale(6, 60), seed=22):
        body["context"]["draws_left"] = 1
        asked = read(v, body)
        request = asked.request
        rules = VariantRules(v, request.hand.melds, request.context, asked.options,
                             request.options)
        graph = Graph(rules, asked.unseen, False, 10**6)
        concealed = sorted(request.hand.concealed)
        parts = ([tuple(concealed[:i] + concealed[i + 1:]) for i in range(len(concealed))]
                 if asked.after_draw else [tuple(concealed)])
        memo: dict[int, frozenset[Tile]] = {}
        for part in parts:
            if rules.shanten(part) <= 2:
                _by_definition(graph, graph.node(part), memo)
        alone = Graph(rules, asked.unseen, False, 10**6)  # no children ever built here
        for node in list(graph.nodes.values()):
            if node.index in memo:
                found = alone.relevant(alone.node(node.part))
                assert frozenset(found) == memo[node.index], node.part
                checked += 1
    assert checked > H.scale(100, 1000)


@pytest.mark.parametrize(("body", "model"), [
    ({"hand": "13m456m78m12p5p8p99p", "context": {"missing_suit": "s", "draws_left": 18}},
     "without_replacement"),
    # (falling back: both stages share the graph)
    ({"hand": "13m46m79m12p5p8p99p1m", "context": {"missing_suit": "s", "draws_left": 14}},
     "constant_wall"),
    ({"hand": "13m46m79m12p5p8p99p1m2p", "context": {"missing_suit": "s", "draws_left": 3}},
     "constant_wall"),
])
def test_a_finished_requests_graph_is_freed_by_reference_counting(
        body: dict[str, Any], model: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a node that pointed back at its graph left every request's graph to the cyclic GC
    # (issue 23: heap sweeps mid-call); with the collector off it must go when the call ends
    made: list[weakref.ref[Graph]] = []

    def watched(*args: Any) -> Graph:
        graph = Graph(*args)
        made.append(weakref.ref(graph))
        return graph
    monkeypatch.setattr(M, "Graph", watched)
    gc.collect()
    gc.disable()
    try:
        answer = advice(REGISTRY["sichuan"], body)
        assert made and all(ref() is None for ref in made)
        assert gc.collect() == 0  # nothing the call made waits for the collector
    finally:
        gc.enable()
    assert answer.draw_model == model
