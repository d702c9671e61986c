"""Fixtures: apps built on the toy variant (tests/service/toy.py), so that every answer of the
service layer can be worked out by hand, and a test client for each."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service import docs, health
from service.app import create_app
from service.settings import Settings
from tests.service.toy import BROKEN, TOY

TOY_REGISTRY = {"toy": TOY, "broken": BROKEN}


@pytest.fixture
def app() -> Iterator[Flask]:
    yield create_app(Settings(), TOY_REGISTRY)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def problem(response) -> dict:  # type: ignore[no-untyped-def]
    """The problem body of a response, after checking it is one."""
    assert response.mimetype == "application/problem+json", response.get_data(as_text=True)
    body = response.get_json(force=True)
    assert body["status"] == response.status_code
    assert set(body) >= {"type", "title", "status", "detail"}
    return body  # type: ignore[no-any-return]


def example_bodies() -> dict[str, Any]:
    """The first request example openapi.yaml gives for each path, by path."""
    found: dict[str, Any] = {}
    for path, body in health.request_examples(docs.load_spec()):
        found.setdefault(path, body)
    return found


def details(response) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """A 422's details by pointer."""
    return {e["pointer"]: e["detail"] for e in problem(response)["errors"]}
