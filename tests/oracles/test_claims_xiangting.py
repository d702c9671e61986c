"""The shanten a ``claims`` answer gives after a pong or chow (after its best discard)
against ``xiangting`` 6.0.2, on wildcard-free hands where the rules
coincide: 红中 with no wildcards on 136 tiles (standard, 七对, 十三幺) and 四川 (standard, 七对).

The sample leaves out offers where the player would hold four of a kind with the tile; among
the rest, known differences are each a named predicate, and a call it covers is excluded and
counted (the run prints the shares, which stay under 10 %):

* ``fourth_copy_held``: the player holds all four copies of a kind the concealed tiles could
  use (melds included) — ``xiangting`` sees only the concealed tiles and aims for copies a
  meld holds, the variants never wait on a fifth copy;
* ``seven_pairs_with_quad``: four of a kind inside 七对 (tests.oracles.test_shape_oracles);
* ``missing_suit_held`` (四川): the hand holds the missing suit, or all three suits — 缺一门
  makes those tiles dead, which riichi rules know nothing of.

``after.shanten`` is 0 with a wait and at least 1 otherwise (as ``waits`` shows it), so it is
compared with ``max(1, xiangting)`` when ``xiangting`` is not 0.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
import xiangting

from engine import tiles as T
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.claims.common import plain
from tests.engine.claims.generated import bodies
from tests.oracles.test_shape_oracles import seven_pairs_with_quad

ROOMS: dict[str, dict[str, Any]] = {
    "hongzhong": {"tile_set": "136", "wild_tiles": [], "win_by_discard": "yes"},
    "sichuan": {},
}
POOLS = {"hongzhong": list(range(34)), "sichuan": list(range(18))}
"""四川's hands of two suits (m and p): a third suit is dead under 缺一门, see above."""


def _left(data: dict[str, Any], action: dict[str, Any]) -> tuple[list[int], list[int]]:
    """The concealed tiles left after the call (and its discard), and the tiles of the melds."""
    hand = list(T.parse_any(data["hand"]))
    melds = [t for m in data.get("melds", ()) for t in T.parse_any(m["tiles"])]
    tile = T.from_code(data["tile"])
    used = [T.from_code(t) for t in action["tiles"]]
    if action["type"] == "kong" and action["kind"] != "exposed":
        hand.append(tile)
    for t in used:
        hand.remove(t)
    if action["type"] == "kong":
        kind = T.from_code(action["tile"])
        if action["kind"] == "added":
            melds.append(kind)
        else:
            melds += [kind] * 4
    else:
        melds += [*used, tile]
        hand.remove(T.from_code(action["after"]["discard"]))
    return hand, melds


def fourth_copy_held(hand: list[int], melds: list[int]) -> bool:
    """A kind the player holds four of (melds included) that the concealed tiles could want:
    one of them is that kind or of its suit within two ranks (a group or pair with it)."""
    held = Counter([*hand, *melds])
    return any(n >= T.COPIES and any(t == k or (t < T.HONOR_BASE and k < T.HONOR_BASE
                                                and t // 9 == k // 9 and abs(t - k) <= 2)
                                     for t in hand)
               for k, n in held.items())


def missing_suit_held(variant: str, data: dict[str, Any], hand: list[int],
                      melds: list[int]) -> bool:
    if variant != "sichuan":
        return False
    suits = {t // 9 for t in (*hand, *melds)}
    missing = data["context"].get("missing_suit")
    return len(suits) == 3 or (missing is not None and "mps".index(missing) in suits)


@pytest.mark.parametrize("variant", sorted(ROOMS))
def test_after_call_shanten_equals_xiangting(variant: str) -> None:
    v = REGISTRY[variant]
    excluded = Counter[str]()
    compared = 0
    # mostly sequences: triplets make kongs, and a kong's fourth copy is excluded above
    for data in bodies(variant, H.scale(300, 5000), seed=1607, room=ROOMS[variant],
                       pool=POOLS[variant], runs=0.95):
        held = Counter([*T.parse_any(data["hand"]), T.from_code(data["tile"]),
                        *(t for m in data.get("melds", ()) for t in T.parse_any(m["tiles"]))])
        if max(held.values()) >= T.COPIES:
            continue  # the sample: no four of a kind with the tile on offer (see above)
        if variant == "sichuan":
            data["context"]["missing_suit"] = "s"  # the suit the hands never hold
        for action in plain(v.claims(v.request(data)))["actions"]:
            if action["type"] not in ("pong", "chow"):
                continue  # a kong leaves four copies in a meld: its waits are tested apart
            hand, melds = _left(data, action)
            counts = T.counts(hand)
            if fourth_copy_held(hand, melds):
                excluded["fourth_copy_held"] += 1
                continue
            if not melds and seven_pairs_with_quad(counts):
                excluded["seven_pairs_with_quad"] += 1
                continue
            if missing_suit_held(variant, data, hand, melds):
                excluded["missing_suit_held"] += 1
                continue
            theirs = xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1
            assert action["after"]["shanten"] == (0 if theirs == 0 else max(1, theirs)), (
                data, action)
            compared += 1
    total = compared + sum(excluded.values())
    print(f"\n{variant}: {total} calls, {compared} compared; excluded "
          + ", ".join(f"{k} {n} ({n / total:.1%})" for k, n in excluded.items()))
    assert compared > 0 and sum(excluded.values()) / total < 0.10
