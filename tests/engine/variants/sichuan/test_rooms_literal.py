"""四川's ``win`` and ``waits`` in random rooms against the literal rules of rooms.md, by the
slow shape reference (`tests.reference`, one recursion over the counts) — not the engine's
shape tables, readers or room rules.

The rules written out (§0.9.2, §0.9.4.1): the tiles of the room's suits; *g* = (*n* − 1)/3
groups less the declared melds and a pair, or — with no melds — the pairs shape of *n* + 1
tiles (七对, 五对: five pairs and one tile, 四对), four alike two pairs; in a three-suit room
缺一门 first (the hand, melds included, holds at most two suits, and none of a declared
missing suit: reason ``que_yi_men``), otherwise ``no_winning_shape``; below three suits no
缺一门 at all. A wait is a kind of the room's tile set, not held four times, that wins.
Fixed seed; CI size by default, ``HUPAI_FULL=1`` for the full run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine import tiles as T
from engine.hand import Hand
from engine.room import Room
from engine.variants.sichuan.variant import VARIANT
from tests import hands as H
from tests import reference as R
from tests.engine.variants.sichuan.test_rooms import random_room, room_hand

SEED = 20260917


@dataclass
class LiteralRules:
    """`tests.reference.Rules` for a 四川 room, from the spec alone."""

    kinds: frozenset[int]
    suits: frozenset[int]
    hand_size: int
    honor_chows: bool = False
    pair_258: bool = False
    triplets_only: bool = False
    standard: bool = True
    seven_pairs: bool = True
    seven_pairs_four_as_two: bool = True
    thirteen_orphans: bool = False
    shi_san_lan: bool = False
    wild_only_groups: bool = False


def literal(room: Room) -> LiteralRules:
    suits = frozenset("mps".index(s) for s in room.suits)
    return LiteralRules(frozenset(9 * s + r for s in suits for r in range(9)), suits,
                        room.hand_size)


def literal_win(hand: Hand, room: Room, missing: int | None) -> tuple[bool, str | None]:
    """(win, reason) by the rules written out above."""
    held_suits = {t // 9 for t in hand.all_tiles}
    if len(room.suits) == 3 and (len(held_suits) == 3 or missing in held_suits):
        return False, "que_yi_men"
    rules = literal(room)
    counts = T.counts(hand.concealed_with_win)
    complete = R.standard_complete(counts, 0, rules) or (
        not hand.melds and R.seven_pairs_complete(counts, 0, rules))
    return (True, None) if complete else (False, "no_winning_shape")


def test_win_and_waits_are_the_literal_rules_of_the_room() -> None:
    rng = random.Random(SEED)
    wins = ready = refused = 0
    for _ in range(H.scale(800, 10000)):
        room = random_room(rng)
        if room.players * room.hand_size + 1 > 36 * len(room.suits):
            continue  # (a room that cannot be dealt: refused, rooms.md §0.9.1)
        hand = room_hand(rng, room)
        missing = None
        if len(room.suits) == 3 and rng.random() < 0.5:
            missing = rng.randrange(3)
        body: dict[str, Any] = {
            "hand": T.compact(hand.concealed), "win_tile": T.code(hand.win_tile or 0),
            "melds": [{"type": m.kind.value, "tiles": T.compact(m.tiles),
                       "concealed": m.concealed} for m in hand.melds],
            "options": {"players": room.players, "suits": list(room.suits),
                        "hand_size": room.hand_size},
            "context": {} if missing is None else {"missing_suit": "mps"[missing]}}
        answer = VARIANT.win(VARIANT.request(body))
        assert (answer.win, answer.reason) == literal_win(hand, room, missing), body
        wins += answer.win
        refused += answer.reason == "que_yi_men"
        waiting = Hand(hand.concealed, hand.melds)
        held = T.counts(waiting.all_tiles)
        expected = [T.code(k) for k in sorted(literal(room).kinds) if held[k] < T.COPIES
                    and literal_win(Hand(hand.concealed, hand.melds, k), room, missing)[0]]
        waits = VARIANT.waits(VARIANT.request({k: v for k, v in body.items()
                                               if k != "win_tile"}))
        assert [w.tile for w in waits.waits] == expected, body
        ready += bool(expected)
    assert wins > H.scale(200, 2500) and ready > H.scale(200, 2500) and refused > 0
