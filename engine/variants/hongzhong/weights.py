"""红中's batch weights (`engine.weights`): what an item of each costly operation weighs,
measured by ``python -m benchmarks.weights`` (``benchmarks/README.md`` has the bodies and the
runs). An operation not listed measured below `engine.weights.MINIMUM` and weighs it; claims'
``"actions"`` leaves out the ``after`` searches and measured below it everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.weights import MINIMUM, ByDetail, ByEvents, ByHorizon, ByWilds, Flat, Weigh

WEIGHTS: Final[Mapping[str, Weigh]] = {
    "discards": ByWilds("112", 1, {
        "112": ((0, 101), (2, 236), (4, 695), (8, 1104), (34, 1460)),
        "136": ((0, 121), (2, 315), (4, 750), (8, 1077), (34, 1474)),
    }),
    "claims": ByDetail({"full": ByWilds("112", 1, {
        "112": ((0, 77), (2, 234), (4, 651), (8, 1095), (34, 1467)),
        "136": ((0, 117), (2, 281), (4, 738), (8, 1233), (34, 1667)),
    }), "actions": Flat(MINIMUM)}),
    # settle (issue 23: `python -m benchmarks.weights --ops settle`, 210 fresh bodies timed
    # cold — played hands under random options, the costliest valid record, 128 win events
    # × 3 winners refused): a winner is one `fan` evaluation, 91 units at worst (四川's 50,
    # borrowed before, was short of it), the end of a hand 28, an event 8 (a kong)
    "settle": ByEvents(per_event=8, per_winner=91, base=28),
    # advice (issue 28): the costliest fresh 14-tile body found at each draws_left step, the
    # running maximum (the work bound caps every horizon), the larger of two runs: generated
    # hands, then (issue 23) those hands and the 2–3-shanten ones that press the bound, each
    # timed once cold (`python -m benchmarks.weights --ops advice`; the first run was warm and
    # met few pressing hands: 19 四川 items at one draw, admitted, ran 383 ms); most items
    # past one draw weigh more than a whole batch: ask them alone. Measured again (issue 23)
    # after advice's cheaper s(c), lowering masks and packed E (d61f755, 29e360a, 0073eaf):
    # the larger of two runs per step, load 1–6 (benchmarks/README.md)
    "advice": ByHorizon({
        "without_replacement": ((1, 11790), (2, 29713), (3, 36458), (60, 42336)),
        "constant_wall": ((1, 15963), (2, 26053), (6, 38189), (60, 43310)),
    }),
}
