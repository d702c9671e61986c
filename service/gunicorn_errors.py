"""gunicorn's own answers, to a request it cannot read, as problem+json.

gunicorn refuses a request line, header or chunk it cannot parse, and one over its limits
(414 past ``limit_request_line``, 431 past ``limit_request_fields`` or
``limit_request_field_size``), itself: the app never sees it, and the answer is a small HTML
page written by ``gunicorn.util.write_error``. Behind the nginx sidecar such an answer passes
through unchanged (nginx maps its own errors only, so that Hupai's detailed problems stay
Hupai's), and nginx lets through what gunicorn refuses (a 5,000-byte request line, 120
headers). So the page is replaced at its source: ``install()`` puts ``write_problem`` in the
place of that one function, for the same status line with an RFC 9457 body.

It is called from the configuration's ``on_starting`` hook, in the master before any worker
forks. tests/deploy/test_parser_errors.py sends each such request to a real gunicorn: an
upgrade that stops writing its errors through ``util.write_error`` fails there.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from gunicorn import util  # type: ignore[import-untyped]

from service.errors import ABOUT_BLANK, MAX_DETAIL, PROBLEM_MIMETYPE, cut, encode, problem_body

INTERNAL = "the service failed to answer; this is a bug on our side"


def problem(status: int, message: str) -> bytes:
    """The whole answer: a status line, the headers and the problem body. The title and the
    reason phrase are the status's own (gunicorn leaves "Bad Request" on its 501); the detail
    is gunicorn's message, cut (it quotes the request line it could not read)."""
    phrase = HTTPStatus(status).phrase
    body = encode(problem_body(status, ABOUT_BLANK, phrase, cut(message or INTERNAL, MAX_DETAIL)))
    head = (f"HTTP/1.1 {status} {phrase}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_MIMETYPE}\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def write_problem(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """``gunicorn.util.write_error``'s signature; ``reason`` is not used (see ``problem``)."""
    util.write_nonblock(sock, problem(status_int, mesg))


def install() -> None:
    util.write_error = write_problem
