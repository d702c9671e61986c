"""Start Hupai the way the Dockerfile and the README do, on a free loopback port, and talk to it.

The command is the Dockerfile's ``CMD`` (``hupai serve``), run with the runtime stage's
``ENV`` and the installation's ``bin/`` first on ``PATH`` (the image puts its venv's ``bin``
there). Only ``HUPAI_BIND`` (``127.0.0.1:0``: the kernel picks a free port, read back from
gunicorn's "Listening at" log line, so there is no race for a port) and ``WEB_CONCURRENCY``
are set per test. Every instance runs in its own session (process group), so a test can stop
it whole, and the fixtures end it by that group id.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.ops import dockerfile

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
_LISTENING = re.compile(r"Listening at: http://([\d.]+):(\d+)")
_METRICS_DIR = re.compile(r"metrics in (/\S+?)\"")


def image_env(**overrides: str) -> dict[str, str]:
    """This machine's environment plus the image's ENV, with the venv's bin first on PATH."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("HUPAI_", "PROMETHEUS_", "GUNICORN_")) and k != "WEB_CONCURRENCY"
    }
    for key, value in dockerfile.final_env().items():
        if key != "PATH":
            env[key] = value
    env["PATH"] = f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"
    env.update(overrides)
    return env


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Instance:
    proc: subprocess.Popen[bytes]
    logs: Path
    host: str = "127.0.0.1"
    port: int = 0
    ready_seconds: float = float("nan")
    started: float = field(default_factory=time.monotonic)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def pid(self) -> int:
        return self.proc.pid

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | list[tuple[str, str]] | None = None,
        timeout: float = 10.0,
    ) -> Response:
        return request(self.host, self.port, method, path, body, headers, timeout)

    def post(self, path: str, body: Any, **kw: Any) -> Response:
        return self.request("POST", path, body, **kw)

    def workers(self) -> list[int]:
        """The master's children (gunicorn workers), from /proc."""
        path = Path(f"/proc/{self.pid}/task/{self.pid}/children")
        try:
            return sorted(int(p) for p in path.read_text().split())
        except FileNotFoundError:
            return []

    def stdout(self) -> str:
        return (self.logs / "stdout.log").read_text(errors="replace")

    def stderr(self) -> str:
        return (self.logs / "stderr.log").read_text(errors="replace")

    def access_log(self) -> list[dict[str, Any]]:
        """The JSON access lines written so far (stdout holds nothing else)."""
        return [json.loads(line) for line in self.stdout().splitlines() if line.strip()]

    def signal(self, sig: int) -> None:
        os.kill(self.pid, sig)

    def kill_group(self) -> None:
        """SIGKILL the master and its workers at once (a machine dying)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self, timeout: float = 30.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill_group()
        # workers orphaned by a killed master must not outlive the test
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)
        # a killed master never ran on_exit: remove the metrics directory it made (the config
        # names it in its first log lines)
        match = _METRICS_DIR.search(self.stderr())
        if match and Path(match.group(1)).name.startswith("hupai-metrics-"):
            shutil.rmtree(match.group(1), ignore_errors=True)
        return self.proc.returncode


def request(
    host: str,
    port: int,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | list[tuple[str, str]] | None = None,
    timeout: float = 10.0,
) -> Response:
    """One request; ``headers`` as a list sends a name once per pair (a header field given
    twice). A response header field given several times is one value, joined by ", " (RFC
    9110 §5.3)."""
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
        if isinstance(headers, list):
            names = {k.lower() for k, _ in headers}
            conn.putrequest(method, path, skip_accept_encoding="accept-encoding" in names)
            for k, v in headers:
                conn.putheader(k, v)
            if data is not None:
                if "content-type" not in names:
                    conn.putheader("Content-Type", "application/json")
                conn.putheader("Content-Length", str(len(data)))
            conn.endheaders(data)
        else:
            sent = dict(headers or {})
            if data is not None:
                sent.setdefault("Content-Type", "application/json")
            conn.request(method, path, body=data, headers=sent)
        resp = conn.getresponse()
        got: dict[str, str] = {}
        for k, v in resp.getheaders():
            got[k.lower()] = f"{got[k.lower()]}, {v}" if k.lower() in got else v
        return Response(resp.status, got, resp.read())
    finally:
        conn.close()


def start(logs: Path, workers: int = 2, ready_timeout: float = 60.0, **env: str) -> Instance:
    """Run the image's CMD and wait until ``/readyz`` answers 200."""
    logs.mkdir(parents=True, exist_ok=True)
    command = dockerfile.cmd()
    environ = image_env(HUPAI_BIND="127.0.0.1:0", WEB_CONCURRENCY=str(workers), **env)
    t0 = time.monotonic()
    with open(logs / "stdout.log", "wb") as out, open(logs / "stderr.log", "wb") as err:
        proc = subprocess.Popen(
            command,
            env=environ,
            cwd=logs,
            stdout=out,
            stderr=err,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    instance = Instance(proc, logs, started=t0)
    deadline = t0 + ready_timeout
    try:
        while not instance.port:
            _check_alive(instance, deadline)
            match = _LISTENING.search(instance.stderr())
            if match:
                instance.host, instance.port = match.group(1), int(match.group(2))
            else:
                time.sleep(0.02)
        while True:
            _check_alive(instance, deadline)
            try:
                if instance.request("GET", "/readyz", timeout=2).status == 200:
                    instance.ready_seconds = time.monotonic() - t0
                    break
            except OSError:
                pass
            time.sleep(0.02)
        # gunicorn forks its workers one after the other: wait for all of them
        while len(instance.workers()) < workers:
            _check_alive(instance, deadline)
            time.sleep(0.02)
        return instance
    except BaseException:
        instance.stop(timeout=5)
        raise


def _check_alive(instance: Instance, deadline: float) -> None:
    if instance.proc.poll() is not None:
        raise RuntimeError(
            f"hupai serve exited with {instance.proc.returncode}:\n{instance.stderr()[-3000:]}"
        )
    if time.monotonic() > deadline:
        raise RuntimeError(f"hupai serve not ready in time:\n{instance.stderr()[-3000:]}")


def accepted_by(instance: Instance, client: socket.socket) -> int | None:
    """The worker pid holding the server side of ``client``'s connection, once accepted.

    Read from /proc: the connection's socket inode (0 while it waits in the listen backlog)
    and the workers' open file descriptors."""
    local_port = client.getsockname()[1]
    wanted = f":{local_port:04X}"
    server = f":{instance.port:04X}"
    inode = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1].endswith(server) and fields[2].endswith(wanted):
            inode = fields[9]
    if not inode or inode == "0":
        return None
    target = f"socket:[{inode}]"
    for pid in instance.workers():
        with contextlib.suppress(OSError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) == target:
                        return pid
    return None


def wait_until(predicate: Any, timeout: float, interval: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return bool(predicate())
