"""Shared by the 南昌 settle tests: run a record through the operation, read its problems."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.variants.nanchang import VARIANT
from service.mapping import to_wire


def _body(record: Any, options: dict[str, Any] | None, top: dict[str, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {"record": record, **top}
    if options:
        body["options"] = options
    return body


def settled(record: Any, options: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    """The wire answer of ``record`` under ``options``, without ``options``."""
    answer = to_wire(VARIANT.settle(VARIANT.request(_body(record, options, top))))
    answer.pop("options")
    return answer  # type: ignore[no-any-return]


def problems(record: Any, options: dict[str, Any] | None = None, *, details: bool = False,
             **top: Any) -> list[tuple[str, ...]]:
    """(code, pointer[, detail]) of every problem the record is refused with, in order."""
    with pytest.raises(RequestError) as caught:
        VARIANT.settle(VARIANT.request(_body(record, options, top)))
    return [(p.code.value, p.pointer, p.detail) if details else (p.code.value, p.pointer)
            for p in caught.value.problems]
