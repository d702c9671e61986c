"""The worst bodies up to the size limit (issue 13): worker time, answer size, RSS growth.

Targets: any body up to 1 MiB answers in ≤ 50 ms of worker time and ≤ 16 KiB (a batch:
each item's own answer briefly; an admitted batch ≤ 250 ms and ≤ 1 MiB), and a worker's RSS
after the worst body stays within 10 MB of before. Issue 23's second round adds the
operations since (`benchmarks.hostile_ops`: advice, dingque, exchange, every settle, alone and
as the costliest batches of fresh items the budget admits); every body is timed cold (the hand
memos emptied before it) and the live worker's peak RSS is read per body.

The bodies: the issue's reproductions, then a generated search — every place a list or an
object can be filled (the body, ``melds``, a meld's tiles, ``context``, ``visible``,
``options``, a batch's items and their bodies) crossed with every filler (numbers, tile
codes, empty objects and arrays, long strings, unknown members, lone surrogates, duplicate
keys), each filled to the limit. Each body is sent through the whole app (Flask's test
client: reading, parsing, limits, schema, engine, encoding) three times; the time is the
process's CPU time, best of three.

RSS is a real worker's: ``hupai serve`` with one worker on loopback (the packaged gunicorn
configuration: tables preloaded and ``gc.freeze()``-d in the master, glibc's mmap threshold
fixed), warmed up with ordinary requests to every path the bodies use; then every body three
times, twice over, each body followed by one ordinary request (a sync worker takes the next
connection only when it has finished the last, so the reading sees what the body left
behind). RSS from ``/proc/PID/statm`` after the warm-up, after each body and at the end.
(Read in this process instead, through the test client, RSS grows more: the test client's own
request objects form reference cycles that keep each 1 MiB body until a full collection.)

Run: ``python -m benchmarks.hostile [--quick] [--no-worker] [--new-only]``.
"""

from __future__ import annotations

import argparse
import gc
import http.client
import json
import resource
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from benchmarks import hostile_ops
from benchmarks.weights import cold
from service.app import create_app
from service.memory import return_freed_memory

MIB = 1 << 20
WIN = {"hand": "1112345678999m", "win_tile": "5m"}


def rss_mb(pid: int | str = "self") -> float:
    pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    return pages * 4096 / 1e6


def reset_peak(pid: int | str) -> None:
    """Start the process's peak RSS (``VmHWM``) again from its RSS now (Linux clear_refs)."""
    Path(f"/proc/{pid}/clear_refs").write_text("5")


def peak_mb(pid: int | str = "self") -> float:
    """The process's peak RSS since the last `reset_peak` (``VmHWM``), MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmHWM:")[1].split()[0]) * 1024 / 1e6


def fill(head: str, item: Callable[[int], str], tail: str, limit: int = MIB) -> str:
    """``head`` + comma-separated items + ``tail``, as many items as fit in ``limit``."""
    parts: list[str] = []
    size = len(head) + len(tail)
    i = 0
    while True:
        text = item(i)
        if size + len(text) + 1 > limit:
            break
        parts.append(text)
        size += len(text) + 1
        i += 1
    return head + ",".join(parts) + tail


FILLERS: dict[str, Callable[[int], str]] = {
    "ints": lambda i: "1",
    "tile codes": lambda i: '"1m"',
    "empty objects": lambda i: "{}",
    "empty arrays": lambda i: "[]",
    "bad tokens": lambda i: '"x9"',
    "lone surrogates": lambda i: '"\\ud800"',
    "nulls": lambda i: "null",
}
MEMBER_FILLERS: dict[str, Callable[[int], str]] = {
    "unknown members": lambda i: f'"m{i}":1',
    "duplicate keys": lambda i: '"hand":"1m"',
    "unknown objects": lambda i: f'"m{i}":{{}}',
    "surrogate names": lambda i: f'"\\ud800{i}":1',
}
LIST_PLACES = {  # (path, head, tail) around a filled list
    "hand": ("win", '{"win_tile":"5m","hand":[', "]}"),
    "melds": ("win", '{"win_tile":"5m","hand":"1m","melds":[', "]}"),
    "meld tiles": ("win", '{"win_tile":"5m","hand":"1m","melds":[{"type":"pong","tiles":[',
                   "]}]}"),
    "visible": ("waits", '{"hand":"1m","context":{"visible":[', "]}}"),
    "active": ("fan", '{"win_tile":"5m","hand":"1m","context":{"active":[', "]}}"),
    "wild_tiles": ("win", '{"win_tile":"5m","hand":"1m","options":{"wild_tiles":[', "]}}"),
    "batch items": ("batch", '{"requests":[', "]}"),
}
OBJECT_PLACES = {
    "the body": ("win", '{"win_tile":"5m","hand":"1m",', "}"),
    "context": ("win", '{"win_tile":"5m","hand":"1m","context":{', "}}"),
    "options": ("win", '{"win_tile":"5m","hand":"1m","options":{', "}}"),
    "a batch item's body": ("batch", '{"requests":[{"variant":"hongzhong","op":"discards",'
                            '"body":{', "}}]}"),
}


def issue_bodies() -> Iterator[tuple[str, str, str]]:
    """(name, path, body): the reproductions of issue 13."""
    yield ("issue: 349,500 empty melds", "/v1/sichuan/win",
           '{"win_tile":"5m","hand":"1m","melds":[' + ",".join(["{}"] * 349500) + "]}")
    yield "issue: hand [1,1,…]", "/v1/sichuan/win", fill('{"win_tile":"5m","hand":[',
                                                          FILLERS["ints"], "]}")
    yield ("issue: 1 MiB of unknown members", "/v1/sichuan/win",
           fill('{"win_tile":"5m","hand":"1m",', MEMBER_FILLERS["unknown members"], "}"))
    yield ("issue: 1 MiB of unknown option names", "/v1/sichuan/win",
           fill('{"win_tile":"5m","hand":"1m","options":{', MEMBER_FILLERS["unknown members"],
                "}}"))
    item = json.dumps({"variant": "sichuan", "op": "win",
                       "body": {"hand": [1] * 1300, "win_tile": "5m"}})
    yield ("issue: 256 items with int-array hands", "/v1/batch",
           '{"requests":[' + ",".join([item] * 256) + "]}")
    yield ("issue: a bad token in a 1 MB hand", "/v1/sichuan/win",
           json.dumps({"hand": ["1m", "x" * (MIB - 40)], "win_tile": "5m"}))
    yield ("a 1 MiB tile string", "/v1/sichuan/win",
           json.dumps({"hand": "1" * (MIB - 40) + "m", "win_tile": "5m"}))
    yield "nesting 500,000 deep", "/v1/sichuan/win", "[" * 500_000 + "]" * 500_000
    yield ("a lone surrogate after 349,000 entries", "/v1/sichuan/win",
           fill('{"win_tile":"5m","hand":[', FILLERS["ints"], ',"\\ud800"]}'))
    heavy = {"variant": "hongzhong", "op": "discards", "body": {"hand": "1m"}}
    yield ("256 refused items, 80 unknown members each", "/v1/batch", json.dumps(
        {"requests": [{**heavy, "body": {f"m{i}": 1 for i in range(79)}}] * 256}))
    # issue 23, case 1: claims' context.passed, not counted, and a quadratic unknown-member
    # report (31 s, a killed worker); passed.tiles of 209,000 codes accepted
    claim = '{"hand":"123m456m789m123p5p","tile":"5p","context":{"source":"discard_left",'
    yield ("issue 23: claims passed, 1 MiB of unknown members", "/v1/sichuan/claims",
           fill(claim + '"passed":{', lambda i: f'"{i:x}":0', "}}}"))
    yield ("issue 23: claims passed.tiles of 1 MiB of codes", "/v1/sichuan/claims",
           fill(claim + '"passed":{"fan":1,"tiles":[', lambda i: '"5p"', "]}}}"))
    # issue 23, case 4: every nested object of a settle record, filled with unknown members
    win = ('{"type":"win","win_tile":"5p","from":1,"winners":[{"seat":0,'
           '"hand":"123m456m789m23p55p"')
    for where, head, tail in (
            ("end", '{"record":{"dealer":0,"events":[],"end":{', "}}}"),
            ("an event's context", '{"record":{"dealer":0,"events":[{"type":"win",'
             '"win_tile":"5p","from":1,"winners":[{"seat":0,"hand":"123m456m789m23p55p"}],'
             '"context":{', "}}]}}"),
            ("a kong", '{"record":{"dealer":0,"events":[{"type":"kong","seat":2,"kong":{',
             "}}]}}"),
            ("a winner", '{"record":{"dealer":0,"events":[' + win + ",", "}]}]}}"),
            ("an end hand", '{"record":{"dealer":0,"events":[],"end":{"hands":[null,'
             '{"hand":"1m",', "},null,null]}}}")):
        yield (f"issue 23: settle {where}, 1 MiB of unknown members", "/v1/sichuan/settle",
               fill(head, lambda i: f'"{i:x}":0', tail))


def generated_bodies() -> Iterator[tuple[str, str, str]]:
    """Every list place × every filler, every object place × every member filler."""
    for place, (op, head, tail) in LIST_PLACES.items():
        for filler, item in FILLERS.items():
            path = "/v1/batch" if op == "batch" else f"/v1/hongzhong/{op}"
            yield f"{place} of {filler}", path, fill(head, item, tail)
    for place, (op, head, tail) in OBJECT_PLACES.items():
        for filler, member in MEMBER_FILLERS.items():
            path = "/v1/batch" if op == "batch" else f"/v1/hongzhong/{op}"
            yield f"{place} of {filler}", path, fill(head, member, tail)


HEAVY_BODY = {  # the costliest body the weight search found (benchmarks/README.md)
    "options": {"tile_set": "136", "wild_tiles": [
        "1m", "3m", "5m", "1p", "4p", "5p", "6p", "7p", "2s", "3s", "5s", "6s", "8s", "9s", "1z",
        "2z", "3z", "4z", "6z", "7z"]},
    "hand": ["1p", "5p", "3p", "1s", "5m", "7z", "2s", "1z", "2m", "8s", "4z", "5z", "6z", "3m"]}
ISSUE_ITEM = {"variant": "hongzhong", "op": "discards", "body": {
    "hand": ["4p", "3p", "9m", "3z", "4p", "6p", "6m", "8m", "2z", "4p", "2p", "2s", "2m", "9p"],
    "options": {"tile_set": "136", "wild_tiles": ["2m", "6m", "8m", "9m", "4p", "5p", "6p", "9p",
                                                  "9s", "3z"]}}}
REFUSED_ITEM = {"variant": "hongzhong", "op": "discards", "body": {
    "hand": [5] * 56, "win_tile": "5m", "melds": [{"tiles": [5] * 16, "x": 1}] * 16,
    "context": {"visible": [5] * 544, "active": ["x"] * 16, "seats": {"dealer": "x"}},
    "options": {"wild_tiles": [5] * 136, "tile_set": 5}}}


CLAIMS_ITEMS = {  # the costliest claims bodies the weight search found (benchmarks/README.md)
    "红中 claims, 32 wilds": {"variant": "hongzhong", "op": "claims", "body": {
        "context": {"source": "discard_left"}, "detail": "full",
        "options": {"allow_chow_meld": True, "tile_set": "136", "wild_tiles": [
            "1m", "2m", "3m", "4m", "5m", "6m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
            "7p", "8p", "9p", "1s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z",
            "4z", "5z", "6z", "7z"]},
        "hand": ["2s", "2s", "2s", "1s", "3s", "4s", "2z", "6s", "2p", "1z", "9m", "5m", "5s"],
        "tile": "2s"}},
    "南昌 claims": {"variant": "nanchang", "op": "claims", "body": {
        "context": {"source": "discard_left", "jing": {"zheng": "4m", "fu": "5m"}},
        "options": {"tile_set": "136"}, "detail": "full",
        "hand": ["6m", "6m", "6m", "4m", "5m", "7m", "8m", "5m", "5m", "3s", "3m", "5s", "9m"],
        "tile": "6m"}},
    "长沙 claims": {"variant": "changsha", "op": "claims", "body": {
        "context": {"source": "discard_left"}, "detail": "full",
        "hand": ["7p", "9s", "7p", "5p", "6p", "9p", "1m", "6s", "6m", "1p", "8p", "1s", "9m"],
        "tile": "7p"}},
    "红中 claims, 24 wilds, actions": {"variant": "hongzhong", "op": "claims", "body": {
        "context": {"source": "self_draw"}, "detail": "actions",
        "options": {"allow_chow_meld": True, "tile_set": "136", "wild_tiles": [
            "3m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "6p", "7p", "9p", "1s", "2s", "3s",
            "4s", "7s", "8s", "9s", "2z", "3z", "4z", "5z", "6z", "7z"]},
        "hand": ["4m", "4m", "4m", "2m", "5m", "3s", "6p", "7m", "8s", "6m", "6z", "4z", "2p"],
        "tile": "4m"}},
}


def batches() -> Iterator[tuple[str, str]]:
    """(name, body): the costliest batches the budget admits, and the issue's refused one."""
    from service import budget, jsonbody

    heavy = {"variant": "hongzhong", "op": "discards", "body": HEAVY_BODY}
    fit = budget.BUDGET // budget.item_weight(heavy)
    yield f"{fit} × the costliest item (admitted)", json.dumps({"requests": [heavy] * fit})
    structure = jsonbody.skeleton(json.dumps(REFUSED_ITEM).encode())  # as many as one holds
    fit = min(256, jsonbody.MAX_BATCH_VALUES // (structure.count(b",") + structure.count(b":")
                                                 + 1))
    yield (f"{fit} × the costliest refusal (admitted)",
           json.dumps({"requests": [REFUSED_ITEM] * fit}))
    nanchang = {"variant": "nanchang", "op": "discards", "body": {
        "context": {"jing": {"zheng": "8p", "fu": "9p"}}, "options": {"tile_set": "136"},
        "hand": ["9p", "9p", "2z", "4m", "5z", "8p", "7s", "9p", "8p", "4p", "9p", "3m", "8p",
                 "8p"]}}
    fit = budget.BUDGET // budget.item_weight(nanchang)
    yield f"{fit} × 南昌 discards (admitted)", json.dumps({"requests": [nanchang] * fit})
    for name, claims in CLAIMS_ITEMS.items():
        fit = min(256, budget.BUDGET // budget.item_weight(claims))  # a batch's most items
        yield f"{fit} × {name} (admitted)", json.dumps({"requests": [claims] * fit})
    fan = {"variant": "sichuan", "op": "fan", "body": {
        "context": {"win_type": "discard", "seats": {"dealer": 0, "winner": 1, "discarder": 2}},
        "hand": ["4p", "5p", "6p", "5m", "6m", "7m", "5p", "6p", "7p", "7p", "7p", "7p", "8m"],
        "win_tile": "8m"}}
    yield "256 × Sichuan fan (admitted)", json.dumps({"requests": [fan] * 256})
    # issue 23, case 2: detail null ran as "full" but weighed the least
    costliest = CLAIMS_ITEMS["红中 claims, 32 wilds"]
    nulled = {**costliest, "body": {**costliest["body"], "detail": None}}
    fit = min(256, budget.BUDGET // budget.item_weight(nulled))
    yield f"issue 23: {fit} × 红中 claims, detail null (admitted)", json.dumps(
        {"requests": [nulled] * fit})
    yield "issue 23: 256 × 红中 claims, detail null (refused)", json.dumps(
        {"requests": [nulled] * 256})
    # issue 23, case 3: settle weighed on a record whose hands repeat; fresh records now
    for events in (7, 16):
        records = fresh_records(events)
        item = {"variant": "sichuan", "op": "settle", "body": {"record": records[0]}}
        fit = min(256, budget.BUDGET // budget.item_weight(item))
        yield (f"issue 23: {fit} × fresh {events}-event 四川 records (admitted)", json.dumps(
            {"requests": [{**item, "body": {"record": r}} for r in records[:fit]]}))
    yield "issue: 256 × 红中 discards, 10 wilds (refused)", json.dumps(
        {"requests": [ISSUE_ITEM] * 256})


def fresh_records(events: int, count: int = 256, seed: int = 23) -> list[dict[str, object]]:
    """``count`` distinct 四川 records of exactly ``events`` events (血流成河, so that hands go
    on), each the prefix of a random hand's record (`tests/.../settle/generate.py`): every
    winner's hand new to the worker's memos."""
    import random

    from tests.engine.variants.sichuan.settle.generate import play

    rng = random.Random(seed)
    found: list[dict[str, object]] = []
    while len(found) < count:
        record = play(rng, {"xue_liu": True})
        if len(record["events"]) >= events:
            found.append({**record, "events": record["events"][:events], "end": None})
    return [{k: v for k, v in r.items() if v is not None} for r in found]


WARM_UP = (  # ordinary bodies for every path the hostile bodies use
    {"hand": "123m456m789m55p2p", "win_tile": "4p"},
    {"hand": "123m456m789m55p23p"},
    {"requests": [{"variant": "sichuan", "op": "win", "body": WIN}]},
    {"hand": "123m456m789m55p2p", "win_tile": "4p", "melds": [{"type": "pong", "tiles": "111s"}],
     "context": {"win_type": "self_draw", "visible": "1m"}, "options": {"wild_tiles": ["5z"]}},
)


def worker_rss(bodies: list[tuple[str, str, str]]
               ) -> tuple[float, float, list[tuple[float, str]], list[tuple[float, str]]]:
    """A live worker's RSS after the warm-up and after every body twice, each body's own
    growth (its first round), largest first, and each body's peak RSS while it was answered
    (``VmHWM`` reset before it), largest first."""
    from tests.deploy import live

    with tempfile.TemporaryDirectory(prefix="hupai-hostile-") as tmp:
        instance = live.start(Path(tmp), workers=1)
        try:
            (worker,) = instance.workers()

            def send(path: str, body: str) -> None:
                conn = http.client.HTTPConnection(instance.host, instance.port, timeout=60)
                try:
                    conn.request("POST", path, body=body.encode(),
                                 headers={"Content-Type": "application/json"})
                    conn.getresponse().read()
                finally:
                    conn.close()

            ordinary = json.dumps(WIN)
            for _ in range(200):
                send("/v1/sichuan/win", ordinary)
            for path in sorted({p for _, p, _ in bodies}):
                for warm in WARM_UP:
                    for _ in range(5):
                        send(path, json.dumps(warm))
            send("/v1/sichuan/win", ordinary)
            before = rss_mb(worker)
            growth, peaks = [], []
            for rounds in range(2):
                for name, path, body in bodies:
                    start = rss_mb(worker)
                    reset_peak(worker)
                    for _ in range(3):
                        send(path, body)
                    send("/v1/sichuan/win", ordinary)  # answered once the body's work is done
                    if rounds == 0:
                        growth.append((rss_mb(worker) - start, name))
                        peaks.append((peak_mb(worker), name))
            return before, rss_mb(worker), sorted(growth, reverse=True), sorted(peaks,
                                                                               reverse=True)
        finally:
            instance.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the issue's bodies only")
    parser.add_argument("--no-worker", action="store_true",
                        help="skip the live worker's RSS (no gunicorn started)")
    parser.add_argument("--new-only", action="store_true",
                        help="only the operations of round two (advice, dingque, exchange, "
                             "settle: benchmarks/hostile_ops.py)")
    args = parser.parse_args()
    return_freed_memory()  # as service/wsgi.py does for the workers
    client = create_app().test_client()
    gc.collect()
    gc.freeze()  # as service/gunicorn_conf.py does before the workers fork

    def send(path: str, body: str | bytes) -> tuple[float, int, int]:
        cold()  # a body never seen: no memo keyed by its hands answers
        start = time.process_time_ns()
        with client.post(path, data=body, content_type="application/json") as r:
            status, size = r.status_code, len(r.data)
        # closed, as the server closes it: the release after a large body is counted too
        ms = (time.process_time_ns() - start) / 1e6
        return ms, status, size

    def best(path: str, make: Callable[[int], str]) -> tuple[float, int, int]:
        runs = [send(path, make(i)) for i in range(3)]  # a fresh body each time
        return min(r[0] for r in runs), runs[0][1], runs[0][2]

    bodies = [] if args.new_only else list(issue_bodies()) + (
        [] if args.quick else list(generated_bodies()))
    for _ in range(200):  # warm-up: ordinary requests
        send("/v1/sichuan/win", json.dumps(WIN))
    rows = []
    for name, path, body in bodies:
        assert len(body.encode()) <= MIB, name
        rows.append((name, *best(path, lambda i, body=body: body)))
    news = list(hostile_ops.single_bodies())
    for name, path, make in news:
        rows.append((name, *best(path, make)))
    rows.sort(key=lambda r: -r[1])
    table("body (≤ 1 MiB)", rows)
    single = [r for r in rows if "items" not in r[0] and "batch" not in r[0]]
    print(f"\nworst time {rows[0][1]:.1f} ms ({rows[0][0]}); target ≤ 50 ms")
    print(f"largest answer of a single request {max(r[3] for r in single)} B; target ≤ 16,384 B")
    print(f"largest answer of a batch {max(r[3] for r in rows)} B")
    admitted = [] if args.new_only else [(name, "/v1/batch", body) for name, body in batches()]
    for name, item in hostile_ops.batch_items():
        count, body = hostile_ops.batch(item)
        admitted.append((f"{count} × {name}", "/v1/batch", body))
    rows = [(name, *best(path, lambda i, body=body: body))
            for name, path, body in admitted]
    table("batch", rows)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
    print(f"peak RSS of this process {peak:.0f} MB")
    print("targets: an admitted batch ≤ 250 ms and ≤ 1 MiB; a single body ≤ 50 ms")
    if not args.no_worker:
        sent = bodies + [(name, path, make(0)) for name, path, make in news] + admitted
        before, after, growth, peaks = worker_rss(sent)
        print(f"\nworker RSS (hupai serve, 1 worker) after warm-up {before:.1f} MB, after every "
              f"body 3 times, twice over, {after:.1f} MB: growth {after - before:+.1f} MB "
              "(target within 10 MB)")
        print("  largest growth of one body: " + "; ".join(
            f"{name} {mb:+.1f} MB" for mb, name in growth[:3]))
        print("  the worker's peak RSS while answering (VmHWM, reset before each body), "
              "largest first:")
        for mb, name in peaks[:12]:
            print(f"    {name:60} {mb:6.1f} MB")


def table(title: str, rows: list[tuple[str, float, int, int]]) -> None:
    print(f"\n{title:60} {'CPU ms':>8} {'status':>6} {'answer B':>9}")
    for name, ms, status, size in rows:
        print(f"{name:60} {ms:8.1f} {status:6} {size:9}")


if __name__ == "__main__":
    main()
