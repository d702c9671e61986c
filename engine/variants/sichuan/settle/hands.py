"""Stage 3 of the record's validation (settle.md §1.6.7): each hand, and the table's count.

Every winner hand is checked as a ``fan`` hand (*n* + ``win_tile``), every end hand as a
``waits`` hand (*n*: the room's ``hand_size``, 13 by default), in the room's tile set, by the
shared `check_hand`, its pointers moved under the record. Then
no kind may have more than four copies over all seats' *final tiles*: a seat's last hand in
the record (its end hand, else its last winning hand with its win tile) with, for each kong
event of it after that hand, that kind brought to four (settled reading 1; a seat with no
hand counts four per kong). One tile won by several seats at once counts once. The fifth
copy is reported where it appears, in document order. The hand check and the count are
`engine.settle.hands`'; this module says which hands and which shares 四川 counts.
"""

from __future__ import annotations

from engine import tiles as T
from engine.errors import Problem
from engine.hand import Hand, HandRules
from engine.settle.hands import Share, copies_problems
from engine.settle.hands import hand_problems as checked
from engine.variants.sichuan.settle.pricing import HAND_RULES
from engine.variants.sichuan.settle.record import Kong, Record, Win


def hand_problems(record: Record, rules: HandRules = HAND_RULES, size: int = 13) -> list[Problem]:
    """Every stage-3 problem, in document order (``rules``, ``size``: the room's)."""
    problems: list[Problem] = []
    for i, event in enumerate(record.events):
        if isinstance(event, Win):
            for w in sorted(event.winners, key=lambda w: w.position):
                problems += checked(w.hand, rules, size=size, needs_win_tile=True,
                                    prefix=f"#/record/events/{i}/winners/{w.position}",
                                    win_pointer=f"#/record/events/{i}/win_tile")
    for seat, hand in enumerate(record.end or ()):
        if hand is not None:
            prefix = f"#/record/end/hands/{seat}"
            problems += checked(hand, rules, size=size, needs_win_tile=False, prefix=prefix,
                                win_pointer=prefix)
    if problems:
        return problems
    return _table_problems(record)


def _table_problems(record: Record) -> list[Problem]:
    # each seat's last hand: (document position, pointer, hand, event index)
    last: dict[int, tuple[tuple[int, int], str, Hand, int]] = {}
    for i, event in enumerate(record.events):
        if isinstance(event, Win):
            for w in event.winners:
                last[w.seat] = ((i, w.position), f"#/record/events/{i}/winners/{w.position}/hand",
                                w.hand, i)
    for seat, hand in enumerate(record.end or ()):
        if hand is not None:
            last[seat] = ((len(record.events), seat), f"#/record/end/hands/{seat}/hand", hand,
                          len(record.events))
    shares: list[Share] = []
    shared_win_tiles: set[int] = set()
    for position, pointer, hand, index in last.values():
        counts = T.counts((*hand.concealed, *(t for m in hand.melds for t in m.tiles)))
        if hand.win_tile is not None and index not in shared_win_tiles:
            shared_win_tiles.add(index)  # one tile won by several seats counts once
            counts[hand.win_tile] += 1
        shares.append(Share(position, pointer, counts))
    for i, event in enumerate(record.events):
        if isinstance(event, Kong):
            seat_last = last.get(event.seat)
            if seat_last is not None and seat_last[3] >= i:
                continue
            held = 0
            if seat_last is not None:
                hand = seat_last[2]
                held = sum(t == event.tile for t in (*hand.concealed_with_win,
                                                     *(t for m in hand.melds for t in m.tiles)))
            counts = [0] * T.KIND_COUNT
            counts[event.tile] = max(0, 4 - held)
            shares.append(Share((i, 0), f"#/record/events/{i}/kong/tile", counts))
    return copies_problems(shares, "the table's final tiles (each seat's last hand and later "
                           "kongs)")
