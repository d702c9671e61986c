"""A bad setting stops the real processes with one line and exit status 2, no traceback.

The image's command (``hupai serve``, run as tests/deploy/live.py runs it) and a bare
``gunicorn service.wsgi:app`` from a checkout (gunicorn reads ./gunicorn.conf.py: the check
then happens inside gunicorn's configuration load, a different path). gunicorn reads
``WEB_CONCURRENCY`` itself when it is imported, before any configuration, so for a bare
gunicorn that one is gunicorn's own error (``hupai serve`` checks it first).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.deploy import live
from tests.ops import dockerfile
from tests.ops.bad_settings import BAD, ROOT, one_line

COMMANDS = {
    "image CMD": (dockerfile.cmd(), None),
    "bare gunicorn": ([str(live.BIN / "gunicorn"), "service.wsgi:app"], ROOT),
}


CASES = [(where, *bad) for where in sorted(COMMANDS) for bad in BAD
         if not (where == "bare gunicorn" and bad[0] == "WEB_CONCURRENCY")]  # gunicorn's own


@pytest.mark.parametrize(("where", "variable", "value", "allowed"), CASES)
def test_a_bad_setting_stops_the_server_with_one_line(where: str, variable: str, value: str,
                                                      allowed: str, tmp_path: Path) -> None:
    command, cwd = COMMANDS[where]
    env = live.image_env(HUPAI_BIND="127.0.0.1:0", PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "m"))
    env[variable] = value
    run = subprocess.run(command, cwd=cwd or tmp_path, env=env, capture_output=True, text=True,
                         timeout=60, check=False, stdin=subprocess.DEVNULL)
    assert run.returncode == 2, run.stderr
    assert one_line(run.stderr, variable, value, allowed), run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""
