"""Stage 4's checks that need no price (settle-hongzhong.md §4.5.6): what the events
contradict.

`RecordChecks` follows the record event by event — whether the hand is over (one winning
moment), the kongs each seat made, the melds each winner shows — and lists every
``hand_over``, ``not_after_kong``, ``multiple_winners``, ``rob_not_allowed`` and
``meld_mismatch`` at its pointer, going on past a problem as if the event were valid. (The
settlement adds ``code_count_mismatch`` and ``not_a_win``, which need the winners priced.)
The kong and meld checks every record shares are `engine.settle.kongs.KongLedger`'s; 红中
adds a kong of a wild kind under ``wild_melds: "never"`` (claims.md: 赖子不可杠).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import KongType, WinType
from engine.settle.events import not_after_kong
from engine.settle.kongs import KongLedger
from engine.variants.hongzhong.settle.record import Event, Kong, Win


class RecordChecks:
    """The record's problems, found as the events are replayed in order."""

    def __init__(self, options: Mapping[str, Any], wild: frozenset[int], players: int) -> None:
        self.yi_pao_duo_xiang: bool = options["yi_pao_duo_xiang"]
        self.rob_kong: bool = options["rob_kong"]
        self.rob_exposed_kong: bool = options["rob_exposed_kong"]
        self.wild_melds_never = options["wild_melds"] == "never"
        self.wild = wild
        self.problems: list[Problem] = []
        self.won_at: int | None = None
        """The event of the win that ended the hand, once there is one."""
        self.kongs = KongLedger(players)

    def _add(self, code: Code, pointer: str, detail: str) -> None:
        self.problems.append(Problem(code, pointer, detail))

    def _over(self, pointer: str) -> None:
        if self.won_at is not None:
            self._add(Code.HAND_OVER, pointer, f"the hand ended with the win at event "
                      f"{self.won_at}; a 红中 hand has one winning moment")

    def kong(self, i: int, k: Kong) -> None:
        self._over(f"#/record/events/{i}")
        if k.tile in self.wild and self.wild_melds_never:
            self._add(Code.MELD_MISMATCH, f"#/record/events/{i}/kong/tile",
                      f"{T.code(k.tile)} is a wild kind: under wild_melds \"never\" it cannot "
                      "be kong'd (赖子不可杠)")
        self.problems += self.kongs.kong(i, k.seat, k.tile, k.type)

    def win(self, i: int, w: Win, previous: Event | None) -> None:
        here = f"#/record/events/{i}"
        self._over(here)
        if w.after_kong:
            self.problems += not_after_kong(i, w, previous, Kong)
        if len(w.winners) > 1 and not self.yi_pao_duo_xiang:
            self._add(Code.MULTIPLE_WINNERS, f"{here}/winners", f"{len(w.winners)} winners on "
                      "one tile, but yi_pao_duo_xiang is false (截胡: one seat wins it)")
        if w.win_type is WinType.ROB_KONG:
            self._rob(i, w)
        for winner in sorted(w.winners, key=lambda x: x.position):
            self.problems += self.kongs.hand(winner.seat, winner.hand,
                                             f"{here}/winners/{winner.position}")
        if self.won_at is None:
            self.won_at = i

    def _rob(self, i: int, w: Win) -> None:
        """rob_not_allowed (claims' ``source_not_allowed`` found in a record, reconciled.md
        §12), then a kind its konger has kong'd."""
        here = f"#/record/events/{i}/context"
        if not self.rob_kong:
            self._add(Code.ROB_NOT_ALLOWED, f"{here}/win_type", "rob_kong is false: no kong "
                      "may be robbed")
        elif w.robbed is KongType.CONCEALED:
            self._add(Code.ROB_NOT_ALLOWED, f"{here}/kong/type", "a concealed kong cannot be "
                      "robbed")
        elif w.robbed is KongType.EXPOSED and not self.rob_exposed_kong:
            self._add(Code.ROB_NOT_ALLOWED, f"{here}/kong/type", "an exposed kong cannot be "
                      "robbed while rob_exposed_kong is false")
        if w.from_ is not None:
            self.problems += self.kongs.robbed(i, w.from_, w.win_tile)

    def end(self) -> None:
        self._over("#/record/end")
