"""The playground at ``/``: the page, its packaged assets, its headers, no key needed, nothing
loaded from outside; and ``/docs/`` reaching the docs. The page itself is driven in a real
browser by tests/deploy/test_playground_browser.py."""

from __future__ import annotations

import re
from importlib import resources
from urllib.parse import urljoin

import pytest
from prometheus_client import REGISTRY

from service import playground
from service.app import create_app
from service.settings import Settings
from tests.service.conftest import TOY_REGISTRY

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
"""The one URL the assets may hold: the SVG namespace name (an identifier, never fetched)."""


def page_refs(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="([^"]+)"', html)


def test_the_page_links_the_docs_and_the_contract(client):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    html = r.get_data(as_text=True)
    assert '<meta name="viewport"' in html
    refs = page_refs(html)
    assert "docs" in refs and "openapi.yaml" in refs  # relative: kept behind a path prefix


def test_every_asset_the_page_names_is_served_with_its_type(client):
    html = client.get("/").get_data(as_text=True)
    assets = [ref for ref in page_refs(html) if ref.startswith("playground/")]
    assert sorted(a.removeprefix("playground/") for a in assets) == sorted(playground.ASSETS)
    for ref in assets:
        r = client.get("/" + ref)
        assert r.status_code == 200, ref
        assert r.mimetype == playground.ASSETS[ref.removeprefix("playground/")], ref
        assert r.get_data() == resources.files("service.playground").joinpath(
            ref.removeprefix("playground/")).read_bytes()


def test_every_packaged_file_is_one_the_page_serves():
    files = {f.name for f in resources.files("service.playground").iterdir() if f.is_file()}
    assert files == {"__init__.py", "index.html", *playground.ASSETS}


def test_nothing_is_loaded_from_outside(client):
    for path in ["/", *(f"/playground/{name}" for name in playground.ASSETS)]:
        text = client.get(path).get_data(as_text=True).replace(SVG_NAMESPACE, "")
        assert not re.search(r"https?://", text), path
        assert not re.search(r"""(?:src|href|url)\s*[=(]\s*["']?//""", text), path


@pytest.mark.parametrize("path", ["/", "/playground/app.js", "/playground/style.css"])
def test_a_strict_content_security_policy(client, path):
    headers = client.get(path).headers
    policy = dict(part.strip().split(" ", 1)
                  for part in headers["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'none'"
    for directive in ("script-src", "style-src", "connect-src", "img-src"):
        assert policy[directive] == "'self'", directive
    assert policy["frame-ancestors"] == "'none'"
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_the_page_has_nothing_inline_the_policy_would_block(client):
    html = client.get("/").get_data(as_text=True)
    assert "<style" not in html and not re.search(r"\s(style|on[a-z]+)=", html)
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all('src="playground/' in attrs and not body for attrs, body in scripts)


def test_the_key_lives_in_page_memory_only(client):
    scripts = [name for name in playground.ASSETS if name.endswith(".js")]
    assert "client.js" in scripts  # the one that keeps the key
    for name in scripts:
        script = client.get(f"/playground/{name}").get_data(as_text=True)
        for store in ("localStorage", "sessionStorage", "document.cookie", "indexedDB"):
            assert store not in script, (name, store)


def test_only_the_pages_assets_are_served(client):
    for path in ["/playground/__init__.py", "/playground/..%2F__init__.py", "/playground/",
                 "/playground/index.html"]:
        assert client.get(path).status_code == 404, path


def test_docs_with_a_trailing_slash_reaches_the_docs(client):
    r = client.get("/docs/")
    assert r.status_code == 301 and r.headers["Location"] == "../docs"
    # resolved as a browser resolves it (werkzeug's test client joins relative paths naively)
    target = urljoin("http://localhost/docs/", r.headers["Location"])
    assert target == "http://localhost/docs"
    followed = client.get(target)
    assert followed.status_code == 200 and b"swagger-ui" in followed.get_data()


def test_no_key_is_needed_for_the_page_when_keys_are_configured():
    keyed = create_app(Settings(api_keys=("k1",)), TOY_REGISTRY).test_client()
    for path in ["/", *(f"/playground/{name}" for name in playground.ASSETS), "/docs/"]:
        assert keyed.get(path).status_code in (200, 301), path
    assert keyed.get("/v1/variants").status_code == 401  # the page's calls still need one


def test_requests_are_counted_under_the_route_template(client):
    labels = {"route": "/playground/<name>", "method": "GET", "status": "2xx"}
    before = REGISTRY.get_sample_value("hupai_http_requests_total", labels) or 0.0
    client.get("/playground/app.js")
    client.get("/playground/style.css")
    assert REGISTRY.get_sample_value("hupai_http_requests_total", labels) == before + 2
