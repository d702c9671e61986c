"""Prometheus metrics, correct under several gunicorn workers.

The metrics are defined once, here, at import. When ``PROMETHEUS_MULTIPROC_DIR`` is set (the
gunicorn config sets it before anything imports ``prometheus_client``) every worker writes its
values to files there, and each scrape of ``/metrics`` builds a fresh ``CollectorRegistry``
with a ``MultiProcessCollector`` that adds up all workers' files — whichever worker answers
the scrape. Without the variable (tests, ``flask run``) the default registry is served.

Labels stay bounded: route *template*, method, status class, variant, operation and problem
code — never anything a caller chooses freely (tiles, request ids, unknown paths).

Decisions: latency buckets start at 0.1 ms (a request takes well under a millisecond in the
app; the default buckets start at 5 ms and would put everything in the first one); the
in-flight gauge is ``livesum`` (dead workers drop out); the build-info gauge is ``max`` (every
worker sets the same 1); a validation failure is any request or batch item refused for its
content (400, 413, 415, 422), labelled by its problem code.

A directory that cannot be written never costs an answer: the values of a process that cannot
write its files are kept in its memory (``service/metrics_dir.py``, one log line), ``/readyz``
says ``metrics: degraded``, and a scrape that cannot read the directory is a 503 problem.
"""

from __future__ import annotations

import logging
import math
import os
import platform
import struct
import time
from bisect import bisect_left
from functools import cache, lru_cache

from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_PLAIN_0_0_4,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector

import engine
from service import errors, metrics_dir

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
"""Decided at import, as prometheus_client decides how it stores values."""
metrics_dir.install()  # before the first value opens a file
log = logging.getLogger("hupai")

BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
           1.0, 2.5)
UNMATCHED = "unmatched"
"""The route label of a request no route matched (404, 405): never the raw path."""

HTTP_REQUESTS = Counter(
    "hupai_http_requests", "HTTP requests answered, by route template, method and status class",
    ["route", "method", "status"])
HTTP_LATENCY = Histogram(
    "hupai_http_request_duration_seconds",
    "Time from routing to the response, by route template, method and status class",
    ["route", "method", "status"], buckets=BUCKETS)
IN_FLIGHT = Gauge(
    "hupai_http_requests_in_flight", "Requests being answered right now, over all workers",
    multiprocess_mode="livesum")
ENGINE_SECONDS = Histogram(
    "hupai_engine_evaluation_seconds", "Time the engine spent on one evaluation",
    ["variant", "operation"], buckets=BUCKETS)
VALIDATION_FAILURES = Counter(
    "hupai_validation_failures",
    "Requests and batch items refused for their content, by problem code",
    ["variant", "operation", "code"])
BUILD_INFO = Gauge(
    "hupai_build_info", "Always 1; the labels say which build answers",
    ["version", "python"], multiprocess_mode="max")
BUILD_INFO.labels(engine.__version__, platform.python_version()).set(1)


@cache
def _engine_seconds(variant: str, operation: str) -> Histogram:
    """The labelled child, looked up once per process and pair (``labels()`` takes a lock and
    builds a key on every call; it returns this same object each time)."""
    return ENGINE_SECONDS.labels(variant, operation)


def observe_engine(variant: str, operation: str, seconds: float) -> None:
    """Record one evaluation's engine time."""
    _engine_seconds(variant, operation).observe(seconds)


class EngineTimes:
    """The engine times of many evaluations (a batch's items), recorded together at the end.

    Why: in multiprocess mode every histogram update takes a lock and writes two values into
    a memory-mapped file, about 4 µs — a tenth of a batch item's whole cost. Recorded together,
    each histogram gets one write for its sum and one per bucket hit, and the exposition is
    what one ``observe`` per evaluation would give (``tests/service/test_metrics.py`` holds the
    two side by side). It reaches into the child's ``_sum``, ``_buckets`` and
    ``_upper_bounds``: prometheus_client has no public "observe many" (its version is pinned).
    """

    def __init__(self) -> None:
        self._times: dict[tuple[str, str], list[float]] = {}

    def add(self, variant: str, operation: str, seconds: float) -> None:
        found = self._times.get((variant, operation))
        if found is None:
            self._times[variant, operation] = [seconds]
        else:
            found.append(seconds)

    def record(self) -> None:
        for (variant, operation), times in self._times.items():
            observe_many(_engine_seconds(variant, operation), times)
        self._times.clear()


def observe_many(histogram: Histogram, amounts: list[float]) -> None:
    """What ``histogram.observe(a)`` for each amount does, in one update per bucket hit."""
    bounds = histogram._upper_bounds  # ascending, the last +Inf
    hits = [0] * len(bounds)
    for amount in amounts:
        hits[bisect_left(bounds, amount)] += 1  # the first bound ≥ amount, as observe picks
    histogram._sum.inc(math.fsum(amounts))
    for i, count in enumerate(hits):
        if count:
            histogram._buckets[i].inc(count)


@cache
def _validation_failures(variant: str, operation: str, code: str) -> Counter:
    return VALIDATION_FAILURES.labels(variant, operation, code)


def validation_failure(variant: str, operation: str, code: str) -> None:
    _validation_failures(variant, operation, code).inc()


def exposition() -> bytes:
    """The text format: every worker's values in multiprocess mode, else this process's.

    Raises a 503 problem when the directory is gone or unreadable: the instance still
    answers requests, only the scrape cannot be made (a 500 would say it is a bug)."""
    if not MULTIPROCESS:
        return generate_latest(REGISTRY)
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")
    try:
        with metrics_dir.locked(directory, exclusive=False):
            registry = CollectorRegistry()
            MultiProcessCollector(registry, directory)  # type: ignore[no-untyped-call]
            return generate_latest(registry)
    except (OSError, ValueError, RuntimeError, struct.error) as e:
        log.error("metrics scrape failed: %s", e)
        raise errors.HttpProblem(
            503, f"the metrics cannot be read from {directory} ({e}); requests are still "
                 "answered, and a restart of the instance makes a new directory") from e


def state() -> str:
    """``ok``, or ``degraded`` when this process's metrics are not written to the directory
    or the directory is gone (a scrape would then be a 503)."""
    if MULTIPROCESS and (metrics_dir.degraded() or not os.path.isdir(
            os.environ.get("PROMETHEUS_MULTIPROC_DIR", ""))):
        return "degraded"
    return "ok"


def _start() -> None:
    g.metrics_start = time.perf_counter()
    IN_FLIGHT.inc()


def _finish(response: Response) -> Response:
    start = g.get("metrics_start")
    if start is not None:
        rule = request.url_rule
        route = rule.rule if rule is not None else UNMATCHED
        status = f"{response.status_code // 100}xx"
        method = request.method if request.method in KNOWN_METHODS else "other"
        counter, latency = _http_children(route, method, status)
        counter.inc()
        latency.observe(time.perf_counter() - start)
    return response


KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""Methods that keep their own label; any other token a client sends counts as ``other``,
so a caller cannot grow the label set."""


@lru_cache(maxsize=1024)
def _http_children(route: str, method: str, status: str) -> tuple[Counter, Histogram]:
    """The two labelled children of a request's labels, looked up once per process."""
    return HTTP_REQUESTS.labels(route, method, status), HTTP_LATENCY.labels(route, method, status)


def _teardown(_exc: BaseException | None) -> None:
    if g.pop("metrics_start", None) is not None:
        IN_FLIGHT.dec()


def _metrics_view() -> Response:
    return Response(exposition(), mimetype=None, content_type=CONTENT_TYPE_PLAIN_0_0_4)


def install(app: Flask) -> None:
    """Hook the request metrics into ``app`` and serve ``GET /metrics``.

    Call first among the hooks, so that the timing covers the other before-request work.
    """
    app.before_request(_start)
    app.after_request(_finish)
    app.teardown_request(_teardown)
    app.add_url_rule("/metrics", "metrics", _metrics_view, methods=["GET"],
                     provide_automatic_options=False)
