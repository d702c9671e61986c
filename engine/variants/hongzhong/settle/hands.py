"""Stage 3 of the record's validation (settle-hongzhong.md §4.5.6): each winner's hand, and
the table count.

Every winner hand is checked as a ``fan`` hand (13 + ``win_tile``) by the shared
`check_hand`, its pointers moved under the record. Then no kind may have more than four
copies over what the record shows of its first win event and before, counted in this order
(`Share` positions): four tiles per kong event of a seat that is not one of that event's
winners (their kongs are in their hands); three of the robbed kind for the robbed konger of
a rob-kong win (his pong, or the three he held for an exposed kong: settled reading 1 puts a
fifth copy from them at ``…/win_tile``); the win tile, once; each winner's hand and melds in
the listed order (a fifth copy at ``…/winners/J/hand``, settled reading 2); the codes.
"""

from __future__ import annotations

from engine import tiles as T
from engine.errors import Problem
from engine.hand import HandRules, WinType
from engine.settle.hands import Share, copies_problems
from engine.settle.hands import hand_problems as checked
from engine.variants.hongzhong.settle.record import Kong, Record, Win


def hand_problems(record: Record, rules: HandRules) -> list[Problem]:
    """Every stage-3 problem, in document order."""
    problems: list[Problem] = []
    for i, event in enumerate(record.events):
        if isinstance(event, Win):
            for w in sorted(event.winners, key=lambda w: w.position):
                problems += checked(w.hand, rules, size=13, needs_win_tile=True,
                                    prefix=f"#/record/events/{i}/winners/{w.position}",
                                    win_pointer=f"#/record/events/{i}/win_tile")
    return problems or _table_problems(record)


def _one(tile: int, n: int) -> list[int]:
    counts = [0] * T.KIND_COUNT
    counts[tile] = n
    return counts


def _table_problems(record: Record) -> list[Problem]:
    first = next((i for i, e in enumerate(record.events) if isinstance(e, Win)), None)
    upto = record.events if first is None else record.events[:first + 1]
    win = None if first is None else record.events[first]
    winners = set() if not isinstance(win, Win) else {w.seat for w in win.winners}
    shares = [Share((0, i), f"#/record/events/{i}/kong/tile", _one(e.tile, T.COPIES))
              for i, e in enumerate(upto) if isinstance(e, Kong) and e.seat not in winners]
    if isinstance(win, Win):
        here = f"#/record/events/{first}"
        if win.win_type is WinType.ROB_KONG:
            shares.append(Share((1, 0), f"{here}/win_tile", _one(win.win_tile, 3)))
        shares.append(Share((2, 0), f"{here}/win_tile", _one(win.win_tile, 1)))
        for w in sorted(win.winners, key=lambda w: w.position):
            shares.append(Share((3, w.position), f"{here}/winners/{w.position}/hand",
                                T.counts((*w.hand.concealed,
                                          *(t for m in w.hand.melds for t in m.tiles)))))
        shares.append(Share((4, 0), f"{here}/codes", T.counts(win.codes)))
    return copies_problems(shares, "the table (kongs, the robbed kong, the win tile, the "
                           "winners' hands and the codes)")
