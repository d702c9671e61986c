"""Stage 3 of the record's validation (settle-nanchang.md §3.9.8): each hand, and the copies.

Every opening hand is checked at 14 tiles for the dealer and 13 for the others, every winner
hand as a ``fan`` hand (13 + ``win_tile``), every end hand at 13 — on a 荒庄 the first end hand
(in seat order) may hold 14: it drew the last tile (settled reading 7). Pointers are ``fan``'s
moved under the record (a meld's problem at ``…/melds/N/tiles``, settled reading 5).

Then no kind may have more than four copies over the table's final tiles and the 下精
turned at the end, counted in document order — the events (four per kong of a seat with no
final tiles in the record: no ``end`` and not the winner; the winner's hand, melds and win
tile from the win that ends the hand, settled reading 2), the end hands 0 … *P* − 1 (hand,
melds, discards), ``end.xia_jing`` — and ``too_many_copies`` names where a kind first passes
four. The dealt hands are counted on their own; ``shang_jing`` and the opening indicators are
not counted (they may be drawn later, assumption 8).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine import tiles as T
from engine.errors import Problem
from engine.hand import Hand, HandRules, check_hand
from engine.plumbing import plainly_valid
from engine.settle.hands import Share, copies_problems
from engine.tiles import Tile
from engine.variants.nanchang.settle.record import Kong, Record, RecordMeld, Win


def _checked(hand: Hand, rules: HandRules, size: int, needs_win_tile: bool, prefix: str,
             hand_pointer: str) -> list[Problem]:
    """`check_hand` of one record hand, its pointers under ``prefix`` (``#/hand`` at
    ``hand_pointer``, ``#/win_tile`` at the event's)."""
    if plainly_valid(hand, rules, size=size, needs_win_tile=needs_win_tile):
        return []
    win_pointer = prefix.rsplit("/winners/", 1)[0] + "/win_tile"
    out = []
    for p in check_hand(hand, rules, size=size, needs_win_tile=needs_win_tile):
        pointer = (hand_pointer if p.pointer == "#/hand" else
                   win_pointer if p.pointer == "#/win_tile" else prefix + p.pointer[1:])
        out.append(Problem(p.code, pointer, p.detail))
    return out


def hand_problems(record: Record, rules: HandRules) -> list[Problem]:
    """Every stage-3 problem, in document order."""
    problems: list[Problem] = []
    if record.opening is not None:
        for seat, tiles in enumerate(record.opening.hands):
            here = f"#/record/opening/hands/{seat}"
            problems += _checked(Hand(tiles), rules, 14 if seat == record.dealer else 13,
                                 False, here, here)
    for i, event in enumerate(record.events):
        if isinstance(event, Win):
            for w in sorted(event.winners, key=lambda w: w.position):
                prefix = f"#/record/events/{i}/winners/{w.position}"
                problems += _checked(w.hand, rules, 13, True, prefix, f"{prefix}/hand")
    if record.end is not None:
        fourteen = record.first_win() is None  # a 荒庄: one end hand may hold 14
        for seat, entry in enumerate(record.end.hands):
            if entry.hand is None:
                continue
            size = 13
            if fourteen and entry.hand.size == 14:
                size, fourteen = 14, False
            prefix = f"#/record/end/hands/{seat}"
            problems += _checked(entry.hand, rules, size, False, prefix, f"{prefix}/hand")
    if problems:
        return problems
    return _opening_copies(record) + copies_problems(_table(record), "the table's final tiles "
                                                     "and the 下精 turned")


def _opening_copies(record: Record) -> list[Problem]:
    if record.opening is None:
        return []
    return copies_problems(
        (Share((seat, 0), f"#/record/opening/hands/{seat}", T.counts(tiles))
         for seat, tiles in enumerate(record.opening.hands)), "the dealt hands")


def _one(tile: Tile, n: int = 1) -> list[int]:
    counts = [0] * T.KIND_COUNT
    counts[tile] = n
    return counts


def _melds(melds: Sequence[RecordMeld], prefix: str) -> Iterator[tuple[str, list[int]]]:
    for n, m in enumerate(melds):
        yield f"{prefix}/melds/{n}", T.counts(m.meld.tiles)


def _table(record: Record) -> list[Share]:
    """The shares of the table count, in document order."""
    parts: list[tuple[str, list[int]]] = []
    first = record.first_win()
    winners = {w.seat for w in first[1].winners} if first is not None else set()
    for i, event in enumerate(record.events):
        here = f"#/record/events/{i}"
        if isinstance(event, Kong) and record.end is None and event.seat not in winners:
            parts.append((f"{here}/kong/tile", _one(event.tile, T.COPIES)))
        elif isinstance(event, Win) and first is not None and i == first[0]:
            for w in sorted(event.winners, key=lambda w: w.position):
                prefix = f"{here}/winners/{w.position}"
                parts.append((f"{prefix}/hand", T.counts(w.hand.concealed)))
                parts += _melds(w.melds, prefix)
            parts.append((f"{here}/win_tile", _one(event.win_tile)))
    if record.end is not None:
        for seat, entry in enumerate(record.end.hands):
            prefix = f"#/record/end/hands/{seat}"
            if entry.hand is not None:
                parts.append((f"{prefix}/hand", T.counts(entry.hand.concealed)))
                parts += _melds(entry.melds, prefix)
            parts.append((f"{prefix}/discards", T.counts(entry.discards)))
        parts += [(f"#/record/end/xia_jing/{k}", _one(tile))
                  for k, tile in enumerate(record.end.xia_jing)]
    return [Share((n, 0), pointer, counts) for n, (pointer, counts) in enumerate(parts)]
