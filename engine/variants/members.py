"""The context members a variant owns (API.md, "Each variant owns its context"), declared as
fields of its `engine.hand.VariantFacts` subclass (its package's ``facts.py``): what the
service builds each operation's context schema and size limits from."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine import wire
from engine.hand import VariantFacts


@dataclass(frozen=True)
class OwnMember:
    """A context member a variant owns (API.md, "Each variant owns its context"): what it
    holds, in the words of the refusal a caller reads ("the turned tiles": two variants'
    members that hold the same thing say it in the same words), the operations that use
    it, and its JSON shape (`engine.wire`). The service builds each operation's context
    schema and size limits from the shared members and these; any other variant's member,
    or this one in another operation, is a 422."""

    holds: str
    ops: tuple[str, ...]
    value: wire.Value


def own(holds: str, ops: tuple[str, ...], value: wire.Value) -> Any:
    """A field of a variant's `VariantFacts`: a member it owns (`OwnMember`), None when not
    sent."""
    return field(default=None, metadata={"own": OwnMember(holds, ops, value)})


def own_members(facts: type[VariantFacts]) -> dict[str, OwnMember]:
    """The members a `VariantFacts` class declares with `own`, by name, in declaration order."""
    return {f.name: f.metadata["own"] for f in fields(facts) if "own" in f.metadata}
