"""The README's API examples are the service's real answers: every ``curl`` block followed by a
``json`` block is replayed through the app, with its headers (the ``options`` member, left out
in the README for length, is left out here too — except where the example asks for the answer
without it, ``Prefer: return=minimal``: that answer is compared whole)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from service.app import create_app
from service.settings import Settings

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCK = re.compile(r"```sh\n(curl [^`]*?)```\s*```json( \d{3})?\n(.*?)```", re.S)
CURL = re.compile(r"curl -s localhost:8000(\S+)((?:\s+(?:\\\n)?\s*-H '[^']*')*)"
                  r"(?:\s+(?:\\\n)?\s*-d '(.*)')?", re.S)
HEADER = re.compile(r"-H '([^:']*): ([^']*)'")
MINIMAL = ("Prefer", "return=minimal")


def examples() -> list[tuple[str, dict[str, str], Any, int, Any]]:
    text = README.read_text(encoding="utf-8")
    found = []
    for command, status, answer in BLOCK.findall(text):
        match = CURL.fullmatch(command.strip())
        assert match, command
        path, headers, body = match.group(1), dict(HEADER.findall(match.group(2))), match.group(3)
        found.append((path, headers, json.loads(body) if body else None,
                      int(status) if status else 200, json.loads(answer)))
    return found


EXAMPLES = examples()


def without_options(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_options(v) for k, v in value.items() if k != "options"}
    if isinstance(value, list):
        return [without_options(v) for v in value]
    return value


def test_the_readme_has_an_example_per_operation():
    ops = {path.rsplit("/", 1)[1] for path, *_ in EXAMPLES}
    assert any(headers.get(MINIMAL[0]) == MINIMAL[1] for _, headers, *_ in EXAMPLES)
    assert ops >= {"win", "waits", "fan", "discards", "birds", "kong", "qishou", "jing",
                   "jing-settlement", "settle", "advice", "dingque", "exchange", "batch"}


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


@pytest.mark.parametrize("path, headers, body, status, answer", EXAMPLES,
                         ids=[f"{p}-{i}" for i, (p, *_) in enumerate(EXAMPLES)])
def test_readme_example(client, path, headers, body, status, answer):
    headers = {k: v for k, v in headers.items() if k != "Content-Type"}
    r = (client.post(path, json=body, headers=headers) if body is not None
         else client.get(path, headers=headers))
    assert r.status_code == status
    if headers.get(MINIMAL[0]) == MINIMAL[1]:  # the answer as it comes: no options to leave out
        assert r.get_json() == answer
        assert r.headers["Preference-Applied"] == MINIMAL[1]
    else:
        assert without_options(r.get_json()) == answer
