"""What a route's body loader costs (the schema fast path and nulls dropped), in µs a body.

``python -m benchmarks.load`` prints this tree's figures; ``--against DIR`` runs the same
measurement on the source tree in DIR (e.g. ``git archive <commit> | tar -x -C DIR``) and on
this one, ``--rounds`` times in turn (each first in every other round), each in a fresh
process, and prints both medians and their ratio — how a change to the request schemas moved
the loading of a body.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import timeit
from functools import partial
from pathlib import Path
from typing import Any

BODIES: dict[str, dict[str, Any]] = {
    "sichuan/win": {"hand": "123m456m789m55p23p", "win_tile": "4p"},
    "sichuan/fan": {"hand": "1112345678999m", "win_tile": "5m", "context": {
        "win_type": "discard", "seats": {"winner": 1, "discarder": 0}, "missing_suit": "p"}},
    "nanchang/fan": {"hand": "123m456m789m11p23p", "win_tile": "4p", "context": {
        "jing": {"zheng": "5s", "fu": "6s"}, "win_type": "self_draw", "seats": {"winner": 0}}},
}


def measure() -> dict[str, float]:
    """µs a load of each body through its route's own loader (best of five loops)."""
    from engine.variants import REGISTRY
    from service import routes

    ops = routes.build_operations(REGISTRY)
    found = {}
    for name, body in BODIES.items():
        load = ops[tuple(name.split("/"))].load  # type: ignore[index]
        loops = 20000
        found[name] = min(timeit.repeat(partial(load, body), number=loops, repeat=5)) / loops * 1e6
    return found


def _in(tree: Path) -> dict[str, float]:
    """The figures of the tree in ``tree``: `measure` run in a fresh process from that
    directory, so that ``engine`` and ``service`` are the tree's."""
    code = f"import json, runpy; print(json.dumps(runpy.run_path({__file__!r})['measure']()))"
    run = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True,
                         text=True, check=True, env={**os.environ, "PYTHONPATH": str(tree)})
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--against", type=Path, help="another source tree to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if args.against is None:
        for name, us in measure().items():
            print(f"{name:<14} {us:6.2f} µs")
        return
    here = Path(__file__).resolve().parents[1]
    runs: dict[str, list[dict[str, float]]] = {"against": [], "this": []}
    for i in range(args.rounds):  # each goes first in every other round
        order = [("against", args.against), ("this", here)]
        for which, tree in order if i % 2 == 0 else reversed(order):
            runs[which].append(_in(tree))
    print(f"{'body':<14} {'against µs':>10} {'this µs':>8} {'ratio':>6}   (medians of "
          f"{args.rounds} rounds, in turn; spread min–max)")
    for name in BODIES:
        before = [r[name] for r in runs["against"]]
        after = [r[name] for r in runs["this"]]
        b, a = statistics.median(before), statistics.median(after)
        print(f"{name:<14} {b:10.2f} {a:8.2f} {a / b:6.2f}   "
              f"({min(before):.2f}–{max(before):.2f} vs {min(after):.2f}–{max(after):.2f})")


if __name__ == "__main__":
    main()
