"""service/direct.py answers exactly as Flask does.

Every request here is sent twice on the same app: to ``app.wsgi_app`` (the direct path, what
gunicorn calls) and to the Flask ``wsgi_app`` behind it (``DirectRoutes.flask``), and the two
answers must agree byte for byte — status line, headers in order, body — with the same
request metrics and validation failures counted. A spy on ``DirectRoutes._answer`` says
which requests the direct path took: the ordinary ones must be taken (else every equality
here would hold trivially), the unusual ones (module docstring of service/direct.py) not.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from prometheus_client import REGISTRY
from werkzeug.test import EnvironBuilder, run_wsgi_app

from engine.variants import REGISTRY as VARIANTS
from service import direct, memory, routes
from service.app import create_app
from service.direct import DirectRoutes
from service.settings import Settings
from tests.service.conftest import example_bodies

RID = "direct-test-1"
WIN = {"hand": "123m456m789m55p23p", "win_tile": "4p"}


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app(Settings(), VARIANTS)


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The paths the direct path answered (``DirectRoutes._answer`` called)."""
    seen: list[str] = []
    answer = direct.DirectRoutes._answer

    def spy(self: direct.DirectRoutes, route: routes.PostRoute, *args: Any) -> Any:
        seen.append(route.rule)
        return answer(self, route, *args)

    monkeypatch.setattr(direct.DirectRoutes, "_answer", spy)
    yield seen


Answer = tuple[str, list[tuple[str, str]], bytes]


def environ(path: str, body: bytes | None, headers: dict[str, str] | None = None,
            content_type: str | None = "application/json", method: str = "POST"
            ) -> dict[str, Any]:
    built = EnvironBuilder(path=path, method=method, data=body, content_type=content_type,
                           headers={"X-Request-ID": RID, **(headers or {})}).get_environ()
    if body is not None:  # also for an empty body, as gunicorn passes it
        built["CONTENT_LENGTH"] = str(len(body))
    return built


def run(wsgi: Any, env: dict[str, Any]) -> Answer:
    body, status, headers = run_wsgi_app(wsgi, dict(env), buffered=True)
    return status, list(headers.to_wsgi_list()), b"".join(body)


def both(app: Flask, env: dict[str, Any]) -> tuple[Answer, Answer]:
    """(the direct path's answer, Flask's) to the same environ, each with its own input."""
    flask_only = app.wsgi_app.flask  # type: ignore[attr-defined]
    raw = env["wsgi.input"].read()
    answers = []
    for wsgi in (app.wsgi_app, flask_only):
        env["wsgi.input"] = io.BytesIO(raw)
        answers.append(run(wsgi, env))
    return answers[0], answers[1]


def counted(route: str, status: str) -> float:
    return REGISTRY.get_sample_value("hupai_http_requests_total",
                                     {"route": route, "method": "POST", "status": status}) or 0.0


def failures(variant: str, op: str, code: str) -> float:
    return REGISTRY.get_sample_value("hupai_validation_failures_total",
                                     {"variant": variant, "operation": op, "code": code}) or 0.0


def in_flight() -> float:
    return REGISTRY.get_sample_value("hupai_http_requests_in_flight") or 0.0


def assert_same(app: Flask, env: dict[str, Any], route: str | None = None) -> Answer:
    """The two answers equal, each counted once under its route (``route``, default the
    path) and status class, nothing left in flight; the direct one returned."""
    route = route or env["PATH_INFO"]
    counts = {code: counted(route, code) for code in ("2xx", "4xx", "5xx")}
    mine, flask = both(app, env)
    assert mine == flask
    status_class = mine[0][0] + "xx"
    counts[status_class] += 2
    assert {code: counted(route, code) for code in counts} == counts
    assert in_flight() == 0
    return mine


def _examples() -> list[tuple[str, Any]]:
    return sorted(example_bodies().items())


@pytest.mark.parametrize("path, body", _examples(), ids=[p for p, _ in _examples()])
def test_every_documented_example_is_answered_alike(app: Flask, taken: list[str], path: str,
                                                    body: Any) -> None:
    assert_same(app, environ(path, json.dumps(body).encode()))
    assert taken == [path]


BATCH = {"requests": [{"variant": "sichuan", "op": "win", "body": WIN},
                      {"variant": "sichuan", "op": "win", "body": {"hand": "1m"}},
                      {"variant": "nope", "op": "win", "body": WIN},
                      {"variant": "hongzhong", "op": "claims", "body": {"hand": "x"}}]}


@pytest.mark.parametrize("path, body, headers", [
    ("/v1/sichuan/win", WIN, {"Prefer": "return=minimal"}),
    ("/v1/sichuan/win", WIN, {"Prefer": "return=representation"}),
    ("/v1/batch", BATCH, {}),
    ("/v1/batch", BATCH, {"Prefer": "return=minimal"}),
    ("/v1/changsha/waits", {"hand": "123m456m789m55p23p"}, {"X-Request-ID": "bad id!"}),
])
def test_preferences_batches_and_request_ids_alike(app: Flask, taken: list[str], path: str,
                                                   body: Any, headers: dict[str, str]) -> None:
    env = environ(path, json.dumps(body).encode(), headers)
    if headers.get("X-Request-ID") == "bad id!":  # a new id each time: compare without it
        mine, flask = both(app, env)
        assert mine[0] == flask[0] and mine[2] == flask[2]
        ids = [dict(answer[1])["X-Request-ID"] for answer in (mine, flask)]
        assert all(len(i) == 32 for i in ids) and ids[0] != ids[1]
        assert [h for h in mine[1] if h[0] != "X-Request-ID"] == [
            h for h in flask[1] if h[0] != "X-Request-ID"]
    else:
        status, _, _ = assert_same(app, env)
        assert status == "200 OK"
    assert taken == [path]


TOO_DEEP = {"hand": [[[[[[[["1m"]]]]]]]]}


@pytest.mark.parametrize("path, raw, code", [
    ("/v1/sichuan/win", b'{"hand": "1m"}', "missing_field"),
    ("/v1/sichuan/win", b'{"hand": "11111m", "win_tile": "1m"}', "too_many_copies"),
    ("/v1/sichuan/win", b'{"hand": "123m456m789m55p23p", "win_tile": "4p", "bogus": 1}',
     "invalid_field"),
    ("/v1/sichuan/win", b"{not json", "malformed_json"),
    ("/v1/sichuan/win", b"", "malformed_json"),
    ("/v1/sichuan/win", b'{"hand": "1m", "hand": "2m"}', "malformed_json"),
    ("/v1/sichuan/win", b'{"hand": "\\ud800"}'.replace(b"\\\\", b"\\"), "malformed_json"),
    ("/v1/sichuan/win", json.dumps(TOO_DEEP).encode(), "malformed_json"),
    ("/v1/sichuan/win", b"[" + b"0," * 40_000 + b"0]", "malformed_json"),
    ("/v1/sichuan/win", b"\xff\xfe{\x00}\x00", "malformed_json"),
    ("/v1/batch", b'{"requests": 5}', "invalid_field"),
    ("/v1/batch", json.dumps({"requests": [BATCH["requests"][0]] * 257}).encode(),
     "invalid_field"),
])
def test_refusals_are_answered_alike_and_counted_once_each(
        app: Flask, taken: list[str], path: str, raw: bytes, code: str) -> None:
    variant, op = ("-", "batch") if path == "/v1/batch" else path.split("/")[2:]
    before = failures(variant, op, code)
    status, headers, body = assert_same(app, environ(path, raw))
    assert status[0] == "4" and ("Content-Type", "application/problem+json") in headers
    assert json.loads(body)["status"] == int(status[:3])
    assert taken == [path]
    assert failures(variant, op, code) == before + 2


def test_a_bug_is_the_same_500_quoting_the_request_id(
        app: Flask, taken: list[str], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    def broken(*_: Any, **__: Any) -> bytes:
        raise RuntimeError("boom")

    monkeypatch.setattr(routes.Operation, "answer", broken)
    caplog.set_level("ERROR", logger="hupai")
    status, _, body = assert_same(app, environ("/v1/sichuan/fan", json.dumps(WIN).encode()))
    assert status == "500 INTERNAL SERVER ERROR"
    assert RID in json.loads(body)["detail"]
    logged = [r for r in caplog.records if r.exc_info and RID in r.getMessage()]
    assert len(logged) == 2  # once a path, with the traceback
    assert taken == ["/v1/sichuan/fan"]


def _chunked(env: dict[str, Any]) -> None:
    del env["CONTENT_LENGTH"]
    env["HTTP_TRANSFER_ENCODING"] = "chunked"
    env["wsgi.input_terminated"] = True


def _no_host(env: dict[str, Any]) -> None:
    del env["HTTP_HOST"]


def _length(value: str) -> Any:
    def change(env: dict[str, Any]) -> None:
        env["CONTENT_LENGTH"] = value
    return change


def _long_input(env: dict[str, Any]) -> None:
    env["CONTENT_LENGTH"] = str(int(env["CONTENT_LENGTH"]) + 5)  # the body is shorter


@pytest.mark.parametrize("change", [_chunked, _no_host, _length("²"), _length("0" * 13),
                                    _length(""), _long_input],
                         ids=["chunked", "no-host", "superscript-length", "13-digit-length",
                              "no-length", "short-body"])
def test_unusual_requests_go_to_flask(app: Flask, taken: list[str], change: Any) -> None:
    env = environ("/v1/sichuan/win", json.dumps(WIN).encode())
    change(env)
    mine, flask = both(app, env)
    assert mine == flask
    assert taken == []


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8", "text/plain",
                                          None])
def test_other_content_types_go_to_flask(app: Flask, taken: list[str],
                                         content_type: str | None) -> None:
    assert_same(app, environ("/v1/sichuan/win", json.dumps(WIN).encode(),
                             content_type=content_type))
    assert taken == []


@pytest.mark.parametrize("path, method", [("/v1/sichuan/win", "PUT"), ("/v1/sichuan/nope", "POST"),
                                          ("/v1/sichuan/win/", "POST"), ("/livez", "GET")])
def test_other_paths_and_methods_go_to_flask(app: Flask, taken: list[str], path: str,
                                             method: str) -> None:
    mine, flask = both(app, environ(path, json.dumps(WIN).encode(), method=method))
    assert mine == flask
    assert taken == []


def test_a_body_over_the_large_body_mark_goes_to_flask(app: Flask, taken: list[str]) -> None:
    raw = json.dumps({**WIN, "pad": "x" * memory.LARGE_BODY}).encode()
    status, _, _ = assert_same(app, environ("/v1/sichuan/win", raw))
    assert status.startswith("422")
    assert taken == []


def test_an_added_hook_sends_every_request_to_flask(taken: list[str]) -> None:
    app = create_app(Settings(), VARIANTS)
    app.before_request(lambda: None)
    mine, flask = both(app, environ("/v1/sichuan/win", json.dumps(WIN).encode()))
    assert mine == flask and mine[0] == "200 OK"
    assert taken == []


def test_api_keys_are_checked_before_the_direct_path(taken: list[str]) -> None:
    app = create_app(Settings(api_keys=("k1", "k2")), VARIANTS)
    body = json.dumps(WIN).encode()
    for header, direct_taken in [({"Authorization": "Bearer k2"}, True),
                                 ({"Authorization": "bearer  k1 "}, True),
                                 ({"Authorization": "Bearer k3"}, False), ({}, False)]:
        taken.clear()
        mine, flask = both(app, environ("/v1/sichuan/win", body, header))
        assert mine == flask
        assert mine[0] == ("200 OK" if direct_taken else "401 UNAUTHORIZED")
        assert taken == (["/v1/sichuan/win"] if direct_taken else [])


def test_the_app_serves_through_the_direct_path(app: Flask) -> None:
    assert isinstance(app.wsgi_app, DirectRoutes)
    assert set(app.wsgi_app.posts) == {
        f"/v1/{v}/{op}" for v, variant in VARIANTS.items() for op in variant.operations()
    } | {"/v1/batch"}
