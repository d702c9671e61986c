"""The metrics directory under real gunicorn: restarts, a full directory, a deleted one.

Reproductions from issue 13: every worker restart used to leave its files behind; a full
directory (64 KiB tmpfs) killed the master with SIGBUS, or made every new worker crash-loop;
the directory deleted while running made ``/metrics`` a 500. The full directory is a real
64 KiB tmpfs when the tests run as root (CI does), else a read-only directory.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from tests.deploy import live
from tests.deploy.test_gunicorn import WIN_BODY

PATH = "/v1/sichuan/win"


def _win(instance: live.Instance, times: int) -> None:
    for _ in range(times):
        assert instance.post(PATH, WIN_BODY).status == 200


def _kill_a_worker(instance: live.Instance) -> None:
    """SIGKILL one worker and wait until gunicorn has replaced it (child_exit has run)."""
    before = instance.workers()
    os.kill(before[0], signal.SIGKILL)
    assert live.wait_until(
        lambda: len(now := instance.workers()) == len(before) and before[0] not in now,
        timeout=30)


def _requests_counted(instance: live.Instance) -> float:
    text = instance.request("GET", "/metrics").body.decode()
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == "hupai_http_requests_total" and s.labels["route"] == PATH:
                return float(s.value)
    return 0.0


def test_worker_restarts_keep_every_count_in_a_directory_of_constant_size(
    start_service: Callable[..., live.Instance], tmp_path: Path
) -> None:
    directory = tmp_path / "metrics"
    instance = start_service(workers=2, PROMETHEUS_MULTIPROC_DIR=str(directory))
    sent = 0
    sizes = []
    for _ in range(8):  # bounded: 8 restarts, 10 requests between them
        _win(instance, 10)
        sent += 10
        _kill_a_worker(instance)
        sizes.append(len(list(directory.glob("*.db"))))
    _win(instance, 10)
    sent += 10
    assert _requests_counted(instance) == sent  # what the dead workers counted is kept
    # the master's files, the two live workers', and one archive per type — every time
    assert len(set(sizes)) == 1, sizes
    pids = {p.name.rsplit("_", 1)[1][:-3] for p in directory.glob("*.db")}
    assert pids == {str(instance.pid), *map(str, instance.workers()), "archive"}


@contextlib.contextmanager
def _unwritable_directory(base: Path) -> Iterator[tuple[Path, str]]:
    """A 64 KiB tmpfs (as root), else a read-only directory; and which one it is."""
    path = base / "small"
    path.mkdir()
    if os.geteuid() == 0:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(path)],
                       check=True, timeout=10)
        try:
            yield path, "64 KiB tmpfs"
        finally:
            subprocess.run(["umount", "-l", str(path)], check=False, timeout=10)
    else:
        path.chmod(0o555)
        try:
            yield path, "read-only directory"
        finally:
            path.chmod(0o755)


def test_a_full_metrics_directory_degrades_metrics_and_nothing_else(
    start_service: Callable[..., live.Instance], tmp_path: Path
) -> None:
    with _unwritable_directory(tmp_path) as (directory, kind):
        instance = start_service(workers=2, PROMETHEUS_MULTIPROC_DIR=str(directory))
        _win(instance, 20)
        for _ in range(5):  # new workers start in the same full directory
            _kill_a_worker(instance)
            _win(instance, 5)
        ready = instance.request("GET", "/readyz")
        assert ready.status == 200, kind
        assert ready.json() == {"status": "ready", "metrics": "degraded"}
        assert instance.request("GET", "/metrics").status in (200, 503)  # never a 500
        assert instance.proc.poll() is None  # the master lives (no SIGBUS)
        log = instance.stderr()
        assert log.count("Booting worker") == 2 + 5  # no crash loop
        degraded = Counter(json.loads(line)["pid"]
                           for line in log.splitlines() if "metrics degraded" in line)
        assert degraded and max(degraded.values()) == 1  # one clear line per process
        instance.stop(timeout=30)


def test_metrics_without_its_directory_is_a_503_and_requests_are_answered(
    start_service: Callable[..., live.Instance], tmp_path: Path
) -> None:
    directory = tmp_path / "metrics"
    instance = start_service(workers=2, PROMETHEUS_MULTIPROC_DIR=str(directory))
    _win(instance, 3)
    shutil.rmtree(directory)
    scrape = instance.request("GET", "/metrics")
    assert scrape.status == 503 and scrape.headers["content-type"] == "application/problem+json"
    _win(instance, 10)
    ready = instance.request("GET", "/readyz")
    assert ready.status == 200 and ready.json()["metrics"] == "degraded"
