"""engine/ imports no web, metrics, serving or service package and reads no environment: the
rules library stays usable (and testable) on its own, and only service/mapping.py adapts it.

Checked twice: statically (every import statement in every module of engine/) and at run time
(importing every engine module in a fresh interpreter pulls none of them in, not even
indirectly)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
FORBIDDEN = ("flask", "werkzeug", "marshmallow", "prometheus_client", "gunicorn", "apispec",
             "schemathesis", "requests", "jinja2", "click", "swagger_ui_bundle", "yaml",
             "service")
"""Never loaded by the engine, directly or not."""
NETWORK = ("http", "wsgiref", "socket", "urllib")
"""Never imported by engine code itself (the standard library may load urllib.parse for
pathlib)."""
MODULES = sorted(ENGINE.rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_there_are_engine_modules():
    assert len(MODULES) > 10


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROOT)) for p in MODULES])
def test_no_forbidden_import(path):
    assert not imported_roots(path) & {*FORBIDDEN, *NETWORK}


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROOT)) for p in MODULES])
def test_no_environment(path):
    text = path.read_text(encoding="utf-8")
    for needle in ("os.environ", "getenv(", "environ["):
        assert needle not in text, f"{path.name} reads the environment ({needle})"


def test_importing_every_engine_module_loads_none_of_them():
    names = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in MODULES]
    names = [n.removesuffix(".__init__") for n in names]
    script = (
        "import importlib, json, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(json.dumps(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
