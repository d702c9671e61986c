"""``settle`` (settle.md §1.6): the engine's time for a typical hand and for the costliest
record the bounds allow.

Targets (issue 15): a typical hand ≤ 2 ms; 128 events of 血流成河 with three winners each
(384 ``fan`` evaluations) plus the end of the wall ≤ 50 ms with the per-hand caches cold,
≤ 20 ms warm. Run: ``python -m benchmarks.settle [--quick]``.

红中 (issue 26: a typical hand ≤ 2 ms, the costliest valid record ≤ 20 ms), on fresh records:
``python -m benchmarks.settle --variant hongzhong`` — generated hands under random options
(`tests.engine.variants.hongzhong.settle.generate`), the costliest valid record and the
costliest refused one, each built anew for every call (`hz_costliest`, `hz_refused`).

Timed: ``settle(SICHUAN.request(body))``, what the service calls (all four validation stages,
the replay, the end of the wall). "Typical": settle.md's three worked examples and a dozen
generated hands (`tests.engine.variants.sichuan.settle.generate`, fixed seed). "Cold": the memo of
concealed parts (`analyse`, `suit_info`) and the pattern objects emptied before each call;
"warm": the same record again. Median of the calls, alternating cold and warm.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from typing import Any

from engine import tiles as T
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
    parser.add_argument("--variant", choices=("sichuan", "hongzhong"), default="sichuan")
    args = parser.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    rounds = 5 if args.quick else 30
    if args.variant == "hongzhong":
        hz_main(rounds)
        return
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


# --- 红中 (settle-hongzhong.md §4.5) -----------------------------------------------------------

HZ_WILD = ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]
HZ_OPTIONS = {"tile_set": "136", "wild_tiles": HZ_WILD, "win_by_discard": "yes",
              "code_mode": "seat"}


def hz_costliest(rng: random.Random) -> dict[str, Any]:
    """The costliest valid 红中 record, fresh each call: 13 concealed kongs (four by the
    discarder, three by each winner) and one discard won by three seats each holding four of
    the seven wild kinds (136 tiles), with 12 codes and 飘. Which kinds are kong'd, won and
    turned is drawn anew."""
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
    rng.shuffle(kinds)
    events: list[dict[str, Any]] = []
    owned: dict[int, list[str]] = {0: [], 1: [], 2: [], 3: []}
    for seat, n in ((0, 4), (1, 3), (2, 3), (3, 3)):
        for _ in range(n):
            owned[seat].append(kinds.pop())
            events.append({"type": "kong", "seat": seat,
                           "kong": {"type": "concealed", "tile": owned[seat][-1]}})
    wilds = rng.sample(HZ_WILD, 4)
    winners = [{"seat": s, "hand": wilds, "melds": [
        {"type": "kong", "tiles": [t] * 4, "concealed": True} for t in owned[s]]}
        for s in (1, 2, 3)]
    codes = [kinds[1 + i // 4] for i in range(12)]
    events.append({"type": "win", "from": 0, "win_tile": kinds[0],
                   "context": {"win_type": "discard"}, "winners": winners, "codes": codes})
    return {"record": {"dealer": rng.randrange(4), "code_count": 12, "piao": [1, 2, 3, 4],
                       "events": events}, "options": HZ_OPTIONS}


def hz_refused(rng: random.Random) -> dict[str, Any]:
    """The costliest record the bounds allow, refused: 128 win events of three winners each
    (every event after the first is ``hand_over``, and priced: 384 ``fan`` evaluations),
    fresh each call (the wild kinds' places in the hands are drawn anew)."""
    naturals = ["123m456m", "789m123p", "456p789p"]
    winners = []
    for seat, rest in zip((1, 2, 3), naturals, strict=True):
        wild = list(HZ_WILD)
        rng.shuffle(wild)
        winners.append({"seat": seat, "hand": [*wild, *T.codes(T.parse_any(rest))]})
    event = {"type": "win", "from": 0, "win_tile": "5s", "context": {"win_type": "discard"},
             "winners": winners, "codes": ["1s"] * 4 + ["2s"] * 4 + ["3s"] * 4}
    return {"record": {"dealer": 0, "code_count": 12, "events": [event] * 128},
            "options": HZ_OPTIONS}


def hz_main(rounds: int) -> None:
    from engine.errors import RequestError
    from engine.variants.hongzhong import VARIANT as HONGZHONG
    from tests.engine.variants.hongzhong.settle.generate import play as hz_play
    from tests.engine.variants.hongzhong.settle.generate import random_options

    def timed(body: dict[str, Any]) -> float:
        """One call, the collector off (a full collection of the generator's garbage, ~20
        ms, would land in whichever call it meets)."""
        request = HONGZHONG.request(body)
        gc.disable()
        start = CLOCK()
        try:
            HONGZHONG.settle(request)
        except RequestError:
            pass
        finally:
            elapsed = CLOCK() - start
            gc.enable()
        return elapsed * 1e3

    rng = random.Random(11)
    timed(hz_costliest(rng))  # imports, option caches
    typical: list[float] = []
    costly: list[float] = []
    refused: list[float] = []
    events = 0
    for _ in range(rounds):
        for _ in range(10):  # fresh hands, each settled once
            options = random_options(rng)
            body = {"record": hz_play(rng, options), "options": options}
            events += len(body["record"]["events"])
            typical.append(timed(body))
        costly.append(timed(hz_costliest(rng)))
        refused.append(timed(hz_refused(rng)))
    print(f"红中 typical hand ({len(typical)} fresh generated records, "
          f"{events / len(typical):.1f} events on average): median "
          f"{statistics.median(typical):.3f} ms, max {max(typical):.3f} ms (target ≤ 2)")
    print(f"红中 costliest valid record (13 kongs, 通炮 of three wildcard hands, 12 codes): "
          f"median {statistics.median(costly):.2f} ms, max {max(costly):.2f} ms (target ≤ 20)")
    print(f"红中 costliest record the bounds allow (128 win events × 3 winners, refused): "
          f"median {statistics.median(refused):.1f} ms; {rounds} rounds, "
          f"{'wall' if CLOCK is time.perf_counter else 'CPU'} time")


if __name__ == "__main__":
    main()
