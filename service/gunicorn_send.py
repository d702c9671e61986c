"""gunicorn's answers written in one send: the status line and headers with the body.

gunicorn's ``Response`` sends its header block as soon as the first body bytes are written,
then the body, in two ``sendall`` calls. An instance killed between the two (SIGKILL, the
OOM killer) leaves nginx with a response begun and no body; nginx cannot retry a response it
has begun passing on, so the client sees a broken answer (``IncompleteRead``) where it would
otherwise see the other instance's: tests/deploy/test_nginx.py kills one instance of two
under load and counts every request, and this was seen there. Holding the header block
until the first body bytes and sending both together makes a kill lose whole responses,
which nginx retries (``proxy_next_upstream error``).

`OneSendResponse` does only that, around ``write`` and through the two places gunicorn 27
leaves for it (``send_headers`` and ``_emit_body``, "so a subclass can frame it
differently"). ``install()`` makes it the response class ``gunicorn.http.wsgi.create``
builds, from the configuration's ``on_starting`` hook, in the master before any worker
forks (as `gunicorn_errors`); tests/service/test_gunicorn_send.py holds its bytes to
gunicorn's own and checks that `wsgi.create` builds it.
"""

from __future__ import annotations

from typing import Any

from gunicorn.http import wsgi  # type: ignore[import-untyped]


class _Held:
    """A socket stand-in that keeps what is sent to it (gunicorn's header block)."""

    def __init__(self) -> None:
        self.data = b""

    def sendall(self, data: bytes) -> None:
        self.data += data


class OneSendResponse(wsgi.Response):  # type: ignore[misc]
    """gunicorn's ``Response``, its header block sent with the first body bytes written
    through ``write`` (a file sent by ``sendfile``, a chunked answer and a response closed
    without body bytes send theirs as gunicorn does)."""

    sock: Any
    _writing = False
    _held = b""

    def write(self, arg: bytes) -> None:
        self._writing = True
        try:
            super().write(arg)
        finally:
            self._writing = False
            if self._held:  # no body bytes went out (a HEAD, a 204): the headers alone
                held, self._held = self._held, b""
                self.sock.sendall(held)

    def send_headers(self) -> None:
        if self.headers_sent or not self._writing or self.chunked:
            super().send_headers()
            return
        sock, held = self.sock, _Held()
        self.sock = held
        try:
            super().send_headers()
        finally:
            self.sock = sock
        self._held = held.data

    def _emit_body(self, data: bytes) -> None:
        if self._held:
            data, self._held = self._held + data, b""
        super()._emit_body(data)


def install() -> None:
    """Make `OneSendResponse` the response class gunicorn's workers build."""
    wsgi.Response = OneSendResponse
