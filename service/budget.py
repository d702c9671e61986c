"""The batch's work budget (API.md, ``batch``; issue 13): weights known before any work.

A batch of 256 items may ask for 256 times the costliest evaluation there is (红中
``discards`` with the 136-tile set and ten wild kinds: 9 ms and 27 KB each). So each item
weighs what its class of body costs at worst, and a batch whose items weigh more than
`BUDGET` is refused before any item runs (422 ``batch_over_budget``, pointer
``#/requests``, members ``budget`` and ``weight``).

An item's weight is a function of what it asks, read from the body without evaluating it:
the variant and operation, and where they change the cost the tile set and the number of
wild kinds (红中 ``options.tile_set``, ``options.wild_tiles``; 南昌 ``options.tile_set``).
A weight is the costliest body of its class as ``benchmarks/weights.py``'s generated search
found it, ``max(µs / UNIT_US, bytes / UNIT_BYTES) × MARGIN`` rounded up, so that any batch
within the budget runs at most ``BUDGET × UNIT_US`` (200 ms) of item work and answers at
most ``BUDGET × UNIT_BYTES`` (2 MB). An item that is malformed or names no known operation
weighs `MINIMUM` (the costliest refusal measured); no weight is below it.

`WEIGHTS` holds one entry per (variant, operation); an operation added later slots in with
one entry (``claims`` by its ``detail`` and then as above, `ByDetail`; ``settle`` by its
number of record events: a `Weigh` that reads those members).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

UNIT_US = 10.0
"""CPU µs of item work one weight unit stands for."""
UNIT_BYTES = 100.0
"""Answer bytes one weight unit stands for."""
MARGIN = 1.25
"""Measured worst times are multiplied by this: the search is a search, the machine shared."""
BUDGET = 20_000
"""Weight units a batch may hold: 200 ms of item work, 2 MB of answers."""
MINIMUM = 77
"""A malformed item, an unknown operation: the costliest refusal measured (609 µs, 2.8 KB:
a body at every size limit, each entry of the wrong type)."""

Weigh = Callable[[Mapping[str, Any]], int]
"""An item body's weight (the body is as sent: any JSON value, any member may be wrong)."""


@dataclass(frozen=True)
class Flat:
    """One weight for every body of the operation."""

    weight: int

    def __call__(self, body: Mapping[str, Any]) -> int:
        return self.weight


@dataclass(frozen=True)
class ByTileSet:
    """A weight per tile set (``options.tile_set``, ``default`` when absent)."""

    default: str
    weights: Mapping[str, int]

    def __call__(self, body: Mapping[str, Any]) -> int:
        tile_set = _option(body, "tile_set", self.default)
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
        tile_set = _option(body, "tile_set", self.default_set)
        wild = _option(body, "wild_tiles", None)
        count = self.default_wilds if wild is None else (
            len(wild) if isinstance(wild, list) else -1)
        steps = self.steps.get(tile_set) if isinstance(tile_set, str) else None
        if steps is None or count < 0:
            return MINIMUM
        return next((w for most, w in steps if count <= most), steps[-1][1])


@dataclass(frozen=True)
class ByDetail:
    """``claims``: a weigh per ``detail`` (``"full"`` when absent): ``"actions"`` leaves out
    the ``after`` searches, so it weighs less. A detail that is no choice (null included) is
    refused while the request is read, before any work (``invalid_field``): `MINIMUM`."""

    weighs: Mapping[str, Weigh]

    def __call__(self, body: Mapping[str, Any]) -> int:
        detail = body.get("detail", "full")
        weigh = self.weighs.get(detail) if isinstance(detail, str) else None
        return MINIMUM if weigh is None else weigh(body)


@dataclass(frozen=True)
class ByEvents:
    """``settle``: a weight per event of ``record.events`` (a record's cost grows with its
    events; a record that is not an object, or events that are not a list, weigh `MINIMUM`)."""

    per_event: int

    def __call__(self, body: Mapping[str, Any]) -> int:
        record = body.get("record")
        events = record.get("events") if isinstance(record, dict) else None
        return self.per_event * len(events) if isinstance(events, list) else MINIMUM


def _option(body: Mapping[str, Any], name: str, default: Any) -> Any:
    options = body.get("options")
    if not isinstance(options, dict):
        return default
    value = options.get(name)
    return default if value is None else value


WEIGHTS: Mapping[tuple[str, str], Weigh] = {
    # measured by `python -m benchmarks.weights` (benchmarks/README.md has the bodies);
    # anything that measured below MINIMUM weighs MINIMUM and is not listed
    ("changsha", "discards"): Flat(147),
    ("sichuan", "discards"): Flat(189),
    ("nanchang", "discards"): ByTileSet("136", {"136": 525, "108": 439}),
    ("hongzhong", "discards"): ByWilds("112", 1, {
        "112": ((0, 101), (2, 236), (4, 695), (8, 1104), (34, 1460)),
        "136": ((0, 121), (2, 315), (4, 750), (8, 1077), (34, 1474)),
    }),
    # claims (`python -m benchmarks.weights --ops claims --tries 200`, the larger of two runs):
    # "full" as measured; "actions" (no `after` searches) measured at most 50 (红中), so it
    # weighs MINIMUM everywhere, as does 四川's "full" (44)
    ("changsha", "claims"): ByDetail({"full": Flat(134), "actions": Flat(MINIMUM)}),
    ("sichuan", "claims"): ByDetail({"full": Flat(MINIMUM), "actions": Flat(MINIMUM)}),
    ("nanchang", "claims"): ByDetail({
        "full": ByTileSet("136", {"136": 408, "108": 394}), "actions": Flat(MINIMUM)}),
    ("hongzhong", "claims"): ByDetail({"full": ByWilds("112", 1, {
        "112": ((0, 77), (2, 234), (4, 651), (8, 1095), (34, 1467)),
        "136": ((0, 117), (2, 281), (4, 738), (8, 1233), (34, 1667)),
    }), "actions": Flat(MINIMUM)}),
    # the costliest record (128 events of 血流成河, three winners each, and the end of the
    # wall; `python -m benchmarks.settle`): 11.3 ms CPU and 82.5 KB, 88 µs and 645 B an event
    # → 8.8 units an event × 1.25
    ("sichuan", "settle"): ByEvents(11),
    # 长沙's costliest record (4 declarations, 4 kongs, 3 winners × 4 开杠 tiles: 12 fan
    # evaluations; `python -m benchmarks.changsha_settle`): 1.7 ms CPU over 9 events, and
    # fresh typical hands 0.8 ms over 4: ≈ 190 µs an event → 19 units × 1.25
    ("changsha", "settle"): ByEvents(24),
}
"""The measured weight of each (variant, operation); an operation not listed weighs
`MINIMUM` (all of win, waits, fan, kong, birds, qishou, jing and jing-settlement measured
below it: at most 46, 南昌 waits)."""


def item_weight(item: Any) -> int:
    """The weight of one batch item as sent (``{"variant", "op", "body"}``)."""
    if not isinstance(item, dict):
        return MINIMUM
    weigh = WEIGHTS.get((item.get("variant"), item.get("op")))  # type: ignore[arg-type]
    body = item.get("body")
    if weigh is None or not isinstance(body, dict):
        return MINIMUM
    return max(MINIMUM, weigh(body))


def batch_weight(items: Sequence[Any]) -> int:
    return sum(item_weight(item) for item in items)
