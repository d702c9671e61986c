"""南昌 request checks beyond the shared hand rules: 精, seats, the settlement's holdings.

Each function returns every problem it finds (a JSON pointer and words a caller can act
on), so that an operation can raise them together with the hand's own problems.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import seats as S
from engine import tiles as T
from engine.errors import Problem, invalid_field, invalid_tile, missing_field
from engine.hand import Context, WinType
from engine.tiles import Tile
from engine.variants.nanchang.facts import Jing, NanchangFacts

MAX_PLAYERS = S.FULL_TABLE


def tile_in_set(tile: Tile | None, kinds: frozenset[Tile], tile_set: str,
                pointer: str) -> list[Problem]:
    if tile is None or tile in kinds:
        return []
    return [invalid_tile(pointer, f"{T.code(tile)} is not in the {tile_set}-tile set of this "
                                  "variant (tile_set option)")]


def jing_problems(jing: Jing | None, kinds: frozenset[Tile], tile_set: str) -> list[Problem]:
    """``context.jing`` (``jing``: its value, read by the caller) is required and both kinds
    must be in the tile set."""
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


def payment_problems(context: Context, win_type: WinType, dealer_double: bool,
                     players: int = S.FULL_TABLE) -> list[Problem]:
    """What the payments of a win need from ``context.seats`` (only when seats are given):
    `engine.seats`' reading, with the dealer needed under ``dealer_double`` (the dealer pays
    and receives double)."""
    if context.seats is None:
        return []
    return S.range_problems(context, players) or S.win_problems(
        context, win_type, active=S.active_seats(context, players), need_dealer=dealer_double)


def holdings_problems(context: Context, players: int | None = None) -> list[Problem]:
    """One entry per player — ``players`` of them when the room says, else 2–4 — each
    holding 0–4 of each 精 kind, at most 4 of a kind in all."""
    holdings = NanchangFacts.of(context).holdings
    if holdings is None:
        return [missing_field("#/context/holdings",
                              'context.holdings is required: one {"zheng", "fu"} count per '
                              "player, in seat order")]
    problems = []
    if players is not None and len(holdings) != players:
        problems.append(invalid_field("#/context/holdings",
                                      f"holdings has one entry per player ({players} in this "
                                      f"room); got {len(holdings)}"))
    elif not 2 <= len(holdings) <= MAX_PLAYERS:
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
