"""长沙's batch weights (`engine.weights`): what an item of each costly operation weighs,
measured by ``python -m benchmarks.weights`` (``benchmarks/README.md`` has the bodies and the
runs). An operation not listed measured below `engine.weights.MINIMUM` and weighs it; claims'
``"actions"`` leaves out the ``after`` searches and measured below it everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.weights import MINIMUM, ByDetail, ByEvents, ByHorizon, Flat, Weigh

WEIGHTS: Final[Mapping[str, Weigh]] = {
    "discards": Flat(147),
    "claims": ByDetail({"full": Flat(134), "actions": Flat(MINIMUM)}),
    # settle: the costliest record (4 declarations, 4 kongs, 3 winners × 4 开杠 tiles: 12 fan
    # evaluations; `python -m benchmarks.changsha_settle`): 1.7 ms CPU over 9 events, and
    # fresh typical hands 0.8 ms over 4: ≈ 190 µs an event → 19 units × 1.25
    "settle": ByEvents(24),
    # advice (issue 28): the costliest fresh 14-tile body found at each draws_left step, the
    # running maximum (the work bound caps every horizon; `python -m benchmarks.advice
    # --weights`); most items past one draw weigh more than a whole batch: ask them alone
    "advice": ByHorizon({
        "without_replacement": ((1, 4789), (2, 17713), (60, 40990)),
        "constant_wall": ((1, 2217), (2, 12071), (60, 23387)),
    }),
}
