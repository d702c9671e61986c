"""Room options: each variant declares its options once; requests are checked against them.

The declaration is the single source for validation, defaults, and what
``GET /v1/variants/{variant}`` lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.errors import ECHO_CHARS, UNKNOWN_LISTED, Problem, RequestError, echo, invalid_option

Options = Mapping[str, Any]
"""A room's effective options, read-only: the resolved set is shared by every request that
sends the same options (`engine.plumbing.OptionCache`), so nothing may write to it."""


class OptionType(StrEnum):
    BOOLEAN = "boolean"
    INTEGER = "integer"
    STRING = "string"
    TILE_LIST = "tile_list"


@dataclass(frozen=True)
class OptionSpec:
    """One room option: its name, type, allowed values or range, default and meaning."""

    name: str
    type: OptionType
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is not allowed, or None when it is."""
        if value is None:
            return None if self.nullable else f"{self.name} cannot be null"
        if self.type is OptionType.BOOLEAN:
            ok = isinstance(value, bool)
        elif self.type is OptionType.INTEGER:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif self.type is OptionType.STRING:
            ok = isinstance(value, str)
        else:
            ok = isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)
        if not ok:
            return f"{self.name} must be {self._type_words()}"
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(_show(c) for c in self.choices)
            return f"{self.name} must be one of {allowed}; got {_show(value)}"
        if self.minimum is not None and value < self.minimum:
            return f"{self.name} must be at least {self.minimum}; got {_show(value)}"
        if self.maximum is not None and value > self.maximum:
            return f"{self.name} must be at most {self.maximum}; got {_show(value)}"
        return None

    def _type_words(self) -> str:
        words = {
            OptionType.BOOLEAN: "true or false",
            OptionType.INTEGER: "an integer",
            OptionType.STRING: "a string",
            OptionType.TILE_LIST: "a list of tile codes",
        }[self.type]
        return words + (" or null" if self.nullable else "")


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= ECHO_CHARS else f'"{value[:ECHO_CHARS]}…"'
    text = str(value)
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"


def resolve(specs: Sequence[OptionSpec], given: Mapping[str, Any],
            extra_problems: Sequence[Problem] = ()) -> dict[str, Any]:
    """The effective options: ``given`` checked against ``specs``, defaults filled in.

    Raises RequestError(invalid_option) naming every unknown option and bad value.
    The result keeps the declaration order, so answers list options in a fixed order.
    """
    known = {s.name: s for s in specs}
    unknown = [name for name in given if name not in known]
    if len(unknown) > UNKNOWN_LISTED:  # counted, not named one by one
        shown = ", ".join(echo(name) for name in unknown[:UNKNOWN_LISTED])
        problems = [invalid_option("#/options", f"{len(unknown):,} unknown options for this "
                                                f"variant ({shown}, …); known: "
                                                f"{', '.join(known)}")]
    else:
        problems = [invalid_option(f"#/options/{name}",
                                   f"unknown option {echo(name)} for this variant; known: "
                                   f"{', '.join(known)}")
                    for name in unknown]
    effective: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.name)
        if value is None and not (spec.nullable and spec.name in given):
            value = spec.default  # null counts as absent, except where null is a choice
        why = spec.problem(value)
        if why:
            problems.append(invalid_option(f"#/options/{spec.name}", why))
        effective[spec.name] = list(value) if isinstance(value, tuple) else value
    problems.extend(extra_problems)
    if problems:
        raise RequestError(problems)
    return effective
