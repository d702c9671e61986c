"""nginx with the configuration the Deployment mounts, run unprivileged on loopback.

``render`` rewrites deploy/base/nginx/nginx.conf for such a run — the upstream list and the two
listen ports, nothing else — and ``Nginx`` runs it (as ``nobody`` when the tests run as root)
with its access log (``/dev/stdout`` in the file) and error log in files of its prefix.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.deploy import live

ROOT = live.ROOT
CONF = ROOT / "deploy" / "base" / "nginx" / "nginx.conf"
NOBODY = 65534


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


PUBLIC_PORT, METRICS_PORT = 8080, 9090
"""The shipped file's listen ports (tests/ops pins them to the Deployment's container ports)."""


def render(conf: str, upstreams: list[int], listen: int, metrics_listen: int) -> str:
    """The shipped configuration for an unprivileged loopback run: its upstream (the pod's
    gunicorn) becomes ``upstreams``, its two ports loopback ones; nothing else changes (paths
    are relative to nginx's ``-p`` prefix, logs go to stdout and stderr)."""
    servers = re.findall(r"^( +)server 127\.0\.0\.1:\d+ (.*);$", conf, re.M)
    assert len(servers) == 1, "the shipped config lists one upstream server: the pod's gunicorn"
    indent, params = servers[0]
    block = "\n".join(f"{indent}server 127.0.0.1:{p} {params};" for p in upstreams)
    conf, n = re.subn(r"^ +server 127\.0\.0\.1:\d+ .*;$", block, conf, flags=re.M)
    assert n == 1
    for shipped, port in ((PUBLIC_PORT, listen), (METRICS_PORT, metrics_listen)):
        conf, n = re.subn(rf"\blisten {shipped};", f"listen 127.0.0.1:{port};", conf)
        assert n == 1, f"listen {shipped}; not in the shipped config"
    return conf


class Nginx:
    def __init__(self, prefix: Path, upstreams: list[int]) -> None:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(binary).exists():
            pytest.skip("nginx not installed (apt-get install nginx-light)")
        self.port = _free_port()
        self.metrics_port = _free_port()
        prefix.mkdir(parents=True)
        conf = prefix / "nginx.conf"
        conf.write_text(render(CONF.read_text(), upstreams, self.port, self.metrics_port))
        self.stdout = prefix / "stdout.log"  # the access log (/dev/stdout in the config)
        self.stderr = prefix / "stderr.log"
        self.stdout.touch()
        as_root = os.geteuid() == 0
        if as_root:  # run unprivileged even when the test runs as root
            for path in [prefix, conf, self.stdout]:
                os.chown(path, NOBODY, NOBODY)
        self.prefix = prefix
        self.args = [
            binary,
            "-p",
            f"{prefix}/",
            "-c",
            str(conf),
            "-e",
            "stderr",
            "-g",
            "daemon off;",
        ]

        def drop() -> None:
            if as_root:
                os.setgid(NOBODY)
                os.setuid(NOBODY)

        with open(self.stdout, "ab") as out:  # nginx reopens /dev/stdout: a file it may write
            check = subprocess.run([*self.args, "-t"], stdout=out, stderr=subprocess.PIPE,
                                   text=True, preexec_fn=drop)
        assert check.returncode == 0, check.stderr
        with open(self.stdout, "ab") as out, open(self.stderr, "wb") as err:
            self.proc = subprocess.Popen(
                self.args,
                preexec_fn=drop,
                stdout=out,
                stderr=err,
                start_new_session=True,
            )
        ok = live.wait_until(self._ready, timeout=10)
        assert ok, f"nginx did not come up: {self.stderr.read_text()}"

    def _ready(self) -> bool:
        try:
            return live.request("127.0.0.1", self.port, "GET", "/readyz", timeout=2).status == 200
        except OSError:
            return False

    def access_log(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.stdout.read_text().splitlines() if line]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: finish, then exit
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
