"""tests/deploy: real gunicorn (and nginx) processes on loopback.

Every test here is marked ``deploy`` (CI runs them in a stage of their own with ``-m deploy``).
On CI (``CI`` set) a skip is a failure: a missing nginx or wrk must not pass silently.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from tests.deploy import live
from tests.deploy.chromium import chromium
from tests.deploy.proxy import Nginx

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.deploy)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and HERE in Path(str(item.fspath)).parents:
        report.outcome = "failed"
        report.longrepr = f"deploy test skipped on CI (not allowed): {report.longrepr}"


@pytest.fixture
def start_service(tmp_path: Path) -> Iterator[Callable[..., live.Instance]]:
    """``start_service(workers=2, **env)``: a running instance, stopped after the test."""
    started: list[live.Instance] = []

    def start(workers: int = 2, name: str | None = None, **env: Any) -> live.Instance:
        instance = live.start(tmp_path / (name or f"hupai-{len(started)}"), workers, **env)
        started.append(instance)
        return instance

    yield start
    for instance in started:
        instance.stop(timeout=30)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    """A headless Chromium of its own profile (tests/deploy/chromium.py), quit afterwards."""
    with chromium(tmp_path / "chromium-profile") as driver:
        yield driver


@pytest.fixture(scope="module")
def shared_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.Instance]:
    """One 2-worker instance for read-only tests of a module."""
    instance = live.start(tmp_path_factory.mktemp("hupai-shared"), 2)
    yield instance
    instance.stop(timeout=30)


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
