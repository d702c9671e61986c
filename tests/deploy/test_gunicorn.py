"""Real gunicorn, started as the image starts it, with 2 workers on a free loopback port.

* /metrics counts every request once, summed over both workers, whichever worker answers;
* SIGTERM while requests are in flight: each completes with 200, then the master exits 0;
* a worker killed with SIGKILL is replaced and the service keeps answering;
* the JSON access log carries the request id and leaves probes and scrapes out.

A request is held "in flight" by sending its headers and half its body, then the rest later:
a sync worker is then busy inside the app, reading the body, which is exactly the state a
shutdown must not cut short. It also pins which worker is busy, so the other one must answer.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.deploy import live

WIN_BODY: dict[str, Any] = {"hand": "123m456m789m55p23p", "win_tile": "4p"}
"""13 tiles + 4p = 123m 456m 789m 234p + 55p: a standard win in every variant that has no
missing-suit or 2-5-8 objection (two suits, pair of 5p)."""


def _variant(instance: live.Instance) -> str:
    answer = instance.request("GET", "/v1/variants")
    assert answer.status == 200, answer.body
    variants = [v["id"] for v in answer.json()["variants"]]
    assert variants, "the registry holds no variant"
    return str(variants[0])


def _count(instance: live.Instance, route: str) -> float:
    """hupai_http_requests_total for POST 2xx on ``route`` (the route template: the
    routes are generated per variant, so it is the path itself), from one scrape."""
    text = instance.request("GET", "/metrics").body.decode()
    total = 0.0
    for line in text.splitlines():
        if not line.startswith("hupai_http_requests_total{"):
            continue
        labels = dict(re.findall(r'(\w+)="([^"]*)"', line.split("}")[0]))
        if (
            labels.get("route") == route
            and labels.get("method") == "POST"
            and labels.get("status") == "2xx"
        ):
            total += float(line.rsplit(" ", 1)[1])
    return total


def _pid_of(instance: live.Instance, request_id: str) -> int:
    """The worker that answered ``request_id`` (gunicorn logs after the response is sent)."""
    found: list[int] = []

    def logged() -> bool:
        found[:] = [
            line["pid"] for line in instance.access_log() if line.get("request_id") == request_id
        ]
        return bool(found)

    assert live.wait_until(logged, timeout=5), f"{request_id} not in the access log"
    return found[-1]


class HeldRequest:
    """A POST whose body arrives in two parts; the worker that took it waits in between."""

    def __init__(
        self,
        instance: live.Instance,
        path: str,
        body: dict[str, Any],
        request_id: str = "held-request",
    ) -> None:
        data = json.dumps(body).encode()
        self.sock = socket.create_connection((instance.host, instance.port), timeout=30)
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {instance.host}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            f"X-Request-ID: {request_id}\r\nConnection: close\r\n\r\n"
        ).encode()
        half = len(data) // 2
        self.sock.sendall(head + data[:half])
        self.rest = data[half:]
        # wait until a worker has accepted it (it is then inside the app, reading the body)
        self.worker: int | None = None

        def taken() -> bool:
            self.worker = live.accepted_by(instance, self.sock)
            return self.worker is not None

        assert live.wait_until(taken, timeout=10), "no worker accepted the held request"

    def finish(self) -> tuple[int, bytes]:
        self.sock.sendall(self.rest)
        chunks = []
        while chunk := self.sock.recv(65536):
            chunks.append(chunk)
        self.sock.close()
        raw = b"".join(chunks)
        head, _, body = raw.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        return status, body


def test_metrics_count_every_request_once_over_both_workers(
    start_service: Callable[..., live.Instance],
) -> None:
    service = start_service(workers=2)
    variant = _variant(service)
    path = f"/v1/{variant}/win"
    expected = service.post(path, WIN_BODY).json()
    n = 60
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: service.post(path, WIN_BODY), range(n)))
    assert all(a.status == 200 and a.json() == expected for a in answers)
    sent = n + 1

    # Steer the scrapes: hold both workers, release one, scrape (only the released one can
    # answer), and the same the other way round. Every scrape must see every answered request
    # exactly once, whichever worker serves it.
    first = HeldRequest(service, path, WIN_BODY, "held-1")
    second = HeldRequest(service, path, WIN_BODY, "held-2")
    assert {first.worker, second.worker} == set(service.workers())
    assert first.finish()[0] == 200
    sent += 1
    assert _count(service, path) == sent  # answered by first.worker (the other is held)
    third = HeldRequest(service, path, WIN_BODY, "held-3")
    assert third.worker == first.worker
    assert second.finish()[0] == 200
    sent += 1
    assert _count(service, path) == sent  # answered by second.worker
    assert third.finish()[0] == 200
    sent += 1
    assert _count(service, path) == sent
    # both workers answered counted requests; /proc and the access log agree on which
    assert _pid_of(service, "held-1") == first.worker
    assert _pid_of(service, "held-2") == second.worker
    # a gauge set at import in the preloading master survives the start-up wipe
    # (on_starting runs after the preload and keeps the master's own files)
    scrape = service.request("GET", "/metrics").body.decode()
    assert re.search(r"^hupai_build_info\{.*\} 1\.0$", scrape, re.M), scrape[:2000]


def test_sigterm_lets_in_flight_requests_finish_then_exits_0(
    start_service: Callable[..., live.Instance],
) -> None:
    service = start_service(workers=2)
    variant = _variant(service)
    path = f"/v1/{variant}/win"
    expected = service.post(path, WIN_BODY).body
    held = [HeldRequest(service, path, WIN_BODY) for _ in range(2)]
    assert {h.worker for h in held} == set(service.workers())  # each worker holds one
    service.signal(signal.SIGTERM)
    time.sleep(1.0)  # the shutdown is under way while the bodies are still incomplete
    assert service.proc.poll() is None, "the master must wait for in-flight requests"
    results = [h.finish() for h in held]
    assert [status for status, _ in results] == [200, 200]
    assert all(body == expected for _, body in results)
    assert service.proc.wait(timeout=30) == 0
    assert "Shutting down: Master" in service.stderr()


def test_a_worker_killed_with_sigkill_is_replaced_and_nothing_fails(
    start_service: Callable[..., live.Instance],
) -> None:
    service = start_service(workers=2)
    variant = _variant(service)
    path = f"/v1/{variant}/win"
    before = service.workers()
    assert len(before) == 2
    statuses = [service.post(path, WIN_BODY).status for _ in range(20)]
    victim = before[0]
    os.kill(victim, signal.SIGKILL)
    # keep calling while the master notices and forks a replacement
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        statuses.append(service.post(path, WIN_BODY).status)
        now = service.workers()
        if len(now) == 2 and victim not in now:
            break
    after = service.workers()
    assert len(after) == 2 and victim not in after, (before, after)
    (replacement,) = set(after) - set(before)
    # the replacement answers too: hold both workers, release the replacement's request,
    # and the next request can only be answered by the replacement
    held = [HeldRequest(service, path, WIN_BODY, f"held-{i}") for i in range(2)]
    assert {h.worker for h in held} == set(after)
    (on_replacement,) = [h for h in held if h.worker == replacement]
    (on_survivor,) = [h for h in held if h.worker != replacement]
    statuses.append(on_replacement.finish()[0])
    probe = service.post(path, WIN_BODY, headers={"X-Request-ID": "probe"})
    statuses.append(probe.status)
    statuses.append(on_survivor.finish()[0])
    assert _pid_of(service, "probe") == replacement
    assert set(statuses) == {200}, statuses
    # the dead worker's counts are not lost: counters of dead workers stay in the sum
    assert _count(service, path) == len(statuses)


def test_access_log_is_json_with_request_ids_and_no_probes(
    start_service: Callable[..., live.Instance],
) -> None:
    service = start_service(workers=1)
    ok = service.request("GET", "/v1/variants", headers={"X-Request-ID": "trace-42"})
    generated = service.request("GET", "/v1/variants", headers={"X-Request-ID": "bad id!"})
    assert ok.headers["x-request-id"] == "trace-42"
    for path in ("/livez", "/readyz", "/metrics", "/livez"):
        assert service.request("GET", path).status == 200
    missing = service.request("GET", "/v1/no-such-variant/win")
    assert live.wait_until(lambda: len(service.access_log()) >= 3, timeout=5)
    lines = service.access_log()
    assert [line["path"] for line in lines] == [
        "/v1/variants",
        "/v1/variants",
        "/v1/no-such-variant/win",
    ]
    assert [line["request_id"] for line in lines] == [
        "trace-42",
        generated.headers["x-request-id"],
        missing.headers["x-request-id"],
    ]
    assert [line["status"] for line in lines] == [200, 200, missing.status]
    first = lines[0]
    assert first["method"] == "GET" and first["bytes"] == len(ok.body)
    assert isinstance(first["duration_ms"], float) and first["duration_ms"] >= 0
    # gunicorn's own messages are JSON too (stderr), one object a line
    for line in service.stderr().splitlines():
        assert isinstance(json.loads(line), dict), line
