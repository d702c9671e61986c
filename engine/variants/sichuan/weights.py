"""四川's batch weights (`engine.weights`): what an item of each costly operation weighs,
measured by ``python -m benchmarks.weights`` (``benchmarks/README.md`` has the bodies and the
runs). An operation not listed measured below `engine.weights.MINIMUM` and weighs it; claims'
``"actions"`` leaves out the ``after`` searches and measured below it everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.weights import MINIMUM, ByDetail, ByEvents, Flat, Weigh

WEIGHTS: Final[Mapping[str, Weigh]] = {
    "discards": Flat(189),
    # claims: "full" measured 44 and "actions" less: the minimum
    "claims": ByDetail({"full": Flat(MINIMUM), "actions": Flat(MINIMUM)}),
    # fresh records (issue 23: the old 11 an event was measured on a record whose hands
    # repeat, the memo answering after its first event): 125 distinct prefixes of played 血流
    # hands, 2–16 events, each timed cold (`python -m benchmarks.weights --ops settle`): the
    # costliest needed 50 units a winner beside 8 an event (a winner is a `fan` evaluation,
    # 0.3–0.5 ms cold; a kong or an empty event costs little)
    "settle": ByEvents(per_event=8, per_winner=50),
}
