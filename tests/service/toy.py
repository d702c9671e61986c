"""A toy variant for the service tests: rules simple enough to work out every answer by hand.

It plugs into the service exactly as a real variant does (a ``Variant`` subclass in a
registry), so the routes, schemas, mapping and errors are tested without depending on the
real variants' scoring — which has its own tests.

Toy rules (108 tiles, pong and kong only, no chow claims):

* A complete hand is a win when all its tiles (hand, melds, win tile) are of one suit (shape
  ``standard``); otherwise ``{"win": false, "reason": "not_one_suit"}``.
* ``fan`` of a win = the number of distinct tile kinds in the hand + option ``bonus``.
* shanten of a concealed part = the number of its tiles outside its most common suit, minus
  one for a 3n+2 part (the best discard is assumed) — so 13 tiles of one suit are tenpai.
* Extra operation ``kong``: the konger receives 1 from each of the other three seats
  (``context.kong`` and ``context.seats.konger`` are needed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine import tiles as T
from engine import wire
from engine.errors import RequestError, missing_field
from engine.hand import Context, Hand, HandRules, Request
from engine.options import OptionSpec, OptionType
from engine.results import Group, KongAnswer, Pattern
from engine.tiles import Tile
from engine.variants.base import Options, Variant, WinCheck


@dataclass(frozen=True)
class ToyFan:
    """Field order = wire order; ``reason``/``reading`` omitted when None."""

    win: bool
    reason: str | None
    patterns: tuple[Pattern, ...]
    fan: int
    reading: tuple[Group, ...] | None
    options: dict[str, Any]


class Toy(Variant):
    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy"
    name_zh: ClassVar[str] = "玩具"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("bonus", OptionType.INTEGER, 0, "fan added to every win", minimum=0,
                   maximum=3),
        OptionSpec("cap", OptionType.INTEGER, 4, "highest fan; null for none", choices=(2, 4, None),
                   nullable=True),
    )
    extra_operations: ClassVar[tuple[str, ...]] = ("kong",)
    request_shapes = wire.shapes(kong=wire.RequestShape.CONTEXT)

    def tile_set(self, options: Options) -> str:
        return "108"

    def hand_rules(self, options: Options) -> HandRules:
        return HandRules(T.TILE_SETS["108"], chow_melds=False, tile_set_name="108")

    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck:
        suits = {T.suit(t) for t in hand.all_tiles}
        if len(suits) == 1:
            return WinCheck(True, ("standard",))
        return WinCheck(False, reason="not_one_suit")

    def fan_value(self, hand: Hand, context: Context, options: Options) -> int:
        return len(set(hand.all_tiles)) + int(options["bonus"])

    def fan_answer(self, request: Request, options: Options, tally: Any,
                   with_reading: bool) -> ToyFan:
        result = self.check(request.hand, request.context, options)
        if not result.win:
            return ToyFan(False, result.reason, (), 0, None, options)
        fan = self.fan_value(request.hand, request.context, options)
        pattern = Pattern("one_suit", "One suit", "一色", fan)
        win = request.hand.win_tile
        assert win is not None
        group = Group("single", (T.code(win),), (T.code(win),))
        return ToyFan(True, None, (pattern,), fan, (group,) if with_reading else None, options)

    def shanten(self, concealed: Sequence[Tile], melds: int, context: Context,
                options: Options) -> int:
        by_suit = [0, 0, 0, 0]
        for t in concealed:
            by_suit[T.suit(t)] += 1
        off = len(concealed) - max(by_suit)
        return off - 1 if len(concealed) % 3 == 2 else off

    def kong(self, request: Request) -> KongAnswer:
        options = self.options(request)
        seats = request.context.seats
        problems = []
        if request.context.kong is None:
            problems.append(missing_field("#/context/kong", "kong is required: the kong made"))
        if seats is None or seats.konger is None:
            problems.append(missing_field("#/context/seats/konger",
                                          "konger is required: the seat that made the kong"))
        if problems:
            raise RequestError(problems)
        assert seats is not None and seats.konger is not None
        payments = [-1, -1, -1, -1]
        payments[seats.konger] = 3
        return KongAnswer((payments[0], payments[1], payments[2], payments[3]), options)


class Broken(Toy):
    """A variant whose every evaluation fails with a bug (for the 500 path)."""

    id: ClassVar[str] = "broken"
    name: ClassVar[str] = "Broken"

    def check(self, hand: Hand, context: Context, options: Options) -> WinCheck:
        raise ZeroDivisionError("a bug with a secret in /srv/hupai/engine.py")


TOY = Toy()
BROKEN = Broken()
