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
    DRAWS_EXCEED_UNSEEN = "draws_exceed_unseen"
    """``advice``: more draws to come than tiles unseen (a ``validation-error``)."""
    LOCKED_NOT_READY = "locked_not_ready"
    # a record that cannot have happened (``settle``: settle.md §1.6.7, settle-changsha.md
    # §2.9.7, settle-hongzhong.md §4.5.6), in API.md's one order (reconciled.md §2)
    SEAT_LEFT = "seat_left"
    HAND_OVER = "hand_over"
    NOT_FIRST_TURN = "not_first_turn"
    NOT_AFTER_KONG = "not_after_kong"
    KAI_GANG_MISMATCH = "kai_gang_mismatch"
    MULTIPLE_WINNERS = "multiple_winners"
    ROB_NOT_ALLOWED = "rob_not_allowed"
    MELD_MISMATCH = "meld_mismatch"
    NOT_A_QISHOU = "not_a_qishou"
    BIRDS_MISMATCH = "birds_mismatch"
    CODE_COUNT_MISMATCH = "code_count_mismatch"
    NOT_A_WIN = "not_a_win"
    AMOUNT_TOO_LARGE = "amount_too_large"

    @property
    def precedence(self) -> int:
        return _PRECEDENCE[self]

    @property
    def is_hand_problem(self) -> bool:
        """Tiles that cannot be a hand (``invalid-hand``) rather than a malformed request."""
        return (Code.INVALID_TILE.precedence <= self.precedence
                <= Code.LOCKED_NOT_READY.precedence and self is not Code.DRAWS_EXCEED_UNSEEN)

    @property
    def is_record_problem(self) -> bool:
        """A ``settle`` record that cannot have happened (``invalid-record``)."""
        return self.precedence >= Code.SEAT_LEFT.precedence


_PRECEDENCE = {code: i for i, code in enumerate(Code)}
"""Each code's place in the order (sorting a 422's problems looks it up for each)."""


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


ECHO_CHARS = 24
"""Characters of a caller's value a detail echoes: a bad token in a 1 MB hand must not come
back whole."""


UNKNOWN_LISTED = 4
"""Unknown names (members, options, bad list entries) named one by one; more are one problem
that counts them."""


def echo(value: object) -> str:
    """``repr`` of a caller's value as a detail shows it: cut to a short prefix."""
    text = repr(value)
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"


def pointer_segment(segment: str | int) -> str:
    """One JSON-pointer segment (RFC 6901 escaping, then what a URI fragment cannot hold), so
    that a member name a caller made up (a newline, a slash) still gives a valid pointer; a
    name is named by its first `ECHO_CHARS` characters, so that pointers stay short."""
    text = str(segment)[:ECHO_CHARS].replace("~", "~0").replace("/", "~1")
    return "".join(c if c.isalnum() or c in "-._~!$&'()*+,;=:@" else
                   "".join(f"%{b:02X}" for b in c.encode()) for c in text)


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
