"""The two headers every answer carries: ``X-Request-ID`` (the caller's, when it is a
plausible id, else a new one: the id a caller quotes finds the log line) and
``X-Hupai-Version`` (which build answered). Set by service/app.py's after-request hook and
by service/direct.py, which answers the ``POST`` routes without the hooks."""

from __future__ import annotations

import re
import uuid
from typing import Final

import engine

REQUEST_ID: Final = "X-Request-ID"
REQUEST_ID_ENVIRON: Final = "HTTP_X_REQUEST_ID"
VERSION_HEADER: Final = "X-Hupai-Version"
_GOOD_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")


def request_id(given: str | None) -> str:
    """The caller's id when it is 1–128 characters of ``[A-Za-z0-9._-]``, else a new one."""
    if given is not None and _GOOD_ID.fullmatch(given):
        return given
    return uuid.uuid4().hex


def headers(rid: str) -> list[tuple[str, str]]:
    """The two headers, in the order the hook sets them."""
    return [(REQUEST_ID, rid), (VERSION_HEADER, engine.__version__)]
