"""Behind nginx: two instances, bounded load, one instance stopped, zero failed requests.

nginx (Debian nginx-light) runs unprivileged on loopback with the configuration the
Deployment mounts (deploy/nginx/nginx.conf); only the upstream list and the listen ports are
replaced by the ones a test uses (``render``). The load is bounded in count and time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.deploy import live
from tests.deploy.test_gunicorn import WIN_BODY

ROOT = live.ROOT
CONF = ROOT / "deploy" / "nginx" / "nginx.conf"
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


@pytest.fixture
def nginx_factory() -> Iterator[Callable[[list[int]], Nginx]]:
    # Not under pytest's tmp_path: that sits in a 0700 directory the unprivileged nginx
    # user cannot enter. A directory of its own in /tmp, removed afterwards.
    base = Path(tempfile.mkdtemp(prefix="hupai-nginx-"))
    os.chmod(base, 0o755)
    started: list[Nginx] = []

    def make(upstreams: list[int]) -> Nginx:
        n = Nginx(base / f"nginx-{len(started)}", upstreams)
        started.append(n)
        return n

    yield make
    for n in started:
        n.stop()
    shutil.rmtree(base, ignore_errors=True)


def test_render_replaces_only_ports() -> None:
    original = CONF.read_text()
    rendered = render(original, [1111], 3333, 4444)
    assert "server 127.0.0.1:1111 max_fails=1 fail_timeout=10s;" in rendered
    assert "listen 127.0.0.1:3333;" in rendered and "listen 127.0.0.1:4444;" in rendered
    strip = re.compile(r"(127\.0\.0\.1:)?\d{4}")
    assert strip.sub("N", rendered) == strip.sub("N", original)
    two = render(original, [1111, 2222], 3333, 4444)  # in front of several instances
    assert "server 127.0.0.1:2222 max_fails=1 fail_timeout=10s;" in two


def test_recommended_config_retries_pure_posts() -> None:
    conf = CONF.read_text()
    assert re.search(r"proxy_next_upstream +error timeout http_502 http_503 non_idempotent;", conf)


@pytest.mark.parametrize("how", ["sigkill", "sigterm"])
def test_stopping_one_instance_under_load_fails_no_request(
    start_service: Callable[..., live.Instance],
    nginx_factory: Callable[[list[int]], Nginx],
    how: str,
) -> None:
    a = start_service(workers=2, name="a")
    b = start_service(workers=2, name="b")
    variant = a.request("GET", "/v1/variants").json()["variants"][0]["id"]
    path = f"/v1/{variant}/win"
    expected = a.post(path, WIN_BODY).body
    proxy = nginx_factory([a.port, b.port])

    total, threads, stop_after = 2000, 4, 400  # bounded: 2000 requests, at most 60 s
    results: list[tuple[float, int, bool]] = []  # (start time, status or -1, body matched)
    lock = threading.Lock()
    issued = [0]
    deadline = time.monotonic() + 60
    stopped_at: list[float] = []

    def client() -> None:
        while True:
            with lock:
                if issued[0] >= total or time.monotonic() > deadline:
                    return
                issued[0] += 1
            t = time.monotonic()
            try:
                r = live.request("127.0.0.1", proxy.port, "POST", path, WIN_BODY, timeout=20)
                outcome = (t, r.status, r.body == expected)
            except OSError:
                outcome = (t, -1, False)
            with lock:
                results.append(outcome)

    workers = [threading.Thread(target=client) for _ in range(threads)]
    for w in workers:
        w.start()
    assert live.wait_until(lambda: len(results) >= stop_after, timeout=30)
    if how == "sigkill":
        a.kill_group()  # master and workers die at once: connections reset mid-request
    else:
        a.signal(signal.SIGTERM)  # graceful: a's in-flight requests finish, then it exits
        assert a.proc.wait(timeout=30) == 0
    stopped_at.append(time.monotonic())
    for w in workers:
        w.join(timeout=90)

    assert len(results) == total, "the load did not run to completion in time"
    failed = [(s, ok) for _, s, ok in results if s != 200 or not ok]
    assert failed == [], f"{len(failed)} failed requests: {failed[:5]}"
    # both carried load before the stop; afterwards only b could answer, and it did
    served_a = [line for line in a.access_log() if line["path"] == path]
    served_b = [line for line in b.access_log() if line["path"] == path]
    assert served_a and served_b
    after = sum(1 for t, _, _ in results if t > stopped_at[0])
    assert after > 0 and len(served_b) >= after
    if how == "sigterm":  # a killed instance may die between its answer and its log line
        assert len(served_a) + len(served_b) >= total
    # the retry path was taken: some requests name two upstreams in nginx's log (the first
    # one failed: refused, reset or 502), and each of those still answered 200
    logged = proxy.access_log()
    retried = [line for line in logged if "," in line["upstream"]]
    assert retried and all(line["status"] == 200 for line in retried)
    assert sum(1 for line in logged if line["uri"] == path) == total
