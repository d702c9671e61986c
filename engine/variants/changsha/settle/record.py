"""A 长沙 hand's record (settle-changsha.md §2.9.1) as frozen values, once its shape and tiles
passed.

Seats are 0 … *P* − 1 in turn order; tiles are kind numbers (``engine.tiles``); every pointer
the checks report is built from the event and winner positions kept here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import Hand, KongType, WinType
from engine.tiles import Tile


@dataclass(frozen=True)
class Qishou:
    """A 起手小胡 declaration: the declarer's whole dealt hand, the pattern ids it declares
    (None: every one the hand has) and, under ``qishou_birds: "dice"``, its two dice."""

    seat: int
    hand: tuple[Tile, ...]
    patterns: tuple[str, ...] | None
    dice: tuple[int, ...] | None


@dataclass(frozen=True)
class Kong:
    """A completed kong by ``seat``: ``from_`` only for an exposed kong; a 开杠 has the
    tiles it drew, in order (``drawn``), a 补张 none."""

    seat: int
    type: KongType
    tile: Tile
    from_: int | None
    drawn: tuple[Tile, ...] | None

    @property
    def kai_gang(self) -> bool:
        return self.drawn is not None


@dataclass(frozen=True)
class Winner:
    """One winner of a win event: its seat, its hand (without a win tile) and, on 开杠's
    tiles, the drawn tiles it wins on in ``drawn`` order."""

    seat: int
    hand: Hand
    position: int
    """Its index in the event's ``winners`` as sent (the pointers' ``winners/J``)."""
    win_tiles: tuple[Tile, ...] | None
    tile_positions: tuple[int, ...] = ()
    """Where each of ``win_tiles`` stands in the sent ``win_tiles`` (``…/win_tiles/K``)."""


@dataclass(frozen=True)
class Win:
    """The moment that ends the hand; ``winners`` in canonical order (turn order after
    ``from_``). ``win_tile`` is None on 开杠's tiles (each winner names its ``win_tiles``)."""

    win_tile: Tile | None
    win_type: WinType
    after_kong: bool
    last_tile: bool
    first_turn: bool
    from_: int | None
    winners: tuple[Winner, ...]
    birds: tuple[Tile, ...]
    short_wall: bool


Event = Qishou | Kong | Win


@dataclass(frozen=True)
class End:
    """A 流局: the seat the 海底 was offered to first, and the seat that took it (None:
    every seat passed)."""

    hai_di_first: int
    hai_di_taker: int | None


@dataclass(frozen=True)
class Record:
    dealer: int
    piao: tuple[int, ...]
    events: tuple[Event, ...]
    end: End | None
