"""The shape search against its peers, on the same fixed-seed hands in one process.

``python -m benchmarks.engine [--quick]`` prints median µs per call (and the worst hand) for:
the 14-tile win check (vs ``mahjong`` ``Agari.is_agari``), the same with k = 1…8 wildcards
(vs our own k = 0), the waits of a 13-tile hand (vs ``xiangting`` necessary tiles and vs 34
calls of ``is_agari``), shanten (vs ``xiangting`` and ``mahjong`` ``calculate_shanten``),
shanten after each draw, readings, and a shape-level discard advice (every discard: its
waits and its shanten after each draw); the win check, waits, shanten and readings of the
10- and 7-tile rooms (RULES.md §0.9.2, with 五对 / 四对); then the worst case of each
operation over a generated worst-case set (8 wildcards, 七对 with quads, 十三烂 with
wildcards, fifth-copy probes), import time and table size. Both sides take 34-count lists. Timing:
``time.perf_counter_ns`` around a loop of repeats per hand; the median over hands.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path

import xiangting
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from engine import tiles as T
from engine.shapes import (
    ShapeRules,
    completing_kinds,
    is_complete,
    readings,
    shanten,
    shanten_after_draws,
)
from engine.shapes.build import DATA, FILES
from tests import hands as H

K136 = T.TILE_SETS["136"]
RULES = ShapeRules(kinds=K136, seven_pairs=True, thirteen_orphans=True)
"""The shapes both sides check: standard, seven pairs, thirteen orphans."""
NANCHANG = ShapeRules(kinds=K136, seven_pairs=True, shi_san_lan=True, honor_chows=True)
ROOMS = {n: ShapeRules(kinds=K136, seven_pairs=True, hand_size=n) for n in (10, 7)}
"""Rooms of 10 and 7 tiles (RULES.md §0.9.2): the standard shape and 五对 / 四对."""
FOUR = xiangting.PlayerCount.FOUR
Hand = tuple[list[int], int]


def per_call(fn: Callable[[], object], repeat: int) -> float:
    """µs per call of ``fn``: the best of three loops of ``repeat`` calls."""
    best = None
    for _ in range(3):
        start = time.perf_counter_ns()
        for _ in range(repeat):
            fn()
        took = time.perf_counter_ns() - start
        best = took if best is None else min(best, took)
    assert best is not None
    return best / repeat / 1000


def timed(fn: Callable[[list[int], int], object], hands: Sequence[Hand], repeat: int
          ) -> tuple[float, float]:
    """(median, worst) µs per call over the hands."""
    times = [per_call(lambda c=c, w=w: fn(c, w), repeat) for c, w in hands]
    return statistics.median(times), max(times)


def paired(ours: Callable[[list[int], int], object], peer: Callable[[list[int], int], object],
           hands: Sequence[Hand], repeat: int, peer_repeat: int | None = None
           ) -> tuple[tuple[float, float], tuple[float, float]]:
    """Both sides timed hand by hand, alternately, so that a busy machine slows both alike:
    ((our median, our worst), (peer median, peer worst))."""
    a, b = [], []
    for c, w in hands:
        a.append(per_call(lambda c=c, w=w: ours(c, w), repeat))
        b.append(per_call(lambda c=c, w=w: peer(c, w), peer_repeat or repeat))
    return (statistics.median(a), max(a)), (statistics.median(b), max(b))


def generate(count: int, size: int, wilds: int, seed: int, family: H.Family | None = None
             ) -> list[Hand]:
    """Hands of exactly ``wilds`` wildcards (0–8), ``size`` tiles, no count above 4."""
    fam = family or H.Family("standard", K136, max_wilds=8)
    out: list[Hand] = []
    for h in H.hands(fam, count * 40, seed=seed, sizes=(size,)):
        if h.wilds == wilds:
            out.append((list(h.counts), h.wilds))
            if len(out) == count:
                break
    return out


def room_hands(count: int, size: int, seed: int) -> list[Hand]:
    """Hands of a smaller room without wildcards: standard shapes and, one in four, the
    pairs shape of the room (``size`` − 1 or ``size`` tiles)."""
    room = (size - 1) // 3 * 3 + 1
    out = [(list(h.counts), 0) for h in H.hands(
        H.Family("standard", K136, max_wilds=0), count - count // 4, seed=seed, sizes=(size,))]
    out += [(list(h.counts), 0) for h in H.hands(
        H.Family("pairs", K136, special="seven_pairs", max_wilds=0, hand_size=room),
        count // 4, seed=seed + 1, sizes=(size,))]
    return out


def thirty_four_agari(agari: Agari) -> Callable[[list[int], int], object]:
    def waits(counts: list[int], _: int) -> list[int]:
        out = []
        for t in range(34):
            counts[t] += 1
            if agari.is_agari(counts):
                out.append(t)
            counts[t] -= 1
        return out
    return waits


def discard_advice(rules: ShapeRules) -> Callable[[list[int], int], object]:
    """What a variant's discard advice needs from the shapes: per distinct discard its waits
    and its shanten after each draw."""
    def advise(counts: list[int], wilds: int) -> list[object]:
        out: list[object] = []
        for t in range(34):
            if counts[t]:
                counts[t] -= 1
                out.append((completing_kinds(counts, wilds, rules, ()),
                            shanten_after_draws(counts, wilds, rules, ())))
                counts[t] += 1
        return out
    return advise


def worst_case_set(quick: bool) -> dict[str, list[Hand]]:
    """Inputs that push each operation: many wildcards, quads, 十三烂 with wildcards, counts
    of four (fifth-copy probes)."""
    n = 10 if quick else 40
    eight = generate(n, 14, 8, seed=11) + generate(n, 13, 8, seed=12)
    quads = [(list(h.counts), h.wilds) for h in H.hands(
        H.Family("seven-pairs", K136, special="seven_pairs"), n, seed=13, sizes=(14, 13))]
    lan = [(list(h.counts), h.wilds) for h in H.hands(
        H.Family("shi-san-lan", K136, special="shi_san_lan"), n, seed=14, sizes=(14, 13))]
    fours = []
    for text in ("1111m2222p3333s44z", "1111m123p456p789p", "1111999m11119999p",
                 "11112222333344m", "1112223334445m", "1111m22223333p44s"):
        tiles = T.parse(text)
        fours.append((T.counts(tiles[:14 if len(tiles) % 3 == 2 else 13]), 0))
    return {"8 wildcards": eight, "七对 with quads": quads, "十三烂 ± wildcards": lan,
            "fours (5th-copy probes)": fours}


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = len(__import__("os").sched_getaffinity(0))
    return f"{cpu}, {cores} cores, Python {platform.python_version()}, {platform.system()}"


def commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "engine"], capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "uncommitted"
    return f"{head} + uncommitted changes in engine/" if dirty else head


def import_time() -> float:
    code = ("import time; t = time.perf_counter(); import engine.shapes; "
            "print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return float(out)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands (CI)")
    args = parser.parse_args(argv)
    n, rep = (40, 20) if args.quick else (200, 50)
    agari, calc = Agari(), Shanten()

    win0 = generate(n, 14, 0, seed=1)
    tiles13 = generate(n, 13, 0, seed=2)
    rows: list[tuple[str, float, float, str]] = []

    def row(label: str, ours: tuple[float, float], peer: tuple[float, float] | None = None,
            peer_name: str = "", target: str = "") -> float:
        note = ""
        if peer is not None:
            note = f"ratio {ours[0] / peer[0]:.2f} vs {peer_name} ({peer[0]:.1f} µs) {target}"
        rows.append((label, ours[0], ours[1], note))
        return ours[0]

    row("win check, 14 tiles", *paired(
        lambda c, w: is_complete(c, w, RULES), lambda c, _: agari.is_agari(c), win0, rep),
        "is_agari", "(< 1.0)")
    for k in range(1, 9):
        # each hand with k wildcards timed next to a hand without (alternately: a busy
        # machine slows both alike); the ratio is of the two medians
        hands = generate(n, 14, k, seed=100 + k)
        with_k, without = [], []
        for (c, w), (c0, _) in zip(hands, win0, strict=False):
            with_k.append(per_call(lambda c=c, w=w: is_complete(c, w, RULES), rep))
            without.append(per_call(lambda c0=c0: is_complete(c0, 0, RULES), rep))
        med = statistics.median(with_k)
        rows.append((f"  … with {k} wildcard{'s' if k > 1 else ''}", med, max(with_k),
                     f"{med / statistics.median(without):.2f} × our k = 0 (≤ 1.5)"))
    def waits(c: list[int], w: int) -> object:
        return completing_kinds(c, w, RULES, ())

    row("waits, 13 tiles", *paired(
        waits, lambda c, _: xiangting.calculate_necessary_tiles(c, FOUR), tiles13, rep),
        "xiangting necessary tiles", "(≤ 8)")
    row("waits, 13 tiles", *paired(waits, thirty_four_agari(agari), tiles13, rep,
                                   max(1, rep // 10)), "34 × is_agari", "(≤ 0.25)")
    def ours_shanten(c: list[int], w: int) -> object:
        return shanten(c, w, RULES)

    row("shanten, 13 tiles", *paired(
        ours_shanten, lambda c, _: xiangting.calculate_replacement_number(c, FOUR), tiles13,
        rep), "xiangting", "(≤ 8)")
    row("shanten, 13 tiles", *paired(
        ours_shanten, lambda c, _: calc.calculate_shanten(c), tiles13, rep, max(1, rep // 5)),
        "mahjong calculate_shanten", "(≤ 0.5)")
    row("shanten after each draw", timed(
        lambda c, w: shanten_after_draws(c, w, RULES, ()), tiles13, rep))
    complete = [(c, w) for c, w in win0 + generate(n, 14, 3, seed=3) if is_complete(c, w, RULES)]
    row("readings of a complete hand", timed(
        lambda c, w: list(readings(c, w, RULES)), complete, rep))
    row("discard advice (shapes), 14 tiles", timed(discard_advice(RULES), win0, max(1, rep // 10)))
    for size in (10, 7):  # the rooms of RULES.md §0.9.2: 3 or 2 groups and a pair, 五对 / 四对
        room = ROOMS[size]
        wins = room_hands(n, size + 1, seed=20 + size)
        waiting = room_hands(n, size, seed=30 + size)
        row(f"win check, {size + 1} tiles ({size}-tile room)",
            timed(lambda c, w, room=room: is_complete(c, w, room), wins, rep))
        row(f"waits, {size} tiles", timed(
            lambda c, w, room=room: completing_kinds(c, w, room, ()), waiting, rep))
        row(f"shanten, {size} tiles", timed(
            lambda c, w, room=room: shanten(c, w, room), waiting, rep))
        row(f"shanten after each draw, {size} tiles", timed(
            lambda c, w, room=room: shanten_after_draws(c, w, room, ()), waiting, rep))
        done = [(c, w) for c, w in wins if is_complete(c, w, room)]
        row(f"readings of a complete {size + 1}-tile hand", timed(
            lambda c, w, room=room: list(readings(c, w, room)), done, rep))
    row("discard advice, 南昌 shapes, 2 wildcards", timed(
        discard_advice(NANCHANG), generate(n, 14, 2, seed=4), max(1, rep // 10)))

    worst: list[tuple[str, str, float]] = []
    operations: dict[str, tuple[Callable[[list[int], int], object], int]] = {
        "win check": (lambda c, w: is_complete(c, w, NANCHANG), 14),
        "readings": (lambda c, w: list(readings(c, w, NANCHANG)), 14),
        "waits": (lambda c, w: completing_kinds(c, w, NANCHANG, ()), 13),
        "shanten": (lambda c, w: shanten(c, w, NANCHANG), 13),
        "shanten after draws": (lambda c, w: shanten_after_draws(c, w, NANCHANG, ()), 13),
        "discard advice": (discard_advice(NANCHANG), 14),
    }
    cases = worst_case_set(args.quick)
    for op, (fn, size) in operations.items():
        slowest, where = 0.0, ""
        for name, hands in cases.items():
            fit = [h for h in hands if sum(h[0]) + h[1] == size]
            if fit:
                _, top = timed(fn, fit, 1)
                if top > slowest:
                    slowest, where = top, name
        worst.append((op, where, slowest))

    print(f"machine: {machine()}")
    print(f"commit: {commit()}; mahjong {metadata.version('mahjong')}, "
          f"xiangting {metadata.version('xiangting')}; {len(win0)} hands a row, fixed seeds")
    print(f"\n{'operation':42} {'median µs':>10} {'worst µs':>10}  comparison")
    for label, med, top, note in rows:
        print(f"{label:42} {med:10.1f} {top:10.1f}  {note}")
    print(f"\n{'worst case (南昌 shapes)':42} {'µs':>10}  {'input family'}")
    for op, where, top in worst:
        print(f"{op:42} {top:10.1f}  {where}")
    size = sum((DATA / f).stat().st_size for f in FILES)
    print(f"\nimport engine.shapes (tables ready): {import_time() * 1000:.0f} ms; "
          f"tables {size / 1e6:.1f} MB ({', '.join(FILES)})")


if __name__ == "__main__":
    main()
