"""What a batch item weighs, read from its body without evaluating it (API.md, ``batch``;
issue 13, issue 23): the variant declares one `Weigh` per costly operation (its ``weights``),
the service sums them against its budget (`service/budget.py`).

A weight is the costliest body of its class measured on fresh bodies (never-seen hands and
records, a cold memo: `benchmarks/weights.py`), ``max(µs / UNIT_US, bytes / UNIT_BYTES) ×
MARGIN`` rounded up: so a batch's weight bounds both its items' CPU time and its answer's
size (service/budget.py). A `Weigh` reads the body as sent — any JSON value, any member may be
wrong — and must read it as the loader does: ``null`` is absent (API.md), so a ``null``
member weighs what the service evaluates in its place (``detail: null`` is ``"full"``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from engine.tiles import TileParseError, parse_any

UNIT_US: Final = 10.0
"""CPU µs of item work one weight unit stands for."""
UNIT_BYTES: Final = 50.0
"""Answer bytes one weight unit stands for: the budget's 20,000 units are then 1,000,000
bytes, within the 1 MiB a batch's answer is promised to stay under."""
MARGIN: Final = 1.25
"""Measured worst times are multiplied by this: the search is a search, the machine shared."""
MINIMUM: Final = 77
"""A malformed item, an unknown operation, any operation not declared: a 256th of the costliest
batch of refusals measured, a batch of as many of one refused body as it may hold — so that
256 items of the least weight hold any of them (`benchmarks/weights.py`, ``in_batch``)."""

Weigh = Callable[[Mapping[str, Any]], int]
"""An item body's weight (the body is as sent: any JSON value, any member may be wrong)."""


def units(us: float, answer_bytes: float) -> int:
    """The weight of a measured cost: ``max(µs / UNIT_US, bytes / UNIT_BYTES) × MARGIN``,
    rounded up."""
    return math.ceil(max(us / UNIT_US, answer_bytes / UNIT_BYTES) * MARGIN)


@dataclass(frozen=True)
class Flat:
    """One weight for every body of the operation."""

    weight: int

    def __call__(self, body: Mapping[str, Any]) -> int:
        return self.weight


@dataclass(frozen=True)
class ByTileSet:
    """A weight per tile set (``options.tile_set``, ``default`` when absent or null)."""

    default: str
    weights: Mapping[str, int]

    def __call__(self, body: Mapping[str, Any]) -> int:
        tile_set = option(body, "tile_set", self.default)
        return self.weights.get(tile_set, MINIMUM) if isinstance(tile_set, str) else MINIMUM


@dataclass(frozen=True)
class ByWilds:
    """A weight per tile set and number of wild kinds (``options.wild_tiles``; ``default``
    kinds when absent): ``steps[tile_set]`` is ``(most kinds, weight)`` pairs in rising
    order, each step the costliest body measured with up to that many kinds. A tile set not
    in the table or a ``wild_tiles`` that is not a list is refused: `MINIMUM`."""

    default_set: str
    default_wilds: int
    steps: Mapping[str, Sequence[tuple[int, int]]]

    def __call__(self, body: Mapping[str, Any]) -> int:
        tile_set = option(body, "tile_set", self.default_set)
        wild = option(body, "wild_tiles", None)
        count = self.default_wilds if wild is None else (
            len(wild) if isinstance(wild, list) else -1)
        steps = self.steps.get(tile_set) if isinstance(tile_set, str) else None
        if steps is None or count < 0:
            return MINIMUM
        return next((w for most, w in steps if count <= most), steps[-1][1])


@dataclass(frozen=True)
class ByDetail:
    """``claims``: a weigh per ``detail`` (``"full"`` when absent or null, as the loader reads
    it): ``"actions"`` leaves out the ``after`` searches, so it weighs less. A detail that is
    no choice is refused while the request is read, before any work: `MINIMUM`."""

    weighs: Mapping[str, Weigh]
    default: str = "full"

    def __call__(self, body: Mapping[str, Any]) -> int:
        detail = body.get("detail")
        if detail is None:
            detail = self.default
        weigh = self.weighs.get(detail) if isinstance(detail, str) else None
        return MINIMUM if weigh is None else weigh(body)


@dataclass(frozen=True)
class ByEvents:
    """``settle``: a weight per event of ``record.events`` and per winner of its win events
    (a record's cost grows with both: each winner is one ``fan`` evaluation), plus ``base``
    (the end of the hand). A record that is not an object, or events that are not a list,
    weigh `MINIMUM`: they are refused before any work."""

    per_event: int
    per_winner: int = 0
    base: int = 0

    def __call__(self, body: Mapping[str, Any]) -> int:
        record = body.get("record")
        events = record.get("events") if isinstance(record, dict) else None
        if not isinstance(events, list):
            return MINIMUM
        winners = 0
        if self.per_winner:
            for event in events:
                found = event.get("winners") if isinstance(event, dict) else None
                winners += len(found) if isinstance(found, list) else 0
        return self.base + self.per_event * len(events) + self.per_winner * winners


def option(body: Mapping[str, Any], name: str, default: Any) -> Any:
    """``options[name]`` as the engine reads it: absent or null is ``default``."""
    options = body.get("options")
    if not isinstance(options, dict):
        return default
    value = options.get(name)
    return default if value is None else value


@dataclass(frozen=True)
class ByHorizon:
    """``advice``: a weight per ``draw_model`` (``"without_replacement"`` when absent or null)
    and ``context.draws_left``: ``steps[model]`` is ``(most draws, weight)`` pairs in rising
    order, each the costliest body measured with up to that many draws — the work bound caps
    any of them (rules/advice.md §0.10.6), a ``without_replacement`` one with its fallback
    stage. A model or ``draws_left`` the engine refuses weighs `MINIMUM`."""

    steps: Mapping[str, Sequence[tuple[int, int]]]

    def __call__(self, body: Mapping[str, Any]) -> int:
        context = body.get("context")
        draws = context.get("draws_left") if isinstance(context, dict) else None
        model = body.get("draw_model")
        steps = self.steps.get("without_replacement" if model is None else model) \
            if isinstance(model, str | None) else None
        if steps is None or not isinstance(draws, int) or isinstance(draws, bool) \
                or not 1 <= draws <= steps[-1][0]:
            return MINIMUM
        return next(w for most, w in steps if draws <= most)


@dataclass(frozen=True)
class ByCandidates:
    """``exchange``: ``per_candidate`` a distinct triple of one suit the hand can give (the
    hand says how many before any work; ``per_candidate_after_draw`` for a dealer's 14 tiles,
    whose tied candidates ask ``discards``), ``baseline`` for ``mode: "baseline"``. A hand
    that cannot be read weighs `MINIMUM`."""

    per_candidate: int
    per_candidate_after_draw: int
    baseline: int

    def __call__(self, body: Mapping[str, Any]) -> int:
        hand = body.get("hand")
        if body.get("mode") == "baseline":
            return self.baseline
        if not isinstance(hand, str | list) or len(hand) > 64:
            return MINIMUM
        try:
            tiles = sorted(parse_any(hand))
        except (TileParseError, TypeError):
            return MINIMUM
        candidates = len({triple for suit in range(3)
                          for triple in combinations([t for t in tiles if t // 9 == suit], 3)})
        per = self.per_candidate_after_draw if len(tiles) % 3 == 2 else self.per_candidate
        return max(MINIMUM, per * candidates)
