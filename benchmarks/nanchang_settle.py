"""南昌 ``settle`` (settle-nanchang.md §3.9): the engine's time for typical hands and for the
costliest record the bounds allow, on fresh records.

Targets (issue 27): a typical hand ≤ 2 ms, the costliest valid record ≤ 20 ms. Run:
``python -m benchmarks.nanchang_settle [--quick] [--wall]``.

Timed: ``VARIANT.settle(VARIANT.request(body))``, what the service calls (the four validation
stages, the replay, every pair). "Typical": hands played from a shuffled wall by the test
generator (`tests.engine.variants.nanchang.settle.generate`), each record timed once — a live
server never sees the same hand twice. "Costliest": 12 kongs (four by each of three seats),
抄庄 and a self-draw whose 13 concealed tiles hold six 精 (the ``fan`` evaluation with the
most readings), under ``kong_scoring: "end_of_won_hand"`` with both opening pairs and five
下精 — eight pair settlements; each round's copy differs (its 下精 and dealt hands shift) so
no per-hand memo carries over. CPU time (the machine is shared); ``--wall`` for wall time.
"""

from __future__ import annotations

import random
import statistics
from typing import Any

from benchmarks.clock import arguments
from engine import tiles as T
from engine.variants.nanchang import VARIANT
from tests.engine.variants.nanchang.settle.generate import play, random_options

KONGS = {0: ("1m", "2m", "3m", "4m"), 2: ("7m", "8m", "9m", "1p"), 3: ("2p", "3p", "4p", "5p")}
OPTIONS = {"kong_scoring": "end_of_won_hand", "xia_jing_pairs": 5, "hui_tou_yi_xiao": True,
           "shang_xia_fan_jing": True}
DEALT = ["1m2m3m4m5m6m7m8m9m1p2p3p4p5p", "6p7p8p9p1s2s3s4s5s6s7s8s9s",
         "1z2z3z4z5z6z7z1m2m3m4m5m6m", "7m8m9m1p2p3p4p5p6p7p8p9p1s"]


def costliest(turn: int) -> dict[str, Any]:
    """The costliest record, its turned tiles shifted by ``turn`` (a fresh record a round)."""
    events: list[dict[str, Any]] = [{"type": "chao_zhuang"}]
    hands: list[dict[str, Any]] = []
    for seat in range(4):
        if seat not in KONGS:  # the winner
            hands.append({"discards": ""})
            continue
        for tile in KONGS[seat]:
            events.append({"type": "kong", "seat": seat,
                           "kong": {"type": "concealed", "tile": tile}})
        hands.append({"hand": f"{seat + 1}z", "discards": "",
                      "melds": [{"type": "kong", "tiles": t * 4, "concealed": True}
                                for t in KONGS[seat]]})
    events.append({"type": "win", "win_tile": "4s", "context": {"win_type": "self_draw"},
                   "winners": [{"seat": 1, "hand": "555m666m6p7p8p1s2s3s"
                                                   + ("4s", "5s", "6s", "7s")[turn % 4]}]})
    xia = ["7s", "8s", "9s", "5z", "6z", "7z"]
    return {"record": {"dealer": 0, "shang_jing": "5m",
                       "opening": {"hands": DEALT, "hui_tou": ("1s", "2s", "3s")[turn % 3],
                                   "xia_jing": "9p"},
                       "events": events,
                       "end": {"hands": hands, "xia_jing": xia[turn % 2:turn % 2 + 5]}},
            "options": OPTIONS}


def fresh_bodies(seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` bodies of played hands (`play`, options at random), each new: a won hand
    (one winner, the end, its pairs), a 荒庄 (no winner) or, one in four, its prefix in play
    (no end)."""
    rng = random.Random(seed)
    bodies = []
    for _ in range(count):
        options = random_options(rng)
        record = play(rng, options)
        if rng.random() < 0.25:
            cut = rng.randrange(len(record["events"]) + 1)
            record = {k: v for k, v in record.items() if k != "end"}
            record["events"] = record["events"][:cut]
        bodies.append({"record": record, "options": options})
    return bodies


def stacked_bodies(seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` records of as many winners as the table's 136 tiles hold (each kind at
    most four times over every hand, or stage 3 refuses the record before any pricing): win
    events of up to three winners, each winner a played hand's (new to every memo) on its
    own win tile. Refused (``multiple_winners``, ``hand_over``, ``not_a_win``), but every
    winner is priced by ``fan`` first: the most ``fan`` evaluations a record can ask for."""
    rng = random.Random(seed)
    bodies = []
    for _ in range(count):
        pool = {k: T.COPIES for k in T.TILE_SETS["136"]}
        events: list[dict[str, Any]] = []
        shang = None
        misses = 0
        while misses < 40 and len(events) < 32:
            record = play(rng, {})
            win = next((e for e in record["events"] if e["type"] == "win"), None)
            if win is None:
                continue
            winner = win["winners"][0]
            tiles = [*T.parse_any(winner["hand"]), T.from_code(win["win_tile"])]
            tiles += [t for m in winner.get("melds", ()) for t in T.parse_any(m["tiles"])]
            need = {k: tiles.count(k) for k in set(tiles)}
            if any(pool[k] < n for k, n in need.items()):
                misses += 1
                continue
            for k, n in need.items():
                pool[k] -= n
            shang = shang or record["shang_jing"]
            melds = [{k: v for k, v in m.items() if k not in ("from", "claimed")}
                     for m in winner.get("melds", ())]
            entry = {"hand": winner["hand"], **({"melds": melds} if melds else {})}
            last = events[-1] if events else None
            if last is not None and len(last["winners"]) < 3 and rng.random() < 0.7:
                seat = next(s for s in range(4) if s != last["from"]
                            and all(w["seat"] != s for w in last["winners"]))
                last["winners"].append({"seat": seat, **entry})
            else:
                source = rng.randrange(4)
                events.append({"type": "win", "win_tile": win["win_tile"], "from": source,
                               "winners": [{"seat": (source + 1) % 4, **entry}]})
        bodies.append({"record": {"dealer": 0, "shang_jing": shang, "events": events}})
    return bodies


def main() -> None:
    args, clock = arguments()
    count = 60 if args.quick else 400
    rng = random.Random(27)
    typical = []
    for _ in range(count):
        options = random_options(rng)
        typical.append({"record": play(rng, options), "options": options})
    VARIANT.settle(VARIANT.request(costliest(0)))  # imports, option caches
    typical_ms = [clock.settle_ms(VARIANT, body) for body in typical]
    costly_ms = [clock.settle_ms(VARIANT, costliest(turn))
                 for turn in range(1, 12 if args.quick else 60)]
    events = statistics.mean(len(b["record"]["events"]) for b in typical)
    print(f"typical hand ({len(typical)} fresh played records, {events:.1f} events on average): "
          f"median {statistics.median(typical_ms):.3f} ms, 90th percentile "
          f"{statistics.quantiles(typical_ms, n=10)[-1]:.3f} ms, max {max(typical_ms):.3f} ms "
          "(target ≤ 2)")
    print(f"costliest record (12 kongs, 抄庄, a six-精 self-draw, 8 pairs; "
          f"{len(costliest(0)['record']['events'])} events): median "
          f"{statistics.median(costly_ms):.2f} ms, max {max(costly_ms):.2f} ms (target ≤ 20); "
          f"{clock.name} time")


if __name__ == "__main__":
    main()
