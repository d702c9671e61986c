"""南昌 request checks beyond the shared hand rules: 精, seats, the settlement's holdings.

Each function returns every problem it finds (a JSON pointer and words a caller can act
on), so that an operation can raise them together with the hand's own problems.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import tiles as T
from engine.errors import Problem, invalid_field, invalid_tile, missing_field
from engine.hand import Context, WinType
from engine.tiles import Tile
from engine.variants.nanchang.facts import NanchangFacts

MAX_PLAYERS = 4


def tile_in_set(tile: Tile | None, kinds: frozenset[Tile], tile_set: str,
                pointer: str) -> list[Problem]:
    if tile is None or tile in kinds:
        return []
    return [invalid_tile(pointer, f"{T.code(tile)} is not in the {tile_set}-tile set of this "
                                  "variant (tile_set option)")]


def jing_problems(context: Context, kinds: frozenset[Tile], tile_set: str) -> list[Problem]:
    """``context.jing`` is required and both kinds must be in the tile set."""
    jing = NanchangFacts.of(context).jing
    if jing is None:
        return [missing_field("#/context/jing",
                              'context.jing {"zheng", "fu"} is required: the 正精 and 副精 '
                              "kinds (POST /v1/nanchang/jing derives them from the turned "
                              "tile)")]
    same = ([invalid_field("#/context/jing/fu", "fu is the 副精, the kind after the 正精: it "
                                               "cannot be zheng's kind too")]
            if jing.zheng == jing.fu else [])
    return (tile_in_set(jing.zheng, kinds, tile_set, "#/context/jing/zheng")
            + tile_in_set(jing.fu, kinds, tile_set, "#/context/jing/fu") + same)


def seat_range_problems(context: Context) -> list[Problem]:
    """Seats are 0–3; ``active`` lists distinct seats."""
    problems = []
    seats = context.seats
    if seats is not None:
        for name in ("dealer", "winner", "discarder", "konger", "kong_discarder"):
            value = getattr(seats, name)
            if value is not None and value not in range(MAX_PLAYERS):
                problems.append(invalid_field(f"#/context/seats/{name}",
                                              f"a seat is 0–3 in turn order; got {value}"))
    if context.active is not None:
        bad = [s for s in context.active if s not in range(MAX_PLAYERS)]
        if bad or len(set(context.active)) != len(context.active) or not context.active:
            problems.append(invalid_field("#/context/active",
                                          "active lists distinct seats 0–3 (at least one); "
                                          f"got {list(context.active)}"))
    return problems


def active_seats(context: Context) -> tuple[int, ...]:
    return context.active if context.active is not None else tuple(range(MAX_PLAYERS))


def winner_is_dealer(context: Context) -> bool:
    """``is_dealer`` when given, else whether the seats say the winner is the dealer."""
    if context.is_dealer is not None:
        return context.is_dealer
    seats = context.seats
    return seats is not None and seats.dealer is not None and seats.dealer == seats.winner


def payment_problems(context: Context, win_type: WinType, dealer_double: bool) -> list[Problem]:
    """What the payments of a win need from ``context.seats`` (only when seats are given)."""
    seats = context.seats
    if seats is None:
        return []
    problems = seat_range_problems(context)
    if problems:
        return problems
    if seats.winner is None:
        problems.append(missing_field("#/context/seats/winner",
                                      "seats.winner is required for payments: the winner's "
                                      "seat"))
    payer = payer_seat(context, win_type)
    if win_type is not WinType.SELF_DRAW and payer is None:
        who = "the robbed konger" if win_type is WinType.ROB_KONG else "the discarder"
        problems.append(missing_field("#/context/seats/discarder",
                                      f"seats.discarder is required for a {win_type.value} "
                                      f"win: {who}'s seat"))
    if payer is not None and payer == seats.winner:
        problems.append(invalid_field("#/context/seats/discarder",
                                      "the discarder cannot be the winner"))
    if (context.is_dealer is not None and seats.dealer is not None
            and seats.winner is not None and context.is_dealer != (seats.dealer == seats.winner)):
        problems.append(invalid_field("#/context/is_dealer",
                                      f"is_dealer is {str(context.is_dealer).lower()} but "
                                      f"seats.dealer {seats.dealer} and seats.winner "
                                      f"{seats.winner} say otherwise"))
    if seats.dealer is None and dealer_double and context.is_dealer is not True:
        problems.append(missing_field("#/context/seats/dealer",
                                      "seats.dealer is required for payments with "
                                      "dealer_double (the dealer pays and receives double)"))
    active = active_seats(context)
    for name, seat in (("winner", seats.winner), ("discarder", payer)):
        if seat is not None and seat not in active:
            problems.append(invalid_field("#/context/active",
                                          f"the {name} (seat {seat}) must be in active"))
    return problems


def payer_seat(context: Context, win_type: WinType) -> int | None:
    """The discarder, or for a robbed kong the konger (``discarder``, else ``konger``)."""
    seats = context.seats
    if seats is None or win_type is WinType.SELF_DRAW:
        return None
    if win_type is WinType.ROB_KONG and seats.discarder is None:
        return seats.konger
    return seats.discarder


def holdings_problems(context: Context) -> list[Problem]:
    """2–4 players, each holding 0–4 of each 精 kind, at most 4 of a kind in all."""
    holdings = NanchangFacts.of(context).holdings
    if holdings is None:
        return [missing_field("#/context/holdings",
                              'context.holdings is required: one {"zheng", "fu"} count per '
                              "player, in seat order")]
    problems = []
    if not 2 <= len(holdings) <= MAX_PLAYERS:
        problems.append(invalid_field("#/context/holdings",
                                      f"holdings has one entry per player (2–4); got "
                                      f"{len(holdings)}"))
    for kind in ("zheng", "fu"):
        values: Sequence[object] = [getattr(h, kind) for h in holdings]
        for i, v in enumerate(values):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= T.COPIES:
                problems.append(invalid_field(f"#/context/holdings/{i}/{kind}",
                                              f"a count of {kind} 精 is an integer 0–4; got "
                                              f"{v!r}"))
        counted = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
        if len(counted) == len(values) and sum(counted) > T.COPIES:
            problems.append(invalid_field("#/context/holdings",
                                          f"the players hold {sum(counted)} {kind} 精 in all; "
                                          "there are only 4"))
    return problems
