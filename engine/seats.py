"""The one reading of a table's seats (RULES.md §0.3, rooms.md §0.9.3): who sits where, who
pays whom, and what a request's ``seats`` and ``active`` may not say.

Every variant's payments and every ``settle`` read seats here, so that the four variants
agree on what a body means and word each refusal the same way. A room has *P* = ``players``
seats, 0 … *P* − 1 in turn order (2–4; today always `FULL_TABLE`): the next seat (下家) of
*k* is (*k* + 1) mod *P*, the previous one (上家) (*k* − 1) mod *P*, the opposite one (对家)
*k* + 2 and only with four players.

Who pays (§0.3): on a self-draw each other seat (those in ``active`` where the variant reads
it: 四川 血战, 南昌), on a discard the discarder, on a robbed kong the konger — who is
``seats.konger``, or ``seats.discarder`` as §0.3 lets it be sent (API.md: "``discarder`` =
the robbed konger for ``rob_kong``"). How much each pays is the variant's (its pricing);
`deltas` turns those amounts into the per-seat sums, zero-sum by construction.

What the seats cannot say is a problem at the member that says it, each worded once here:
a seat out of range, ``active`` naming a seat twice, a konger and a discarder that name
different seats on a robbed kong (at ``seats.konger``), a winner paying himself, a payer or a
winner who has left, ``is_dealer`` against ``seats.dealer``. A member a payment needs and the
request leaves out is ``missing_field`` at that member.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.errors import Problem, invalid_field, missing_field
from engine.hand import Context, KongEvent, KongType, Seats, WinType

FULL_TABLE: Final = 4
"""The players of today's every room (rooms.md makes it the ``players`` option)."""
SEAT_MEMBERS: Final = ("dealer", "winner", "discarder", "konger", "kong_discarder")
"""The members of ``context.seats``, in API.md's order."""

Deltas = tuple[int, ...]
"""One amount per seat, in seat order: what each seat receives (+) or pays (−)."""


# --- the table ------------------------------------------------------------------------------

def seat_numbers(players: int = FULL_TABLE) -> range:
    """The seats of a room: 0 … *P* − 1."""
    return range(players)


def next_seat(seat: int, players: int = FULL_TABLE) -> int:
    """下家: the seat that plays after ``seat``."""
    return (seat + 1) % players


def previous_seat(seat: int, players: int = FULL_TABLE) -> int:
    """上家: the seat that plays before ``seat`` (with two players also its 下家)."""
    return (seat - 1) % players


def opposite_seat(seat: int, players: int = FULL_TABLE) -> int | None:
    """对家: the seat across, which only a table of four has."""
    return (seat + 2) % players if players == FULL_TABLE else None


def rank_seat(rank: int, origin: int, players: int = FULL_TABLE,
              convention: str = "circle") -> int | None:
    """The seat a bird, die or code of rank ``rank`` (1–9) points at, counted from
    ``origin`` (rooms.md §0.9.5; None: an empty chair). With four players both conventions
    are (origin + rank − 1) mod 4. ``"circle"`` keeps each rank's four-seat meaning (159 本家,
    26 下家, 37 对家, 48 上家): with three players 3 and 7 miss; with two the other player sits
    opposite, 3 and 7 point at him and 2, 6, 4, 8 miss. ``"modulo"``: (origin + rank − 1)
    mod *P*.

    >>> [rank_seat(r, 1, 3) for r in (1, 2, 3, 4)], [rank_seat(r, 1, 3, "modulo") for r in (3, 4)]
    ([1, 2, None, 0], [0, 1])
    >>> [rank_seat(r, 0, 2) for r in (1, 2, 3, 4)]
    [0, None, 1, None]
    """
    if convention == "modulo" or players == FULL_TABLE:
        return (origin + rank - 1) % players
    offset = (rank - 1) % FULL_TABLE
    if offset == 0:
        return origin
    if players == 2:
        return (origin + 1) % players if offset == 2 else None
    return None if offset == 2 else (origin + (1 if offset == 1 else -1)) % players


def after(seat: int, players: int = FULL_TABLE) -> tuple[int, ...]:
    """The *P* − 1 other seats in turn order after ``seat`` (下家 first): the order of every
    row a seat pays or receives (settle's rows, kong payers)."""
    return tuple((seat + step) % players for step in range(1, players))


def in_turn_order(seats: Iterable[int], start_after: int | None,
                  players: int = FULL_TABLE) -> list[int]:
    """``seats`` in turn order starting after ``start_after`` (a win's canonical winner
    order: 下家 of the discarder first); as given when there is no such seat (a self-draw)."""
    if start_after is None:
        return list(seats)
    return sorted(seats, key=lambda s: (s - start_after - 1) % players)


def active_seats(context: Context, players: int = FULL_TABLE) -> tuple[int, ...]:
    """The seats still in the hand: ``context.active``, every seat when it is absent."""
    return tuple(range(players)) if context.active is None else tuple(context.active)


def dealer_seat(context: Context) -> int | None:
    """``seats.dealer``, else the winner when ``is_dealer`` is true, else unknown (None)."""
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


# --- who pays ---------------------------------------------------------------------------------

def payer(seats: Seats | None, win_type: WinType) -> int | None:
    """The one seat that pays a discard (the discarder) or a robbed kong (the konger:
    ``seats.konger``, else ``seats.discarder``); None on a self-draw or when unsaid."""
    if seats is None or win_type is WinType.SELF_DRAW:
        return None
    if win_type is WinType.ROB_KONG and seats.konger is not None:
        return seats.konger
    return seats.discarder


def payer_member(seats: Seats | None, win_type: WinType) -> str:
    """The ``seats`` member that names `payer` (where a problem with it points)."""
    if win_type is WinType.ROB_KONG and (seats is None or seats.konger is not None
                                         or seats.discarder is None):
        return "konger"
    return "discarder"


def win_payers(winner: int, win_type: WinType, seats: Seats | None, *,
               players: int = FULL_TABLE, active: Sequence[int] | None = None
               ) -> tuple[int, ...]:
    """Who pays a win: the one `payer` of a discard or robbed kong, else (a self-draw) each
    other seat in turn order after the winner, those in ``active`` when it is given."""
    one = payer(seats, win_type)
    if one is not None:
        return (one,)
    return tuple(s for s in after(winner, players) if active is None or s in active)


def kong_payers(konger: int, *, players: int = FULL_TABLE,
                active: Sequence[int] | None = None) -> tuple[int, ...]:
    """The seats that may pay a kong, in turn order after the konger: every other seat (in
    ``active`` when given). Which of them pays how much — the discarder of an exposed kong
    alone (红中), or more than the others (四川) — is the variant's pricing."""
    return tuple(s for s in after(konger, players) if active is None or s in active)


def deltas(receiver: int, owed: Iterable[tuple[int, int]],
           players: int = FULL_TABLE) -> Deltas:
    """Per-seat sums of ``(payer, amount)`` rows all paid to ``receiver``: zero-sum."""
    out = [0] * players
    for seat, amount in owed:
        out[seat] -= amount
        out[receiver] += amount
    return tuple(out)


# --- what the seats cannot say ---------------------------------------------------------------

def range_words(players: int = FULL_TABLE) -> str:
    """How a detail names the seats of the room: ``0–3``, ``0–2 (3 players)``."""
    return f"0–{players - 1}" + ("" if players == FULL_TABLE else f" ({players} players)")


def range_problems(context: Context, players: int = FULL_TABLE, *,
                   reads_active: bool = True) -> list[Problem]:
    """Seat numbers outside the room, and an ``active`` that is not a list of distinct
    seats. 长沙 and 红中 end the hand with the first win and do not read ``active``
    (``reads_active`` false), but its entries are still seats of the room: rooms.md §0.9.3
    bounds every seat member by ``players``, and the service's schema already bounds them
    by four, so only a smaller room adds a check there."""
    problems: list[Problem] = []
    seats = context.seats
    if seats is not None:
        for name in SEAT_MEMBERS:
            value = getattr(seats, name)
            if value is not None and not is_seat(value, players):
                problems.append(invalid_field(f"#/context/seats/{name}",
                                              f"{name} must be a seat number "
                                              f"{range_words(players)}; got {value!r}"))
    if not reads_active:
        problems += [invalid_field(f"#/context/active/{i}", f"a seat is a number "
                                   f"{range_words(players)}; got {value!r}")
                     for i, value in enumerate(context.active or ()) if not is_seat(value,
                                                                                   players)]
    elif context.active is not None:
        if not context.active:
            problems.append(invalid_field("#/context/active", "active lists the seats still "
                                          "in the hand: at least one"))
        for i, value in enumerate(context.active):
            if not is_seat(value, players):
                problems.append(invalid_field(f"#/context/active/{i}",
                                              f"a seat is a number {range_words(players)}; "
                                              f"got {value!r}"))
            elif value in context.active[:i]:
                problems.append(invalid_field(f"#/context/active/{i}",
                                              f"seat {value} is listed twice"))
    return problems


def is_seat(value: object, players: int = FULL_TABLE) -> bool:
    """A seat number of the room (an int 0 … *P* − 1; a bool is not one)."""
    return type(value) is int and 0 <= value < players


def win_problems(context: Context, win_type: WinType, *, purpose: str = "payments",
                 active: Sequence[int] | None = None, need_dealer: bool = False,
                 extra_payer: tuple[str, int] | None = None) -> list[Problem]:
    """`needed_problems` and `seat_problems` of a win's payments; none when ``seats`` is
    not sent (no payments are asked for). Call after `range_problems` found nothing."""
    if context.seats is None:
        return []
    return (needed_problems(context, win_type, purpose=purpose, need_dealer=need_dealer)
            + seat_problems(context, win_type, active=active, extra_payer=extra_payer))


def needed_problems(context: Context, win_type: WinType, *, purpose: str = "payments",
                    need_payer: bool = True, need_dealer: bool = False) -> list[Problem]:
    """The ``seats`` members ``purpose`` needs and the request leaves out: the winner, the
    one payer of a discard or robbed kong (``need_payer``), the dealer (``need_dealer``:
    长沙 庄闲分, 南昌 ``dealer_double``); ``seats`` itself when it is absent."""
    seats = context.seats
    if seats is None:
        return [missing_field("#/context/seats", f"{purpose} need the seats: send "
                              "context.seats with at least the winner's seat")]
    problems: list[Problem] = []
    if seats.winner is None:
        problems.append(missing_field("#/context/seats/winner",
                                      f"{purpose} need the winner's seat: send "
                                      "context.seats.winner"))
    if need_payer and win_type is not WinType.SELF_DRAW and payer(seats, win_type) is None:
        name = payer_member(seats, win_type)
        who = "the discarder" if win_type is WinType.DISCARD else "the robbed konger"
        problems.append(missing_field(f"#/context/seats/{name}",
                                      f"{purpose} on a {win_type.value} win are paid by "
                                      f"{who}: send context.seats.{name}"))
    if need_dealer and dealer_seat(context) is None:
        problems.append(missing_field(
            "#/context/seats/dealer",
            f"{purpose} need the dealer's seat: send context.seats.dealer (or is_dealer: true "
            "when the winner deals)"))
    return problems


def seat_problems(context: Context, win_type: WinType, *, active: Sequence[int] | None = None,
                  extra_payer: tuple[str, int] | None = None) -> list[Problem]:
    """What the seats of a win cannot say: a konger and a discarder that name different
    seats on a robbed kong, a winner paying himself, ``is_dealer`` against
    ``seats.dealer``, and — ``active`` given, where the variant reads it — a winner or a
    payer who has left. ``extra_payer``: a self-draw's one payer the variant names besides
    §0.3's (四川 点杠花: ``("kong_discarder", seat)``)."""
    seats = context.seats
    if seats is None:
        return []
    problems: list[Problem] = []
    winner = seats.winner
    if (win_type is WinType.ROB_KONG and seats.konger is not None
            and seats.discarder is not None and seats.konger != seats.discarder):
        problems.append(invalid_field(
            "#/context/seats/konger",
            f"on a robbed kong the konger pays: seats.konger ({seats.konger}) and "
            f"seats.discarder ({seats.discarder}) name different seats; send one of them"))
    if win_type is WinType.SELF_DRAW:
        name, one = extra_payer if extra_payer is not None else ("", None)
    else:
        name, one = payer_member(seats, win_type), payer(seats, win_type)
    if one is not None and one == winner:
        problems.append(invalid_field(f"#/context/seats/{name}",
                                      f"seats.{name} is the winner ({winner}); the winner "
                                      "cannot pay himself"))
    if (context.is_dealer is not None and seats.dealer is not None and winner is not None
            and context.is_dealer != (seats.dealer == winner)):
        says = "is" if context.is_dealer else "is not"
        problems.append(invalid_field(
            "#/context/is_dealer",
            f"is_dealer says the winner {says} the dealer, but seats.dealer is "
            f"{seats.dealer} and seats.winner is {winner}"))
    if active is not None:
        if winner is not None and winner not in active:
            problems.append(invalid_field("#/context/active", f"the winner (seat {winner}) "
                                          "must be active: a seat that has left cannot win"))
        if one is not None and one != winner and one not in active:
            problems.append(invalid_field("#/context/active", f"seats.{name} (seat {one}) "
                                          "pays and must be active"))
    return problems


def kong_problems(context: Context, *, active: Sequence[int] | None = None,
                  discarder_pays: bool = True) -> list[Problem]:
    """What a kong's payments need from ``context.seats``: the konger, and for an exposed
    kong (直杠) whose discarder pays (``discarder_pays``: 四川, 红中; 南昌's every other seat
    pays alike) that discarder, another seat — each in ``active`` when the variant reads
    it. (``context.kong`` itself, and its tile, are the variant's to check.)"""
    seats = context.seats
    if seats is None:
        return [missing_field("#/context/seats", "context.seats with konger (and discarder "
                              "for an exposed kong) is required: who is paid for the kong")]
    problems: list[Problem] = []
    if seats.konger is None:
        problems.append(missing_field("#/context/seats/konger", "seats.konger is required: "
                                      "who declared the kong"))
    elif active is not None and seats.konger not in active:
        problems.append(invalid_field("#/context/active", f"the konger (seat {seats.konger}) "
                                      "must be active: a seat that has won has left"))
    kong = context.kong
    discarder = exposed_kong_discarder_problems(seats, kong) if discarder_pays else []
    problems += discarder
    if (discarder_pays and not discarder and active is not None and kong is not None
            and kong.type is KongType.EXPOSED and seats.discarder not in active):
        problems.append(invalid_field("#/context/active", f"seats.discarder (seat "
                                      f"{seats.discarder}) pays and must be active"))
    return problems


def exposed_kong_discarder_problems(seats: Seats, kong: KongEvent | None) -> list[Problem]:
    """An exposed kong (直杠) is made from a discard: its discarder must be named, and be
    another seat than the konger."""
    if kong is None or kong.type is not KongType.EXPOSED:
        return []
    if seats.discarder is None:
        return [missing_field("#/context/seats/discarder", "seats.discarder is required for "
                              "an exposed kong: he pays for it")]
    if seats.discarder == seats.konger:
        return [invalid_field("#/context/seats/discarder", "an exposed kong is made from "
                              "another seat's discard")]
    return []


@dataclass(frozen=True)
class WinSeats:
    """The seats a win's settlement reads once `win_problems` found nothing: the winner,
    the dealer (None when unknown and not needed) and the payers in turn order."""

    winner: int
    dealer: int | None
    payers: tuple[int, ...]


def win_seats(context: Context, win_type: WinType, *, players: int = FULL_TABLE,
              active: Sequence[int] | None = None) -> WinSeats | None:
    """The `WinSeats` of a request whose seats passed `win_problems`; None without seats."""
    seats = context.seats
    if seats is None or seats.winner is None:
        return None
    return WinSeats(seats.winner, dealer_seat(context),
                    win_payers(seats.winner, win_type, seats, players=players, active=active))
