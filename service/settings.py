"""Settings: read once from ``HUPAI_*`` environment variables when the app is created.

Everything configurable lives here, so that the rest of the service takes a ``Settings`` value
and never looks at the environment. A bad value stops start-up with a message that names the
variable — better than a service that runs with a setting its operator did not mean.

| variable | default | meaning |
|---|---|---|
| ``HUPAI_API_KEYS`` | (none) | comma-separated bearer keys; any of them opens ``/v1/*`` |
| ``HUPAI_API_KEYS_FILE`` | (none) | a file with one key a line (a mounted secret); ``#`` comments |
| ``HUPAI_MAX_BODY_BYTES`` | 1048576 | request bodies above this answer 413 |
| ``HUPAI_LOG_LEVEL`` | ``INFO`` | level of the ``hupai`` logger |

Keys from both sources are merged, so a rotation can add the new key in one place while the
old one is still accepted in the other.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PREFIX = "HUPAI_"
DEFAULT_MAX_BODY_BYTES = 1024 * 1024
_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


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
            max_body_bytes=_positive_int(env, "MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES),
            log_level=_log_level(env),
        )


def _split_keys(text: str, *, separator: str | None) -> list[str]:
    parts = text.split(separator) if separator else text.splitlines()
    keys = [p.strip() for p in parts]
    return [k for k in keys if k and not k.startswith("#")]


def _read_key_file(path: str) -> list[str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SettingsError(f"{PREFIX}API_KEYS_FILE={path!r} cannot be read: {e.strerror}") from e
    keys = _split_keys(text, separator=None)
    if not keys:
        raise SettingsError(f"{PREFIX}API_KEYS_FILE={path!r} holds no key (one key a line)")
    return keys


def _positive_int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(PREFIX + name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value <= 0:
        raise SettingsError(f"{PREFIX}{name}={raw!r} must be a positive whole number of bytes")
    return value


def _log_level(env: Mapping[str, str]) -> str:
    raw = env.get(f"{PREFIX}LOG_LEVEL", "").strip().upper() or "INFO"
    if raw not in _LEVELS:
        raise SettingsError(f"{PREFIX}LOG_LEVEL={raw!r} must be one of {', '.join(_LEVELS)}")
    return raw


def configure_logging(settings: Settings) -> logging.Logger:
    """The ``hupai`` logger at the configured level (handlers are the server's business)."""
    logger = logging.getLogger("hupai")
    logger.setLevel(settings.log_level)
    return logger
