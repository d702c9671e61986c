"""长沙 ``settle`` (settle-changsha.md §2.9): the engine's time for a typical hand and for the
costliest record the bounds allow.

Targets (issue 25): a typical hand ≤ 2 ms; the costliest valid record ≤ 20 ms. Run:
``python -m benchmarks.changsha_settle [--quick] [--wall]``.

Timed: ``settle(VARIANT.request(body))``, what the service calls (all four validation stages
and the replay). "Typical": a fresh record each call, played from a shuffled wall with random
options (`tests.engine.variants.changsha.settle.generate`, fixed seed; the playing is not
timed) — a live server never sends the same hand twice. "Costliest": §2.9.7's bounds at their
worst — four declarations, four kongs, and a 杠上炮 on a 开杠 of four tiles won by three seats
on every tile (12 ``fan`` evaluations and 12 win checks), six birds, 飘, ``win_birds``; "cold"
with the scoring memos emptied first, "warm" the same record again. Medians, alternating.
"""

from __future__ import annotations

import random
import statistics
from typing import Any

from benchmarks.clock import arguments
from benchmarks.weights import cold
from engine.variants.changsha.variant import VARIANT
from tests.engine.variants.changsha.settle.generate import play, random_options

settle = VARIANT.settle  # the public seam: the variant's operation

COSTLIEST: dict[str, Any] = {
    "dealer": 0, "piao": [10, 10, 10, 10],
    "events": [
        {"type": "qishou", "seat": 0, "hand": "1111m9999m3333s46p"},
        {"type": "qishou", "seat": 1, "hand": "2222p444p666s777s"},
        {"type": "qishou", "seat": 2, "hand": "5555s888s111p333p"},
        {"type": "qishou", "seat": 3, "hand": "222s999s444m666m8p"},
        {"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": "9m"}},
        {"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": "1m"}},
        {"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": "6s"}},
        {"type": "kong", "seat": 0, "kong": {"type": "concealed", "tile": "4s"},
         "mode": "kai_gang", "drawn": ["2m", "5m", "8m", "2m"]},
        {"type": "win", "from": 0, "context": {"win_type": "discard", "after_kong": True},
         "winners": [
             {"seat": 1, "hand": "34567m111p999p22s", "win_tiles": ["2m", "5m", "8m", "2m"]},
             {"seat": 2, "hand": "34567m111s999s55p", "win_tiles": ["2m", "5m", "8m", "2m"]},
             {"seat": 3, "hand": "34567m333p777s88p", "win_tiles": ["2m", "5m", "8m", "2m"]}],
         "birds": ["2p", "3s", "5s", "6p", "7p", "8s"]},
    ]}
COSTLIEST_OPTIONS: dict[str, Any] = {"kai_gang_draws": 4, "bird_count": 6, "zuo_piao": 5,
                                     "qishou_birds": "win_birds"}


def clear() -> None:
    cold()  # every memo keyed by a hand (the scores, the readings, the patterns)


def main() -> None:
    args, clock = arguments()
    rounds = 5 if args.quick else 30
    rng = random.Random(7)
    costly = {"record": COSTLIEST, "options": COSTLIEST_OPTIONS}
    answer = settle(VARIANT.request(costly))  # imports, option caches; and it is valid
    assert len(answer.wins) == 12
    typical_ms: list[float] = []
    events: list[int] = []
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(rounds):
        for _ in range(20):
            options = random_options(rng)
            record = play(rng, options)
            events.append(len(record["events"]))
            typical_ms.append(clock.settle_ms(VARIANT, {"record": record, "options": options}))
        clear()
        cold.append(clock.settle_ms(VARIANT, costly))
        warm.append(clock.settle_ms(VARIANT, costly))
    print(f"typical hand ({len(typical_ms)} fresh records, {statistics.mean(events):.1f} events "
          f"on average): median {statistics.median(typical_ms):.3f} ms, p95 "
          f"{sorted(typical_ms)[int(len(typical_ms) * 0.95)]:.3f} ms, max "
          f"{max(typical_ms):.3f} ms (target ≤ 2)")
    print(f"costliest record (4 declarations, 4 kongs, 3 winners × 4 开杠 tiles): cold median "
          f"{statistics.median(cold):.2f} ms, warm median {statistics.median(warm):.2f} ms "
          f"(target ≤ 20); {rounds} rounds, alternating; {clock.name} time")


if __name__ == "__main__":
    main()
