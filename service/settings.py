"""Settings: read once from ``HUPAI_*`` environment variables when the app is created.

Everything configurable lives here, so that the rest of the service takes a ``Settings`` value
and never looks at the environment. A bad value stops start-up with a message that names the
variable — better than a service that runs with a setting its operator did not mean.

| variable | default | meaning |
|---|---|---|
| ``HUPAI_API_KEYS`` | (none) | comma-separated bearer keys; any of them opens ``/v1/*`` |
| ``HUPAI_API_KEYS_FILE`` | (none) | a file with one key a line (a mounted secret); ``#`` comments |
| ``HUPAI_MAX_BODY_BYTES`` | 1048576 | request bodies above this answer 413 |
| ``HUPAI_LOG_LEVEL`` | ``INFO`` | the ``hupai`` logger's level and gunicorn's; ``WARN`` too |

The server's own (``ServerSettings``, read by ``service/gunicorn_conf.py`` and checked by
``hupai`` before it starts gunicorn): ``HUPAI_BIND`` (default ``0.0.0.0:8000``; comma-separated
``HOST:PORT``, ``[IPv6]:PORT``, ``unix:PATH`` or ``fd://N``) and ``WEB_CONCURRENCY`` (workers,
default 2, at least 1).

Keys from both sources are merged, so a rotation can add the new key in one place while the
old one is still accepted in the other.

Every message of a ``SettingsError`` is one line naming the variable, the value and what is
allowed; ``or_exit`` prints it (``hupai: …``) and exits with status 2 — the usage-error
status — instead of a traceback, wherever the settings are first read: ``hupai`` before it
execs gunicorn, and the gunicorn configuration (also for a bare ``gunicorn service.wsgi:app``).
gunicorn itself reads ``WEB_CONCURRENCY`` when it is imported, before any configuration: with
a bare ``gunicorn`` a bad value is gunicorn's own traceback; ``hupai serve`` checks it first.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

PREFIX = "HUPAI_"
DEFAULT_MAX_BODY_BYTES = 1024 * 1024
DEFAULT_BIND = "0.0.0.0:8000"
DEFAULT_WORKERS = 2
EXIT_BAD_SETTING = 2
_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
_T = TypeVar("_T")


class SettingsError(ValueError):
    """A HUPAI_* variable that cannot be used; the message names it."""


@dataclass(frozen=True)
class Settings:
    """The service's configuration. ``api_keys`` empty means no authentication."""

    api_keys: tuple[str, ...] = ()
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    log_level: str = "INFO"

    @property
    def auth_enabled(self) -> bool:
        return bool(self.api_keys)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Read the HUPAI_* variables (``os.environ`` by default)."""
        env = os.environ if environ is None else environ
        keys = _split_keys(env.get(f"{PREFIX}API_KEYS", ""), separator=",")
        key_file = env.get(f"{PREFIX}API_KEYS_FILE", "").strip()
        if key_file:
            keys += _read_key_file(key_file)
        return cls(
            api_keys=tuple(dict.fromkeys(keys)),  # de-duplicated, order kept
            max_body_bytes=_whole_number(env, f"{PREFIX}MAX_BODY_BYTES",
                                         DEFAULT_MAX_BODY_BYTES, "bytes"),
            log_level=log_level(env),
        )


@dataclass(frozen=True)
class ServerSettings:
    """What gunicorn is told: the addresses to listen on, the workers, the log level."""

    bind: tuple[str, ...] = (DEFAULT_BIND,)
    workers: int = DEFAULT_WORKERS
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ServerSettings:
        env = os.environ if environ is None else environ
        return cls(bind=_bind(env), workers=_whole_number(env, "WEB_CONCURRENCY",
                                                          DEFAULT_WORKERS, "workers"),
                   log_level=log_level(env))


def or_exit(read: Callable[[], _T]) -> _T:
    """``read()``, or — on a bad setting — its one-line message on stderr and exit status 2."""
    try:
        return read()
    except SettingsError as e:
        print(f"hupai: {e}", file=sys.stderr, flush=True)
        raise SystemExit(EXIT_BAD_SETTING) from None


def _split_keys(text: str, *, separator: str | None) -> list[str]:
    parts = text.split(separator) if separator else text.splitlines()
    keys = [p.strip() for p in parts]
    return [k for k in keys if k and not k.startswith("#")]


def _read_key_file(path: str) -> list[str]:
    allowed = "must name a readable UTF-8 file with one key a line"
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or type(e).__name__
        raise SettingsError(f"{PREFIX}API_KEYS_FILE={path!r} {allowed} ({reason})") from e
    keys = _split_keys(text, separator=None)
    if not keys:
        raise SettingsError(f"{PREFIX}API_KEYS_FILE={path!r} {allowed} (it holds no key)")
    return keys


def _whole_number(env: Mapping[str, str], variable: str, default: int, unit: str) -> int:
    raw = env.get(variable, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value <= 0:
        raise SettingsError(f"{variable}={raw!r} must be a positive whole number of {unit}")
    return value


def log_level(env: Mapping[str, str]) -> str:
    """``HUPAI_LOG_LEVEL`` as a ``logging`` level name (any case; ``WARN`` for ``WARNING``)."""
    raw = env.get(f"{PREFIX}LOG_LEVEL", "").strip()
    level = {"WARN": "WARNING"}.get(raw.upper(), raw.upper()) or "INFO"
    if level not in _LEVELS:
        raise SettingsError(f"{PREFIX}LOG_LEVEL={raw!r} must be one of {', '.join(_LEVELS)} "
                            "(any case)")
    return level


_ADDRESS = re.compile(r"unix:.+|fd://\d+"
                      r"|(?P<host>\[[0-9A-Fa-f:.]+\]|[^:\[\]\s]*)(?::(?P<port>\d+))?")
"""What gunicorn's ``bind`` takes: a Unix socket, a file descriptor, or a host (a name, an
IPv4 address or a bracketed IPv6 one) with an optional port (gunicorn's default 8000)."""


def _bind(env: Mapping[str, str]) -> tuple[str, ...]:
    raw = env.get(f"{PREFIX}BIND", "").strip() or DEFAULT_BIND
    addresses = tuple(a.strip() for a in raw.split(",") if a.strip())
    for address in addresses:
        match = _ADDRESS.fullmatch(address)
        if not match or (match["port"] is not None and int(match["port"]) > 65535):
            raise SettingsError(
                f"{PREFIX}BIND={raw!r} must be comma-separated HOST:PORT, [IPv6]:PORT, "
                f"unix:PATH or fd://N addresses (port 0-65535); {address!r} is none of them")
    if not addresses:
        raise SettingsError(f"{PREFIX}BIND={raw!r} must name at least one address")
    return addresses


def configure_logging(settings: Settings) -> logging.Logger:
    """The ``hupai`` logger at the configured level (handlers are the server's business)."""
    logger = logging.getLogger("hupai")
    logger.setLevel(settings.log_level)
    return logger
