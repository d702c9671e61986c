"""``exchange``'s costliest bodies (`benchmarks.hostile_ops.EXCHANGE_HANDS`), old tree against
new, alternating: each body timed in a fresh process (cold: no memo, no table page warm
beyond import), CPU time of the engine call alone, ``--rounds`` per tree, the median.

    python -m benchmarks.exchange --old /work/main --new . [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

from benchmarks.hostile_ops import EXCHANGE_HANDS, candidates

_ONE = """
import sys, time
import engine.advice.exchange
from engine.variants import REGISTRY
scoring = sys.modules["engine.advice.exchange"]
t0 = time.process_time()
scoring.exchange(REGISTRY["sichuan"], {"hand": sys.argv[1]})
print((time.process_time() - t0) * 1000)
"""


def cold_ms(tree: str, hand: str) -> float:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(tree)}
    out = subprocess.run([sys.executable, "-c", _ONE, hand], env=env, cwd="/",
                         capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", default=".")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{'body':42} {'old ms':>8} {'new ms':>8} {'ratio':>6}")
    for hand in EXCHANGE_HANDS:
        old: list[float] = []
        new: list[float] = []
        for _ in range(args.rounds):
            old.append(cold_ms(args.old, hand))
            new.append(cold_ms(args.new, hand))
        a, b = statistics.median(old), statistics.median(new)
        print(f"{f'{hand} ({candidates(hand)} candidates)':42} {a:8.1f} {b:8.1f} {a / b:6.1f}")


if __name__ == "__main__":
    main()
