"""The API's ``POST`` routes answered without Flask's per-request machinery (issue 29).

Why: Flask's request context, routing, hooks and response object cost about 130 µs of CPU a
request on the development machine (a bare ``GET /livez`` is 147 µs in-process, a bare WSGI
call a few µs) — as much as a fresh hand's ``claims`` costs the engine. A game server's
stream is nearly all ``POST /v1/{variant}/{op}`` and ``POST /v1/batch``, so those are
answered here, in front of ``Flask.wsgi_app`` (where Flask's documentation puts a WSGI
middleware), doing for them what the hooks and the view do, in the same order:

* the request metrics (in flight, then count and latency by route template) as
  service/metrics.py's hooks keep them;
* the request id and version headers of service/stamp.py, as service/app.py's hook sets them;
* the body read and answered by the route's `routes.PostRoute` — the object the Flask view
  calls — with `prefer.answer_headers`, as `routes.answered` sets them.

Anything out of the ordinary goes to Flask before any of its body is read, so that its answer
is Flask's own: another method or path, no ``Host`` header, a missing or wrong API key, a
``Content-Type`` other than exactly ``application/json``, no ``Content-Length`` or one that is
not a few plain digits, a chunked body, a body over the size limit or over
`memory.LARGE_BODY` (whose memory Flask's hooks give back after the answer), and an app whose
hooks are not the ones this module stands for (a test or an extension added one). A body
shorter than its length is handed to Flask as read (werkzeug's 400). An error met while
answering — a 400, 413, 422, or a bug's 500 — is answered by Flask's own error handlers and
after-request hooks, in a request context made for it, so that problem bodies, headers, logs
and metrics are Flask's too.

What this path does not do for its requests is Flask's own bookkeeping that nothing here
reads: its ``request_started`` and ``request_finished`` signals (no code of the service
subscribes to them) and its first-request flag (an app that gains a hook after serving
requests stops being answered here, by the hook check above, rather than refusing the hook).

tests/service/test_direct.py holds this path's answers — status, headers in order, body —
byte for byte equal to ``Flask.wsgi_app``'s on the same requests, errors included.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from time import perf_counter
from typing import TYPE_CHECKING, Any

from flask import Flask, g

from service import auth, memory, metrics, prefer, stamp
from service.routes import JSON, PostRoute
from service.settings import Settings

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

_MAX_LENGTH_DIGITS = 12
"""A ``Content-Length`` of more digits is no body this path takes (and ``int`` of thousands
of digits would be slow)."""


_HOOK_TABLES = ("before_request_funcs", "after_request_funcs", "teardown_request_funcs",
                "url_value_preprocessors")
"""The app's tables of request hooks: what this path does in their place."""


def _hooks(app: Flask) -> list[dict[Any, list[Any]]]:
    """The app's hook tables as they are now, copied."""
    return [{key: list(funcs) for key, funcs in getattr(app, name).items()}
            for name in _HOOK_TABLES]


class DirectRoutes:
    """The WSGI application in front of ``app.wsgi_app`` (module docstring)."""

    def __init__(self, app: Flask, posts: Mapping[str, PostRoute], settings: Settings) -> None:
        self.app = app
        self.flask: WSGIApplication = app.wsgi_app
        self.posts = dict(posts)
        self.most = min(settings.max_body_bytes, memory.LARGE_BODY)
        self.keys = auth.encoded_keys(settings) if settings.auth_enabled else None
        self.hooks = _hooks(app)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse
                 ) -> Iterable[bytes]:
        route = (self.posts.get(environ.get("PATH_INFO", ""))
                 if environ.get("REQUEST_METHOD") == "POST" else None)
        length = None if route is None else self._length(environ)
        if route is None or length is None:
            return self.flask(environ, start_response)
        raw: bytes = environ["wsgi.input"].read(length)
        if len(raw) != length:
            environ["wsgi.input"] = io.BytesIO(raw)
            return self.flask(environ, start_response)
        return self._answer(route, raw, environ, start_response)

    def _length(self, environ: WSGIEnvironment) -> int | None:
        """The body's length when the request is an ordinary one (module docstring)."""
        length = environ.get("CONTENT_LENGTH")
        if (not length or len(length) > _MAX_LENGTH_DIGITS or not length.isascii()
                or not length.isdigit() or environ.get("CONTENT_TYPE") != JSON
                or "HTTP_TRANSFER_ENCODING" in environ or "HTTP_HOST" not in environ
                or (self.keys is not None
                    and not auth.authorized(environ.get("HTTP_AUTHORIZATION"), self.keys))
                or not self._same_hooks()):
            return None
        found = int(length)
        return found if found <= self.most else None

    def _same_hooks(self) -> bool:
        """Whether the app's hooks are still the ones it was made with (compared in place,
        without a copy: a µs)."""
        app = self.app
        return all(getattr(app, name) == hooks
                   for name, hooks in zip(_HOOK_TABLES, self.hooks, strict=True))

    def _answer(self, route: PostRoute, raw: bytes, environ: WSGIEnvironment,
                start_response: StartResponse) -> Iterable[bytes]:
        start = perf_counter()
        metrics.IN_FLIGHT.inc()
        try:
            rid = stamp.request_id(environ.get(stamp.REQUEST_ID_ENVIRON))
            minimal = prefer.minimal(environ)
            try:
                answer = route.answer(lambda: raw, minimal, rid)
            except Exception as e:
                return self._error(e, environ, start_response, start, rid)
            start_response("200 OK", [("Content-Type", JSON),
                                      ("Content-Length", str(len(answer))),
                                      *prefer.answer_headers(minimal), *stamp.headers(rid)])
            metrics.count_request(route.rule, "POST", "2xx", perf_counter() - start)
            return [answer]
        finally:
            metrics.IN_FLIGHT.dec()

    def _error(self, error: Exception, environ: WSGIEnvironment,
               start_response: StartResponse, start: float, rid: str) -> Iterable[bytes]:
        """Flask's answer to ``error``, raised answering the request: as ``full_dispatch_request``
        and ``wsgi_app`` answer an error of a view. Called while ``error`` is being handled
        (Flask's ``handle_user_exception`` re-raises it when no handler is found)."""
        app = self.app
        context = app.request_context(environ)
        context.push()
        failed: BaseException | None = None
        try:
            g.request_id = rid
            g.metrics_start = start, False  # in flight: counted by `_answer`
            try:
                response = app.finalize_request(app.handle_user_exception(error))
            except Exception as e:
                failed = e
                response = app.handle_exception(e)
            return response(environ, start_response)
        except BaseException as e:
            failed = e
            raise
        finally:
            context.pop(failed)

