"""A game server's real traffic, replayed over HTTP: fixed-seed games, no body sent twice.

    python -m benchmarks.game                       # every variant, 1 and 2 workers, 3 rounds
    python -m benchmarks.game --quick               # CI-sized: 1 round of 2 games a variant
    python -m benchmarks.game --against DIR         # also the tree in DIR, alternating with it
    python -m benchmarks.game --variants sichuan --games 40 --rounds 5

What it does, in one run:

1. Records the streams (``benchmarks/game_play.py``): per variant and round, ``--games``
   hands played by bots, every call a backend makes for them (the drawer's ``claims``, its
   bot's ``discards``, a ``batch`` of the others' ``claims`` after each discard, ``waits``
   when ready, ``fan`` at each win, the variant's own calls, ``settle`` where it exists),
   answered in-process — each must be a 200 — and kept once: no body twice in a stream.
   Each round has its own games (its own seeds), so no server ever sees a body twice.
2. Starts ``hupai serve`` (the image's command: the packaged gunicorn configuration, sync
   workers) with 1 and with 2 workers, for this tree and, with ``--against``, for the tree in
   DIR (``git archive <commit> | tar -x -C DIR``); each start is timed to ``/readyz``.
3. Per variant and round, for each server in turn (the order reversed every round): the
   no-op ``GET /livez`` (wrk, ``--connections``, ``--noop-seconds``), then the round's stream
   (wrk at the same connections, each request once, in order; it stops when the last answer
   is in). The stream's ratio to the no-op is taken from that pair: on this shared machine
   two rates compare only when measured side by side. Beside it, the same ratio from the
   workers' CPU time (``/proc/PID/stat``): the no-op's CPU a request over the stream's a call
   — what a worker with a core of its own would show, as the neighbours' load drops out.
4. Per call type, from the server's access log (gunicorn's own time of each request, in the
   worker): its share of the stream's time, p50 and p99. Every answer must be a 200.
5. Each worker's PSS (``/proc/PID/smaps_rollup``) after the load.

Prints calls/s, games/s a worker, the ratio to the no-op (median of the rounds' pairs), the
calls of a game, and the per-type table. Needs ``wrk``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if not __package__:  # run as a file: its own folder must not shadow the stdlib's `http`
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.game_play import Call, record  # noqa: E402
from benchmarks.http import pss_mb, wrk  # noqa: E402
from tests.deploy import live  # noqa: E402

VARIANTS = ("sichuan", "changsha", "nanchang", "hongzhong")
TARGET = 0.5
"""Issue 29: the stream at ≥ 50 % of the no-op's rate in every variant."""

REPLAY_LUA = r"""
local requests, n, answered, idle = {}, 0, 0, nil
local flag = nil
init = function(args)
  for line in io.lines(args[1]) do
    local path, body = line:match("^(%S+) (.*)$")
    n = n + 1
    requests[n] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
  end
  flag = args[2]
  idle = wrk.format("GET", "/livez")
end
local sent = 0
request = function()
  sent = sent + 1
  if sent <= n then return requests[sent] end
  return idle
end
response = function(status, headers, body)
  answered = answered + 1
  if answered == n then
    local f = io.open(flag, "w"); f:write("done"); f:close()
    wrk.thread:stop()
  end
end
"""


@dataclass
class Server:
    tree: str  # "this" or "against"
    workers: int
    instance: live.Instance
    log_lines: int = 0

    @property
    def name(self) -> str:
        return f"{self.tree}, {self.workers} worker{'s' if self.workers > 1 else ''}"

    def new_log(self) -> list[dict[str, object]]:
        lines = self.instance.access_log()
        fresh, self.log_lines = lines[self.log_lines:], len(lines)
        return fresh


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of ``pids`` so far (``/proc/PID/stat``, clock ticks)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


@dataclass
class Measured:
    rates: list[float] = field(default_factory=list)
    noops: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)
    cpu_ratios: list[float] = field(default_factory=list)
    """The no-op's worker CPU time a request over the stream's a call: the rate ratio a
    worker with a core of its own would show (the neighbours' load cancels out)."""
    cpu_per_call: list[float] = field(default_factory=list)
    """The workers' CPU seconds a stream call."""
    cpu_per_noop: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: int = 0


def replay(server: Server, calls: list[Call], connections: int, workdir: Path) -> float:
    """Send ``calls`` once each, in order, at ``connections``; calls a second (wall time)."""
    stream = workdir / "stream.txt"
    stream.write_bytes(b"".join(c.path.encode() + b" " + c.payload + b"\n" for c in calls))
    script, flag = workdir / "replay.lua", workdir / "replay.done"
    script.write_text(REPLAY_LUA)
    flag.unlink(missing_ok=True)
    start = time.perf_counter()
    proc = subprocess.Popen(
        ["wrk", "-t1", f"-c{connections}", "-d600s", "-s", str(script), server.instance.url,
         "--", str(stream), str(flag)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    while not flag.exists() and proc.poll() is None:
        time.sleep(0.002)
    elapsed = time.perf_counter() - start
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    if not flag.exists():
        raise RuntimeError(f"wrk ended early: {out.decode()} {err.decode()}")
    return len(calls) / elapsed


def wait_for_log(server: Server, count: int) -> list[dict[str, object]]:
    """The access lines of the ``count`` stream requests just answered."""
    deadline, lines = time.monotonic() + 10, []
    while True:
        lines += server.new_log()
        if len(lines) >= count or time.monotonic() > deadline:
            return lines
        time.sleep(0.01)


def measure(variant: str, slices: list[list[Call]], servers: list[Server], noop_seconds: float,
            connections: int, workdir: Path) -> dict[str, Measured]:
    found = {s.name: Measured() for s in servers}
    for i, calls in enumerate(slices):
        for server in servers if i % 2 == 0 else reversed(servers):
            m = found[server.name]
            server.new_log()
            workers = server.instance.workers()
            cpu0 = cpu_seconds(workers)
            noop = wrk(server.instance.url + "/livez", {}, connections, noop_seconds, workdir,
                       method="GET")
            cpu1 = cpu_seconds(workers)
            rate = replay(server, calls, connections, workdir)
            cpu2 = cpu_seconds(workers)
            m.cpu_ratios.append(((cpu1 - cpu0) / noop.requests) / ((cpu2 - cpu1) / len(calls)))
            m.cpu_per_call.append((cpu2 - cpu1) / len(calls))
            m.cpu_per_noop.append((cpu1 - cpu0) / noop.requests)
            m.noops.append(noop.rps)
            m.rates.append(rate)
            m.ratios.append(rate / noop.rps)
            m.errors += noop.errors
            for line in wait_for_log(server, len(calls)):
                path = str(line["path"])
                if path.startswith("/v1/"):
                    m.times[path.rsplit("/", 1)[1]].append(float(line["duration_ms"]))  # type: ignore[arg-type]
                    m.errors += line["status"] != 200
    return found


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(variant: str, slices: list[list[Call]], found: dict[str, Measured],
           servers: list[Server]) -> str:
    calls = [c for s in slices for c in s]
    games = len({c.game for c in calls})
    per_game = len(calls) / games
    kinds: dict[str, int] = defaultdict(int)
    for c in calls:
        kinds[c.kind] += 1
    lines = [f"### {variant}: {games} games, {len(calls):,} calls ({per_game:.0f} a game: "
             + ", ".join(f"{k} {n / games:.1f}" for k, n in sorted(kinds.items(),
                                                                  key=lambda kv: -kv[1]))
             + f"), {len(slices)} round{'s' if len(slices) > 1 else ''}",
             "",
             "| server | calls/s | no-op req/s | vs no-op | vs no-op, CPU | games/s a worker "
             "| CPU ms a game | CPU µs a call, a no-op | errors | target |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for server in servers:
        m = found[server.name]
        rate, ratio = statistics.median(m.rates), statistics.median(m.ratios)
        spread = f" ({min(m.ratios):.0%}–{max(m.ratios):.0%})" if len(m.ratios) > 1 else ""
        cpu = statistics.median(m.cpu_ratios)
        lines.append(f"| {server.name} | {rate:,.0f} | {statistics.median(m.noops):,.0f} | "
                     f"{ratio:.0%}{spread} | {cpu:.0%} | {rate / per_game / server.workers:.2f} | "
                     f"{statistics.median(m.cpu_per_call) * per_game * 1000:,.0f} | "
                     f"{statistics.median(m.cpu_per_call) * 1e6:,.0f}, "
                     f"{statistics.median(m.cpu_per_noop) * 1e6:,.0f} | "
                     f"{m.errors} | ≥ {TARGET:.0%}: {'yes' if ratio >= TARGET else 'NO'} |")
    lines += ["", "| call | server | share of time | mean ms | p50 ms | p99 ms |",
              "|---|---|---:|---:|---:|---:|"]
    for kind in sorted(kinds, key=lambda k: -sum(found[servers[0].name].times[k])):
        for server in servers:
            times = found[server.name].times
            total = sum(sum(t) for t in times.values())
            t = times[kind]
            if t:
                lines.append(f"| {kind} | {server.name} | {sum(t) / total:.0%} | "
                             f"{statistics.fmean(t):.2f} | {quantile(t, 0.5):.2f} | "
                             f"{quantile(t, 0.99):.2f} |")
    return "\n".join(lines)


def record_slices(variant: str, rounds: int, games: int) -> list[list[Call]]:
    from service.app import create_app

    client = create_app().test_client()
    caller = record(variant, rounds * games, client)
    slices: list[list[Call]] = [[] for _ in range(rounds)]
    for c in caller.calls:
        slices[c.game // games].append(c)
    return slices


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="CI-sized: 1 round of 2 games")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--games", type=int, default=None, help="games a round (default 30)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default 3)")
    parser.add_argument("--workers", default="1,2", help="worker counts to start")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--noop-seconds", type=float, default=None)
    parser.add_argument("--against", type=Path, help="another source tree, alternated with")
    args = parser.parse_args(argv)
    games = args.games or (2 if args.quick else 30)
    rounds = args.rounds or (1 if args.quick else 3)
    noop_seconds = args.noop_seconds or (1 if args.quick else 2)
    if shutil.which("wrk") is None:
        print("wrk not found: apt-get install wrk", file=sys.stderr)
        return 2
    trees = [("this", ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    variants = args.variants.split(",")
    t0 = time.monotonic()
    streams = {v: record_slices(v, rounds, games) for v in variants}
    print(f"recorded {sum(len(c) for s in streams.values() for c in s):,} calls in "
          f"{time.monotonic() - t0:.0f} s; load average {os.getloadavg()[0]:.1f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="hupai-game-") as tmp:
        workdir = Path(tmp)
        servers: list[Server] = []
        try:
            for tree, path in trees:
                for w in (int(x) for x in args.workers.split(",")):
                    instance = live.start(workdir / f"{tree}-{w}", workers=w,
                                          PYTHONPATH=str(path))
                    servers.append(Server(tree, w, instance))
            out = []
            for variant in variants:
                found = measure(variant, streams[variant], servers, noop_seconds,
                                args.connections, workdir)
                out.append(report(variant, streams[variant], found, servers))
                print(out[-1] + "\n", flush=True)
            memory = [f"{s.name}: ready in {s.instance.ready_seconds:.2f} s, worker PSS "
                      + ", ".join(f"{pss_mb(p):.1f}" for p in s.instance.workers()) + " MB"
                      for s in servers]
        finally:
            for s in servers:
                s.instance.stop()
    print("\n".join(memory))
    print(f"load average at the end {os.getloadavg()[0]:.1f}; wrk -t1 -c{args.connections}, "
          f"no-op GET /livez {noop_seconds:g} s a measurement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
