"""The batch's work budget (API.md, ``batch``; issues 13 and 23): weights known before any work.

A batch of 256 items may ask for 256 times the costliest evaluation there is. So each item
weighs what its class of body costs at worst, and a batch whose items weigh more than
`BUDGET` is refused before any item runs (422 ``batch_over_budget``, pointer
``#/requests``, members ``budget`` and ``weight``).

The promise: any batch within the budget, of any mix of items, holds a worker about
``BUDGET × UNIT_US`` (200 ms) of item work — ≤ 250 ms with the batch's own parse and answer —
and answers at most ``BUDGET × UNIT_BYTES`` (1,000,000 bytes, within 1 MiB: a weight counts the
larger of time and bytes); `benchmarks/hostile.py` and `benchmarks/weights.py` measure both on
fresh bodies. A single body is not weighed: the size limits bound it (≤ 50 ms), except the
operations whose work the spec itself sizes — ``advice`` (its work bound, rules/advice.md
§0.10.6: issue 28's ≤ 250 ms) and ``exchange`` (up to 124 candidates × 495 hands, §0.10.9),
which benchmarks/README.md measures alone.

An item's weight is a function of what it asks, read from the body without evaluating it:
each variant declares a `engine.weights.Weigh` per costly operation (``Variant.weights``),
measured on fresh, never-seen bodies (`benchmarks/weights.py`). An item that is malformed,
names no known operation or an operation its variant declares no weight for weighs
`MINIMUM` (a 256th of the costliest batch of refusals measured); no weight is below it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.variants import REGISTRY
from engine.weights import (
    MARGIN,
    MINIMUM,
    UNIT_BYTES,
    UNIT_US,
    ByDetail,
    ByEvents,
    ByTileSet,
    ByWilds,
    Flat,
    Weigh,
)

__all__ = ["BUDGET", "MARGIN", "MINIMUM", "UNIT_BYTES", "UNIT_US", "WEIGHTS", "ByDetail",
           "ByEvents", "ByTileSet", "ByWilds", "Flat", "Weigh", "batch_weight", "item_weight"]

BUDGET: Final = 20_000
"""Weight units a batch may hold: 200 ms of item work, 1,000,000 bytes of answers."""

WEIGHTS: Mapping[tuple[str, str], Weigh] = {
    (variant_id, op): weigh
    for variant_id, variant in REGISTRY.items() for op, weigh in variant.weights.items()}
"""The declared weight of each (variant, operation); an operation not listed weighs
`MINIMUM`."""


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
