"""A small Dockerfile reader for the tests: instructions, exec-form arrays, .dockerignore.

No Docker engine runs on the CI machines, so the tests read the Dockerfile the way the
builder would (continuation lines joined, comments dropped) and check what can be checked.
"""

from __future__ import annotations

import fnmatch
import json
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"


@dataclass(frozen=True)
class Instruction:
    keyword: str  # upper case: FROM, COPY, CMD, ...
    args: str  # the rest of the logical line
    stage: int  # index of the FROM stage it belongs to (-1 before the first FROM)


def instructions(path: Path = DOCKERFILE) -> list[Instruction]:
    found: list[Instruction] = []
    stage = -1
    pending = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue  # comment lines inside a continued instruction are ignored
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical = (pending + line).strip()
        pending = ""
        keyword, _, args = logical.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            stage += 1
        found.append(Instruction(keyword, args.strip(), stage))
    return found


def split_flags(args: str) -> tuple[dict[str, str], str]:
    """``--from=build a b`` -> ({"from": "build"}, "a b")."""
    flags: dict[str, str] = {}
    rest = args
    while rest.startswith("--"):
        flag, _, rest = rest.partition(" ")
        name, _, value = flag[2:].partition("=")
        flags[name] = value
        rest = rest.lstrip()
    return flags, rest


def exec_form(args: str) -> list[str]:
    """The JSON array of an exec-form CMD/ENTRYPOINT/HEALTHCHECK CMD; ValueError otherwise."""
    value = json.loads(args)
    if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
        raise ValueError(f"not an exec-form array: {args}")
    return value


def cmd(path: Path = DOCKERFILE) -> list[str]:
    last = [i for i in instructions(path) if i.keyword == "CMD"][-1]
    return exec_form(last.args)


def healthcheck(path: Path = DOCKERFILE) -> tuple[dict[str, str], list[str]]:
    last = [i for i in instructions(path) if i.keyword == "HEALTHCHECK"][-1]
    flags, rest = split_flags(last.args)
    keyword, _, array = rest.partition(" ")
    if keyword.upper() != "CMD":
        raise ValueError(f"HEALTHCHECK without CMD: {last.args}")
    return flags, exec_form(array.strip())


def final_env(path: Path = DOCKERFILE) -> dict[str, str]:
    """ENV of the last stage, ``KEY=value`` pairs (values as written, ``$PATH`` unexpanded)."""
    found = instructions(path)
    last_stage = max(i.stage for i in found)
    env: dict[str, str] = {}
    for ins in found:
        if ins.keyword == "ENV" and ins.stage == last_stage:
            for token in shlex.split(ins.args):
                key, sep, value = token.partition("=")
                if not sep:
                    raise ValueError(f"use ENV KEY=value, not the legacy form: {ins.args}")
                env[key] = value
    return env


def copy_sources(path: Path = DOCKERFILE) -> list[str]:
    """Sources of every COPY/ADD that reads the build context (not ``--from=`` a stage)."""
    sources: list[str] = []
    for ins in instructions(path):
        if ins.keyword not in {"COPY", "ADD"}:
            continue
        flags, rest = split_flags(ins.args)
        if "from" in flags:
            continue
        parts = exec_form(rest) if rest.startswith("[") else shlex.split(rest)
        sources.extend(parts[:-1])
    return sources


def ignore_patterns(path: Path = DOCKERIGNORE) -> list[tuple[bool, str]]:
    """(exclude?, pattern) in file order; ``!`` re-includes."""
    patterns: list[tuple[bool, str]] = []
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        negate = line.startswith("!")
        pattern = line[1:] if negate else line
        patterns.append((not negate, pattern.strip("/")))
    return patterns


def _matches(pattern: str, rel: str) -> bool:
    # Docker matches a pattern against the path and every parent directory of it.
    parts = rel.split("/")
    candidates = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    if pattern.startswith("**/"):
        tail = pattern[3:]
        return any(fnmatch.fnmatchcase(p, tail) for p in parts) or any(
            fnmatch.fnmatchcase(c, pattern) for c in candidates
        )
    return any(fnmatch.fnmatchcase(c, pattern) for c in candidates)


def in_context(rel: str, patterns: list[tuple[bool, str]] | None = None) -> bool:
    """Whether the build context sends ``rel`` (the last matching pattern decides)."""
    included = True
    for exclude, pattern in patterns if patterns is not None else ignore_patterns():
        if _matches(pattern, rel):
            included = not exclude
    return included
