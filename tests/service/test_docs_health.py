"""/openapi.yaml, /docs (local assets only), /livez and /readyz."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from service import health
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import TOY_REGISTRY, problem

ROOT = Path(__file__).resolve().parents[2]


def test_openapi_yaml_is_the_repositorys_file(client):
    r = client.get("/openapi.yaml")
    assert r.status_code == 200 and r.mimetype == "application/yaml"
    assert r.get_data() == (ROOT / "openapi.yaml").read_bytes()
    assert r.headers["Vary"] == "Accept"


@pytest.mark.parametrize("accept, mimetype", [
    ("text/plain", "text/plain"),
    ("text/plain, application/yaml;q=0.5", "text/plain"),
    ("application/yaml, text/plain", "application/yaml"),  # equal: the server's first
    ("*/*", "application/yaml"),
    ("text/html,application/xhtml+xml,*/*;q=0.8", "application/yaml"),  # a browser
    ("application/json", "application/yaml"),  # neither: YAML all the same, not a 406
])
def test_openapi_yaml_is_text_for_a_client_that_prefers_it(client, accept, mimetype):
    r = client.get("/openapi.yaml", headers={"Accept": accept})
    assert r.mimetype == mimetype and r.get_data() == (ROOT / "openapi.yaml").read_bytes()
    if mimetype == "text/plain":
        assert r.mimetype_params == {"charset": "utf-8"}


def test_docs_page_loads_nothing_from_outside(client):
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    init = client.get("/docs/hupai-init.js").get_data(as_text=True)
    for text in (html, init):
        assert not re.search(r"(https?:)?//", text), "no absolute or protocol-relative URL"
    assert "validatorUrl: null" in init and 'url: "openapi.yaml"' in init
    for asset in re.findall(r'(?:href|src)="([^"]+)"', html):
        r = client.get("/" + asset)
        assert r.status_code == 200, asset
        assert len(r.get_data()) > 0


def test_swagger_ui_reads_openapi_3_1(client):
    # Swagger UI 4 refuses 3.1 documents; the bundle must be version 5 or later
    from swagger_ui_bundle import swagger_ui_path

    assert int(Path(str(swagger_ui_path)).name.split("-")[-1].split(".")[0]) >= 5


def test_only_the_pages_assets_are_served(client):
    assert client.get("/docs/swagger-ui.js.map").status_code == 404
    assert client.get("/docs/..%2Fsettings.py").status_code == 404


def test_livez_and_readyz(client):
    assert client.get("/livez").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json() == {"status": "ready", "metrics": "ok"}


def test_not_ready_when_the_warm_up_fails(monkeypatch):
    spec = {"paths": {"/v1/broken/win": {"post": {"requestBody": {"content": {
        "application/json": {"examples": {"one": {"value": {"hand": "1112345678999m",
                                                            "win_tile": "5m"}}}}}}}}}}
    monkeypatch.setattr("service.app.examples_source", lambda: spec)
    app: Flask = create_app(Settings(), TOY_REGISTRY)
    client = app.test_client()
    r = client.get("/readyz")
    body = problem(r)
    assert r.status_code == 503 and body["type"] == "urn:hupai:problem:not-ready"
    assert "/v1/broken/win" in body["detail"]
    assert client.get("/livez").status_code == 200  # alive: do not restart in a loop


def test_the_warm_up_runs_the_documented_examples():
    seen = []
    spec = {"paths": {
        "/v1/toy/win": {"post": {"requestBody": {"content": {"application/json": {
            "examples": {"a": {"value": {"x": 1}}, "b": {"value": {"x": 2}}}}}}}},
        "/v1/variants": {"get": {}},
        "/v1/other/win": {"post": {"requestBody": {"content": {"application/json": {
            "examples": {"c": {"value": {"x": 3}}}}}}}},
    }}
    state = health.warm_up({"/v1/toy/win": seen.append}, spec)
    assert state.ready and seen == [{"x": 1}, {"x": 2}]
