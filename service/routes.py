"""The API's routes, generated from the engine's variant registry at start-up.

Every variant gets ``POST /v1/{variant}/{op}`` for each entry of its ``operations()`` (the
shared win/waits/fan/discards and its own extras); adding a variant to the registry adds its
routes with no code here. Everything per-route — the schema instance, how deep a valid body
nests, the bound engine method, the schema's loader with its fast path — is worked out once,
in ``Operation``; a request only parses, validates, maps and calls.

A path under ``/v1/{a}/{b}`` that no route matched is refined from werkzeug's plain 404 into
``unknown-variant`` or ``operation-not-supported``. ``POST /v1/batch`` answers up to 256
items, each with its own status and body (a failing item never fails the others). An
evaluation's answer, and every item's, leaves out its options when the request says
``Prefer: return=minimal`` (service/prefer.py).

A refused body is freed before its 422 is written: neither the view's frame nor the
traceback's frames keep it. A 1 MiB body is hundreds of thousands of small objects; the
objects the answer creates that live on (a metric's first label set, a cache entry) would
land among them and pin their memory arenas — a worker kept 80 MB after 349,500 ``{}``
(``python -m benchmarks.hostile``), 3 MB once it was freed first.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from flask import Flask, Response, g, request
from flask.globals import request_ctx
from marshmallow import Schema
from werkzeug.exceptions import NotFound, RequestEntityTooLarge, UnsupportedMediaType
from werkzeug.wrappers import Response as BaseResponse

import engine
from engine.errors import RequestError
from engine.variants.base import Operation as EngineOperation
from engine.variants.base import Variant
from engine.variants.groups import option_group
from service import budget, errors, jsonbody, limits, mapping, metrics, prefer, schemas

log = logging.getLogger("hupai")
JSON = "application/json"
_V1_PAIR = re.compile(r"^/v1/([^/]+)/([^/]+)$")
RESERVED = frozenset({"variants", "batch"})
"""Path segments under /v1 that are not variants."""


EngineTimeSink = Callable[[str, str, float], None]
"""Where an evaluation's engine time goes: ``metrics.observe_engine`` for a request, a
batch's ``metrics.EngineTimes.add`` for its items."""


@dataclass(frozen=True)
class Operation:
    """One variant's operation, ready to answer: built once per route."""

    variant: str
    op: str
    rules: Variant
    """The variant's engine object: it reads the request (`Variant.request`) and answers it."""
    call: EngineOperation
    schema: Schema
    depth: int
    encode: mapping.AnswerEncoder
    """The variant's encoder, shared by its operations (their answers carry the same options)."""
    load: Callable[[Any], dict[str, Any]] = field(init=False, repr=False, compare=False)
    """``schemas.load`` bound to ``schema`` (its fast path compiled once)."""

    limit: limits.Obj = field(init=False, repr=False, compare=False)
    """The size limits of its body (`limits.for_operation`: the envelope's and the variant's
    declared members)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "load", schemas.loader(self.schema))
        object.__setattr__(self, "limit", limits.for_operation(self.rules, self.op))

    def answer(self, data: Any, record: EngineTimeSink = metrics.observe_engine,
               minimal: bool = False) -> bytes:
        """The JSON answer for parsed JSON ``data`` — without its options when ``minimal``
        (service/prefer.py); RequestError when it cannot be evaluated."""
        try:
            limits.check(data, self.limit)
            req = self.rules.request(self.load(data))
            start = perf_counter()
            try:
                result = self.call(req)
            finally:  # the engine's time, also when it raises
                record(self.variant, self.op, perf_counter() - start)
        except RequestError as e:
            metrics.validation_failure(self.variant, self.op, e.code.value)
            raise
        return self.encode.minimal(result) if minimal else self.encode(result)


def build_operations(registry: Mapping[str, Variant]) -> dict[tuple[str, str], Operation]:
    ops = {}
    request_schemas = schemas.request_schemas(registry)
    for variant_id, variant in registry.items():
        encode = mapping.AnswerEncoder()
        for op, call in variant.operations().items():
            schema_cls = request_schemas[variant_id, op]
            ops[variant_id, op] = Operation(variant_id, op, variant, call, schema_cls(),
                                            schemas.max_depth(schema_cls), encode)
    return ops


def read_body(variant: str, op: str, read: Callable[[], Any]) -> Any:
    """What ``read`` gives (a body's JSON), counting a refusal (400, 413, 415) as a
    validation failure of ``variant``'s ``op``."""
    try:
        return read()
    except errors.HttpProblem:
        metrics.validation_failure(variant, op, "malformed_json")
        raise
    except RequestEntityTooLarge:
        metrics.validation_failure(variant, op, "body_too_large")
        raise
    except UnsupportedMediaType:
        metrics.validation_failure(variant, op, "not_json")
        raise


@dataclass(frozen=True)
class PostRoute:
    """A ``POST`` path's answer from its body's bytes: what its Flask view and
    service/direct.py share, so that both answer alike.

    ``parse`` reads the bytes (service/jsonbody.py), ``respond`` answers what they hold —
    given whether the request prefers the answer without its options and its request id."""

    rule: str
    variant: str
    """The labels of a refused body's validation failure (``-`` and ``batch`` for a batch)."""
    op: str
    parse: Callable[[bytes], Any]
    respond: Callable[[Any, bool, str], bytes]

    def answer(self, raw: Callable[[], bytes], minimal: bool, request_id: str) -> bytes:
        """The 200's body; an HttpProblem, werkzeug HTTPException or RequestError otherwise
        (a refused body freed before its problem is written: module docstring)."""
        data = read_body(self.variant, self.op, lambda: self.parse(raw()))
        try:
            return self.respond(data, minimal, request_id)
        except RequestError as e:
            del data
            raise e.with_traceback(None) from None


# --- variant descriptions ---------------------------------------------------------------------


def describe(variant: Variant) -> dict[str, Any]:
    """``GET /v1/variants/{variant}``: identity, tile set, operations, options — from the engine."""
    defaults = {s.name: s.default for s in variant.option_specs}
    options = []
    for spec in variant.option_specs:
        item: dict[str, Any] = {"name": spec.name, "type": spec.type.value,
                                "default": mapping.to_wire(spec.default),
                                "description": spec.description,
                                "group": option_group(variant, spec)}
        if spec.choices is not None:
            item["choices"] = mapping.to_wire(spec.choices)
        if spec.minimum is not None:
            item["minimum"] = spec.minimum
        if spec.maximum is not None:
            item["maximum"] = spec.maximum
        item["nullable"] = spec.nullable
        options.append(item)
    return {"id": variant.id, "name": variant.name, "name_zh": variant.name_zh,
            "tile_set": variant.tile_set(defaults), "operations": list(variant.operations()),
            "options": options}


# --- batch ------------------------------------------------------------------------------------


def batch_item(ops: Mapping[tuple[str, str], Operation], registry: Mapping[str, Variant],
               item: Mapping[str, Any] | errors.HttpProblem, record: EngineTimeSink,
               minimal: bool = False, request_id: str | None = None) -> bytes:
    """One batch item's ``{"status", "body"}`` as JSON: its answer (without its options when
    ``minimal``) or its own problem (the item may be one already); never raises: a failing
    item never fails the others."""
    if isinstance(item, errors.HttpProblem):
        return errors.encode({"status": item.status, "body": item.body()})
    variant, op, body = item["variant"], item["op"], item["body"]
    operation = ops.get((variant, op))
    try:
        if operation is None:
            raise not_found(registry, variant, op)
        return b'{"status":200,"body":%b}' % operation.answer(body, record, minimal)
    except errors.HttpProblem as e:
        return errors.encode({"status": e.status, "body": e.body()})
    except RequestError as e:
        return errors.encode({"status": 422, "body": errors.request_error_body(e)})
    except Exception:
        log.exception("batch item %s/%s failed (request id %s)", variant, op, request_id or "-")
        return errors.encode({"status": 500, "body": errors.internal_error_body(request_id)})


def over_budget(items: list[Any]) -> None:
    """The 422 for a batch whose items weigh more than its work budget (service/budget.py),
    before any item runs."""
    weight = budget.batch_weight(items)
    if weight > budget.BUDGET:
        metrics.validation_failure("-", "batch", "batch_over_budget")
        detail = (f"the items weigh {weight:,}, over the batch's work budget of "
                  f"{budget.BUDGET:,}: send them in smaller batches (each operation's weight "
                  "is in openapi.yaml, POST /v1/batch)")
        raise errors.HttpProblem(422, f"#/requests: {detail}", "validation-error",
                                 code="batch_over_budget",
                                 errors=[{"pointer": "#/requests", "detail": detail}],
                                 budget=budget.BUDGET, weight=weight)


def too_deep_items(ops: Mapping[tuple[str, str], Operation],
                   data: Any) -> dict[int, errors.HttpProblem]:
    """The items whose body nests deeper than their operation's path allows: each that
    item's 400, the problem the same body sent to that path gets (checked there before
    anything else, so here before the lone surrogates) — returned by index, the item replaced
    by a placeholder the envelope schema passes."""
    items = data.get("requests") if isinstance(data, dict) else None
    refused: dict[int, errors.HttpProblem] = {}
    if not isinstance(items, list):
        return refused
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            continue
        variant, op = item.get("variant"), item.get("op")
        operation = (ops.get((variant, op)) if isinstance(variant, str) and isinstance(op, str)
                     else None)
        if operation is not None and jsonbody.nests_deeper(item.get("body"), operation.depth):
            metrics.validation_failure(operation.variant, operation.op, "malformed_json")
            refused[i] = jsonbody.too_deep_problem(operation.depth)
            items[i] = {"variant": "-", "op": "-", "body": {}}
    return refused


def surrogate_items(data: Any) -> dict[int, errors.HttpProblem]:
    """A lone surrogate outside the items is the batch's 400; in an item, that item's 400 —
    returned by index, the item replaced by a placeholder the envelope schema passes."""
    items = data.get("requests") if isinstance(data, dict) else None
    if not isinstance(items, list):
        jsonbody.refuse_lone_surrogate(data)
        return {}
    jsonbody.refuse_lone_surrogate({k: v for k, v in data.items() if k != "requests"})
    refused = {}
    for i, item in enumerate(items):
        try:
            jsonbody.refuse_lone_surrogate(item, f"#/requests/{i}")
        except errors.HttpProblem as e:
            # without its traceback: its frames hold the whole parsed batch, and they would
            # hold it past the answer (frame → ``refused`` → e → traceback → frame is a cycle)
            refused[i] = e.with_traceback(None)
            items[i] = {"variant": "-", "op": "-", "body": {}}  # the envelope schema passes it
    return refused




def not_found(registry: Mapping[str, Variant], variant: str, op: str) -> errors.HttpProblem:
    found = registry.get(variant)
    if found is None:
        return errors.unknown_variant(variant, list(registry))
    return errors.operation_not_supported(variant, op, list(found.operations()))


# --- installing -------------------------------------------------------------------------------


def install(app: Flask, registry: Mapping[str, Variant]
            ) -> tuple[dict[tuple[str, str], Operation], dict[str, PostRoute]]:
    """Add every route of the API for ``registry``; returns the operations by (variant, op)
    and every ``POST`` route by its path (service/direct.py answers them too)."""
    clash = RESERVED.intersection(registry)
    if clash:
        raise ValueError(f"variant ids {sorted(clash)} would shadow routes of the API")
    ops = build_operations(registry)
    posts = {f"/v1/{variant_id}/{op}": operation_route(operation)
             for (variant_id, op), operation in ops.items()}
    posts["/v1/batch"] = batch_route(ops, registry)
    for rule, route in posts.items():
        endpoint = rule.strip("/").replace("/", ".")  # v1.sichuan.win, v1.batch
        app.add_url_rule(rule, endpoint, _post_view(route, endpoint.replace(".", "_")),
                         methods=["POST"], provide_automatic_options=False)

    described = {vid: describe(v) for vid, v in registry.items()}
    listing = mapping.encode({"version": engine.__version__, "variants": list(described.values())})
    one = {vid: mapping.encode(d) for vid, d in described.items()}

    def variants_view() -> Response:
        return Response(listing, mimetype=JSON)

    def variant_view(variant_id: str) -> Response:
        if variant_id not in one:
            raise errors.unknown_variant(variant_id, list(registry))
        return Response(one[variant_id], mimetype=JSON)

    def refine_404(e: NotFound) -> BaseResponse:
        match = _V1_PAIR.match(request.path)
        if match is None:
            return errors.handle_http_exception(e)
        problem = not_found(registry, match.group(1), match.group(2))
        return errors.problem_response(problem.status, problem.body())

    app.add_url_rule("/v1/variants", "v1.variants", variants_view, methods=["GET"],
                     provide_automatic_options=False)
    app.add_url_rule("/v1/variants/<variant_id>", "v1.variant", variant_view, methods=["GET"],
                     provide_automatic_options=False)
    app.register_error_handler(NotFound, refine_404)
    return ops, posts


def operation_route(operation: Operation) -> PostRoute:
    """``POST /v1/{variant}/{op}``: the body read to its path's depth, then answered."""
    depth = operation.depth

    def parse(raw: bytes) -> Any:
        return jsonbody.json_of(raw, depth)

    def respond(data: Any, minimal: bool, _request_id: str) -> bytes:
        return operation.answer(data, minimal=minimal)

    return PostRoute(f"/v1/{operation.variant}/{operation.op}", operation.variant, operation.op,
                     parse, respond)


def batch_route(ops: Mapping[tuple[str, str], Operation],
                registry: Mapping[str, Variant]) -> PostRoute:
    """``POST /v1/batch``: up to 256 items under one work budget, each its own answer."""
    load_envelope = schemas.loader(schemas.BatchRequest())
    batch_depth = schemas.max_depth(schemas.BatchRequest)
    least_depth = min((operation.depth for operation in ops.values()), default=0)

    def parse(raw: bytes) -> tuple[Any, bool, bool]:
        return jsonbody.batch_of(raw, batch_depth, least_depth)

    def respond(parsed: tuple[Any, bool, bool], minimal: bool, request_id: str) -> bytes:
        data, escaped, deep = parsed
        try:
            limits.check(data, limits.BATCH)
            refused = too_deep_items(ops, data) if deep else {}
            if escaped:
                refused = surrogate_items(data) | refused
            envelope = load_envelope(data)
        except RequestError as e:
            metrics.validation_failure("-", "batch", e.code.value)
            del data, parsed  # freed before the 422 is written: module docstring
            raise e.with_traceback(None) from None
        items: list[Any] = envelope["requests"]
        over_budget(items)
        metrics.batch_items(len(items))
        for i, problem in refused.items():
            items[i] = problem
        times = metrics.EngineTimes()
        try:
            results = [batch_item(ops, registry, item, times.add, minimal, request_id)
                       for item in items]
        finally:
            times.record()
        return b'{"results":[%b]}' % b",".join(results)

    return PostRoute("/v1/batch", "-", "batch", parse, respond)


def answered(answer: bytes, minimal: bool) -> Response:
    """An evaluation's 200, with `prefer.answer_headers`."""
    response = Response(answer, mimetype=JSON)
    response.headers.extend(prefer.answer_headers(minimal))
    return response


def _post_view(route: PostRoute, name: str) -> Any:
    def view() -> Response:
        request = request_ctx.request
        minimal = prefer.minimal(request.environ)
        answer = route.answer(lambda: jsonbody.body_bytes(request), minimal, g.request_id)
        return answered(answer, minimal)

    view.__name__ = name
    return view
