"""benchmarks/http.py reads wrk's printed report: every shape wrk prints must parse, a missing
percentile must come back as nan (not a KeyError after minutes of load)."""

from __future__ import annotations

import math

from benchmarks.http import percentiles

REPORT = """\
Running 1s test @ http://127.0.0.1:18999/
  1 threads and 4 connections
  Latency Distribution
     50%    4.00ms
     75%  812.00us
     90%    1.02s\x20
     99%    2.00m\x20
  977 requests in 1.00s, 1.69MB read
Requests/sec:    975.56
"""


def test_every_unit_and_the_padded_one_letter_units() -> None:
    # wrk pads "1.02s" and "2.00m" with a trailing space; 2.00m = 120,000 ms
    assert percentiles(REPORT) == {"50": 4.0, "75": 0.812, "90": 1020.0, "99": 120_000.0}


def test_no_distribution_is_no_percentiles() -> None:
    # a run with no completed request prints no distribution: the caller gets nan, not a crash
    assert percentiles("  0 requests in 1.00s, 0B read\nRequests/sec: 0.00\n") == {}
    assert math.isnan(percentiles("").get("99", float("nan")))
