"""Slow clients never reach a sync worker: through the pod's proxy they change nothing.

50 connections trickle their headers and 50 their body (a byte every half second) while
ordinary requests are sent. Through nginx, with the configuration the Deployment mounts
(deploy/base/nginx/nginx.conf, rendered by ``test_nginx.render``: ports only), every ordinary
request is answered; against gunicorn alone the same clients hold both sync workers and the
ordinary requests time out — the reason the Deployment puts the proxy in every pod.

Bounded: 100 slow connections on loopback, at most ~8 s of trickle and 40 ordinary requests
with a 2 s timeout per run. The p50/p99 and failure counts are printed (``pytest -s``).
"""

from __future__ import annotations

import contextlib
import socket
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from tests.deploy import live
from tests.deploy.proxy import Nginx
from tests.deploy.test_gunicorn import WIN_BODY

SLOW_HEADERS = 50
SLOW_BODIES = 50
ORDINARY = 40  # ordinary requests, from THREADS threads
THREADS = 8
TIMEOUT = 2.0  # an ordinary request not answered in this long failed
TRICKLE_EVERY = 0.5
MAX_TRICKLE = 8.0
PATH = "/v1/sichuan/win"


@dataclass
class Outcome:
    answered: list[float]  # seconds, each ordinary request answered 200
    failed: int

    @property
    def p50_ms(self) -> float:
        return statistics.median(self.answered) * 1000 if self.answered else float("nan")

    @property
    def p99_ms(self) -> float:
        if not self.answered:
            return float("nan")
        ordered = sorted(self.answered)
        return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] * 1000

    def __str__(self) -> str:
        return (f"{len(self.answered)}/{len(self.answered) + self.failed} answered, "
                f"{self.failed} failed, p50 {self.p50_ms:.1f} ms, p99 {self.p99_ms:.1f} ms")


def _slow_connections(port: int) -> list[tuple[socket.socket, bytes]]:
    """Open the slow clients; each gets what it still has to trickle."""
    header_start = b"POST " + PATH.encode() + b" HTTP/1.1\r\nHost: x\r\nX-Slow: "
    body = b'{"hand":"1112345678999m","win_tile":"5m"}'
    body_start = (b"POST " + PATH.encode() + b" HTTP/1.1\r\nHost: x\r\n"
                  b"Content-Type: application/json\r\nContent-Length: "
                  + str(len(body) + 1000).encode() + b"\r\n\r\n")
    conns = []
    for i in range(SLOW_HEADERS + SLOW_BODIES):
        s = socket.create_connection(("127.0.0.1", port), timeout=2)
        s.sendall(header_start if i < SLOW_HEADERS else body_start)
        conns.append((s, b"a" * 1000 if i < SLOW_HEADERS else b" " * 1000))
    return conns


def _attack(port: int) -> Outcome:
    conns = _slow_connections(port)
    stop = threading.Event()

    def trickle() -> None:
        sent = 0
        while not stop.wait(TRICKLE_EVERY):
            for s, rest in conns:
                with contextlib.suppress(OSError):  # closed by the server: that client is done
                    s.send(rest[sent:sent + 1])
            sent += 1

    trickler = threading.Thread(target=trickle)
    trickler.start()
    time.sleep(1.0)  # let the slow clients settle in wherever they are accepted

    answered: list[float] = []
    failed = [0]
    lock = threading.Lock()
    per_thread = ORDINARY // THREADS

    def ordinary() -> None:
        for _ in range(per_thread):
            t = time.perf_counter()
            try:
                ok = live.request("127.0.0.1", port, "POST", PATH, WIN_BODY,
                                  timeout=TIMEOUT).status == 200
            except OSError:
                ok = False
            with lock:
                if ok:
                    answered.append(time.perf_counter() - t)
                else:
                    failed[0] += 1

    deadline = time.monotonic() + MAX_TRICKLE
    clients = [threading.Thread(target=ordinary) for _ in range(THREADS)]
    for c in clients:
        c.start()
    for c in clients:
        c.join(timeout=max(0.1, deadline - time.monotonic()) + per_thread * TIMEOUT)
    stop.set()
    trickler.join(timeout=10)
    for s, _ in conns:
        s.close()
    return Outcome(answered, failed[0])


def test_slow_clients_through_the_proxy_change_nothing(
    start_service: Callable[..., live.Instance],
    nginx_factory: Callable[[list[int]], Nginx],
) -> None:
    instance = start_service(workers=2)
    proxy = nginx_factory([instance.port])
    workers_before = instance.workers()

    through = _attack(proxy.port)
    print(f"\nthrough nginx: {through}")
    assert through.failed == 0 and len(through.answered) == ORDINARY
    # nothing of the slow clients reached gunicorn: its access log holds the ordinary
    # requests (and nginx's readiness check) only, and no worker was replaced
    def served() -> int:
        return sum(1 for line in instance.access_log() if line["path"] == PATH)

    live.wait_until(lambda: served() >= ORDINARY, timeout=5)  # a line follows its answer
    assert served() == ORDINARY
    assert instance.workers() == workers_before


def test_slow_clients_hold_gunicorns_sync_workers_without_the_proxy(
    start_service: Callable[..., live.Instance],
) -> None:
    # Why the proxy is in the pod: the same clients straight at gunicorn.
    instance = start_service(workers=2)
    alone = _attack(instance.port)
    print(f"\ngunicorn alone: {alone}")
    assert alone.failed >= ORDINARY // 2, alone
