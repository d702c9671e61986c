"""The ``hupai`` console command.

``hupai serve`` replaces itself (``exec``) with gunicorn running the packaged configuration
(``service/gunicorn_conf.py``) and the WSGI target ``service.wsgi:app``. Replacing rather
than spawning keeps one process: in a container it is PID 1 and receives SIGTERM itself.
Arguments after ``serve`` go to gunicorn unchanged (``hupai serve --workers 4``); the
defaults come from the environment (``HUPAI_BIND``, ``WEB_CONCURRENCY``, see
``service/gunicorn_conf.py``). Every setting is checked first (``service/settings.py``): a bad
one prints one line naming the variable, the value and what is allowed, and exits with status
2, before gunicorn starts.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from service.settings import ServerSettings, Settings, or_exit

CONFIG = "python:service.gunicorn_conf"
WSGI_APP = "service.wsgi:app"


def gunicorn_argv(extra: Sequence[str] = ()) -> list[str]:
    """The exact command ``hupai serve`` runs (the interpreter of this installation)."""
    return [sys.executable, "-m", "gunicorn", "--config", CONFIG, *extra, WSGI_APP]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="hupai", description="Hupai, the Chinese regional mahjong rules service."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser(
        "serve",
        help="start the HTTP service under gunicorn",
        description="Start gunicorn with the packaged configuration. Listens on HUPAI_BIND "
        "(default 0.0.0.0:8000) with WEB_CONCURRENCY workers (default 2); further arguments "
        "are passed to gunicorn.",
    )
    # Unknown options are gunicorn's: parse_known_args hands them over untouched.
    args, extra = parser.parse_known_args(argv)
    assert args.command == "serve"  # the only command; argparse rejects any other
    # Every setting checked before gunicorn starts: a bad one is one line and exit status 2
    # (gunicorn itself would die on a bad WEB_CONCURRENCY with a traceback, at its import).
    or_exit(ServerSettings.from_env)
    or_exit(Settings.from_env)
    command = gunicorn_argv(extra)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(command[0], command)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
