"""Stage 4 of the record's validation (settle-changsha.md §2.9.7): what the events contradict.

`RecordChecks` follows the record event by event — whether the hand is over, whether the
opening phase is (a kong or a win ends it), which seats declared, the kongs each seat made
(`engine.settle.kongs.KongLedger`) — and lists every ``hand_over``, ``not_first_turn``,
``not_after_kong``, ``kai_gang_mismatch``, ``multiple_winners``, ``meld_mismatch``,
``not_a_qishou`` and ``birds_mismatch`` at its pointer. It goes on past a problem as if the
event were valid, so that one answer lists them all (``not_a_win`` needs the price: the
settlement adds it). It moves no money.
"""

from __future__ import annotations

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import Context, Hand, WinType
from engine.options import Options
from engine.settle.kongs import KongLedger
from engine.variants.changsha.settle.declarations import found_patterns
from engine.variants.changsha.settle.pricing import Operations
from engine.variants.changsha.settle.record import End, Event, Kong, Qishou, Record, Win, Winner


class RecordChecks:
    """The record's problems, found as the events are replayed in order."""

    def __init__(self, record: Record, options: Options, players: int,
                 variant: Operations) -> None:
        self.variant = variant
        """The variant's win check, for the 开杠 tiles a hand wins on."""
        self.record = record
        self.o = options
        self.problems: list[Problem] = []
        self.won_at: int | None = None
        self.opening_over = False
        self.kong_seen = False
        self.declared: dict[int, int] = {}
        self.ledger = KongLedger(players)

    def _add(self, code: Code, pointer: str, detail: str) -> None:
        self.problems.append(Problem(code, pointer, detail))

    def _over(self, i: int) -> None:
        if self.won_at is not None:
            self._add(Code.HAND_OVER, f"#/record/events/{i}", f"the hand ended with the win of "
                      f"event {self.won_at} (长沙: the first win ends the hand); no event can "
                      "follow it")

    def qishou(self, i: int, event: Qishou) -> None:
        here = f"#/record/events/{i}"
        self._over(i)
        if self.opening_over:
            self._add(Code.NOT_FIRST_TURN, here, "起手小胡 are shown at the deal, before any "
                      "kong or win")
        elif event.seat in self.declared:
            self._add(Code.NOT_FIRST_TURN, here, f"seat {event.seat} declared at event "
                      f"{self.declared[event.seat]} already; a seat declares once")
        self.declared.setdefault(event.seat, i)
        found = {p.id for p in found_patterns(event)}
        if not found:
            self._add(Code.NOT_A_QISHOU, f"{here}/hand", "the dealt hand has no opening "
                      "pattern (大四喜, 板板胡, 缺一色, 六六顺)")
        for j, pid in enumerate(event.patterns or ()):
            if found and pid not in found:
                self._add(Code.NOT_A_QISHOU, f"{here}/patterns/{j}", f"the dealt hand has no "
                          f"{pid}; it has {', '.join(sorted(found))}")

    def kong(self, i: int, event: Kong) -> None:
        self._over(i)
        self.opening_over = self.kong_seen = True
        self.problems += self.ledger.kong(i, event.seat, event.tile, event.type)

    def win(self, i: int, event: Win, previous: Event | None) -> None:
        here = f"#/record/events/{i}"
        self._over(i)
        if event.first_turn and self.kong_seen:
            self._add(Code.NOT_FIRST_TURN, f"{here}/context/first_turn", "first_turn after a "
                      "kong: the first go-round is over")
        self.opening_over = True
        self._after_kong(i, event, previous)
        if isinstance(previous, Kong) and previous.kai_gang:
            self._kai_gang_tiles(i, event, previous)
        if not self.o["yi_pao_duo_xiang"] and len(event.winners) > 1:
            self._add(Code.MULTIPLE_WINNERS, f"{here}/winners", "one winner seat an event "
                      "under yi_pao_duo_xiang: false (截胡)")
        if event.win_type is WinType.ROB_KONG and event.from_ is not None \
                and event.win_tile is not None:
            self.problems += self.ledger.robbed(i, event.from_, event.win_tile)
        for w in sorted(event.winners, key=lambda w: w.position):
            self.problems += self.ledger.hand(w.seat, w.hand, f"{here}/winners/{w.position}")
        self._birds(i, event)
        if self.won_at is None:
            self.won_at = i

    def end(self, end: End) -> None:
        if self.won_at is not None:
            self._add(Code.HAND_OVER, "#/record/end", f"the hand ended with the win of event "
                      f"{self.won_at}; end is only for a 流局 (no win)")

    def _after_kong(self, i: int, event: Win, previous: Event | None) -> None:
        if not event.after_kong:
            return
        kong = previous if isinstance(previous, Kong) else None
        on_tiles = any(w.win_tiles is not None for w in event.winners)
        if event.win_type is WinType.SELF_DRAW:
            who = event.winners[0].seat
            ok = kong is not None and kong.seat == who and (
                (kong.kai_gang and on_tiles)
                or (not kong.kai_gang and bool(self.o["bu_zhang_kai_hua"])))
            needs = f"a 开杠 by seat {who}" + (" (or a 补张: bu_zhang_kai_hua)"
                                              if self.o["bu_zhang_kai_hua"] else "")
        else:
            ok = kong is not None and kong.kai_gang and kong.seat == event.from_ and on_tiles
            needs = f"a 开杠 by seat {event.from_} (from)"
        if ok:
            return
        if kong is None:
            was = "there is none" if i == 0 else f"event {i - 1} is no kong"
        elif kong.kai_gang and not on_tiles and kong.seat in (event.from_,
                                                              event.winners[0].seat):
            was = (f"event {i - 1} is that 开杠, and a win on its tiles names each winner's "
                   "win_tiles, not a win_tile")
        elif kong.kai_gang:
            was = f"event {i - 1} is a 开杠 by seat {kong.seat}"
        else:
            was = (f"event {i - 1} is a 补张 by seat {kong.seat} (bu_zhang_kai_hua is "
                   f"{'true' if self.o['bu_zhang_kai_hua'] else 'false'})")
        kind = "a self-draw" if event.win_type is WinType.SELF_DRAW else "a discard win"
        self._add(Code.NOT_AFTER_KONG, f"#/record/events/{i}/context/after_kong",
                  f"after_kong on {kind} needs {needs} as the previous event; {was}")

    def _kai_gang_tiles(self, i: int, event: Win, kong: Kong) -> None:
        """Each winner's ``win_tiles``: drawn tiles only (each copy once), and every drawn
        tile its hand wins on."""
        drawn = kong.drawn or ()
        for w in sorted(event.winners, key=lambda w: w.position):
            if w.win_tiles is None:
                continue
            here = f"#/record/events/{i}/winners/{w.position}/win_tiles"
            left = list(drawn)
            for t, k in sorted(zip(w.win_tiles, w.tile_positions, strict=True),
                               key=lambda p: p[1]):
                if t in left:
                    left.remove(t)
                else:
                    self._add(Code.KAI_GANG_MISMATCH, f"{here}/{k}", f"{T.code(t)} is not one "
                              f"of the tiles the 开杠 of event {i - 1} drew "
                              f"({''.join(T.codes(drawn))}), or more copies than it drew")
            missed = sorted({t for t in left
                             if _wins(w, t, event.win_type, self.o, self.variant)})
            if missed:
                self._add(Code.KAI_GANG_MISMATCH, here, f"seat {w.seat}'s hand also wins on "
                          f"the drawn {', '.join(T.codes(missed))}: win_tiles lists every drawn "
                          "tile its hand completes")

    def _birds(self, i: int, event: Win) -> None:
        count = int(self.o["bird_count"])
        expected = count
        if event.last_tile and count:
            expected = 1 if self.o["hai_di_birds"] == "one" else count
        n = len(event.birds)
        here = f"#/record/events/{i}/birds"
        if event.short_wall and expected:
            if n >= expected:
                self._add(Code.BIRDS_MISMATCH, here, f"short_wall: the wall held fewer than "
                          f"the {expected} birds due, but {n} were turned")
            return
        if n != expected:
            why = ("the 海底 tile " + ("once" if expected == 1 else f"{expected} times")
                   if event.last_tile and expected else f"bird_count = {count}")
            self._add(Code.BIRDS_MISMATCH, here, f"a win turns {expected} birds ({why}); got "
                      f"{n}" + ("" if event.short_wall or not expected else
                                " (short_wall: true when the wall ran short)"))
            return
        if event.last_tile and event.win_tile is not None:
            for k, bird in enumerate(event.birds):
                if bird != event.win_tile:
                    self._add(Code.BIRDS_MISMATCH, f"{here}/{k}", f"the wall is empty on a 海底 "
                              f"win: the birds repeat the 海底 tile {T.code(event.win_tile)}; "
                              f"got {T.code(bird)}")


def _wins(w: Winner, tile: int, win_type: WinType, o: Options, variant: Operations) -> bool:
    hand = Hand(w.hand.concealed, w.hand.melds, tile)
    return variant.check(hand, Context(win_type=win_type), o).win

