"""The stages of one request and the work bound (RULES.md §0.10.6).

Stage 1 uses the requested draw model. Under ``without_replacement`` every candidate's keys
are met first; if they pass the bound the whole request is evaluated again under
``constant_wall`` (its default wall size) with a fresh budget. Under ``constant_wall`` the
candidates are met in turn, and the one that would pass the bound and every later one are
not evaluated (``budget``); the earlier ones keep their values. A candidate whose shanten is
above `SHANTEN_LIMIT` is never evaluated (``shanten``).

Only the parts of the keys met are built, and the children of the last one expanded: the
graph stays within the part limit (`GRAPH_LIMIT` is a guard above it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from engine.advice.graph import Graph, GraphTooLarge
from engine.advice.keys import PART_LIMIT, Key, OverBudget, PoolKeys, WallKeys
from engine.advice.rules import Part, PartRules
from engine.advice.values import Pricer, Values, pool_values, wall_values
from engine.tiles import Tile

WITHOUT_REPLACEMENT: Final = "without_replacement"
CONSTANT_WALL: Final = "constant_wall"
DRAW_MODELS: Final = (WITHOUT_REPLACEMENT, CONSTANT_WALL)
SHANTEN_LIMIT: Final = 3
GRAPH_LIMIT: Final = 2 * PART_LIMIT
"""Nodes a stage may build: the parts met, and the children of the last part expanded."""
NotEvaluated = Literal["shanten", "budget"]


@dataclass(frozen=True)
class Setting:
    """What a request asks of the model besides its parts."""

    horizon: int
    """T: the player's own draws to come."""
    unseen: Sequence[int]
    """*U*: 34 counts of the tiles he has not seen."""
    concealed: Sequence[int]
    """*c*0: 34 counts of the request's concealed tiles (13 or 14)."""
    draw_model: str = WITHOUT_REPLACEMENT
    wall_size: int | None = None
    """*S* under ``constant_wall``; None: Σ *w*(k), the default."""
    last_tile: bool = False
    """The horizon's last draw is the wall's last tile (priced as such)."""


@dataclass(frozen=True)
class Outcome:
    draw_model: str
    """The model the values are of: the requested one, or ``constant_wall`` after the
    fallback."""
    values: tuple[Values | NotEvaluated, ...]
    """Per candidate part, in the order given."""


def default_wall_size(setting: Setting, part_size: int) -> int:
    """Σ *w*(k) over the kinds, the same for every part of one size (§0.10.2)."""
    return sum(setting.unseen) + sum(setting.concealed) - part_size


def evaluate(rules: PartRules, parts: Sequence[Part], setting: Setting) -> Outcome:
    """The values of each candidate part (given in `discards`' order)."""
    shanten_ok = [rules.shanten(part) <= SHANTEN_LIMIT for part in parts]
    evaluated = [p for p, ok in zip(parts, shanten_ok, strict=True) if ok]
    model = setting.draw_model
    found: list[Values | NotEvaluated] | None = None
    # one graph for both stages: the wall's kinds hold every kind a pool can give
    wall = [u + c for u, c in zip(setting.unseen, setting.concealed, strict=True)]
    graph = Graph(rules, wall, True, GRAPH_LIMIT)
    if model == WITHOUT_REPLACEMENT:
        found = _pooled(graph, evaluated, setting)
        if found is None:
            model = CONSTANT_WALL
            setting = Setting(setting.horizon, setting.unseen, setting.concealed,
                              CONSTANT_WALL, None, setting.last_tile)
    if found is None:
        graph.limit = len(graph.nodes) + GRAPH_LIMIT
        found = _walled(graph, wall, evaluated, setting)
    values = iter(found)
    return Outcome(model, tuple(next(values) if ok else "shanten" for ok in shanten_ok))


def _pricer(rules: PartRules) -> Pricer:
    def price(key: Key, tile: Tile, last: bool) -> tuple[int, int]:
        prices = key.node.prices
        found = prices.get((tile, last))
        if found is None:
            found = prices[tile, last] = rules.price(key.node.part, tile, last)
        return found
    return price


def _pooled(graph: Graph, parts: Sequence[Part], setting: Setting
            ) -> list[Values | NotEvaluated] | None:
    """Stage ``without_replacement``: every candidate's values, or None when the keys pass
    the bound. (A kind the wall holds but the pool does not is never drawn: its count is
    0 in every key.)"""
    unseen = setting.unseen
    keys = PoolKeys(setting.horizon, unseen, sum(unseen), graph)
    try:
        roots = [keys.root(graph.node(part)) for part in parts]
        keys.settle()
    except (OverBudget, GraphTooLarge):
        return None
    return list(pool_values(keys, roots, _pricer(graph.rules), setting.last_tile))


def _walled(graph: Graph, wall: Sequence[int], parts: Sequence[Part], setting: Setting
            ) -> list[Values | NotEvaluated]:
    """Stage ``constant_wall``: the candidates in turn until one passes the bound."""
    size = setting.wall_size
    if size is None:
        size = default_wall_size(setting, len(parts[0]) if parts else 0)

    def meet(admitted: Sequence[Part]) -> tuple[WallKeys, list[int]]:
        keys = WallKeys(setting.horizon, wall, size, graph)
        return keys, [keys.root(graph.node(part)) for part in admitted]

    keys = WallKeys(setting.horizon, wall, size, graph)
    roots: list[int] = []
    try:
        for part in parts:
            roots.append(keys.root(graph.node(part)))
    except (OverBudget, GraphTooLarge):
        # the keys the passing candidate met are no one's: meet the earlier ones alone
        keys, roots = meet(parts[:len(roots)])
    values: list[Values | NotEvaluated] = list(wall_values(keys, roots, _pricer(graph.rules),
                                                           setting.last_tile))
    return values + ["budget"] * (len(parts) - len(roots))
