"""gunicorn's answers in one send (`service.gunicorn_send`): the same bytes as gunicorn's own
``Response`` writes, in one ``sendall`` where gunicorn makes two, so that an instance killed
mid-answer loses it whole and nginx retries it (tests/deploy/test_nginx.py kills one)."""

from __future__ import annotations

from typing import Any

import pytest
from gunicorn import util  # type: ignore[import-untyped]
from gunicorn.config import Config  # type: ignore[import-untyped]
from gunicorn.http import wsgi  # type: ignore[import-untyped]
from gunicorn.http.parser import RequestParser  # type: ignore[import-untyped]

from service import gunicorn_send
from service.gunicorn_send import OneSendResponse

HEADERS = [("Content-Type", "application/json"), ("Content-Length", "13")]
PLAIN = OneSendResponse.__bases__[0]
"""gunicorn's own class (``wsgi.Response`` is ours once a test has run ``on_starting``)."""


@pytest.fixture(autouse=True)
def _one_date(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both answers of a test carry the same ``Date`` (they may straddle a second)."""
    monkeypatch.setattr(util, "http_date", lambda *_: "Thu, 01 Jan 2026 00:00:00 GMT")


class Sock:
    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.sent.append(data)


def request(method: str) -> Any:
    raw = f"{method} /v1/sichuan/win HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n"
    return next(iter(RequestParser(Config(), [raw.encode()], ("127.0.0.1", 1))))


def answer(cls: Any, method: str = "POST", body: list[bytes] | None = None) -> list[bytes]:
    sock = Sock()
    resp = cls(request(method), sock, Config())
    resp.start_response("200 OK", HEADERS)
    for part in [b'{"win":true}\n'] if body is None else body:
        resp.write(part)
    resp.close()
    return sock.sent


def test_an_answer_is_one_send_of_gunicorns_bytes() -> None:
    plain, one = answer(PLAIN), answer(OneSendResponse)
    assert len(plain) == 2  # gunicorn's own: the header block, then the body
    assert one == [b"".join(plain)]
    assert one[0].startswith(b"HTTP/1.1 200 OK\r\n") and one[0].endswith(b'\r\n\r\n{"win":true}\n')


def test_a_body_in_parts_sends_the_headers_with_the_first() -> None:
    parts = [b'{"win":', b"true}\n"]
    plain, one = answer(PLAIN, body=parts), answer(OneSendResponse, body=parts)
    assert len(one) == 2 and b"".join(one) == b"".join(plain)
    assert one[1] == b"true}\n"


@pytest.mark.parametrize(("method", "body"), [("HEAD", None), ("POST", [])])
def test_an_answer_without_body_bytes_still_sends_its_headers(method: str,
                                                              body: list[bytes] | None) -> None:
    # a HEAD writes none (gunicorn drops them), an empty iterable never writes: the held
    # header block goes out on its own, as gunicorn would send it
    plain, one = answer(PLAIN, method, body), answer(OneSendResponse, method, body)
    assert b"".join(one) == b"".join(plain) and one[0].startswith(b"HTTP/1.1 200 OK\r\n")


def test_install_makes_it_the_class_the_workers_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wsgi, "Response", PLAIN)  # restored after the test
    gunicorn_send.install()
    resp, _ = wsgi.create(request("POST"), Sock(), ("127.0.0.1", 1), ("127.0.0.1", 8000),
                          Config())
    assert type(resp) is OneSendResponse
