"""The import graph of engine/ and service/ has no circle (issue 22, item 6).

Every import statement counts — at the top of a module or deferred into a function (a
deferred import hides a circle, it does not remove it) — and so does the package a module
lives in: importing ``engine.variants.base`` runs ``engine/variants/__init__.py`` first,
which imports every variant. A circle is named by its modules, so a failure says where to cut.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "service")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def _resolved(name: str, importer: str, level: int, is_package: bool) -> str:
    if not level:
        return name
    base = importer.split(".")
    base = base[:len(base) - level + (1 if is_package else 0)]
    return ".".join([*base, name] if name else base)


def imports_of(name: str) -> set[str]:
    """The project modules ``name`` imports, with the packages each import runs first —
    except the importer's own packages, which are running already (a package's
    ``__init__`` that gathers its modules makes no circle with them)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _resolved(node.module or "", name, node.level, is_package)
            submodules = [f"{module}.{alias.name}" for alias in node.names
                          if f"{module}.{alias.name}" in MODULES]
            # names the package itself defines or re-exports: the package is imported
            targets = submodules + ([module] if len(submodules) < len(node.names) else [])
        for target in targets:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):  # a module's packages run first
                candidate = ".".join(parts[:i])
                if candidate in MODULES and candidate != name and (
                        candidate not in own or candidate == target):
                    found.add(candidate)
    return found


def circles() -> list[list[str]]:
    """Every strongly connected part of the graph with more than one module (Tarjan)."""
    graph = {name: sorted(imports_of(name)) for name in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read() -> None:
    # the probe sees the edges it must: a deferred import inside a function, another
    # package's __init__ run by importing one of its modules, a relative-free plain import
    assert "engine.variants.base" in imports_of("engine.variants")
    assert "engine.hand" in imports_of("engine.seats")
    assert "engine.variants" in imports_of("service.routes")


def test_no_import_circle() -> None:
    assert circles() == []
