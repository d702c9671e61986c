"""四川 ``fan`` on winning hands, beside ``mahjong``'s riichi hand calculator, in one run.

Target (issue 4): the engine's ``fan`` median ≤ 50 µs a hand, and ≤ 0.33 × the riichi
calculator's median on the same hands. Run: ``python -m benchmarks.sichuan [--quick]``.

The hands: generated with a fixed seed, closed (no melds, so the riichi calculator reads the
same 14 tiles), one or two suits, standard shapes and seven pairs, no four alike (riichi's
seven pairs must be distinct). The riichi side is ``HandCalculator().estimate_hand_value``
with riichi declared, so that every hand has a yaku and is scored in full. A second set with
declared pongs and kongs is timed on our side only.

Both sides memoise (our per-part analysis; mahjong's hand division), so each is also timed
with its caches emptied before every call ("cold").

Timed per hand (mean of a batch of calls), then the median and 90th percentile over hands:
``fan (op)`` — ``VARIANT.fan(request)``, what the service calls: options, validation,
scoring, payments; ``evaluate`` — the scoring alone; ``win (op)`` and ``check`` — the fast
win check; ``waits (op)`` on the hand less its win tile.

Old tree against new (``--old PATH [--new .] [--rounds 5]``): our rows of the table (not the
riichi side's) timed in a fresh process per tree and round, the trees alternating (old, new,
old, new…), each row's median over hands, then its median over rounds per tree and their
ratio new / old (below 1: new is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig

from engine import tiles as T
from engine.hand import Request
from engine.variants.sichuan.reader import analyse, suit_info
from engine.variants.sichuan.scoring import evaluate, prefs_for
from engine.variants.sichuan.variant import VARIANT as V

SEED = 4_2024


def winning_hands(count: int, *, melds: bool, rng: random.Random) -> list[dict[str, Any]]:
    """Request bodies of winning 四川 hands (checked with the engine's own win check)."""
    bodies: list[dict[str, Any]] = []
    while len(bodies) < count:
        suits = rng.sample([0, 1, 2], rng.choice([1, 2, 2]))
        kinds = [s * 9 + r for s in suits for r in range(9)]
        declared: list[tuple[str, int]] = []
        concealed: list[int] = []
        if rng.random() < 0.2:
            concealed = [k for k in rng.sample(kinds, 7) for _ in range(2)]
        else:
            n_melds = rng.choice([1, 2, 3, 4]) if melds else 0
            for i in range(4):
                k = rng.choice(kinds)
                if i < n_melds:
                    declared.append((rng.choice(["pong", "pong", "kong"]), k))
                elif k % 9 < 7 and rng.random() < 0.6:
                    concealed += [k, k + 1, k + 2]
                else:
                    concealed += [k] * 3
            concealed += [rng.choice(kinds)] * 2
        held = Counter(concealed)
        for kind, k in declared:
            held[k] += 4 if kind == "kong" else 3
        if max(held.values()) > (4 if melds else 3):
            continue
        rng.shuffle(concealed)
        win = concealed.pop()
        body: dict[str, Any] = {"hand": T.compact(concealed), "win_tile": T.code(win)}
        if declared:
            body["melds"] = [{"type": kind, "tiles": T.code(k) * (4 if kind == "kong" else 3)}
                             for kind, k in declared]
        if V.win(V.request(body)).win:
            bodies.append(body)
    return bodies


def riichi_timer(body: dict[str, Any]) -> Callable[[], object]:
    """The riichi calculator on the same 14 tiles (136-ids: each copy its own id)."""
    seen: Counter[int] = Counter()
    ids = []
    win_kind = T.from_code(body["win_tile"])
    for kind in sorted([*T.parse(body["hand"]), win_kind]):
        ids.append(kind * 4 + seen[kind])
        seen[kind] += 1
    win_id = max(i for i in ids if i // 4 == win_kind)
    calculator, config = HandCalculator(), HandConfig(is_riichi=True)
    result = calculator.estimate_hand_value(ids, win_id, config=config)
    assert result.error is None, (body, result.error)
    return lambda: calculator.estimate_hand_value(ids, win_id, config=config)


def per_call_us(fn: Callable[[], object], calls: int) -> float:
    fn()
    start = time.perf_counter_ns()
    for _ in range(calls):
        fn()
    return (time.perf_counter_ns() - start) / calls / 1000


def cold_us(fn: Callable[[], object], clear: Callable[[], None], calls: int) -> float:
    """Mean µs of ``fn`` with the caches emptied before each call (the clearing untimed)."""
    total = 0
    for _ in range(calls):
        clear()
        start = time.perf_counter_ns()
        fn()
        total += time.perf_counter_ns() - start
    return total / calls / 1000


def clear_ours() -> None:
    analyse.cache_clear()
    suit_info.cache_clear()


def clear_theirs() -> None:
    HandDivider._divide_hand_impl.cache_clear()


def our_timers(body: dict[str, Any]) -> dict[str, Callable[[], object]]:
    req = V.request(body)
    hand, ctx = req.hand, req.context
    options = V.options(req)
    prefs = prefs_for(options)
    waits_req = Request(type(hand)(hand.concealed, hand.melds, None), ctx, req.options)
    return {
        "fan (op)": lambda: V.fan(req),
        "evaluate": lambda: evaluate(hand, ctx, prefs),
        "win (op)": lambda: V.win(req),
        "check": lambda: V.check(hand, ctx, options),
        "waits (op)": lambda: V.waits(waits_req),
    }


def summary(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.9)]


_ROWS = """
import json, random, statistics, sys
from benchmarks import sichuan as B
n_hands, calls = (60, 20) if sys.argv[1] == "quick" else (400, 50)
rng = random.Random(B.SEED)
closed = B.winning_hands(n_hands, melds=False, rng=rng)
with_melds = B.winning_hands(n_hands, melds=True, rng=rng)
times = {}
for body in closed:
    for name, fn in B.our_timers(body).items():
        times.setdefault(name, []).append(B.per_call_us(fn, calls))
    times.setdefault("fan (op), cold caches", []).append(B.cold_us(
        B.our_timers(body)["fan (op)"], B.clear_ours, max(5, calls // 5)))
    times.setdefault("fan (op), new part, warm suits", []).append(B.cold_us(
        B.our_timers(body)["fan (op)"], B.analyse.cache_clear, max(5, calls // 5)))
for body in with_melds:
    times.setdefault("fan (op), with melds", []).append(
        B.per_call_us(B.our_timers(body)["fan (op)"], calls))
print(json.dumps({name: statistics.median(t) for name, t in times.items()}))
"""
"""Our rows of the table, from the helpers above (which the tree compared with has too)."""


def table(tree: str, quick: bool) -> dict[str, float]:
    """Each of our rows' median in ``tree``, run in a fresh process."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(tree)}
    out = subprocess.run([sys.executable, "-c", _ROWS, "quick" if quick else "full"],
                         env=env, cwd=tree, capture_output=True, text=True, check=True)
    rows: dict[str, float] = json.loads(out.stdout)
    return rows


def compare(old: str, new: str, rounds: int, quick: bool) -> int:
    """The rows of ``old`` and ``new`` trees, alternating, each median over ``rounds``."""
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for _ in range(rounds):
        runs["old"].append(table(old, quick))
        runs["new"].append(table(new, quick))
    print(f"{rounds} rounds a tree, alternating; old {old}, new {new}; median µs a call")
    print(f"{'timed':32} {'old':>8} {'new':>8} {'new/old':>8}")
    for name in runs["old"][0]:
        a = statistics.median(r[name] for r in runs["old"])
        b = statistics.median(r[name] for r in runs["new"])
        print(f"{name:32} {a:8.2f} {b:8.2f} {b / a:8.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and calls")
    parser.add_argument("--old", help="a tree to compare with, alternating (see above)")
    parser.add_argument("--new", default=".", help="the tree compared with --old")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    if args.old:
        return compare(args.old, args.new, args.rounds, args.quick)
    n_hands, calls = (60, 20) if args.quick else (400, 50)
    rng = random.Random(SEED)
    closed = winning_hands(n_hands, melds=False, rng=rng)
    with_melds = winning_hands(n_hands, melds=True, rng=rng)

    times: dict[str, list[float]] = {}
    for body in closed:  # ours and theirs interleaved hand by hand: same noise for both
        for name, fn in our_timers(body).items():
            times.setdefault(name, []).append(per_call_us(fn, calls))
        riichi = riichi_timer(body)
        times.setdefault("riichi HandCalculator", []).append(
            per_call_us(riichi, max(5, calls // 5)))
        times.setdefault("fan (op), cold caches", []).append(
            cold_us(our_timers(body)["fan (op)"], clear_ours, max(5, calls // 5)))
        times.setdefault("fan (op), new part, warm suits", []).append(
            cold_us(our_timers(body)["fan (op)"], analyse.cache_clear, max(5, calls // 5)))
        times.setdefault("riichi, cold cache", []).append(
            cold_us(riichi, clear_theirs, max(5, calls // 5)))
    for body in with_melds:
        times.setdefault("fan (op), with melds", []).append(
            per_call_us(our_timers(body)["fan (op)"], calls))

    print(f"{len(closed)} closed winning hands (+ {len(with_melds)} with melds), {calls} calls "
          "a hand; µs a call")
    print(f"{'timed':28} {'median':>8} {'p90':>8}")
    for name, samples in times.items():
        median, p90 = summary(samples)
        print(f"{name:28} {median:8.1f} {p90:8.1f}")
    for label, ours_name, theirs_name in (("warm", "fan (op)", "riichi HandCalculator"),
                                          ("cold", "fan (op), cold caches",
                                           "riichi, cold cache")):
        ours, _ = summary(times[ours_name])
        theirs, _ = summary(times[theirs_name])
        ratio = ours / theirs
        print(f"{label}: fan median {ours:.1f} µs (target ≤ 50): "
              f"{'ok' if ours <= 50 else 'OVER'}; ratio to riichi {ratio:.2f} "
              f"(target ≤ 0.33): {'ok' if ratio <= 0.33 else 'OVER'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
