"""``exchange``'s costliest bodies (`benchmarks.hostile_ops.EXCHANGE_HANDS`), old tree against
new, alternating: each body timed in a fresh process (cold: no memo, no table page warm
beyond import), CPU time of the engine call alone, ``--rounds`` per tree, the median.

    python -m benchmarks.exchange --old /work/main --new . [--rounds 3]

``--search SEED`` instead times ``--deals`` fresh one-suit deals of ``--size`` tiles in
``--suit`` (`hostile_ops.one_suit_deal`) in this process, this tree, and prints the
dearest: how the last of `EXCHANGE_HANDS` were found.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

from benchmarks.hostile_ops import EXCHANGE_HANDS, candidates, one_suit_deal

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


def search(seed: int, deals: int, size: int, suit: int) -> None:
    """The dearest of ``deals`` one-suit deals, CPU time of the engine call, in process."""
    from engine.variants import REGISTRY
    scoring = sys.modules["engine.advice.exchange"]
    rng = random.Random(seed)
    timed = []
    for _ in range(deals):
        hand = one_suit_deal(rng, size, suit)
        t0 = time.process_time()
        scoring.exchange(REGISTRY["sichuan"], {"hand": hand})
        timed.append(((time.process_time() - t0) * 1000, hand))
    timed.sort(reverse=True)
    print(f"median {timed[len(timed) // 2][0]:.1f} ms; the dearest:")
    for ms, hand in timed[:5]:
        print(f"{ms:8.1f} ms  {hand} ({candidates(hand)} candidates)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--old")
    parser.add_argument("--new", default=".")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--search", type=int, metavar="SEED")
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--size", type=int, choices=(13, 14), default=14)
    parser.add_argument("--suit", choices=("m", "p", "s"), default="m",
                        help="the suit dealt (p, the middle one, shares no sum: the dearest)")
    args = parser.parse_args()
    if args.search is not None:
        import engine.advice.exchange  # noqa: F401  (the module, not the function)
        search(args.search, args.deals, args.size, "mps".index(args.suit))
        return
    if args.old is None:
        parser.error("--old is required (or --search)")
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
