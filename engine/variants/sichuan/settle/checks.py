"""Stage 4 of the record's validation (settle.md §1.6.7): what the events contradict.

`RecordChecks` follows the record event by event — who has left (血战), whether the hand is
over, the kongs each seat made, the melds each seat's hands showed — and lists every
``seat_left``, ``hand_over``, ``not_after_kong``, ``multiple_winners`` and ``meld_mismatch``
at its pointer. It goes on past a problem as if the event were valid, so that one answer
lists them all. (``not_a_win`` needs the price and ``amount_too_large`` the sums: the
settlement adds those.) It moves no money.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import Hand, KongType, MeldKind, WinType
from engine.variants.sichuan.settle.record import Event, Kong, Record, Win

MAX_KONGS_PER_SEAT = 4


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
        self.kongs: dict[int, dict[int, tuple[int, KongType]]] = {s: {} for s in range(4)}
        """Per seat: kind → (event, type) of its kongs so far."""
        self.konged: dict[int, tuple[int, int]] = {}
        """Per kind kong'd so far: (seat, event)."""
        self.shown: dict[int, tuple[tuple[MeldKind, int], ...]] = {}
        """Per seat: the (pong or kong, kind) melds of its last hand so far."""

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
        code = T.code(k.tile)
        mine = self.kongs[k.seat]
        if k.tile // 9 == self.record.missing_suits[k.seat] and not self.meld_missing_suit:
            self._add(Code.MELD_MISMATCH, f"{here}/kong/tile", f"{code} is of seat {k.seat}'s "
                      "declared missing suit (定缺): it cannot be kong'd")
        if k.tile in self.konged:
            seat, at = self.konged[k.tile]
            self._add(Code.MELD_MISMATCH, f"{here}/kong/tile", f"{code} was kong'd already, by "
                      f"seat {seat} at event {at}: there are only four")
        elif len(mine) >= MAX_KONGS_PER_SEAT:
            self._add(Code.MELD_MISMATCH, f"{here}/kong/tile", f"a fifth kong by seat "
                      f"{k.seat}: a hand holds at most four")
        if k.tile not in self.konged:
            self.konged[k.tile] = (k.seat, i)
        mine.setdefault(k.tile, (i, k.type))

    def win(self, i: int, w: Win, previous: Event | None) -> None:
        here = f"#/record/events/{i}"
        self._over(i)
        if w.from_ is not None:
            doing = "discard into a win" if w.win_type is WinType.DISCARD else "be robbed"
            self._left(w.from_, f"{here}/from", doing)
        for winner in sorted(w.winners, key=lambda x: x.position):
            self._left(winner.seat, f"{here}/winners/{winner.position}/seat", "win again")
        if w.after_kong:
            self._after_kong(i, w, previous)
        if len(w.winners) > 1 and not self.yi_pao_duo_xiang:
            self._add(Code.MULTIPLE_WINNERS, f"{here}/winners", f"{len(w.winners)} winners on "
                      "one tile, but yi_pao_duo_xiang is false (截胡: the nearest seat wins)")
        if w.win_type is WinType.ROB_KONG and w.from_ is not None \
                and w.win_tile in self.kongs[w.from_]:
            self._add(Code.MELD_MISMATCH, f"{here}/win_tile", f"seat {w.from_} kong'd "
                      f"{T.code(w.win_tile)} at event {self.kongs[w.from_][w.win_tile][0]}: "
                      "there is no pong of it left to rob")
        for winner in sorted(w.winners, key=lambda x: x.position):
            self._hand(winner.seat, winner.hand, f"{here}/winners/{winner.position}")
        for winner in w.winners:
            self.won_at.setdefault(winner.seat, i)
        if w.last_tile:
            self.over = f"with the last tile's win at event {i}"
        elif not self.xue_liu and len(self.won_at) >= 3 and self.over is None:
            self.over = f"with the third win, at event {i}"
            self.third_winner = True

    def _after_kong(self, i: int, w: Win, previous: Event | None) -> None:
        seat: int | None = w.winners[0].seat if w.win_type is WinType.SELF_DRAW else w.from_
        what = "a self-draw" if w.win_type is WinType.SELF_DRAW else "a discard (杠上炮)"
        if isinstance(previous, Kong) and previous.seat == seat:
            return
        if previous is None:
            was = "there is no previous event"
        elif isinstance(previous, Kong):
            was = f"event {i - 1} is a kong by seat {previous.seat}"
        else:
            was = f"event {i - 1} is a win"
        self._add(Code.NOT_AFTER_KONG, f"#/record/events/{i}/context/after_kong",
                  f"after_kong on {what} needs a kong by seat {seat} as the previous event; "
                  f"{was}")

    def end(self, hands: tuple[Hand | None, ...]) -> None:
        if self.third_winner:
            self._add(Code.HAND_OVER, "#/record/end", f"the hand ended {self.over}: there is "
                      "no end of the wall after the third win (血战到底)")
        for seat, hand in enumerate(hands):
            if hand is not None:
                self._hand(seat, hand, f"#/record/end/hands/{seat}")

    def _hand(self, seat: int, hand: Hand, prefix: str) -> None:
        """A later hand of ``seat`` against its kongs so far and its last hand's melds."""
        melds = hand.melds
        kong_melds = {m.tiles[0]: n for n, m in enumerate(melds) if m.is_kong}
        problems: list[tuple[str, str]] = []
        for kind, (at, kind_type) in self.kongs[seat].items():
            n = kong_melds.get(kind)
            if n is None:
                problems.append((f"{prefix}/melds", f"seat {seat} kong'd {T.code(kind)} at "
                                 f"event {at}; this hand has no kong meld of it"))
            elif melds[n].concealed != (kind_type is KongType.CONCEALED):
                want = "concealed" if kind_type is KongType.CONCEALED else "not concealed"
                problems.append((f"{prefix}/melds/{n}", f"the kong of {T.code(kind)} (event "
                                 f"{at}, {kind_type}) must be {want}"))
        for kind_of, kind in self.shown.get(seat, ()):
            if not any(m.tiles[0] == kind and (m.kind is kind_of or m.is_kong) for m in melds):
                problems.append((f"{prefix}/melds", f"seat {seat}'s earlier hand showed a "
                                 f"{kind_of} of {T.code(kind)}; this hand dropped it"))
        for kind, n in kong_melds.items():
            if kind not in self.kongs[seat]:
                problems.append((f"{prefix}/melds/{n}", f"a kong meld of {T.code(kind)} with "
                                 f"no earlier kong event of seat {seat}"))
        for pointer, detail in sorted(problems, key=lambda p: (len(p[0]), p[0])):
            self._add(Code.MELD_MISMATCH, pointer, detail)
        self.shown[seat] = tuple((m.kind, m.tiles[0]) for m in melds
                                 if m.kind is not MeldKind.CHOW)
