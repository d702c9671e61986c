"""The TypeScript types generated from openapi.yaml, against a live instance.

In a copy of examples/typescript: ``npm ci`` (the pinned openapi-typescript and typescript),
``openapi-typescript`` writes ``api.d.ts``, the typed example ``client.ts`` compiles with
``tsc`` (and deliberate type errors do not), and the compiled example, run with node, sends
every request example of the document — every operation of every variant — and checks each
answer against the documented one.

Marked ``deploy`` and outside tests/deploy: it needs npm, which .ci/run's stage of its own
installs (``CI=true pytest -m deploy tests/clients``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.deploy import live
from tests.deploy.test_examples import EXCHANGES

pytestmark = pytest.mark.deploy

SPEC_FILE = live.ROOT / "openapi.yaml"
TYPESCRIPT = live.ROOT / "examples" / "typescript"
API_KEY = "typescript-client-key"
VARIANTS = {"sichuan", "changsha", "nanchang", "hongzhong"}


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.Instance]:
    instance = live.start(tmp_path_factory.mktemp("typescript"), 2, HUPAI_API_KEYS=API_KEY)
    yield instance
    instance.stop()


WRONG_TYPESCRIPT = """import type { Answer, Body } from "./client.js";
declare const fan: Answer<"/v1/sichuan/fan">;
declare const win: Answer<"/v1/nanchang/win">;
export const notATile: Body<"/v1/sichuan/fan"> = { hand: "1m", win_tile: 5 };
export const noSuit: Body<"/v1/sichuan/fan"> = { hand: "1m", win_tile: "1m",
  context: { missing_suit: "z" } };
export const noHand: Body<"/v1/changsha/win"> = { win_tile: "1m" };
export const fine: number = win.win ? win.shapes.length : win.reason.length;
export const unnarrowed: string = fan.reason;
"""
"""Lines 4, 6, 7: a number for a tile, a suit that is not one (line 6), a missing member;
line 8 is right (`win` narrows the union); line 9 reads `reason` without narrowing. A member of
another variant's context is not a compile error: the envelope's `context` is an open object
that the operation's `…ContextMember` intersects; the service answers it with a 422."""


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        # .ci/run's TypeScript stage installs npm: on CI its absence is a failure
        message = "node and npm not installed (apt-get install nodejs npm)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return npm


def test_typescript_types_compile_and_the_example_runs(service: live.Instance,
                                                       tmp_path: Path) -> None:
    """``npm ci`` (the pinned openapi-typescript and typescript), ``openapi-typescript`` on the
    document, ``tsc`` on the typed example (errors fail), then the compiled example against the
    live instance: every request example, each answer equal to the documented one."""
    npm = _npm()
    work = tmp_path / "typescript"
    shutil.copytree(TYPESCRIPT, work, ignore=shutil.ignore_patterns("node_modules", "*.d.ts",
                                                                    "dist"))

    def run(*command: str, **env: str) -> str:
        done = subprocess.run(list(command), cwd=work, capture_output=True, text=True,
                              timeout=600, env=live.image_env(**env))
        assert done.returncode == 0, f"{command}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
        return done.stdout

    run(npm, "ci", "--no-audit", "--no-fund")
    run("npx", "--no-install", "openapi-typescript", str(SPEC_FILE), "--empty-objects-unknown",
        "-o", "api.d.ts")
    run("npx", "--no-install", "tsc", "--noEmit")
    # the types are not `any`: each of these lines is a compile error
    (work / "wrong.ts").write_text(WRONG_TYPESCRIPT)
    (work / "tsconfig.wrong.json").write_text(
        json.dumps({"extends": "./tsconfig.json", "files": ["wrong.ts", "api.d.ts"]}))
    wrong = subprocess.run(["npx", "--no-install", "tsc", "--noEmit", "-p", "tsconfig.wrong.json"],
                           cwd=work, capture_output=True, text=True, timeout=600,
                           env=live.image_env())
    assert sorted(set(re.findall(r"wrong\.ts\((\d+),", wrong.stdout))) == ["4", "6", "7", "9"], (
        wrong.stdout)
    run("npx", "--no-install", "tsc", "--outDir", "dist")
    exchanges = [
        {"name": n, "path": "/v1/batch" if v is None else f"/v1/{v}/{op}", "body": body,
         "status": status, "answer": answer}
        for n, op, v, body, status, answer in EXCHANGES
    ]
    (work / "exchanges.json").write_text(json.dumps(exchanges, ensure_ascii=False))
    out = run("node", "dist/client.js", "exchanges.json", HUPAI_URL=service.url,
              HUPAI_API_KEY=API_KEY)
    report = json.loads(out.strip().splitlines()[-1])
    assert report["failed"] == [], report
    assert report["passed"] == len(exchanges)
    assert set(report["variants"]) == VARIANTS
