"""Random legal 四川 hands played from a shuffled wall, recorded as ``settle`` records.

Simple policies make the events the settlement cares about frequent: every seat declares
the suit it holds fewest of, throws it first, then the tile that leaves the lowest shanten;
it kongs whenever it can (concealed, added — late when the fourth tile was kept — and
exposed), pongs often, and wins whenever it can. So kongs, 杠上炮 (a discard right after a
kong), 一炮多响 (every seat that can win a tile wins it, unless ``yi_pao_duo_xiang`` is off:
then the nearest), rob-kong, 点杠花 and the end of the wall all occur. 血流: winners stay,
the won tile is put aside. The record is cut at 128 events. Rooms (rooms.md §0.9.4.5) are
drawn too: 2–4 players, one to three suits (定缺 only with three), 7-, 10- or 13-tile hands;
the hand ends when all players but one have won (血战).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine import tiles as T
from engine.hand import Context, Hand, Meld, MeldKind
from engine.variants.sichuan import VARIANT
from engine.variants.sichuan.facts import SichuanFacts

OPTION_CHOICES: dict[str, list[Any]] = {
    "xue_liu": [False, True],
    "zhi_gang_discarder": [2, 1, 3, 4],
    "zhi_gang_others": [0, 1, 2],
    "late_added_kong_pays": [True, False],
    "hu_jiao_zhuan_yi": ["last_kong", "all_kongs", "off"],
    "hu_jiao_zhuan_yi_split": ["split", "each"],
    "yi_pao_duo_xiang": [True, True, False],
    "cha_hua_zhu": [True, False],
    "cha_da_jiao": [True, False],
    "hua_zhu_fan": [None, 0, 4, 5, 8],
    "hua_zhu_da_jiao": ["none", "both", "larger"],
    "tui_shui": ["not_ready_and_hua_zhu", "not_ready", "off"],
    "left_seats_receive": [False, True],
    "xue_liu_gen": ["each_win", "first_win"],
    "max_fan": [4, 3, 2, 5, None],
    "base_points": [1, 2, 5],
    "zimo_bonus": ["jia_fan", "jia_di", "none"],
    "dian_gang_hua": ["zimo", "dian_pao"],
    "gen_mode": ["any_four", "kong_only"],
    "menqing_zhongzhang": [False, True],
}


ROOMS: list[dict[str, Any]] = [
    {}, {}, {}, {"players": 3}, {"players": 2}, {"players": 3, "suits": ["p", "s"]},
    {"players": 4, "suits": ["p", "s"]}, {"players": 2, "suits": ["p", "s"]},
    {"players": 4, "suits": ["p", "s"], "hand_size": 10},
    {"players": 3, "suits": ["p", "s"], "hand_size": 7}, {"players": 2, "suits": ["s"]},
    {"players": 2, "suits": ["m"], "hand_size": 7}, {"players": 3, "hand_size": 10},
]
"""Rooms of the lobbies (rooms.md §0.9.1's table, and a few more), today's most often."""
ROOM_FAN_CHOICES: dict[str, list[Any]] = {
    "dian_pao_ping_hu": [True, False], "dui_dui_hu_fan": [1, 2], "jia_xin_wu_fan": [0, 1],
    "yi_tiao_long_fan": [0, 1], "jiang_qi_dui_fan": [0, 1],
}


def random_options(rng: random.Random) -> dict[str, Any]:
    """Each option drawn from its values (about half of them left at the default), and a
    room."""
    options = {name: rng.choice(values) for name, values in OPTION_CHOICES.items()
               if rng.random() < 0.5}
    room = rng.choice(ROOMS)
    if room:
        options.update(room)
        options.update({name: rng.choice(values) for name, values in ROOM_FAN_CHOICES.items()
                        if rng.random() < 0.3})
    return options


@dataclass
class Seat:
    concealed: list[int]
    melds: list[tuple[str, int, bool]] = field(default_factory=list)
    """(pong or kong, kind, concealed)."""
    missing: int | None = 0
    fresh_pongs: set[int] = field(default_factory=set)
    """Pongs made since this seat last held the fourth tile (its 补杠 would be fresh)."""

    def hand(self, win_tile: int | None = None, without: int | None = None) -> Hand:
        concealed = list(self.concealed)
        if without is not None:
            concealed.remove(without)
        melds = tuple(Meld(MeldKind(kind), (tile,) * (4 if kind == "kong" else 3), hidden)
                      for kind, tile, hidden in self.melds)
        return Hand(tuple(concealed), melds, win_tile)

    def wire(self, without: int | None = None) -> dict[str, Any]:
        concealed = list(self.concealed)
        if without is not None:
            concealed.remove(without)
        out: dict[str, Any] = {"hand": T.codes(sorted(concealed))}
        if self.melds:
            out["melds"] = [{"type": kind, "tiles": T.codes((tile,) * (4 if kind == "kong" else 3)),
                             **({"concealed": True} if hidden else {})}
                            for kind, tile, hidden in self.melds]
        return out


@dataclass
class Stats:
    records: int = 0
    kongs: int = 0
    wins: int = 0
    gang_shang_pao: int = 0
    multi: int = 0
    rob_kong: int = 0
    dian_gang_hua: int = 0
    end: int = 0

    def shares(self) -> str:
        n = max(1, self.records)
        return (f"{self.records} records: kongs {self.kongs / n:.2f}/record, wins "
                f"{self.wins / n:.2f}/record; records with 杠上炮 "
                f"{self.gang_shang_pao / n:.0%}, 一炮多响 {self.multi / n:.0%}, rob-kong "
                f"{self.rob_kong / n:.0%}, 点杠花 {self.dian_gang_hua / n:.0%}, end of wall "
                f"{self.end / n:.0%}")


class Game:
    def __init__(self, rng: random.Random, options: dict[str, Any]) -> None:
        self.rng = rng
        self.options = VARIANT.options(VARIANT.request({"options": options}))
        self.xue_liu = bool(options.get("xue_liu"))
        self.duo_xiang = options.get("yi_pao_duo_xiang", True)
        self.players = self.options["players"]
        self.size = self.options["hand_size"]
        suits = ["mps".index(letter) for letter in self.options["suits"]]
        self.three_suits = len(suits) == 3
        wall = [k for k in range(27) for _ in range(4) if k // 9 in suits]
        rng.shuffle(wall)
        self.wall = wall
        self.dealer = rng.randrange(self.players)
        absent = [d for d in range(3) if d not in suits]
        self.seats = [Seat(sorted(self.deal(rng.randrange(3) if self.three_suits
                                            else absent[0])))
                      for _ in range(self.players)]
        for s in self.seats:
            if not self.three_suits:
                s.missing = None  # no 定缺 below three suits
                continue
            counts = [sum(t // 9 == suit for t in s.concealed) for suit in range(3)]
            s.missing = counts.index(min(counts))
        self.events: list[dict[str, Any]] = []
        self.won: set[int] = set()
        self.left: set[int] = set()
        self.over = False

    def deal(self, dropped: int) -> list[int]:
        """13 tiles, mostly of two suits and with many pairs: hands that soon wait, so that
        wins on one tile by several seats, and pongs and kongs, are frequent."""
        hand: list[int] = []
        while len(hand) < self.size:
            pick = len(self.wall) - 1
            if hand and self.rng.random() < 0.35:
                want = self.rng.choice(hand)
                pick = next((i for i in range(len(self.wall) - 1, -1, -1)
                             if self.wall[i] == want), pick)
            elif self.rng.random() < 0.9:
                pick = next((i for i in range(len(self.wall) - 1, -1, -1)
                             if self.wall[i] // 9 != dropped), pick)
            hand.append(self.wall.pop(pick))
        return hand

    # --- helpers --------------------------------------------------------------------------

    def can_win(self, seat: int, tile: int) -> bool:
        s = self.seats[seat]
        return bool(VARIANT.check(s.hand(tile), Context(facts=SichuanFacts(s.missing)),
                                  self.options).win)

    def in_hand(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.left]

    def record_win(self, tile: int, winners: list[int], source: int | None, win_type: str,
                   after_kong: bool) -> None:
        context: dict[str, Any] = {"win_type": win_type}
        if after_kong:
            context["after_kong"] = True
        if not self.wall:
            context["last_tile"] = True
        event: dict[str, Any] = {"type": "win", "win_tile": T.code(tile), "context": context,
                                 "winners": [{"seat": w, **self.seats[w].wire()}
                                             for w in winners]}
        if source is not None:
            event["from"] = source
        self.events.append(event)
        self.won.update(winners)
        if not self.xue_liu:
            self.left.update(winners)
        if not self.wall or (not self.xue_liu and len(self.won) >= self.players - 1):
            self.over = True

    def winners_of(self, tile: int, source: int) -> list[int]:
        order = [(source + d) % self.players for d in range(1, self.players)]
        found = [s for s in order if s not in self.left and self.can_win(s, tile)]
        return found[:1] if found and not self.duo_xiang else found

    def kong_event(self, seat: int, kind: str, tile: int, source: int | None = None,
                   late: bool | None = None) -> None:
        event: dict[str, Any] = {"type": "kong", "seat": seat,
                                 "kong": {"type": kind, "tile": T.code(tile)}}
        if late is not None:
            event["kong"]["late"] = late
        if source is not None:
            event["from"] = source
        self.events.append(event)

    # --- play -----------------------------------------------------------------------------

    def turn(self, seat: int, drew: int | None, after_kong: bool) -> int | None:
        """One seat's go after drawing ``drew`` (None: after a pong). Returns the next seat
        to draw, or None when the hand is over."""
        s = self.seats[seat]
        if drew is not None:
            if self.can_win_self(seat, drew):
                self.record_win(drew, [seat], None, "self_draw", after_kong)
                if not self.xue_liu:
                    return None if self.over else self.next_seat(seat)
                return None if self.over else self.next_seat(seat)
            s.concealed.append(drew)
        # kongs: concealed, then added
        if self.wall and len(self.events) < 128:
            for tile in sorted(set(s.concealed)):
                if s.concealed.count(tile) == 4 and tile // 9 != s.missing:
                    for _ in range(4):
                        s.concealed.remove(tile)
                    s.melds.append(("kong", tile, True))
                    self.kong_event(seat, "concealed", tile)
                    return self.replacement(seat)
            for n, (kind, tile, _) in enumerate(s.melds):
                if kind == "pong" and tile in s.concealed:
                    late = not (drew == tile and tile in s.fresh_pongs)
                    robbers = self.winners_of(tile, seat)
                    if robbers:
                        s.concealed.remove(tile)
                        self.record_win(tile, robbers, seat, "rob_kong", False)
                        return None if self.over else self.next_seat(seat)
                    s.concealed.remove(tile)
                    s.melds[n] = ("kong", tile, False)
                    self.kong_event(seat, "added", tile, late=late)
                    return self.replacement(seat)
        s.fresh_pongs.clear()
        if self.xue_liu and seat in self.won and drew is not None:
            tile = drew  # a 血流 winner's hand is locked: it throws what it drew
        else:
            tile = self.choose_discard(seat)
        s.concealed.remove(tile)
        return self.discarded(seat, tile, after_kong)

    def can_win_self(self, seat: int, tile: int) -> bool:
        return self.can_win(seat, tile)

    def replacement(self, seat: int) -> int | None:
        if not self.wall:
            return None
        return self.turn(seat, self.wall.pop(), True)

    def next_seat(self, seat: int) -> int | None:
        for d in range(1, self.players + 1):
            if (seat + d) % self.players not in self.left:
                return (seat + d) % self.players
        return None

    def choose_discard(self, seat: int) -> int:
        """The missing suit first, then the lowest shanten — and among those, mostly, the
        tile the most other seats win on (a feeding policy: 一炮多响 and 杠上炮 happen)."""
        s = self.seats[seat]
        missing = [t for t in s.concealed if t // 9 == s.missing]
        if missing:
            return self.feed(seat, missing)
        context = Context(facts=SichuanFacts(s.missing))
        best, choices = 99, []
        for tile in sorted(set(s.concealed)):
            rest = list(s.concealed)
            rest.remove(tile)
            value = VARIANT.shanten(rest, len(s.melds), context, self.options)
            if value < best:
                best, choices = value, [tile]
            elif value == best:
                choices.append(tile)
        return self.feed(seat, choices)

    def feed(self, seat: int, choices: list[int]) -> int:
        if self.rng.random() < 0.3:
            return self.rng.choice(choices)
        return max(choices, key=lambda t: (len(self.winners_of(t, seat)), self.rng.random()))

    def discarded(self, seat: int, tile: int, after_kong: bool) -> int | None:
        winners = self.winners_of(tile, seat)
        if winners:
            self.record_win(tile, winners, seat, "discard", after_kong)
            return None if self.over else self.next_seat(seat)
        if not self.wall or len(self.events) >= 128:
            return self.next_seat(seat)
        for d in range(1, self.players):
            other = (seat + d) % self.players
            if other in self.left or (self.xue_liu and other in self.won):
                continue
            o = self.seats[other]
            if tile // 9 == o.missing:
                continue
            held = o.concealed.count(tile)
            if held == 3:
                for _ in range(3):
                    o.concealed.remove(tile)
                o.melds.append(("kong", tile, False))
                self.kong_event(other, "exposed", tile, source=seat)
                self.turn_after = other
                return self.replacement_from(other)
            if held == 2 and self.rng.random() < 0.7:
                for _ in range(2):
                    o.concealed.remove(tile)
                o.melds.append(("pong", tile, False))
                o.fresh_pongs.add(tile)
                return self.turn(other, None, False)
        return self.next_seat(seat)

    def replacement_from(self, seat: int) -> int | None:
        return self.replacement(seat)

    def play(self) -> dict[str, Any]:
        seat: int | None = self.dealer
        drew: int | None = self.wall.pop()
        while seat is not None and not self.over and len(self.events) < 128:
            seat = self.turn(seat, drew, False)
            if seat is None or self.over or not self.wall:
                break
            drew = self.wall.pop()
        record: dict[str, Any] = {"dealer": self.dealer, "events": self.events[:128]}
        if self.three_suits:
            record["missing_suits"] = ["mps"[s.missing or 0] for s in self.seats]
        last = not self.xue_liu and len(self.won) >= self.players - 1
        if not self.wall and not last and len(self.events) <= 128:
            record["end"] = {"hands": [None if s in self.won else self.seats[s].wire()
                                       for s in range(self.players)]}
        return record


def play(rng: random.Random, options: dict[str, Any], stats: Stats | None = None
         ) -> dict[str, Any]:
    """One random hand's record under ``options``."""
    record = Game(rng, options).play()
    if stats is not None:
        stats.records += 1
        events = record["events"]
        stats.kongs += sum(e["type"] == "kong" for e in events)
        wins = [e for e in events if e["type"] == "win"]
        stats.wins += len(wins)
        stats.gang_shang_pao += any(e["context"].get("after_kong") and
                                    e["context"]["win_type"] == "discard" for e in wins)
        stats.multi += any(len(e["winners"]) > 1 for e in wins)
        stats.rob_kong += any(e["context"]["win_type"] == "rob_kong" for e in wins)
        stats.dian_gang_hua += any(
            e["context"].get("after_kong") and e["context"]["win_type"] == "self_draw"
            and events[i - 1]["kong"]["type"] == "exposed" for i, e in enumerate(events)
            if e["type"] == "win")
        stats.end += "end" in record
    return record
