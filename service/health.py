"""Probes and readiness: ``GET /livez`` and ``GET /readyz``.

Live means the process answers. Ready means the engine can evaluate: at start-up the app runs
a warm-up — every request example that ``openapi.yaml`` documents for a route this app has —
which builds whatever tables the engine builds lazily (under gunicorn with ``preload_app`` this
happens once, in the master, before the workers fork and share the memory) and proves each
variant answers. A warm-up that raises anything but a RequestError leaves the app not ready:
``/readyz`` answers 503 ``not-ready`` and the orchestrator keeps traffic away, while
``/livez`` stays 200 so the pod is not restarted in a loop over a deterministic failure.

Metrics that cannot be written do not make the instance unready — it answers requests as
before — but the ready body says so: ``{"status": "ready", "metrics": "degraded"}``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, Response

from engine.errors import RequestError
from service import errors, mapping, metrics

log = logging.getLogger("hupai")


@dataclass
class Readiness:
    ready: bool = False
    warm_up_seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


def request_examples(spec: Mapping[str, Any]) -> Iterable[tuple[str, Any]]:
    """(path, example body) for every POST request example in the spec."""
    for path, item in (spec.get("paths") or {}).items():
        post = item.get("post") if isinstance(item, dict) else None
        if not post:
            continue
        content = post.get("requestBody", {}).get("content", {}).get("application/json", {})
        for example in (content.get("examples") or {}).values():
            if isinstance(example, dict) and "value" in example:
                yield path, example["value"]


def warm_up(answerers: Mapping[str, Any], spec: Mapping[str, Any]) -> Readiness:
    """Run the documented examples through ``answerers`` (path → ``answer(data)``)."""
    state = Readiness()
    start = time.perf_counter()
    for path, body in request_examples(spec):
        answer = answerers.get(path)
        if answer is None:
            continue
        try:
            answer(body)
        except RequestError:
            pass  # a documented error example: the engine answered, which is all we need
        except Exception as e:  # a bug: this variant cannot answer
            log.exception("warm-up failed on %s", path)
            state.failures.append(f"{path}: {type(e).__name__}")
    state.warm_up_seconds = time.perf_counter() - start
    state.ready = not state.failures
    log.info("warm-up took %.3f s; ready=%s", state.warm_up_seconds, state.ready)
    return state


def install(app: Flask, state: Readiness) -> None:
    ok = mapping.encode({"status": "ok"})
    ready = {state: mapping.encode({"status": "ready", "metrics": state})
             for state in ("ok", "degraded")}

    def livez() -> Response:
        return Response(ok, mimetype="application/json")

    def readyz() -> Response:
        if not state.ready:
            why = "; ".join(state.failures) or "the warm-up has not finished"
            raise errors.not_ready(f"the engine cannot answer yet ({why}); see the service log")
        return Response(ready[metrics.state()], mimetype="application/json")

    app.add_url_rule("/livez", "livez", livez, methods=["GET"], provide_automatic_options=False)
    app.add_url_rule("/readyz", "readyz", readyz, methods=["GET"],
                     provide_automatic_options=False)
