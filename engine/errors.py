"""Typed domain errors: what is wrong with a request, where, in words a caller can act on.

The engine reports every problem it finds at once, each with a JSON pointer into the request
body and a code of RULES.md §0.4. The service turns them into one 422 answer; nothing here
knows about HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Code(StrEnum):
    """Problem codes, declared in the order that decides which one a 422 names first."""

    INVALID_FIELD = "invalid_field"
    MISSING_FIELD = "missing_field"
    INVALID_OPTION = "invalid_option"
    SOURCE_NOT_ALLOWED = "source_not_allowed"
    INVALID_TILE = "invalid_tile"
    BAD_MELD = "bad_meld"
    CHOW_NOT_ALLOWED = "chow_not_allowed"
    TOO_MANY_COPIES = "too_many_copies"
    BAD_TILE_COUNT = "bad_tile_count"
    LOCKED_NOT_READY = "locked_not_ready"

    @property
    def precedence(self) -> int:
        return list(Code).index(self)

    @property
    def is_hand_problem(self) -> bool:
        """Tiles that cannot be a hand (``invalid-hand``) rather than a malformed request."""
        return self.precedence >= Code.INVALID_TILE.precedence


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a request: its code, a JSON pointer (``#/hand``) and a detail."""

    code: Code
    pointer: str
    detail: str


class RequestError(Exception):
    """A request the engine cannot evaluate; carries every problem found, worst first."""

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise ValueError("a RequestError needs at least one problem")
        self.problems = tuple(sorted(problems, key=lambda p: p.code.precedence))
        super().__init__("; ".join(f"{p.pointer}: {p.detail}" for p in self.problems))

    @property
    def code(self) -> Code:
        """The code the answer names: the first in the order of :class:`Code`."""
        return self.problems[0].code


def raise_if(problems: list[Problem]) -> None:
    """Raise a RequestError when any problem was found."""
    if problems:
        raise RequestError(problems)


def invalid_tile(pointer: str, detail: str) -> Problem:
    return Problem(Code.INVALID_TILE, pointer, detail)


def missing_field(pointer: str, detail: str) -> Problem:
    return Problem(Code.MISSING_FIELD, pointer, detail)


def invalid_field(pointer: str, detail: str) -> Problem:
    return Problem(Code.INVALID_FIELD, pointer, detail)


def invalid_option(pointer: str, detail: str) -> Problem:
    return Problem(Code.INVALID_OPTION, pointer, detail)
