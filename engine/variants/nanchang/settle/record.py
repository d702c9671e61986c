"""A 南昌 hand's record (settle-nanchang.md §3.9.1) as frozen values, once its shape and tiles
passed.

Seats are 0 … *P* − 1 in turn order; tiles are kind numbers (``engine.tiles``); every pointer
the checks report is built from the event, winner and meld positions kept here. A meld keeps
the two members ``fan`` does not read — ``from``, the seat whose discard was claimed into it,
and a chow's ``claimed`` tile — for 冲关包赔 (§3.9.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import Hand, Meld, WinType
from engine.settle.events import Kong
from engine.tiles import Tile

__all__ = ["ChaoZhuang", "End", "EndHand", "Event", "Kong", "Opening", "Record", "RecordMeld",
           "Win", "Winner"]


@dataclass(frozen=True)
class RecordMeld:
    """A meld of the record: ``fan``'s meld, and who supplied its claimed tile."""

    meld: Meld
    from_: int | None = None
    claimed: Tile | None = None
    """A chow's claimed tile (only with ``from_``)."""

    @property
    def supplied(self) -> Tile | None:
        """The kind another seat's discard put into this meld: a pong's or kong's kind, a
        chow's ``claimed``; None when the record names no supplier."""
        if self.from_ is None:
            return None
        return self.claimed if self.claimed is not None else self.meld.tiles[0]


@dataclass(frozen=True)
class ChaoZhuang:
    """抄庄: the others followed the dealer's first discard; the dealer pays (§3.9.4)."""


@dataclass(frozen=True)
class Winner:
    """The winner of a win event: its seat, its hand (``win_tile`` included) and its melds
    as the record gave them."""

    seat: int
    hand: Hand
    melds: tuple[RecordMeld, ...]
    position: int
    """Its index in the event's ``winners`` as sent (the pointers' ``winners/J``)."""


@dataclass(frozen=True)
class Win:
    """The winning moment; ``winners`` in canonical order (turn order after ``from_``) —
    one, or the record is refused (``multiple_winners``)."""

    win_tile: Tile
    win_type: WinType
    after_kong: bool
    last_tile: bool
    first_turn: bool
    others_hold_jing: bool | None
    """As sent; None: derived from the end hands (§3.9.3)."""
    from_: int | None
    winners: tuple[Winner, ...]


Event = Kong | ChaoZhuang | Win


@dataclass(frozen=True)
class EndHand:
    """A seat's tiles when the hand ended: ``hand`` None for the winner (its hand and melds
    are the win event's), its own discards (empty when not sent)."""

    hand: Hand | None
    melds: tuple[RecordMeld, ...]
    discards: tuple[Tile, ...]


@dataclass(frozen=True)
class End:
    hands: tuple[EndHand, ...]
    xia_jing: tuple[Tile, ...]
    """The 下精 turned at the end, in the order turned."""


@dataclass(frozen=True)
class Opening:
    """The dealt hands and the tiles turned for the opening pairs (§3.9.6)."""

    hands: tuple[tuple[Tile, ...], ...]
    hui_tou: Tile | None
    xia_jing: Tile | None


@dataclass(frozen=True)
class Record:
    players: int
    dealer: int
    shang_jing: Tile
    opening: Opening | None
    events: tuple[Event, ...]
    end: End | None

    def first_win(self) -> tuple[int, Win] | None:
        """The win that ends the hand, with its event index (a later one is refused)."""
        for i, event in enumerate(self.events):
            if isinstance(event, Win):
                return i, event
        return None
