"""What a whole request costs in-process (Flask's test client, no server), in µs of CPU.

``python -m benchmarks.inprocess`` prints this tree's figures for the HTTP benchmark's
``win``, ``fan``, ``batch`` (256 ``win`` items) and ``batch-mixed`` bodies (Sichuan), and
``win`` and ``batch`` again with ``Prefer: return=minimal`` (``-minimal``; a tree without it
answers them in full): the best of 15 loops, with the preloaded objects frozen as in a
worker. ``--against DIR [DIR…]``
runs the same in a fresh process per tree (this one last in each round), ``--rounds`` times,
and prints each tree's figures per round and the medians' ratios to the first tree — the
hooks, body checks, schemas, engine and encoding, without wrk's and the server's noise.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

CASES = ("win", "fan", "batch", "batch-mixed", "win-minimal", "batch-minimal")
MINIMAL = {"Prefer": "return=minimal"}


def measure() -> dict[str, float]:
    from benchmarks.http import bodies
    from service.app import create_app

    client = create_app().test_client()
    gc.collect()
    gc.freeze()  # as service/gunicorn_conf.py does before the workers fork
    found = {}
    for name in CASES:
        path, body = bodies("sichuan")[name.removesuffix("-minimal")]
        data = json.dumps(body)
        headers = MINIMAL if name.endswith("-minimal") else {}
        calls = 3 if name.startswith("batch") else 200
        best = float("inf")
        for _ in range(15):
            start = time.process_time_ns()
            for _ in range(calls):
                client.post(path, data=data, content_type="application/json",
                            headers=headers).close()
            best = min(best, (time.process_time_ns() - start) / calls / 1e3)
        found[name] = best
    return found


def _in(tree: Path) -> dict[str, float]:
    """`measure` in a fresh process from ``tree``: its engine, service and benchmarks.http
    (the same bodies in every tree since 7a75855)."""
    code = f"import json, runpy; print(json.dumps(runpy.run_path({__file__!r})['measure']()))"
    run = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True,
                         text=True, check=True, env={**os.environ, "PYTHONPATH": str(tree)})
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, nargs="+", help="other source trees")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not args.against:
        print(json.dumps({k: round(v, 1) for k, v in measure().items()}))
        return
    trees = [*args.against, Path(__file__).resolve().parents[1]]
    runs: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    print(f"{'round':<6} {'tree':<28} " + " ".join(f"{c:>12}" for c in CASES) + "   (µs a request)")
    for i in range(args.rounds):
        for tree in trees:
            runs[tree].append(_in(tree))
            print(f"{i + 1:<6} {str(tree)[-28:]:<28} "
                  + " ".join(f"{runs[tree][-1][c]:12.1f}" for c in CASES))
    first = trees[0]
    for tree in trees[1:]:
        ratios = []
        for c in CASES:
            mine = [r[c] for r in runs[tree]]
            theirs = [r[c] for r in runs[first]]
            ratio = statistics.median(mine) / statistics.median(theirs)
            ratios.append(f"{c} {ratio:.2f} ({min(mine):.0f}–{max(mine):.0f} vs "
                          f"{min(theirs):.0f}–{max(theirs):.0f})")
        print(f"{str(tree)[-28:]} / {str(first)[-28:]}: " + "; ".join(ratios))


if __name__ == "__main__":
    main()
