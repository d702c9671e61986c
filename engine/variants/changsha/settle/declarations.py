"""起手小胡 money (settle-changsha.md §2.9.2): each declaration paid at once by the other seats.

For a declaration of *k* patterns by *d*: *n* = *k* (``qishou_value: "per_pattern"``) or 1
(``"once"``), *b* = *n* × ``xiao_hu_self_draw``, and each payer *q* pays *b* + *z*, *z* = *n*
when ``zhuang_xian`` is on and the dealer is *d* or *q*. With birds (``qishou_birds``) the
payment becomes PAY(*b*, *z*, *h*) — the win payment's table — and the rise is a
``qishou_bird`` row: at once from the declaration's two dice (``"dice"``), or at the win
event from its first win's bird hits (``"win_birds"``). 飘 never applies here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.options import Options
from engine.results import Pattern
from engine.seats import after
from engine.settle.rows import Transfer
from engine.variants.changsha import birds as B
from engine.variants.changsha.qishou import qishou_base, qishou_count, qishou_patterns
from engine.variants.changsha.settle.record import Qishou


@dataclass(frozen=True)
class Declaration:
    """A declaration as it pays: its event, declarer, patterns, base and each payer's
    庄闲分 (payers in turn order after the declarer)."""

    event: int
    seat: int
    patterns: tuple[Pattern, ...]
    base: int
    zhuang_xian: tuple[tuple[int, int], ...]
    """(payer, z)."""


def found_patterns(event: Qishou) -> tuple[Pattern, ...]:
    """The patterns the dealt hand has (the ``qishou`` operation's)."""
    return qishou_patterns(event.hand)


def declaration(i: int, event: Qishou, dealer: int, o: Options, players: int) -> Declaration:
    """The declared patterns (all that the hand has when none are named), in §2.6 table
    order (settled reading 7), and what each payer owes before birds."""
    found = found_patterns(event)
    named = found if event.patterns is None else tuple(
        p for p in found if p.id in event.patterns)
    n = qishou_count(len(named), o)
    return Declaration(i, event.seat, named, qishou_base(len(named), o), tuple(
        (q, n if o["zhuang_xian"] and dealer in (event.seat, q) else 0)
        for q in after(event.seat, players)))


def dice_hits(event: Qishou, dealer: int, o: Options, players: int) -> tuple[int, ...]:
    """*H*: the dice pointing to each seat — a die is a bird whose rank is its value,
    counted from the dealer (``bird_origin: "dealer"``) or the declarer; under ``159_only``
    a die of 1 or 5 is a hit on the declarer and the others count nothing."""
    hits = [0] * players
    origin = dealer if o["bird_origin"] == "dealer" else event.seat
    for die in event.dice or ():
        if o["bird_mode"] == "159_only":
            if die in (1, 5):
                hits[event.seat] += 1
        else:
            seat = B.seat_of_rank(die, origin, players, o["bird_seats"])
            if seat is not None:  # (a die on an empty chair counts for nobody)
                hits[seat] += 1
    return tuple(hits)


def paid_rows(d: Declaration) -> list[Transfer]:
    """The declaration's ``qishou`` rows, *b* + *z* from each payer."""
    return [Transfer("qishou", d.event, from_=q, to=d.seat, amount=d.base + z)
            for q, z in d.zhuang_xian if d.base + z]


def bird_rows(event: int, d: Declaration, hits: Sequence[int], o: Options) -> list[Transfer]:
    """The rise to PAY(*b*, *z*, *h*), *h* = *H*[*d*] + *H*[*q*], as ``qishou_bird`` rows of
    ``event`` (the declaration under ``"dice"``, the win event under ``"win_birds"``)."""
    rows = []
    for q, z in d.zhuang_xian:
        rise = B.pay(d.base, z, hits[d.seat] + hits[q], o) - (d.base + z)
        if rise > 0:
            rows.append(Transfer("qishou_bird", event, from_=q, to=d.seat, amount=rise))
    return rows
