"""A game's stream over HTTP, two trees side by side: each worker's CPU time a call.

    python -m benchmarks.game_cpu --against DIR                # every variant, 8 games each
    python -m benchmarks.game_cpu --against DIR --variants sichuan --games 20 --chunk 50
    python -m benchmarks.game_cpu --against DIR --only discards   # one call type's share

Why beside ``benchmarks/game.py``: that one drives each server with wrk for a while and then
the other, so on the shared machine the two trees' figures are taken seconds apart, under
different neighbours (at load 6 the no-op's own CPU a request read 390 and 516 µs for two
servers of the same code). Here the stream (`benchmarks.game_play`, fresh fixed-seed games:
no body sent twice) is cut into chunks, and each chunk goes to one tree's worker and then
to the other's (which goes first alternates), each followed by as many ``GET /livez``; each
worker's CPU time (``/proc/PID/schedstat``, in ns) is read around each chunk. What a call costs the
service — gunicorn's parse, the app, the answer written, the access line — is the worker's
CPU, not the wall clock, and the two trees' values are taken a moment apart.

Requests are sent one at a time on a fresh connection each (as a sync worker serves them);
every answer must be a 200. Printed per variant: each tree's CPU µs a stream call and a
no-op, their ratio this / against (of the totals, and the median of the chunks' ratios), and
each tree's no-op CPU over its stream CPU (the CPU column of ``benchmarks.game``).
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if not __package__:  # run as a file: its own folder must not shadow the stdlib's `http`
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.game import VARIANTS  # noqa: E402
from benchmarks.game_play import Call, record  # noqa: E402
from tests.deploy import live  # noqa: E402


def send(instance: live.Instance, method: str, path: str, body: bytes | None) -> None:
    connection = http.client.HTTPConnection(instance.host, instance.port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{method} {path}: {response.status}")
    finally:
        connection.close()


def cpu_ns(pid: int) -> int:
    """The process's time on a CPU so far, in ns (``/proc/PID/schedstat``: the scheduler's
    own count, not ``stat``'s 10 ms ticks — a sync worker is one thread)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])


def chunk_cpu(instance: live.Instance, calls: list[Call]) -> tuple[float, float]:
    """The worker's CPU seconds a call for ``calls``, then a request for as many
    ``GET /livez``."""
    (worker,) = instance.workers()
    start = cpu_ns(worker)
    for call in calls:
        send(instance, "POST", call.path, call.payload)
    middle = cpu_ns(worker)
    for _ in calls:
        send(instance, "GET", "/livez", None)
    return (middle - start) / 1e9 / len(calls), (cpu_ns(worker) - middle) / 1e9 / len(calls)


def measure(calls: list[Call], servers: dict[str, live.Instance], chunk: int
            ) -> dict[str, tuple[list[float], list[float]]]:
    found: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in servers}
    order = list(servers.items())
    for i in range(0, len(calls), chunk):
        part = calls[i:i + chunk]
        for name, instance in order if (i // chunk) % 2 == 0 else reversed(order):
            stream, noop = chunk_cpu(instance, part)
            found[name][0].append(stream)
            found[name][1].append(noop)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, required=True, help="the other source tree")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--first-seed", type=int, default=2000)
    parser.add_argument("--chunk", type=int, default=60, help="calls a chunk")
    parser.add_argument("--only", default="",
                        help="only these operations (comma-separated; batch for the claims "
                             "batches): that call type against the no-op")
    args = parser.parse_args(argv)
    only = set(filter(None, args.only.split(",")))
    from service.app import create_app

    streams = {v: [call for call in record(v, args.games, create_app().test_client(),
                                           args.first_seed).calls
                   if not only or call.path.rsplit("/", 1)[1] in only]
               for v in args.variants.split(",")}
    with tempfile.TemporaryDirectory(prefix="hupai-game-cpu-") as tmp:
        servers: dict[str, live.Instance] = {}
        try:
            for name, tree in (("against", args.against.resolve()), ("this", ROOT)):
                servers[name] = live.start(Path(tmp) / name, workers=1, PYTHONPATH=str(tree))
            print(f"load average {os.getloadavg()[0]:.1f}; {args.games} games a variant, "
                  f"chunks of {args.chunk} calls, 1 sync worker a tree\n")
            print("| variant | calls | CPU µs a call: against → this | × (totals; median of "
                  "chunks) | no-op µs: against → this | no-op / stream CPU: against → this |")
            print("|---|---:|---|---|---|---|")
            for variant, calls in streams.items():
                found = measure(calls, servers, args.chunk)
                a_call, t_call = found["against"][0], found["this"][0]
                mean = {name: (statistics.fmean(c), statistics.fmean(n))
                        for name, (c, n) in found.items()}
                chunks = statistics.median(t / a for t, a in zip(t_call, a_call, strict=True)
                                           if a > 0)
                (ac, an), (tc, tn) = mean["against"], mean["this"]
                print(f"| {variant} | {len(calls):,} | {ac * 1e6:,.0f} → {tc * 1e6:,.0f} | "
                      f"{tc / ac:.2f}; {chunks:.2f} | {an * 1e6:,.0f} → {tn * 1e6:,.0f} | "
                      f"{an / ac:.0%} → {tn / tc:.0%} |", flush=True)
        finally:
            for instance in servers.values():
                instance.stop()
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
