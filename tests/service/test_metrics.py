"""Metrics: per route template, method and status class; engine time; in-flight; validation
failures; build info; and the sum over several processes in multiprocess mode."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import REGISTRY, CollectorRegistry, Histogram
from prometheus_client.parser import text_string_to_metric_families

import engine
from service import budget, metrics
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import TOY_REGISTRY

WIN = {"hand": "1112345678999m", "win_tile": "5m"}
ROOT = Path(__file__).resolve().parents[2]


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_requests_are_counted_by_route_template_method_and_status_class(client):
    labels = {"route": "/v1/toy/win", "method": "POST"}
    ok0 = value("hupai_http_requests_total", **labels, status="2xx")
    bad0 = value("hupai_http_requests_total", **labels, status="4xx")
    hist0 = value("hupai_http_request_duration_seconds_count", **labels, status="2xx")
    client.post("/v1/toy/win", json=WIN)
    client.post("/v1/toy/win", json=WIN)
    client.post("/v1/toy/win", json={})
    assert value("hupai_http_requests_total", **labels, status="2xx") == ok0 + 2
    assert value("hupai_http_requests_total", **labels, status="4xx") == bad0 + 1
    assert value("hupai_http_request_duration_seconds_count", **labels, status="2xx") == hist0 + 2


def test_unmatched_paths_share_one_label_never_the_raw_path(client):
    before = value("hupai_http_requests_total", route="unmatched", method="POST", status="4xx")
    client.post("/v1/some-random-variant-name/win", json={})
    client.post("/wp-admin.php", json={})
    assert value("hupai_http_requests_total", route="unmatched", method="POST",
                 status="4xx") == before + 2
    text = client.get("/metrics").get_data(as_text=True)
    assert "some-random-variant-name" not in text and "wp-admin" not in text


def test_an_unknown_method_token_shares_one_label(client):
    before = value("hupai_http_requests_total", route="unmatched", method="other",
                   status="4xx")
    client.open("/v1/toy/win", method="BREW", json=WIN)
    client.open("/v1/toy/win", method="XYZZY", json=WIN)
    assert value("hupai_http_requests_total", route="unmatched", method="other",
                 status="4xx") == before + 2
    text = client.get("/metrics").get_data(as_text=True)
    assert "BREW" not in text and "XYZZY" not in text


def test_latency_buckets_start_below_a_millisecond_and_requests_reach_30_seconds():
    for buckets in (metrics.HTTP_BUCKETS, metrics.ENGINE_BUCKETS):
        assert list(buckets) == sorted(set(buckets))
    assert metrics.ENGINE_BUCKETS[0] == 0.0001  # about half of all evaluations fall there
    assert metrics.ENGINE_BUCKETS[-1] == 1.0  # the batch budget keeps a batch under 250 ms
    assert metrics.HTTP_BUCKETS[0] == 0.00025
    assert metrics.HTTP_BUCKETS[-4:] == (2.5, 5.0, 10.0, 30.0)  # past the 30 s worker timeout


def test_the_request_histogram_has_the_http_buckets(client):
    client.post("/v1/toy/win", json=WIN)
    text = client.get("/metrics").get_data(as_text=True)
    family = next(f for f in text_string_to_metric_families(text)
                  if f.name == "hupai_http_request_duration_seconds")
    bounds = {s.labels["le"] for s in family.samples if s.name.endswith("_bucket")
              and s.labels["route"] == "/v1/toy/win" and s.labels["status"] == "2xx"}
    assert bounds == {*map(str, metrics.HTTP_BUCKETS), "+Inf"}


def test_engine_time_per_variant_and_operation(client):
    before = value("hupai_engine_evaluation_seconds_count", variant="toy", operation="waits")
    client.post("/v1/toy/waits", json={"hand": "1112345678999m"})
    client.post("/v1/batch", json={"requests": [{"variant": "toy", "op": "waits",
                                                 "body": {"hand": "1112345678999m"}}]})
    after = value("hupai_engine_evaluation_seconds_count", variant="toy", operation="waits")
    assert after == before + 2


def test_observing_many_at_once_is_observing_each():
    """`observe_many` (a batch's items) leaves a histogram as ``observe`` per item would:
    the same bucket counts — amounts on a bound included — and the same sum."""
    rng = random.Random(5)
    amounts = [rng.choice([*metrics.ENGINE_BUCKETS, 0.0, 3.0, rng.uniform(0, 0.003),
                           rng.uniform(0, 3)]) for _ in range(500)]
    one_by_one, together = CollectorRegistry(), CollectorRegistry()
    single = Histogram("t", "test", buckets=metrics.ENGINE_BUCKETS, registry=one_by_one)
    many = Histogram("t", "test", buckets=metrics.ENGINE_BUCKETS, registry=together)
    for amount in amounts:
        single.observe(amount)
    metrics.observe_many(many, amounts)

    def samples(registry: CollectorRegistry) -> dict[tuple[str, str], float]:
        return {(s.name, s.labels.get("le", "")): s.value
                for family in registry.collect() for s in family.samples
                if not s.name.endswith("_created")}

    expected, got = samples(one_by_one), samples(together)
    assert expected.keys() == got.keys()
    for key in expected:
        assert got[key] == pytest.approx(expected[key], rel=1e-12), key
    assert expected["t_bucket", "0.0001"] == amounts.count(0.0) + amounts.count(0.0001) + sum(
        0 < a < 0.0001 for a in amounts)


def test_engine_times_record_into_the_engine_histogram_and_start_afresh():
    before = value("hupai_engine_evaluation_seconds_count", variant="t", operation="x")
    times = metrics.EngineTimes()
    for seconds in (0.00005, 0.0003, 0.0003):
        times.add("t", "x", seconds)
    times.record()
    times.record()  # nothing left to record twice
    assert value("hupai_engine_evaluation_seconds_count", variant="t", operation="x") == before + 3
    assert value("hupai_engine_evaluation_seconds_bucket", variant="t", operation="x",
                 le="0.0005") - value("hupai_engine_evaluation_seconds_bucket", variant="t",
                                      operation="x", le="0.00025") == 2


def test_validation_failures_by_problem_code(client):
    def failures(code: str) -> float:
        return value("hupai_validation_failures_total", variant="toy", operation="win", code=code)

    counts = {c: failures(c) for c in ("invalid_tile", "missing_field", "malformed_json",
                                       "not_json")}
    client.post("/v1/toy/win", json={"hand": "12x", "win_tile": "5m"})
    client.post("/v1/toy/win", json={})
    client.post("/v1/toy/win", data="{", content_type="application/json")
    client.post("/v1/toy/win", data="{}", content_type="text/plain")
    assert {c: failures(c) - n for c, n in counts.items()} == dict.fromkeys(counts, 1)


def test_in_flight_is_back_to_zero_between_requests(client):
    client.post("/v1/toy/win", json=WIN)
    client.post("/v1/broken/win", json=WIN)  # a 500 also leaves the gauge
    assert value("hupai_http_requests_in_flight") == 0


def test_in_flight_counts_neither_the_scrape_nor_the_probes(client):
    for path in ("/livez", "/readyz"):
        assert client.get(path).status_code == 200
    text = client.get("/metrics").get_data(as_text=True)
    gauge = next(f for f in text_string_to_metric_families(text)
                 if f.name == "hupai_http_requests_in_flight")
    assert gauge.samples[0].value == 0  # an idle instance: the scrape answering is not counted


def test_in_flight_counts_the_request_being_answered():
    app = create_app(Settings(), TOY_REGISTRY)
    app.add_url_rule("/in-flight", "in_flight",
                     lambda: str(value("hupai_http_requests_in_flight")))
    client = app.test_client()
    assert client.get("/in-flight").get_data(as_text=True) == "1.0"  # itself
    assert value("hupai_http_requests_in_flight") == 0


def _batch(n: int) -> dict[str, Any]:
    return {"requests": [{"variant": "toy", "op": "win", "body": WIN}] * n}


def test_batch_items_per_evaluated_batch(client, monkeypatch):
    def bucket(le: str) -> float:
        return value("hupai_batch_items_bucket", le=le)

    count0, sum0 = value("hupai_batch_items_count"), value("hupai_batch_items_sum")
    le2, le4, inf = bucket("2.0"), bucket("4.0"), bucket("+Inf")
    assert client.post("/v1/batch", json=_batch(3)).status_code == 200
    assert client.post("/v1/batch", json=_batch(1)).status_code == 200
    assert client.post("/v1/batch", json={"requests": "no"}).status_code == 422  # not a batch
    monkeypatch.setattr(budget, "BUDGET", 1)
    assert client.post("/v1/batch", json=_batch(2)).status_code == 422  # refused: no work done
    assert value("hupai_batch_items_count") == count0 + 2
    assert value("hupai_batch_items_sum") == sum0 + 3 + 1
    assert bucket("2.0") == le2 + 1  # the 1-item batch (buckets are cumulative)
    assert bucket("4.0") == le4 + 2  # both
    assert bucket("+Inf") == inf + 2
    assert [float(b) for b in metrics.BATCH_BUCKETS] == [2.0 ** i for i in range(9)]


def test_process_metrics_of_this_process_without_a_pid_label(client):
    text = client.get("/metrics").get_data(as_text=True)
    families = {f.name: f for f in text_string_to_metric_families(text)}
    found = {name: families[name].samples[0] for name in (
        "hupai_process_resident_memory_bytes", "hupai_process_cpu_seconds",
        "hupai_process_open_fds", "hupai_process_start_time_seconds")}
    assert all(s.labels == {} for s in found.values())
    assert families["hupai_process_cpu_seconds"].type == "counter"
    assert found["hupai_process_cpu_seconds"].name == "hupai_process_cpu_seconds_total"
    rss = int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    assert 0.5 * rss < found["hupai_process_resident_memory_bytes"].value < 2 * rss
    assert found["hupai_process_open_fds"].value >= 3  # stdin, stdout, stderr at least
    started = found["hupai_process_start_time_seconds"].value
    assert time.time() - 3600 < started <= time.time()  # this test run started it
    assert found["hupai_process_cpu_seconds"].value > 0


def test_build_info(client):
    text = client.get("/metrics").get_data(as_text=True)
    family = next(f for f in text_string_to_metric_families(text) if f.name == "hupai_build_info")
    assert family.samples[0].labels["version"] == engine.__version__
    assert family.samples[0].value == 1


def test_metrics_content_type_is_the_prometheus_text_format(client):
    r = client.get("/metrics")
    assert r.headers["Content-Type"].startswith("text/plain; version=0.0.4")


WORKER = textwrap.dedent("""
    import sys
    from service.app import create_app
    from service.settings import Settings
    from tests.service.conftest import TOY_REGISTRY
    client = create_app(Settings(), TOY_REGISTRY).test_client()
    win = {"hand": "1112345678999m", "win_tile": "5m"}
    for _ in range(int(sys.argv[1])):
        client.post("/v1/toy/win", json=win)
    client.post("/v1/batch", json={"requests": [{"variant": "toy", "op": "win", "body": win}]
                                                * int(sys.argv[1])})
    if len(sys.argv) > 2:
        sys.stdout.write(client.get("/metrics").get_data(as_text=True))
""")


def test_multiprocess_mode_adds_up_every_process(tmp_path):
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, "-c", WORKER, *args], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=120, check=True)
        return done.stdout

    run("3")
    run("4")
    text = run("0", "scrape")  # a third process answers the scrape
    families = {f.name: f for f in text_string_to_metric_families(text)}
    samples = families["hupai_http_requests"].samples
    wins = [s for s in samples if s.name == "hupai_http_requests_total"
            and s.labels.get("route") == "/v1/toy/win" and s.labels.get("status") == "2xx"]
    assert [s.value for s in wins] == [3 + 4]
    engine = [s for s in families["hupai_engine_evaluation_seconds"].samples
              if s.labels.get("operation") == "win"]
    counts = [s.value for s in engine if s.name.endswith("_count")]
    assert counts == [2 * (3 + 4)]  # each process: its requests and a batch of as many items
    batches = families["hupai_batch_items"].samples
    assert [s.value for s in batches if s.name == "hupai_batch_items_sum"] == [3 + 4 + 0]
    # every process marks its start in a liveall gauge; none was marked dead here
    started = {s.labels["pid"] for s in families["hupai_process_start_time_seconds"].samples}
    assert len(started) == 3
    rss = families["hupai_process_resident_memory_bytes"].samples
    assert rss and {s.labels["pid"] for s in rss} <= started  # read from /proc: the scraper's
    usage = os.statvfs(tmp_path)
    assert families["hupai_metrics_dir_size_bytes"].samples[0].value == (
        usage.f_blocks * usage.f_frsize)
    assert 0 < families["hupai_metrics_dir_free_bytes"].samples[0].value <= (
        usage.f_blocks * usage.f_frsize)
