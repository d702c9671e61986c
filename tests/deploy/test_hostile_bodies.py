"""Issue 13's reproductions against real gunicorn workers: what the test client cannot show
(gunicorn decodes chunked bodies itself)."""

from __future__ import annotations

import json
import socket

from tests.deploy import live


def raw_post(instance: live.Instance, head: bytes, body: bytes) -> tuple[int, bytes]:
    """Send one request as bytes; the status and the answer's body."""
    with socket.create_connection((instance.host, instance.port), timeout=20) as s:
        s.sendall(b"POST /v1/sichuan/win HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                  b"\r\n" + head + b"\r\n" + body)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
            if b"\r\n\r\n" in data:
                headers, _, rest = data.partition(b"\r\n\r\n")
                length = next((int(h.split(b":")[1]) for h in headers.split(b"\r\n")
                               if h.lower().startswith(b"content-length:")), None)
                if length is not None and len(rest) >= length:
                    break
    status = int(data.split(b" ", 2)[1])
    return status, data.partition(b"\r\n\r\n")[2]


def test_a_malformed_chunk_is_a_400_problem(shared_service: live.Instance) -> None:
    status, body = raw_post(shared_service, b"Transfer-Encoding: chunked\r\n",
                            b"zz\r\nabc\r\n0\r\n\r\n")
    assert status == 400
    assert "chunked body cannot be read" in json.loads(body)["detail"]


def test_a_chunked_body_over_the_limit_is_413(shared_service: live.Instance) -> None:
    payload = b'{"hand":"' + b"1" * (1 << 20) + b'"}'
    status, body = raw_post(shared_service, b"Transfer-Encoding: chunked\r\n",
                            b"%x\r\n" % len(payload) + payload + b"\r\n0\r\n\r\n")
    assert status == 413 and json.loads(body)["type"] == "about:blank"


def test_a_chunked_body_within_the_limit_is_answered(shared_service: live.Instance) -> None:
    payload = b'{"hand":"1112345678999m","win_tile":"5m"}'
    status, body = raw_post(shared_service, b"Transfer-Encoding: chunked\r\n",
                            b"%x\r\n" % len(payload) + payload + b"\r\n0\r\n\r\n")
    assert status == 200 and json.loads(body)["win"] is True


def test_the_issues_bodies_answer_briefly(shared_service: live.Instance) -> None:
    melds = b'{"win_tile":"5m","hand":"1m","melds":[' + b",".join([b"{}"] * 349500) + b"]}"
    status, body = raw_post(shared_service, b"Content-Length: %d\r\n" % len(melds), melds)
    # more members and entries than any request holds: a 413 before the parse (issue 23)
    assert status == 413 and len(body) < 1024
    assert json.loads(body)["detail"].startswith("the body has 349,504 members and entries")
    lone = b'{"hand":"\\ud800","win_tile":"5m"}'
    status, body = raw_post(shared_service, b"Content-Length: %d\r\n" % len(lone), lone)
    assert status == 400 and "#/hand" in json.loads(body)["detail"]
