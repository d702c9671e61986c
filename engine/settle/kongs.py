"""Stage 4's meld checks every record shares (``meld_mismatch``): the kongs made so far
against each other and against the hands shown later.

Every settle file refuses the same contradictions between its kong events and its hands: a
kong of a kind already kong'd (there are only four), a fifth kong by one seat, a later hand
of a konger without that kong as a kong meld (``concealed`` exactly for a concealed kong), a
kong meld with no earlier kong event of that seat and kind, a pong or kong an earlier hand of
the seat showed and a later one dropped, a rob-kong win on a kind its ``from`` has kong'd
already. `KongLedger` follows the events and returns those problems at their pointers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import Hand, KongType, MeldKind
from engine.seats import FULL_TABLE
from engine.tiles import Tile

MAX_KONGS_PER_SEAT: Final = 4
"""A hand holds at most four melds (rooms of 7 or 10 tiles fewer: the variant's *g*)."""


_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth")
_NUMBERS: Final = ("none", "one", "two", "three", "four")


def _mismatch(pointer: str, detail: str) -> Problem:
    return Problem(Code.MELD_MISMATCH, pointer, detail)


@dataclass
class KongLedger:
    """The kongs of a record so far, per seat and per kind, and the melds each seat's last
    hand showed."""

    players: int = FULL_TABLE
    max_kongs: int = MAX_KONGS_PER_SEAT
    by_seat: dict[int, dict[Tile, tuple[int, KongType]]] = field(default_factory=dict)
    """Per seat: kind → (event, type) of its kongs so far."""
    by_kind: dict[Tile, tuple[int, int]] = field(default_factory=dict)
    """Per kind kong'd so far: (seat, event)."""
    shown: dict[int, tuple[tuple[MeldKind, Tile], ...]] = field(default_factory=dict)
    """Per seat: the (pong or kong, kind) melds of its last hand so far."""

    def kongs_of(self, seat: int) -> dict[Tile, tuple[int, KongType]]:
        return self.by_seat.setdefault(seat, {})

    def kong(self, i: int, seat: int, tile: Tile, kind: KongType) -> list[Problem]:
        """Event ``i``, a kong of ``tile`` by ``seat``: a kind kong'd before, a kong beyond
        the most a hand holds (at ``…/kong/tile``); then it is recorded."""
        pointer = f"#/record/events/{i}/kong/tile"
        code = T.code(tile)
        mine = self.kongs_of(seat)
        problems = []
        if tile in self.by_kind:
            by, at = self.by_kind[tile]
            problems.append(_mismatch(pointer, f"{code} was kong'd already, by seat {by} at "
                                      f"event {at}: there are only four"))
        elif len(mine) >= self.max_kongs:
            problems.append(_mismatch(pointer, f"a {_ORDINALS[self.max_kongs]} kong by seat "
                                      f"{seat}: a hand holds at most "
                                      f"{_NUMBERS[self.max_kongs]}"))
        self.by_kind.setdefault(tile, (seat, i))
        mine.setdefault(tile, (i, kind))
        return problems

    def robbed(self, i: int, konger: int, tile: Tile) -> list[Problem]:
        """A rob-kong win at event ``i`` on ``tile`` robbed from ``konger``: he cannot have
        kong'd it already (at ``…/win_tile``)."""
        mine = self.kongs_of(konger)
        if tile not in mine:
            return []
        return [_mismatch(f"#/record/events/{i}/win_tile", f"seat {konger} kong'd "
                          f"{T.code(tile)} at event {mine[tile][0]}: there is no pong of it "
                          "left to rob")]

    def hand(self, seat: int, hand: Hand, prefix: str) -> list[Problem]:
        """A later hand of ``seat`` (at ``prefix``) against its kongs so far and its last
        hand's melds, in pointer order; then its melds are what it shows."""
        melds = hand.melds
        kong_melds = {m.tiles[0]: n for n, m in enumerate(melds) if m.is_kong}
        found: list[tuple[str, str]] = []
        mine = self.kongs_of(seat)
        for kind, (at, kind_type) in mine.items():
            n = kong_melds.get(kind)
            if n is None:
                found.append((f"{prefix}/melds", f"seat {seat} kong'd {T.code(kind)} at "
                              f"event {at}; this hand has no kong meld of it"))
            elif melds[n].concealed != (kind_type is KongType.CONCEALED):
                want = "concealed" if kind_type is KongType.CONCEALED else "not concealed"
                found.append((f"{prefix}/melds/{n}", f"the kong of {T.code(kind)} (event "
                              f"{at}, {kind_type}) must be {want}"))
        for kind_of, kind in self.shown.get(seat, ()):
            if not any(m.tiles[0] == kind and (m.kind is kind_of or m.is_kong) for m in melds):
                found.append((f"{prefix}/melds", f"seat {seat}'s earlier hand showed a "
                              f"{kind_of} of {T.code(kind)}; this hand dropped it"))
        for kind, n in kong_melds.items():
            if kind not in mine:
                found.append((f"{prefix}/melds/{n}", f"a kong meld of {T.code(kind)} with "
                              f"no earlier kong event of seat {seat}"))
        self.shown[seat] = tuple((m.kind, m.tiles[0]) for m in melds
                                 if m.kind is not MeldKind.CHOW)
        return [_mismatch(pointer, detail)
                for pointer, detail in sorted(found, key=lambda p: (len(p[0]), p[0]))]
