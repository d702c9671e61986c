"""Room options: each variant declares its options once; requests are checked against them.

The declaration is the single source for validation, defaults, and what
``GET /v1/variants/{variant}`` lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from engine.close_names import known_or_close
from engine.errors import ECHO_CHARS, UNKNOWN_LISTED, Problem, RequestError, echo, invalid_option

Options = Mapping[str, Any]
"""A room's effective options, read-only: the resolved set is shared by every request that
sends the same options (`engine.plumbing.OptionCache`), so nothing may write to it."""


class OptionType(StrEnum):
    BOOLEAN = "boolean"
    INTEGER = "integer"
    STRING = "string"
    TILE_LIST = "tile_list"
    SUIT_LIST = "suit_list"
    """1–3 distinct suit letters of ``m``, ``p``, ``s`` (rooms.md §0.9.1): resolved to a
    tuple in m, p, s order, so ``["s", "p"]`` is echoed ``["p", "s"]``."""


SUIT_ORDER: Final = "mps"


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
        elif self.type is OptionType.SUIT_LIST:
            return _suit_list_problem(self.name, value)
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
            OptionType.SUIT_LIST: "a list of suit letters",
        }[self.type]
        return words + (" or null" if self.nullable else "")


def _suit_list_problem(name: str, value: Any) -> str | None:
    """Why a ``suit_list`` value is refused (as a whole; its entries: `entry_problems`)."""
    if not isinstance(value, list | tuple):
        return f"{name} must be a list of suit letters (\"m\", \"p\", \"s\"), such as " \
               "[\"p\", \"s\"]"
    if not value:
        return f"{name} lists 1–3 suits; got none"
    if len(value) > len(SUIT_ORDER):
        return f"{name} lists 1–3 suits; got {len(value)}"
    return None


def entry_problems(spec: OptionSpec, value: Any) -> list[Problem]:
    """The problems of a list option's entries, each at its index (``suits``: a letter other
    than m, p, s, or a letter twice); none for other options."""
    if spec.type is not OptionType.SUIT_LIST or _suit_list_problem(spec.name, value):
        return []
    problems = []
    for i, letter in enumerate(value):
        where = f"#/options/{spec.name}/{i}"
        if not isinstance(letter, str) or letter not in SUIT_ORDER:
            problems.append(invalid_option(where, f"a suit is \"m\", \"p\" or \"s\"; got "
                                                  f"{_show(letter)}"))
        elif letter in value[:i]:
            problems.append(invalid_option(where, f"suit \"{letter}\" is listed twice"))
    return problems


def valid_or_default(spec: OptionSpec, given: Mapping[str, Any]) -> Any:
    """The effective value of ``spec`` in ``given`` when it is valid, else its default (for
    a request whose other options are bad: the good ones still count)."""
    value = given.get(spec.name)
    if value is None or spec.problem(value) is not None or entry_problems(spec, value):
        return spec.default
    return _normalized(spec, value)


def _normalized(spec: OptionSpec, value: Any) -> Any:
    """The effective value: a tuple of suits in m, p, s order; a list for a tile list."""
    if spec.type is OptionType.SUIT_LIST:
        return tuple(sorted(value, key=SUIT_ORDER.index))
    return list(value) if isinstance(value, tuple) else value


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
        names = list(known)
        problems = [invalid_option(f"#/options/{name}",
                                   f"unknown option {echo(name)} for this variant; "
                                   f"{known_or_close(name, names, 'known')}")
                    for name in unknown]
    effective: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.name)
        if value is None and not (spec.nullable and spec.name in given):
            value = spec.default  # null counts as absent, except where null is a choice
        why = spec.problem(value)
        if why:
            problems.append(invalid_option(f"#/options/{spec.name}", why))
            continue
        entries = entry_problems(spec, value)
        if entries:
            problems += entries
            continue
        effective[spec.name] = _normalized(spec, value)
    problems.extend(extra_problems)
    if problems:
        raise RequestError(problems)
    return effective
