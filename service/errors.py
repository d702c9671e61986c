"""Errors as RFC 9457 problem details (``application/problem+json``).

Three kinds of failure become one shape of answer:

* ``HttpProblem`` — raised by the service itself (unknown variant, not ready, 401, a body that
  is not JSON). Carries its status, type, title, detail and any extension members.
* ``engine.errors.RequestError`` — a request the engine (or the schema layer, which reports in
  the engine's vocabulary) cannot evaluate: 422 with ``code`` and ``errors[{pointer, detail}]``.
  Its type is ``invalid-hand`` when ``code`` is a hand problem, else ``validation-error``.
* werkzeug ``HTTPException`` (404 no route, 405, 413, 415…) — the handler starts from
  ``e.get_response()`` so that headers werkzeug set (``Allow`` on a 405) survive, and only the
  body is replaced.

Anything else is a bug: a 500 whose body says nothing internal; the traceback goes to the log
with the request id, which the caller can quote.

Decisions: problem types are URNs ``urn:hupai:problem:<name>`` (API.md fixes only how they
end; a URN does not pretend to be a page someone must host); ``about:blank`` problems carry
the HTTP reason phrase as title, as RFC 9457 §4.2.1 asks.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from http import HTTPStatus
from typing import Any, TypeVar

from flask import Flask, Response, g, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from engine.errors import Problem, RequestError

PROBLEM_MIMETYPE = "application/problem+json"
TYPE_BASE = "urn:hupai:problem:"
ABOUT_BLANK = "about:blank"

log = logging.getLogger("hupai")
E = TypeVar("E", bound=Exception)

# type name -> title; the names are the ones API.md's error table ends in.
TITLES: Mapping[str, str] = {
    "unauthorized": "Unauthorized",
    "unknown-variant": "Unknown variant",
    "operation-not-supported": "Operation not supported",
    "validation-error": "Invalid request",
    "invalid-hand": "Invalid hand",
    "invalid-record": "Invalid record",
    "not-ready": "Not ready",
}


def type_uri(name: str) -> str:
    return TYPE_BASE + name


class HttpProblem(Exception):
    """A problem answer the service decides on; ``name`` None means ``about:blank``."""

    def __init__(self, status: int, detail: str, name: str | None = None, *,
                 headers: Mapping[str, str] | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.name = name
        self.headers = dict(headers or {})
        self.extra = extra

    def body(self) -> dict[str, Any]:
        if self.name is None:
            return problem_body(self.status, ABOUT_BLANK, HTTPStatus(self.status).phrase,
                                self.detail, **self.extra)
        return problem_body(self.status, type_uri(self.name), TITLES[self.name], self.detail,
                            **self.extra)


def problem_body(status: int, type_: str, title: str, detail: str,
                 **extra: Any) -> dict[str, Any]:
    """The members in a fixed order: type, title, status, detail, then extensions."""
    return {"type": type_, "title": title, "status": status, "detail": detail, **extra}


def encode(body: Mapping[str, Any]) -> bytes:
    """Compact UTF-8 JSON, members in insertion order: the same body gives the same bytes.

    A lone surrogate (which the body reader refuses, so only a bug can bring one here) is
    written as its JSON escape rather than failing the answer."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "backslashreplace")


def problem_response(status: int, body: Mapping[str, Any],
                     headers: Mapping[str, str] | None = None) -> Response:
    return Response(encode(body), status=status, headers=dict(headers or {}),
                    mimetype=PROBLEM_MIMETYPE)


# --- the service's own problems ------------------------------------------------------------------


def unknown_variant(variant: str, known: Sequence[str]) -> HttpProblem:
    listed = ", ".join(known) or "none are installed"
    return HttpProblem(404, f"no variant {variant!r}; known variants: {listed}",
                       "unknown-variant")


def operation_not_supported(variant: str, op: str, ops: Sequence[str]) -> HttpProblem:
    return HttpProblem(404, f"{variant} has no operation {op!r}; it supports: {', '.join(ops)}",
                       "operation-not-supported")


def bad_json(detail: str) -> HttpProblem:
    return HttpProblem(400, detail)


def not_ready(detail: str) -> HttpProblem:
    return HttpProblem(503, detail, "not-ready")


def unauthorized(detail: str) -> HttpProblem:
    return HttpProblem(401, detail, "unauthorized",
                       headers={"WWW-Authenticate": 'Bearer realm="hupai"'})


# --- 422 ---------------------------------------------------------------------------------------


MAX_LISTED = 20
"""Problems a 422 lists (API.md, Errors); ``errors_omitted`` counts the rest."""
MAX_POINTER = 200
MAX_DETAIL = 600
"""Characters of a pointer and of a detail a 422 shows: the places that echo a value cut it
to a short prefix already; this bounds what any other could add."""


def request_error_body(e: RequestError) -> dict[str, Any]:
    """A RequestError as a 422 body: ``code`` the first problem's, the first `MAX_LISTED`
    problems listed and the number of the others in ``errors_omitted``."""
    code = e.code
    name = ("invalid-record" if code.is_record_problem else
            "invalid-hand" if code.is_hand_problem else "validation-error")
    listed = e.problems[:MAX_LISTED]
    omitted = len(e.problems) - len(listed)
    extra: dict[str, Any] = {"code": code.value, "errors": [
        {"pointer": cut(p.pointer, MAX_POINTER), "detail": cut(p.detail, MAX_DETAIL)}
        for p in listed]}
    if omitted:
        extra["errors_omitted"] = omitted
    return problem_body(422, type_uri(name), TITLES[name], _summary(e.problems, omitted),
                        **extra)


def _summary(problems: Sequence[Problem], omitted: int) -> str:
    first = problems[0]
    more = len(problems) - 1
    head = f"{cut(first.pointer, MAX_POINTER)}: {cut(first.detail, MAX_DETAIL)}"
    if not more:
        return head
    s = "s" if more > 1 else ""
    if not omitted:
        return f"{head} (and {more} more problem{s}: see errors)"
    return (f"{head} (and {more} more problems: {more - omitted} more in errors, "
            f"{omitted} not listed: errors_omitted)")


def cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis saying it was."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


# --- werkzeug's HTTP errors --------------------------------------------------------------------


def _http_detail(e: HTTPException, response: BaseResponse) -> str:
    code = e.code or 500
    if code == 405:
        allow = response.headers.get("Allow", "")
        return f"{request.method} is not allowed on {request.path}; allowed: {allow}"
    if code == 404:
        return f"no such path {request.path!r}; the API is described at /openapi.yaml"
    if code == 413:
        limit = request.max_content_length
        return f"the request body is over the {limit}-byte limit"
    if code == 415:
        got = request.mimetype or "no Content-Type"
        return f"send the body as JSON with Content-Type: application/json (got {got})"
    return e.description or HTTPStatus(code).phrase


def handle_http_exception(e: HTTPException) -> BaseResponse:
    code = e.code or 500
    if code == 500:  # Flask's InternalServerError: our body, which quotes the request id
        return problem_response(500, internal_error_body())
    response = e.get_response()  # keeps Allow (405) and any other header werkzeug set
    body = problem_body(code, ABOUT_BLANK, HTTPStatus(code).phrase, _http_detail(e, response))
    response.set_data(encode(body))
    response.mimetype = PROBLEM_MIMETYPE
    return response


def _handle_problem(e: HttpProblem) -> Response:
    return problem_response(e.status, e.body(), e.headers)


def _handle_request_error(e: RequestError) -> Response:
    return problem_response(422, request_error_body(e))


def internal_error_body(rid: str | None = None) -> dict[str, Any]:
    """A 500's body, quoting the request id (``g``'s when none is given)."""
    if rid is None:
        rid = getattr(g, "request_id", None)
    quote = f" (request id {rid})" if rid else ""
    return problem_body(500, ABOUT_BLANK, "Internal Server Error",
                        f"the service failed to answer{quote}; this is a bug on our side")


def _handle_exception(e: Exception) -> BaseResponse:
    if isinstance(e, HTTPException):  # Flask routes these here too when unhandled
        return handle_http_exception(e)
    log.exception("unhandled error in %s %s (request id %s)", request.method, request.path,
                  getattr(g, "request_id", "-"))
    return problem_response(500, internal_error_body())


def _never_raising(handler: Callable[[E], BaseResponse]) -> Callable[[E], BaseResponse]:
    """``handler``, answering a 500 that quotes the request id (and logging it) should it
    raise itself: Flask's own fallback would log and answer without the id."""

    @functools.wraps(handler)
    def guarded(e: E) -> BaseResponse:
        try:
            return handler(e)
        except Exception:
            log.exception("the error handler for %s failed in %s %s (request id %s)",
                          type(e).__name__, request.method, request.path,
                          getattr(g, "request_id", "-"))
            return problem_response(500, internal_error_body())

    return guarded


def register(app: Flask) -> None:
    """Install the handlers: every error the app answers is a problem+json body."""
    app.register_error_handler(HTTPException, _never_raising(handle_http_exception))
    app.register_error_handler(HttpProblem, _never_raising(_handle_problem))
    app.register_error_handler(RequestError, _never_raising(_handle_request_error))
    app.register_error_handler(Exception, _never_raising(_handle_exception))
