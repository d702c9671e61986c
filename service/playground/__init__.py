"""The playground: ``GET /`` and its assets under ``/playground/``.

A single page, plain HTML, CSS and JavaScript shipped in this package (no build step, no CDN:
the machines this runs on have no internet), that calls the API from the browser: a game
developer sees a hand drawn as tiles and every answer drawn for a person before writing a line
of client code. Like ``/docs`` it needs no API key itself; when the API answers 401 the page
asks for one and keeps it in a JavaScript variable only (never storage or cookies), so a
key typed on a shared machine is gone with the tab.

app.js holds the form and what each button asks; client.js calls the API (and keeps the
key), link.js fills the form from a link, hand.js draws the hand, options.js the room's
options, answers.js and exchange.js the answers and each request beside them.

Asset URLs are relative (``playground/app.js``), so the page also works behind a reverse proxy
that adds a path prefix. Its responses carry a strict Content-Security-Policy: everything from
this origin only, nothing inline, no frames.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from flask import Flask, Response
from werkzeug.exceptions import NotFound

ASSETS = {"app.js": "text/javascript", "tiles.js": "text/javascript",
          "words.js": "text/javascript", "exchange.js": "text/javascript",
          "answers.js": "text/javascript", "examples.js": "text/javascript",
          "options.js": "text/javascript", "client.js": "text/javascript",
          "link.js": "text/javascript", "hand.js": "text/javascript",
          "style.css": "text/css", "icon.svg": "image/svg+xml"}
"""Every file ``/playground/<name>`` serves, with its content type."""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@cache
def asset(name: str) -> bytes:
    """A packaged file of the page (read once a process)."""
    return resources.files(__name__).joinpath(name).read_bytes()


def _response(body: bytes, mimetype: str, max_age: int) -> Response:
    response = Response(body, mimetype=mimetype, headers=SECURITY_HEADERS)
    response.cache_control.public = True
    response.cache_control.max_age = max_age
    return response


def install(app: Flask) -> None:
    def page_view() -> Response:
        return _response(asset("index.html"), "text/html", 0)

    def asset_view(name: str) -> Response:
        if name not in ASSETS:
            raise NotFound()
        return _response(asset(name), ASSETS[name], 300)

    # strict_slashes off: the empty path (`GET http://host HTTP/1.1`) is this page, not
    # werkzeug's 308 to `/`, an absolute URL built from the client's Host header
    app.add_url_rule("/", "playground", page_view, methods=["GET"],
                     provide_automatic_options=False, strict_slashes=False)
    app.add_url_rule("/playground/<name>", "playground_asset", asset_view, methods=["GET"],
                     provide_automatic_options=False)
