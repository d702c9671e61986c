"""``settle`` (settle.md §1.6): the engine's time for a typical hand and for the costliest
record the bounds allow.

Targets (issue 15): a typical hand ≤ 2 ms; 128 events of 血流成河 with three winners each
(384 ``fan`` evaluations) plus the end of the wall ≤ 50 ms with the per-hand caches cold,
≤ 20 ms warm. Run: ``python -m benchmarks.settle [--quick]``.

Timed: ``settle(SICHUAN.request(body))``, what the service calls (all four validation stages,
the replay, the end of the wall). "Typical": settle.md's three worked examples and a dozen
generated hands (`tests.engine.variants.sichuan.settle.generate`, fixed seed). "Cold": the memo of
concealed parts (`analyse`, `suit_info`) and the pattern objects emptied before each call;
"warm": the same record again. Median of the calls, alternating cold and warm.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from engine.variants.patterns import wire_patterns
from engine.variants.sichuan import VARIANT as SICHUAN
from engine.variants.sichuan.reader import analyse, suit_info
from tests.engine.variants.sichuan.settle.generate import play
from tests.engine.variants.sichuan.settle.test_worked_examples import (
    EXAMPLE_1,
    EXAMPLE_2,
    EXAMPLE_3,
)

settle = SICHUAN.settle  # the public seam: the variant's operation

THREE = [{"seat": 1, "hand": "345p678p345s67s88s"}, {"seat": 2, "hand": "11m234m567m67s999s"},
         {"seat": 3, "hand": "22p33p44p66s77s88s5s"}]
COSTLIEST: dict[str, Any] = {
    "dealer": 0, "missing_suits": ["s", "m", "p", "m"],
    "events": [{"type": "win", "from": 0, "win_tile": "5s", "winners": THREE}] * 128,
    "end": {"hands": [{"hand": "123m456m789m11p22p"}, None, None, None]},
}
"""128 one-tile wins by three seats each (一炮多响, 血流: nobody leaves), then the wall."""


def clear() -> None:
    analyse.cache_clear()
    suit_info.cache_clear()
    wire_patterns.cache_clear()


def once_ms(body: dict[str, Any]) -> float:
    """The call's CPU time: on the shared machine (load 5–10 on 2 cores) wall time measures
    the neighbours; ``--wall`` reports wall time instead."""
    request = SICHUAN.request(body)
    start = CLOCK()
    settle(request)
    return (CLOCK() - start) * 1e3


CLOCK = time.process_time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--wall", action="store_true")
    args = parser.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    rounds = 5 if args.quick else 30
    rng = random.Random(7)
    typical = [{"record": r} for r in (EXAMPLE_1, EXAMPLE_2, EXAMPLE_3)]
    typical += [{"record": play(rng, {})} for _ in range(12)]
    costly = {"record": COSTLIEST, "options": {"xue_liu": True}}
    settle(SICHUAN.request(costly))  # imports, option caches
    typical_ms: list[float] = []
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(rounds):
        for body in typical:
            typical_ms.append(once_ms(body))
        clear()
        cold.append(once_ms(costly))
        warm.append(once_ms(costly))
    events = sum(len(b["record"]["events"]) for b in typical) / len(typical)
    print(f"typical hand ({len(typical)} records, {events:.1f} events on average): median "
          f"{statistics.median(typical_ms):.3f} ms, max {max(typical_ms):.3f} ms (target ≤ 2)")
    print(f"costliest record (128 events × 3 winners + end): cold median "
          f"{statistics.median(cold):.1f} ms (target ≤ 50), warm median "
          f"{statistics.median(warm):.1f} ms (target ≤ 20); {rounds} rounds, alternating; "
          f"{'wall' if args.wall else 'CPU'} time")


if __name__ == "__main__":
    main()
