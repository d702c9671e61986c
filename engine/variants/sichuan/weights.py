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
    # 0.3–0.5 ms cold; a kong or an empty event costs little); measured again in 50-byte
    # units (issue 23, the same command under load 11): 9 a winner, but 21 for a record's
    # end beyond its events — the larger of the two runs each
    "settle": ByEvents(per_event=8, per_winner=50, base=21),
    # advice (issue 28): the costliest fresh 14-tile body found at each draws_left step, the
    # running maximum (the work bound caps every horizon), the larger of two runs: generated
    # hands, then (issue 23) those hands and the 2–3-shanten ones that press the bound, each
    # timed once cold (`python -m benchmarks.weights --ops advice`; the first run was warm and
    # met few pressing hands: 19 四川 items at one draw, admitted, ran 383 ms); most items
    # past one draw weigh more than a whole batch: ask them alone. Measured again (issue 23)
    # after advice's cheaper s(c), lowering masks and packed E (d61f755, 29e360a, 0073eaf):
    # the larger of two runs per step, load 1–6 (benchmarks/README.md)
    "advice": ByHorizon({
        "without_replacement": ((1, 1586), (2, 15046), (3, 19870), (60, 33167)),
        "constant_wall": ((1, 1592), (2, 16880), (3, 21773), (6, 24266), (60, 26452)),
    }),
    # dingque: three waits or discards; 439 the costliest of 200 fresh deals and generated
    # hands timed cold (issue 23: 100 was warm — 200 fresh deals, admitted, ran 655 ms)
    "dingque": Flat(439),
    # exchange: each candidate scores up to 495 hands after the exchange (14 tiles: the tied
    # ones choose discards too), the most a candidate cost of generated hands, random deals,
    # the fewest-candidate hands and hostile_ops' costliest bodies, each timed cold, the
    # larger of two runs (`python -m benchmarks.weights --ops exchange`, load 5–6; issue 23:
    # 2,596 and 7,792 before the tie stage was composed by suit, 2,392 and 7,122 before
    # that); the timer's baseline reads the hand only
    "exchange": ByCandidates(363, 694, MINIMUM),
}
