"""``advice`` in-process: typical requests and the costliest the work bound admits (issue 28).

``python -m benchmarks.advice`` (``--quick``: fewer hands). Every request is a fresh hand
(fixed seeds, never the same body twice): a complete hand of the variant, a few tiles
swapped, 13 or 14 tiles, the variant's own members (`tests.engine.advice.generated`).

* **typical**: the hand's shanten 0–2, ``draws_left`` 6–18, default model — median, 90th
  percentile and worst, in ms of process time (the machine is shared: wall time is noise);
* **costliest**: the most expensive of many bodies built to press the bound (3-shanten
  hands with every horizon 4–60, both models), with what it met.

Targets (issue 28): typical ≤ 20 ms, costliest ≤ 250 ms, every variant.

``--old <tree>`` times the same bodies in two worker processes, one importing the old tree and
one this one (``--new``), alternating body by body (``--rounds`` each, the least kept: the
machine is shared), and prints old / new and their ratio: the typical bodies' median and 90th
percentile, the costliest pressing body, and the sums over each set (steadier than one
body's time on a loaded machine).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from engine.advice import advice
from engine.variants import REGISTRY
from tests.engine.advice.generated import bodies


def _timed(variant: str, body: dict[str, Any]) -> tuple[float, Any]:
    start = time.process_time()
    answer = advice(REGISTRY[variant], body)
    return (time.process_time() - start) * 1e3, answer


def typical(variant: str, count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    times: list[float] = []
    for body in bodies(variant, count * 4, seed):
        if len(times) == count:
            break
        body["context"]["draws_left"] = 1
        if advice(REGISTRY[variant], body).shanten > 2:  # (a cheap probe: one draw)
            continue
        body["context"]["draws_left"] = rng.randint(6, 18)
        body["context"]["visible"] = ""  # a different body from the probe's
        ms, _ = _timed(variant, body)
        times.append(ms)
    return times


def costliest(variant: str, count: int, seed: int) -> tuple[float, dict[str, Any], Any]:
    """The most expensive of `_pressing_bodies` (the same bodies the ``--old`` run times)."""
    worst: tuple[float, dict[str, Any], Any] = (0.0, {}, None)
    for body in _pressing_bodies(variant, count, seed):
        ms, answer = _timed(variant, body)
        if ms > worst[0]:
            worst = (ms, body, answer)
    return worst


HORIZONS = (1, 2, 3, 6, 12, 60)
"""The ``draws_left`` steps the batch weights of ``advice`` are declared at (`ByHorizon`)."""


def weights(count: int, ops: frozenset[str] = frozenset({"advice", "dingque", "exchange"})
            ) -> None:
    """The costliest body of each (variant, draw model, horizon step), through the service's
    own `Operation.answer` (limits, schema, engine, encoding) as `benchmarks.weights` times
    them: each body fresh and timed once, cold (`benchmarks.weights.cold`: every hand memo
    emptied first), the weight `benchmarks.weights.weight` (``max(µs / UNIT_US, bytes /
    UNIT_BYTES) × MARGIN``); and 四川's ``dingque`` and ``exchange`` (the latter per
    candidate, 13 and 14 tiles: generated hands, random deals, the hands of fewest
    candidates a batch admits most of and the costliest bodies of `hostile_ops`).
    `benchmarks.weights` runs it for those of ``ops`` it was asked."""
    import copy
    from itertools import combinations

    from benchmarks.hostile_ops import EXCHANGE_HANDS, advice_hands, dealt, few_candidates
    from benchmarks.weights import best_of, weight
    from engine import tiles as T
    from service.app import create_app
    from service.settings import Settings

    operations = create_app(Settings()).extensions["hupai"]["operations"]

    def timed(operation: Any, body: dict[str, Any]) -> tuple[float, int]:
        return best_of(operation, body, 1)  # once, cold: a body never seen

    for variant in REGISTRY if "advice" in ops else ():
        # beside the generated hands, those that press the work bound (2- and 3-shanten):
        # the costliest of a class is among them (issue 23: a batch of them ran 2.5 times
        # what their weight promised)
        pressing = advice_hands(variant, count, seed=2901)
        for model in ("without_replacement", "constant_wall"):
            row = []
            for i, most in enumerate(HORIZONS):
                worst = 0
                for body in [*bodies(variant, count * 4, seed=2900 + 10 * i),
                             *(copy.deepcopy(b) for b in pressing)]:
                    if len(T.parse(body["hand"])) % 3 != 2:
                        continue  # 14 tiles: every candidate evaluated
                    body["context"]["draws_left"] = most
                    if model == "constant_wall":
                        body["draw_model"] = model
                    worst = max(worst, weight(*timed(operations[variant, "advice"], body)))
                row.append((most, worst))
            print(f"{variant} advice {model}: {row}", flush=True)
    rng = random.Random(2950)
    deals = [{"hand": dealt(rng, size)} for size in (13, 14) for _ in range(count * 8)]
    if "dingque" in ops:
        dingque = max(weight(*timed(operations["sichuan", "dingque"], body))
                      for body in [*bodies("sichuan", count * 2, seed=2950), *deals]
                      if "melds" not in body)
        print(f"sichuan dingque: {dingque}")
    if "exchange" not in ops:
        return
    per = {13: (0, ""), 14: (0, "")}
    rng = random.Random(2961)
    few = [few_candidates(rng, 8) for _ in range(count * 2)]
    hands = [*(b["hand"] for b in bodies("sichuan", count * 2, seed=2960) if "melds" not in b),
             *(dealt(rng, size) for size in (13, 14) for _ in range(count * 4)),
             *few, *(h + T.code(rng.randrange(27)) for h in few), *EXCHANGE_HANDS]
    for hand in hands:
        tiles = sorted(T.parse(hand))
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        n = len({g for s in range(3) for g in combinations([t for t in tiles if t // 9 == s], 3)})
        size = 14 if len(tiles) % 3 == 2 else 13
        each = -(-weight(*timed(operations["sichuan", "exchange"], {"hand": hand})) // n)
        per[size] = max(per[size], (each, hand))
    print(f"sichuan exchange per candidate (13 / 14 tiles; the body): {per}")


_WORKER = """
import json, sys, time
import engine.advice
from engine.advice import advice
from engine.variants import REGISTRY
assert engine.advice.__file__.startswith(sys.argv[1]), engine.advice.__file__
for line in sys.stdin:
    variant, body = json.loads(line)
    start = time.process_time()
    advice(REGISTRY[variant], body)
    print((time.process_time() - start) * 1e3, flush=True)
"""


class Worker:
    """A process importing ``engine`` from one tree, timing the bodies it is sent."""

    def __init__(self, tree: str) -> None:
        tree = os.path.abspath(tree)
        self._proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER, tree], env={**os.environ, "PYTHONPATH": tree},
            cwd="/", stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ms(self, variant: str, body: dict[str, Any]) -> float:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.write(json.dumps([variant, body]) + "\n")
        self._proc.stdin.flush()
        return float(self._proc.stdout.readline())

    def close(self) -> None:
        assert self._proc.stdin is not None
        self._proc.stdin.close()
        self._proc.wait()


def _typical_bodies(variant: str, count: int, seed: int) -> list[dict[str, Any]]:
    """`typical`'s bodies, untimed."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for body in bodies(variant, count * 4, seed):
        if len(out) == count:
            break
        body["context"]["draws_left"] = 1
        if advice(REGISTRY[variant], body).shanten > 2:
            continue
        body["context"]["draws_left"] = rng.randint(6, 18)
        body["context"]["visible"] = ""
        out.append(body)
    return out


def _pressing_bodies(variant: str, count: int, seed: int) -> list[dict[str, Any]]:
    """Bodies built to press the bound: hands at shanten ≥ 2 (a one-draw probe says), a
    horizon from 4 to 60, ``constant_wall`` for about a third (`costliest` times them)."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for body in bodies(variant, count * 6, seed + 1):
        body["context"]["draws_left"] = 1
        if advice(REGISTRY[variant], body).shanten < 2:
            continue
        body["context"]["draws_left"] = rng.choice((4, 6, 8, 10, 12, 14, 18, 24, 36, 60))
        if rng.random() < 0.3:
            body["draw_model"] = "constant_wall"
        body["context"]["visible"] = ""
        out.append(body)
        if len(out) == count:
            break
    return out


def against(old: str, new: str, n: int, m: int, rounds: int) -> None:
    """The typical and pressing bodies of every variant, old tree against new, alternating."""
    workers = (Worker(old), Worker(new))
    print(f"advice, process time in ms, old / new (ratio); typical: {n} fresh hands a "
          f"variant; costliest of {m} bodies pressing the bound; the least of {rounds} "
          "rounds, alternating body by body")
    print(f"{'variant':10} {'median':>22} {'p90':>22} {'costliest':>22} "
          f"{'typical, all':>24} {'pressing, all':>24}")
    for variant in REGISTRY:
        rows = []
        for kind, made in (("typical", _typical_bodies(variant, n, 2801)),
                           ("pressing", _pressing_bodies(variant, m, 2802))):
            for body in made:
                times: tuple[list[float], list[float]] = ([], [])
                for r in range(rounds):
                    for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                        times[i].append(workers[i].ms(variant, body))
                rows.append((kind, min(times[0]), min(times[1])))

        def cell(old_ms: float, new_ms: float) -> str:
            return f"{old_ms:.1f} / {new_ms:.1f} ({new_ms / old_ms:.2f})"

        typical_old = sorted(a for k, a, _ in rows if k == "typical")
        typical_new = sorted(b for k, _, b in rows if k == "typical")
        p90 = int(0.9 * (len(typical_old) - 1))
        pressing_old = [a for k, a, _ in rows if k == "pressing"]
        pressing_new = [b for k, _, b in rows if k == "pressing"]
        worst_old = max(pressing_old, default=float("nan"))
        worst_new = max(pressing_new, default=float("nan"))
        print(f"{variant:10} "
              f"{cell(statistics.median(typical_old), statistics.median(typical_new)):>22} "
              f"{cell(typical_old[p90], typical_new[p90]):>22} "
              f"{cell(worst_old, worst_new):>22} "
              f"{cell(sum(typical_old), sum(typical_new)):>24} "
              f"{cell(sum(pressing_old), sum(pressing_new)):>24}", flush=True)
    for worker in workers:
        worker.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--weights", action="store_true",
                        help="measure the batch weights of advice, dingque, exchange")
    parser.add_argument("--old", help="a tree to time the same bodies against, alternating")
    parser.add_argument("--new", default=".")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.old:
        n, m = (15, 20) if args.quick else (60, 120)
        against(args.old, args.new, n, m, args.rounds)
        return
    if args.weights:
        weights(4 if args.quick else 12)
        return
    n, m = (15, 20) if args.quick else (60, 120)
    print(f"advice, process time in ms; typical: {n} fresh hands a variant (shanten 0–2, "
          f"T 6–18); costliest of {m} bodies pressing the bound")
    print(f"{'variant':10} {'median':>8} {'p90':>8} {'worst':>8} {'costliest':>10}  body")
    for variant in REGISTRY:
        times = sorted(typical(variant, n, seed=2801))
        ms, body, answer = costliest(variant, m, seed=2802)
        flags = ""
        if answer is not None and hasattr(answer, "discards"):
            cut = sum(e.not_evaluated == "budget" for e in answer.discards)
            flags = f"{answer.draw_model}, {cut} cut"
        print(f"{variant:10} {statistics.median(times):8.1f} "
              f"{times[int(0.9 * (len(times) - 1))]:8.1f} {times[-1]:8.1f} {ms:10.1f}  "
              f"{body.get('hand')} T={body.get('context', {}).get('draws_left')} "
              f"{body.get('draw_model', '')} {flags}")


if __name__ == "__main__":
    main()
