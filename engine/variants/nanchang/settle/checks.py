"""Stage 4 of the record's validation (settle-nanchang.md §3.9.8): what the events contradict.

`RecordChecks` follows the record event by event — whether the hand is over (one win a
hand), the kongs each seat made (`engine.settle.kongs.KongLedger`: a kind kong'd twice, a
fifth kong, a robbed kind its konger kong'd), the melds each final hand shows — and lists
every ``hand_over``, ``not_after_kong``, ``multiple_winners`` and ``meld_mismatch`` at its
pointer (settled reading 5). It goes on past a problem as if the event were valid, so that
one answer lists them all; ``not_a_win`` needs the price, and the settlement adds it. It
moves no money.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import KongType, MeldKind, WinType
from engine.seats import previous_seat
from engine.settle.events import not_after_kong
from engine.settle.kongs import KongLedger
from engine.tiles import Tile
from engine.variants.nanchang.settle.record import Event, Kong, Record, RecordMeld, Win


class RecordChecks:
    """The record's problems, found as the events are replayed in order."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.problems: list[Problem] = []
        self.ledger = KongLedger(players=record.players)
        self.kong_from: dict[tuple[int, Tile], int | None] = {}
        """(konger, kind) → the discarder of its kong event (None unless exposed)."""
        self.won_at: int | None = None
        """The event of the win that ended the hand."""

    def _add(self, code: Code, pointer: str, detail: str) -> None:
        self.problems.append(Problem(code, pointer, detail))

    def event(self, i: int) -> None:
        """Any event: none may follow the win."""
        if self.won_at is not None:
            self._add(Code.HAND_OVER, f"#/record/events/{i}", f"the hand ended with the win "
                      f"at event {self.won_at} (one win per hand); no event may follow it")

    def kong(self, i: int, k: Kong) -> None:
        self.event(i)
        self.problems += self.ledger.kong(i, k.seat, k.tile, k.type)
        self.kong_from.setdefault((k.seat, k.tile), k.from_)

    def win(self, i: int, w: Win, previous: Event | None) -> None:
        here = f"#/record/events/{i}"
        self.event(i)
        if w.after_kong:
            self.problems += not_after_kong(
                i, w, previous, Kong, "a win" if isinstance(previous, Win) else "抄庄")
        if len(w.winners) > 1:
            self._add(Code.MULTIPLE_WINNERS, f"{here}/winners", f"{len(w.winners)} winners on "
                      "one tile: in 南昌 the first seat after the discarder wins it alone")
        if w.win_type is WinType.ROB_KONG and w.from_ is not None:
            self.problems += self.ledger.robbed(i, w.from_, w.win_tile)
        for winner in sorted(w.winners, key=lambda x: x.position):
            self.hand(winner.seat, winner.melds, f"{here}/winners/{winner.position}", i)
        if self.won_at is None:
            self.won_at = i

    def end(self) -> None:
        """Every end hand shown (the winner's is its win event's)."""
        assert self.record.end is not None
        for seat, entry in enumerate(self.record.end.hands):
            if entry.hand is not None:
                self.hand(seat, entry.melds, f"#/record/end/hands/{seat}", None)

    def hand(self, seat: int, melds: Sequence[RecordMeld], prefix: str, at: int | None) -> None:
        """A final hand of ``seat`` (shown at event ``at``, or at the end) against its kongs
        so far: each kong shown as a kong meld (``concealed`` exactly for a concealed kong,
        an exposed one from its discarder), no kong meld without its kong event, a chow only
        from the seat's 上家."""
        mine = self.ledger.kongs_of(seat)
        shown = {m.meld.tiles[0]: n for n, m in enumerate(melds) if m.meld.is_kong}
        found: list[tuple[int, str, str]] = []
        for kind, (event, kind_type) in mine.items():
            n = shown.get(kind)
            code = T.code(kind)
            if n is None:
                found.append((-1, f"{prefix}/melds", f"seat {seat} kong'd {code} at event "
                              f"{event}; this hand shows no kong meld of it"))
            elif melds[n].meld.concealed != (kind_type is KongType.CONCEALED):
                want = "concealed" if kind_type is KongType.CONCEALED else "not concealed"
                found.append((-1, f"{prefix}/melds", f"the kong of {code} (event {event}, "
                              f"{kind_type}) must be shown {want}"))
            elif (kind_type is KongType.EXPOSED and melds[n].from_ is not None
                  and melds[n].from_ != self.kong_from.get((seat, kind))):
                found.append((n, f"{prefix}/melds/{n}/from", f"the kong of {code} was made "
                              f"from seat {self.kong_from.get((seat, kind))}'s discard (event "
                              f"{event}); the meld says seat {melds[n].from_}"))
        when = f" before event {at}" if at is not None else ""
        for kind, n in shown.items():
            if kind not in mine:
                code = T.code(kind)
                found.append((n, f"{prefix}/melds/{n}", f"seat {seat} shows a kong of {code} "
                              f"but the record has no kong event of seat {seat} for {code}"
                              f"{when}"))
        upper = previous_seat(seat, self.record.players)
        for n, m in enumerate(melds):
            if m.meld.kind is MeldKind.CHOW and m.from_ is not None and m.from_ != upper:
                found.append((n, f"{prefix}/melds/{n}/from", f"a chow is claimed from the "
                              f"seat's 上家, seat {upper}; from is seat {m.from_}"))
        for _, pointer, detail in sorted(found, key=lambda f: (f[0], f[1])):
            self._add(Code.MELD_MISMATCH, pointer, detail)
