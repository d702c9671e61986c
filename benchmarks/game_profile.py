"""Where a game's stream spends its time, in-process, on fresh bodies.

    python -m benchmarks.game_profile                    # every variant, 20 games, top 12
    python -m benchmarks.game_profile --variants sichuan --games 40 --top 20 --sort tottime
    python -m benchmarks.game_profile --against DIR      # the same streams on DIR's tree too

The streams of ``benchmarks/game_play.py`` are recorded here, then each is replayed in a fresh
process (its engine memos empty: no body of the stream was seen there) through the WSGI app
with Flask's test client, every call once and timed (CPU time, ``process_time_ns``: on the
shared machine wall time measures the neighbours), with one cProfile profiler per call type.
Then the ``fan`` and ``settle`` bodies are sent a second time (warm: the per-hand memos
answer). Printed per variant: each call type's count, share, mean, p50 and p99
in µs; ``fan`` fresh against warm; the ``claims`` calls' mean against the ``fan`` calls' (the
issue's targets: a never-seen hand's ``fan`` within 2 × warm; ``claims`` within 1.5 × ``fan``);
and the functions that dominate each call type. With ``--against`` a fresh worker of each
tree answers every call in turn, call by call (`paired`), and the per-type means compare.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def replay(stream: Path, top: int, sort: str) -> dict[str, Any]:
    """In this (fresh) process: every call of ``stream`` once, timed, profiled by type."""
    from service.app import create_app

    client = create_app().test_client()
    calls = [json.loads(line) for line in stream.read_text().splitlines()]
    times: dict[str, list[float]] = defaultdict(list)
    warm: dict[str, list[float]] = defaultdict(list)
    profiles: dict[str, cProfile.Profile] = defaultdict(cProfile.Profile)
    client.get("/livez")
    for call in calls:
        kind, payload = call["path"].rsplit("/", 1)[1], call["payload"].encode()
        profile = profiles[kind] if top else None
        start = time.process_time_ns()
        if profile:
            profile.enable()
        response = client.post(call["path"], data=payload, content_type="application/json")
        if profile:
            profile.disable()
        times[kind].append((time.process_time_ns() - start) / 1000)
        assert response.status_code == 200, (call, response.get_data())
    for call in calls:  # the same bodies again: what the per-hand memos buy
        kind, payload = call["path"].rsplit("/", 1)[1], call["payload"].encode()
        if kind in ("fan", "settle"):
            start = time.process_time_ns()
            client.post(call["path"], data=payload, content_type="application/json")
            warm[kind].append((time.process_time_ns() - start) / 1000)
    text = {}
    for kind, profile in profiles.items():
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(sort).print_stats(top)
        text[kind] = out.getvalue()
    return {"times": times, "warm": warm, "profiles": text}


def serve(stream: Path) -> None:
    """In this (fresh) process: answer call numbers read from stdin, one a line, with the
    call's CPU µs on stdout — the paired replay's worker (``w<n>`` sends call n again)."""
    from service.app import create_app

    client = create_app().test_client()
    calls = [json.loads(line) for line in stream.read_text().splitlines()]
    client.get("/livez")
    print("ready", flush=True)
    for line in sys.stdin:
        call = calls[int(line.lstrip("w"))]
        payload = call["payload"].encode()
        start = time.process_time_ns()
        response = client.post(call["path"], data=payload, content_type="application/json")
        spent = (time.process_time_ns() - start) / 1000
        assert response.status_code == 200, (call, response.get_data())
        print(spent, flush=True)


class Worker:
    """A `serve` process on ``tree``'s engine and service."""

    def __init__(self, tree: Path, stream: Path) -> None:
        code = (f"import pathlib, runpy, sys; sys.path.insert(0, {str(tree)!r}); "
                f"runpy.run_path({__file__!r})['serve'](pathlib.Path({str(stream)!r}))")
        self.proc = subprocess.Popen([sys.executable, "-c", code], cwd=tree, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env={**os.environ, "PYTHONPATH": str(tree)})
        assert self.proc.stdout is not None and self.proc.stdout.readline() == "ready\n"

    def time(self, request: str) -> float:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return float(self.proc.stdout.readline())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def paired(trees: dict[str, Path], stream: Path) -> dict[str, dict[str, list[float]]]:
    """Each call of ``stream`` sent to a fresh worker of each tree in turn (which goes first
    alternates call by call), so that the two times of a call are taken a moment apart and
    the shared machine's drift cancels out; then the ``fan`` and ``settle`` calls again."""
    workers = {name: Worker(tree, stream) for name, tree in trees.items()}
    kinds = [json.loads(line)["path"].rsplit("/", 1)[1]
             for line in stream.read_text().splitlines()]
    found: dict[str, dict[str, list[float]]] = {name: defaultdict(list) for name in trees}
    try:
        plan = [(str(i), kind) for i, kind in enumerate(kinds)]
        plan += [(f"w{i}", kind + " (warm)") for i, kind in enumerate(kinds)
                 if kind in ("fan", "settle")]
        for n, (request, kind) in enumerate(plan):
            order = list(workers.items())
            for name, worker in order if n % 2 == 0 else reversed(order):
                found[name][kind].append(worker.time(request))
    finally:
        for worker in workers.values():
            worker.close()
    return found


def summary(times: dict[str, list[float]], warm: dict[str, list[float]]) -> list[str]:
    total = sum(sum(t) for t in times.values())
    lines = ["| call | count | share | mean µs | p50 µs | p99 µs |",
             "|---|---:|---:|---:|---:|---:|"]
    for kind, t in sorted(times.items(), key=lambda kv: -sum(kv[1])):
        ordered = sorted(t)
        p99 = ordered[min(len(t) - 1, int(len(t) * .99))]
        lines.append(f"| {kind} | {len(t)} | {sum(t) / total:.0%} | {statistics.fmean(t):,.0f} "
                     f"| {ordered[len(t) // 2]:,.0f} | {p99:,.0f} |")
    for kind, w in warm.items():
        fresh = statistics.fmean(times[kind])
        lines.append(f"{kind}: fresh mean {fresh:,.0f} µs, warm {statistics.fmean(w):,.0f} µs "
                     f"(×{fresh / statistics.fmean(w):.2f}); max fresh {max(times[kind]):,.0f}, "
                     f"max warm {max(w):,.0f} µs")
    if times.get("fan") and times.get("claims"):
        ratio = statistics.fmean(times["claims"]) / statistics.fmean(times["fan"])
        lines.append(f"claims mean / fan mean: {ratio:.2f} (target ≤ 1.5)")
    return lines


def in_fresh_process(tree: Path, stream: Path, top: int, sort: str) -> dict[str, Any]:
    """`replay` in a new process whose ``engine`` and ``service`` are ``tree``'s (this file is
    run by its path: the other tree need not have it)."""
    code = (f"import json, pathlib, runpy, sys; sys.path.insert(0, {str(tree)!r}); "
            f"replay = runpy.run_path({__file__!r})['replay']; "
            f"print(json.dumps(replay(pathlib.Path({str(stream)!r}), {top}, {sort!r})))")
    run = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(tree)})
    if run.returncode:
        raise RuntimeError(run.stderr[-3000:])
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="sichuan,changsha,nanchang,hongzhong")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1000, help="not the HTTP run's seeds")
    parser.add_argument("--top", type=int, default=12, help="functions a call type (0: no profile)")
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--against", type=Path)
    parser.add_argument("--only", help="replay only these call types (comma-separated)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from benchmarks.game_play import record
    from service.app import create_app

    with tempfile.TemporaryDirectory(prefix="hupai-profile-") as tmp:
        for variant in args.variants.split(","):
            caller = record(variant, args.games, create_app().test_client(), args.first_seed)
            if args.only:
                caller.calls = [c for c in caller.calls if c.kind in args.only.split(",")]
            stream = Path(tmp) / f"{variant}.jsonl"
            stream.write_text("".join(json.dumps({"path": c.path, "payload": c.payload.decode()})
                                      + "\n" for c in caller.calls))
            print(f"## {variant}: {args.games} games, {len(caller.calls)} calls\n")
            if args.against is None:
                found = in_fresh_process(ROOT, stream, args.top, args.sort)
                print("\n".join(summary(found["times"], found["warm"])))
                for kind, text in found["profiles"].items():
                    print(f"\n### {variant} {kind}\n{text}")
                continue
            found = paired({"against": args.against.resolve(), "this": ROOT}, stream)
            print("| call | count | against µs | this µs | this/against |\n"
                  "|---|---:|---:|---:|---:|")
            for kind, after in found["this"].items():
                before = found["against"][kind]
                b, a = statistics.fmean(before), statistics.fmean(after)
                print(f"| {kind} | {len(after)} | {b:,.0f} | {a:,.0f} | {a / b:.2f} |")
            total = [sum(sum(t) for k, t in found[w].items() if "warm" not in k)
                     for w in ("against", "this")]
            print(f"| the stream | {len(caller.calls)} | {total[0] / len(caller.calls):,.0f} | "
                  f"{total[1] / len(caller.calls):,.0f} | {total[1] / total[0]:.2f} |\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
