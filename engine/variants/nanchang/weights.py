"""南昌's batch weights (`engine.weights`): what an item of each costly operation weighs,
measured by ``python -m benchmarks.weights`` (``benchmarks/README.md`` has the bodies and the
runs). An operation not listed measured below `engine.weights.MINIMUM` and weighs it; claims'
``"actions"`` leaves out the ``after`` searches and measured below it everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.weights import MINIMUM, ByDetail, ByEvents, ByHorizon, ByTileSet, Flat, Weigh

WEIGHTS: Final[Mapping[str, Weigh]] = {
    "discards": ByTileSet("136", {"136": 525, "108": 439}),
    "claims": ByDetail({"full": ByTileSet("136", {"136": 408, "108": 394}),
                        "actions": Flat(MINIMUM)}),
    # settle (`python -m benchmarks.weights --ops settle --variants nanchang`, the larger of
    # four runs): 230 fresh bodies timed cold — played hands (won, 荒庄, in play), records of as
    # many winners as the table's tiles hold, the costliest valid record. The end of a hand
    # (its 4 end hands, up to 8 pairs, 冲关包赔) costs the most: a 荒庄 needed 123 units beside
    # its events, a won hand 96–118 more for its winner (a `fan` evaluation with 精, ≈ 0.9 ms
    # cold); an event 8 (a kong), as 四川's
    "settle": ByEvents(per_event=8, per_winner=118, base=123),
    # advice (issue 28): the costliest fresh 14-tile body found at each draws_left step, the
    # running maximum (the work bound caps every horizon), the larger of two runs: generated
    # hands, then (issue 23) those hands and the 2–3-shanten ones that press the bound, each
    # timed once cold (`python -m benchmarks.weights --ops advice`; the first run was warm and
    # met few pressing hands: 19 四川 items at one draw, admitted, ran 383 ms); most items
    # past one draw weigh more than a whole batch: ask them alone. Measured again (issue 23)
    # after advice's cheaper s(c), lowering masks and packed E (d61f755, 29e360a, 0073eaf):
    # the larger of two runs per step, load 1–6 (benchmarks/README.md)
    "advice": ByHorizon({
        "without_replacement": ((1, 11915), (2, 28248), (6, 59465), (60, 63038)),
        "constant_wall": ((1, 2882), (2, 31424), (6, 54116), (60, 68721)),
    }),
}
