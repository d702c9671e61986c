"""Stage 3 of every record's validation: each hand, and the copies over the table
(``invalid-hand``).

Each hand of a record is checked by the shared `engine.hand.check_hand` (a winner's as a
``fan`` hand, an end hand as its file says), its pointers moved under the record
(`moved`). Then no kind may have more than four copies over what the file counts together
(四川: every seat's final tiles; 长沙: the deal, then the end): each part counted is a `Share`
— where it stands in the document, where a fifth copy is reported, its 34 counts — and
`copies_problems` reports the first share that brings a kind over four, in document order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import Hand, HandRules, check_hand
from engine.plumbing import plainly_valid


def moved(problems: Iterable[Problem], prefix: str, win_pointer: str) -> list[Problem]:
    """`check_hand`'s pointers (``#/hand``, ``#/melds/N/…``, ``#/win_tile``) under
    ``prefix``; a meld's problem points at the meld (settle.md settled reading 3), a win
    tile's at ``win_pointer``."""
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


def hand_problems(hand: Hand, rules: HandRules, *, size: int, needs_win_tile: bool,
                  prefix: str, win_pointer: str) -> list[Problem]:
    """`check_hand` of one record hand at its place; a plainly valid hand (the fast yes,
    `engine.plumbing.plainly_valid`) is not checked further."""
    if plainly_valid(hand, rules, size=size, needs_win_tile=needs_win_tile, visible=()):
        return []
    return moved(check_hand(hand, rules, size=size, needs_win_tile=needs_win_tile),
                 prefix, win_pointer)


@dataclass(frozen=True)
class Share:
    """A part of the tiles counted together: its document position (what orders the
    shares), where a fifth copy it brings is reported, and its 34 counts."""

    position: tuple[int, int]
    pointer: str
    counts: Sequence[int]


def copies_problems(shares: Iterable[Share], what: str) -> list[Problem]:
    """``too_many_copies`` at each share that brings a kind above four, in document order;
    ``what`` says what was counted ("the table's final tiles (…)")."""
    total = [0] * T.KIND_COUNT
    problems = []
    for share in sorted(shares, key=lambda s: s.position):
        for kind, n in enumerate(share.counts):
            if n and total[kind] <= T.COPIES < total[kind] + n:
                problems.append(Problem(Code.TOO_MANY_COPIES, share.pointer, f"{total[kind] + n} "
                                        f"copies of {T.code(kind)} over {what}; there are "
                                        f"only {T.COPIES}"))
            total[kind] += n
    return problems
