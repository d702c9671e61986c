"""HTTP load benchmark: one gunicorn worker on loopback, driven by wrk. Run by hand, not in CI.

    python -m benchmarks.http            # 2 s a measurement, 5 rounds (about 2.5 minutes)
    python -m benchmarks.http --quick    # 1 s a measurement

What it does, in one run:

1. Time to ready: starts ``hupai serve`` (the production command, 2 workers) a few times and
   times each start until ``/readyz`` answers 200.
2. Starts one worker of the same stack (the packaged gunicorn configuration) on the bench app
   ``benchmarks.http_app:app`` — the production app plus ``POST /v1/{variant}/noop``, which
   validates the same envelope as ``win`` and answers without calling the engine.
3. For ``noop``, ``win``, ``fan``, ``waits``, ``discards``, ``batch`` (256 ``win`` items of
   one hand) and ``batch-mixed`` (256 different hands, about half of them wins; the same
   batch each request, so the per-suit memo is warm as on a long-running server) and
   ``batch-claims`` (one discard offered to the three other players: three ``claims`` items,
   ``detail: "full"``, what a game server asks on every discard), in rounds:
   throughput (wrk, 4 connections, best of the rounds), each endpoint measured right after
   a no-op measurement so that its ratio to the no-op compares two rates taken side by side
   (the shared machine's speed drifts by a fifth within a minute; the ratio shown is the
   median of the rounds' paired ratios), and
   latency at one connection (wrk ``--latency``; wrk is closed-loop: one request at a time, the
   next sent when the answer arrives, so its percentiles understate queueing delay of an
   open-loop load at the same rate).
4. Memory of the worker as PSS (``/proc/PID/smaps_rollup``) after the load.

Prints the table with the issue's targets. Needs ``wrk`` (``apt-get install wrk``).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if not __package__:  # run as a file: its own folder must not shadow the stdlib's `http`
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.tiles import code, compact  # noqa: E402
from tests.deploy import live  # noqa: E402  (the same start/wait helpers the tests use)

HAND13 = "123m456m789m55p23p"
"""13 tiles: 123m 456m 789m 55p 23p — tenpai on 1p/4p in every variant (two suits, 258 pair)."""


def mixed_hands(count: int, seed: int = 8) -> list[dict[str, str]]:
    """``count`` different ``win`` bodies, each of two suits (so 缺一门 holds): four groups
    and a pair, one tile in two swapped for another of the same suits — about half win."""
    rng = random.Random(seed)
    found: dict[tuple[str, str], None] = {}
    while len(found) < count:
        suits = rng.sample(range(3), 2)
        kinds = [s * 9 + r for s in suits for r in range(9)]
        tiles = []
        for _ in range(4):
            k = rng.choice(kinds)
            tiles += [k, k + 1, k + 2] if k % 9 < 7 and rng.random() < 0.6 else [k] * 3
        pair = rng.choice(kinds)
        tiles += [pair, pair]
        if rng.random() < 0.5:
            tiles[rng.randrange(14)] = rng.choice(kinds)
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        rng.shuffle(tiles)
        win = tiles.pop()
        found[compact(tiles), code(win)] = None
    return [{"hand": hand, "win_tile": win} for hand, win in found]


def bodies(variant: str) -> dict[str, tuple[str, dict[str, Any]]]:
    win = {"hand": HAND13, "win_tile": "4p"}
    return {
        "noop": (f"/v1/{variant}/noop", win),
        "win": (f"/v1/{variant}/win", win),
        "fan": (f"/v1/{variant}/fan", {**win, "context": {"win_type": "discard"}}),
        "waits": (f"/v1/{variant}/waits", {"hand": HAND13}),
        "discards": (f"/v1/{variant}/discards", {"hand": HAND13 + "9p"}),
        "batch": (
            "/v1/batch",
            {"requests": [{"variant": variant, "op": "win", "body": win} for _ in range(256)]},
        ),
        "batch-mixed": (
            "/v1/batch",
            {"requests": [{"variant": variant, "op": "win", "body": body}
                          for body in mixed_hands(256)]},
        ),
        "batch-claims": (
            "/v1/batch",
            {"requests": [{"variant": variant, "op": "claims", "body": body}
                          for body in claims_bodies(variant)]},
        ),
    }


CLAIMS_HANDS = (("23344m123m55p789p", "discard_left"), (HAND13, "discard_opposite"),
                ("111m234m678p99p56p", "discard_right"))
"""One discard, 4m or 1m, as the three other players see it: a pong and chows on offer, a
hand that cannot use it (pass only), and a kong, a pong and a win check (all two suits, so
四川's missing suit is s)."""


def claims_bodies(variant: str) -> list[dict[str, Any]]:
    bodies = []
    for hand, source in CLAIMS_HANDS:
        context: dict[str, Any] = {"source": source}
        if variant == "sichuan":
            context["missing_suit"] = "s"
        bodies.append({"hand": hand, "tile": "1m" if hand.startswith("111m") else "4m",
                       "context": context})
    return bodies


@dataclass
class WrkResult:
    rps: float
    p50_ms: float
    p99_ms: float
    requests: int
    errors: int


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}


def _ms(text: str) -> float:
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", text)
    if not match:
        raise ValueError(f"cannot read wrk duration {text!r}")
    return float(match.group(1)) * _UNITS[match.group(2)]


def percentiles(out: str) -> dict[str, float]:
    """wrk's ``Latency Distribution`` lines as ``{"50": ms, ...}``; ``{}`` when it printed none.

    wrk pads a duration to a fixed width, so a unit of one letter (``1.02s``, ``2.00m``) ends
    in a space; a run that completed no request prints no distribution at all. Neither may
    fail the whole benchmark after minutes of load: a missing percentile is ``nan`` below.
    """
    found = re.findall(r"^\s*(\d+)(?:\.\d+)?%\s+([\d.]+(?:us|ms|s|m|h))\s*$", out, re.M)
    return {percent: _ms(duration) for percent, duration in found}


def wrk(
    url: str, body: dict[str, Any], connections: int, seconds: float, workdir: Path,
    method: str = "POST",
) -> WrkResult:
    """``body`` POSTed (or, with ``method="GET"``, a plain GET) for ``seconds``."""
    script = workdir / "post.lua"
    payload = json.dumps(body, separators=(",", ":"))
    script.write_text(
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "application/json"\n'
        f"wrk.body = [==[{payload}]==]\n" if method == "POST" else 'wrk.method = "GET"\n'
    )
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency",
         "-s", str(script), url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    pct = percentiles(out)
    requests = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    errors = (int(bad.group(1)) if bad else 0) + (sum(int(g) for g in sock.groups()) if sock else 0)
    nan = float("nan")
    return WrkResult(rps, pct.get("50", nan), pct.get("99", nan), requests, errors)


def pss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no Pss line")


def time_to_ready(runs: int, workdir: Path) -> list[float]:
    times = []
    for i in range(runs):
        instance = live.start(workdir / f"ready-{i}", workers=2)
        times.append(instance.ready_seconds)
        instance.stop()
    return times


def start_bench_worker(workdir: Path) -> live.Instance:
    """One worker of the packaged configuration on the bench app (no-op routes added)."""
    env = live.image_env(HUPAI_BIND="127.0.0.1:0", WEB_CONCURRENCY="1", PYTHONPATH=str(ROOT))
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        "python:service.gunicorn_conf",
        "benchmarks.http_app:app",
    ]
    logs = workdir / "bench"
    logs.mkdir()
    t0 = time.monotonic()
    with open(logs / "stdout.log", "wb") as out, open(logs / "stderr.log", "wb") as err:
        proc = subprocess.Popen(
            command, env=env, cwd=ROOT, stdout=out, stderr=err, start_new_session=True
        )
    instance = live.Instance(proc, logs, started=t0)
    ok = live.wait_until(
        lambda: bool(re.search(r"Listening at: http://[\d.]+:(\d+)", instance.stderr())), timeout=60
    )
    if not ok:
        instance.stop()
        raise RuntimeError(instance.stderr())
    port = re.search(r"Listening at: http://[\d.]+:(\d+)", instance.stderr())
    instance.port = int(port.group(1))  # type: ignore[union-attr]

    def ready() -> bool:
        try:
            return instance.request("GET", "/readyz", timeout=2).status == 200
        except OSError:
            return False

    if not live.wait_until(ready, timeout=60) or not live.wait_until(
        lambda: len(instance.workers()) == 1, timeout=30
    ):
        instance.stop()
        raise RuntimeError(instance.stderr())
    return instance


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="1 s per measurement (default 2 s)")
    parser.add_argument("--seconds", type=float, default=None, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="throughput rounds")
    parser.add_argument("--variant", default=None, help="variant to load (default: first)")
    args = parser.parse_args(argv)
    seconds = args.seconds or (1.0 if args.quick else 2.0)
    if shutil.which("wrk") is None:
        print("wrk not found: apt-get install wrk", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="hupai-bench-") as tmp:
        workdir = Path(tmp)
        ready = time_to_ready(3, workdir)
        instance = start_bench_worker(workdir)
        try:
            variants = [v["id"] for v in instance.request("GET", "/v1/variants").json()["variants"]]
            variant = args.variant or ("sichuan" if "sichuan" in variants else variants[0])
            cases = bodies(variant)
            for name, (path, body) in cases.items():  # every body must be answered 200
                answer = instance.post(path, body)
                if answer.status != 200:
                    raise RuntimeError(f"{name}: {answer.status} {answer.body[:300]!r}")
            best: dict[str, WrkResult] = {}
            rates: dict[str, list[float]] = {name: [] for name in cases}
            ratios: dict[str, list[float]] = {name: [] for name in cases}
            noop_path, noop_body = cases["noop"]
            errors = 0
            for _ in range(args.rounds):
                for name, (path, body) in cases.items():
                    if name == "noop":
                        continue
                    pair = {"noop": wrk(instance.url + noop_path, noop_body, 4, seconds, workdir),
                            name: wrk(instance.url + path, body, 4, seconds, workdir)}
                    ratios[name].append(pair[name].rps / pair["noop"].rps)
                    for measured, result in pair.items():
                        rates[measured].append(result.rps)
                        errors += result.errors
                        if measured not in best or result.rps > best[measured].rps:
                            best[measured] = result
            one_conn = {
                name: wrk(instance.url + path, body, 1, seconds, workdir)
                for name, (path, body) in cases.items()
            }
            (worker,) = instance.workers()
            worker_pss, master_pss = pss_mb(worker), pss_mb(instance.pid)
        finally:
            instance.stop()

    print(report(variant, best, rates, ratios, one_conn, worker_pss, master_pss, ready, seconds))
    errors += sum(r.errors for r in one_conn.values())
    if errors:
        print(f"\nWARNING: {errors} non-2xx responses or socket errors during the load")
    return 0


def report(
    variant: str,
    best: dict[str, WrkResult],
    rates: dict[str, list[float]],
    ratios: dict[str, list[float]],
    one_conn: dict[str, WrkResult],
    worker_pss: float,
    master_pss: float,
    ready: list[float],
    seconds: float,
) -> str:
    targets = {"win": 0.85, "fan": 0.75}
    rounds = len(ratios["win"])
    lines = [
        f"Hupai HTTP benchmark: variant {variant}, 1 sync worker, loopback, wrk -t1 "
        f"({seconds:g} s a measurement, {rounds} rounds; throughput at 4 connections, best of "
        "rounds; vs no-op: median of the rounds' ratios to a no-op measured just before; "
        "latency at 1 connection — wrk is closed-loop)",
        "",
        "| endpoint | req/s | vs no-op | p50 ms (1 conn) | p99 ms (1 conn) | target | met |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for name, result in best.items():
        ratio = statistics.median(ratios[name]) if ratios[name] else 1.0
        target, met = "", ""
        if name in targets:
            target = f"≥ {targets[name]:.0%} of no-op"
            met = "yes" if ratio >= targets[name] else "NO"
        if name == "batch-claims":
            target = f"(no target: {result.rps * len(CLAIMS_HANDS):,.0f} claims items/s)"
        elif name.startswith("batch"):
            hands = result.rps * 256
            typical = statistics.median(rates[name]) * 256
            target = f"≥ 20,000 hands/s ({hands:,.0f}; median of rounds {typical:,.0f})"
            met = "yes" if hands >= 20000 else "NO"
        if name == "win":
            p99 = one_conn[name].p99_ms
            target += f"; p99 ≤ 3 ms ({p99:.2f})"
            met = "yes" if met == "yes" and p99 <= 3.0 else "NO"
        lines.append(
            f"| {name} | {result.rps:,.0f} | {ratio:.0%} | {one_conn[name].p50_ms:.2f} "
            f"| {one_conn[name].p99_ms:.2f} | {target} | {met} |"
        )
    lines += [
        "",
        f"memory: worker PSS {worker_pss:.1f} MB (target ≤ 60 MB: "
        f"{'yes' if worker_pss <= 60 else 'NO'}); master PSS {master_pss:.1f} MB",
        f"time to ready (hupai serve, 2 workers, {len(ready)} starts): median "
        f"{statistics.median(ready):.2f} s, max {max(ready):.2f} s (target ≤ 3 s: "
        f"{'yes' if max(ready) <= 3 else 'NO'})",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
