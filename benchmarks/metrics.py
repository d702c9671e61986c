"""Scrape time of the multiprocess metrics directory over worker restarts. Run by hand.

    python -m benchmarks.metrics               # 1,000 restarts (about 20 s)
    python -m benchmarks.metrics --restarts 100

What it does, in one process playing the gunicorn master (the app is loaded first, as with
``preload_app``): each "worker" is a real ``fork`` that answers a few documented request
examples through the app (so the label sets are the production ones), plus one refused
body, and exits; then the master's ``child_exit`` work runs — ``metrics_dir.merge_dead`` on
the directory. A copy of every dead worker's files, minus what ``mark_process_dead``
removes, goes to a second directory: what the directory held before the merge existed.

The first worker answers every documented example, so the directory already holds every
label set the later ones add; a copy of it is kept ("fresh"). At the end, in alternating
rounds (median of the rounds; the shared machine's speed drifts), the time of one
``/metrics`` exposition (what ``service.metrics.exposition`` does: lock, read, add up,
format) of the fresh copy, of the directory after all restarts, and of the unmerged one,
with their file counts and bytes. Target (issue 13): a scrape ≤ 10 ms after 1,000 restarts.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def _files(directory: Path) -> tuple[int, int]:
    found = list(directory.glob("*.db"))
    return len(found), sum(p.stat().st_size for p in found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--restarts", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)

    merged = Path(tempfile.mkdtemp(prefix="hupai-bench-metrics-"))
    unmerged = Path(tempfile.mkdtemp(prefix="hupai-bench-unmerged-"))
    fresh = Path(tempfile.mkdtemp(prefix="hupai-bench-fresh-"))
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(merged)  # before prometheus_client loads
    from prometheus_client import CollectorRegistry, generate_latest
    from prometheus_client.multiprocess import MultiProcessCollector

    from service import docs, health, metrics, metrics_dir
    from service.app import create_app
    from service.settings import Settings

    app = create_app(Settings())
    examples = list(health.request_examples(docs.load_spec()))
    rng = random.Random(13)

    def worker(seed: int | None) -> None:
        """Four random examples; every one of them for ``seed`` None (the first worker, so
        that "fresh" already has every label set the restarts will add)."""
        client = app.test_client()
        chosen = examples if seed is None else random.Random(seed).sample(examples, 4)
        for path, body in chosen:
            client.post(path, json=body)
        client.post("/v1/sichuan/win", json={"hand": "1m", "win_tile": "zz"})
        client.get("/v1/nosuch/win")

    def restart(seed: int | None) -> None:
        pid = os.fork()
        if pid == 0:
            try:
                worker(seed)
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
        for path in merged.glob(f"*_{pid}.db"):
            if not path.name.startswith("gauge_live"):  # what mark_process_dead removes
                shutil.copy(path, unmerged / path.name)
        metrics_dir.merge_dead(str(merged), pid)

    def scrape(directory: Path) -> float:
        t = time.perf_counter()
        with metrics_dir.locked(str(directory), exclusive=False):
            registry = CollectorRegistry()
            MultiProcessCollector(registry, str(directory))  # type: ignore[no-untyped-call]
            generate_latest(registry)
        return time.perf_counter() - t

    restart(None)
    for path in merged.glob("*.db"):
        shutil.copy(path, fresh / path.name)
    t0 = time.perf_counter()
    for _ in range(args.restarts - 1):
        restart(rng.randrange(1 << 30))
    took = time.perf_counter() - t0
    assert metrics.exposition()  # the service's own scrape works on the merged directory

    times: dict[Path, list[float]] = {fresh: [], merged: [], unmerged: []}
    for _ in range(args.rounds):  # alternating
        for directory, found in times.items():
            found.append(scrape(directory))
    median = {d: statistics.median(t) * 1000 for d, t in times.items()}

    print(f"metrics directory over worker restarts (python {sys.version.split()[0]}, "
          f"{args.rounds} alternating rounds, median)")
    collected = MultiProcessCollector(None, str(merged)).collect()  # type: ignore[no-untyped-call]
    samples = sum(len(f.samples) for f in collected)
    print(f"{samples} samples in a scrape (every documented example has been answered)")
    print(f"{'':34}{'scrape':>10}{'files':>7}{'bytes':>13}")
    for label, directory in (("fresh (1 worker has run)", fresh),
                             (f"merged, after {args.restarts} restarts", merged),
                             (f"unmerged, after {args.restarts} restarts", unmerged)):
        count, size = _files(directory)
        print(f"{label:34}{median[directory]:>7.2f} ms{count:>7}{size:>13,}")
    print(f"merged after / fresh: {median[merged] / median[fresh]:.2f}; unmerged after / fresh: "
          f"{median[unmerged] / median[fresh]:.1f}; target: a scrape <= 10 ms after 1,000 "
          f"restarts; the {args.restarts} restarts (fork, 4 examples and 2 refusals, "
          f"exit, merge) took {took:.1f} s")
    for directory in times:
        shutil.rmtree(directory, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
