"""One bad value for every setting Hupai reads, and what its one-line message must say.

Shared by tests/ops/test_bad_settings.py (the ``hupai`` command and the gunicorn
configuration, in fresh interpreters) and tests/deploy/test_bad_settings.py (the image's
command and a bare ``gunicorn`` from a checkout, for real).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BAD = [
    # (variable, bad value, words of what is allowed)
    ("HUPAI_MAX_BODY_BYTES", "abc", "must be a positive whole number of bytes"),
    ("HUPAI_MAX_BODY_BYTES", "-5", "must be a positive whole number of bytes"),
    ("HUPAI_LOG_LEVEL", "loud", "must be one of CRITICAL, ERROR, WARNING, INFO, DEBUG"),
    ("HUPAI_API_KEYS_FILE", "/nonexistent/keys", "must name a readable UTF-8 file"),
    ("HUPAI_BIND", "127.0.0.1:http", "must be comma-separated HOST:PORT"),
    ("WEB_CONCURRENCY", "two", "must be a positive whole number of workers"),
]
ANY_VALUE = {"HUPAI_API_KEYS": "any text is a list of keys: it has no bad value"}


def read_by_the_service() -> set[str]:
    """The variables service/settings.py reads (its ``PREFIX`` names and WEB_CONCURRENCY)."""
    source = (ROOT / "service" / "settings.py").read_text()
    names = {f"HUPAI_{n}" for n in re.findall(r'f"\{PREFIX\}(\w+)"', source)}
    return names | set(re.findall(r'"(WEB_CONCURRENCY)"', source))


def one_line(stderr: str, variable: str, value: str, allowed: str) -> bool:
    """stderr is exactly ``hupai: VARIABLE='value' <what is allowed>…``, one line."""
    lines = stderr.splitlines()
    return (len(lines) == 1 and lines[0].startswith(f"hupai: {variable}={value!r} ")
            and allowed in lines[0])
