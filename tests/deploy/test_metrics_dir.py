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
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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


def _pids_in(directory: Path) -> set[str]:
    return {p.name.rsplit("_", 1)[1][:-3] for p in directory.glob("*.db")}


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
        expected = {str(instance.pid), *map(str, instance.workers()), "archive"}
        # a new worker makes its files as it starts (its start-time gauge): wait for them
        assert live.wait_until(lambda e=expected: _pids_in(directory) == e, timeout=10), (
            sorted(p.name for p in directory.glob("*.db")))
        sizes.append(len(list(directory.glob("*.db"))))
    _win(instance, 10)
    sent += 10
    assert _requests_counted(instance) == sent  # what the dead workers counted is kept
    # files of the master, the two live workers (a counter file once a worker has counted a
    # request: at most 5 each) and one archive per type — never a dead worker's
    assert max(sizes) <= len(list(directory.glob(f"*_{instance.pid}.db"))) + 2 * 5 + 2, sizes
    assert _pids_in(directory) == {str(instance.pid), *map(str, instance.workers()), "archive"}


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


def _families(instance: live.Instance) -> dict[str, Any]:
    text = instance.request("GET", "/metrics").body.decode()
    return {f.name: f for f in text_string_to_metric_families(text)}


def _pids(family: Any) -> list[int]:
    return sorted(int(s.labels["pid"]) for s in family.samples)


PROCESS_FAMILIES = ("hupai_process_resident_memory_bytes", "hupai_process_cpu_seconds",
                    "hupai_process_open_fds", "hupai_process_start_time_seconds")


def test_process_metrics_are_per_live_process_and_a_dead_worker_drops_out(
    start_service: Callable[..., live.Instance], tmp_path: Path
) -> None:
    """One series per live process (the master and each worker, label ``pid``), read when
    the scrape is answered whichever worker answers; a killed worker's series are gone after
    its replacement starts, so the series stay bounded over restarts."""
    instance = start_service(workers=2, PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"))
    _win(instance, 4)
    for _ in range(3):  # bounded: 3 restarts
        alive = sorted([instance.pid, *instance.workers()])
        deadline = time.monotonic() + 5  # a worker forked a moment ago writes its start time
        families = _families(instance)  # first: until then it is not yet shown (not at 0)
        while (_pids(families["hupai_process_start_time_seconds"]) != alive
               and time.monotonic() < deadline):
            time.sleep(0.05)
            families = _families(instance)
        for name in PROCESS_FAMILIES:
            assert _pids(families[name]) == alive, name
        for s in families["hupai_process_resident_memory_bytes"].samples:
            statm = Path(f"/proc/{s.labels['pid']}/statm").read_text().split()
            rss = int(statm[1]) * os.sysconf("SC_PAGE_SIZE")
            assert 0.5 * rss < s.value < 2 * rss  # read from that process, not the scraper
        started = {int(s.labels["pid"]): s.value
                   for s in families["hupai_process_start_time_seconds"].samples}
        assert started[instance.pid] <= min(started.values())  # the master started first
        dead = instance.workers()[0]
        _kill_a_worker(instance)
        assert dead not in _pids(_families(instance)["hupai_process_open_fds"])
    assert len(list((tmp_path / "metrics").glob("gauge_liveall_*.db"))) == 3


def test_an_idle_scrape_sees_nothing_in_flight_and_the_directory_usage(
    start_service: Callable[..., live.Instance], tmp_path: Path
) -> None:
    directory = tmp_path / "metrics"
    instance = start_service(workers=2, PROMETHEUS_MULTIPROC_DIR=str(directory))
    _win(instance, 3)
    for path in ("/livez", "/readyz"):
        assert instance.request("GET", path).status == 200
    families = _families(instance)
    assert [s.value for s in families["hupai_http_requests_in_flight"].samples] == [0]
    usage = os.statvfs(directory)
    size = families["hupai_metrics_dir_size_bytes"].samples[0].value
    free = families["hupai_metrics_dir_free_bytes"].samples[0].value
    assert size == usage.f_blocks * usage.f_frsize
    assert 0 < free <= size
