"""The application factory: ``create_app(settings=None, registry=None)``.

Everything that can be worked out before the first request is worked out here, once: the
settings, the routes and their schemas (from the variant registry), the served contract and
the warm-up that makes the app ready. Under gunicorn with ``preload_app`` this runs in the
master, before the workers fork.

Hooks, in the order they run for a request: metrics start (first, so the timing covers the
rest), the request id, the Host check, the API-key check; after the response: the
``X-Request-ID`` and ``X-Hupai-Version`` headers, then the metrics (last, so they see the final
status). The ``POST`` routes of ordinary requests are answered in front of Flask by
service/direct.py, which does the same in the same order without Flask's per-request
machinery (half of what a ``claims`` call costs).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, g, request

from engine.variants.base import Variant
from service import auth, direct, docs, errors, health, metrics, playground, routes, stamp
from service.settings import Settings, configure_logging
from service.stamp import REQUEST_ID_ENVIRON, request_id


def _assign_request_id() -> None:
    g.request_id = request_id(request.environ.get(REQUEST_ID_ENVIRON))


def _require_host() -> None:
    """RFC 9112 §3.2: an HTTP/1.1 request without a Host header is answered 400 (the nginx
    sidecar refuses it too; this covers gunicorn serving callers directly)."""
    if request.environ.get("SERVER_PROTOCOL") == "HTTP/1.1" and "HTTP_HOST" not in request.environ:
        raise errors.HttpProblem(400, "an HTTP/1.1 request must have a Host header")


def _stamp(response: Response) -> Response:
    for name, value in stamp.headers(g.get("request_id") or request_id(None)):
        response.headers[name] = value
    return response


class HupaiFlask(Flask):
    """Flask, whose own log line for an exception it answers with a 500 (one raised in an
    ``after_request`` hook, past every error handler) names the request id, as the 500 body
    does: the id a caller quotes finds the traceback."""

    def log_exception(self, exc_info: Any) -> None:
        self.logger.error("Exception on %s [%s] (request id %s)", request.path, request.method,
                          g.get("request_id", "-"), exc_info=exc_info)


def create_app(settings: Settings | None = None,
               registry: Mapping[str, Variant] | None = None) -> Flask:
    """A ready-to-serve app. ``settings`` default to the HUPAI_* environment; ``registry`` to
    the engine's variant registry (tests pass their own)."""
    if settings is None:
        settings = Settings.from_env()
    if registry is None:
        from engine.variants import REGISTRY

        registry = REGISTRY
    configure_logging(settings)

    app = HupaiFlask("service", static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    # `//v1//sichuan//win` matches no route (a 404 problem), instead of werkzeug's 308 to the
    # path with merged slashes: an absolute URL built from the client's Host header.
    app.url_map.merge_slashes = False
    metrics.install(app)
    app.before_request(_assign_request_id)
    app.before_request(_require_host)
    app.after_request(_stamp)
    auth.install(app, settings)
    errors.register(app)

    ops, posts = routes.install(app, registry)
    spec = docs.spec_bytes()
    docs.install(app, spec)
    playground.install(app)
    app.wsgi_app = direct.DirectRoutes(app, posts, settings)  # type: ignore[method-assign]
    answerers = {f"/v1/{variant}/{op}": operation.answer
                 for (variant, op), operation in ops.items()}
    state = health.warm_up(answerers, examples_source())
    health.install(app, state)

    app.extensions["hupai"] = {"settings": settings, "registry": registry, "operations": ops,
                               "readiness": state}
    return app


def examples_source() -> dict[str, Any]:
    """Where the warm-up finds its requests: the served contract's examples."""
    return docs.load_spec()
