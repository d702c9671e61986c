"""Fixed-seed games played by simple bots, and every call a game server makes for them.

A backend with bots asks the service, per hand: after each draw ``claims`` for the drawer
(``source: self_draw``) and ``discards`` for its bot; after each discard one ``batch`` of
``claims`` for the other players still in; ``waits`` when a discard leaves the hand ready (the
player's hint); ``fan`` at each win. Per variant: 四川 定缺 (each bot drops its shortest suit)
and ``settle`` at the end; 长沙 ``qishou`` on each dealt hand and birds turned for a win; 南昌
the indicator turned, ``jing`` once and the 精 in every context, ``jing-settlement`` at the
end; 红中 the codes turned for a win. ``SETTLE`` names the variants whose hand ends with a
``settle`` call, one line a variant.

The bots: discard the first tile ``discards`` advises; win whenever ``claims`` offers it; kong
when the hand the kong leaves is no further from ready; pong or chow when the call brings the
hand closer to ready (the ``after`` block), then discard what ``after`` names. 四川 plays
血战到底 (winners leave, several may win one discard, the hand ends at the third winner or the
wall); the other variants end at the first win (the first winner in turn order from the
discarder). Robbing a kong is asked after every added kong.

Each call goes through ``Caller`` — in-process through Flask's test client, which the bots
read to decide and which checks every answer is a 200 — and is kept as (path, the exact
body bytes). A body the game would send a second time (rare: the same hand and context
twice) is answered from memory and not kept, so the stream has no body twice.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.tiles import code, compact, from_code

Body = dict[str, Any]


@dataclass(frozen=True)
class Call:
    path: str
    payload: bytes
    game: int

    @property
    def kind(self) -> str:
        """The call type: the path's last segment (``batch`` is a claims batch)."""
        return self.path.rsplit("/", 1)[1]


class Caller:
    """Answers each body in-process and keeps the distinct ones, in order."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.calls: list[Call] = []
        self.repeats = 0
        self._answers: dict[tuple[str, bytes], Any] = {}
        self.game = 0

    def __call__(self, path: str, body: Body) -> Any:
        payload = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
        key = path, payload
        if key in self._answers:
            self.repeats += 1
            return self._answers[key]
        response = self.client.post(path, data=payload, content_type="application/json")
        if response.status_code != 200:
            raise RuntimeError(f"{path} {payload.decode()} → {response.status_code} "
                               f"{response.get_data(as_text=True)[:500]}")
        answer = response.get_json()
        self._answers[key] = answer
        self.calls.append(Call(path, payload, self.game))
        return answer


@dataclass
class Meld:
    type: str  # chow, pong, kong
    tiles: list[int]
    concealed: bool = False
    source: int | None = None  # who discarded the claimed tile

    def body(self) -> Body:
        out: Body = {"type": self.type, "tiles": compact(self.tiles)}
        if self.concealed:
            out["concealed"] = True
        return out


@dataclass
class Seat:
    hand: list[int]
    melds: list[Meld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    context: Body = field(default_factory=dict)  # the variant's own members (missing_suit, jing)
    shanten: int = 8
    won: bool = False

    def parts(self) -> Body:
        out: Body = {"hand": compact(sorted(self.hand))}
        if self.melds:
            out["melds"] = [m.body() for m in self.melds]
        return out


WALLS = {"sichuan": range(27), "changsha": range(27), "hongzhong": [*range(27), 33],
         "nanchang": range(34)}
SOURCES = {3: "discard_left", 2: "discard_opposite", 1: "discard_right"}
"""The discarder's seat minus the player's (mod 4) → the claims source."""


class Game:
    """One hand of ``variant`` from ``seed``; ``play`` makes every call through ``call``."""

    def __init__(self, variant: str, seed: int, call: Callable[[str, Body], Any]) -> None:
        self.variant, self.call = variant, call
        self.rng = random.Random(f"{variant}-{seed}")
        self.wall = [k for k in WALLS[variant] for _ in range(4)]
        self.rng.shuffle(self.wall)
        self.seats = [Seat(sorted(self.wall.pop() for _ in range(13))) for _ in range(4)]
        self.dealer = seed % 4
        self.pile: list[int] = []  # discards nobody claimed
        self.events: list[Body] = []  # the 四川 settle record's kongs and wins
        self.turned: list[int] = []  # 南昌's indicator
        self.over = False
        self.first_draw = True

    # ---- what the bots send -------------------------------------------------------------
    def path(self, op: str) -> str:
        return f"/v1/{self.variant}/{op}"

    def visible(self, who: int) -> str:
        """What ``who`` sees on the table: the unclaimed discards and the others' open melds."""
        tiles = list(self.pile)
        for i, seat in enumerate(self.seats):
            if i != who:
                tiles += [t for m in seat.melds if not m.concealed for t in m.tiles]
        return compact(sorted(tiles))

    def active(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.won]

    def claims_body(self, who: int, tile: int, source: str, **extra: Any) -> Body:
        seat = self.seats[who]
        context = {"source": source, **extra, **seat.context, "visible": self.visible(who)}
        if not self.wall and source != "rob_kong":
            context["last_tile"] = True
        return {**seat.parts(), "tile": code(tile), "context": context}

    # ---- the hand -----------------------------------------------------------------------
    def play(self) -> None:
        OPENINGS.get(self.variant, lambda game: None)(self)
        turn, after_kong, kong_from = self.dealer, False, None
        while not self.over and self.wall:
            step = self.own_draw(turn, self.wall.pop(), after_kong, kong_from)
            turn, after_kong, kong_from = step
        CLOSINGS.get(self.variant, lambda game: None)(self)

    def next_after(self, seat: int) -> int:
        for i in range(1, 5):
            if not self.seats[(seat + i) % 4].won:
                return (seat + i) % 4
        return seat

    def own_draw(self, who: int, tile: int, after_kong: bool,
                 kong_from: int | None) -> tuple[int, bool, int | None]:
        """The drawer's ``claims``, then a win, a kong or a discard: the next draw."""
        seat = self.seats[who]
        extra: Body = {"after_kong": True} if after_kong else {}
        if self.first_draw and who == self.dealer:
            extra["first_turn"] = True
        self.first_draw = False
        actions = self.call(self.path("claims"),
                            self.claims_body(who, tile, "self_draw", **extra))["actions"]
        best = actions[0]
        if best["type"] == "win":
            self.win({who: best}, tile, "self_draw", None, extra, kong_from)
            return self.next_after(who), False, None
        kong = next((a for a in actions if a["type"] == "kong"), None)
        if kong and kong["after"]["shanten"] <= seat.shanten and self.wall:
            return self.own_kong(who, tile, kong)
        seat.hand.append(tile)
        answer = self.call(self.path("discards"), {**seat.parts(), "context": {
            **seat.context, "visible": self.visible(who)}})
        choice = answer["discards"][0]
        return self.discard(who, from_code(choice["tile"]), choice["shanten"], after_kong)

    def own_kong(self, who: int, tile: int, kong: Body) -> tuple[int, bool, int | None]:
        seat = self.seats[who]
        kind = from_code(kong["tile"])
        seat.hand.append(tile)
        event: Body = {"type": "kong", "seat": who, "kong": {"type": kong["kind"],
                                                              "tile": kong["tile"]}}
        if kong["kind"] == "added":
            seat.hand.remove(kind)
            pong = next(m for m in seat.melds if m.type == "pong" and m.tiles[0] == kind)
            robbers = self.ask_others(who, kind, "rob_kong", kong={"type": "added"})
            if robbers:
                self.win(robbers, kind, "rob_kong", who, {}, None)
                return self.next_after(who), False, None
            pong.type, pong.tiles = "kong", [kind] * 4
            event["kong"]["late"] = not kong.get("drawn_now", True)
        else:
            for _ in range(4):
                seat.hand.remove(kind)
            seat.melds.append(Meld("kong", [kind] * 4, concealed=True))
        seat.shanten = kong["after"]["shanten"]
        self.events.append(event)
        return who, True, None

    def discard(self, who: int, tile: int, shanten: int,
                after_kong: bool) -> tuple[int, bool, int | None]:
        """``who`` discards ``tile``: the hint, the others' claims batch, and what they do."""
        seat = self.seats[who]
        while True:
            seat.hand.remove(tile)
            seat.discards.append(tile)
            seat.shanten = shanten
            if shanten == 0:
                self.call(self.path("waits"), {**seat.parts(), "context": {
                    **seat.context, "visible": self.visible(who)}})
            extra = {"after_kong": True} if after_kong else {}
            answers = self.ask_all(who, tile, extra)
            winners = {i: actions[0] for i, actions in answers if actions[0]["type"] == "win"}
            if winners:
                if self.variant != "sichuan":
                    winners = dict([next(iter(winners.items()))])
                self.win(winners, tile, "discard", who, extra, None)
                return self.next_after(who), False, None
            call = self.best_call(answers)
            if call is None:
                self.pile.append(tile)
                return self.next_after(who), False, None
            taker, action = call
            taker_seat = self.seats[taker]
            if action["type"] == "kong":
                for _ in range(3):
                    taker_seat.hand.remove(tile)
                taker_seat.melds.append(Meld("kong", [tile] * 4, source=who))
                taker_seat.shanten = action["after"]["shanten"]
                self.events.append({"type": "kong", "seat": taker, "from": who,
                                    "kong": {"type": "exposed", "tile": code(tile)}})
                return taker, True, who
            used = [from_code(t) for t in action["tiles"]]
            for t in used:
                taker_seat.hand.remove(t)
            meld = sorted([*used, tile])
            taker_seat.melds.append(Meld(action["type"], meld, source=who))
            who, seat, after_kong = taker, taker_seat, False
            tile, shanten = from_code(action["after"]["discard"]), action["after"]["shanten"]

    def ask_all(self, who: int, tile: int, extra: Body) -> list[tuple[int, list[Body]]]:
        """One claims batch for every other seat still in, in turn order after ``who``."""
        order = [(who + i) % 4 for i in (1, 2, 3) if not self.seats[(who + i) % 4].won]
        items = [{"variant": self.variant, "op": "claims",
                  "body": self.claims_body(i, tile, SOURCES[(who - i) % 4], **extra)}
                 for i in order]
        results = self.call("/v1/batch", {"requests": items})["results"]
        return [(i, r["body"]["actions"]) for i, r in zip(order, results, strict=True)]

    def ask_others(self, who: int, tile: int, source: str, **extra: Any) -> dict[int, Body]:
        """The seats that may rob ``who``'s kong of ``tile``."""
        order = [(who + i) % 4 for i in (1, 2, 3) if not self.seats[(who + i) % 4].won]
        if not order:
            return {}
        items = [{"variant": self.variant, "op": "claims",
                  "body": self.claims_body(i, tile, source, **extra)} for i in order]
        results = self.call("/v1/batch", {"requests": items})["results"]
        robbers = {i: r["body"]["actions"][0] for i, r in zip(order, results, strict=True)
                   if r["body"]["actions"][0]["type"] == "rob_kong"}
        return robbers if self.variant == "sichuan" else dict(list(robbers.items())[:1])

    def best_call(self, answers: list[tuple[int, list[Body]]]) -> tuple[int, Body] | None:
        """The highest-priority kong, pong or chow a bot wants (kongs need a tile left)."""
        wanted = []
        for i, actions in answers:
            for a in actions:
                shanten = self.seats[i].shanten
                kong = a["type"] == "kong" and a["after"]["shanten"] <= shanten and self.wall
                meld = a["type"] in ("pong", "chow") and a["after"]["shanten"] < shanten
                if kong or meld:
                    wanted.append((a["priority"], i, a))
        if not wanted:
            return None
        top = max(p for p, _, _ in wanted)
        return next((i, a) for p, i, a in wanted if p == top)

    def win(self, winners: dict[int, Body], tile: int, win_type: str, source: int | None,
            extra: Body, kong_from: int | None) -> None:
        """Each winner's ``fan`` (with the birds or codes turned), and the win event."""
        event: Body = {"type": "win", "win_tile": code(tile),
                       "context": {"win_type": win_type, **extra}, "winners": []}
        if source is not None:
            event["from"] = source
        active = self.active()
        turned = TURNED.get(self.variant)
        for w in winners:
            seat = self.seats[w]
            seats: Body = {"dealer": self.dealer, "winner": w}
            if source is not None:
                seats["discarder"] = source
            if kong_from is not None:
                seats["kong_discarder"] = kong_from
            context = {"win_type": win_type, **extra, "seats": seats, **seat.context}
            if len(active) < 4:
                context["active"] = active
            if turned:
                count = min(int(winners[w].get(TURN_COUNTS[turned], 0)), len(self.wall))
                if count:
                    context[turned] = [code(self.wall.pop()) for _ in range(count)]
            self.call(self.path("fan"), {**seat.parts(), "win_tile": code(tile),
                                         "context": context})
            event["winners"].append({"seat": w, **seat.parts()})
            seat.won = True
        self.events.append(event)
        if self.variant != "sichuan" or len(self.active()) <= 1:
            self.over = True


def sichuan_opening(game: Game) -> None:
    """定缺: each seat drops the suit it holds fewest of."""
    for seat in game.seats:
        counts = [sum(1 for t in seat.hand if t // 9 == s) for s in range(3)]
        seat.context["missing_suit"] = "mps"[counts.index(min(counts))]


def changsha_opening(game: Game) -> None:
    """起手小胡: each dealt hand asked once (the dealer's with the first tile of his turn)."""
    for i, seat in enumerate(game.seats):
        hand = seat.hand + ([game.wall[-1]] if i == game.dealer else [])
        game.call(game.path("qishou"), {"hand": compact(sorted(hand)),
                                        "context": {"is_dealer": i == game.dealer}})


def nanchang_opening(game: Game) -> None:
    """The indicator turned, the 精 asked once and sent in every context after."""
    indicator = game.wall.pop()
    game.turned.append(indicator)
    jing = game.call(game.path("jing"), {"context": {"indicator": code(indicator)}})
    for seat in game.seats:
        seat.context["jing"] = {"zheng": jing["zheng"], "fu": jing["fu"]}


def nanchang_closing(game: Game) -> None:
    """精 settlement: each seat's 正精 and 副精 in hand, melds and own discards."""
    jing = game.seats[0].context["jing"]
    zheng, fu = from_code(jing["zheng"]), from_code(jing["fu"])
    holdings = []
    for seat in game.seats:
        held = seat.hand + [t for m in seat.melds for t in m.tiles] + seat.discards
        holdings.append({"zheng": held.count(zheng), "fu": held.count(fu)})
    game.call(game.path("jing-settlement"), {"context": {"holdings": holdings}})


def sichuan_record(game: Game) -> Body:
    """The 四川 record (settle.md): dealer, 定缺, the kongs and wins, the end of the wall."""
    record: Body = {"dealer": game.dealer,
                    "missing_suits": [s.context["missing_suit"] for s in game.seats],
                    "events": game.events}
    if not game.wall and len(game.active()) > 1:
        record["end"] = {"hands": [None if s.won else s.parts() for s in game.seats]}
    return record


SETTLE: dict[str, Callable[[Game], Body]] = {
    "sichuan": sichuan_record,
}
"""The variants whose hand ends with ``settle``, and how each builds its record."""


def settle_closing(game: Game) -> None:
    game.call(game.path("settle"), {"record": SETTLE[game.variant](game)})


OPENINGS: dict[str, Callable[[Game], None]] = {
    "sichuan": sichuan_opening, "changsha": changsha_opening, "nanchang": nanchang_opening}
CLOSINGS: dict[str, Callable[[Game], None]] = {
    **{v: settle_closing for v in SETTLE}, "nanchang": nanchang_closing}
TURNED = {"changsha": "birds", "hongzhong": "codes"}
"""The context member of the tiles turned for a win."""
TURN_COUNTS = {"birds": "birds_expected", "codes": "codes_to_draw"}
"""How many to turn: the win action's member."""


def record(variant: str, games: int, client: Any, first_seed: int = 0) -> Caller:
    """Play ``games`` hands of ``variant`` (seeds from ``first_seed``) and keep their calls."""
    caller = Caller(client)
    for seed in range(first_seed, first_seed + games):
        caller.game = seed
        Game(variant, seed, caller).play()
    return caller
