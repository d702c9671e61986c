"""A slow, literal reading of rules/rooms.md's seats (§0.9.3, §0.9.5): who pays, and where a
rank points — written from the spec's tables alone, imports nothing from ``engine``.

* `RANK_TABLE` is §0.9.5's table as printed (rank → seat name per room and convention).
* `payers` is §0.9.3's "who pays" column: each other seat (in ``active``) on a self-draw, the
  discarder on a discard, the konger on a robbed kong; `kong_owed` its "kongs" column.
"""

from __future__ import annotations

from collections.abc import Sequence

RANK_TABLE = {
    # rank: (4 both, 3 circle, 3 modulo, 2 circle, 2 modulo)
    1: ("origin", "origin", "origin", "origin", "origin"),
    2: ("next", "next", "next", None, "other"),
    3: ("opposite", None, "previous", "other", "origin"),
    4: ("previous", "previous", "origin", None, "other"),
    5: ("origin", "origin", "next", "origin", "origin"),
    6: ("next", "next", "previous", None, "other"),
    7: ("opposite", None, "origin", "other", "origin"),
    8: ("previous", "previous", "next", None, "other"),
    9: ("origin", "origin", "previous", "origin", "origin"),
}
"""rooms.md §0.9.5, row by row; None is "— (miss)"."""


def seat_named(name: str, origin: int, players: int) -> int:
    """下家 is the next seat, 上家 the previous, 对家 two on (four players only), "the other"
    the one other seat of two."""
    step = {"origin": 0, "next": 1, "previous": -1, "opposite": 2, "other": 1}[name]
    return (origin + step) % players


def rank_seat(rank: int, origin: int, players: int, convention: str) -> int | None:
    """The seat a rank 1–9 points at (None: a miss), looked up in the spec's table."""
    column = {(4, "circle"): 0, (4, "modulo"): 0, (3, "circle"): 1, (3, "modulo"): 2,
              (2, "circle"): 3, (2, "modulo"): 4}[players, convention]
    name = RANK_TABLE[rank][column]
    return None if name is None else seat_named(name, origin, players)


def payers(win_type: str, winner: int, players: int, *, discarder: int | None = None,
           konger: int | None = None, active: Sequence[int] | None = None) -> list[int]:
    """Who pays a win (§0.9.3): each other seat (those in ``active``) on a self-draw, in turn
    order after the winner; the discarder; the robbed konger."""
    if win_type == "discard":
        assert discarder is not None
        return [discarder]
    if win_type == "rob_kong":
        assert konger is not None
        return [konger]
    others = [(winner + step) % players for step in range(1, players)]
    return [s for s in others if active is None or s in active]


def deltas(winner: int, owed: Sequence[tuple[int, int]], players: int) -> list[int]:
    """Per-seat sums of (payer, amount) rows paid to ``winner``."""
    out = [0] * players
    for seat, amount in owed:
        out[seat] -= amount
        out[winner] += amount
    return out


KONG_SHARES: dict[str, dict[str, tuple[int | str | None, int | str]]] = {
    # variant: {kong type: (an exposed kong's discarder's share, or None: as every other seat;
    # each other seat's share)} — rooms.md §0.9.3's "kongs" column; 四川's exposed shares are
    # the options of settle.md §1.6.2, and its amounts × base_points
    "sichuan": {"exposed": ("zhi_gang_discarder", "zhi_gang_others"), "added": (None, 1),
                "concealed": (None, 2)},
    "hongzhong": {"exposed": (3, 0), "added": (None, 1), "concealed": (None, 2)},
    "nanchang": {"exposed": (None, 1), "added": (None, 1), "concealed": (None, 2)},
}


def kong_owed(variant: str, kind: str, konger: int, players: int, *,
              discarder: int | None = None, active: Sequence[int] | None = None,
              options: dict[str, int] | None = None) -> list[tuple[int, int]]:
    """(payer, amount) rows of a kong (§0.9.3), in turn order after the konger: each other
    seat of the room (those in ``active`` when it is sent) pays its share, an exposed kong's
    discarder his own where the variant gives him one."""
    options = options or {}
    first, rest = KONG_SHARES[variant][kind]
    unit = options.get("base_points", 1) if variant == "sichuan" else 1
    rows = []
    for seat in [(konger + step) % players for step in range(1, players)]:
        if active is not None and seat not in active:
            continue
        share = first if seat == discarder and first is not None else rest
        amount = options[share] if isinstance(share, str) else share
        if amount:
            rows.append((seat, amount * unit))
    return rows
