"""Shared by the 长沙 settle tests: run a record through the engine, read problems."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.variants.changsha.variant import VARIANT
from service.mapping import to_wire

settle = VARIANT.settle  # the public seam: the variant's operation


def run(record: Any, options: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    """The wire answer (without options) of ``record`` under ``options``."""
    body: dict[str, Any] = {"record": record, **top}
    if options:
        body["options"] = options
    answer = to_wire(settle(VARIANT.request(body)))
    answer.pop("options")
    return answer  # type: ignore[no-any-return]


def problems(record: Any, options: dict[str, Any] | None = None,
             **top: Any) -> list[tuple[str, str]]:
    """(code, pointer) of every problem the record is refused with, in the answer's order."""
    body: dict[str, Any] = {"record": record, **top}
    if options:
        body["options"] = options
    with pytest.raises(RequestError) as caught:
        settle(VARIANT.request(body))
    return [(p.code.value, p.pointer) for p in caught.value.problems]


def rows(answer: dict[str, Any]) -> list[tuple[str, int, int, int, int]]:
    """The transfers as (reason, event, from, to, amount)."""
    return [(t["reason"], t["event"], t["from"], t["to"], t["amount"])
            for t in answer["transfers"]]


def wins(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The wins as the reference writes them (patterns as (id, fan, count))."""
    out = []
    for w in answer["wins"]:
        entry = {"event": w["event"], "seat": w["seat"]}
        entry["tiles" if "tiles" in w else "tile"] = w.get("tiles", w.get("tile"))
        entry.update(patterns=[(p["id"], p["fan"], p.get("count")) for p in w["patterns"]],
                     fan=w["fan"], base_per_payer=w["base_per_payer"],
                     bird_hits=w.get("bird_hits"), payments=w["payments"])
        out.append(entry)
    return out
