"""The command line and clock of a settle benchmark: ``--quick`` (fewer rounds) and
``--wall``. A call is timed in the process's CPU time unless ``--wall``: on the shared
machine (load 5–10 on 2 cores) wall time measures the neighbours."""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any, Protocol


class Settles(Protocol):
    """A variant, as far as the benchmarks call it."""

    def request(self, body: Any) -> Any: ...

    def settle(self, request: Any) -> Any: ...


@dataclass(frozen=True)
class Clock:
    wall: bool = False

    @property
    def name(self) -> str:
        return "wall" if self.wall else "CPU"

    def settle_ms(self, variant: Settles, body: dict[str, Any]) -> float:
        """The milliseconds of ``variant.settle`` on ``body`` (the request read untimed)."""
        now = time.perf_counter if self.wall else time.process_time
        request = variant.request(body)
        start = now()
        variant.settle(request)
        return (now() - start) * 1e3


def arguments() -> tuple[argparse.Namespace, Clock]:
    """The parsed ``--quick`` and ``--wall``, and the clock they ask for."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    parser.add_argument("--wall", action="store_true", help="wall time, not CPU time")
    args = parser.parse_args()
    return args, Clock(args.wall)
