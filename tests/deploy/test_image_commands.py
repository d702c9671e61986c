"""The image's CMD and HEALTHCHECK lines, run verbatim outside a container.

No Docker engine runs here, so the exact arrays the Dockerfile holds are executed with the
runtime stage's ENV: CMD starts the service (tests/deploy/live.py), HEALTHCHECK must then
exit 0, and must fail once the service is gone — a healthcheck that cannot fail proves nothing.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

from tests.deploy import live
from tests.ops import dockerfile


def _healthcheck(instance_port: int) -> subprocess.CompletedProcess[str]:
    flags, command = dockerfile.healthcheck()
    timeout = float(flags["timeout"].rstrip("s"))
    env = live.image_env(HUPAI_BIND=f"127.0.0.1:{instance_port}")
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout + 5)


def test_cmd_starts_the_service_and_healthcheck_passes(
    start_service: Callable[..., live.Instance],
) -> None:
    service = start_service(workers=2)
    assert len(service.workers()) == 2
    run = _healthcheck(service.port)
    assert run.returncode == 0, run.stderr
    # the default bind of the image (HUPAI_BIND unset) is what the healthcheck assumes
    assert dockerfile.final_env()["HUPAI_BIND"].endswith(":8000")

    # SIGTERM (what `docker stop` sends to PID 1): clean exit, and the check now fails
    assert service.stop() == 0
    failed = _healthcheck(service.port)
    assert failed.returncode != 0


def test_healthcheck_fails_when_nothing_listens(tmp_path: Path) -> None:
    # Nothing listening on the port: connection refused is a failure, not a pass.
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert _healthcheck(port).returncode != 0
