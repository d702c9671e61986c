"""Helpers of the claims tests: a request through the variant's own reading, the answer as
plain data (members as on the wire: None left out), and small builders."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.errors import RequestError
from engine.variants import REGISTRY


def plain(value: Any) -> Any:
    """An engine answer as plain data, by `engine.results`' conventions (None left out)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name.removesuffix("_"): plain(getattr(value, f.name))
                for f in dataclasses.fields(value) if getattr(value, f.name) is not None}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def ask(variant: str, body: dict[str, Any]) -> dict[str, Any]:
    """The claims answer for ``body`` without its options."""
    v = REGISTRY[variant]
    answer = plain(v.claims(v.request(body)))
    answer.pop("options")
    return answer  # type: ignore[no-any-return]


def problems(variant: str, body: dict[str, Any]) -> list[tuple[str, str]]:
    """(code, pointer) of every problem, in the answer's order; fails when there is none."""
    v = REGISTRY[variant]
    try:
        v.claims(v.request(body))
    except RequestError as e:
        return [(p.code.value, p.pointer) for p in e.problems]
    raise AssertionError("expected a RequestError")


def body(hand: str, tile: str, source: str, melds: tuple[str, ...] = (),
         options: dict[str, Any] | None = None, **context: Any) -> dict[str, Any]:
    """A claims body; ``melds`` as "pong 777p" / "chow 123m" / "kong 5555m"."""
    data: dict[str, Any] = {"hand": hand, "tile": tile, "context": {"source": source, **context}}
    if melds:
        data["melds"] = [{"type": m.split()[0], "tiles": m.split()[1]} for m in melds]
    if options:
        data["options"] = options
    return data


def kinds(answer: dict[str, Any]) -> list[str]:
    """The actions' types in order (``kong`` with its kind and tile)."""
    return [f"kong {a['kind']} {a['tile']}" if a["type"] == "kong" else
            f"{a['type']} {''.join(a['tiles'])}" if a["type"] in ("pong", "chow") else a["type"]
            for a in answer["actions"]]


def refusals(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(r["type"], r["reason"]) for r in answer["refused"]]
