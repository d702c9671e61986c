"""长沙 birds (扎鸟, RULES §2.5) and the traditional payments they change (§2.4).

A bird's rank points to a seat counted from an origin: 1/5/9 the origin itself, 2/6 the next
player, 3/7 the opposite one, 4/8 the previous one — i.e. an offset of (rank − 1) mod 4.
With 2 or 3 players the room's ``bird_seats`` says how (`engine.seats.rank_seat`: a rank on
an empty chair misses, ``seat: null``, under ``"circle"``; (origin + rank − 1) mod *P* under
``"modulo"``).
The seats a bird points to are its "hits". For winner w and payer p, with *B* the base,
*h* = hits(w) + hits(p) and *Z* the 庄闲分, the payer pays PAY(*B*, *Z*, *h*)
(settle-changsha.md §2.9.4, the one pricing ``fan``, ``birds`` and ``settle`` share):

    bird_mode           zhuang_xian_in_birds false   true
    add, 159_only       B × (1 + h) + Z              (B + Z) × (1 + h)
    double              B × 2^h + Z                  (B + Z) × 2^h
    plus_hits           B + Z + h                    B + Z + h

where *Z* is 0 unless ``zhuang_xian`` is on and the dealer is w or p, then 1
(``zhuang_xian_value: "one"``) or max(1, units) (``"units"``). In ``159_only`` every bird of
rank 1/5/9 is a hit on the winner and the others count nothing.

On the wire (§0.7) each bird shows its tile, the seat it points to and whether it hit:
traditionally, whether it points to a seat that takes part in the payment (the winner or a
payer; a bird on a seat that pays nothing is void); in ``159_only`` a counted bird's seat is
the winner and an uncounted one has no seat. ``bird_hits`` counts the birds per seat — the
hits(s) of the formula. The seed profile's birds (§2.7) count from the dealer; a bird hits
when it points to the winner, and its fan is scored in `seed_bird_fan`.

On a win with ``last_tile`` (海底) the wall is empty and the birds repeat the 海底 tile: such
birds are that tile shown again, so they count toward no four-copies check (§2.5).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from engine import seats as S
from engine import tiles as T
from engine.errors import Code, Problem, invalid_field, invalid_tile
from engine.options import Options
from engine.results import NULL, BirdHit
from engine.tiles import Tile
from engine.variants.changsha.shapes import KINDS

MAX_BIRDS: Final = 16
"""More birds than any table turns; it also keeps ``double`` payments far below 2^53."""

Seats4 = tuple[int, ...]
"""One entry per seat of the room (four by default)."""


@dataclass(frozen=True)
class Birds:
    """The scored birds: each one's tile, seat and hit, and the hits per seat."""

    birds: tuple[BirdHit, ...]
    hits: Seats4


def bird_seat(tile: Tile, origin: int, players: int = S.FULL_TABLE,
              convention: str = "circle") -> int | None:
    """The seat a bird points to, counted from the origin in turn order (None: an empty
    chair).

    >>> [bird_seat(T.from_code(c), 0) for c in ("1m", "2p", "7s", "8m", "9p")]
    [0, 1, 2, 3, 0]
    """
    return S.rank_seat(T.rank(tile), origin, players, convention)


def seat_of_rank(rank: int, origin: int, players: int = S.FULL_TABLE,
                 convention: str = "circle") -> int | None:
    """The seat a bird or a die (settle-changsha.md §2.9.2) of ``rank`` points to, by the
    room's ``bird_seats`` (reconciled.md §1; None: an empty chair)."""
    return S.rank_seat(rank, origin, players, convention)


def traditional_birds(birds: Sequence[Tile], mode: str, origin: int, winner: int,
                      payers: Collection[int], players: int = S.FULL_TABLE,
                      convention: str = "circle") -> Birds:
    """Seats and hits of the traditional profile for ``bird_mode`` ``mode``."""
    hits = [0] * players
    out = []
    for tile in birds:
        if mode == "159_only":
            counted = T.rank(tile) in (1, 5, 9)
            if counted:
                hits[winner] += 1
            out.append(BirdHit(T.code(tile), winner if counted else None, counted))
            continue
        seat = bird_seat(tile, origin, players, convention)
        if seat is None:
            out.append(BirdHit(T.code(tile), NULL, False))
            continue
        hits[seat] += 1
        out.append(BirdHit(T.code(tile), seat, seat == winner or seat in payers))
    return Birds(tuple(out), tuple(hits))


def zhuang_xian_points(units: int, options: Options) -> int:
    """The 庄闲分 of a payment the dealer makes or receives: 1, or max(1, units) under
    ``zhuang_xian_value: "units"`` (a 小胡 has 0 units)."""
    return max(1, units) if options["zhuang_xian_value"] == "units" else 1


def pay(base: int, zhuang_xian: int, hits: int, options: Options) -> int:
    """PAY(*B*, *Z*, *h*): what one payer pays the winner, by ``bird_mode`` and
    ``zhuang_xian_in_birds`` (the table above). With no hit it is *B* + *Z* in every mode.

    >>> o = {"bird_mode": "add", "zhuang_xian_in_birds": False}
    >>> pay(12, 1, 1, o), pay(12, 1, 1, {**o, "zhuang_xian_in_birds": True})
    (25, 26)
    >>> pay(6, 1, 2, {**o, "bird_mode": "double"}), pay(6, 1, 2, {**o, "bird_mode": "plus_hits"})
    (25, 9)
    """
    mode = options["bird_mode"]
    if mode == "plus_hits":
        return base + zhuang_xian + hits
    factor = 1 << hits if mode == "double" else 1 + hits
    if options["zhuang_xian_in_birds"]:
        return (base + zhuang_xian) * factor
    return base * factor + zhuang_xian


def payments(base: int, units: int, winner: int, payers: Sequence[int], *, hits: Seats4,
             dealer: int | None, options: Options) -> Seats4:
    """Per-seat deltas, zero-sum: each payer pays the winner PAY(base, 庄闲分, hits(w) +
    hits(p)) — ``units`` are the win's 大胡 units, read by ``zhuang_xian_value``."""
    points = zhuang_xian_points(units, options) if options["zhuang_xian"] else 0
    return S.deltas(winner, [
        (payer, pay(base, points if dealer in (winner, payer) else 0,
                    hits[winner] + hits[payer], options)) for payer in payers], len(hits))


def seed_birds(birds: Sequence[Tile], dealer: int, winner: int, players: int = S.FULL_TABLE,
               convention: str = "circle") -> Birds:
    """The seed profile's birds: seats counted from the dealer; a hit points to the winner
    (a bird on an empty chair counts for no seat, settled reading 6)."""
    hits = [0] * players
    out = []
    for tile in birds:
        seat = bird_seat(tile, dealer, players, convention)
        if seat is None:
            out.append(BirdHit(T.code(tile), NULL, False))
            continue
        hits[seat] += 1
        out.append(BirdHit(T.code(tile), seat, seat == winner))
    return Birds(tuple(out), tuple(hits))


def seed_bird_fan(birds: Sequence[Tile], scored: Birds, winner_tiles: Sequence[Tile]) -> int:
    """RULES §2.7: each bird +1 fan when its suit occurs among ``winner_tiles`` — the
    winner's concealed tiles and the win tile, not his declared melds (the seed's
    ``CalculateBirdBonus`` looks at the hand only) — and +1 when it points to his seat."""
    suits = {T.suit(t) for t in winner_tiles}
    return sum((T.suit(tile) in suits) + bird.hit for tile, bird in zip(birds, scored.birds,
                                                                        strict=True))


def bird_problems(birds: Sequence[Tile], own: Sequence[Tile], visible: Sequence[Tile],
                  repeated: Tile | None = None) -> list[Problem]:
    """Birds that cannot have been turned: outside the 108 tiles, too many, or more copies
    of a kind than the wall can still hold beside the player's and the visible tiles.
    ``repeated``: the 海底 tile of a ``last_tile`` win, which the birds may repeat without
    being more tiles (they are not counted)."""
    problems = []
    bad = sorted({t for t in birds if t not in KINDS})
    if bad:
        problems.append(invalid_tile("#/context/birds",
                                     f"{', '.join(T.codes(bad))} not in the 108-tile set of "
                                     "this variant (no honors)"))
    if len(birds) > MAX_BIRDS:
        problems.append(invalid_field("#/context/birds",
                                      f"at most {MAX_BIRDS} birds can be scored; got "
                                      f"{len(birds)}"))
    turned = T.counts(t for t in birds if t != repeated)
    mine, seen = T.counts(own), T.counts(visible)
    for kind in range(T.KIND_COUNT):
        if turned[kind] and turned[kind] + mine[kind] + seen[kind] > T.COPIES:
            problems.append(Problem(
                Code.TOO_MANY_COPIES, "#/context/birds",
                f"{turned[kind] + mine[kind] + seen[kind]} copies of {T.code(kind)} (birds "
                f"{turned[kind]}, player {mine[kind]}, visible {seen[kind]}); there are only 4"))
    return problems

