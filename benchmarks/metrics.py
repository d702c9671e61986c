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
rounds (median of the rounds; the shared machine's speed drifts), the time of one ``/metrics``
exposition of the fresh copy, of the directory after all restarts, and of the unmerged one,
with their file counts and bytes, four ways: the service's (``service.metrics.exposition``:
lock, ``service/metrics_scrape.py``'s kept plan, the process and directory families read at
scrape time); the service's just after a new worker's files appeared ("restart": copies of
the master's under another pid; its start-time gauge is a new series, so the plan is made
again, reusing what did not change); a new
``Scraper``'s first scrape of the directory ("first": a worker's first scrape, nothing kept);
and prometheus_client's (lock, ``MultiProcessCollector``,
``generate_latest``: what the service did before). Target (issue 13): a scrape ≤ 10 ms after
1,000 restarts.
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

    from service import docs, health, metrics, metrics_dir, metrics_scrape
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

    def timed(directory: Path, how: str) -> float:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(directory)
        if how == "restart":
            return restarted(directory)
        t = time.perf_counter()
        if how == "service":
            metrics.exposition()
        elif how == "first":
            with metrics_dir.locked(str(directory), exclusive=False):
                metrics_scrape.Scraper(str(directory)).text()
        else:
            with metrics_dir.locked(str(directory), exclusive=False):
                registry = CollectorRegistry()
                MultiProcessCollector(registry, str(directory))  # type: ignore[no-untyped-call]
                generate_latest(registry)
        return time.perf_counter() - t

    def restarted(directory: Path) -> float:
        """The service's scrape just after a new worker's files appeared (copies of this
        process's under an unused pid: its start-time gauge is a new series, so the plan is
        made again); then they are removed, and the plan made without them."""
        copies = [shutil.copy(path, directory / path.name.replace(f"_{os.getpid()}.", "_1."))
                  for path in directory.glob(f"*_{os.getpid()}.db")]
        t = time.perf_counter()
        metrics.exposition()
        took = time.perf_counter() - t
        for copy in copies:
            os.remove(copy)
        metrics.exposition()
        return took

    restart(None)
    for path in merged.glob("*.db"):
        shutil.copy(path, fresh / path.name)
    t0 = time.perf_counter()
    for _ in range(args.restarts - 1):
        restart(rng.randrange(1 << 30))
    took = time.perf_counter() - t0

    hows = ("service", "restart", "first", "prometheus_client")
    times: dict[tuple[Path, str], list[float]] = {
        (d, how): [] for d in (fresh, merged, unmerged) for how in hows}
    for _ in range(args.rounds):  # alternating
        for (directory, how), found in times.items():
            found.append(timed(directory, how))
    median = {k: statistics.median(t) * 1000 for k, t in times.items()}
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(merged)
    text = metrics.exposition().decode()

    print(f"metrics directory over worker restarts (python {sys.version.split()[0]}, "
          f"{args.rounds} alternating rounds, median)")
    samples = sum(1 for line in text.splitlines() if line and not line.startswith("#"))
    print(f"{samples} samples in a scrape (every documented example has been answered)")
    print(f"{'ms a scrape':34}{'service':>9}{'restart':>9}{'first':>9}{'prom_client':>12}"
          f"{'files':>7}{'bytes':>13}")
    for label, directory in (("fresh (1 worker has run)", fresh),
                             (f"merged, after {args.restarts} restarts", merged),
                             (f"unmerged, after {args.restarts} restarts", unmerged)):
        count, size = _files(directory)
        cells = "".join(f"{median[directory, how]:>{width}.2f}"
                        for how, width in zip(hows, (9, 9, 9, 12), strict=True))
        print(f"{label:34}{cells}{count:>7}{size:>13,}")
    print(f"after {args.restarts} restarts, merged: service / prometheus_client "
          f"{median[merged, 'service'] / median[merged, 'prometheus_client']:.2f}; service "
          f"after / fresh {median[merged, 'service'] / median[fresh, 'service']:.2f}; target: "
          f"a scrape <= 10 ms after 1,000 restarts; the {args.restarts} restarts (fork, 4 "
          f"examples and 2 refusals, exit, merge) took {took:.1f} s")
    for directory in times:
        shutil.rmtree(directory, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
