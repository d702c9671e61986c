"""Behind nginx: two instances, bounded load, one instance stopped, zero failed requests.

nginx (Debian nginx-light) runs unprivileged on loopback with the configuration the
Deployment mounts (deploy/base/nginx/nginx.conf); only the upstream list and the listen ports are
replaced by the ones a test uses (``render``). The load is bounded in count and time.
"""

from __future__ import annotations

import gzip
import http.client
import json
import re
import signal
import threading
import time
from collections.abc import Callable

import pytest

from tests.deploy import live
from tests.deploy.proxy import CONF, Nginx, render
from tests.deploy.test_gunicorn import WIN_BODY


def test_render_replaces_only_ports() -> None:
    original = CONF.read_text()
    rendered = render(original, [1111], 3333, 4444)
    assert "server 127.0.0.1:1111 max_fails=1 fail_timeout=10s;" in rendered
    assert "listen 127.0.0.1:3333;" in rendered and "listen 127.0.0.1:4444;" in rendered
    strip = re.compile(r"(127\.0\.0\.1:)?\d{4}")
    assert strip.sub("N", rendered) == strip.sub("N", original)
    two = render(original, [1111, 2222], 3333, 4444)  # in front of several instances
    assert "server 127.0.0.1:2222 max_fails=1 fail_timeout=10s;" in two


def test_recommended_config_retries_pure_posts() -> None:
    conf = CONF.read_text()
    assert re.search(r"proxy_next_upstream +error timeout http_502 http_503 non_idempotent;", conf)


@pytest.mark.parametrize("how", ["sigkill", "sigterm"])
def test_stopping_one_instance_under_load_fails_no_request(
    start_service: Callable[..., live.Instance],
    nginx_factory: Callable[[list[int]], Nginx],
    how: str,
) -> None:
    a = start_service(workers=2, name="a")
    b = start_service(workers=2, name="b")
    variant = a.request("GET", "/v1/variants").json()["variants"][0]["id"]
    path = f"/v1/{variant}/win"
    expected = a.post(path, WIN_BODY).body
    proxy = nginx_factory([a.port, b.port])

    # bounded by count: 2000 requests; the time bound only stops a hang (a few seconds on a
    # quiet machine, but a loaded shared one has needed more than a minute)
    total, threads, stop_after = 2000, 4, 400
    results: list[tuple[float, int, bool]] = []  # (start time, status or -1, body matched)
    lock = threading.Lock()
    issued = [0]
    deadline = time.monotonic() + 240
    stopped_at: list[float] = []

    def client() -> None:
        while True:
            with lock:
                if issued[0] >= total or time.monotonic() > deadline:
                    return
                issued[0] += 1
            t = time.monotonic()
            try:
                r = live.request("127.0.0.1", proxy.port, "POST", path, WIN_BODY, timeout=20)
                outcome = (t, r.status, r.body == expected)
            except (OSError, http.client.HTTPException):  # a broken answer fails, counted
                outcome = (t, -1, False)
            with lock:
                results.append(outcome)

    workers = [threading.Thread(target=client) for _ in range(threads)]
    for w in workers:
        w.start()
    assert live.wait_until(lambda: len(results) >= stop_after, timeout=120)
    if how == "sigkill":
        a.kill_group()  # master and workers die at once: connections reset mid-request
    else:
        a.signal(signal.SIGTERM)  # graceful: a's in-flight requests finish, then it exits
        assert a.proc.wait(timeout=30) == 0
    stopped_at.append(time.monotonic())
    for w in workers:
        w.join(timeout=270)

    assert len(results) == total, "the load did not run to completion in time"
    failed = [(s, ok) for _, s, ok in results if s != 200 or not ok]
    assert failed == [], f"{len(failed)} failed requests: {failed[:5]}"
    # both carried load before the stop; afterwards only b could answer, and it did
    served_a = [line for line in a.access_log() if line["path"] == path]
    served_b = [line for line in b.access_log() if line["path"] == path]
    assert served_a and served_b
    after = sum(1 for t, _, _ in results if t > stopped_at[0])
    assert after > 0 and len(served_b) >= after
    if how == "sigterm":  # a killed instance may die between its answer and its log line
        assert len(served_a) + len(served_b) >= total
    # the retry path was taken: some requests name two upstreams in nginx's log (the first
    # one failed: refused, reset or 502), and each of those still answered 200
    logged = proxy.access_log()
    retried = [line for line in logged if "," in line["upstream"]]
    assert retried and all(line["status"] == 200 for line in retried)
    assert sum(1 for line in logged if line["uri"] == path) == total


def test_the_proxy_refuses_as_hupai_would_and_keeps_metrics_off_the_public_port(
    shared_service: live.Instance, nginx_factory: Callable[[list[int]], Nginx]
) -> None:
    proxy = nginx_factory([shared_service.port])
    big = b'{"hand":"' + b"1" * (1 << 20) + b'"}'  # over the 1 MiB limit
    direct = shared_service.post("/v1/sichuan/win", big)
    through = live.request("127.0.0.1", proxy.port, "POST", "/v1/sichuan/win", big,
                           headers={"X-Request-ID": "big-1"})
    assert direct.status == through.status == 413
    assert through.headers["content-type"] == "application/problem+json"
    assert through.json() == direct.json()  # the body Hupai itself answers
    assert through.headers["x-request-id"] == "big-1"

    public = live.request("127.0.0.1", proxy.port, "GET", "/metrics")
    assert public.status == 404 and public.headers["content-type"] == "application/problem+json"
    assert public.json()["status"] == 404
    scraped = live.request("127.0.0.1", proxy.metrics_port, "GET", "/metrics")
    assert scraped.status == 200 and b"hupai_http_requests_total" in scraped.body
    alive = live.request("127.0.0.1", proxy.metrics_port, "GET", "/livez")
    assert alive.status == 200 and alive.json() == {"status": "ok"}
    # only /metrics and the proxy's liveness on the metrics port
    assert live.request("127.0.0.1", proxy.metrics_port, "GET", "/readyz").status == 404


def test_the_proxy_compresses_json_answers_over_1_kib_for_a_client_that_accepts_gzip(
    shared_service: live.Instance, nginx_factory: Callable[[list[int]], Nginx]
) -> None:
    proxy = nginx_factory([shared_service.port])
    batch = {"requests": [{"variant": "sichuan", "op": "win", "body": WIN_BODY}] * 3}
    gzip_ok = {"Accept-Encoding": "gzip"}
    for method, path, body in (("GET", "/v1/variants", None), ("POST", "/v1/batch", batch)):
        direct = shared_service.request(method, path, body)
        assert direct.status == 200 and direct.headers["content-type"] == "application/json"
        assert len(direct.body) > 1024
        packed = live.request("127.0.0.1", proxy.port, method, path, body, headers=gzip_ok)
        assert packed.headers["content-encoding"] == "gzip"
        assert "Accept-Encoding" in packed.headers["vary"]
        assert gzip.decompress(packed.body) == direct.body  # the same answer, byte for byte
        assert len(packed.body) < len(direct.body) / 2
        plain = live.request("127.0.0.1", proxy.port, method, path, body)  # no Accept-Encoding
        assert "content-encoding" not in plain.headers and plain.body == direct.body
    # an answer under 1 KiB is sent as it is, even to a client that accepts gzip (长沙's win:
    # 四川's options echo, the room options with it, is over 1 KiB by now)
    small = shared_service.post("/v1/changsha/win", WIN_BODY)
    assert len(small.body) < 1024
    sent = live.request("127.0.0.1", proxy.port, "POST", "/v1/changsha/win", WIN_BODY,
                        headers=gzip_ok)
    assert "content-encoding" not in sent.headers and sent.body == small.body


def test_prefer_passes_the_proxy_and_its_headers_come_back(
    shared_service: live.Instance, nginx_factory: Callable[[list[int]], Nginx]
) -> None:
    # Prefer reaches gunicorn (two fields joined into one list, service/prefer.py), and the
    # answer's Vary: Prefer and Preference-Applied reach the client beside nginx's own Vary
    proxy = nginx_factory([shared_service.port])
    batch = {"requests": [{"variant": "sichuan", "op": "fan", "body": WIN_BODY}] * 8}
    full = shared_service.post("/v1/batch", batch)
    assert full.headers["vary"] == "Prefer" and "preference-applied" not in full.headers
    twice = [("Prefer", "foo"), ("Prefer", "return=minimal")]
    for headers in ([("Prefer", "return=minimal")], twice):
        packed = live.request("127.0.0.1", proxy.port, "POST", "/v1/batch", batch,
                              headers=[*headers, ("Accept-Encoding", "gzip")])
        assert packed.status == 200 and packed.headers["content-encoding"] == "gzip"
        assert packed.headers["preference-applied"] == "return=minimal"
        varies = {v.strip() for v in packed.headers["vary"].split(",")}
        assert {"Prefer", "Accept-Encoding"} <= varies
        results = json.loads(gzip.decompress(packed.body))["results"]
        assert [set(r["body"]) for r in results] == [set(full.json()["results"][0]["body"])
                                                     - {"options"}] * 8
    plain = live.request("127.0.0.1", proxy.port, "POST", "/v1/sichuan/win", WIN_BODY,
                         headers=[("Prefer", "respond-async")])
    assert plain.body == shared_service.post("/v1/sichuan/win", WIN_BODY).body
    # (四川's full win answer is over 1 KiB: nginx names Accept-Encoding beside it)
    assert "preference-applied" not in plain.headers
    assert "Prefer" in {v.strip() for v in plain.headers["vary"].split(",")}
