"""长沙 seats: who won, who pays and who deals, read from the context and checked.

Payments, birds and 庄闲分 all turn on seat numbers (RULES §0.3): the winner receives; on a
self-draw the three others pay, on a discard the discarder, on a robbed kong the konger
(``seats.konger``, or ``seats.discarder`` as §0.3 allows). The dealer is ``seats.dealer``, or
the winner when ``is_dealer`` is true. Contradictions are the caller's mistake and are named,
never guessed around.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import Problem, invalid_field, missing_field
from engine.hand import Context, Seats, WinType

_NAMES = ("dealer", "winner", "discarder", "konger", "kong_discarder")


@dataclass(frozen=True)
class Table:
    """The seats a settlement needs: the winner, the dealer (None when unknown and not
    needed) and the payers in seat order (empty when not needed)."""

    winner: int
    dealer: int | None
    payers: tuple[int, ...]


def payer_seat(seats: Seats, win_type: WinType) -> int | None:
    """The one payer of a discard or a robbed kong (None on a self-draw or when unsaid)."""
    if win_type is WinType.DISCARD:
        return seats.discarder
    if win_type is WinType.ROB_KONG:
        return seats.konger if seats.konger is not None else seats.discarder
    return None


def dealer_seat(context: Context) -> int | None:
    """``seats.dealer``, else the winner when ``is_dealer`` is true, else unknown."""
    seats = context.seats
    if seats is None:
        return None
    if seats.dealer is not None:
        return seats.dealer
    return seats.winner if context.is_dealer else None


def winner_is_dealer(context: Context) -> bool:
    """``is_dealer`` when given, else what the seats say; unknown counts as not the dealer."""
    if context.is_dealer is not None:
        return context.is_dealer
    seats = context.seats
    return seats is not None and seats.dealer is not None and seats.dealer == seats.winner


def discarder_is_dealer(context: Context, win_type: WinType) -> bool | None:
    """Whether the payer of a discard win is the dealer; None when the seats do not say."""
    seats = context.seats
    if seats is None or seats.dealer is None:
        return None
    payer = payer_seat(seats, win_type)
    return None if payer is None else payer == seats.dealer


def seat_problems(context: Context, win_type: WinType) -> list[Problem]:
    """Seats that cannot be: out of 0–3, a winner paying himself, a konger and a discarder
    that disagree on a robbed kong, ``is_dealer`` against ``seats.dealer``."""
    seats = context.seats
    if seats is None:
        return []
    problems = []
    for name in _NAMES:
        value = getattr(seats, name)
        if value is not None and not 0 <= value <= 3:
            problems.append(invalid_field(f"#/context/seats/{name}",
                                          f"a seat is 0–3 in turn order; got {value}"))
    if problems:
        return problems
    if (win_type is WinType.ROB_KONG and seats.konger is not None
            and seats.discarder is not None and seats.konger != seats.discarder):
        problems.append(invalid_field(
            "#/context/seats/konger",
            f"on a robbed kong the konger pays: seats.konger ({seats.konger}) and "
            f"seats.discarder ({seats.discarder}) name different seats; send one of them"))
    payer = payer_seat(seats, win_type)
    if payer is not None and payer == seats.winner:
        field = "konger" if win_type is WinType.ROB_KONG and seats.konger is not None \
            else "discarder"
        problems.append(invalid_field(f"#/context/seats/{field}",
                                      f"the winner (seat {seats.winner}) cannot pay himself"))
    if (context.is_dealer is not None and seats.dealer is not None
            and seats.winner is not None and context.is_dealer != (seats.dealer == seats.winner)):
        says = "is" if context.is_dealer else "is not"
        problems.append(invalid_field(
            "#/context/is_dealer",
            f"is_dealer says the winner {says} the dealer, but seats.dealer is "
            f"{seats.dealer} and seats.winner is {seats.winner}"))
    return problems


def read_table(context: Context, win_type: WinType, *, purpose: str, need_payers: bool,
               need_dealer: bool) -> tuple[Table | None, list[Problem]]:
    """The seats ``purpose`` needs, or the members missing for it (``missing_field``).

    Call after `seat_problems` found nothing.
    """
    seats = context.seats
    if seats is None:
        return None, [missing_field("#/context/seats",
                                    f"{purpose} need the seats: send context.seats with at "
                                    "least the winner's seat (0–3)")]
    problems = []
    if seats.winner is None:
        problems.append(missing_field("#/context/seats/winner",
                                      f"{purpose} need the winner's seat (0–3)"))
    payers: tuple[int, ...] = ()
    if need_payers:
        if win_type is WinType.SELF_DRAW:
            payers = tuple(s for s in range(4) if s != seats.winner)
        else:
            payer = payer_seat(seats, win_type)
            if payer is None:
                field = "konger" if win_type is WinType.ROB_KONG else "discarder"
                problems.append(missing_field(
                    f"#/context/seats/{field}",
                    f"{purpose} on a {win_type.value} win need the paying seat: send "
                    f"context.seats.{field}"))
            else:
                payers = (payer,)
    dealer = dealer_seat(context)
    if need_dealer and dealer is None:
        problems.append(missing_field(
            "#/context/seats/dealer",
            f"{purpose} need the dealer's seat: send context.seats.dealer (or is_dealer: true "
            "when the winner deals)"))
    if problems or seats.winner is None:
        return None, problems
    return Table(seats.winner, dealer, payers), []
