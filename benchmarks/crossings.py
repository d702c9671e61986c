"""How many project modules a warm request crosses, per variant (issue 12, item 6).

``python -m benchmarks.crossings [--op fan] [--list]`` sends one request per variant through
the whole app (Flask's test client) until every cache is warm, then traces one more with
``sys.setprofile``: every Python call made in a module of ``engine`` or ``service`` counts,
and a *switch* is a call or return that changes the project module on top of the stack (a
call into the framework and back does not count). It prints, per variant, the number of
project calls, the distinct project modules entered and the switches between them (with
``--list``, the modules in the order first entered). Target: a ``fan`` request crosses at
most 8 modules.

It goes through the registry and the routes only, so it runs on older trees too
(``PYTHONPATH=/other/tree python -m benchmarks.crossings``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

BODIES: dict[str, dict[str, Any]] = {
    "sichuan": {"hand": "123m456m789m55p23p", "win_tile": "4p",
                "context": {"win_type": "self_draw"}},
    "changsha": {"hand": "123m456m789m55p23p", "win_tile": "4p",
                 "context": {"win_type": "self_draw"}},
    "nanchang": {"hand": "123m456m789m55p23p", "win_tile": "4p",
                 "context": {"win_type": "self_draw", "jing": {"zheng": "5s", "fu": "6s"}}},
    "hongzhong": {"hand": "123m456m789m55p23p", "win_tile": "4p",
                  "context": {"win_type": "self_draw"}},
}
"""One ``fan`` (or ``win``) body per variant: the HTTP benchmark's hand, self-drawn."""
PROJECT = ("engine", "service")


def project_module(frame: FrameType) -> str | None:
    name = frame.f_globals.get("__name__", "")
    return name if name.split(".", 1)[0] in PROJECT else None


def trace(send: Callable[[], Any]) -> tuple[int, list[str], int]:
    """The project calls, modules (in the order first entered) and switches of ``send()``."""
    calls = 0
    modules: dict[str, None] = {}
    stack: list[str | None] = []
    switches = 0
    top: list[str | None] = [None]  # the innermost project module

    def innermost() -> str | None:
        for module in reversed(stack):
            if module is not None:
                return module
        return None

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        nonlocal calls, switches
        if event == "call":
            module = project_module(frame)
            stack.append(module)
            if module is not None:
                calls += 1
                modules.setdefault(module, None)
        elif event == "return":
            if stack:
                stack.pop()
        else:
            return
        now = innermost()
        if now is not None and now != top[0]:
            if top[0] is not None:
                switches += 1
            top[0] = now

    sys.setprofile(profile)
    try:
        send()
    finally:
        sys.setprofile(None)
    return calls, list(modules), switches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--op", default="fan", help="the operation (default fan)")
    parser.add_argument("--list", action="store_true", help="print the modules too")
    args = parser.parse_args(argv)
    from service.app import create_app

    client = create_app().test_client()
    worst = 0
    print(f"warm POST /v1/<variant>/{args.op}, one request traced (sys.setprofile)")
    print(f"{'variant':<10} {'calls':>6} {'modules':>8} {'service':>8} {'engine':>7} "
          f"{'switches':>9}")
    for variant, body in BODIES.items():
        path = f"/v1/{variant}/{args.op}"

        def send(path: str = path, body: dict[str, Any] = body) -> Any:
            answer = client.post(path, json=body)
            if answer.status_code != 200:
                raise RuntimeError(f"{path}: {answer.status_code} {answer.data[:300]!r}")
            return answer

        for _ in range(3):  # every cache warm
            send()
        calls, modules, switches = trace(send)
        service = sum(m.startswith("service") for m in modules)
        worst = max(worst, len(modules))
        print(f"{variant:<10} {calls:6d} {len(modules):8d} {service:8d} "
              f"{len(modules) - service:7d} {switches:9d}")
        if args.list:
            print("           " + ", ".join(modules))
    print(f"most modules: {worst} (target for fan: ≤ 8)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
