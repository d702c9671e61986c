"""红中 win check and waits with 4 and 8 wildcards against the same hands without them.

The shape tables make a wildcard check flat in the number of wildcards: each hand here is
timed next to its natural twin (every wildcard replaced by the tile it stands for), in one
run, and the ratio should stay ≤ 1.5. Run: ``python -m benchmarks.hongzhong [--quick]``.

Timed: the variant's hooks (``check``; ``wait_list``, which is what ``waits`` spends its
time in) and the whole operations (``win``, ``waits``: validation included) on requests
built by the variant's ``request``. The clock is the process's CPU time (``process_time_ns``), so
other work on a shared machine does not count; wild and natural batches alternate.

A waits ratio also measures the answer: the 8-wildcard hand waits on all 32 kinds it does
not hold, through two shapes (standard and 七对), its natural twin on three through one.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine.hand import Request
from engine.variants.hongzhong.variant import VARIANT as V

TWO_WILD = {"tile_set": "136", "wild_tiles": ["5z", "7z"]}

# (label, wildcard hand, natural twin); 14 tiles for the win check, 13 for waits
CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # 7z ×4 stand for 2m 5m 2p and the drawn 5p-pair partner
    ("win, 4 wildcards",
     {"hand": "13m46m789m13p5p7z7z7z", "win_tile": "7z"},
     {"hand": "123m456m789m123p5p", "win_tile": "5p"}),
    # 5z ×4 + 7z ×4 stand for 23m 56m 89m 23p
    ("win, 8 wildcards",
     {"hand": "147m1p5p5z5z5z5z7z7z7z7z", "win_tile": "5p", "options": TWO_WILD},
     {"hand": "123m456m789m123p5p", "win_tile": "5p", "options": TWO_WILD}),
    # a non-win: the worst case for a brute-force substitution
    ("no win, 4 wildcards",
     {"hand": "147m258p1369s7z7z7z", "win_tile": "7z", "options": {"four_wild_win": "off"}},
     {"hand": "147m258p1355569s", "win_tile": "5s", "options": {"four_wild_win": "off"}}),
    ("waits, 4 wildcards",
     {"hand": "13m46m789m1p5p7z7z7z7z"},
     {"hand": "123m456m789m123p5p"}),
    ("waits, 8 wildcards",
     {"hand": "147m1p5p5z5z5z5z7z7z7z7z", "options": TWO_WILD},
     {"hand": "123m456m789m123p5p", "options": TWO_WILD}),
]


def median_us(first: Callable[[], object], second: Callable[[], object], batches: int,
              per_batch: int) -> tuple[float, float]:
    """Median over ``batches`` of the mean µs a call, for two functions timed in turns
    (batch by batch), so that a change in machine load hits both alike."""
    first()  # warm caches (tables, option configs)
    second()
    samples: tuple[list[float], list[float]] = ([], [])
    for _ in range(batches):
        for fn, out in ((first, samples[0]), (second, samples[1])):
            start = time.process_time_ns()
            for _ in range(per_batch):
                fn()
            out.append((time.process_time_ns() - start) / per_batch / 1000)
    return statistics.median(samples[0]), statistics.median(samples[1])


def timers(req: Request) -> dict[str, Callable[[], object]]:
    hand, ctx = req.hand, req.context
    opts = V.options(req)
    if hand.win_tile is not None:
        return {"check (hook)": lambda: V.check(hand, ctx, opts),
                "win (op)": lambda: V.win(req)}
    return {"wait_list (hook)": lambda: V.wait_list(hand.concealed, hand, ctx, opts),
            "waits (op)": lambda: V.waits(req)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args(argv)
    batches, per_batch = (15, 20) if args.quick else (61, 50)
    print(f"{'case':22} {'timed':17} {'wild µs':>9} {'natural µs':>11} {'ratio':>6}")
    worst = 0.0
    for label, wild_body, natural_body in CASES:
        wild_req, natural_req = V.request(wild_body), V.request(natural_body)
        wild_timers, natural_timers = timers(wild_req), timers(natural_req)
        for name, fn in wild_timers.items():
            wild, natural = median_us(fn, natural_timers[name], batches, per_batch)
            ratio = wild / natural
            worst = max(worst, ratio)
            print(f"{label:22} {name:17} {wild:9.1f} {natural:11.1f} {ratio:6.2f}")
    print(f"worst ratio {worst:.2f} (target ≤ 1.50)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
