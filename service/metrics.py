"""Prometheus metrics, correct under several gunicorn workers.

The metrics are defined once, here, at import. When ``PROMETHEUS_MULTIPROC_DIR`` is set (the
gunicorn config sets it before anything imports ``prometheus_client``) every worker writes its
values to files there, and each scrape of ``/metrics`` adds up all processes' files — whichever
worker answers the scrape — with ``service/metrics_scrape.py`` (prometheus_client's
``MultiProcessCollector`` and text format, keeping between scrapes what does not change: a
scrape of ~1,100 samples in about 1.5 ms instead of 10–25). Without the variable (tests,
``flask run``) the default registry is served.

Labels stay bounded: route *template*, method, status class, variant, operation and problem
code — never anything a caller chooses freely (tiles, request ids, unknown paths).

Decisions:

* Buckets. An engine evaluation takes a few µs to a few ms (the default buckets start at 5 ms
  and would put everything in the first one), so ``ENGINE_BUCKETS`` run from 0.1 ms — the first
  holds about half of all evaluations — to 1 s: the batch budget keeps a whole batch under
  250 ms, so a larger bound would only ever count zero (``+Inf`` still catches anything).
  A request takes longer than its evaluations (routing, JSON, hooks: ≥ 0.2 ms even for a 404),
  so ``HTTP_BUCKETS`` start at 0.25 ms (a 0.1 ms bucket held 1 of 46 requests, a 404) and run
  to 30 s, past gunicorn's 30 s worker timeout, so that a slow batch under load is seen for
  what it is. Every bucket is a sample per label set in every scrape.
* ``hupai_http_requests_in_flight`` (``livesum``: dead workers drop out) counts the requests
  being answered, not the scrape answering it nor the probes (``/livez``, ``/readyz``): an
  idle instance reads 0. Those requests are still counted and timed.
* Process metrics: ``hupai_process_resident_memory_bytes``, ``hupai_process_cpu_seconds_total``
  (a counter), ``hupai_process_open_fds`` and ``hupai_process_start_time_seconds`` per process
  (label ``pid``, the gunicorn master's included) — the same names without ``pid`` when single
  process. Each process sets its start time at import and after every fork into a ``liveall``
  gauge: that file says which processes are alive (``child_exit`` removes a dead worker's
  gauges), so the series stay bounded over restarts. The other three change all the time and
  each worker knows only itself, so the worker answering the scrape reads them for every live
  process from ``/proc/<pid>`` (prometheus_client's ``ProcessCollector``, same user, same pid
  namespace): exact at scrape time, nothing on the request path, no thread. A process whose
  ``/proc`` entry cannot be read has only its start time.
* ``hupai_metrics_dir_size_bytes`` and ``hupai_metrics_dir_free_bytes``: ``statvfs`` of the
  directory at scrape time (the "metrics directory near full" alert); absent single-process.
* ``hupai_batch_items``: items per evaluated batch (after the budget check: a refused batch did
  no work), buckets at the powers of two up to the 256-item limit.
* The build-info gauge is ``max`` (every worker sets the same 1); a validation failure is any
  request or batch item refused for its content (400, 413, 415, 422), by its problem code.

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
from collections.abc import Iterable
from functools import cache, lru_cache

from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_PLAIN_0_0_4,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.metrics_core import CounterMetricFamily, GaugeMetricFamily, Metric

import engine
from service import errors, metrics_dir, metrics_scrape

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
"""Decided at import, as prometheus_client decides how it stores values."""
metrics_dir.install()  # before the first value opens a file
log = logging.getLogger("hupai")

HTTP_BUCKETS = (0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                2.5, 5.0, 10.0, 30.0)
ENGINE_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                  0.5, 1.0)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)
UNMATCHED = "unmatched"
"""The route label of a request no route matched (404, 405): never the raw path."""

HTTP_REQUESTS = Counter(
    "hupai_http_requests", "HTTP requests answered, by route template, method and status class",
    ["route", "method", "status"])
HTTP_LATENCY = Histogram(
    "hupai_http_request_duration_seconds",
    "Time from routing to the response, by route template, method and status class",
    ["route", "method", "status"], buckets=HTTP_BUCKETS)
IN_FLIGHT = Gauge(
    "hupai_http_requests_in_flight", "Requests being answered right now, over all workers",
    multiprocess_mode="livesum")
ENGINE_SECONDS = Histogram(
    "hupai_engine_evaluation_seconds", "Time the engine spent on one evaluation",
    ["variant", "operation"], buckets=ENGINE_BUCKETS)
VALIDATION_FAILURES = Counter(
    "hupai_validation_failures",
    "Requests and batch items refused for their content, by problem code",
    ["variant", "operation", "code"])
BUILD_INFO = Gauge(
    "hupai_build_info", "Always 1; the labels say which build answers",
    ["version", "python"], multiprocess_mode="max")
BUILD_INFO.labels(engine.__version__, platform.python_version()).set(1)
BATCH_ITEMS = Histogram(
    "hupai_batch_items", "Items per evaluated batch request", buckets=BATCH_BUCKETS)
PROCESS_START_NAME = "hupai_process_start_time_seconds"
PROCESS_START = Gauge(
    PROCESS_START_NAME,
    "Start time of the process since the Unix epoch in seconds, per live process",
    multiprocess_mode="liveall")


_PROCESS_FAMILIES: dict[str, tuple[type[GaugeMetricFamily | CounterMetricFamily], str]] = {
    # ProcessCollector's family → (its kind, help) as served
    "hupai_process_resident_memory_bytes": (GaugeMetricFamily, "Resident memory in bytes"),
    "hupai_process_cpu_seconds": (  # written hupai_process_cpu_seconds_total
        CounterMetricFamily, "User and system CPU time spent in seconds"),
    "hupai_process_open_fds": (GaugeMetricFamily, "Open file descriptors"),
}


class _Processes:
    """The resident memory, CPU time and open files of processes, read from ``/proc`` at
    scrape time with prometheus_client's ``ProcessCollector`` (module docstring)."""

    def __init__(self) -> None:
        self._pid = "self"
        self._reader = ProcessCollector(namespace="hupai", pid=lambda: self._pid, registry=None)

    def read(self, pid: str = "self") -> dict[str, float]:
        """Family name → value for one process; empty when its ``/proc`` entry is unreadable."""
        self._pid = pid
        try:
            return {m.name: m.samples[0].value for m in self._reader.collect()}
        finally:
            self._pid = "self"

    def families(self, pids: Iterable[str] | None) -> list[Metric]:
        """One family per name: a ``pid`` label per process, or none for ``None`` (this one)."""
        families = {name: kind(name, help_text, labels=[] if pids is None else ["pid"])
                    for name, (kind, help_text) in _PROCESS_FAMILIES.items()}
        for pid in ["self"] if pids is None else pids:
            found = self.read(pid)
            for name, family in families.items():
                if name in found:
                    family.add_metric([] if pids is None else [pid], found[name])
        return list(families.values())


PROCESSES = _Processes()


def _mark_start() -> None:
    """This process's start time into its ``liveall`` gauge (at import, and in a forked child:
    its first write there also makes its files, so even an idle worker is seen alive)."""
    PROCESS_START.set(PROCESSES.read().get("hupai_process_start_time_seconds", time.time()))


_mark_start()
os.register_at_fork(after_in_child=_mark_start)


def _directory_usage(directory: str) -> list[Metric]:
    usage = os.statvfs(directory)
    return [GaugeMetricFamily("hupai_metrics_dir_size_bytes",
                              "Size of the file system holding the metrics directory",
                              value=usage.f_blocks * usage.f_frsize),
            GaugeMetricFamily("hupai_metrics_dir_free_bytes",
                              "Bytes an unprivileged process can still write there",
                              value=usage.f_bavail * usage.f_frsize)]


class _SingleProcess:
    """This process's families for the default registry (no directory, no ``pid`` label)."""

    def collect(self) -> list[Metric]:
        return PROCESSES.families(None)


if not MULTIPROCESS:
    REGISTRY.register(_SingleProcess())


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


def batch_items(count: int) -> None:
    """Record the number of items of a batch about to be evaluated."""
    BATCH_ITEMS.observe(count)


def exposition() -> bytes:
    """The text format: every worker's values in multiprocess mode, else this process's.

    Raises a 503 problem when the directory is gone or unreadable: the instance still
    answers requests, only the scrape cannot be made (a 500 would say it is a bug)."""
    if not MULTIPROCESS:
        return generate_latest(REGISTRY)
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")
    try:
        with metrics_dir.locked(directory, exclusive=False):
            text, pids = _scraper(directory).text()
        extra = PROCESSES.families(sorted(pids, key=_pid_order)) + _directory_usage(directory)
        return text + generate_latest(metrics_scrape.Families(extra))
    except (OSError, ValueError, RuntimeError, struct.error) as e:
        log.error("metrics scrape failed: %s", e)
        raise errors.HttpProblem(
            503, f"the metrics cannot be read from {directory} ({e}); requests are still "
                 "answered, and a restart of the instance makes a new directory") from e


@lru_cache(maxsize=4)
def _scraper(directory: str) -> metrics_scrape.Scraper:
    """One per directory and process: what it keeps is valid for that directory only."""
    return metrics_scrape.Scraper(directory, started=PROCESS_START_NAME)


def _pid_order(pid: str) -> tuple[int, str]:
    return (int(pid), "") if pid.isdigit() else (0, pid)


def state() -> str:
    """``ok``, or ``degraded`` when this process's metrics are not written to the directory
    or the directory is gone (a scrape would then be a 503)."""
    if MULTIPROCESS and (metrics_dir.degraded() or not os.path.isdir(
            os.environ.get("PROMETHEUS_MULTIPROC_DIR", ""))):
        return "degraded"
    return "ok"


UNCOUNTED_IN_FLIGHT = frozenset({"metrics", "livez", "readyz"})
"""Endpoints whose requests the in-flight gauge leaves out: the scrape and the probes."""


def _start() -> None:
    counted = request.endpoint not in UNCOUNTED_IN_FLIGHT
    g.metrics_start = time.perf_counter(), counted
    if counted:
        IN_FLIGHT.inc()


def _finish(response: Response) -> Response:
    started = g.get("metrics_start")
    if started is not None:
        start = started[0]
        rule = request.url_rule
        route = rule.rule if rule is not None else UNMATCHED
        status = f"{response.status_code // 100}xx"
        method = request.method if request.method in KNOWN_METHODS else "other"
        count_request(route, method, status, time.perf_counter() - start)
    return response


def count_request(route: str, method: str, status: str, seconds: float) -> None:
    """One answered request into the request counter and latency histogram."""
    counter, latency = _http_children(route, method, status)
    counter.inc()
    latency.observe(seconds)


KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""Methods that keep their own label; any other token a client sends counts as ``other``,
so a caller cannot grow the label set."""


@lru_cache(maxsize=1024)
def _http_children(route: str, method: str, status: str) -> tuple[Counter, Histogram]:
    """The two labelled children of a request's labels, looked up once per process."""
    return HTTP_REQUESTS.labels(route, method, status), HTTP_LATENCY.labels(route, method, status)


def _teardown(_exc: BaseException | None) -> None:
    started = g.pop("metrics_start", None)
    if started is not None and started[1]:
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
