"""What one ``claims`` call costs against the calls it is bounded by (issue 16):
``detail: "full"`` against one ``discards`` call of the same hand (hand + tile as 14 tiles),
``detail: "actions"`` against one ``fan`` call (hand + tile, with the source's win type).
Targets: at most 2× each.

Hands: *ordinary* — the fixed-seed bodies of ``tests/engine/claims/generated.py`` (every
source, groups and a pair with a tile taken out); *costliest* — per variant a discard from
the left with three copies of it in hand (kong and pong on offer) and the chows it allows,
with 8 wildcards in the wildcard variants. Whole operations are timed (validation
included), alternating batch by batch, on the process's CPU time (``process_time_ns``).
Run: ``python -m benchmarks.claims [--quick]``.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine.hand import Request
from engine.variants import REGISTRY
from tests.engine.claims.generated import bodies

COSTLIEST: dict[str, dict[str, Any]] = {
    # 444m: exposed kong and pong; 四川 has no chow
    "sichuan": {"hand": "23444m 56m 123p 55p 9p", "tile": "4m",
                "context": {"source": "discard_left", "missing_suit": "s"}},
    # kong, pong and the three chows 234m 345m 456m
    "changsha": {"hand": "23444m 56m 123p 55s 9s", "tile": "4m",
                 "context": {"source": "discard_left"}},
    # eight 精 (1z 正精, 2z 副精), kong, pong, chow 234m
    "nanchang": {"hand": "1111z 2222z 23m 444m", "tile": "4m",
                 "context": {"source": "discard_left", "jing": {"zheng": "1z", "fu": "2z"}}},
    # eight wildcards (5z, 7z), kong, pong, chow 234m
    "hongzhong": {"hand": "5555z 7777z 23m 444m", "tile": "4m",
                  "context": {"source": "discard_left"},
                  "options": {"tile_set": "136", "wild_tiles": ["5z", "7z"],
                              "allow_chow_meld": True}},
}
WIN_TYPE = {"self_draw": "self_draw", "rob_kong": "rob_kong"}


def as_discards(data: dict[str, Any]) -> dict[str, Any]:
    """The same tiles as a 14-tile ``discards`` body (the tile as if drawn)."""
    out = copy.deepcopy(data)
    tile = out.pop("tile")
    out["hand"] = [*out["hand"], tile] if isinstance(out["hand"], list) else \
        f"{out['hand']} {tile}"
    for member in ("source", "locked", "passed", "kong"):
        out["context"].pop(member, None)
    return out


def as_fan(data: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(data)
    out["win_tile"] = out.pop("tile")
    source = out["context"].pop("source")
    out["context"]["win_type"] = WIN_TYPE.get(source, "discard")
    for member in ("locked", "passed", "kong"):
        out["context"].pop(member, None)
    return out


def batch(call: Callable[[Request], object], requests: list[Request]) -> Callable[[], None]:
    def run() -> None:
        for r in requests:
            call(r)
    return run


def ratio(first: Callable[[], None], second: Callable[[], None], batches: int) -> float:
    """Median over batches of first's CPU time over second's, timed in turns."""
    first()
    second()
    ratios = []
    for _ in range(batches):
        start = time.process_time_ns()
        first()
        mid = time.process_time_ns()
        second()
        end = time.process_time_ns()
        ratios.append((mid - start) / max(1, end - mid))
    return statistics.median(ratios)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands and batches")
    args = parser.parse_args(argv)
    count, batches = (20, 5) if args.quick else (60, 15)
    print(f"{'variant':10} {'hands':10} {'full/discards':>14} {'actions/fan':>12}")
    for variant, v in REGISTRY.items():
        sets = {"ordinary": bodies(variant, count, seed=2016), "costliest": [COSTLIEST[variant]]}
        for label, found in sets.items():
            full = [v.request(d) for d in found]
            lean = [v.request({**d, "detail": "actions"}) for d in found]
            discards = [v.request(as_discards(d)) for d in found]
            fans = [v.request(as_fan(d)) for d in found]
            repeat = 1 if label == "ordinary" else 30
            r_full = ratio(batch(v.claims, full * repeat), batch(v.discards, discards * repeat),
                           batches)
            r_lean = ratio(batch(v.claims, lean * repeat), batch(v.fan, fans * repeat), batches)
            print(f"{variant:10} {label:10} {r_full:14.2f} {r_lean:12.2f}")


if __name__ == "__main__":
    main()
