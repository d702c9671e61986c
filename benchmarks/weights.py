"""The batch weights: a generated search for the costliest body of each cost class.

A class is what ``service/budget.py`` weighs by: the variant and operation, and for 红中 the
tile set and the number of wild kinds, for 南昌 the tile set, and for ``claims`` its ``detail``
too. For each class that reads a hand (win, fan, waits, discards, qishou, claims) the search
times random bodies — half of them
built from sets and a pair (wins and near-wins: the readings are where the time goes), the
tiles biased toward the wild kinds — and then climbs from the slowest, one tile changed at a
time; the few slowest are timed again (best of 5) and the slowest of those is the class's
costliest body. A ``claims`` body is 13 hand tiles and the offered tile (kept through the
climb): three copies of it in hand, its neighbours, up to 8 wildcards, a discard from the
left (win, kong, pong and every chow on offer) or the player's own draw; 红中 allows chows.
The other operations (kong, birds, jing, jing-settlement) take the served
contract's examples. A refused body is timed too, as a batch of as many of it as a batch
holds (`in_batch`: the batch's parse and answer counted): `MINIMUM` is the costliest such
batch's weight, a 256th (a batch of 256 items of the least weight holds any of them).

The clock is the process's CPU time for ``Operation.answer`` (limits, schema, engine,
encoding: all an item costs besides the batch's own parse), the size the answer's bytes.
Every body is timed fresh (issue 23): the search meets each body once, and the finals are
the least of five timings each after `cold` emptied every memo keyed by a hand — a live
server never sends the same hand twice, so a weight measured on a warm memo (the answer
found by a look-up after the first time) promised what fresh bodies did not keep.
A weight is ``max(µs / 10, bytes / 50)`` rounded up, times `MARGIN`; see service/budget.py.

``advice``, ``dingque`` and ``exchange`` are weighed by `benchmarks.advice.weights` (run from
here), every ``settle`` on fresh records of its variant (`settle_bodies`).

Run: ``python -m benchmarks.weights [--quick] [--tries N] [--ops claims,...]
[--variants nanchang,...]``: prints the
table as ``service/budget.py`` holds it, and the costliest body of each class.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from engine import tiles as T
from engine.caching import clear_hand_memos
from engine.errors import RequestError
from engine.weights import MARGIN, UNIT_BYTES, UNIT_US
from service import errors
from service.app import create_app
from service.routes import Operation

HAND_OPS = {"win": 14, "fan": 14, "waits": 13, "discards": 14, "qishou": 14, "claims": 14}
"""Tiles in the body of each hand operation (win_tile or the claims tile included)."""
DETAILS = ("full", "actions")
"""``claims``'s ``detail``: a class each (``actions`` leaves out the ``after`` searches)."""


def code(tile: int) -> str:
    return T.code(tile)


def timed(operation: Operation, body: Any) -> tuple[float, int]:
    """CPU µs and answer bytes of one answer (a refusal is timed as its 422 body)."""
    start = time.process_time_ns()
    try:
        size = len(operation.answer(body, lambda *_: None))
    except RequestError as e:
        size = len(errors.encode(errors.request_error_body(e)))
    return (time.process_time_ns() - start) / 1000, size


def cold() -> None:
    """Empty every memo keyed by what a hand holds (`engine.caching.clear_hand_memos`: its
    tiles, parts, traits or readings; the per-option-set ones — tables, activations,
    configurations — stay, as a live server keeps them): the next body is timed as a fresh
    one, what a live server meets (it never sees a hand twice)."""
    clear_hand_memos()


def best_of(operation: Operation, body: Any, n: int = 5) -> tuple[float, int]:
    """The least of ``n`` cold timings (`cold` before each): a body never seen, each time."""
    runs = []
    for _ in range(n):
        cold()
        runs.append(timed(operation, body))
    return min(t for t, _ in runs), runs[0][1]


def weight(us: float, size: int) -> int:
    return math.ceil(max(us / UNIT_US, size / UNIT_BYTES) * MARGIN)


class HandSearch:
    """Random and climbed hands for one class: ``kinds`` the tile set, ``wild`` its wilds."""

    def __init__(self, rng: random.Random, op: str, kinds: list[int], wild: list[int],
                 extra: Callable[[random.Random], dict[str, Any]]) -> None:
        self.rng, self.op, self.kinds, self.wild, self.extra = rng, op, kinds, wild, extra
        self.size = HAND_OPS[op]

    def tiles(self) -> list[int]:
        rng = self.rng
        counts: dict[int, int] = {}
        out: list[int] = []

        def add(t: int) -> bool:
            if counts.get(t, 0) >= T.COPIES or len(out) >= self.size:
                return False
            counts[t] = counts.get(t, 0) + 1
            out.append(t)
            return True

        if self.op == "claims":
            return self.claims_tiles(out, add)
        if rng.random() < 0.5:  # sets and a pair: wins, waits, readings
            suits = rng.sample([k for k in self.kinds if k < T.HONOR_BASE], 3)
            while len(out) < self.size - 2:
                base = rng.choice(suits if rng.random() < 0.7 else self.kinds)
                if rng.random() < 0.5 and base < T.HONOR_BASE and base % 9 <= 6 \
                        and base + 2 in self.kinds:
                    for t in (base, base + 1, base + 2):
                        add(t)
                else:
                    for _ in range(3):
                        add(base)
            pair = rng.choice(self.kinds)
            add(pair)
            add(pair)
        while len(out) < self.size:
            pool = self.wild if self.wild and rng.random() < 0.35 else self.kinds
            add(rng.choice(pool))
        for i in range(len(out)):  # a few wilds in the built hands too
            if self.wild and rng.random() < 0.15:
                t = rng.choice(self.wild)
                if counts.get(t, 0) < T.COPIES:
                    counts[out[i]] -= 1
                    counts[t] = counts.get(t, 0) + 1
                    out[i] = t
        return out

    def claims_tiles(self, out: list[int], add: Callable[[int], bool]) -> list[int]:
        """13 hand tiles and the offered tile last: three copies of it (kong and pong on
        offer), its neighbours (every chow), up to 8 wildcards, the rest at random."""
        rng = self.rng
        plain = [k for k in self.kinds if k not in self.wild] or self.kinds
        suited = [k for k in plain if k < T.HONOR_BASE and 1 <= k % 9 <= 7]
        offered = rng.choice(suited or plain)
        for _ in range(3):
            add(offered)
        for t in (offered - 2, offered - 1, offered + 1, offered + 2):
            if t in self.kinds and t // 9 == offered // 9 and rng.random() < 0.8:
                add(t)
        for _ in range(min(8, 4 * len(self.wild))):
            if self.wild:
                add(rng.choice(self.wild))
        while len(out) < self.size - 1:
            add(rng.choice(self.kinds))
        out.append(offered)
        return out

    def body(self, tiles: list[int]) -> dict[str, Any]:
        codes = [code(t) for t in tiles]
        rng = random.Random(hash(tuple(tiles)))
        body: dict[str, Any] = dict(self.extra(rng))
        if self.op == "claims":
            body["hand"], body["tile"] = codes[:-1], codes[-1]
        elif self.op in ("win", "fan"):
            body["hand"], body["win_tile"] = codes[:-1], codes[-1]
        else:
            body["hand"] = codes
        return body

    def mutate(self, tiles: list[int]) -> list[int]:
        out = list(tiles)
        i = self.rng.randrange(len(out) - (self.op == "claims"))  # the offered tile stays
        pool = self.wild if self.wild and self.rng.random() < 0.4 else self.kinds
        t = self.rng.choice(pool)
        if out.count(t) < T.COPIES:
            out[i] = t
        return out


def search(operation: Operation, hs: HandSearch, tries: int) -> tuple[float, int, Any]:
    """The costliest body found: (µs best of 5, bytes, body)."""
    found: list[tuple[float, int, list[int]]] = []
    for _ in range(tries):
        tiles = hs.tiles()
        us, size = timed(operation, hs.body(tiles))
        found.append((us, size, tiles))
    found.sort(key=lambda f: -f[0])
    best_us, _, best = found[0]
    for _ in range(tries):
        tiles = hs.mutate(best)
        us, size = timed(operation, hs.body(tiles))
        found.append((us, size, tiles))
        if us > best_us:
            best_us, best = us, tiles
    found.sort(key=lambda f: -max(f[0] / UNIT_US, f[1] / UNIT_BYTES))
    finals = []
    for _, _, tiles in found[:5]:
        body = hs.body(tiles)
        us, size = best_of(operation, body)
        finals.append((us, size, body))
    return max(finals, key=lambda f: max(f[0] / UNIT_US, f[1] / UNIT_BYTES))


def contexts(variant: str, op: str) -> Callable[[random.Random], dict[str, Any]]:
    """The context a hand body carries (what changes the work: the win type, seats)."""
    def make(rng: random.Random) -> dict[str, Any]:
        ctx: dict[str, Any] = {}
        if op in ("win", "fan"):
            ctx["win_type"] = rng.choice(["self_draw", "discard"])
            ctx["seats"] = {"dealer": 0, "winner": 1, "discarder": 2}
            if ctx["win_type"] == "self_draw":
                del ctx["seats"]["discarder"]
        if op == "claims":  # a discard from the left offers the most (win, kong, pong, chows)
            ctx["source"] = "discard_left" if rng.random() < 0.75 else "self_draw"
        return {"context": ctx} if ctx else {}
    return make


def classes(ops: dict[tuple[str, str], Operation], quick: bool, only: set[str] | None = None
            ) -> Iterator[tuple[str, str, tuple[Any, ...], HandSearch | None]]:
    """(variant, op, class key, search or None for the example-timed ops); ``claims`` classes
    end in their ``detail``."""
    rng = random.Random(0)
    for (variant, op) in sorted(ops):
        if only is not None and op not in only:
            continue
        if op == "claims":
            for detail in DETAILS:
                for v, o, key, hs in _hand_classes(ops, rng, variant, op, quick):
                    assert hs is not None
                    hs.extra = _with(hs.extra, detail=detail)
                    yield v, o, (*key, detail), hs
        else:
            yield from _hand_classes(ops, rng, variant, op, quick)


def _hand_classes(ops: dict[tuple[str, str], Operation], rng: random.Random, variant: str,
                  op: str, quick: bool
                  ) -> Iterator[tuple[str, str, tuple[Any, ...], HandSearch | None]]:
    if op not in HAND_OPS:
        yield variant, op, (), None
        return
    base = contexts(variant, op)
    if op == "claims" and variant == "hongzhong":  # chows on offer too
        base = _with(base, options={"allow_chow_meld": True})
    if variant == "hongzhong":
        for tile_set in ("112", "136"):
            kinds = sorted(T.TILE_SETS[tile_set])
            counts: Iterable[int] = range(len(kinds) + 1)
            if quick and op == "claims":  # the steps of the table
                counts = (0, 1, 2, 4, 8, len(kinds))
            elif quick:
                counts = range(0, len(kinds) + 1, 9)
            for k in counts:
                wild = sorted(rng.sample(kinds, k)) if k != 1 else [T.RED]
                options = {"tile_set": tile_set, "wild_tiles": [code(t) for t in wild]}
                extra = _with(base, options=options)
                yield variant, op, (tile_set, k), HandSearch(rng, op, kinds, wild, extra)
    elif variant == "nanchang":
        for tile_set in ("136", "108"):
            kinds = sorted(T.TILE_SETS[tile_set])
            zheng = rng.choice(kinds)
            fu = _next_jing(ops, zheng, tile_set)
            extra = _with(base, options={"tile_set": tile_set},
                          jing={"zheng": code(zheng), "fu": code(fu)})
            yield variant, op, (tile_set,), HandSearch(rng, op, kinds, [zheng, fu], extra)
    else:
        kinds = sorted(T.TILE_SETS[ops[variant, op].rules.tile_set({})])
        yield variant, op, (), HandSearch(rng, op, kinds, [], base)


def _with(base: Callable[[random.Random], dict[str, Any]], options: dict[str, Any] | None = None,
          jing: dict[str, str] | None = None, **members: Any
          ) -> Callable[[random.Random], dict[str, Any]]:
    """``base`` with more options (merged), a 南昌 ``context.jing`` and top-level members."""
    def make(rng: random.Random) -> dict[str, Any]:
        body = {**base(rng), **members}
        if jing is not None:
            body = {**body, "context": {**body.get("context", {}), "jing": jing}}
        if options is not None:
            body = {**body, "options": {**body.get("options", {}), **options}}
        return body
    return make


def _next_jing(ops: dict[tuple[str, str], Operation], zheng: int, tile_set: str) -> int:
    answer = json.loads(ops["nanchang", "jing"].answer(
        {"context": {"indicator": code(zheng)}, "options": {"tile_set": tile_set}}))
    return T.from_code(answer["fu"])


def examples(app: Any) -> dict[str, list[Any]]:
    from service import docs, health

    found: dict[str, list[Any]] = {}
    for path, body in health.request_examples(docs.load_spec()):
        found.setdefault(path, []).append(body)
    return found


def in_batch(app: Any, item: dict[str, Any], rounds: int = 3) -> tuple[float, int, int]:
    """CPU µs and answer bytes of a batch of as many ``item`` as one may hold (256, fewer when
    their members and entries are more than `jsonbody.MAX_BATCH_VALUES`), best of ``rounds``,
    and how many: the whole request — the batch's parse, its envelope, each item's answer and
    the batch's own — which for a refused item costs as much as its refusal. (The budget is
    lifted for the measurement: the items may weigh more than it allows.)"""
    from service import budget, jsonbody

    structure = jsonbody.skeleton(json.dumps(item).encode())
    n = min(256, jsonbody.MAX_BATCH_VALUES // (structure.count(b",") + structure.count(b":")
                                               + 1))
    data = json.dumps({"requests": [item] * n})
    client = app.test_client()
    kept = budget.BUDGET
    budget.BUDGET = 1 << 40
    try:
        runs = []
        for _ in range(rounds):
            start = time.process_time_ns()
            with client.post("/v1/batch", data=data, content_type="application/json") as r:
                size = len(r.data)
                assert r.status_code == 200, r.data[:300]
            runs.append((time.process_time_ns() - start) / 1000)
    finally:
        budget.BUDGET = kept
    return min(runs), size, n


REFUSALS = [  # bodies an item may be refused for, the costliest we know of each kind
    {"hand": [1] * 56, "win_tile": "5m"},
    {"hand": ["1m" + "x" * 40] * 56, "win_tile": "5m"},
    {"hand": "1m", "win_tile": "5m", **{f"unknown_member_{i:02}": 1 for i in range(80)}},
    {"hand": "1m", "win_tile": "5m", "options": {f"unknown_option_{i:02}": 1 for i in range(80)}},
    {"hand": ["1m"] * 56, "win_tile": "5m",
     "melds": [{"type": "pong", "tiles": ["1m"] * 16}] * 16},
    {"hand": "1m", "win_tile": "5m", "context": {f"unknown_member_{i:02}": 1 for i in range(80)}},
    {"hand": [5] * 56, "win_tile": "5m", "melds": [{"tiles": [5] * 16, "x": 1}] * 16,
     "context": {"visible": [5] * 544, "active": ["x"] * 16, "seats": {"dealer": "x"}},
     "options": {"wild_tiles": [5] * 136, "tile_set": 5}},
]


ADVICE_OPS = frozenset({"advice", "dingque", "exchange"})
"""Weighed by `benchmarks.advice.weights` (fresh generated hands at each horizon step; the
exchange per candidate), which `main` runs for them."""

SETTLE_PER_EVENT = 8
"""What an event of a record weighs beside its winners (a kong, the replay's checks)."""


def settle_bodies(variant: str, quick: bool) -> list[dict[str, Any]] | None:
    """Fresh ``settle`` bodies of a variant, each new to every memo: 四川's are distinct
    records of 2 to 16 events, prefixes of played 血流 hands; 长沙's and 红中's played hands
    under random options and their costliest valid records (`benchmarks.changsha_settle`,
    `benchmarks.settle`), 红中's 128 win events × 3 winners too (refused, each winner priced
    first); 南昌's played hands (won, 荒庄 and in play, options at random), records of as many
    winners as the table's tiles hold (each priced by ``fan``, then refused) and the costliest
    valid record (`benchmarks.nanchang_settle`). None: a variant without settle."""
    count = 10 if quick else 25
    if variant == "sichuan":
        from benchmarks.hostile import fresh_records

        return [{"record": record, "options": {"xue_liu": True}}
                for events in (2, 4, 8, 12, 16)
                for record in fresh_records(events, count, seed=100 + events)]
    if variant == "changsha":
        from benchmarks import changsha_settle
        from tests.engine.variants.changsha.settle import generate as cs

        rng = random.Random(25)
        return ([{"record": cs.play(rng, options), "options": options}
                 for options in (cs.random_options(rng) for _ in range(8 * count))]
                + [{"record": changsha_settle.COSTLIEST,
                    "options": {**changsha_settle.COSTLIEST_OPTIONS, "zuo_piao": piao}}
                   for piao in range(count // 5)])
    if variant == "hongzhong":
        from benchmarks import settle
        from tests.engine.variants.hongzhong.settle import generate as hz

        rng = random.Random(26)
        return ([{"record": hz.play(rng, options), "options": options}
                 for options in (hz.random_options(rng) for _ in range(8 * count))]
                + [settle.hz_costliest(rng) for _ in range(count // 5)]
                + [settle.hz_refused(rng) for _ in range(count // 5)])
    if variant == "nanchang":
        from benchmarks.nanchang_settle import costliest, fresh_bodies, stacked_bodies

        return (fresh_bodies(127, 8 * count) + stacked_bodies(227, count)
                + [costliest(turn) for turn in range(1, 1 + count // 5)])
    return None


def settle_weight(operation: Operation, bodies: list[dict[str, Any]]
                  ) -> tuple[int, int, float, int, Any]:
    """``settle``'s weight beside `SETTLE_PER_EVENT` an event, each body timed cold: the
    base (the end of a hand: the most a record without winners needs beyond its events)
    and the weight a winner (the most any record with winners needs beyond its events and
    the base, by winner). Returns (units a winner, base, µs, bytes, body) of the record that
    set the weight a winner."""
    timed = []
    for body in bodies:
        us, size = best_of(operation, body, 3)
        events = body["record"]["events"]
        winners = sum(len(e.get("winners", ())) for e in events)
        timed.append((weight(us, size) - SETTLE_PER_EVENT * len(events), winners, us, size,
                      body))
    base = max([0, *(beyond for beyond, winners, *_ in timed if not winners)])
    worst: tuple[float, float, int, Any] = (0.0, 0.0, 0, None)
    for beyond, winners, us, size, body in timed:
        if winners and (beyond - base) / winners > worst[0]:
            worst = ((beyond - base) / winners, us, size, body)
    return math.ceil(worst[0]), base, worst[1], worst[2], worst[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer tries and classes")
    parser.add_argument("--tries", type=int, default=None)
    parser.add_argument("--variants", default=None,
                        help="only these variants, comma-separated (e.g. nanchang)")
    parser.add_argument("--ops", default=None,
                        help="only these operations, comma-separated (e.g. claims)")
    args = parser.parse_args()
    only = set(args.ops.split(",")) if args.ops else None
    variants = set(args.variants.split(",")) if args.variants else None
    tries = args.tries or (20 if args.quick else 60)
    app = create_app()
    ops: dict[tuple[str, str], Operation] = app.extensions["hupai"]["operations"]
    listed = examples(app)
    alone = sorted(((weight(*best_of(operation, body, 2)), v, o, i)
                    for (v, o), operation in ops.items() for i, body in enumerate(REFUSALS)),
                   reverse=True)
    refusals = [(*in_batch(app, {"variant": v, "op": o, "body": REFUSALS[i]}), v, o, i)
                for _, v, o, i in alone[:6]]  # the costliest alone, each timed in a batch
    us, size, n, v, o, i = max(refusals, key=lambda r: weight(r[0], r[1]))
    print(f"MINIMUM = {weight(us / 256, size / 256)}  # the costliest batch of refusals, a "
          f"256th: {n} × refusal {i} ({v} {o}) {us / 1000:.0f} ms, {size} B", flush=True)
    rows = []
    for variant, op, key, hs in classes(ops, args.quick, only):
        if variants is not None and variant not in variants:
            continue
        operation = ops[variant, op]
        if op in ADVICE_OPS:
            continue  # measured below, on fresh bodies of their own
        if op == "settle":
            bodies = settle_bodies(variant, args.quick)
            if bodies is None:
                print(f"{variant:9} {op:15} measured by its own benchmark", flush=True)
                continue
            per_winner, base, us, size, body = settle_weight(operation, bodies)
            rows.append((variant, op, ("per winner",), us, size, per_winner, body))
            print(f"{variant:9} {op:15} {'per winner':14} {us:9.0f} µs {size:7} B  weight "
                  f"{SETTLE_PER_EVENT} an event + {per_winner} a winner + {base} "
                  f"({len(bodies)} fresh bodies)", flush=True)
            continue
        if hs is None:
            bodies = listed.get(f"/v1/{variant}/{op}", [])
            timings = [(*best_of(operation, b), b) for b in bodies]
            if not timings:
                continue
            us, size, body = max(timings, key=lambda r: weight(r[0], r[1]))
        else:
            us, size, body = search(operation, hs, tries)
        rows.append((variant, op, key, us, size, weight(us, size), body))
        print(f"{variant:9} {op:15} {key!s:14} {us:9.0f} µs {size:7} B  weight "
              f"{weight(us, size)}", flush=True)
    if only is None or only & ADVICE_OPS:
        from benchmarks import advice

        advice.weights(4 if args.quick else 12, ADVICE_OPS & only if only else ADVICE_OPS)
    print("\ncostliest body of each class (the heaviest per variant and operation, claims "
          "per detail too):")
    heaviest: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for row in rows:
        group = (*row[:2], row[2][-1] if row[1] == "claims" else "")
        if group not in heaviest or row[5] > heaviest[group][5]:
            heaviest[group] = row
    for variant, op, key, us, size, w, body in heaviest.values():
        print(f"| {variant} | {op} | {key} | {us:.0f} | {size} | {w} | "
              f"`{json.dumps(body, separators=(',', ':'))}` |")
    print("\nTABLE:", json.dumps([[v, o, list(k), w] for v, o, k, _, _, w, _ in rows]))


if __name__ == "__main__":
    main()
