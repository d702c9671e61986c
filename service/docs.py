"""The contract and a page to try it: ``GET /openapi.yaml`` and ``GET /docs`` (``/docs/``
redirects there: one address for the page, whose relative asset URLs resolve from it).

``openapi.yaml`` ships inside the package (``service/openapi.yaml``; the repository root's
``openapi.yaml`` is a link to it), so an installed service serves exactly the document its
tests checked. It is read once, at start-up, and served as bytes.

``/docs`` is Swagger UI from the ``swagger_ui_bundle`` package (Swagger UI 5, which reads
OpenAPI 3.1), with every asset served from here: the machines this runs on have no internet,
and a docs page that loads scripts from a CDN would be a blank page. Asset and spec URLs are
relative, so the page also works behind a reverse proxy that adds a path prefix. The external
validator badge is switched off (it would call a public server).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]
from flask import Flask, Response, redirect, request, send_from_directory
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as BaseResponse

SPEC_MIMETYPE = "application/yaml"
SPEC_MIMETYPES = (SPEC_MIMETYPE, "text/plain")
"""What ``GET /openapi.yaml`` answers: YAML (RFC 9512), or the same bytes as text for a client
whose ``Accept`` prefers it — a browser tab shows text where it downloads YAML, and client
generators that know no YAML (openapi-python-client) read the document's text/plain answer."""
ASSETS = frozenset({"swagger-ui.css", "index.css", "swagger-ui-bundle.js",
                    "swagger-ui-standalone-preset.js", "favicon-32x32.png", "favicon-16x16.png"})

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Hupai API</title>
  <link rel="stylesheet" href="docs/swagger-ui.css">
  <link rel="stylesheet" href="docs/index.css">
  <link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/swagger-ui-standalone-preset.js"></script>
  <script src="docs/hupai-init.js"></script>
</body>
</html>
"""

INIT = """window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "openapi.yaml",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout"
  });
};
"""


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: ~6× faster on this file


@cache
def spec_bytes() -> bytes:
    """The packaged ``openapi.yaml`` (read once a process)."""
    return resources.files("service").joinpath("openapi.yaml").read_bytes()


@cache
def load_spec() -> dict[str, Any]:
    """The packaged contract as data, parsed once a process (the warm-up reads its examples).
    Callers must not change it."""
    data = yaml.load(spec_bytes(), Loader=_LOADER)
    return data if isinstance(data, dict) else {}


def install(app: Flask, spec: bytes) -> None:
    assets = Path(str(swagger_ui_path))

    def spec_view() -> Response:
        chosen = request.accept_mimetypes.best_match(SPEC_MIMETYPES, default=SPEC_MIMETYPE)
        response = Response(spec, mimetype=chosen)
        response.vary.add("Accept")
        return response

    def page_view() -> Response:
        return Response(PAGE, mimetype="text/html")

    def slash_view() -> BaseResponse:
        return redirect("../docs", 301)  # relative: kept behind a proxy's path prefix

    def init_view() -> Response:
        return Response(INIT, mimetype="text/javascript")

    def asset_view(name: str) -> Response:
        if name not in ASSETS:
            raise NotFound()
        return send_from_directory(assets, name, max_age=86400)

    for rule, endpoint, view in (
        ("/openapi.yaml", "openapi", spec_view),
        ("/docs", "docs", page_view),
        ("/docs/", "docs_slash", slash_view),
        ("/docs/hupai-init.js", "docs_init", init_view),
        ("/docs/<name>", "docs_asset", asset_view),
    ):
        app.add_url_rule(rule, endpoint, view, methods=["GET"], provide_automatic_options=False)
