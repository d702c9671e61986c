"""The staged validation every ``settle`` runs, and the envelope members it refuses.

A record is validated in stages (settle.md settled reading 2, the other settle files'
"Validation"): **shape** (``validation-error``) → **tiles and options** (``invalid_option``,
``invalid_tile``) → **hands** (``invalid-hand``) → **the replay** (``invalid-record``). The
first stage that finds problems is refused with all of them, sorted by code (API.md's one
order) and then in document order; a later stage runs only on what the earlier ones passed,
so each may assume their checks (stage 2 reads only well-typed members, stage 4 only readable
hands). `settle` runs them with a variant's `SettleRules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from engine.errors import Code, Problem, RequestError, raise_if
from engine.hand import Context, Request
from engine.options import Options
from engine.room import sent_room
from engine.settle.shape import RecordFrame, ShapeChecker, frame_problems

R = TypeVar("R")
"""A variant's record, as its parser reads it."""
A = TypeVar("A", covariant=True)
"""A variant's settle answer."""
ENVELOPE_ONLY = ("hand", "melds", "win_tile", "context")
"""Envelope members no ``settle`` takes: each win and end hand of the record carries its own
(reconciled.md §6)."""


class SettleRules(Protocol[R, A]):
    """What a variant's ``settle`` plugs into `settle`: its record's frame (stage 1), its
    options and tile reading (stage 2), its hand checks (stage 3) and its replay (stage 4:
    the ``invalid-record`` problems and, when there are none, the answer)."""

    @property
    def frame(self) -> RecordFrame: ...

    def options(self, raw_options: Mapping[str, Any]) -> Options:
        """The effective options; RequestError with every ``invalid_option``."""
        ...

    def parse(self, raw: Mapping[str, Any], options: Options | None
              ) -> tuple[R, list[Problem]]:
        """The record read from its checked shape, and its ``invalid_tile`` problems (the
        record is used only when there are none). ``options`` None: they are invalid, read
        under the defaults."""
        ...

    def hands(self, record: R, options: Options) -> list[Problem]:
        """Stage 3's problems: each hand, and the copies over the table."""
        ...

    def replay(self, record: R, options: Options, raw_options: Mapping[str, Any]) -> A:
        """The answer; RequestError with every ``invalid-record`` problem of the replay."""
        ...


def settle(request: Request, rules: SettleRules[R, A]) -> A:
    """``request.record`` settled under ``request.options`` by ``rules``, stage by stage."""
    raw = request.record
    # the room's seats as sent (`engine.seats.FULL_TABLE` while ``players`` is absent or
    # invalid: rooms.md §0.9.3 checks seats against 0–3 then) — one reading for every settle
    checker = ShapeChecker(sent_room(request.options).players, request.options)
    raise_if(frame_problems(raw, rules.frame, checker) + envelope_problems(request))
    assert isinstance(raw, Mapping)
    problems: list[Problem] = []
    options: Options | None
    try:
        options = rules.options(request.options)
    except RequestError as e:
        options, problems = None, list(e.problems)
    record, tile_problems = rules.parse(raw, options)
    raise_if(problems + tile_problems)
    assert options is not None
    raise_if(rules.hands(record, options))
    return rules.replay(record, options, request.options)


def envelope_problems(request: Request) -> list[Problem]:
    """``hand``, ``melds``, ``win_tile`` and ``context`` are not ``settle`` members."""
    empty = Context(facts=type(request.context.facts)())
    sent = {"hand": request.has_hand, "melds": bool(request.hand.melds),
            "win_tile": request.hand.win_tile is not None, "context": request.context != empty}
    return [Problem(Code.INVALID_FIELD, f"#/{name}", f"{name} is not a settle member: each "
                    "win and end hand of the record carries its own")
            for name in ENVELOPE_ONLY if sent[name]]
