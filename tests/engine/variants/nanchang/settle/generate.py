"""Random legal 南昌 hands played from a shuffled wall, recorded as ``settle`` records.

The wall keeps a dead end (翻精 tiles: the 上精, the 下精 of the end and of the opening are
turned from it, so no tile is ever counted twice). Simple policies make what the settlement
cares about frequent:

* **冲关 and 霸王精**: the deal often hands one seat extra tiles of the 精 kinds, and seats
  keep their 精 (they are wild);
* **冲关包赔**: some seats are *feeders* that throw their 精 first, and every seat pongs,
  kongs or (from 上家) chows a discarded 精 — melds record ``from`` (and a chow ``claimed``),
  except in a few records that track no suppliers;
* **荒庄**: in some records nobody is keen to win (each win is taken only with a small
  chance), so the wall runs out; the last drawer then often shows 14 tiles;
* **下精 pairs**: ``xia_jing_pairs`` is drawn among 0–5 and ``end.xia_jing`` turned from the
  dead end; opening pairs (回头一笑, 上下翻精) come with their options;
* **抄庄**: in some records the dealer throws a tile the others hold and they follow.

Kongs of every type, robbed 补杠, 天胡 / 地胡 (``first_turn``), ``after_kong`` and
``last_tile`` occur too. One winner per tile: the first seat after the discarder that wins.
Rooms of 2 or 3 players (rooms.md §0.9.6, settle-nanchang.md §3.9.12) are drawn one time in
three: the seats, turn order, payers, 抄庄 and every pair are the room's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine import tiles as T
from engine.hand import Context, Hand, Meld, MeldKind, Seats, WinType
from engine.variants.nanchang import VARIANT
from engine.variants.nanchang.facts import Jing, NanchangFacts
from engine.variants.nanchang.jing import jing_pair

OPTION_CHOICES: dict[str, list[Any]] = {
    "kong_scoring": ["at_once", "end_of_won_hand"],
    "xia_jing_pairs": [0, 1, 2, 3, 5],
    "chong_guan_bao_pei": [True, False],
    "chao_zhuang_points": [5, 2, 0, 100],
    "hui_tou_yi_xiao": [False, True],
    "shang_xia_fan_jing": [False, True],
    "jing_count_discards": [True, False],
    "bawang_mode": ["double", "plus10"],
    "jing_mode": ["indicator_is_zheng", "indicator_plus_one"],
    "tile_set": ["136", "136", "108"],
    "dianpao_pay": ["three_pay", "discarder_only"],
    "dealer_double": [True, False],
    "deguo_flat": [5, 0, 3],
    "jing_diao_flat": [0, 5],
    "tian_di_hu_points": [20, 32, 0],
    "wu_ping_hu": [False, True],
    "honor_chow": [True, False],
    "qidui_allow_four": [True, False],
    "shisanlan_allow_jing": [True, False],
    "deguo_allow_natural_jing": [True, False],
    "claimed_jing_is_natural": [True, False],
    "jing_only_group_allowed": [True, False],
    "jing_diao_self_draw_only": [True, False],
}
DEAD_WALL = 8
"""Tiles kept aside at the wall's end: the 上精, up to five 下精 and the opening 下精."""
NO_CLAIM = -1
"""`Game.claim`'s answer when the seat does not claim (None: the hand ended after a claim,
and the discard is not offered again)."""


def random_options(rng: random.Random) -> dict[str, Any]:
    """Each option drawn from its values (about half of them left at the default); a room of
    2 or 3 players one time in three."""
    options = {name: rng.choice(values) for name, values in OPTION_CHOICES.items()
               if rng.random() < 0.5}
    if rng.random() < 1 / 3:
        options["players"] = rng.choice((2, 3))
    return options


@dataclass
class Seat:
    concealed: list[int]
    melds: list[dict[str, Any]] = field(default_factory=list)
    """Wire melds, with ``from`` (and ``claimed``) as the record carries them."""
    discards: list[int] = field(default_factory=list)
    feeder: bool = False

    def hand(self, win_tile: int | None = None) -> Hand:
        melds = tuple(Meld(MeldKind(m["type"]), tuple(sorted(T.parse_any(m["tiles"]))),
                           bool(m.get("concealed"))) for m in self.melds)
        return Hand(tuple(self.concealed), melds, win_tile)

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": "".join(T.codes(sorted(self.concealed)))}
        if self.melds:
            out["melds"] = [dict(m) for m in self.melds]
        return out


class Game:
    def __init__(self, rng: random.Random, options: dict[str, Any]) -> None:
        self.rng = rng
        self.options = VARIANT.options(VARIANT.request({"options": options}))
        self.kinds = sorted(T.TILE_SETS[self.options["tile_set"]])
        wall = [k for k in self.kinds for _ in range(4)]
        rng.shuffle(wall)
        self.dead = [wall.pop() for _ in range(DEAD_WALL)]
        self.wall = wall
        self.indicator = self.dead.pop()
        self.jing = Jing(*jing_pair(self.indicator, self.options["jing_mode"]))
        self.jing_kinds = {self.jing.zheng, self.jing.fu}
        self.players: int = self.options["players"]
        self.dealer = rng.randrange(self.players)
        self.appetite = rng.choice([1.0, 1.0, 1.0, 0.5, 0.0])
        self.patience = rng.choice([0, 6, 12, 20])
        """No seat takes a win before this many discards: longer hands, more claims."""
        self.track_suppliers = rng.random() < 0.9
        self.chao: int | None = None
        if rng.random() < 0.25:  # one copy of a plain kind dealt to every seat
            self.chao = rng.choice([k for k in self.kinds if k not in self.jing_kinds
                                    and self.wall.count(k) == 4])
        rich = rng.randrange(self.players) if rng.random() < 0.7 else None
        feeder = None if rich is None else (rich + rng.randrange(1, self.players)) % self.players
        pao = rich is not None and rng.random() < 0.7
        """A 包赔 scenario: the rich seat is dealt a pair of 正精, the feeder one to throw."""
        seeds: list[list[int]] = [[] for _ in range(self.players)]
        for seat, kind, n in ((rich, self.jing.zheng, 2 if pao else 0),
                              (feeder, self.jing.zheng, 1 if pao else 0),
                              *((seat, self.chao, 1 if self.chao is not None else 0)
                                for seat in range(self.players))):
            for _ in range(n):
                if seat is not None and kind in self.wall:
                    seeds[seat].append(self.wall.pop(self.wall.index(kind)))
        self.seats = [Seat(self.deal(seeds[seat], seat == rich)) for seat in range(self.players)]
        for n, s in enumerate(self.seats):
            s.feeder = n == feeder or (n != rich and rng.random() < 0.3)
        self.events: list[dict[str, Any]] = []
        self.over = False
        self.claimed = False
        """A claim or kong happened: no seat is on its first turn any more."""
        self.called = False
        """A discard was claimed: the first go-around is broken (no 抄庄)."""
        self.dealer_discards = 0
        self.discards = 0

    def deal(self, seeds: list[int], rich: bool) -> list[int]:
        """13 tiles from ``seeds`` on (a 包赔 scenario's 正精, a 抄庄 record's opening kind),
        with many pairs (pongs and kongs follow) and, for a rich seat, extra 精."""
        hand = list(seeds)
        while len(hand) < 13:
            roll = self.rng.random()
            if rich and roll < 0.15:
                want: set[int] = self.jing_kinds
            elif hand and roll < 0.55:
                want = {self.rng.choice(hand)}
            else:
                want = set()
            free = [i for i in range(len(self.wall) - 1, -1, -1) if self.wall[i] != self.chao]
            pick = next((i for i in free if self.wall[i] in want), free[0])
            hand.append(self.wall.pop(pick))
        return sorted(hand)

    # --- judging --------------------------------------------------------------------------

    def context(self, seat: int, win_type: WinType, source: int | None,
                first_turn: bool) -> Context:
        seats = Seats(dealer=self.dealer, winner=seat,
                      discarder=source if win_type is WinType.DISCARD else None,
                      konger=source if win_type is WinType.ROB_KONG else None)
        return Context(win_type=win_type, first_turn=first_turn, is_dealer=seat == self.dealer,
                       seats=seats, facts=NanchangFacts(jing=self.jing))

    def wins(self, seat: int, tile: int, win_type: WinType, source: int | None,
             first_turn: bool = False) -> bool:
        if self.rng.random() >= self.appetite or (self.discards < self.patience
                                                  and win_type is not WinType.ROB_KONG):
            return False
        context = self.context(seat, win_type, source, first_turn)
        return bool(VARIANT.check(self.seats[seat].hand(tile), context, self.options).win)

    def winner_of(self, tile: int, source: int, win_type: WinType,
                  first_turn: bool = False) -> int | None:
        """One tile has one winner: the first seat after ``source`` that wins it."""
        for seat in self.others(source):
            if self.wins(seat, tile, win_type, source, first_turn):
                return seat
        return None

    def others(self, seat: int) -> list[int]:
        """The other seats of the room in turn order after ``seat``."""
        return [(seat + d) % self.players for d in range(1, self.players)]

    # --- events ---------------------------------------------------------------------------

    def record_win(self, seat: int, tile: int, win_type: WinType, source: int | None,
                   after_kong: bool, first_turn: bool) -> None:
        context: dict[str, Any] = {}
        if win_type is not WinType.DISCARD or self.rng.random() < 0.5:
            context["win_type"] = win_type.value
        if after_kong:
            context["after_kong"] = True
        if not self.wall:
            context["last_tile"] = True
        if first_turn:
            context["first_turn"] = True
        if self.rng.random() < 0.15:
            context["others_hold_jing"] = self.rng.random() < 0.5
        event: dict[str, Any] = {"type": "win", "win_tile": T.code(tile),
                                 "winners": [{"seat": seat, **self.seats[seat].wire()}]}
        if context:
            event["context"] = context
        if source is not None:
            event["from"] = source
        self.events.append(event)
        self.winner = seat
        self.over = True

    def kong_event(self, seat: int, kind: str, tile: int, source: int | None = None) -> None:
        event: dict[str, Any] = {"type": "kong", "seat": seat,
                                 "kong": {"type": kind, "tile": T.code(tile)}}
        if source is not None:
            event["from"] = source
        self.events.append(event)
        self.claimed = True

    def meld(self, kind: str, tiles: list[int], source: int | None,
             claimed: int | None = None, concealed: bool = False) -> dict[str, Any]:
        meld: dict[str, Any] = {"type": kind, "tiles": "".join(T.codes(sorted(tiles)))}
        if concealed:
            meld["concealed"] = True
        if source is not None and self.track_suppliers:
            meld["from"] = source
            if kind == "chow":
                meld["claimed"] = T.code(claimed if claimed is not None else tiles[0])
        return meld

    # --- play -----------------------------------------------------------------------------

    def turn(self, seat: int, drew: int | None, after_kong: bool) -> int | None:
        """One go of ``seat`` after drawing ``drew`` (None: after a claim). Returns the next
        seat to draw, or None when the hand is over."""
        s = self.seats[seat]
        if drew is not None:
            first = not self.claimed and not self.events and (
                (seat == self.dealer and self.dealer_discards == 0)
                or len(s.discards) == 0)
            if self.wins(seat, drew, WinType.SELF_DRAW, None, first):
                self.record_win(seat, drew, WinType.SELF_DRAW, None, after_kong, first)
                return None
            s.concealed.append(drew)
            s.concealed.sort()
        if self.wall and drew is not None:
            for tile in sorted(set(s.concealed)):
                if s.concealed.count(tile) == 4 and self.rng.random() < 0.9:
                    for _ in range(4):
                        s.concealed.remove(tile)
                    s.melds.append(self.meld("kong", [tile] * 4, None, concealed=True))
                    self.kong_event(seat, "concealed", tile)
                    return self.replacement(seat)
            for n, m in enumerate(s.melds):
                tile = T.parse_any(m["tiles"])[0]
                if m["type"] == "pong" and tile in s.concealed and self.rng.random() < 0.9:
                    s.concealed.remove(tile)
                    robber = self.winner_of(tile, seat, WinType.ROB_KONG)
                    if robber is not None:
                        self.record_win(robber, tile, WinType.ROB_KONG, seat, False, False)
                        return None
                    s.melds[n] = {**m, "type": "kong", "tiles": T.code(tile) * 4}
                    self.kong_event(seat, "added", tile)
                    return self.replacement(seat)
        if not self.wall and drew is not None and self.rng.random() < 0.5:
            return None  # the hand ends before the last drawer's discard: it shows 14
        tile = self.choose_discard(seat)
        s.concealed.remove(tile)
        s.discards.append(tile)
        self.discards += 1
        if seat == self.dealer:
            self.dealer_discards += 1
        return self.discarded(seat, tile, after_kong)

    def replacement(self, seat: int) -> int | None:
        if not self.wall:
            return None
        return self.turn(seat, self.wall.pop(), True)

    def choose_discard(self, seat: int) -> int:
        """A feeder throws its 精 first; the dealer of a 抄庄 record opens with a tile the
        others hold, and they follow with it; else the lowest shanten, 精 kept."""
        s = self.seats[seat]
        if self.chao is not None and not self.called and self.chao in s.concealed:
            first = self.dealer_first_discard()
            if (seat == self.dealer and self.dealer_discards == 0) or first == self.chao:
                return self.chao
        jing = sorted((t != self.jing.zheng, t) for t in s.concealed if t in self.jing_kinds)
        if s.feeder and jing:
            return jing[0][1]  # 正精 first
        context = Context(facts=NanchangFacts(jing=self.jing))
        best, choices = 99, []
        plain = set(s.concealed) - self.jing_kinds
        for tile in sorted(plain or set(s.concealed)):
            rest = list(s.concealed)
            rest.remove(tile)
            value = VARIANT.shanten(rest, len(s.melds), context, self.options)
            if value < best:
                best, choices = value, [tile]
            elif value == best:
                choices.append(tile)
        return self.rng.choice(choices)

    def dealer_first_discard(self) -> int | None:
        d = self.seats[self.dealer]
        return d.discards[0] if self.dealer_discards == 1 and d.discards else None

    def discarded(self, seat: int, tile: int, after_kong: bool) -> int | None:
        first_turn = (not self.claimed and seat == self.dealer and self.dealer_discards == 1
                      and not self.events)
        winner = self.winner_of(tile, seat, WinType.DISCARD, first_turn)
        if winner is not None:
            self.seats[seat].discards.pop()  # the claimed tile is the winner's
            self.record_win(winner, tile, WinType.DISCARD, seat, after_kong, first_turn)
            return None
        self.follow(seat, tile)
        if not self.wall:
            return None
        if tile == self.chao and self.dealer_first_discard() == tile:
            return (seat + 1) % self.players  # the others follow it rather than claim it
        for d, other in enumerate(self.others(seat), 1):
            claim = self.claim(other, seat, tile, upper=d == 1)
            if claim != NO_CLAIM:
                return claim  # the next seat to draw, or None: the hand ended after it
        return (seat + 1) % self.players

    def follow(self, seat: int, tile: int) -> None:
        """抄庄: the *P* − 1 seats after the dealer threw its first discard, in the first
        go-around, with nothing claimed."""
        if self.called or any(e["type"] == "chao_zhuang" for e in self.events):
            return
        first = self.dealer_first_discard()
        if first is None or tile != first or seat != (self.dealer - 1) % self.players:
            return
        if all(self.seats[other].discards[:1] == [first] for other in self.others(self.dealer)):
            self.events.append({"type": "chao_zhuang"})

    def claim(self, other: int, seat: int, tile: int, upper: bool) -> int | None:
        """Seat ``other`` claims ``seat``'s discard: an exposed kong, a pong (always of a
        精, else often) or, from 上家, a chow. Returns the next seat to draw, None when the
        hand ended after the claim, `NO_CLAIM` when ``other`` does not claim."""
        o = self.seats[other]
        held = o.concealed.count(tile)
        keen = tile in self.jing_kinds or self.rng.random() < 0.8
        if held == 3 and keen and self.rng.random() < 0.6:  # else a pong, its 补杠 later
            for _ in range(3):
                o.concealed.remove(tile)
            o.melds.append(self.meld("kong", [tile] * 4, seat))
            self.seats[seat].discards.pop()
            self.called = True
            self.kong_event(other, "exposed", tile, seat)
            return self.replacement(other)
        if held >= 2 and keen:
            for _ in range(2):
                o.concealed.remove(tile)
            o.melds.append(self.meld("pong", [tile] * 3, seat))
            self.seats[seat].discards.pop()
            self.claimed = self.called = True
            return self.turn(other, None, False)
        if upper and tile < T.HONOR_BASE and (tile in self.jing_kinds
                                              or self.rng.random() < 0.25):
            rank = tile % 9
            for low in (rank - 2, rank - 1, rank):
                others = [tile - rank + r for r in range(low, low + 3) if r != rank]
                if low < 0 or low + 2 > 8 or not all(t in o.concealed for t in others):
                    continue
                for t in others:
                    o.concealed.remove(t)
                o.melds.append(self.meld("chow", [*others, tile], seat, claimed=tile))
                self.seats[seat].discards.pop()
                self.claimed = self.called = True
                return self.turn(other, None, False)
        return NO_CLAIM

    def play(self) -> dict[str, Any]:
        self.winner: int | None = None
        dealt = [list(s.concealed) for s in self.seats]
        seat: int | None = self.dealer
        drew: int | None = self.wall.pop()
        dealt[self.dealer].append(drew)
        while seat is not None and not self.over:
            seat = self.turn(seat, drew, False)
            if seat is None or self.over or not self.wall:
                break
            drew = self.wall.pop()
        record: dict[str, Any] = {"dealer": self.dealer, "shang_jing": T.code(self.indicator)}
        opening: dict[str, Any] = {}
        if self.options["hui_tou_yi_xiao"] and self.rng.random() < 0.8:
            opening["hui_tou"] = T.code(self.rng.choice(self.kinds))
        if self.options["shang_xia_fan_jing"]:
            opening["xia_jing"] = T.code(self.dead.pop())
        if opening:
            opening["hands"] = ["".join(T.codes(sorted(h))) for h in dealt]
            record["opening"] = opening
        record["events"] = self.events
        counted = self.options["jing_count_discards"]
        hands = []
        for n, s in enumerate(self.seats):
            entry = {} if n == self.winner else s.wire()
            if counted or self.rng.random() < 0.5:
                entry["discards"] = "".join(T.codes(s.discards))
            hands.append(entry)
        record["end"] = {"hands": hands}
        if self.options["xia_jing_pairs"]:
            record["end"]["xia_jing"] = [T.code(self.dead.pop())
                                         for _ in range(self.options["xia_jing_pairs"])]
        return record


def play(rng: random.Random, options: dict[str, Any]) -> dict[str, Any]:
    """One random hand's record under ``options``, with ``end``."""
    return Game(rng, options).play()


@dataclass
class Stats:
    """How often the generated records reach what the settlement cares about (from the
    reference's answers)."""

    records: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, record: dict[str, Any], answer: dict[str, Any]) -> None:
        self.records += 1
        jing = answer["jing"]
        shang = [p for p in jing if p["category"] == "shang_jing"]
        seen = {
            "won": answer["outcome"] == "won",
            "荒庄": answer["outcome"] == "huang_zhuang",
            "冲关 (上精)": any(p["chong_guan"] for p in shang),
            "冲关 (any pair)": any(p["chong_guan"] for p in jing),
            "霸王精": any(p["ba_wang"] is not None for p in jing),
            "冲关包赔": "chong_guan_bao_pei" in answer["by_reason"],
            "≥ 2 下精 pairs": sum(p["category"] == "xia_jing" for p in jing) >= 2,
            "opening pairs": any(p["category"] in ("hui_tou_yi_xiao", "kai_ju_xia_jing")
                                 for p in jing),
            "抄庄": any(e["type"] == "chao_zhuang" for e in record["events"]),
            "kongs": any(e["type"] == "kong" for e in record["events"]),
            "rob-kong": any((e.get("context") or {}).get("win_type") == "rob_kong"
                            for e in record["events"]),
            "天胡/地胡": any(p["id"] in ("tian_hu", "di_hu") for w in answer["wins"]
                           for p in w["patterns"]),
            "3 seats": len(record["end"]["hands"]) == 3,
            "2 seats": len(record["end"]["hands"]) == 2,
            "14 tiles at 荒庄": any(len(T.parse_any(h.get("hand") or [])) + 3 * len(
                h.get("melds") or []) == 14 for h in record["end"]["hands"]),
        }
        for name, hit in seen.items():
            self.counts[name] = self.counts.get(name, 0) + hit

    def shares(self) -> str:
        n = max(1, self.records)
        return f"{self.records} records: " + ", ".join(
            f"{name} {count / n:.0%}" for name, count in self.counts.items())


def rob_kong_records(rng: random.Random, count: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Robbed 补杠 (抢杠), which the played hands reach rarely, under random options: small
    case 16's (seat 2 robs seat 1's 8m) and a robbed 正精 that brings the robber to 冲关, so
    the robbed konger is the 冲关包赔 supplier, the last supply (seat 1, with 6m and a pong of
    666m from seat 0, robs seat 3's 5m: (1, 4) → 6 points)."""
    from tests.engine.variants.nanchang.settle.examples import SMALL

    case_16 = next(record for name, record, _, _ in SMALL if name.startswith("16"))
    rob_jing = {"dealer": 0, "shang_jing": "5m", "events": [
        {"type": "win", "from": 3, "win_tile": "5m", "context": {"win_type": "rob_kong"},
         "winners": [{"seat": 1, "hand": "4m6m123p789s11z",
                      "melds": [{"type": "pong", "tiles": "666m", "from": 0}]}]}],
        "end": {"hands": [
            {"hand": "123m789m234p567s2z", "discards": "9p"}, {"discards": "3z"},
            {"hand": "444m999m111s222s3z", "discards": "9p"},
            {"hand": "777m888m444s4z", "melds": [{"type": "pong", "tiles": "555m", "from": 2}],
             "discards": "9p"}]}}
    out = []
    for n in range(count):
        options = random_options(rng)
        for name in ("tile_set", "jing_mode", "xia_jing_pairs", "hui_tou_yi_xiao",
                     "shang_xia_fan_jing", "wu_ping_hu", "players"):  # the records' defaults
            options.pop(name, None)
        out.append((case_16 if n % 2 else rob_jing, options))
    return out
