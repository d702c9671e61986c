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
    # settle (issue 23: `python -m benchmarks.weights --ops settle`, 205 fresh bodies timed
    # cold — played hands under random options and the costliest valid record, 4 declarations,
    # 4 kongs, 3 winners × 4 开杠 tiles): a winner needed 115 units (its 开杠 tiles each a `fan`
    # evaluation: the costliest record 3.6 ms), the end of a hand 32, an event 8; the old 24
    # an event weighed that record at half its cost
    "settle": ByEvents(per_event=8, per_winner=115, base=32),
    # advice (issue 28): the costliest fresh 14-tile body found at each draws_left step, the
    # running maximum (the work bound caps every horizon), the larger of two runs: generated
    # hands, then (issue 23) those hands and the 2–3-shanten ones that press the bound, each
    # timed once cold (`python -m benchmarks.weights --ops advice`; the first run was warm and
    # met few pressing hands: 19 四川 items at one draw, admitted, ran 383 ms); most items
    # past one draw weigh more than a whole batch: ask them alone. Measured again (issue 23)
    # after advice's cheaper s(c), lowering masks and packed E (d61f755, 29e360a, 0073eaf):
    # the larger of two runs per step, load 1–6 (benchmarks/README.md)
    "advice": ByHorizon({
        "without_replacement": ((1, 11286), (2, 21652), (3, 28212), (60, 29887)),
        "constant_wall": ((1, 14089), (2, 18307), (3, 24366), (6, 25321), (60, 25943)),
    }),
}
