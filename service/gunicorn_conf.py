"""gunicorn configuration for Hupai, shipped inside the package.

Why it lives here: ``hupai serve`` (and the Docker image, which runs it) must find the
configuration after a plain, non-editable ``pip install``, where no repository checkout
exists. gunicorn loads it as ``--config python:service.gunicorn_conf``; the repository's
root ``gunicorn.conf.py`` re-exports it so that a bare ``gunicorn service.wsgi:app`` run from
a checkout picks up the same settings.

Environment (read once, when gunicorn loads this module):

``HUPAI_BIND``            where to listen, default ``0.0.0.0:8000`` (comma-separated for several)
``WEB_CONCURRENCY``       worker processes, default 2 — set it to the CPU cores the container
                          is given; ``os.cpu_count()`` sees the host's cores, not the quota
``HUPAI_LOG_LEVEL``       gunicorn's error log and the root logger level, default ``info``
``PROMETHEUS_MULTIPROC_DIR``  where the workers' metric files live. When unset, a fresh
                          private directory is made (on ``/dev/shm`` when it is writable), so
                          two instances on one host never wipe each other's files, and it is
                          removed on exit. When set (Kubernetes mounts a memory ``emptyDir``
                          there), its ``*.db`` files are wiped at start-up.

Decisions:

* The multiprocess directory is put in the environment *here*, at import, because the
  configuration is read before the application is loaded; with ``preload_app`` the app (and
  with it ``prometheus_client``, which picks its value class at import) is loaded in the
  master right after. If ``prometheus_client`` is already imported while the variable is
  unset, metrics would silently be per-process, so that is a start-up error.
* sync workers, and **sync workers never face clients directly**: every request is a short
  CPU-bound evaluation, which a sync worker answers best, but a sync worker serves one
  connection at a time and reads the request itself, so a client that trickles its headers
  or body holds it (four such clients stopped a 2-worker instance for 30 s). A buffering
  proxy in front is part of the deployment, not an option: the Kubernetes pod runs nginx
  with ``deploy/base/nginx/nginx.conf`` as a sidecar and binds gunicorn to the pod's loopback
  (``HUPAI_BIND=127.0.0.1:8000``); a Kubernetes Service buffers nothing and is no
  substitute. Do not expose ``HUPAI_BIND`` to callers without such a proxy.
* The wipe at start-up keeps the master's own metric files: with ``preload_app`` gunicorn
  loads the app before ``on_starting``, and a gauge set at import (build info) lives there.
* ``max_requests = 0``: the service holds no state that could leak, so recycling workers
  buys nothing (a dead worker's metric files are folded into archives in ``child_exit``).
* Access log lines are JSON objects, one per line, on stdout; gunicorn's own messages and
  application logs are JSON on stderr. Probe (``/livez``, ``/readyz``) and scrape
  (``/metrics``) requests are not logged: they arrive every few seconds and say nothing.
"""

from __future__ import annotations

import gc
import glob
import json
import logging
import os
import shutil
import sys
import tempfile
import time
from typing import Any

from gunicorn.glogging import Logger  # type: ignore[import-untyped]

from service.settings import ServerSettings, Settings, or_exit

__all__ = [
    "bind",
    "child_exit",
    "control_socket_disable",
    "graceful_timeout",
    "keepalive",
    "logconfig_dict",
    "logger_class",
    "loglevel",
    "max_requests",
    "on_exit",
    "on_starting",
    "preload_app",
    "proc_name",
    "timeout",
    "when_ready",
    "worker_class",
    "worker_tmp_dir",
    "workers",
    "wsgi_app",
]

# --- metrics directory: must be in the environment before prometheus_client is imported ----

_MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def _shm_or_none() -> str | None:
    """``/dev/shm`` when it is a writable directory (Linux, containers), else the default."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK) else None


def _ensure_multiproc_dir() -> tuple[str, bool]:
    """Return the metrics directory and whether this module created it (and so removes it)."""
    given = os.environ.get(_MULTIPROC_ENV)
    if given:
        os.makedirs(given, exist_ok=True)
        return given, False
    if "prometheus_client" in sys.modules:
        raise RuntimeError(
            "prometheus_client was imported before the gunicorn configuration set "
            f"{_MULTIPROC_ENV}; metrics would count per worker. Import nothing that imports "
            "prometheus_client from service/__init__.py, or set the variable before starting."
        )
    made = tempfile.mkdtemp(prefix="hupai-metrics-", dir=_shm_or_none())
    os.environ[_MULTIPROC_ENV] = made
    return made, True


# Settings read and checked first (before a metrics directory is made that an exit would
# leave behind): a bad value is one line on stderr and exit status 2 — the app's own settings
# too, so a bare `gunicorn service.wsgi:app` fails the same way as `hupai serve`.
_SERVER = or_exit(ServerSettings.from_env)
or_exit(Settings.from_env)
METRICS_DIR, _METRICS_DIR_OWNED = _ensure_multiproc_dir()

# --- settings ----------------------------------------------------------------------------------


def _log_level() -> str:
    return _SERVER.log_level


wsgi_app = "service.wsgi:app"
bind = list(_SERVER.bind)
workers = _SERVER.workers
worker_class = "sync"
preload_app = True  # tables are built once in the master and shared copy-on-write
max_requests = 0
timeout = 30  # a worker silent this long is killed and replaced
graceful_timeout = 20  # SIGTERM: in-flight requests get this long; fits a 30 s pod grace period
keepalive = 5  # only used by non-sync worker classes
control_socket_disable = True  # gunicorn >= 25.1 would otherwise create a socket under $HOME
worker_tmp_dir = _shm_or_none()  # heartbeat files on tmpfs, not on a (read-only) disk
proc_name = "hupai"
loglevel = _log_level().lower()

# --- JSON logging ------------------------------------------------------------------------------

QUIET_PATHS = frozenset({"/livez", "/readyz", "/metrics"})
"""Paths whose requests never reach the access log: probes and scrapes."""


def _iso_time(created: float) -> str:
    ms = int((created % 1) * 1000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created)) + f".{ms:03d}Z"


class RawAtoms(dict[str, Any]):
    """gunicorn's access atoms without its quote escaping (JSON escapes properly): a
    header atom (``{name}i``, ``{name}o``) read case-blind and ``-`` for an atom not made,
    as gunicorn's own wrapper answers. Public: the access formatter's tests build it."""

    def __getitem__(self, key: str) -> Any:
        if key.startswith("{"):
            key = key.lower()
        return super().get(key, "-")


ACCESS_ATOMS = ("h", "m", "U", "q", "s", "B", "D", "a", "{x-request-id}o")
"""The atoms `JsonAccessFormatter` writes: all that `JsonLogger.atoms` works out."""


class JsonLogger(Logger):  # type: ignore[misc]
    """gunicorn's logger, handing raw atoms to the access formatter — only the atoms it
    writes (`ACCESS_ATOMS`).

    Why: gunicorn's own ``atoms`` makes about 60 on every request, probes included (every
    request header, response header and environ entry under a lower-cased name, the time
    formatted, the user read from ``Authorization``): 20–40 µs of a sync worker's time a
    request, where a ``/livez`` costs about 300 µs in all. The values are gunicorn's, key by
    key (``tests/ops/test_gunicorn_conf.py`` holds them against its ``atoms``)."""

    atoms_wrapper_class = RawAtoms

    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any
              ) -> dict[str, Any]:
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        atoms = {
            "h": environ.get("REMOTE_ADDR", "-"),
            "m": environ.get("REQUEST_METHOD"),
            "U": environ.get("PATH_INFO"),
            "q": environ.get("QUERY_STRING"),
            "s": status,
            "B": getattr(resp, "sent", None),
            "D": request_time.seconds * 1_000_000 + request_time.microseconds,
            "a": environ.get("HTTP_USER_AGENT", "-"),
        }
        for name, value in resp.headers:  # (the last of a repeated header, as gunicorn's)
            if len(name) == 12 and name.lower() == "x-request-id":
                atoms["{x-request-id}o"] = value
        return atoms


class AccessFilter(logging.Filter):
    """Drop access records of probes and scrapes."""

    def filter(self, record: logging.LogRecord) -> bool:
        atoms = record.args
        return not (isinstance(atoms, dict) and atoms.get("U") in QUIET_PATHS)


class JsonAccessFormatter(logging.Formatter):
    """One JSON object per request; the request ID is the X-Request-ID response header."""

    def format(self, record: logging.LogRecord) -> str:
        atoms = record.args if isinstance(record.args, dict) else {}
        status = atoms.get("s", "-")
        sent = atoms.get("B")
        micros = atoms.get("D")
        line: dict[str, Any] = {
            "time": _iso_time(record.created),
            "log": "access",
            "remote_addr": atoms.get("h", "-"),
            "method": atoms.get("m", "-"),
            "path": atoms.get("U", "-"),
            "query": atoms.get("q") or None,
            "status": int(status) if str(status).isdigit() else status,
            "bytes": sent if isinstance(sent, int) else 0,
            "duration_ms": round(micros / 1000, 3) if isinstance(micros, int) else None,
            "request_id": atoms.get("{x-request-id}o"),
            "user_agent": atoms.get("a"),
            "pid": record.process,
        }
        return _LINE.encode({k: v for k, v in line.items() if v is not None})


_LINE = json.JSONEncoder(ensure_ascii=False)
"""``json.dumps(…, ensure_ascii=False)``, built once (with an argument, ``dumps`` builds a new
encoder on every call)."""


class JsonFormatter(logging.Formatter):
    """gunicorn's own messages and application logs as JSON objects."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": _iso_time(record.created),
            "log": "error" if record.name.startswith("gunicorn") else "app",
            "level": record.levelname.lower(),
            "logger": record.name,
            "pid": record.process,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


logger_class = JsonLogger
logconfig_dict: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "root": {"level": _log_level(), "handlers": ["error_console"]},
    "loggers": {
        "gunicorn.error": {
            "level": _log_level(),
            "handlers": ["error_console"],
            "propagate": False,
            "qualname": "gunicorn.error",
        },
        "gunicorn.access": {
            "level": "INFO",
            "handlers": ["console"],
            "propagate": False,
            "qualname": "gunicorn.access",
        },
    },
    "filters": {"quiet_paths": {"()": AccessFilter}},
    "handlers": {
        # Both names are gunicorn's defaults: redefining them is what replaces its text format.
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json_access",
            "filters": ["quiet_paths"],
            "stream": "ext://sys.stdout",
        },
        "error_console": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "stream": "ext://sys.stderr",
        },
    },
    "formatters": {
        "json_access": {"()": JsonAccessFormatter},
        "json": {"()": JsonFormatter},
    },
}

# --- hooks -------------------------------------------------------------------------------------


def on_starting(server: Any) -> None:
    """Answer gunicorn's own refusals as problem+json (``service/gunicorn_errors.py``), send
    each answer's headers with its body (``service/gunicorn_send.py``), and wipe metric files
    a previous run left, before any worker writes new ones.

    gunicorn calls this *after* ``preload_app`` has imported the app in this (master)
    process, so the master's own files (``*_<master pid>.db``: values set at import, such as
    a build-info gauge) are already there and are kept; everything else is a leftover
  (archives of a previous run included: a restarted instance starts its counters afresh,
  which Prometheus reads as a counter reset).
    """
    from service import gunicorn_errors, gunicorn_send

    gunicorn_errors.install()
    gunicorn_send.install()
    mine = f"_{os.getpid()}.db"
    for path in glob.glob(os.path.join(METRICS_DIR, "*.db*")):  # and half-written *.partial
        if not path.endswith(mine):
            os.remove(path)


def when_ready(server: Any) -> None:
    """The app and its tables are loaded (``preload_app``): move every object made so far out
    of the garbage collector's reach before the workers fork, so a full collection never walks
    them (a 30 ms pause every few dozen batches) and copy-on-write pages stay shared."""
    gc.collect()
    gc.freeze()
    server.log.info("hupai listening; starting %d workers; metrics in %s", workers, METRICS_DIR)


def child_exit(server: Any, worker: Any) -> None:
    """Fold a dead worker's counters and histograms into the archive files and drop its
    gauges (``service/metrics_dir.py``), so the directory stays the same size over any
    number of restarts while every total keeps what the dead worker counted."""
    from prometheus_client import multiprocess

    from service import metrics_dir

    try:
        metrics_dir.merge_dead(METRICS_DIR, worker.pid)
    except OSError as e:
        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
        server.log.warning(
            "metrics of dead worker %s not merged (%s): its files stay, and still count",
            worker.pid, e)


def on_exit(server: Any) -> None:
    """Remove the metrics directory if this configuration made it."""
    if _METRICS_DIR_OWNED:
        shutil.rmtree(METRICS_DIR, ignore_errors=True)
