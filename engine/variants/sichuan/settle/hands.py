"""Stage 3 of the record's validation (settle.md §1.6.7): each hand, and the table's count.

Every winner hand is checked as a ``fan`` hand (13 + ``win_tile``), every end hand as a
``waits`` hand (13), by the shared `check_hand`, its pointers moved under the record. Then
no kind may have more than four copies over all seats' *final tiles*: a seat's last hand in
the record (its end hand, else its last winning hand with its win tile) with, for each kong
event of it after that hand, that kind brought to four (settled reading 1; a seat with no
hand counts four per kong). One tile won by several seats at once counts once. The fifth
copy is reported where it appears, in document order.
"""

from __future__ import annotations

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import Hand, check_hand
from engine.variants.sichuan.settle.pricing import RULES, plainly_valid
from engine.variants.sichuan.settle.record import Kong, Record, Win


def _moved(problems: list[Problem], prefix: str, win_pointer: str) -> list[Problem]:
    """`check_hand`'s pointers (``#/hand``, ``#/melds/N/…``) under ``prefix``; a meld's
    problem points at the meld (settled reading 3)."""
    out = []
    for p in problems:
        pointer = p.pointer
        if pointer.startswith("#/melds/"):
            pointer = prefix + "/melds/" + pointer.split("/")[2]
        elif pointer == "#/win_tile":
            pointer = win_pointer
        else:
            pointer = prefix + pointer[1:]
        out.append(Problem(p.code, pointer, p.detail))
    return out


def hand_problems(record: Record) -> list[Problem]:
    """Every stage-3 problem, in document order."""
    problems: list[Problem] = []
    for i, event in enumerate(record.events):
        if isinstance(event, Win):
            for w in sorted(event.winners, key=lambda w: w.position):
                if plainly_valid(w.hand, (), 13, True):
                    continue  # the variant's fast yes: check_hand would find nothing
                prefix = f"#/record/events/{i}/winners/{w.position}"
                problems += _moved(check_hand(w.hand, RULES, size=13, needs_win_tile=True),
                                   prefix, f"#/record/events/{i}/win_tile")
    for seat, hand in enumerate(record.end or ()):
        if hand is not None and not plainly_valid(hand, (), 13, False):
            prefix = f"#/record/end/hands/{seat}"
            problems += _moved(check_hand(hand, RULES, size=13, needs_win_tile=False),
                               prefix, prefix)
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
    shares: list[tuple[tuple[int, int], str, list[int]]] = []
    shared_win_tiles: set[int] = set()
    for position, pointer, hand, index in last.values():
        counts = T.counts((*hand.concealed, *(t for m in hand.melds for t in m.tiles)))
        if hand.win_tile is not None and index not in shared_win_tiles:
            shared_win_tiles.add(index)  # one tile won by several seats counts once
            counts[hand.win_tile] += 1
        shares.append((position, pointer, counts))
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
            shares.append(((i, 0), f"#/record/events/{i}/kong/tile", counts))
    shares.sort(key=lambda s: s[0])
    total = [0] * T.KIND_COUNT
    problems = []
    for _, pointer, counts in shares:
        for kind, n in enumerate(counts):
            if n and total[kind] <= 4 < total[kind] + n:
                problems.append(Problem(Code.TOO_MANY_COPIES, pointer, f"{total[kind] + n} "
                                        f"copies of {T.code(kind)} over the table's final tiles "
                                        "(each seat's last hand and later kongs); there are "
                                        "only 4"))
            total[kind] += n
    return problems
