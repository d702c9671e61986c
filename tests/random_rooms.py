"""Random rooms for the generated runs (rules/rooms.md §0.9): each variant's room options
drawn at random, as the variant takes them, and written out from the spec alone.

* ``players`` 2–4 everywhere; ``suits`` 1–3 letters in 四川 and 红中 (红中 with either tile
  set); ``hand_size`` 7, 10 or 13 in 四川, with some of 四川's room fan options (§0.9.4.3);
* a room that cannot be dealt (§0.9.1: players × hand_size + 1 above 36 tiles a suit plus the
  honors of the set) is drawn again;
* `kinds` is the room's tile set (§0.9.2): nine kinds a suit, and the variant's honors.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

SICHUAN_FAN = {"dui_dui_hu_fan": (1, 2), "jia_xin_wu_fan": (0, 1), "yi_tiao_long_fan": (0, 1),
               "jiang_qi_dui_fan": (0, 1), "dian_pao_ping_hu": (True, False),
               "jia_xin_wu_count": ("once", "per_456")}
HONORS = {"112": (33,), "136": tuple(range(27, 34)), "108": ()}
TILE_SETS = {"sichuan": ("108",), "changsha": ("108",), "nanchang": ("136",),
             "hongzhong": ("112", "136")}


@dataclass(frozen=True)
class DrawnRoom:
    variant: str
    players: int
    suits: tuple[str, ...]
    hand_size: int
    tile_set: str
    options: dict[str, Any] = field(default_factory=dict, compare=False)
    """The options as sent: the room's, and the fan options drawn with it."""

    @property
    def groups(self) -> int:
        return (self.hand_size - 1) // 3

    @property
    def wall(self) -> int:
        return 36 * len(self.suits) + 4 * len(HONORS[self.tile_set])

    @property
    def dealable(self) -> bool:
        return self.players * self.hand_size + 1 <= self.wall

    @property
    def kinds(self) -> list[int]:
        return [9 * "mps".index(s) + r for s in self.suits for r in range(9)] + list(
            HONORS[self.tile_set])


def draw_room(rng: random.Random, variant: str) -> DrawnRoom:
    """A dealable room of ``variant`` with its options as sent."""
    while True:
        players = rng.choice((2, 3, 4))
        options: dict[str, Any] = {"players": players}
        suits: tuple[str, ...] = ("m", "p", "s")
        size = 13
        tile_set = rng.choice(TILE_SETS[variant])
        if variant in ("sichuan", "hongzhong"):
            suits = tuple(sorted(rng.sample("mps", rng.choice((1, 2, 2, 3))), key="mps".index))
            options["suits"] = list(suits)
        if variant == "sichuan":
            size = rng.choice((7, 10, 13))
            options["hand_size"] = size
            options.update({k: rng.choice(v) for k, v in SICHUAN_FAN.items()
                            if rng.random() < 0.4})
        if variant == "hongzhong":
            options["tile_set"] = tile_set
        room = DrawnRoom(variant, players, suits, size, tile_set, options)
        if room.dealable:
            return room
