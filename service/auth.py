"""Optional bearer API keys for ``/v1/*``.

When the settings hold any key, every request under ``/v1/`` must carry
``Authorization: Bearer <key>`` with one of them; probes, ``/metrics``, ``/openapi.yaml``,
``/docs`` and the playground (``/``, which asks its user for a key) never need one. The check
runs before routing decides anything, so an unknown variant or a wrong method under ``/v1/``
also answers 401 to a caller without a key (nothing about the API is revealed to it).

Every configured key is compared, each with ``hmac.compare_digest`` on bytes, and the results
are combined without short-circuit: the time taken does not say whether, or which, key almost
matched.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable

from flask import Flask, request

from service.errors import unauthorized
from service.settings import Settings

PROTECTED_PREFIX = "/v1/"


def key_matches(given: bytes, keys: tuple[bytes, ...]) -> bool:
    """True when ``given`` equals one of ``keys``; constant time in which key it is."""
    found = False
    for key in keys:
        found |= hmac.compare_digest(given, key)
    return found


def _bearer_token(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def encoded_keys(settings: Settings) -> tuple[bytes, ...]:
    return tuple(k.encode() for k in settings.api_keys)


def authorized(header: str | None, keys: tuple[bytes, ...]) -> bool:
    """Whether an ``Authorization`` header's value carries one of ``keys``."""
    token = _bearer_token(header)
    return token is not None and key_matches(token.encode(), keys)


def make_check(settings: Settings) -> Callable[[], None]:
    """The before-request hook for these settings (keys encoded once, here)."""
    keys = encoded_keys(settings)

    def check() -> None:
        if not request.path.startswith(PROTECTED_PREFIX) and request.path != "/v1":
            return
        token = _bearer_token(request.headers.get("Authorization"))
        if token is None:
            raise unauthorized("this API needs an API key: send Authorization: Bearer <key>")
        if not key_matches(token.encode(), keys):
            raise unauthorized("the API key is not valid")

    return check


def install(app: Flask, settings: Settings) -> None:
    if settings.auth_enabled:
        app.before_request(make_check(settings))
