"""Fixtures: apps built on the toy variant (tests/service/toy.py), so that every answer of the
service layer can be worked out by hand, and a test client for each."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

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
