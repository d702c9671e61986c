"""The fast scrape (service/metrics_scrape.py) writes what prometheus_client writes.

The reference is prometheus_client itself: ``MultiProcessCollector`` and ``generate_latest`` on
the same directory. Directories are generated (fixed seed) with prometheus_client's own
multiprocess value class, given a process identifier the test changes (a new identifier is
what a fork looks like to it): counters, histograms, summaries and a gauge of every
``multiprocess_mode``, label values with the characters the text format escapes, processes
that die and are merged into the archives. Each scrape is compared parsed (families, types,
help, samples) and structurally (each family's lines together, buckets in ascending ``le``),
before and after values change (the kept plan), label sets appear (a new plan) and processes
go (the archives' cache).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import Counter, Gauge, Histogram, Summary, generate_latest, values
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from prometheus_client.parser import text_string_to_metric_families

from service import metrics_dir, metrics_scrape
from tests import hands as H

MODES = ["all", "liveall", "min", "livemin", "max", "livemax", "sum", "livesum", "mostrecent",
         "livemostrecent"]
LABELS = ["a", "b/c", 'quote"d', "back\\slash", "new\nline", "中发白", ""]


class Processes:
    def __init__(self, directory: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(directory))
        self.directory = directory
        self.pid = 1
        monkeypatch.setattr(values, "ValueClass", values.MultiProcessValue(lambda: self.pid))
        self.counter = Counter("t_requests", "requests \\ and\nlines", ["route"], registry=None)
        self.plain = Counter("t_plain", "no labels", registry=None)
        self.histogram = Histogram("t_latency", "latency", ["route", "status"],
                                   buckets=(0.001, 0.01, 0.1, 1.0, 2.5e7), registry=None)
        self.summary = Summary("t_sizes", "sizes", ["route"], registry=None)
        self.gauges = {mode: Gauge(f"t_gauge_{mode}", mode, ["route"], multiprocess_mode=mode,
                                   registry=None) for mode in MODES}

    def work(self, rng: random.Random, labels: list[str]) -> None:
        for _ in range(rng.randrange(1, 30)):
            route = rng.choice(labels)
            self.counter.labels(route).inc(rng.choice([1, 2, 0.5]))
            self.plain.inc()
            self.histogram.labels(route, rng.choice(["2xx", "4xx"])).observe(
                rng.choice([0.0, 0.001, 0.005, 3.0, 1e8, rng.uniform(0, 2)]))
            self.summary.labels(route).observe(rng.uniform(0, 100))
            for gauge in self.gauges.values():  # mostrecent modes stamp it with the time
                gauge.labels(route).set(rng.uniform(-5, 5))

    def die(self, merge: bool) -> None:
        if merge:
            metrics_dir.merge_dead(str(self.directory), self.pid)
        else:
            mark_process_dead(self.pid, str(self.directory))  # type: ignore[no-untyped-call]


def _parsed(text: str) -> list[tuple[Any, ...]]:
    families = list(text_string_to_metric_families(text))
    names = [f.name for f in families]
    assert len(names) == len(set(names)), "a family's lines are not together"
    return sorted((f.name, f.type, f.documentation,
                   sorted((s.name, sorted(s.labels.items()), s.value) for s in f.samples))
                  for f in families)


def _reference(directory: Path) -> str:
    collector = MultiProcessCollector(None, str(directory))  # type: ignore[no-untyped-call]
    return generate_latest(collector).decode()  # type: ignore[arg-type]


def _assert_buckets_ascend(text: str) -> None:
    last: dict[str, float] = {}
    for line in text.splitlines():
        if "_bucket{" in line:
            labels = line.split("{", 1)[1].rsplit("}", 1)[0]
            series = ",".join(p for p in labels.split(",") if not p.startswith("le="))
            le = float(labels.split('le="')[1].split('"')[0].replace("+Inf", "inf"))
            assert le > last.get(series, float("-inf")), line
            last[series] = le


@pytest.fixture
def processes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Processes]:
    yield Processes(tmp_path, monkeypatch)


@pytest.mark.parametrize("seed", range(40 if H.full_mode() else 4))
def test_the_scrape_is_prometheus_clients_own(processes: Processes, seed: int) -> None:
    rng = random.Random(seed)
    scraper = metrics_scrape.Scraper(str(processes.directory))
    live: list[int] = []
    labels = LABELS[:2]
    for step in range(12):
        processes.pid = 100 + step
        live.append(processes.pid)
        if step in (4, 8):
            labels = LABELS[: len(labels) + 2]  # new label sets: a new plan
        processes.work(rng, labels)
        if len(live) > 3:  # the oldest dies, merged (or, now and then, only marked dead)
            processes.pid = live.pop(0)
            processes.die(merge=rng.random() < 0.8)
        for _ in range(2):  # the second scrape reuses the plan; values changed in between
            text, pids = scraper.text()
            assert _parsed(text.decode()) == _parsed(_reference(processes.directory))
            _assert_buckets_ascend(text.decode())
            processes.pid = live[-1]
            processes.work(rng, labels)
        names = {p.name for p in processes.directory.glob("gauge_liveall_*.db")}
        assert pids == {n.rsplit("_", 1)[1][:-3] for n in names}  # the processes alive


def test_an_empty_directory_is_an_empty_scrape(tmp_path: Path) -> None:
    assert metrics_scrape.Scraper(str(tmp_path)).text() == (b"", frozenset())


def test_a_missing_directory_raises(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        metrics_scrape.Scraper(str(tmp_path / "gone")).text()


def test_an_archive_is_read_again_when_it_is_replaced(processes: Processes) -> None:
    scraper = metrics_scrape.Scraper(str(processes.directory))
    processes.plain.inc(3)
    processes.die(merge=True)
    assert b"t_plain_total 3.0\n" in scraper.text()[0]
    processes.pid = 2
    processes.plain.inc(4)
    processes.die(merge=True)  # the archive is rewritten (a new file renamed over it)
    assert b"t_plain_total 7.0\n" in scraper.text()[0]


def test_a_process_caught_before_its_start_time_is_written_is_not_yet_alive(
        processes: Processes) -> None:
    # A forked worker's liveall file exists (value 0, as MmapedDict creates a key) a moment
    # before the worker writes its start time: a scrape then must not show it alive at 0.
    started = Gauge("t_started", "start", multiprocess_mode="liveall", registry=None)
    scraper = metrics_scrape.Scraper(str(processes.directory), started="t_started")
    processes.pid = 7
    started.set(1234.5)
    processes.pid = 8
    started.set(0.0)  # the file exists, the value is not yet written
    text, pids = scraper.text()
    assert pids == {"7"} and b't_started{pid="7"} 1234.5\n' in text and b'pid="8"' not in text
    started.set(99.0)
    text, pids = scraper.text()
    assert pids == {"7", "8"} and b't_started{pid="8"} 99.0\n' in text
    # without the marker every liveall file counts, as prometheus_client counts them: 9 and
    # 1 too (the gauge was made while the process identifier was 1: its file holds a 0)
    processes.pid = 9
    started.set(0.0)
    assert metrics_scrape.Scraper(str(processes.directory)).text()[1] == {"1", "7", "8", "9"}
