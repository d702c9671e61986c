"""The part graph: relevant kinds read from a part alone equal the definition over its whole
descendant graph (settled reading 5), on generated hands of every variant."""

from __future__ import annotations

import pytest

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
        found = set(node.wins) | set(steps)
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
