"""Stage 4 of the record's validation (settle.md §1.6.7): what the events contradict.

`RecordChecks` follows the record event by event — who has left (血战), whether the hand is
over, the kongs each seat made, the melds each seat's hands showed — and lists every
``seat_left``, ``hand_over``, ``not_after_kong``, ``multiple_winners`` and ``meld_mismatch``
at its pointer. It goes on past a problem as if the event were valid, so that one answer
lists them all. (``not_a_win`` needs the price and ``amount_too_large`` the sums: the
settlement adds those.) It moves no money. The kong and meld checks every record shares are
`engine.settle.kongs.KongLedger`'s; 四川 adds 定缺 (no kong of the missing suit), 血战's
``seat_left`` and its ends of the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import Hand, WinType
from engine.room import room_of
from engine.settle.events import not_after_kong
from engine.settle.kongs import KongLedger
from engine.variants.sichuan.settle.record import Event, Kong, Record, Win

_ORDINALS = ("", "first", "second", "third")
"""The winner that ends a 血战 hand: *P* − 1 of them (rooms.md §0.9.4.5)."""


def _problem(code: Code, pointer: str, detail: str) -> Problem:
    return Problem(code, pointer, detail)


class RecordChecks:
    """The record's problems, found as the events are replayed in order."""

    def __init__(self, record: Record, options: Mapping[str, Any]) -> None:
        self.record = record
        self.xue_liu: bool = options["xue_liu"]
        self.yi_pao_duo_xiang: bool = options["yi_pao_duo_xiang"]
        self.meld_missing_suit = bool(options.get("meld_missing_suit", False))
        """claims.md's Sichuan option, when the variant has it (settled reading 8)."""
        self.problems: list[Problem] = []
        self.won_at: dict[int, int] = {}
        """Each seat that has won: the event of its first win."""
        self.over: str | None = None
        """Why the hand is over (then every later event is ``hand_over``), or None."""
        self.third_winner = False
        """The last winner the hand has, *P* − 1 of them (血战: the third of four)."""
        room = room_of(options)
        self.last_winners = room.players - 1
        self.kongs = KongLedger(room.players, room.groups)
        """The kongs so far and the melds each seat's last hand showed."""

    def _add(self, code: Code, pointer: str, detail: str) -> None:
        self.problems.append(_problem(code, pointer, detail))

    def _left(self, seat: int, pointer: str, doing: str) -> None:
        if not self.xue_liu and seat in self.won_at:
            self._add(Code.SEAT_LEFT, pointer, f"seat {seat} won at event {self.won_at[seat]} "
                      f"and left the hand (血战到底); it cannot {doing}")

    def _over(self, i: int) -> None:
        if self.over is not None:
            self._add(Code.HAND_OVER, f"#/record/events/{i}", f"the hand ended {self.over}; "
                      "no event can follow")

    def kong(self, i: int, k: Kong) -> None:
        here = f"#/record/events/{i}"
        self._over(i)
        self._left(k.seat, f"{here}/seat", "kong again")
        if k.from_ is not None:
            self._left(k.from_, f"{here}/from", "discard a tile to kong")
        if k.tile // 9 == self.record.missing_suits[k.seat] and not self.meld_missing_suit:
            self._add(Code.MELD_MISMATCH, f"{here}/kong/tile", f"{T.code(k.tile)} is of seat "
                      f"{k.seat}'s declared missing suit (定缺): it cannot be kong'd")
        self.problems += self.kongs.kong(i, k.seat, k.tile, k.type)

    def win(self, i: int, w: Win, previous: Event | None) -> None:
        here = f"#/record/events/{i}"
        self._over(i)
        if w.from_ is not None:
            doing = "discard into a win" if w.win_type is WinType.DISCARD else "be robbed"
            self._left(w.from_, f"{here}/from", doing)
        for winner in sorted(w.winners, key=lambda x: x.position):
            self._left(winner.seat, f"{here}/winners/{winner.position}/seat", "win again")
        if w.after_kong:
            self.problems += not_after_kong(i, w, previous, Kong)
        if len(w.winners) > 1 and not self.yi_pao_duo_xiang:
            self._add(Code.MULTIPLE_WINNERS, f"{here}/winners", f"{len(w.winners)} winners on "
                      "one tile, but yi_pao_duo_xiang is false (截胡: the nearest seat wins)")
        if w.win_type is WinType.ROB_KONG and w.from_ is not None:
            self.problems += self.kongs.robbed(i, w.from_, w.win_tile)
        for winner in sorted(w.winners, key=lambda x: x.position):
            self.problems += self.kongs.hand(winner.seat, winner.hand,
                                             f"{here}/winners/{winner.position}")
        for winner in w.winners:
            self.won_at.setdefault(winner.seat, i)
        if w.last_tile:
            self.over = f"with the last tile's win at event {i}"
        elif (not self.xue_liu and len(self.won_at) >= self.last_winners
              and self.over is None):
            self.over = f"with the {_ORDINALS[self.last_winners]} win, at event {i}"
            self.third_winner = True

    def end(self, hands: tuple[Hand | None, ...]) -> None:
        if self.third_winner:
            self._add(Code.HAND_OVER, "#/record/end", f"the hand ended {self.over}: there is "
                      f"no end of the wall after the {_ORDINALS[self.last_winners]} win "
                      "(血战到底)")
        for seat, hand in enumerate(hands):
            if hand is not None:
                self.problems += self.kongs.hand(seat, hand, f"#/record/end/hands/{seat}")
