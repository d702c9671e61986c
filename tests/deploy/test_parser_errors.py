"""Requests no parser should pass on, sent as raw bytes to gunicorn and through the nginx sidecar.

Every refusal is an RFC 9457 problem (``application/problem+json``, its ``status`` the
answer's), whichever of the two makes it: nginx its own (deploy/base/nginx/nginx.conf,
``error_page`` to fixed bodies), gunicorn its own (service/gunicorn_errors.py), and what nginx
lets through but gunicorn refuses (a 5,000-byte request line, 120 headers) reaches the caller
as gunicorn's problem. No answer is HTML, and no answer redirects to a URL built from the
client's ``Host``.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.deploy import live
from tests.deploy.proxy import Nginx

EVIL = "evil.example"
WIN = b'{"hand":"123m456m789m55p23p","win_tile":"4p"}'


def _post(headers: bytes, body: bytes = WIN) -> bytes:
    return (b"POST /v1/sichuan/win HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + headers
            + b"\r\n" + body)


CASES: dict[str, tuple[bytes, int, int]] = {
    # name: (the request, gunicorn's status, the proxy's status)
    "Content-Length not a number": (
        _post(b"Content-Type: application/json\r\nContent-Length: abc\r\n"), 400, 400),
    "Transfer-Encoding and Content-Length": (
        _post(b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", b"0\r\n\r\n"), 400, 400),
    "Transfer-Encoding other than chunked": (
        _post(b"Transfer-Encoding: gzip\r\n", b""), 400, 501),
    "request line of 20,000 bytes": (
        b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, 414),
    "request line of 5,000 bytes (passes nginx)": (
        b"GET /" + b"a" * 5_000 + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        414, 414),
    "header line of 20,000 bytes": (
        b"GET /livez HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n", 431, 431),
    "120 headers (passes nginx)": (
        b"GET /livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        + b"".join(b"X-H%d: 1\r\n" % i for i in range(120)) + b"\r\n", 431, 431),
    "HTTP/1.1 without Host": (b"GET /v1/variants HTTP/1.1\r\n\r\n", 400, 400),
    "method not a token": (b"G@T / HTTP/1.1\r\nHost: x\r\n\r\n", 400, 400),
    "no request line": (b"GARBAGE\r\n\r\n", 400, 400),
    "doubled slashes": (
        b"POST //v1//sichuan//win HTTP/1.1\r\nHost: " + EVIL.encode() + b"\r\nConnection: close"
        b"\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(WIN) + WIN,
        404, 404),
}


def _exchange(port: int, request: bytes) -> bytes:
    """Send ``request`` and read the answer until the server closes the connection (every
    refusal closes it, and the requests that get through say ``Connection: close``)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(request)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def _parse(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    version, status, *_ = status_line.split(" ", 2)
    assert version in ("HTTP/1.0", "HTTP/1.1"), raw[:200]
    headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in lines)}
    return int(status), headers, body


def _problem(raw: bytes) -> tuple[int, dict[str, str], dict[str, Any]]:
    status, headers, body = _parse(raw)
    assert headers["content-type"] == "application/problem+json", raw[:400]
    assert int(headers["content-length"]) == len(body)
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == "about:blank"
    assert set(problem) == {"type", "title", "status", "detail"}
    assert b"<html" not in body.lower()
    return status, headers, problem


@pytest.fixture
def proxy(shared_service: live.Instance,
          nginx_factory: Callable[[list[int]], Nginx]) -> Iterator[Nginx]:
    yield nginx_factory([shared_service.port])


@pytest.mark.parametrize("name", list(CASES))
def test_refused_as_a_problem_directly_and_through_the_proxy(
        shared_service: live.Instance, proxy: Nginx, name: str) -> None:
    request, direct_status, proxied_status = CASES[name]
    for port, expected in ((shared_service.port, direct_status), (proxy.port, proxied_status)):
        status, headers, problem = _problem(_exchange(port, request))
        assert status == expected, (port, problem)
        assert "location" not in headers
        assert EVIL not in json.dumps(problem)


def test_http09_is_refused_by_the_proxy_with_a_bare_problem_body(
        shared_service: live.Instance, proxy: Nginx) -> None:
    # HTTP/0.9 has no status line and no headers: the client reads the body alone
    raw = _exchange(proxy.port, b"GET /\r\n")
    problem = json.loads(raw)
    assert problem["status"] == 400 and problem["title"] == "Bad Request"
    assert "HTTP/1.1 or 1.0" in problem["detail"]
    # gunicorn refuses it with a whole HTTP/1.1 answer
    status, _, direct = _problem(_exchange(shared_service.port, b"GET /\r\n"))
    assert status == 400 and "GET /" in direct["detail"]


def test_the_proxy_keeps_the_apps_own_problems(
        shared_service: live.Instance, proxy: Nginx) -> None:
    # nginx maps its own errors only: the app's detailed 400 and 404 pass through unchanged
    for request in (_post(b"Content-Type: application/json\r\nContent-Length: 4\r\n", b"{bad"),
                    b"GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"):
        direct = _problem(_exchange(shared_service.port, request))[2]
        through = _problem(_exchange(proxy.port, request))[2]
        assert through == direct and "proxy" not in through["detail"]


def test_the_proxy_refuses_before_gunicorn_reads_a_byte(
        shared_service: live.Instance, proxy: Nginx) -> None:
    # what nginx refuses never reaches the app: nothing new in its access log
    before = len(shared_service.access_log())
    for name, (request, _, proxied) in CASES.items():
        if "passes nginx" not in name and proxied != 404:
            _exchange(proxy.port, request)
    assert len(shared_service.access_log()) == before
