"""南昌 payments: who pays the winner how much, and what a kong collects (RULES.md §3.6).

Pure arithmetic over seats: the hand evaluation decides ``fan`` and the flat bonus, this module
turns them into per-seat deltas — one per seat of the room (rooms.md §0.9.6) — that always
sum to zero. Seats not in ``active`` neither pay nor receive (API.md ``context.active``); by
default every seat of the room is active.

>>> win_payments(WinPayment(winner=1, dealer=0, win_type="self_draw", fan=1, flat=5))
(-13, 31, -9, -9)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine import seats as S

SEATS: Final = tuple(S.seat_numbers())
KONG_POINTS: Final = {"exposed": 1, "added": 1, "concealed": 2}
END_KONG_POINTS: Final = 2
"""``kong_scoring: "end_of_won_hand"``: any kong that is no 杠精 (NC, GZCG; T1, T3:
明杠暗杠都算2子)."""
JING_KONG_POINTS: Final = 10
"""杠精: a kong of 精 tiles collects 10 from each other player, whatever its type (and under
either ``kong_scoring``)."""


@dataclass(frozen=True)
class WinPayment:
    """The facts a win's payments depend on.

    ``dealer`` None means the dealer is not among the payers' concern (no dealer factor for
    payers; the winner's own factor comes from ``winner_is_dealer``). ``flat`` is the flat
    bonus per payer (德国/德中德 plus ``jing_diao_flat``); ``tian_di_points`` set means 天胡/地胡:
    each other player pays exactly that, nothing else applies.
    """

    winner: int
    win_type: str
    fan: int
    flat: int = 0
    dealer: int | None = None
    discarder: int | None = None
    dealer_double: bool = True
    three_pay: bool = True
    tian_di_points: int | None = None
    active: Sequence[int] = SEATS
    players: int = S.FULL_TABLE


def dealer_factor(p: WinPayment, payer: int) -> int:
    """f(p) of §3.6: 2 when the dealer wins or pays (option ``dealer_double``), else 1."""
    if p.dealer_double and p.dealer is not None and p.dealer in (p.winner, payer):
        return 2
    return 1


def self_draw_share(p: WinPayment, payer: int) -> int:
    """What ``payer`` pays on a self-draw: 2·M·f(payer) + flat."""
    return 2 * (1 << p.fan) * dealer_factor(p, payer) + p.flat


def win_payments(p: WinPayment) -> tuple[int, ...]:
    """Per-seat deltas of a win (zero-sum).

    self-draw: every other player pays his self-draw share. discard: the discarder pays
    2·M·f + flat and, with 三家付, every other player M·f + flat. rob-kong: the robbed konger
    pays the sum of every other player's self-draw share. 天胡/地胡: a flat amount from each.
    """
    m = 1 << p.fan
    others = [s for s in S.after(p.winner, p.players) if s in p.active]
    owed: dict[int, int] = {}
    if p.tian_di_points is not None:
        owed = {s: p.tian_di_points for s in others}
    elif p.win_type == "self_draw":
        owed = {s: self_draw_share(p, s) for s in others}
    elif p.win_type == "rob_kong":
        assert p.discarder is not None, "rob_kong needs the robbed konger"
        owed = {p.discarder: sum(self_draw_share(p, s) for s in others)}
    else:
        assert p.discarder is not None, "a discard needs the discarder"
        owed = {p.discarder: 2 * m * dealer_factor(p, p.discarder) + p.flat}
        if p.three_pay:
            for s in others:
                if s != p.discarder:
                    owed[s] = m * dealer_factor(p, s) + p.flat
    return S.deltas(p.winner, owed.items(), p.players)


def kong_payments(konger: int, kong_type: str, is_jing: bool,
                  active: Sequence[int] = SEATS, *, at_end: bool = False,
                  players: int = S.FULL_TABLE) -> tuple[int, ...]:
    """Per-seat deltas of a kong: paid at once, 1 each (exposed, added), 2 each (concealed);
    ``at_end`` (paid at the end of a won hand), 2 each whatever the type; 10 each for a kong
    of 精 tiles (杠精) either way."""
    points = JING_KONG_POINTS if is_jing else END_KONG_POINTS if at_end else KONG_POINTS[
        kong_type]
    return S.deltas(konger, ((s, points) for s in S.kong_payers(konger, players=players,
                                                                 active=active)), players)
