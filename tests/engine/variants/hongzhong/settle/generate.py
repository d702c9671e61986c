"""Random legal 红中 hands played from a shuffled wall, recorded as ``settle`` records.

Simple policies make what the settlement cares about frequent: every seat throws the tile
that leaves the lowest shanten (never a wildcard while it has another) and, among those,
mostly the one the most other seats win on (a feeding policy: 通炮); it kongs whenever it can
(concealed, added — with a drawn fourth tile or one kept when it ponged three —, exposed),
pongs often, and wins whenever it can — except in "patient"
hands, where seats pass most wins, so that the wall often runs out (荒庄). An added kong — or,
under ``rob_exposed_kong``, an exposed one — is robbed by every seat that can win on it (抢杠;
the nearest alone under ``yi_pao_duo_xiang: false``). After the win the codes due are turned
from the wall, fewer when it is short (``wall_left``). The options are drawn per hand, the code
mode evenly among the four. Rooms (rooms.md §0.9.5, reconciled.md §1) are drawn too: 2 or 3
players (codes by either ``code_seats``) and fewer suits (GF's 2-player 万 + honors room among
them); the seats, turn order, payers and 飘 are the room's.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine import tiles as T
from engine.hand import Context, WinType
from engine.variants.hongzhong import VARIANT
from engine.variants.hongzhong.options import config
from tests.engine.variants.hongzhong.settle.reference import _codes_due
from tests.engine.variants.sichuan.settle.generate import Seat

OPTION_CHOICES: dict[str, list[Any]] = {
    "win_by_discard": ["yes", "yes", "only_without_wild", "no"],
    "kong_paid": ["at_once", "at_end"],
    "huang_zhuang_huang_gang": [False, True],
    "draw_next_dealer": ["dealer", "last_drawer"],
    "yi_pao_duo_xiang": [True, True, False],
    "extra_code_without_wild": [True, False],
    "code_value": [2, 1, 0, 5],
    "zimo_unit": [2, 1, 3],
    "discard_unit": [1, 2],
    "qidui": [True, False],
    "qidui_fan": [1, 0, 2],
    "pengpenghu_fan": [0, 1],
    "qingyise_fan": [0, 2],
    "no_wild_fan": [0, 1],
    "rob_kong": [True, True, False],
    "rob_exposed_kong": [False, True],
    "wild_melds": ["never", "face_value"],
    "claimed_wild_is_natural": [True, False],
    "four_wild_win": ["anytime", "first_turn", "off"],
}
CODE_MODES = ["159z", "seat", "one_code_all", "mo_ji_jiang_ji"]
ROOMS: list[dict[str, Any]] = [
    {}, {}, {}, {}, {"tile_set": "136"}, {"tile_set": "136", "wild_tiles": ["5z"]},
    {"tile_set": "136", "wild_tiles": ["7z", "5z"]}, {"wild_tiles": []},
]
"""Tile sets and wild kinds: mostly 红中's 112 tiles, sometimes a 136-tile 癞子 room."""
SEATS: list[dict[str, Any]] = [
    {"players": 3}, {"players": 2}, {"players": 3, "suits": ["p", "s"]},
    {"players": 4, "suits": ["p", "s"]}, {"players": 2, "suits": ["m", "s"]},
    {"players": 2, "suits": ["m"], "tile_set": "136", "wild_tiles": ["7z"]},
]
"""Rooms of 2 or 3 players or fewer suits (rooms.md §0.9.1's table: 红中 with 2 or 3 players;
GF's 2-player room, 万 and the honors)."""


def random_options(rng: random.Random) -> dict[str, Any]:
    """The code mode evenly, each other option from its values (about half left at the
    default), and a room; two rooms in five take discard wins and 通炮 (an ambush needs
    them)."""
    options = {name: rng.choice(values) for name, values in OPTION_CHOICES.items()
               if rng.random() < 0.5}
    options["code_mode"] = rng.choice(CODE_MODES)
    options.update(rng.choice(ROOMS))
    if rng.random() < 0.4:  # a room of 2 or 3 seats, or of fewer suits
        options.update(rng.choice(SEATS), code_seats=rng.choice(["circle", "modulo"]))
    if rng.random() < 0.4:
        options.update(win_by_discard="yes", yi_pao_duo_xiang=True)
    return options


@dataclass
class Stats:
    """How many records had each thing the settlement cares about."""

    records: int = 0
    seen: Counter[str] = field(default_factory=Counter)
    kongs: int = 0

    def shares(self) -> str:
        n = max(1, self.records)
        parts = ", ".join(f"{what} {self.seen[what] / n:.0%}" for what in (
            "self-draw", "discard win", "通炮", "抢杠", "荒庄", "short wall", "飘", *CODE_MODES,
            "3 seats", "2 seats", "fewer suits"))
        return f"{self.records} records: kongs {self.kongs / n:.2f}/record; {parts}"


class Game:
    def __init__(self, rng: random.Random, options: dict[str, Any]) -> None:
        self.rng = rng
        self.raw = options
        self.o = VARIANT.options(VARIANT.request({"options": options}))
        self.wild = frozenset(T.from_code(w) for w in self.o["wild_tiles"])
        self.players: int = self.o["players"]
        kinds = sorted(config(self.o).kinds)  # the room's suits and honors
        self.wall = [k for k in kinds for _ in range(4)]
        rng.shuffle(self.wall)
        self.style = rng.choice(["eager", "late", "patient", "ambush", "ambush", "rob",
                                 "rob"])
        """How seats take wins: at once; not before the wall is nearly out (short walls);
        rarely (荒庄); or, for two or three ambushers dealt four groups and a wildcard (they
        win on any tile), on another seat's tile — a discard now and then and every robbed
        kong (通炮), or only a robbed kong (抢杠)."""
        self.late = rng.randint(0, 5)
        self.dealer = rng.randrange(self.players)
        self.ambush: set[int] = set()
        if self.wild and (self.style == "rob" or (self.style == "ambush"
                          and self.o["win_by_discard"] == "yes")):
            self.ambush = set(rng.sample(range(self.players),
                                         min(self.players, rng.choice([2, 3, 3]))))
        self.seats = [Seat(self.deal_ready() if s in self.ambush else
                           self.deal_ready(triplets=0.9) if self.ambush and self.style == "rob"
                           else self.deal()) for s in range(self.players)]
        self.events: list[dict[str, Any]] = []
        self.claimed = False
        self.draws = [0] * self.players
        self.last_drawer = self.dealer
        self.over = False
        self.short = False
        self.code_count = 2

    def deal(self) -> list[int]:
        """13 tiles with many pairs and mostly two suits (honors kept): hands that soon wait,
        often on the same tiles."""
        dropped = self.rng.randrange(3)
        wall = self.wall
        hand: list[int] = []
        while len(hand) < 13:
            if hand and self.rng.random() < 0.35:
                wanted = {self.rng.choice(hand)}
            elif self.rng.random() < 0.8:
                wanted = {t for t in wall if t >= 27 or t // 9 != dropped}
            else:
                wanted = set(wall)
            at = max((i for i, t in enumerate(wall) if t in wanted), default=len(wall) - 1)
            hand.append(wall.pop(at))
        return hand

    def deal_ready(self, triplets: float | None = None) -> list[int]:
        """Four groups and a wildcard, when the wall has them (else a plain deal); with
        ``triplets``, groups mostly triplets and a natural tile instead of the wildcard (a
        seat whose pongs a robbed kong may follow)."""
        hand: list[int] = []
        for _ in range(40):
            if len(hand) == 12:
                break
            t = self.rng.choice(self.wall)
            if t in self.wild:
                continue
            if t >= 27 or self.rng.random() < (triplets or 0.3):
                group = [t] * 3
            elif t % 9 <= 6:
                group = [t, t + 1, t + 2]
            else:
                continue
            if all(self.wall.count(k) >= group.count(k) for k in group):
                for k in group:
                    self.wall.remove(k)
                hand += group
        wild = [t for t in self.wall if (t in self.wild) == (triplets is None)]
        if len(hand) < 12 or not wild:
            self.wall += hand
            self.rng.shuffle(self.wall)
            return self.deal()
        self.wall.remove(wild[0])
        return [*hand, wild[0]]

    # --- rules --------------------------------------------------------------------------------

    def can_win(self, seat: int, tile: int, win_type: WinType) -> bool:
        first = win_type is WinType.SELF_DRAW and self.first_turn(seat)
        context = Context(win_type=win_type, first_turn=first)
        return bool(VARIANT.check(self.seats[seat].hand(tile), context, self.o).win)

    def first_turn(self, seat: int) -> bool:
        return not self.claimed and not self.events and self.draws[seat] == 1

    def meldable(self, tile: int) -> bool:
        return tile not in self.wild or self.o["wild_melds"] == "face_value"

    def takes(self, seat: int, tile: int, win_type: WinType, spring: bool = False) -> bool:
        """Whether ``seat`` wins on ``tile`` now: it can, and its style takes it (an
        ambusher only when the ambush ``spring``s, mostly on another seat's tile)."""
        if self.style == "late" and len(self.wall) > self.late:
            return False
        if self.style == "patient" and self.rng.random() < 0.97:
            return False
        if self.style == "rob" and (win_type is WinType.DISCARD or (win_type is
                                    WinType.SELF_DRAW and self.rng.random() < 0.9)):
            return False
        if seat in self.ambush and not spring and (win_type is not WinType.SELF_DRAW
                                                   or self.rng.random() < 0.97):
            return False
        return self.can_win(seat, tile, win_type)

    def winners_of(self, tile: int, source: int, win_type: WinType) -> list[int]:
        """Who wins another seat's tile: ambushers all at once, on a robbed kong or one
        discard in four."""
        spring = win_type is WinType.ROB_KONG or (self.style == "ambush"
                                                  and self.rng.random() < 0.25)
        found = [s for s in self.others(source) if self.takes(s, tile, win_type, spring)]
        return found[:1] if found and not self.o["yi_pao_duo_xiang"] else found

    def others(self, seat: int) -> list[int]:
        """The other seats of the room in turn order after ``seat``."""
        return [(seat + d) % self.players for d in range(1, self.players)]

    # --- events ---------------------------------------------------------------------------

    def kong_event(self, seat: int, kind: str, tile: int, source: int | None = None) -> None:
        event: dict[str, Any] = {"type": "kong", "seat": seat,
                                 "kong": {"type": kind, "tile": T.code(tile)}}
        if source is not None:
            event["from"] = source
        self.events.append(event)

    def win_event(self, tile: int, winners: list[int], source: int | None, win_type: WinType,
                  after_kong: bool, robbed: str | None = None) -> None:
        context: dict[str, Any] = {"win_type": win_type.value}
        if after_kong:
            context["after_kong"] = True
        if not self.wall:
            context["last_tile"] = True
        if win_type is WinType.SELF_DRAW and self.first_turn(winners[0]):
            context["first_turn"] = True
        if robbed is not None and (robbed != "added" or self.rng.random() < 0.5):
            context["kong"] = {"type": robbed}
        event: dict[str, Any] = {"type": "win", "win_tile": T.code(tile), "context": context,
                                 "winners": [{"seat": w, **self.seats[w].wire()}
                                             for w in winners]}
        if source is not None:
            event["from"] = source
        self.rng.shuffle(event["winners"])  # any order: the canonical one is settle's
        due = _codes_due(self.o, event, event["winners"], len(winners) > 1,
                         self.code_count, set(self.o["wild_tiles"]))
        left = len(self.wall)
        self.short = left < due
        turned = [self.wall.pop(0) for _ in range(min(due, left))]
        if turned:
            event["codes"] = T.codes(turned)
        if left < due or self.rng.random() < 0.2:
            event["wall_left"] = left
        self.events.append(event)
        self.over = True

    # --- play -----------------------------------------------------------------------------

    def draw(self, seat: int) -> int | None:
        if not self.wall:
            return None
        self.draws[seat] += 1
        self.last_drawer = seat
        return self.wall.pop()

    def turn(self, seat: int, drew: int | None, after_kong: bool) -> int | None:
        """One seat's go after drawing ``drew`` (None: after a pong). Returns the next seat
        to draw, or None when the hand is over."""
        s = self.seats[seat]
        if drew is not None:
            if self.takes(seat, drew, WinType.SELF_DRAW):
                self.win_event(drew, [seat], None, WinType.SELF_DRAW, after_kong)
                return None
            s.concealed.append(drew)
            if seat in self.ambush:  # it keeps its four groups and wildcard
                s.concealed.remove(drew)
                return self.discarded(seat, drew, after_kong)
        if self.wall and drew is not None:  # no kong straight after a pong
            for tile in sorted(set(s.concealed)):
                if s.concealed.count(tile) == 4 and self.meldable(tile):
                    self.meld(seat, "kong", tile, 4, concealed=True)
                    self.kong_event(seat, "concealed", tile)
                    return self.replacement(seat)
            for n, (kind, tile, _) in enumerate(s.melds):
                if kind == "pong" and tile in s.concealed:
                    s.concealed.remove(tile)
                    if self.o["rob_kong"]:
                        robbers = self.winners_of(tile, seat, WinType.ROB_KONG)
                        if robbers:
                            self.win_event(tile, robbers, seat, WinType.ROB_KONG, False,
                                           "added")
                            return None
                    s.melds[n] = ("kong", tile, False)
                    self.kong_event(seat, "added", tile)
                    return self.replacement(seat)
        tile = self.choose_discard(seat)
        s.concealed.remove(tile)
        return self.discarded(seat, tile, after_kong)

    def meld(self, seat: int, kind: str, tile: int, taken: int, concealed: bool = False
             ) -> None:
        """``seat`` melds ``taken`` tiles of its hand (and, unless concealed, the discard)."""
        s = self.seats[seat]
        for _ in range(taken):
            s.concealed.remove(tile)
        s.melds.append((kind, tile, concealed))
        self.claimed = self.claimed or not concealed

    def replacement(self, seat: int) -> int | None:
        drew = self.draw(seat)
        return None if drew is None else self.turn(seat, drew, True)

    def choose_discard(self, seat: int) -> int:
        s = self.seats[seat]
        tiles = [t for t in set(s.concealed) if t not in self.wild] or sorted(set(s.concealed))
        if self.style == "patient" and self.rng.random() < 0.5:
            return self.rng.choice(sorted(tiles))
        best, choices = 99, []
        for tile in sorted(tiles):
            rest = list(s.concealed)
            rest.remove(tile)
            value = VARIANT.shanten(rest, len(s.melds), Context(), self.o)
            if value < best:
                best, choices = value, [tile]
            elif value == best:
                choices.append(tile)
        if self.rng.random() < 0.3:
            return self.rng.choice(choices)
        return max(choices, key=lambda t: (sum(self.can_win(o, t, WinType.DISCARD)
                                               for o in self.others(seat)), self.rng.random()))

    def discarded(self, seat: int, tile: int, after_kong: bool) -> int | None:
        winners = self.winners_of(tile, seat, WinType.DISCARD)
        if winners:
            self.win_event(tile, winners, seat, WinType.DISCARD, after_kong)
            return None
        if not self.wall:
            return (seat + 1) % self.players
        for other in self.others(seat):
            o = self.seats[other]
            held = o.concealed.count(tile)
            if not self.meldable(tile) or held < 2 or other in self.ambush:
                continue
            if held == 3 and self.style != "rob" and self.rng.random() < 0.5:
                # else a pong, the fourth kept for an added kong
                if self.o["rob_kong"] and self.o["rob_exposed_kong"]:
                    robbers = [r for r in self.winners_of(tile, other, WinType.ROB_KONG)
                               if r != seat]
                    if robbers:
                        self.win_event(tile, robbers, other, WinType.ROB_KONG, False,
                                       "exposed")
                        return None
                self.meld(other, "kong", tile, 3)
                self.kong_event(other, "exposed", tile, source=seat)
                return self.replacement(other)
            if self.rng.random() < 0.7 or self.style == "rob":
                self.meld(other, "pong", tile, 2)
                return self.turn(other, None, False)
        return (seat + 1) % self.players

    def play(self) -> dict[str, Any]:
        self.code_count = self.rng.choice([2, 2, 2, 4, 6, 0, 3, 12])
        seat: int | None = self.dealer
        while seat is not None and not self.over:
            drew = self.draw(seat)
            if drew is None:
                break
            seat = self.turn(seat, drew, False)
        record: dict[str, Any] = {"dealer": self.dealer}
        if self.code_count != 2 or self.rng.random() < 0.3:
            record["code_count"] = self.code_count
        if self.rng.random() < 0.4:
            top = self.rng.choice([2, 5, 1000])
            record["piao"] = [self.rng.randint(0, top) for _ in range(self.players)]
        record["events"] = self.events
        if not self.over:
            record["end"] = ({"last_drawer": self.last_drawer}
                             if self.o["draw_next_dealer"] == "last_drawer"
                             or self.rng.random() < 0.7 else {})
        return record


def play(rng: random.Random, options: dict[str, Any], stats: Stats | None = None
         ) -> dict[str, Any]:
    """One random hand's record under ``options``."""
    game = Game(rng, options)
    record = game.play()
    if stats is not None:
        stats.records += 1
        events = record["events"]
        stats.kongs += sum(e["type"] == "kong" for e in events)
        wins = [e for e in events if e["type"] == "win"]
        kinds = {"self_draw": "self-draw", "discard": "discard win", "rob_kong": "抢杠"}
        found = {kinds[e["context"]["win_type"]] for e in wins}
        found |= {"通炮" for e in wins if len(e["winners"]) > 1}
        found |= {what for what, there in (("荒庄", "end" in record), ("飘", "piao" in record),
                                           ("short wall", game.short)) if there}
        players, suits = options.get("players", 4), options.get("suits", "mps")
        found |= {what for what, there in ((f"{players} seats", players < 4),
                                           ("fewer suits", len(suits) < 3)) if there}
        stats.seen.update(found | {options["code_mode"]})
    return record
