"""Every error status the API names, each with its problem body (API.md "Errors")."""

from __future__ import annotations

import json

import pytest

from service.app import create_app
from service.settings import Settings
from tests.service.conftest import TOY_REGISTRY, problem

HAND = "1112345678999m"
WIN = {"hand": HAND, "win_tile": "5m"}


def post_raw(client, path, data, content_type="application/json"):  # type: ignore[no-untyped-def]
    return client.post(path, data=data, content_type=content_type)


# --- 400 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("data, words", [
    ("{bad", "not valid JSON"),
    ('{"hand": NaN}', "NaN"),
    ('{"hand": Infinity}', "Infinity"),
    ('{"hand": -Infinity}', "Infinity"),
    ('{"options": {"bonus": 1e999}}', "too large"),
    ("", "empty"),
    ("   ", "empty"),
    ('{"hand": "1m"} trailing', "not valid JSON"),
    ("[" * 100_000 + "]" * 100_000, "deeper"),
])
def test_400_for_what_is_not_strict_json(client, data, words):
    r = post_raw(client, "/v1/toy/win", data)
    body = problem(r)
    assert r.status_code == 400
    assert body["type"] == "about:blank" and body["title"] == "Bad Request"
    assert words in body["detail"]


def test_400_for_bytes_that_are_not_utf8(client):
    r = post_raw(client, "/v1/toy/win", b'{"hand": "\xff"}')
    assert r.status_code == 400 and "UTF-8" in problem(r)["detail"]


def test_400_for_a_huge_integer(client):
    r = post_raw(client, "/v1/toy/win", '{"options": {"bonus": ' + "9" * 5000 + "}}")
    assert r.status_code == 400


def test_nesting_deeper_than_the_schema_is_400_but_the_right_depth_with_a_wrong_type_is_422(
        client):
    # the deepest valid body is 4 levels (body → melds → meld → tiles array)
    deep = post_raw(client, "/v1/toy/win", json.dumps({"hand": [[[["1m"]]]], "win_tile": "5m"}))
    assert deep.status_code == 400 and "deeper" in problem(deep)["detail"]
    shallow = post_raw(client, "/v1/toy/win", json.dumps({"hand": [["1m"]], "win_tile": "5m"}))
    body = problem(shallow)
    assert shallow.status_code == 422 and body["code"] == "invalid_field"
    assert body["errors"][0]["pointer"] == "#/hand/0"


# --- 404 ---------------------------------------------------------------------------------------


def test_404_unknown_variant(client):
    r = client.post("/v1/riichi/win", json=WIN)
    body = problem(r)
    assert r.status_code == 404
    assert body["type"] == "urn:hupai:problem:unknown-variant"
    assert body["title"] == "Unknown variant"
    assert "'riichi'" in body["detail"] and "toy" in body["detail"]


def test_404_operation_not_supported(client):
    r = client.post("/v1/toy/birds", json={"context": {"birds": ["1m"]}})
    body = problem(r)
    assert r.status_code == 404
    assert body["type"] == "urn:hupai:problem:operation-not-supported"
    assert "win, waits, fan, discards, kong" in body["detail"]


@pytest.mark.parametrize("path", ["/nowhere", "/v1", "/v1/toy", "/v1/toy/win/extra", "/v2/toy/win",
                                  "/v1/toy/win/"])
def test_404_plain_for_other_paths(client, path):
    r = client.post(path, json=WIN)
    body = problem(r)
    assert r.status_code == 404 and body["type"] == "about:blank"


def _wsgi(app, method, path_info, protocol="HTTP/1.1", host="evil.example"):  # type: ignore[no-untyped-def]
    """The app's answer to an environ with exactly this PATH_INFO, protocol and Host (None:
    none at all), as gunicorn would pass it (the test client reads `//v1` as a host name, and
    always sends a Host)."""
    from werkzeug.test import EnvironBuilder, run_wsgi_app
    from werkzeug.wrappers import Response

    environ = EnvironBuilder(method=method, json=WIN if method == "POST" else None).get_environ()
    environ.update(PATH_INFO=path_info, SERVER_PROTOCOL=protocol)
    del environ["HTTP_HOST"]
    if host is not None:
        environ["HTTP_HOST"] = host
    return Response(*run_wsgi_app(app, environ, buffered=True))


@pytest.mark.parametrize("method, path", [
    ("POST", "//v1//toy//win"), ("POST", "/v1//toy/win"), ("GET", "//v1//variants"),
    ("GET", "/v1/variants//"), ("GET", "/docs//"),
])
def test_doubled_slashes_are_a_404_never_a_redirect_built_from_host(app, method, path):
    # werkzeug would answer 308 with Location: http://evil.example/v1/toy/win (merged slashes)
    r = _wsgi(app, method, path)
    body = problem(r)
    assert r.status_code == 404 and "Location" not in r.headers
    assert body["type"] == "about:blank" and "evil.example" not in r.get_data(as_text=True)


def test_the_empty_path_is_the_root_not_a_redirect_to_it(app):
    # `GET http://evil.example HTTP/1.1` (absolute form, no path): werkzeug would answer 308
    # with Location: http://evil.example/
    r = _wsgi(app, "GET", "")
    assert r.status_code == 200 and "Location" not in r.headers
    assert r.get_data() == _wsgi(app, "GET", "/").get_data()


def test_no_route_redirects_to_an_absolute_url(app):
    # Every rule without arguments, asked for with and without a final slash: the only
    # redirect the app makes is /docs/ to the relative ../docs.
    for rule in app.url_map.iter_rules():
        if rule.arguments:
            continue
        method = "GET" if "GET" in rule.methods else "POST"
        for path in {rule.rule.rstrip("/"), rule.rule.rstrip("/") + "/"}:
            location = _wsgi(app, method, path).headers.get("Location")
            assert location in (None, "../docs"), (path, location)


# --- 400 for HTTP/1.1 without Host -------------------------------------------------------------


def test_an_http11_request_without_host_is_400(app):
    r = _wsgi(app, "GET", "/v1/variants", host=None)
    body = problem(r)
    assert r.status_code == 400 and body["type"] == "about:blank"
    assert body["detail"] == "an HTTP/1.1 request must have a Host header"
    assert r.headers["X-Request-ID"]  # stamped like every answer


def test_http10_needs_no_host_and_an_empty_host_is_a_host(app):
    # RFC 9112 §3.2: Host is required in HTTP/1.1 only, and may be empty
    assert _wsgi(app, "GET", "/v1/variants", "HTTP/1.0", host=None).status_code == 200
    assert _wsgi(app, "GET", "/v1/variants", host="").status_code == 200


# --- 405 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("method, path, allow", [
    ("GET", "/v1/toy/win", {"POST"}),
    ("PUT", "/v1/toy/kong", {"POST"}),
    ("POST", "/v1/variants", {"GET", "HEAD"}),
    ("DELETE", "/v1/variants/toy", {"GET", "HEAD"}),
    ("GET", "/v1/batch", {"POST"}),
    ("POST", "/livez", {"GET", "HEAD"}),
    ("POST", "/", {"GET", "HEAD"}),  # the playground
    ("OPTIONS", "/v1/toy/win", {"POST"}),
])
def test_405_keeps_the_allow_header(client, method, path, allow):
    r = client.open(path, method=method, json={})
    assert r.status_code == 405
    assert {m.strip() for m in r.headers["Allow"].split(",")} == allow
    body = problem(r)
    assert body["type"] == "about:blank" and method in body["detail"]


# --- 413 ---------------------------------------------------------------------------------------


def test_413_over_the_configured_limit_and_not_at_it():
    client = create_app(Settings(max_body_bytes=100), TOY_REGISTRY).test_client()
    at_limit = json.dumps(WIN).ljust(100)  # JSON allows trailing whitespace: 100 bytes
    assert len(at_limit) == 100
    assert post_raw(client, "/v1/toy/win", at_limit).status_code == 200
    r = post_raw(client, "/v1/toy/win", at_limit + " ")
    body = problem(r)
    assert r.status_code == 413 and "100-byte" in body["detail"]


def test_413_default_limit_is_one_mebibyte(client):
    big = '{"hand": "' + "1" * (1024 * 1024) + 'm"}'
    assert problem(post_raw(client, "/v1/toy/win", big))["status"] == 413


# --- 415 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("content_type", [
    "text/plain", "application/x-www-form-urlencoded", "application/xml", None])
def test_415_when_not_application_json(client, content_type):
    r = client.post("/v1/toy/win", data=json.dumps(WIN), content_type=content_type)
    body = problem(r)
    assert r.status_code == 415 and body["type"] == "about:blank"
    assert "application/json" in body["detail"]


def test_a_charset_parameter_is_fine(client):
    r = post_raw(client, "/v1/toy/win", json.dumps(WIN), "application/json; charset=utf-8")
    assert r.status_code == 200


# --- 422 ---------------------------------------------------------------------------------------


def errors_of(r):  # type: ignore[no-untyped-def]
    body = problem(r)
    assert r.status_code == 422
    assert set(body) == {"type", "title", "status", "detail", "code", "errors"}
    return body, [(e["pointer"], e["detail"]) for e in body["errors"]]


def test_422_validation_error_names_every_problem_with_pointers(client):
    r = client.post("/v1/toy/win", json={
        "hand": ["1m", 5], "melds": [{"type": "chew", "tiles": 3}],
        "context": {"seats": {"winner": 7}, "active": [1, 1], "zz": True}, "x": 2})
    body, errs = errors_of(r)
    assert body["type"] == "urn:hupai:problem:validation-error"
    assert body["code"] == "invalid_field"
    pointers = [p for p, _ in errs]
    assert pointers == ["#/hand/1", "#/melds/0/type", "#/melds/0/tiles",
                        "#/context/seats/winner", "#/context/zz", "#/context/active", "#/x",
                        "#/win_tile"]
    details = dict(errs)
    assert details["#/context/seats/winner"] == "winner must be a seat number 0–3"
    assert details["#/context/active"] == "active lists seat 1 more than once"
    assert details["#/x"].startswith("unknown member 'x'; known members here: hand, melds")
    assert details["#/win_tile"] == "win_tile is required: the tile that completes the hand"


def test_422_missing_field_when_only_members_are_missing(client):
    body, errs = errors_of(client.post("/v1/toy/win", json={"win_tile": None}))
    assert body["code"] == "missing_field"
    assert [p for p, _ in errs] == ["#/hand", "#/win_tile"]  # null counts as absent


def test_422_missing_member_inside_an_object(client):
    body, errs = errors_of(client.post("/v1/toy/kong", json={"context": {"kong": {"tile": "5m"}}}))
    assert body["code"] == "missing_field"
    assert errs == [("#/context/kong/type",
                     'type is required: "exposed", "added" or "concealed"')]


def test_422_body_that_is_not_an_object(client):
    body, errs = errors_of(post_raw(client, "/v1/toy/win", "[1, 2]"))
    assert body["code"] == "invalid_field"
    assert errs == [("#", "the body must be an object")]


@pytest.mark.parametrize("member, value", [
    ("after_kong", "yes"), ("after_kong", 1), ("is_dealer", 0), ("win_type", "tsumo"),
    ("missing_suit", "z"), ("active", "0123"), ("active", [4]), ("holdings", [3]),
    ("holdings", [{"zheng": 5}, {}]), ("holdings", [{}] * 5), ("code_count", 2.0),
    ("code_count", 13), ("seats", [0, 1]), ("visible", 5),
])
def test_422_wrong_json_types_are_invalid_field(client, member, value):
    body, errs = errors_of(client.post("/v1/toy/win", json={**WIN, "context": {member: value}}))
    assert body["code"] == "invalid_field"
    assert errs[0][0].startswith(f"#/context/{member}")


def test_422_pointer_segments_are_escaped(client):
    _, errs = errors_of(client.post("/v1/toy/win", json={**WIN, "a/b~c d": 1}))
    assert errs[0][0] == "#/a~1b~0c%20d"


def test_422_invalid_hand_for_tiles_that_cannot_be_a_hand(client):
    body, errs = errors_of(client.post("/v1/toy/win", json={"hand": "12x", "win_tile": "5m"}))
    assert body["type"] == "urn:hupai:problem:invalid-hand" and body["title"] == "Invalid hand"
    assert body["code"] == "invalid_tile" and errs[0][0] == "#/hand"
    body, errs = errors_of(client.post("/v1/toy/win", json={"hand": "11112345678999m",
                                                            "win_tile": "1m"}))
    # 1m: 4 in hand + the win tile = 5; and 14 tiles in hand instead of 13
    assert body["code"] == "too_many_copies"
    assert [e["pointer"] for e in body["errors"]] == ["#/hand", "#/hand"]
    assert "5 copies of 1m" in body["errors"][0]["detail"]
    assert "got 14 in hand" in body["errors"][1]["detail"]


def test_422_chow_not_allowed_and_bad_option(client):
    body, _ = errors_of(client.post("/v1/toy/win", json={
        "hand": "1234567999m", "melds": [{"type": "chow", "tiles": "123m"}], "win_tile": "1m"}))
    assert body["code"] == "chow_not_allowed"
    body, errs = errors_of(client.post("/v1/toy/win", json={**WIN, "options": {"bonus": 9,
                                                                              "speed": 1}}))
    assert body["type"].endswith("validation-error") and body["code"] == "invalid_option"
    assert sorted(p for p, _ in errs) == ["#/options/bonus", "#/options/speed"]


def test_422_a_bad_tile_does_not_hide_a_bad_option(client):
    """API.md: every problem found, and the code of the first in the order — where
    invalid_option comes before invalid_tile — also when the tiles cannot be read at all."""
    bad = {"hand": "12x", "win_tile": "5m", "options": {"bonus": 9}}
    body, errs = errors_of(client.post("/v1/toy/win", json=bad))
    assert body["type"].endswith("validation-error") and body["code"] == "invalid_option"
    assert [p for p, _ in errs] == ["#/options/bonus", "#/hand"]
    batched = client.post("/v1/batch", json={"requests": [
        {"variant": "toy", "op": "win", "body": bad}]}).get_json()["results"][0]
    assert batched == {"status": 422, "body": body}
    body, errs = errors_of(client.post("/v1/toy/win", json={**bad, "options": {"bonus": 1}}))
    assert body["code"] == "invalid_tile" and [p for p, _ in errs] == ["#/hand"]


def test_422_an_operation_without_what_it_needs(client):
    body, errs = errors_of(client.post("/v1/toy/kong", json={"context": {"seats": {}}}))
    assert body["code"] == "missing_field"
    assert [p for p, _ in errs] == ["#/context/kong", "#/context/seats/konger"]


# --- 500 ---------------------------------------------------------------------------------------


def test_a_hook_that_raises_after_the_view_is_logged_with_the_request_id(caplog):
    # an after_request hook failing runs past every error handler, into Flask's own
    # handle_exception: its log line must name the id the 500 body quotes
    app = create_app(Settings(), TOY_REGISTRY)

    @app.after_request
    def broken(response):  # type: ignore[no-untyped-def]
        raise RuntimeError("hook failed")

    r = app.test_client().post("/v1/toy/win", json=WIN, headers={"X-Request-ID": "hook-500"})
    assert r.status_code == 500
    assert any("hook-500" in rec.getMessage() and rec.exc_info for rec in caplog.records)


def test_500_leaks_nothing_internal(client, caplog):
    r = client.post("/v1/broken/win", json=WIN, headers={"X-Request-ID": "trace-500"})
    body = problem(r)
    assert r.status_code == 500 and body["type"] == "about:blank"
    text = r.get_data(as_text=True)
    for secret in ("ZeroDivisionError", "secret", "/srv", "Traceback", "toy.py"):
        assert secret not in text
    assert "trace-500" in body["detail"]  # the id to quote, and the log has the traceback
    assert any("trace-500" in rec.getMessage() and rec.exc_info for rec in caplog.records)
