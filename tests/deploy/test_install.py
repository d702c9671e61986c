"""A non-editable install starts: the gunicorn configuration ships inside the package.

``pip install .`` (what the Dockerfile runs) puts no repository checkout next to the code, so
``hupai serve`` must find its configuration, the contract and the engine tables inside the
installed packages. The wheel is built here and installed into a directory of its own;
the service is then started from an empty directory with that directory first on the path.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from service import playground
from tests.deploy import live
from tests.ops import dockerfile

ROOT = live.ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Built from a copy of exactly what the Dockerfile copies into its build stage: proves
    # the image's build context suffices, and keeps setuptools' build/ out of the checkout.
    context = tmp_path_factory.mktemp("context")
    for source in dockerfile.copy_sources():
        src = ROOT / source
        if src.is_dir():
            shutil.copytree(src, context / source, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, context / source)
    out = tmp_path_factory.mktemp("wheel")
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(context)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    (built,) = out.glob("hupai-*.whl")
    return built


def test_wheel_holds_config_entry_point_contract_and_tables(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in [
        "service/gunicorn_conf.py",
        "service/wsgi.py",
        "service/cli.py",
        "service/openapi.yaml",
        "service/playground/index.html",
        *(f"service/playground/{name}" for name in playground.ASSETS),
        "engine/py.typed",
        "engine/advice/data/one_suit_first.bin",
    ]:
        assert needed in names, needed
    assert any(n.startswith("engine/shapes/data/") and n.endswith(".bin") for n in names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "hupai = service.cli:main" in text
    assert not any(n.startswith(("tests/", "benchmarks/")) for n in names)


def test_installed_package_serves_from_an_empty_directory(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    empty = tmp_path / "cwd"
    empty.mkdir()
    env = live.image_env(PYTHONPATH=str(target), HUPAI_BIND="127.0.0.1:0", WEB_CONCURRENCY="1")
    env["PATH"] = f"{target / 'bin'}{os.pathsep}{env['PATH']}"
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import service.gunicorn_conf as c, engine; print(c.__file__); print(engine.__file__)",
        ],
        cwd=empty,
        env={**env, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics")},  # leave no dir
        capture_output=True,
        text=True,
    )
    assert where.returncode == 0, where.stderr
    assert all(line.startswith(str(target)) for line in where.stdout.split()), where.stdout

    logs = tmp_path / "logs"
    logs.mkdir()
    with open(logs / "stdout.log", "wb") as out, open(logs / "stderr.log", "wb") as err:
        proc = subprocess.Popen(
            [str(target / "bin" / "hupai"), "serve"],
            cwd=empty,
            env=env,
            stdout=out,
            stderr=err,
            start_new_session=True,
        )
    instance = live.Instance(proc, logs)
    try:
        assert live.wait_until(
            lambda: "Listening at" in instance.stderr() or proc.poll() is not None, timeout=60
        ), instance.stderr()
        match = live._LISTENING.search(instance.stderr())
        assert match, instance.stderr()
        instance.port = int(match.group(2))
        assert live.wait_until(lambda: _ready(instance), timeout=60), instance.stderr()
        spec = instance.request("GET", "/openapi.yaml")
        assert spec.status == 200 and spec.body.startswith(b"openapi: 3.1")
        page = instance.request("GET", "/")
        assert page.status == 200 and b"playground/app.js" in page.body
        assert instance.request("GET", "/playground/app.js").status == 200
    finally:
        assert instance.stop() == 0


def _ready(instance: live.Instance) -> bool:
    try:
        return instance.request("GET", "/readyz", timeout=2).status == 200
    except OSError:
        return False
