"""Reading an ``advice`` body and every problem with it (RULES.md §0.10.11, reconciled §18).

The body arrives as plain, type-checked data (the service's schemas, or a caller of the
engine). The hand, melds, options and the variant's own context members are read and
checked by the variant (`Variant.request`, `Variant.checked`); this module adds what only
``advice`` has — ``draws_left``, ``unseen``, ``objective``, ``draw_model``, ``wall_size`` —
and refuses the members a self-draw model would silently ignore. Every problem is raised
together, in the code order (`engine.errors.RequestError`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from engine import tiles as T
from engine.advice.adapter import Variant
from engine.advice.model import CONSTANT_WALL, DRAW_MODELS
from engine.errors import (
    Code,
    Problem,
    RequestError,
    echo,
    invalid_field,
    invalid_tile,
    missing_field,
    raise_if,
)
from engine.hand import Request, TileReader
from engine.options import Options
from engine.tiles import Tile

OBJECTIVES: Final = ("win_prob", "expected_points", "tenpai_prob")
MAX_DRAWS: Final = 60
MAX_WALL: Final = 136
HAND_SIZE: Final = 13
"""The size rule's *n* when the room does not say (``hand_size``, rooms.md)."""

_NO_KONG = "advice models no kong"
REFUSED: Final = {
    "win_type": "advice evaluates self-draws only and takes no win_type",
    "after_kong": f"{_NO_KONG} and takes no after_kong",
    "first_turn": "advice does not price 天胡 or 地胡 and takes no first_turn",
    "kong": f"{_NO_KONG} and takes no kong",
    "source": "source is a claims member: advice evaluates the player's own draws",
    "locked": "locked is a claims member: advice takes none",
    "passed": "passed is a claims member: advice takes none",
    "birds": "advice prices no birds and takes none",
    "codes": "advice prices no codes and takes none",
    "code_count": "advice prices no codes and takes no code_count",
    "code_origin": "advice prices no codes and takes no code_origin",
    "holdings": "advice prices no 精 settlement and takes no holdings",
}
"""Context members ``advice`` refuses, and why (§0.10.11: they would be silently
meaningless)."""
SEAT_MEMBERS: Final = ("dealer", "winner")


@dataclass(frozen=True)
class Asked:
    """A checked ``advice`` body."""

    request: Request
    """As the variant's hand operations read it (`Variant.prepared`)."""
    options: Options
    draws_left: int
    unseen: tuple[int, ...]
    """*U*: 34 counts."""
    unseen_sent: bool
    objective: str
    draw_model: str
    wall_size: int | None

    @property
    def after_draw(self) -> bool:
        """A 14-tile (*n* + 1) hand: its discards are advised."""
        return self.request.hand.size > hand_size(self.options)


def hand_size(options: Options) -> int:
    """*n* of the size rule: the room's ``hand_size``, 13 by default."""
    size = options.get("hand_size", HAND_SIZE)
    return size if isinstance(size, int) else HAND_SIZE


def read(variant: Variant, data: Mapping[str, Any]) -> Asked:
    """The checked body; RequestError with every problem found."""
    problems: list[Problem] = []
    raw = data.get("context") or {}
    draws = _draws_left(raw.get("draws_left"), problems)
    objective = _choice(data, "objective", OBJECTIVES, problems)
    model = _choice(data, "draw_model", DRAW_MODELS, problems)
    wall_size = data.get("wall_size")
    if wall_size is not None:
        if model != CONSTANT_WALL:
            problems.append(invalid_field("#/wall_size", 'wall_size is read only with '
                                          'draw_model "constant_wall"'))
        elif not _is_int(wall_size):
            problems.append(invalid_field("#/wall_size", "wall_size must be an integer"))
    problems += refuse(data, ("mode",), None, "advice")
    problems += [invalid_field(f"#/context/{name}", why) for name, why in REFUSED.items()
                 if raw.get(name) is not None]
    problems += _seat_problems(raw)
    request, options, counts, total = checked_hand(variant, data, problems)
    after_draw = request.hand.size == hand_size(options) + 1
    sent = raw.get("unseen") is not None
    if draws is not None and total is not None and total < draws:
        problems.append(Problem(Code.DRAWS_EXCEED_UNSEEN, "#/context/draws_left",
                                f"draws_left is {draws} but only {total} tiles are unseen"))
    if isinstance(wall_size, int) and _is_int(wall_size) and model == CONSTANT_WALL \
            and total is not None:
        least = total + after_draw
        if not least <= wall_size <= MAX_WALL:
            problems.append(invalid_field("#/wall_size", f"wall_size must be from {least} "
                                          f"(the unseen tiles{' and the discard' * after_draw})"
                                          f" to {MAX_WALL}; got {wall_size}"))
    raise_if(_distinct(problems))
    assert draws is not None
    return Asked(request, options, draws, tuple(counts), sent, objective, model, wall_size)


def refuse(data: Mapping[str, Any], top: Sequence[str], context: Sequence[str] | None,
           operation: str) -> list[Problem]:
    """The members an operation refuses: those of ``top`` sent, and (``context`` given: the
    only context members it reads) any other context member and any meld."""
    problems = [invalid_field(f"#/{name}", f"{operation} takes no {name}")
                for name in top if data.get(name) is not None]
    if context is not None:
        if data.get("melds"):
            problems.append(invalid_field("#/melds", f"{operation} advises the dealt tiles: "
                                          "it takes no melds"))
        raw = data.get("context")
        if raw is not None and context == ():
            problems.append(invalid_field("#/context", f"{operation} takes no context"))
        elif raw is not None:
            problems += [invalid_field(f"#/context/{name}", f"{operation} reads only "
                                       f"{' and '.join(context)} of the context")
                         for name, value in raw.items()
                         if name not in context and value is not None]
    return problems


def checked_hand(variant: Variant, data: Mapping[str, Any], problems: list[Problem]
                 ) -> tuple[Request, Options, list[int], int | None]:
    """The request as the hand operations read it, its effective options (the defaults
    where they are bad), *U* as 34 counts and *N* (every tile of ``unseen`` counted, the bad
    ones too; None when it cannot be read); the problems of the hand (13 or 14 tiles, *n* or
    *n* + 1 in a room), of ``unseen`` and the variant's own go to ``problems``. RequestError
    at once when the hand's tiles cannot be read."""
    raw = data.get("context") or {}
    sent = raw.get("unseen") is not None
    if sent and raw.get("visible") is not None:
        problems.append(invalid_field("#/context/unseen", "send unseen or visible, not both: "
                                      "unseen already leaves out every tile seen"))
    reader = TileReader()
    unseen = reader.tiles(raw.get("unseen"), "#/context/unseen")
    readable = not reader.problems
    problems += reader.problems
    try:
        request = variant.prepared(variant.request(data))
    except RequestError as e:
        raise RequestError([*problems, *e.problems]) from None
    # the options' problems come again from `checked`, which raises every problem of the
    # options, the hand and the context together: each is listed once
    options = variant.options_or_defaults(request, [])
    n = hand_size(options)
    size = request.hand.size if request.hand.size in (n, n + 1) else n
    try:
        variant.checked(request, draw=size == n + 1, needs_win_tile=False)
    except RequestError as e:
        problems += [_either_size(p, n) for p in e.problems]
    kinds = variant.hand_rules(options).tile_kinds
    counts = _unseen(request, unseen if sent else None, kinds, problems)
    total = (len(unseen) if readable else None) if sent else sum(counts)
    return request, options, counts, total


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _draws_left(value: Any, problems: list[Problem]) -> int | None:
    if value is None:
        problems.append(missing_field("#/context/draws_left", "draws_left is required: the "
                                      f"player's own draws still to come, 1–{MAX_DRAWS}"))
        return None
    if not _is_int(value) or not 1 <= value <= MAX_DRAWS:
        problems.append(invalid_field("#/context/draws_left", f"draws_left must be an integer "
                                      f"from 1 to {MAX_DRAWS}; got {echo(value)}"))
        return None
    return int(value)


def _choice(data: Mapping[str, Any], name: str, choices: Sequence[str],
            problems: list[Problem]) -> str:
    value = data.get(name)
    if value is None:
        return choices[0]
    if value not in choices:
        problems.append(invalid_field(f"#/{name}", f"{name} must be one of "
                                      f"{', '.join(repr(c) for c in choices)}; got "
                                      f"{echo(value)}"))
        return choices[0]
    return str(value)


def _seat_problems(raw: Mapping[str, Any]) -> list[Problem]:
    """``seats`` (dealer and winner, both), ``active`` and ``is_dealer`` beside them."""
    seats = raw.get("seats")
    problems = []
    if seats is not None:
        problems += [invalid_field(f"#/context/seats/{name}", f"advice prices a self-draw of "
                                   f"the player's own: seats takes dealer and winner only, "
                                   f"not {name}")
                     for name, value in seats.items()
                     if name not in SEAT_MEMBERS and value is not None]
        problems += [missing_field(f"#/context/seats/{name}", f"seats.{name} is required "
                                   "when seats is sent (the player is the winner)")
                     for name in SEAT_MEMBERS if seats.get(name) is None]
    active = raw.get("active")
    if active is not None:
        winner = seats.get("winner") if seats is not None else None
        if seats is None:
            problems.append(missing_field("#/context/seats/winner", "seats.winner is required "
                                          "with active: the player's own seat"))
        elif winner is not None and winner not in active:
            problems.append(invalid_field("#/context/active", f"the player (seats.winner "
                                          f"{winner}) must be active"))
    dealer = raw.get("is_dealer")
    if (dealer is not None and seats is not None and seats.get("dealer") is not None
            and seats.get("winner") is not None
            and dealer != (seats["dealer"] == seats["winner"])):
        problems.append(invalid_field("#/context/is_dealer", f"is_dealer is "
                                      f"{str(dealer).lower()} but seats.dealer is "
                                      f"{seats['dealer']} and seats.winner {seats['winner']}"))
    return problems


def _either_size(problem: Problem, n: int) -> Problem:
    """The variant's size problem, worded for advice's two sizes."""
    if problem.code is not Code.BAD_TILE_COUNT:
        return problem
    return replace(problem, detail=f"expected {n} tiles (before a draw) or {n + 1} (after "
                   f"it), hand + 3 per meld, a kong counts 3; "
                   f"{problem.detail.split('got ', 1)[-1]}")


def _unseen(request: Request, unseen: Sequence[Tile] | None, kinds: frozenset[Tile],
            problems: list[Problem]) -> list[int]:
    """*U* as 34 counts: ``unseen`` as sent (its tiles checked against the tile set and
    the player's own), else the tile set less his tiles and ``visible``."""
    own = T.counts(request.hand.all_tiles)
    if unseen is None:
        seen = T.counts(request.context.visible)
        return [max(0, T.COPIES - own[k] - seen[k]) if k in kinds else 0
                for k in range(T.KIND_COUNT)]
    counts = T.counts(unseen)
    outside = sorted(k for k in set(unseen) if k not in kinds)
    if outside:
        problems.append(invalid_tile("#/context/unseen", f"{', '.join(T.codes(outside))} not "
                                     "in the tile set of this room"))
    if len(unseen) > T.COPIES * len(kinds):
        problems.append(invalid_field("#/context/unseen", f"unseen holds {len(unseen)} tiles; "
                                      f"the tile set has {T.COPIES * len(kinds)}"))
    for k in range(T.KIND_COUNT):
        if own[k] <= T.COPIES < own[k] + counts[k]:
            problems.append(Problem(Code.TOO_MANY_COPIES, "#/context/unseen",
                                    f"{own[k] + counts[k]} copies of {T.code(k)} (player "
                                    f"{own[k]}, unseen {counts[k]}); there are only 4"))
    return [c if k in kinds else 0 for k, c in enumerate(counts)]


def _distinct(problems: list[Problem]) -> list[Problem]:
    """Each problem once (the variant and this module may both find a bad seat)."""
    seen: set[tuple[Code, str]] = set()
    out = []
    for p in problems:
        if (p.code, p.pointer) not in seen:
            seen.add((p.code, p.pointer))
            out.append(p)
    return out


