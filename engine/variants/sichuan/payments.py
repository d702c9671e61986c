"""四川 who pays whom: the win's payers (§1.4) and the kong payments 刮风下雨 (§1.5).

Every amount goes from a payer to the winner (or konger), so the four per-seat deltas sum to
zero by construction. 血战到底: a seat not in ``context.active`` has won already and neither
pays nor receives; the winner, the discarder and the konger must therefore be active — a
request saying otherwise describes no possible moment and is answered with a problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine import tiles as T
from engine.errors import Problem, invalid_field, invalid_tile, missing_field
from engine.hand import Context, KongType, Seats, WinType
from engine.variants.plumbing import exposed_kong_discarder_problems
from engine.variants.sichuan.facts import missing_suit

SEATS: Final = (0, 1, 2, 3)
SEAT_FIELDS: Final = ("dealer", "winner", "discarder", "konger", "kong_discarder")
EACH_ACTIVE_OPPONENT: Final = "each_active_opponent"
DISCARDER: Final = "discarder"
KONG_PLAYER: Final = "kong_player"
KONG_DISCARDER: Final = "kong_discarder"

Payments = tuple[int, int, int, int]


def context_problems(context: Context) -> list[Problem]:
    """Seat numbers and ``active`` entries outside 0–3, a repeated active seat, a missing
    suit that is not m, p or s: checked for every operation."""
    problems = missing_suit_problems(context)
    if context.seats is not None:
        for name in SEAT_FIELDS:
            seat = getattr(context.seats, name)
            if seat is not None and seat not in SEATS:
                problems.append(invalid_field(f"#/context/seats/{name}",
                                              f"a seat is 0, 1, 2 or 3; got {seat}"))
    if context.active is not None:
        for i, seat in enumerate(context.active):
            if seat not in SEATS:
                problems.append(invalid_field(f"#/context/active/{i}",
                                              f"a seat is 0, 1, 2 or 3; got {seat}"))
            elif seat in context.active[:i]:
                problems.append(invalid_field(f"#/context/active/{i}",
                                              f"seat {seat} is listed twice"))
    return problems


def missing_suit_problems(context: Context) -> list[Problem]:
    """A declared missing suit that is not m, p or s (``claims`` checks only this: it
    refuses seats and ``active`` outright)."""
    missing = missing_suit(context)
    if missing is not None and missing not in (0, 1, 2):
        return [invalid_field("#/context/missing_suit",
                              "missing_suit must be \"m\", \"p\" or \"s\"")]
    return []


def active_seats(context: Context) -> tuple[int, ...]:
    """The seats still in the hand: ``context.active``, all four when absent."""
    return SEATS if context.active is None else tuple(context.active)


def dian_gang_hua_payer(context: Context, dian_pao: bool) -> int | None:
    """The seat that alone pays a 点杠花 under ``dian_gang_hua: "dian_pao"``: the one who
    discarded the kong tile, when the self-draw is after a kong and the seats name him."""
    seats = context.seats
    if (dian_pao and seats is not None and seats.kong_discarder is not None
            and context.after_kong and context.win_type is WinType.SELF_DRAW):
        return seats.kong_discarder
    return None


def payers_name(context: Context, dian_pao: bool) -> str:
    """What ``payers`` says (§1.4): each active opponent on a self-draw (or only the kong
    discarder on a 点杠花 under ``dian_pao``), the discarder, or the robbed kong player."""
    win_type = context.win_type or WinType.DISCARD
    if win_type is WinType.SELF_DRAW:
        return KONG_DISCARDER if dian_gang_hua_payer(context, dian_pao) is not None \
            else EACH_ACTIVE_OPPONENT
    return DISCARDER if win_type is WinType.DISCARD else KONG_PLAYER


def win_seat_problems(context: Context, dian_pao: bool) -> list[Problem]:
    """What a win's payments need from ``context.seats`` (when it is given)."""
    seats = context.seats
    if seats is None:
        return []
    problems: list[Problem] = []
    active = active_seats(context)
    winner = seats.winner
    if winner is None:
        problems.append(missing_field("#/context/seats/winner",
                                      "seats.winner is required to compute payments"))
    elif winner not in active:
        problems.append(invalid_field("#/context/active", f"the winner (seat {winner}) must "
                                      "be active: a seat that has left cannot win"))
    if (context.is_dealer is not None and winner is not None and seats.dealer is not None
            and context.is_dealer != (seats.dealer == winner)):
        problems.append(invalid_field("#/context/is_dealer", f"is_dealer is "
                                      f"{str(context.is_dealer).lower()} but seats.dealer is "
                                      f"{seats.dealer} and seats.winner {winner}"))
    win_type = context.win_type or WinType.DISCARD
    payer: int | None = None
    if win_type is WinType.DISCARD:
        payer, name = seats.discarder, "discarder"
        if payer is None:
            problems.append(missing_field("#/context/seats/discarder", "seats.discarder is "
                                          "required to compute payments on a discard win"))
    elif win_type is WinType.ROB_KONG:
        name = "konger"
        payer = seats.konger if seats.konger is not None else seats.discarder
        if payer is None:
            problems.append(missing_field("#/context/seats/konger", "seats.konger (the robbed "
                                          "kong player) is required to compute payments on "
                                          "a rob-kong win"))
        elif seats.discarder is not None and seats.discarder != payer:
            problems.append(invalid_field("#/context/seats/discarder", f"on a rob-kong win "
                                          f"the discarder is the robbed konger ({payer}); got "
                                          f"{seats.discarder}"))
    else:
        payer, name = dian_gang_hua_payer(context, dian_pao), "kong_discarder"
    if payer is not None and winner is not None and payer == winner:
        problems.append(invalid_field(f"#/context/seats/{name}",
                                      f"seats.{name} is the winner ({winner}); it must be "
                                      "another seat"))
    elif payer is not None and payer not in active:
        problems.append(invalid_field("#/context/active", f"seats.{name} (seat {payer}) pays "
                                      "and must be active"))
    return problems


def win_payments(context: Context, points: int, dian_pao: bool) -> Payments | None:
    """Per-seat deltas of a win paying ``points`` per payer; None without ``seats``.

    Call only after `win_seat_problems` found nothing.
    """
    seats = context.seats
    if seats is None or seats.winner is None:
        return None
    winner = seats.winner
    win_type = context.win_type or WinType.DISCARD
    payer: int | None
    if win_type is WinType.DISCARD:
        payer = seats.discarder
    elif win_type is WinType.ROB_KONG:
        payer = seats.konger if seats.konger is not None else seats.discarder
    else:
        payer = dian_gang_hua_payer(context, dian_pao)
    payers = [payer] if payer is not None else [s for s in active_seats(context) if s != winner]
    return transfer(winner, payers, points)


def transfer(receiver: int, payers: Sequence[int], amount: int) -> Payments:
    """Each payer gives ``amount`` to ``receiver``: zero-sum deltas for seats 0–3."""
    deltas = [0, 0, 0, 0]
    for seat in payers:
        deltas[seat] -= amount
        deltas[receiver] += amount
    return deltas[0], deltas[1], deltas[2], deltas[3]


def kong_problems(context: Context, tile_kinds: frozenset[int]) -> list[Problem]:
    """What ``POST /v1/sichuan/kong`` needs: the kong, the konger, and the discarder of an
    exposed kong — each active."""
    problems: list[Problem] = []
    kong = context.kong
    if kong is None:
        problems.append(missing_field("#/context/kong", "context.kong {type, tile} is "
                                      "required: the kong to pay for"))
    elif kong.tile not in tile_kinds:
        problems.append(invalid_tile("#/context/kong/tile", f"{T.code(kong.tile)} not in the "
                                     "108-tile set of this variant (no honors)"))
    seats = context.seats or Seats()
    if context.seats is None:
        problems.append(missing_field("#/context/seats", "context.seats with konger (and "
                                      "discarder for an exposed kong) is required"))
        return problems
    active = active_seats(context)
    if seats.konger is None:
        problems.append(missing_field("#/context/seats/konger", "seats.konger is required: "
                                      "who declared the kong"))
    elif seats.konger not in active:
        problems.append(invalid_field("#/context/active", f"the konger (seat {seats.konger}) "
                                      "must be active: a seat that has won has left"))
    discarder_problems = exposed_kong_discarder_problems(seats, kong)
    problems += discarder_problems
    if (not discarder_problems and kong is not None and kong.type is KongType.EXPOSED
            and seats.discarder not in active):
        problems.append(invalid_field("#/context/active", f"the discarder (seat "
                                      f"{seats.discarder}) pays and must be active"))
    return problems


def kong_rows(kind: KongType, late: bool, konger: int, discarder: int | None,
              active: Sequence[int], options: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Who pays a kong, and how much (§1.5; settle.md §1.6.2): ``(payer, amount)`` rows in
    turn order after the konger, each payer in ``active``, none of 0. 直杠: the discarder
    ``zhi_gang_discarder``, every other seat ``zhi_gang_others``; 补杠 1 from each (nothing
    when ``late`` and not ``late_added_kong_pays``); 暗杠 2 from each; × ``base_points``.
    One place for the ``kong`` operation and ``settle``, so the two always agree."""
    base = options["base_points"]
    rows = []
    for step in (1, 2, 3):
        seat = (konger + step) % 4
        if seat not in active:
            continue
        if kind is KongType.EXPOSED:
            units = options["zhi_gang_discarder" if seat == discarder else "zhi_gang_others"]
        elif kind is KongType.ADDED:
            units = 0 if late and not options["late_added_kong_pays"] else 1
        else:
            units = 2
        if units:
            rows.append((seat, units * base))
    return rows


def kong_payments(context: Context, options: Mapping[str, Any]) -> Payments:
    """The deltas of a kong; call only after `kong_problems` found nothing."""
    kong, seats = context.kong, context.seats
    assert kong is not None and seats is not None and seats.konger is not None
    deltas = [0, 0, 0, 0]
    for payer, amount in kong_rows(kong.type, kong.late, seats.konger, seats.discarder,
                                   active_seats(context), options):
        deltas[payer] -= amount
        deltas[seats.konger] += amount
    return deltas[0], deltas[1], deltas[2], deltas[3]
