"""A bad setting is one line naming the variable, the value and what is allowed, and exit 2.

Both places that read the settings first are run in a fresh interpreter: the ``hupai``
command (``service/cli.py``, before it execs gunicorn) and the gunicorn configuration
(``service/gunicorn_conf.py``, what a bare ``gunicorn service.wsgi:app`` loads). The real
processes are in tests/deploy/test_bad_settings.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ops.bad_settings import ANY_VALUE, BAD, ROOT, one_line, read_by_the_service

COMMANDS = {
    "hupai serve": [sys.executable, "-m", "service.cli", "serve"],
    "gunicorn configuration": [sys.executable, "-c", "import service.gunicorn_conf"],
}


def _run(command: list[str], env: dict[str, str],
         tmp_path: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("HUPAI_", "PROMETHEUS_")) and k != "WEB_CONCURRENCY"}
    # a metrics directory of the test's own: a bad setting must stop before anything is made
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={**clean, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "m"), **env},
                          check=False)


def test_every_setting_has_a_bad_value_here() -> None:
    assert {v for v, _, _ in BAD} | set(ANY_VALUE) == read_by_the_service()


@pytest.mark.parametrize("where", sorted(COMMANDS))
@pytest.mark.parametrize(("variable", "value", "allowed"), BAD)
def test_a_bad_setting_is_one_line_and_exit_2(where: str, variable: str, value: str,
                                              allowed: str, tmp_path: Path) -> None:
    run = _run(COMMANDS[where], {variable: value}, tmp_path)
    assert run.returncode == 2, run.stderr
    assert one_line(run.stderr, variable, value, allowed), run.stderr
    assert run.stdout == ""
    assert not (tmp_path / "m").exists()  # stopped before the metrics directory was made


def test_the_first_bad_setting_is_the_one_reported(tmp_path: Path) -> None:
    # two bad values: one line still, the server's settings are read first
    run = _run(COMMANDS["hupai serve"], {"WEB_CONCURRENCY": "0", "HUPAI_LOG_LEVEL": "x"},
               tmp_path)
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1, run.stderr
