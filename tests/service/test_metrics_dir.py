"""The multiprocess metrics directory: bounded over restarts, and never fatal when full.

Worker restarts are simulated in this process with prometheus_client's own multiprocess value
class, given a process identifier the test changes: a new identifier is what a fork looks
like to it (every value starts again from a new file of its own), and ``merge_dead`` is what
the gunicorn master's ``child_exit`` runs for the identifier that died.
"""

from __future__ import annotations

import errno
import logging
import os
import random
import shutil
import threading
import time
from bisect import bisect_left
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from prometheus_client import Counter, Gauge, Histogram, values
from prometheus_client.multiprocess import MultiProcessCollector

from service import metrics, metrics_dir
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import TOY_REGISTRY

ROUTES = ["/v1/a/win", "/v1/a/fan", "/v1/b/win", "/v1/batch"]
BUCKETS = (0.001, 0.01, 0.1, 1.0)


@pytest.fixture(autouse=True)
def _fresh_state() -> Iterator[None]:
    metrics_dir.forget_degradation()
    yield
    metrics_dir.forget_degradation()


class Workers:
    """Metrics of one family per type, written as process ``pid`` would write them; defined
    while ``pid`` is 1, which plays the gunicorn master that imports the app."""

    def __init__(self, directory: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(directory))
        self.pid = 1
        monkeypatch.setattr(values, "ValueClass", values.MultiProcessValue(lambda: self.pid))
        self.requests = Counter("t_requests", "requests", ["route"], registry=None)
        self.latency = Histogram("t_latency", "latency", ["route"], buckets=BUCKETS,
                                 registry=None)
        self.in_flight = Gauge("t_in_flight", "in flight", multiprocess_mode="livesum",
                               registry=None)
        self.counted: dict[str, float] = {}
        self.observed: dict[str, list[float]] = {}

    def restart(self, pid: int, rng: random.Random) -> None:
        """A new worker ``pid`` that does some work."""
        self.pid = pid
        self.work(rng)

    def work(self, rng: random.Random) -> None:
        """A few requests' worth of updates, remembered for the expected totals."""
        for _ in range(rng.randint(1, 6)):
            route = rng.choice(ROUTES)
            self.requests.labels(route).inc()
            self.counted[route] = self.counted.get(route, 0) + 1
            seconds = rng.randint(1, 2048) / 1024  # binary fractions: sums are exact
            self.latency.labels(route).observe(seconds)
            self.observed.setdefault(route, []).append(seconds)
        self.in_flight.set(1)


@pytest.fixture
def workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Workers:
    return Workers(tmp_path, monkeypatch)


def _collect(directory: Path) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found = {}
    for family in MultiProcessCollector(None, str(directory)).collect():
        for s in family.samples:
            found[s.name, tuple(sorted(s.labels.items()))] = s.value
    return found


def test_a_thousand_restarts_keep_every_count_in_a_directory_of_constant_size(
    workers: Workers, tmp_path: Path
) -> None:
    rng = random.Random(13)
    for restart in range(1000):
        workers.restart(10_000 + restart, rng)
        removed = metrics_dir.merge_dead(str(tmp_path), workers.pid)
        assert removed == 3  # its counter, histogram and live gauge files
    workers.restart(99_999, rng)  # the worker alive now

    names = sorted(p.name for p in tmp_path.iterdir())
    # the archives, the live worker's files, and the one file the "master" (pid 1) made when
    # the unlabelled gauge was defined
    assert names == [".lock", "counter_99999.db", "counter_archive.db", "gauge_livesum_1.db",
                     "gauge_livesum_99999.db", "histogram_99999.db", "histogram_archive.db"]
    size = sum(p.stat().st_size for p in tmp_path.iterdir())
    assert size <= 6 * metrics_dir.INITIAL_BYTES, size  # a few files of the first size

    found = _collect(tmp_path)
    for route, count in workers.counted.items():
        assert found["t_requests_total", (("route", route),)] == count
    for route, seconds in workers.observed.items():
        labels = (("route", route),)
        assert found["t_latency_count", labels] == len(seconds)
        assert found["t_latency_sum", labels] == sum(seconds)
        for i, bound in enumerate(BUCKETS):
            below = sum(1 for s in seconds if bisect_left(BUCKETS, s) <= i)  # observe's rule
            le = (("le", str(bound)), ("route", route))
            assert found["t_latency_bucket", le] == below
    assert found["t_in_flight", ()] == 1  # the live worker's: dead workers' gauges dropped


def test_merging_leaves_totals_unchanged_at_every_step(workers: Workers, tmp_path: Path) -> None:
    rng = random.Random(7)
    for restart in range(20):
        workers.restart(500 + restart, rng)
        before = {k: v for k, v in _collect(tmp_path).items() if k[0] != "t_in_flight"}
        metrics_dir.merge_dead(str(tmp_path), workers.pid)
        after = {k: v for k, v in _collect(tmp_path).items() if k[0] != "t_in_flight"}
        assert after == before


def test_a_merge_that_cannot_write_keeps_the_dead_files(
    workers: Workers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workers.work(random.Random(1))
    before = _collect(tmp_path)

    _no_space(monkeypatch)
    with pytest.raises(OSError):
        metrics_dir.merge_dead(str(tmp_path), workers.pid)
    assert _collect(tmp_path) == before  # nothing lost, nothing counted twice
    assert not list(tmp_path.glob("*.partial"))
    assert not metrics_dir.degraded()  # the master's own metrics are untouched


def test_new_files_are_allocated_not_sparse(tmp_path: Path) -> None:
    # A sparse file on a full tmpfs is a SIGBUS on first write; an allocated one is not.
    path = tmp_path / "counter_1.db"
    d = metrics_dir.AllocatedMmapedDict(str(path))
    d.write_value("k" * 20_000, 1.0, 0.0)  # grows past the first allocation
    d.close()
    st = path.stat()
    assert st.st_size > metrics_dir.INITIAL_BYTES
    assert st.st_blocks * 512 >= st.st_size


def _no_space(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full)


def test_a_full_directory_keeps_values_in_memory_with_one_log_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _no_space(monkeypatch)
    with caplog.at_level(logging.ERROR, logger="hupai"):
        first = metrics_dir.AllocatedMmapedDict(str(tmp_path / "counter_1.db"))
        second = metrics_dir.AllocatedMmapedDict(str(tmp_path / "histogram_1.db"))
        for i in range(500):  # far past one allocation: grows in memory
            first.write_value(f"key-{i}", float(i), 0.0)
    assert [first.read_value(f"key-{i}")[0] for i in range(500)] == [float(i) for i in range(500)]
    second.close()
    first.close()
    assert metrics_dir.degraded()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "metrics degraded" in lines[0] and "counter_1.db" in lines[0]
    assert list(tmp_path.iterdir()) == []  # no empty or half-made file for a scrape to trip on


def test_a_file_that_cannot_grow_moves_to_memory_keeping_its_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = metrics_dir.AllocatedMmapedDict(str(tmp_path / "counter_1.db"))
    d.write_value("first", 3.0, 0.0)
    _no_space(monkeypatch)
    for i in range(1000):  # 40 KB of entries: past the first allocation
        d.write_value(f"key-{i}", float(i), 0.0)
    assert d.read_value("first")[0] == 3.0 and d.read_value("key-999")[0] == 999.0
    d.close()
    assert metrics_dir.degraded()


def test_a_fork_tries_the_directory_again() -> None:
    metrics_dir.degrade("x.db", OSError(errno.ENOSPC, "full"))
    pid = os.fork()
    if pid == 0:  # the child: a new worker
        os._exit(0 if not metrics_dir.degraded() else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert metrics_dir.degraded()  # the parent keeps its own state


def test_a_scrape_waits_for_a_merge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(metrics, "MULTIPROCESS", True)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    done: list[float] = []
    with metrics_dir.locked(str(tmp_path), exclusive=True):
        scrape = threading.Thread(target=lambda: (metrics.exposition(),
                                                  done.append(time.monotonic())))
        scrape.start()
        time.sleep(0.2)
        released = time.monotonic()
        assert done == []
    scrape.join(timeout=10)
    assert done and done[0] >= released


@pytest.fixture
def multiprocess_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(metrics, "MULTIPROCESS", True)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    (tmp_path / "metrics").mkdir()
    app: Flask = create_app(Settings(), TOY_REGISTRY)
    return app.test_client()


def test_metrics_without_its_directory_is_a_503_problem(multiprocess_app: Any,
                                                         tmp_path: Path) -> None:
    assert multiprocess_app.get("/metrics").status_code == 200
    assert multiprocess_app.get("/readyz").get_json() == {"status": "ready", "metrics": "ok"}
    shutil.rmtree(tmp_path / "metrics")  # deleted while running
    r = multiprocess_app.get("/metrics")
    assert r.status_code == 503 and r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["status"] == 503 and "metrics" in body["detail"]
    ready = multiprocess_app.get("/readyz")
    assert ready.status_code == 200  # the instance still answers: keep it in the Service
    assert ready.get_json() == {"status": "ready", "metrics": "degraded"}
    win = {"hand": "1112345678999m", "win_tile": "5m"}
    assert multiprocess_app.post("/v1/toy/win", json=win).status_code == 200


def test_readyz_says_degraded_when_this_process_writes_no_files(multiprocess_app: Any) -> None:
    metrics_dir.degrade("counter_1.db", OSError(errno.EROFS, "Read-only file system"))
    ready = multiprocess_app.get("/readyz")
    assert ready.status_code == 200
    assert ready.get_json() == {"status": "ready", "metrics": "degraded"}
