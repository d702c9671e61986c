"""Random legal 长沙 hands played from a shuffled wall, recorded as ``settle`` records.

Simple policies make what the settlement cares about frequent. The deal favours two suits and
repeated kinds, so that 缺一色, 六六顺 and 大四喜 are common, and every seat with an opening
pattern declares it (sometimes only some of its patterns). Seats throw the tile that leaves
the lowest shanten — mostly the one the most other seats win on (一炮多响) — pong often, chow
sometimes, kong whenever they can, and 开杠 whenever the kong leaves a ready hand (its
tiles won by the konger, or by 1–3 others: 杠上开花, 杠上炮); an added kong may be robbed.
Part of the wall is set aside at random (tiles nobody sees), so that the 海底 is reached
often: it is offered in turn order, a seat that wins on it takes it, the others take it at
random; birds are turned from the wall (``short_wall`` when it runs short) or repeat the
海底 tile.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine import tiles as T
from engine.hand import Hand, Meld, MeldKind, WinType
from engine.variants.changsha.qishou import qishou_patterns
from engine.variants.changsha.scoring import judge
from engine.variants.changsha.shapes import has_wait, shanten
from tests.engine.variants.changsha.settle.reference import effective

OPTION_CHOICES: dict[str, list[Any]] = {
    "zhuang_xian": [True, False],
    "bird_origin": ["winner", "dealer"],
    "bird_mode": ["add", "double", "159_only", "plus_hits"],
    "shuang_haohua_units": [3, 4],
    "dahu_stack": ["add", "multiply"],
    "menqing_dahu": [False, True],
    "quanqiuren_discard_only": [False, True],
    "bird_count": [2, 0, 1, 4, 6],
    "kai_gang": [True, True, False],
    "zhuang_xian_in_birds": [False, True],
    "zhuang_xian_value": ["one", "units"],
    "xiao_hu_self_draw": [2, 1],
    "qishou_value": ["per_pattern", "once"],
    "qishou_birds": ["none", "dice", "win_birds"],
    "kai_gang_draws": [2, 1, 3, 4],
    "kai_gang_wins": ["each", "merged"],
    "bu_zhang_kai_hua": [False, True],
    "hai_di_birds": ["repeat", "one"],
    "yi_pao_duo_xiang": [True, True, False],
    "zuo_piao": [0, 1, 5],
    "draw_next_dealer": ["last_drawer", "dealer"],
}


def random_options(rng: random.Random) -> dict[str, Any]:
    """Each option drawn from its values (about half of them left at the default); a room
    of 2 or 3 players one time in three (rooms.md §0.9.5: its birds and dice by
    ``bird_seats``)."""
    options = {name: rng.choice(values) for name, values in OPTION_CHOICES.items()
               if rng.random() < 0.5}
    if rng.random() < 1 / 3:
        options["players"] = rng.choice((2, 3))
        options["bird_seats"] = rng.choice(("circle", "modulo"))
    return options


@dataclass
class Seat:
    concealed: list[int]
    melds: list[tuple[str, tuple[int, ...], bool]] = field(default_factory=list)
    """(chow, pong or kong; tiles; concealed)."""
    locked: bool = False
    keeps: bool = False
    """A rigged seat keeps its waiting hand: it throws what it draws."""

    def hand(self, win_tile: int | None = None) -> Hand:
        melds = tuple(Meld(MeldKind(kind), tiles, hidden) for kind, tiles, hidden in self.melds)
        return Hand(tuple(self.concealed), melds, win_tile)

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": "".join(T.codes(sorted(self.concealed)))}
        if self.melds:
            out["melds"] = [{"type": kind, "tiles": "".join(T.codes(tiles)),
                             **({"concealed": True} if hidden else {})}
                            for kind, tiles, hidden in self.melds]
        return out


@dataclass
class Stats:
    records: int = 0
    qishou: int = 0
    kai_gang: int = 0
    kai_gang_won: int = 0
    multi: int = 0
    hai_di: int = 0
    rob_kong: int = 0
    won: int = 0
    draws: int = 0

    def shares(self) -> str:
        n = max(1, self.records)
        return (f"{self.records} records: with 起手小胡 {self.qishou / n:.0%}, 开杠 "
                f"{self.kai_gang / n:.0%} (won on its tiles {self.kai_gang_won / n:.0%}), "
                f"一炮多响 {self.multi / n:.0%}, 海底 reached {self.hai_di / n:.0%}, rob-kong "
                f"{self.rob_kong / n:.0%}; won {self.won / n:.0%}, 流局 {self.draws / n:.0%}")


class Game:
    def __init__(self, rng: random.Random, options: dict[str, Any]) -> None:
        self.rng = rng
        self.options = options
        self.o = effective(options)
        self.draws = int(options.get("kai_gang_draws", 2))
        self.birds = int(self.o["bird_count"])
        self.duo_xiang = options.get("yi_pao_duo_xiang", True)
        self.kai_gang = options.get("kai_gang", True)
        wall = [k for k in range(27) for _ in range(4)]
        rng.shuffle(wall)
        self.wall = wall
        self.players = int(options.get("players") or 4)
        self.dealer = rng.randrange(self.players)
        self.seats = [Seat([]) for _ in range(self.players)]
        rigged = self.rig() if rng.random() < 0.6 else {}
        for d in range(self.players):
            seat = (self.dealer + d) % self.players
            self.seats[seat].concealed = rigged.get(seat) or self.deal(14 if d == 0 else 13,
                                                                       rng.randrange(3))
            self.seats[seat].keeps = seat in rigged
            if len(self.seats[seat].concealed) < (14 if d == 0 else 13):
                self.seats[seat].concealed = sorted(
                    [*self.seats[seat].concealed, self.wall.pop()])
        # tiles set aside, never seen: the 海底 comes sooner
        del self.wall[:rng.choice([0, 10, 25, 35, 40])]
        self.events: list[dict[str, Any]] = []
        self.end: dict[str, Any] | None = None
        self.over = False
        self.first_go = True
        self.hai_di_reached = False

    def rig(self) -> dict[int, list[int]]:
        """Two or three seats dealt hands that already wait on one kind (any deal can
        happen): 一炮多响 needs several seats waiting on the same tile."""
        target = self.rng.randrange(27)
        seats = self.rng.sample(range(self.players), min(self.players, self.rng.choice([2, 3])))
        out: dict[int, list[int]] = {}
        for seat in seats:
            hand = self.complete_with(target)
            if hand is None:
                break
            hand.remove(target)
            out[seat] = sorted(hand)
        return out

    def take(self, kinds: list[int]) -> bool:
        """Take these tiles out of the wall, or none of them."""
        taken = []
        for k in kinds:
            if k not in self.wall:
                self.wall.extend(taken)
                return False
            self.wall.remove(k)
            taken.append(k)
        return True

    def complete_with(self, target: int) -> list[int] | None:
        """A 14-tile winning shape with ``target`` in it, from the wall: a 2/5/8 pair and
        four chows or pongs, one of them holding the target."""
        groups: list[list[int]] = []
        # a chow through the target (one copy a seat, so copies stay in the wall to be won)
        first = [[low, low + 1, low + 2] for low in (target - 2, target - 1, target)
                 if low >= 0 and low % 9 <= 6 and low // 9 == target // 9]
        for shape in self.rng.sample(first, len(first)):
            if self.take(shape):
                groups.append(shape)
                break
        else:
            return None
        for _ in range(60):
            if len(groups) == 4:
                break
            low = self.rng.randrange(27)
            shape = [low] * 3 if self.rng.random() < 0.4 or low % 9 > 6 else \
                [low, low + 1, low + 2]
            if self.take(shape):
                groups.append(shape)
        pair = next((k for k in self.rng.sample([1, 4, 7, 10, 13, 16, 19, 22, 25], 9)
                     if self.wall.count(k) >= 2), None)
        if len(groups) < 4 or pair is None or not self.take([pair, pair]):
            for g in groups:
                self.wall.extend(g)
            return None
        return [t for g in groups for t in g] + [pair, pair]

    def deal(self, size: int, dropped: int) -> list[int]:
        """Mostly two suits and many repeated kinds: opening patterns, pongs and kongs."""
        hand: list[int] = []
        while len(hand) < size:
            pick = len(self.wall) - 1
            if hand and self.rng.random() < 0.4:
                want = self.rng.choice(hand)
                pick = next((i for i in range(len(self.wall) - 1, -1, -1)
                             if self.wall[i] == want), pick)
            elif self.rng.random() < 0.85:
                pick = next((i for i in range(len(self.wall) - 1, -1, -1)
                             if self.wall[i] // 9 != dropped), pick)
            hand.append(self.wall.pop(pick))
        return sorted(hand)

    # --- judging --------------------------------------------------------------------------

    def wins(self, seat: int, tile: int, win_type: WinType) -> bool:
        return judge(self.seats[seat].hand(tile), win_type, self.o).win

    def winners_of(self, tile: int, source: int, win_type: WinType) -> list[int]:
        order = [(source + d) % self.players for d in range(1, self.players)]
        found = [s for s in order if self.wins(s, tile, win_type)]
        return found[:1] if found and not self.duo_xiang else found

    # --- events ---------------------------------------------------------------------------

    def declare(self) -> None:
        for d in range(self.players):
            seat = (self.dealer + d) % self.players
            found = [p.id for p in qishou_patterns(self.seats[seat].concealed)]
            if not found or self.rng.random() < 0.3:
                continue
            event: dict[str, Any] = {"type": "qishou", "seat": seat,
                                     "hand": "".join(T.codes(self.seats[seat].concealed))}
            if self.rng.random() < 0.3:
                event["patterns"] = self.rng.sample(found, self.rng.randint(1, len(found)))
            if self.o.get("qishou_birds") == "dice":
                event["dice"] = [self.rng.randint(1, 6), self.rng.randint(1, 6)]
            self.events.append(event)

    def turned_birds(self, hai_di: int | None) -> tuple[list[str], bool]:
        if self.birds == 0:
            return [], False
        if hai_di is not None:
            n = 1 if self.o.get("hai_di_birds") == "one" else self.birds
            return [T.code(hai_di)] * n, False
        n = min(self.birds, len(self.wall))
        return [T.code(self.wall.pop()) for _ in range(n)], n < self.birds

    def record_win(self, winners: list[int], win_type: WinType, *, tile: int | None = None,
                   source: int | None = None, after_kong: bool = False,
                   last_tile: bool = False, win_tiles: dict[int, list[int]] | None = None
                   ) -> None:
        context: dict[str, Any] = {}
        if win_type is not WinType.DISCARD or self.rng.random() < 0.5:
            context["win_type"] = win_type.value
        if after_kong:
            context["after_kong"] = True
        if last_tile:
            context["last_tile"] = True
        if self.first_go and not any(e["type"] == "kong" for e in self.events) and (
                (win_type is WinType.SELF_DRAW and winners == [self.dealer])
                or (win_type is WinType.DISCARD and source == self.dealer)):
            context["first_turn"] = True
        event: dict[str, Any] = {"type": "win"}
        if source is not None:
            event["from"] = source
        if tile is not None:
            event["win_tile"] = T.code(tile)
        if context:
            event["context"] = context
        listed = list(winners)
        self.rng.shuffle(listed)
        event["winners"] = [
            {"seat": w, **self.seats[w].wire(),
             **({"win_tiles": T.codes(win_tiles[w])} if win_tiles is not None else {})}
            for w in listed]
        birds, short = self.turned_birds(tile if last_tile else None)
        if birds:
            event["birds"] = birds
        if short:
            event["short_wall"] = True
        self.events.append(event)
        self.over = True

    def kong(self, seat: int, kind: str, tile: int, source: int | None = None) -> bool:
        """Make the kong; True when the hand ended on it (a win on 开杠's tiles)."""
        s = self.seats[seat]
        event: dict[str, Any] = {"type": "kong", "seat": seat,
                                 "kong": {"type": kind, "tile": T.code(tile)}}
        if source is not None:
            event["from"] = source
        self.events.append(event)
        self.first_go = False
        if (self.kai_gang and not s.locked and len(self.wall) > self.draws
                and has_wait(s.concealed, s.hand().melds) and self.rng.random() < 0.9):
            drawn = [self.kai_gang_tile(seat) for _ in range(self.draws)]
            event["mode"] = "kai_gang"
            event["drawn"] = T.codes(drawn)
            s.locked = True
            mine = [t for t in drawn if self.wins(seat, t, WinType.SELF_DRAW)]
            if mine:
                self.record_win([seat], WinType.SELF_DRAW, after_kong=True,
                                win_tiles={seat: mine})
                return True
            won = {o: [t for t in drawn if self.wins(o, t, WinType.DISCARD)]
                   for o in ((seat + d) % self.players for d in range(1, self.players))}
            takers = [o for o, ts in won.items() if ts]
            if takers:
                takers = takers[:1] if not self.duo_xiang else takers
                self.record_win(takers, WinType.DISCARD, source=seat, after_kong=True,
                                win_tiles={o: won[o] for o in takers})
                return True
            self.pending = None  # the drawn tiles are thrown; the turn passes
            return False
        self.pending = seat
        return False

    # --- play -----------------------------------------------------------------------------

    def turn(self, seat: int, drew: int | None, after_kong: bool) -> int | None:
        """One go of ``seat`` after drawing ``drew`` (None after a claim); the next seat to
        draw, or None when the hand is over."""
        s = self.seats[seat]
        if drew is not None:
            if self.wins(seat, drew, WinType.SELF_DRAW) and (self.rng.random() < 0.6
                                                             or len(self.wall) < 8):
                self.record_win([seat], WinType.SELF_DRAW, tile=drew,
                                after_kong=after_kong and bool(self.o.get("bu_zhang_kai_hua")))
                return None
            s.concealed.append(drew)
        if self.wall and len(self.events) < 30 and not s.locked:
            for tile in sorted(set(s.concealed)):
                if s.concealed.count(tile) == 4 and self.worth_a_kong(seat, tile, 4):
                    for _ in range(4):
                        s.concealed.remove(tile)
                    s.melds.append(("kong", (tile,) * 4, True))
                    return self.after_kong(seat, self.kong(seat, "concealed", tile))
            for n, (kind, tiles, _) in enumerate(s.melds):
                if (kind == "pong" and tiles[0] in s.concealed
                        and self.worth_a_kong(seat, tiles[0], 1)):
                    tile = tiles[0]
                    s.concealed.remove(tile)
                    robbers = self.winners_of(tile, seat, WinType.ROB_KONG)
                    if robbers:
                        self.record_win(robbers, WinType.ROB_KONG, tile=tile, source=seat)
                        return None
                    s.melds[n] = ("kong", (tile,) * 4, False)
                    return self.after_kong(seat, self.kong(seat, "added", tile))
        tile = drew if (s.locked or s.keeps) and drew is not None else self.choose_discard(seat)
        s.concealed.remove(tile)
        return self.discarded(seat, tile)

    def worth_a_kong(self, seat: int, tile: int, held: int) -> bool:
        """Kong at once when the hand it leaves is ready (开杠 then follows), else now and
        then: the 开杠 is what the settlement reads."""
        s = self.seats[seat]
        rest = list(s.concealed)
        for _ in range(held):
            rest.remove(tile)
        if len(rest) % 3 != 1:  # after a draw: throw one first, as the shanten policy would
            return self.rng.random() < 0.15
        return has_wait(rest, s.hand().melds) or self.rng.random() < 0.15

    def after_kong(self, seat: int, ended: bool) -> int | None:
        if ended:
            return None
        if self.pending is None:  # an unwon 开杠: its tiles are thrown, the next seat draws
            return (seat + 1) % self.players
        if len(self.wall) <= 1:
            return (seat + 1) % self.players
        return self.turn(seat, self.wall.pop(0), True)

    def choose_discard(self, seat: int) -> int:
        s = self.seats[seat]
        melds = s.hand().melds
        best, choices = 99, []
        for tile in sorted(set(s.concealed)):
            rest = list(s.concealed)
            rest.remove(tile)
            value = shanten(rest, melds)
            if value < best:
                best, choices = value, [tile]
            elif value == best:
                choices.append(tile)
        feeding = [t for t in set(s.concealed)
                   if len(self.winners_of(t, seat, WinType.DISCARD)) >= 2]
        if feeding and self.rng.random() < 0.8:  # 一炮多响 on purpose
            return self.rng.choice(sorted(feeding))
        if self.rng.random() < 0.3:
            return self.rng.choice(choices)
        return max(choices, key=lambda t: (len(self.winners_of(t, seat, WinType.DISCARD)),
                                           self.rng.random()))

    def discarded(self, seat: int, tile: int) -> int | None:
        winners = self.winners_of(tile, seat, WinType.DISCARD)
        if len(winners) == 1 and self.duo_xiang and self.rng.random() < 0.7 \
                and len(self.wall) > 8:
            winners = []  # passed (过胡): more seats wait at once later
        if winners:
            self.record_win(winners, WinType.DISCARD, tile=tile, source=seat)
            return None
        self.first_go = self.first_go and seat != self.dealer
        if len(self.wall) <= 1 or len(self.events) >= 30:
            return (seat + 1) % self.players
        for d in range(1, self.players):
            other = (seat + d) % self.players
            o = self.seats[other]
            if o.locked:
                continue
            held = o.concealed.count(tile)
            if held == 3:
                for _ in range(3):
                    o.concealed.remove(tile)
                o.melds.append(("kong", (tile,) * 4, False))
                return self.after_kong(other, self.kong(other, "exposed", tile, seat))
            if held == 2 and self.rng.random() < 0.6:
                for _ in range(2):
                    o.concealed.remove(tile)
                o.melds.append(("pong", (tile,) * 3, False))
                self.first_go = False
                return self.turn(other, None, False)
        left = (seat + 1) % self.players
        o = self.seats[left]
        if not o.locked and self.rng.random() < 0.3:
            for low in (tile - 2, tile - 1, tile):
                run = (low, low + 1, low + 2)
                if low < 0 or low // 9 != (low + 2) // 9 or low // 9 != tile // 9:
                    continue
                others = [t for t in run if t != tile]
                if all(t in o.concealed for t in others):
                    for t in others:
                        o.concealed.remove(t)
                    o.melds.append(("chow", run, False))
                    self.first_go = False
                    return self.turn(left, None, False)
        return left

    def draw(self, seat: int) -> int:
        """The next tile; now and then one that two other seats win on (the wall's order is
        unknown to the record, so any tile of it may come next)."""
        if self.duo_xiang and self.rng.random() < 0.5:
            for i in range(len(self.wall) - 1, 0, -1):
                tile = self.wall[i]
                if (len(self.winners_of(tile, seat, WinType.DISCARD)) >= 2
                        and not self.wins(seat, tile, WinType.SELF_DRAW)):
                    return self.wall.pop(i)
        return self.wall.pop()

    def kai_gang_tile(self, seat: int) -> int:
        """A tile from the end of the wall; now and then one that some seat wins on."""
        if self.rng.random() < 0.35:
            for i in range(len(self.wall) - 1):
                tile = self.wall[i]
                if self.wins(seat, tile, WinType.SELF_DRAW) or self.winners_of(
                        tile, seat, WinType.DISCARD):
                    return self.wall.pop(i)
        return self.wall.pop(0)

    def hai_di(self, first: int) -> None:
        """The last tile, offered in turn order from ``first``."""
        self.hai_di_reached = True
        tile = self.wall.pop()
        for d in range(self.players):
            seat = (first + d) % self.players
            if self.wins(seat, tile, WinType.SELF_DRAW):
                self.record_win([seat], WinType.SELF_DRAW, tile=tile, last_tile=True)
                return
            if self.rng.random() < 0.5:
                winners = self.winners_of(tile, seat, WinType.DISCARD)
                if winners:
                    self.record_win(winners, WinType.DISCARD, tile=tile, source=seat,
                                    last_tile=True)
                else:
                    self.end = {"hai_di_first": first, "hai_di_taker": seat}
                return
        self.end = {"hai_di_first": first}
        if self.rng.random() < 0.5:
            self.end["hai_di_taker"] = None

    def play(self) -> dict[str, Any]:
        self.declare()
        self.pending = None
        seat: int | None = self.dealer
        dealt = self.seats[self.dealer].concealed
        drew: int | None = dealt.pop(self.rng.randrange(len(dealt)))
        while seat is not None and not self.over:
            seat = self.turn(seat, drew, False)
            if seat is None or self.over:
                break
            if len(self.wall) <= 1:
                if self.wall:
                    self.hai_di(seat)
                break
            drew = self.draw(seat)
        record: dict[str, Any] = {"dealer": self.dealer, "events": self.events}
        if self.rng.random() < 0.5:
            record["piao"] = [self.rng.randint(0, 10) for _ in range(self.players)]
        if self.end is not None and not self.over:
            record["end"] = self.end
        return record


def play(rng: random.Random, options: dict[str, Any], stats: Stats | None = None
         ) -> dict[str, Any]:
    """One random hand's record under ``options``."""
    game = Game(rng, options)
    record = game.play()
    if stats is not None:
        events = record["events"]
        stats.records += 1
        stats.qishou += any(e["type"] == "qishou" for e in events)
        stats.kai_gang += any(e.get("mode") == "kai_gang" for e in events)
        wins = [e for e in events if e["type"] == "win"]
        stats.kai_gang_won += any("win_tiles" in w for e in wins for w in e["winners"])
        stats.multi += any(len(e["winners"]) > 1 for e in wins)
        stats.hai_di += game.hai_di_reached
        stats.rob_kong += any(e.get("context", {}).get("win_type") == "rob_kong" for e in wins)
        stats.won += bool(wins)
        stats.draws += "end" in record
    return record
