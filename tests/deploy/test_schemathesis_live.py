"""Live contract fuzzing: schemathesis against the running gunicorn instance.

Every operation of the served ``/openapi.yaml``, a fixed seed, a bounded number of examples
per operation, and the checks of the in-process run (tests/contract/test_fuzz.py): every check
but ``positive_data_acceptance`` — the schema says which JSON is well-formed, not which tiles
make a hand, so a schema-valid body is often, and rightly, a 422. What differs from the
in-process run is the transport: real sockets, gunicorn, 2 worker processes.

The coverage phase (thousands of boundary cases, ~2 minutes here) runs in-process in
tests/contract; live, the examples and the seeded fuzzing phase go through the real server.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.deploy import live

SEED = 20261129
MAX_EXAMPLES = 25


def _schemathesis() -> list[str]:
    found = shutil.which("schemathesis") or str(Path(sys.executable).parent / "schemathesis")
    assert Path(found).exists(), "schemathesis is in the [test] extra"
    return [found]


def test_schemathesis_finds_nothing_against_live_gunicorn(
    start_service: Callable[..., live.Instance], tmp_path: Path
) -> None:
    service = start_service(workers=2)
    # fmt: off
    command = [
        *_schemathesis(), "run", f"{service.url}/openapi.yaml",
        "--checks", "all",
        "--exclude-checks", "positive_data_acceptance",
        "--phases", "examples,fuzzing",
        "--seed", str(SEED),
        "--max-examples", str(MAX_EXAMPLES),
        # one generating thread: Hypothesis describes strategies with ast.parse, which is not
        # thread-safe in CPython 3.11 (gh-106905: "AST constructor recursion depth mismatch"
        # from two threads at once); the server still runs its 2 workers
        "--workers", "1",
        "--request-timeout", "10",
        "--no-color",
        "--report", "junit", "--report-dir", str(tmp_path / "report"),
    ]
    # fmt: on
    run = subprocess.run(command, cwd=live.ROOT, capture_output=True, text=True, timeout=600)
    summary = run.stdout[-6000:]
    assert run.returncode == 0, summary
    # every operation of the document was selected and tested
    selected = re.search(r"Selected: (\d+)/(\d+)", run.stdout)
    tested = re.search(r"Tested: (\d+)", run.stdout)
    assert selected and tested, summary
    assert selected.group(1) == selected.group(2) == tested.group(1), summary
    # the server survived it and still answers
    assert service.request("GET", "/readyz").status == 200
    assert service.proc.poll() is None
