"""service/gunicorn_conf.py and service/cli.py, without starting a server.

The configuration changes the environment when it is imported (that is its job: the metrics
directory must be set before prometheus_client is imported), so import-order checks run in a
fresh interpreter. Live behaviour (access log, metrics across workers) is in tests/deploy.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(env: dict[str, str], code: str) -> dict[str, Any]:
    """Import the configuration in a fresh interpreter with ``env``, run ``code``, and
    return the JSON it prints."""
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in {"PROMETHEUS_MULTIPROC_DIR", "WEB_CONCURRENCY", "HUPAI_BIND", "HUPAI_LOG_LEVEL"}
    }
    cleanup = (
        "\nimport shutil, service.gunicorn_conf as _c\n"
        "if _c._METRICS_DIR_OWNED: shutil.rmtree(_c.METRICS_DIR)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code + cleanup],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


SETTINGS = """
import json, os, sys
import service.gunicorn_conf as c
print(json.dumps({
    "workers": c.workers, "bind": c.bind, "preload_app": c.preload_app,
    "max_requests": c.max_requests, "control_socket_disable": c.control_socket_disable,
    "worker_tmp_dir": c.worker_tmp_dir, "timeout": c.timeout,
    "graceful_timeout": c.graceful_timeout, "loglevel": c.loglevel,
    "wsgi_app": c.wsgi_app, "dir": os.environ.get("PROMETHEUS_MULTIPROC_DIR"),
    "dir_exists": os.path.isdir(os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")),
    "prometheus_imported": "prometheus_client" in sys.modules,
}))
"""


def test_defaults() -> None:
    got = _load({}, SETTINGS)
    assert got["workers"] == 2
    assert got["bind"] == ["0.0.0.0:8000"]
    assert got["preload_app"] is True
    assert got["max_requests"] == 0
    assert got["control_socket_disable"] is True
    assert got["worker_tmp_dir"] == "/dev/shm"
    assert 0 < got["graceful_timeout"] <= got["timeout"]
    assert got["loglevel"] == "info"
    assert got["wsgi_app"] == "service.wsgi:app"
    # a private metrics directory was made, and loading the config imported no metrics code
    assert got["dir"] and got["dir_exists"] and "hupai-metrics-" in got["dir"]
    assert got["prometheus_imported"] is False


def test_environment_overrides(tmp_path: Path) -> None:
    metrics = tmp_path / "m"
    got = _load(
        {
            "WEB_CONCURRENCY": "3",
            "HUPAI_BIND": "127.0.0.1:9000, unix:/tmp/h.sock",
            "HUPAI_LOG_LEVEL": "WARN",
            "PROMETHEUS_MULTIPROC_DIR": str(metrics),
        },
        SETTINGS,
    )
    assert got["workers"] == 3
    assert got["bind"] == ["127.0.0.1:9000", "unix:/tmp/h.sock"]
    assert got["loglevel"] == "warning"
    assert got["dir"] == str(metrics) and got["dir_exists"]  # created when missing


@pytest.mark.parametrize("value", ["0", "two"])
def test_bad_worker_count_is_a_start_up_error(value: str, tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-c", "import service.gunicorn_conf"],
        cwd=ROOT,
        env={**os.environ, "WEB_CONCURRENCY": value, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert run.returncode != 0 and "WEB_CONCURRENCY" in run.stderr


def test_refuses_to_start_when_metrics_were_imported_first() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    run = subprocess.run(
        [sys.executable, "-c", "import prometheus_client; import service.gunicorn_conf"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode != 0 and "PROMETHEUS_MULTIPROC_DIR" in run.stderr


def test_root_config_file_re_exports_the_packaged_one() -> None:
    # `gunicorn service.wsgi:app` from a checkout reads ./gunicorn.conf.py as a file.
    code = """
import importlib.util, json
spec = importlib.util.spec_from_file_location("__config__", "gunicorn.conf.py")
mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
import service.gunicorn_conf as c
print(json.dumps(sorted(n for n in c.__all__ if getattr(mod, n, None) is not getattr(c, n))))
"""
    assert _load({}, code) == []


def test_every_exported_name_is_a_gunicorn_setting() -> None:
    # gunicorn silently ignores unknown names: a typo (`graceful_timeuot`) would be lost.
    code = """
import json
from gunicorn.config import KNOWN_SETTINGS
import service.gunicorn_conf as c
known = {s.name for s in KNOWN_SETTINGS}
print(json.dumps(sorted(set(c.__all__) - known)))
"""
    assert _load({}, code) == []


# --- logging and hooks, in-process (the module is imported once with a given directory) ----


@pytest.fixture
def conf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    # prometheus_client picks its value class from the environment when first imported:
    # import it before the variable is set, or the rest of this pytest session (the app's
    # tests) would write metric files into a directory that no longer exists.
    import prometheus_client  # noqa: F401

    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    import service.gunicorn_conf as conf

    monkeypatch.setattr(conf, "METRICS_DIR", str(tmp_path))
    return conf


def _access_record(conf: Any, path: str, **extra: Any) -> logging.LogRecord:
    atoms = conf.RawAtoms(
        {
            "h": "127.0.0.1",
            "m": "POST",
            "U": path,
            "q": "",
            "s": "200",
            "B": 57,
            "D": 1234,
            "a": 'curl "quoted"',
            "{x-request-id}o": "req-1",
            **extra,
        }
    )
    return logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, "%(h)s", (atoms,), None)


def test_access_line_is_json_with_the_request_id(conf: Any) -> None:
    record = _access_record(conf, "/v1/sichuan/win")
    line = json.loads(conf.JsonAccessFormatter().format(record))
    assert line["request_id"] == "req-1"
    assert line["method"] == "POST" and line["path"] == "/v1/sichuan/win"
    assert line["status"] == 200 and line["bytes"] == 57
    assert line["duration_ms"] == 1.234  # D is microseconds: 1234 µs
    assert line["user_agent"] == 'curl "quoted"'  # JSON-escaped once, not gunicorn-escaped
    assert "query" not in line  # empty query string omitted


def test_atoms_answer_dash_for_missing_keys_like_gunicorns(conf: Any) -> None:
    atoms = conf.RawAtoms({"{x-request-id}o": "r"})
    assert atoms["{X-Request-ID}o"] == "r" and atoms["missing"] == "-"


class _Sent:
    """What gunicorn hands its logger's ``access``: the response, with its headers as sent."""

    def __init__(self, status: str, headers: list[tuple[str, str]], sent: int | None) -> None:
        self.status, self.headers, self.sent = status, headers, sent


@pytest.mark.parametrize(("status", "headers", "sent", "agent"), [
    ("200 OK", [("Content-Type", "application/json"), ("X-Request-ID", "req-1"),
                ("X-Hupai-Version", "1")], 3012, "wrk"),
    ("422 UNPROCESSABLE ENTITY", [("x-request-id", "a"), ("X-REQUEST-ID", "b")], 0, None),
    ("500 INTERNAL SERVER ERROR", [("Content-Length", "0")], None, None),
])
def test_access_atoms_are_gunicorns_own_for_every_atom_the_line_writes(
        conf: Any, status: str, headers: list[tuple[str, str]], sent: int | None,
        agent: str | None) -> None:
    import datetime

    from gunicorn.config import Config  # type: ignore[import-untyped]
    from gunicorn.glogging import Logger  # type: ignore[import-untyped]

    environ = {"REMOTE_ADDR": "10.0.0.7", "REQUEST_METHOD": "POST", "RAW_URI": "/v1/x?y=1",
               "PATH_INFO": "/v1/x", "QUERY_STRING": "y=1", "SERVER_PROTOCOL": "HTTP/1.1",
               "HTTP_AUTHORIZATION": "Bearer k", **({"HTTP_USER_AGENT": agent} if agent else {})}
    request_headers = [("HOST", "h"), ("USER-AGENT", agent or "-")]
    took = datetime.timedelta(seconds=1, microseconds=2345)
    resp = _Sent(status, headers, sent)
    slim = conf.JsonLogger(Config()).atoms(resp, request_headers, environ, took)
    full = Logger(Config()).atoms(resp, request_headers, environ, took)
    assert set(slim) <= set(conf.ACCESS_ATOMS)
    assert slim == {k: full[k] for k in conf.ACCESS_ATOMS if k in full}
    # and so the same line: D is 1,002,345 µs
    lines = [json.loads(conf.JsonAccessFormatter().format(logging.LogRecord(
        "gunicorn.access", logging.INFO, __file__, 1, "%(h)s", (conf.RawAtoms(atoms),), None)))
        for atoms in (slim, full)]
    assert lines[0] == {**lines[1], "time": lines[0]["time"]}
    assert lines[0]["duration_ms"] == 1002.345


@pytest.mark.parametrize(
    ("path", "logged"),
    [
        ("/livez", False),
        ("/readyz", False),
        ("/metrics", False),
        ("/v1/variants", True),
        ("/metrics/x", True),
        ("/docs", True),
    ],
)
def test_probes_and_scrapes_stay_out_of_the_access_log(conf: Any, path: str, logged: bool) -> None:
    assert conf.AccessFilter().filter(_access_record(conf, path)) is logged


def test_logconfig_redefines_gunicorns_default_handlers(conf: Any) -> None:
    handlers = conf.logconfig_dict["handlers"]
    assert handlers["console"]["formatter"] == "json_access"
    assert handlers["console"]["filters"] == ["quiet_paths"]
    assert handlers["error_console"]["formatter"] == "json"
    assert conf.logconfig_dict["loggers"]["gunicorn.access"]["handlers"] == ["console"]


def test_error_and_app_records_are_json(conf: Any) -> None:
    record = logging.LogRecord("service.app", logging.WARNING, __file__, 1, "x=%d", (3,), None)
    line = json.loads(conf.JsonFormatter().format(record))
    assert line == {**line, "level": "warning", "logger": "service.app", "message": "x=3"}


def test_on_starting_wipes_old_metric_files_but_not_the_masters(conf: Any, tmp_path: Path) -> None:
    # The master (this process) preloaded the app before on_starting: its files stay.
    master = os.getpid()
    (tmp_path / "counter_41.db").write_bytes(b"x")
    (tmp_path / f"gauge_max_{master}1.db").write_bytes(b"x")  # another pid with our prefix
    (tmp_path / f"gauge_max_{master}.db").write_bytes(b"x")
    (tmp_path / "keep.txt").write_text("not ours")
    conf.on_starting(None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"gauge_max_{master}.db", "keep.txt"]


def _db(path: Path, **entries: float) -> None:
    from prometheus_client.mmap_dict import MmapedDict

    d = MmapedDict(str(path))
    for key, value in entries.items():
        d.write_value(key, value, 0.0)
    d.close()


def _values(path: Path) -> dict[str, float]:
    from prometheus_client.mmap_dict import MmapedDict

    return {k: v for k, v, _, _ in MmapedDict.read_all_values_from_file(str(path))}


class _Server:
    def __init__(self) -> None:
        self.log = logging.getLogger("test.gunicorn")


def test_child_exit_folds_the_dead_workers_counts_into_the_archive(
    conf: Any, tmp_path: Path
) -> None:
    # The dead worker's counters join the archive (3 + 4 = 7, 5 new); its gauges of every
    # mode go (mark_process_dead's rule for live gauges); the live worker 42 is untouched.
    _db(tmp_path / "counter_archive.db", a=3.0)
    _db(tmp_path / "counter_41.db", a=4.0, b=5.0)
    for name in ("gauge_livesum_41.db", "gauge_liveall_41.db", "gauge_max_41.db",
                 "gauge_livesum_42.db"):
        _db(tmp_path / name, g=1.0)

    class Worker:
        pid = 41

    conf.child_exit(_Server(), Worker())
    names = sorted(p.name for p in tmp_path.glob("*.db"))
    assert names == ["counter_archive.db", "gauge_livesum_42.db"]
    assert _values(tmp_path / "counter_archive.db") == {"a": 7.0, "b": 5.0}


def test_child_exit_that_cannot_merge_still_drops_live_gauges(
    conf: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import errno

    _db(tmp_path / "counter_41.db", a=4.0)
    _db(tmp_path / "gauge_livesum_41.db", g=1.0)

    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full)

    class Worker:
        pid = 41

    with caplog.at_level(logging.WARNING, logger="test.gunicorn"):
        conf.child_exit(_Server(), Worker())
    assert sorted(p.name for p in tmp_path.glob("*.db")) == ["counter_41.db"]  # still counted
    assert "not merged" in caplog.text


# --- the console command ------------------------------------------------------------------------


def test_hupai_serve_execs_gunicorn_with_the_packaged_config(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from service import cli

    calls: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(cli.os, "execv", lambda path, argv: calls.append((path, argv)))
    cli.main(["serve", "--workers", "3", "--bind", "127.0.0.1:9"])
    assert calls == [
        (
            sys.executable,
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--config",
                "python:service.gunicorn_conf",
                "--workers",
                "3",
                "--bind",
                "127.0.0.1:9",
                "service.wsgi:app",
            ],
        )
    ]


def test_hupai_without_a_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from service import cli

    with pytest.raises(SystemExit) as exc:
        cli.main([])
    assert exc.value.code == 2 and "serve" in capsys.readouterr().err


def test_console_script_is_declared() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["hupai"] == "service.cli:main"


def test_when_ready_freezes_what_the_preloaded_app_made(conf: Any) -> None:
    import gc

    class Server:
        class log:  # stands in for gunicorn's server.log
            @staticmethod
            def info(*_args: Any) -> None:
                pass

    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    try:
        conf.when_ready(Server())
        assert gc.get_freeze_count() > 0  # the tables and app objects are out of GC's reach
    finally:
        gc.unfreeze()
