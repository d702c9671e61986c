"""Shared by the settle tests: run a record through the engine, read problems."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.variants.base import Variant
from engine.variants.sichuan import VARIANT as SICHUAN
from service.mapping import to_wire

settle = SICHUAN.settle  # the public seam: the variant's operation


def run(record: Any, options: dict[str, Any] | None = None, *, variant: Variant = SICHUAN,
        **top: Any) -> dict[str, Any]:
    """The wire answer (without options) of ``record`` under ``options`` (四川 unless
    ``variant`` says)."""
    body: dict[str, Any] = {"record": record, **top}
    if options:
        body["options"] = options
    answer = to_wire(variant.settle(variant.request(body)))  # type: ignore[attr-defined]
    answer.pop("options")
    return answer  # type: ignore[no-any-return]


def problems(record: Any, options: dict[str, Any] | None = None, *,
             variant: Variant = SICHUAN, **top: Any) -> list[tuple[str, str]]:
    """(code, pointer) of every problem the record is refused with, in the answer's order."""
    body: dict[str, Any] = {"record": record, **top}
    if options:
        body["options"] = options
    with pytest.raises(RequestError) as caught:
        variant.settle(variant.request(body))  # type: ignore[attr-defined]
    return [(p.code.value, p.pointer) for p in caught.value.problems]


def rows(answer: dict[str, Any]) -> list[tuple[str, int | None, int, int, int]]:
    """The transfers as (reason, event, from, to, amount)."""
    return [(t["reason"], t.get("event"), t["from"], t["to"], t["amount"])
            for t in answer["transfers"]]


def kong(seat: int, kind: str, tile: str, source: int | None = None,
         late: bool | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "kong", "seat": seat, "kong": {"type": kind, "tile": tile}}
    if source is not None:
        event["from"] = source
    if late is not None:
        event["kong"]["late"] = late
    return event


def win(tile: str, winners: list[tuple[int, str] | tuple[int, str, list[dict[str, Any]]]],
        source: int | None = None, **context: Any) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "win", "win_tile": tile, "winners": [
        {"seat": w[0], "hand": w[1], **({"melds": w[2]} if len(w) > 2 else {})}
        for w in winners]}
    if context:
        event["context"] = context
    if source is not None:
        event["from"] = source
    return event


def kong_meld(tiles: str, concealed: bool = False) -> dict[str, Any]:
    meld: dict[str, Any] = {"type": "kong", "tiles": tiles}
    if concealed:
        meld["concealed"] = True
    return meld


def pong_meld(tiles: str) -> dict[str, Any]:
    return {"type": "pong", "tiles": tiles}
