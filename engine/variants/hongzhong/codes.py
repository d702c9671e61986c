"""红中麻将 (RULES.md §4.3): codes (扎码), win payments and kong payments.

Codes are turned after a win and sent as ``context.codes``; only the tiles sent are scored.
Each code is answered as a :class:`~engine.results.BirdHit` (``seat`` is None in the modes
that have no seats) and the hits per seat as one count per seat of the room (``code_hits``).
In a room of 2 or 3 players (rooms.md §0.9.5) ``seat`` mode maps a rank by ``code_seats``
(`engine.seats.rank_seat`; a code on an empty chair has ``seat: null`` and scores in no
win); a self-draw has *P* − 1 payers and a robbed konger pays their *P* − 1 shares.

Decisions:

* ``code_hits[s]`` counts the codes that scored for seat *s*: in ``159z`` and
  ``one_code_all`` every hit is the winner's; in ``seat`` mode a code counts for the seat it
  points to when it scores.
* ``seat`` mode, rob-kong: the konger pays all three self-draw shares, each with the hits on
  the winner and on the seat whose share it is — so every code scores, as in a self-draw.
  A discard win: only codes on the winner and on the discarder score.
* ``one_code_all``: the single code always scores (its rank is at least 1).
* ``mo_ji_jiang_ji`` (摸几奖几) scores as ``159z``; only the count due differs
  (`mo_ji_count`).
* ``seat`` mode counts from ``origin`` (``context.code_origin``, default the winner): 通炮
  counts from the discarder or the robbed konger (settle-hongzhong.md §4.5.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine import seats as S
from engine import tiles as T
from engine.hand import KongType, WinType
from engine.results import NULL, BirdHit
from engine.tiles import Tile

SEAT_ORDER_RANK: Final = {T.EAST: 1, T.SOUTH: 2, T.WEST: 3, T.NORTH: 4,
                          T.RED: 5, T.GREEN: 6, T.WHITE: 7}
"""Honors counted in 东南西北中发白 order (``seat`` mode)."""
ONE_CODE_RANK: Final = {T.EAST: 1, T.SOUTH: 2, T.WEST: 3, T.NORTH: 4,
                        T.RED: 10, T.GREEN: 6, T.WHITE: 7}
"""一码全中 values: 红中 is 10, other honors by their place in 东南西北中发白."""

Payments = tuple[int, ...]
"""One amount per seat of the room."""


def is_159z_hit(tile: Tile) -> bool:
    """A suit tile of rank 1, 5 or 9, or 红中 — whatever the wild kinds are."""
    return tile == T.RED or (not T.is_honor(tile) and T.rank(tile) in (1, 5, 9))


def seat_rank(tile: Tile) -> int:
    """The count a code points with in ``seat`` mode: suit rank, or the honor's place."""
    return SEAT_ORDER_RANK[tile] if T.is_honor(tile) else T.rank(tile)


def one_code_value(tile: Tile) -> int:
    """The rank that ``one_code_all`` multiplies by ``code_value``."""
    return ONE_CODE_RANK[tile] if T.is_honor(tile) else T.rank(tile)


def mo_ji_count(win_tile: Tile, wild: frozenset[Tile]) -> int:
    """摸几奖几: the codes a win on ``win_tile`` turns — 10 for a tile of a wild kind, else
    its ``one_code_all`` value (MJT ``set_niao_card_hz``; no ``code_count``, no extra)."""
    return 10 if win_tile in wild else one_code_value(win_tile)


@dataclass(frozen=True)
class Codes:
    """Scored codes: each turned tile, hits per seat (when the winner's seat is known), and
    what every payer's payment grows by (per seat; the winner's entry unused)."""

    codes: tuple[BirdHit, ...]
    hits: Payments | None
    bonus: tuple[int, ...]


def payers_of(win_type: WinType, winner: int, payer: int | None,
              players: int = S.FULL_TABLE) -> frozenset[int]:
    """Who pays a win: everyone else on a self-draw, else the discarder / robbed konger.

    A rob-kong counts as paid by all the self-draw shares (抢杠全包 pays them on their
    behalf)."""
    if win_type is WinType.DISCARD:
        return frozenset({payer} if payer is not None else ())
    return frozenset(S.after(winner, players))


def score_codes(codes: Sequence[Tile], mode: str, code_value: int, win_type: WinType,
                winner: int | None, payer: int | None, origin: int | None = None,
                players: int = S.FULL_TABLE, convention: str = "circle") -> Codes:
    """Score ``codes`` in ``mode``. ``winner`` None: no seats known (not allowed in ``seat``
    mode, whose caller checks that); ``payer`` is the discarder of a discard win; ``origin``
    the seat ``seat`` mode counts from (None: the winner; other modes ignore it);
    ``players`` and ``convention`` (``code_seats``) the room's."""
    if mode == "seat":
        if winner is None:
            if codes:
                raise ValueError("seat mode needs the winner's seat")
            return Codes((), None, (0,) * players)
        return _seat_codes(codes, code_value, win_type, winner, payer,
                           winner if origin is None else origin, players, convention)
    if mode == "one_code_all":
        value = sum(one_code_value(t) for t in codes) * code_value
        answers = tuple(BirdHit(T.code(t), None, True) for t in codes)
        hit_count = len(codes)
    else:
        answers = tuple(BirdHit(T.code(t), None, is_159z_hit(t)) for t in codes)
        hit_count = sum(1 for a in answers if a.hit)
        value = hit_count * code_value
    hits = None
    if winner is not None:
        per_seat = [0] * players
        per_seat[winner] = hit_count
        hits = tuple(per_seat)
    return Codes(answers, hits, (value,) * players)


def _seat_codes(codes: Sequence[Tile], code_value: int, win_type: WinType, winner: int,
                payer: int | None, origin: int, players: int, convention: str) -> Codes:
    scoring = {winner} | payers_of(win_type, winner, payer, players)
    answers = []
    per_seat = [0] * players
    for t in codes:
        seat = S.rank_seat(seat_rank(t), origin, players, convention)
        if seat is None:
            answers.append(BirdHit(T.code(t), NULL, False))
            continue
        hit = seat in scoring
        if hit:
            per_seat[seat] += 1
        answers.append(BirdHit(T.code(t), seat, hit))
    bonus = tuple([(per_seat[winner] + per_seat[s]) * code_value if s != winner else 0
                   for s in range(players)])
    return Codes(tuple(answers), tuple(per_seat), bonus)


def win_payments(fan: int, win_type: WinType, winner: int, payer: int | None,
                 zimo_unit: int, discard_unit: int, bonus: Sequence[int]) -> Payments:
    """Per-seat deltas of a win, zero-sum, one per seat of the room (``bonus`` has one
    entry a seat).

    Self-draw: each other seat pays ``zimo_unit·2^fan`` plus its code bonus; discard: the
    discarder pays ``discard_unit·2^fan`` plus his; rob-kong: the konger (``payer``) pays
    the *P* − 1 self-draw shares, each with its code bonus (抢杠全包).
    """
    value = 2**fan
    players = len(bonus)
    if win_type is WinType.DISCARD:
        if payer is None:
            raise ValueError("a discard win needs the discarder")
        return S.deltas(winner, [(payer, discard_unit * value + bonus[payer])], players)
    shares = [(seat, zimo_unit * value + bonus[seat]) for seat in S.after(winner, players)]
    if win_type is WinType.SELF_DRAW:
        return S.deltas(winner, shares, players)
    if payer is None:
        raise ValueError("a rob-kong win needs the konger")
    return S.deltas(winner, [(payer, sum(amount for _, amount in shares))], players)


KONG_UNITS: Final = {KongType.EXPOSED: 3, KongType.ADDED: 1, KongType.CONCEALED: 2}


def kong_payments(kind: KongType, konger: int, discarder: int | None,
                  players: int = S.FULL_TABLE) -> Payments:
    """Kong payments (§4.3): exposed from a discard 3 from the discarder, whatever the room
    (rooms.md assumption 13); added 1 from each other player; concealed 2 from each."""
    unit = KONG_UNITS[kind]
    if kind is KongType.EXPOSED:
        if discarder is None:
            raise ValueError("an exposed kong needs the discarder")
        return S.deltas(konger, [(discarder, unit)], players)
    return S.deltas(konger, [(seat, unit) for seat in S.kong_payers(konger, players=players)],
                    players)
