"""南昌's batch weights (`engine.weights`): what an item of each costly operation weighs,
measured by ``python -m benchmarks.weights`` (``benchmarks/README.md`` has the bodies and the
runs). An operation not listed measured below `engine.weights.MINIMUM` and weighs it; claims'
``"actions"`` leaves out the ``after`` searches and measured below it everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.weights import MINIMUM, ByDetail, ByEvents, ByTileSet, Flat, Weigh

WEIGHTS: Final[Mapping[str, Weigh]] = {
    "discards": ByTileSet("136", {"136": 525, "108": 439}),
    "claims": ByDetail({"full": ByTileSet("136", {"136": 408, "108": 394}),
                        "actions": Flat(MINIMUM)}),
    # settle: the costliest record (32 win events of three winners each, refused, but every
    # hand is priced for not_a_win: 96 fan evaluations; `python -m benchmarks.nanchang_settle`
    # times the costliest valid one, 1.4 ms): 5.5 ms CPU, ≈ 172 µs an event → 17.2 × 1.25
    "settle": ByEvents(22),
}
