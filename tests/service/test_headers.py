"""X-Request-ID and X-Hupai-Version on every response (API.md "Operating the service")."""

from __future__ import annotations

import re

import pytest

import engine

GOOD = ["a", "A-1_b.c", "x" * 128, "0123456789"]
BAD = ["", "x" * 129, "has space", "semi;colon", "ümlaut", "slash/"]


@pytest.mark.parametrize("rid", GOOD)
def test_the_callers_id_is_kept_when_it_fits(client, rid):
    r = client.get("/livez", headers={"X-Request-ID": rid})
    assert r.headers["X-Request-ID"] == rid


@pytest.mark.parametrize("rid", BAD)
def test_otherwise_a_new_one(client, rid):
    r = client.get("/livez", headers={"X-Request-ID": rid})
    new = r.headers["X-Request-ID"]
    assert new != rid and re.fullmatch(r"[0-9a-f]{32}", new)


def test_two_requests_without_an_id_get_different_ones(client):
    assert client.get("/livez").headers["X-Request-ID"] != client.get("/livez").headers[
        "X-Request-ID"]


@pytest.mark.parametrize("method, path, status", [
    ("GET", "/livez", 200), ("GET", "/v1/variants", 200), ("POST", "/v1/toy/win", 422),
    ("POST", "/v1/nope/win", 404), ("GET", "/v1/toy/win", 405), ("GET", "/metrics", 200),
    ("POST", "/v1/broken/win", 500), ("GET", "/docs", 200), ("GET", "/nowhere", 404),
])
def test_every_response_carries_both_headers(client, method, path, status):
    body = {"hand": "1112345678999m", "win_tile": "5m"} if "broken" in path else {}
    r = client.open(path, method=method, json=body, headers={"X-Request-ID": "req-1"})
    assert r.status_code == status
    assert r.headers["X-Request-ID"] == "req-1"
    assert r.headers["X-Hupai-Version"] == engine.__version__
