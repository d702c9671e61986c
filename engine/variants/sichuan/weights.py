"""四川's batch weights (`engine.weights`): what an item of each costly operation weighs,
measured by ``python -m benchmarks.weights`` (``benchmarks/README.md`` has the bodies and the
runs). An operation not listed measured below `engine.weights.MINIMUM` and weighs it; claims'
``"actions"`` leaves out the ``after`` searches and measured below it everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.weights import MINIMUM, ByCandidates, ByDetail, ByEvents, ByHorizon, Flat, Weigh

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
    # advice (issue 28): the costliest fresh 14-tile body found at each draws_left step, the
    # running maximum (the work bound caps every horizon; `python -m benchmarks.advice
    # --weights`); most items past one draw weigh more than a whole batch: ask them alone
    "advice": ByHorizon({
        "without_replacement": ((1, 3372), (2, 13498), (3, 20761), (60, 32441)),
        "constant_wall": ((1, 1003), (3, 15070), (60, 35321)),
    }),
    "dingque": Flat(100),  # three waits or discards: 1 ms at worst
    # exchange: each candidate scores up to 495 hands after the exchange (14 tiles: the tied
    # ones ask discards too); the timer's baseline reads the hand only
    "exchange": ByCandidates(2392, 7122, MINIMUM),
}
