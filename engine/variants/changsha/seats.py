"""长沙 seats: what payments, birds and 庄闲分 read from ``context.seats`` (RULES §0.3).

The reading is `engine.seats`' (who pays, the dealer, what the seats cannot say); this
module only says what 长沙 asks of it: the hand ends with the first win, so ``active`` is
not read, and the dealer is ``seats.dealer``, or the winner when ``is_dealer`` is true.
"""

from __future__ import annotations

from engine import seats as S
from engine.errors import Problem
from engine.hand import Context, WinType
from engine.seats import WinSeats, win_seats, winner_is_dealer

__all__ = ["WinSeats", "discarder_is_dealer", "read_seats", "seat_problems", "win_seats",
           "winner_is_dealer"]


def discarder_is_dealer(context: Context, win_type: WinType) -> bool | None:
    """Whether the payer of a discard win is the dealer; None when the seats do not say."""
    seats = context.seats
    if seats is None or seats.dealer is None:
        return None
    payer = S.payer(seats, win_type)
    return None if payer is None else payer == seats.dealer


def seat_problems(context: Context, win_type: WinType, players: int = S.FULL_TABLE
                  ) -> list[Problem]:
    """Seats that cannot be: out of the room, then what `engine.seats.seat_problems` refuses
    (nothing to read without seats: ``active`` is not 长沙's)."""
    if context.seats is None:
        return []
    return S.range_problems(context, players, reads_active=False) or S.seat_problems(
        context, win_type)


def read_seats(context: Context, win_type: WinType, *, purpose: str, need_payers: bool,
               need_dealer: bool, players: int = S.FULL_TABLE
               ) -> tuple[WinSeats | None, list[Problem]]:
    """The seats ``purpose`` needs, or the members missing for it (``missing_field``).
    Call after `seat_problems` found nothing."""
    problems = S.needed_problems(context, win_type, purpose=purpose, need_payer=need_payers,
                                 need_dealer=need_dealer)
    if problems:
        return None, problems
    seats = S.win_seats(context, win_type, players=players)
    assert seats is not None  # the winner was there
    return (seats if need_payers else WinSeats(seats.winner, seats.dealer, ())), []
