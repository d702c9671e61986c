"""四川 who pays whom: the win's payers (§1.4) and the kong payments 刮风下雨 (§1.5).

Every amount goes from a payer to the winner (or konger), so the per-seat deltas — one per
seat of the room (rooms.md §0.9.3) — sum to zero by construction. 血战到底: a seat not in
``context.active`` has won already and neither pays nor receives; the winner, the discarder
and the konger must therefore be active — a request saying otherwise describes no possible
moment and is answered with a problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine import seats as S
from engine import tiles as T
from engine.errors import Problem, invalid_tile, missing_field
from engine.hand import Context, HandRules, KongType, WinType
from engine.room import DEFAULT_ROOM, Room, room_of
from engine.variants.sichuan.facts import missing_suit
from engine.variants.sichuan.rooms import missing_suit_problems as room_missing_suit_problems

EACH_ACTIVE_OPPONENT: Final = "each_active_opponent"
DISCARDER: Final = "discarder"
KONG_PLAYER: Final = "kong_player"
KONG_DISCARDER: Final = "kong_discarder"

Payments = tuple[int, ...]


def context_problems(context: Context, options: Mapping[str, Any]) -> list[Problem]:
    """Seat numbers and ``active`` entries outside the room, a repeated active seat, a
    missing suit that is not m, p or s (or any, in a room without 定缺): checked for every
    operation (the room read only where it decides)."""
    missing = missing_suit(context)
    found = room_missing_suit_problems(missing, room_of(options)) if missing is not None \
        else []
    if context.seats is None and context.active is None:
        return found  # (no seat to check: the common request)
    return found + S.range_problems(context, options.get("players", S.FULL_TABLE))


def missing_suit_problems(context: Context, room: Room = DEFAULT_ROOM) -> list[Problem]:
    """A declared missing suit that is not m, p or s, or one in a room of fewer than three
    suits (``claims`` checks only this: it refuses seats and ``active`` outright)."""
    return room_missing_suit_problems(missing_suit(context), room)


def active_seats(context: Context, players: int = S.FULL_TABLE) -> tuple[int, ...]:
    """The seats still in the hand: ``context.active``, every seat of the room when absent."""
    return S.active_seats(context, players)


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


def win_seat_problems(context: Context, dian_pao: bool, players: int = S.FULL_TABLE
                      ) -> list[Problem]:
    """What a win's payments need from ``context.seats`` (when it is given): §0.3's, and
    the kong's discarder of a 点杠花 under ``dian_pao``, each in ``active``."""
    if context.seats is None:
        return []
    kong_discarder = dian_gang_hua_payer(context, dian_pao)
    return S.win_problems(context, context.win_type or WinType.DISCARD,
                          purpose="payments", active=active_seats(context, players),
                          extra_payer=None if kong_discarder is None
                          else ("kong_discarder", kong_discarder))


def win_payments(context: Context, points: int, dian_pao: bool,
                 players: int = S.FULL_TABLE) -> Payments | None:
    """Per-seat deltas of a win paying ``points`` per payer; None without ``seats``.

    Call only after `win_seat_problems` found nothing.
    """
    seats = context.seats
    if seats is None or seats.winner is None:
        return None
    kong_discarder = dian_gang_hua_payer(context, dian_pao)
    payers = (kong_discarder,) if kong_discarder is not None else S.win_payers(
        seats.winner, context.win_type or WinType.DISCARD, seats, players=players,
        active=active_seats(context, players))
    return S.deltas(seats.winner, ((p, points) for p in payers), players)


def kong_problems(context: Context, rules: HandRules, players: int = S.FULL_TABLE
                  ) -> list[Problem]:
    """What ``POST /v1/sichuan/kong`` needs: the kong (of a kind of the room), the konger,
    and the discarder of an exposed kong — each active."""
    problems: list[Problem] = []
    kong = context.kong
    if kong is None:
        problems.append(missing_field("#/context/kong", "context.kong {type, tile} is "
                                      "required: the kong to pay for"))
    elif kong.tile not in rules.tile_kinds:
        words = rules.set_words or "the 108-tile set of this variant (no honors)"
        problems.append(invalid_tile("#/context/kong/tile", f"{T.code(kong.tile)} not in "
                                     f"{words}"))
    return problems + S.kong_problems(context, active=active_seats(context, players))


def kong_rows(kind: KongType, late: bool, konger: int, discarder: int | None,
              active: Sequence[int], options: Mapping[str, Any],
              players: int = S.FULL_TABLE) -> list[tuple[int, int]]:
    """Who pays a kong, and how much (§1.5; settle.md §1.6.2): ``(payer, amount)`` rows in
    turn order after the konger, each payer in ``active``, none of 0. 直杠: the discarder
    ``zhi_gang_discarder``, every other seat ``zhi_gang_others``; 补杠 1 from each (nothing
    when ``late`` and not ``late_added_kong_pays``); 暗杠 2 from each; × ``base_points``.
    One place for the ``kong`` operation and ``settle``, so the two always agree."""
    base = options["base_points"]
    rows = []
    for seat in S.kong_payers(konger, players=players, active=active):
        if kind is KongType.EXPOSED:
            units = options["zhi_gang_discarder" if seat == discarder else "zhi_gang_others"]
        elif kind is KongType.ADDED:
            units = 0 if late and not options["late_added_kong_pays"] else 1
        else:
            units = 2
        if units:
            rows.append((seat, units * base))
    return rows


def kong_payments(context: Context, options: Mapping[str, Any],
                  players: int = S.FULL_TABLE) -> Payments:
    """The deltas of a kong; call only after `kong_problems` found nothing."""
    kong, seats = context.kong, context.seats
    assert kong is not None and seats is not None and seats.konger is not None
    return S.deltas(seats.konger, kong_rows(kong.type, kong.late, seats.konger,
                                            seats.discarder, active_seats(context, players),
                                            options, players), players)
