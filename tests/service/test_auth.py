"""Optional bearer API keys: /v1/* needs one when configured; probes, metrics and docs never."""

from __future__ import annotations

import pytest

from service.app import create_app
from service.auth import key_matches
from service.settings import Settings
from tests.service.conftest import TOY_REGISTRY, problem

WIN = {"hand": "1112345678999m", "win_tile": "5m"}


@pytest.fixture
def keyed():  # type: ignore[no-untyped-def]
    return create_app(Settings(api_keys=("old-key", "new-key")), TOY_REGISTRY).test_client()


@pytest.mark.parametrize("key", ["old-key", "new-key"])
def test_any_configured_key_opens_the_api(keyed, key):
    r = keyed.post("/v1/toy/win", json=WIN, headers={"Authorization": f"Bearer {key}"})
    assert r.status_code == 200
    assert keyed.get("/v1/variants", headers={"Authorization": f"bearer {key}"}).status_code == 200


@pytest.mark.parametrize("header", [
    None, "", "Bearer", "Bearer ", "Bearer wrong", "Basic b2xkLWtleQ==", "old-key",
    "Bearer old-key2", "Bearer old-ke", "Bearer ключ",
])
def test_401_without_a_valid_key(keyed, header):
    headers = {} if header is None else {"Authorization": header}
    r = keyed.post("/v1/toy/win", json=WIN, headers=headers)
    body = problem(r)
    assert r.status_code == 401
    assert body["type"] == "urn:hupai:problem:unauthorized" and body["title"] == "Unauthorized"
    assert r.headers["WWW-Authenticate"].startswith("Bearer")
    assert "Bearer" in body["detail"] or "not valid" in body["detail"]


def test_401_comes_before_revealing_anything_else_under_v1(keyed):
    for method, path in (("POST", "/v1/nope/win"), ("GET", "/v1/toy/win"),
                         ("POST", "/v1/batch"), ("GET", "/v1/variants/toy")):
        assert keyed.open(path, method=method, json={}).status_code == 401


@pytest.mark.parametrize("path", ["/livez", "/readyz", "/metrics", "/openapi.yaml", "/docs",
                                  "/docs/swagger-ui.css", "/", "/playground/app.js"])
def test_probes_metrics_and_docs_need_no_key(keyed, path):
    assert keyed.get(path).status_code == 200


def test_no_keys_configured_means_no_check(client):
    assert client.post("/v1/toy/win", json=WIN).status_code == 200


def test_key_matches_compares_every_key():
    keys = (b"alpha", b"beta")
    assert key_matches(b"beta", keys) and key_matches(b"alpha", keys)
    assert not key_matches(b"alph", keys) and not key_matches(b"", keys)
    assert not key_matches(b"beta", ())
