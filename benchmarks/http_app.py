"""The benchmark's WSGI target: the production app plus a no-op route per variant.

``POST /v1/{variant}/noop`` runs everything ``POST /v1/{variant}/win`` runs — the request
hooks (metrics, request id, auth), the JSON body reader, the ``win`` request schema and the
mapping to an engine ``Request`` (tile parsing and hand validation), the answer encoding and
the response hooks — except the variant's evaluation, which is replaced by a constant answer.
The ratio of an endpoint's throughput to the no-op's is then the engine's share of the cost.

Bench-only: gunicorn runs it as ``benchmarks.http_app:app`` with the packaged configuration;
it is never part of the installed package. It uses ``service.routes``'s own view builder so the
no-op goes through exactly the code path of the real routes.
"""

from __future__ import annotations

from typing import Any

from engine.variants import REGISTRY
from service import mapping, routes, schemas
from service.app import create_app

NOOP_ANSWER: dict[str, Any] = {"win": False}


def _noop(_request: Any) -> dict[str, Any]:
    return NOOP_ANSWER


def add_noop_routes(app: Any) -> list[str]:
    request_schemas = schemas.request_schemas(REGISTRY)
    paths = []
    for variant_id in REGISTRY:
        win_schema = request_schemas[variant_id, "win"]
        operation = routes.Operation(
            variant_id, "noop", REGISTRY[variant_id], _noop, win_schema(),
            schemas.max_depth(win_schema),
            mapping.AnswerEncoder(),
        )
        path = f"/v1/{variant_id}/noop"
        app.add_url_rule(
            path,
            f"bench.{variant_id}.noop",
            routes._operation_view(operation),
            methods=["POST"],
            provide_automatic_options=False,
        )
        paths.append(path)
    return paths


app = create_app()
NOOP_PATHS = add_noop_routes(app)
