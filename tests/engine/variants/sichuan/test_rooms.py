"""四川 in rooms (rooms.md §0.9.4) on generated hands (fixed seeds; CI size by default,
``HUPAI_FULL=1`` for the full runs):

* hands of 7, 10 and 13 tiles in rooms of one to three suits, with melds: the fast reader's
  fan equals every reading the general search finds (the room's rules: 五对 and 四对), under
  random room fan options and moments; the win check equals the general search's shapes;
* the waits of a room equal their definition (every kind of the room the win check accepts)
  and its shanten the general search's;
* a smaller table changes only the payments, and those are the spec's: each other seat of
  the room in ``active`` on a self-draw, the discarder, the robbed konger
  (`tests.rooms_reference`, written from the spec);
* every discard's shanten and draws (the one-pass ``discard_draws``, the room's dropping
  tables) equal their definition, discard by discard;
* a hand of two suits, without ``missing_suit``, answers alike in a room of those two suits
  and in today's room (``win``, ``waits``, ``fan``, each discard's shanten and waits) — in a
  one-suit room, less 清一色's 2 fan.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from engine import shapes as S
from engine import tiles as T
from engine.hand import Context, Hand, Meld, MeldKind, Seats, WinType
from engine.options import resolve
from engine.room import Room
from engine.variants import base
from engine.variants.sichuan import reader as SH
from engine.variants.sichuan import scoring as SS
from engine.variants.sichuan.facts import SichuanFacts
from engine.variants.sichuan.rooms import room_rules
from engine.variants.sichuan.variant import OPTION_SPECS, VARIANT
from tests import hands as H
from tests import rooms_reference as ref

SEED = 20260912
FAN_OPTIONS = {"dui_dui_hu_fan": (1, 2), "jia_xin_wu_fan": (0, 1, 2),
               "jia_xin_wu_count": ("once", "per_456"), "yi_tiao_long_fan": (0, 1, 2),
               "jiang_qi_dui_fan": (0, 1, 2), "dian_pao_ping_hu": (True, False),
               "long_qi_dui_bonus": (0, 1), "menqing_zhongzhang": (False, True)}


def random_room(rng: random.Random) -> Room:
    suits = tuple(sorted(rng.sample("mps", rng.choice((1, 2, 2, 3))), key="mps".index))
    return Room(rng.choice((2, 3, 4)), suits, rng.choice((7, 10, 13)))


def room_options(room: Room, rng: random.Random) -> dict[str, Any]:
    given: dict[str, Any] = {"players": room.players, "suits": list(room.suits),
                             "hand_size": room.hand_size}
    for name, choices in FAN_OPTIONS.items():
        if rng.random() < 0.5:
            given[name] = rng.choice(choices)
    return dict(resolve(OPTION_SPECS, given))


def room_hand(rng: random.Random, room: Room) -> Hand:
    """A winning-looking hand of the room (its suits, its size; melds up to g), sometimes
    broken: standard shapes and, one in five, the room's pairs shape."""
    kinds = sorted(room.suit_kinds())
    g = room.groups
    while True:
        melds: list[Meld] = []
        if rng.random() < 0.2:
            tiles = H.seven_pairs(rng, kinds, True, room.hand_size + 1)
        else:
            n_melds = rng.choice([0, 0, 0, *range(g + 1)])
            tiles = H.standard(rng, kinds, g) or []
            for _ in range(n_melds):
                pongs = [k for k in kinds if tiles.count(k) >= 3]
                if not pongs:
                    break
                k = rng.choice(pongs)
                for _ in range(3):
                    tiles.remove(k)
                kong = rng.random() < 0.4 and tiles.count(k) == 0
                melds.append(Meld(MeldKind.KONG if kong else MeldKind.PONG,
                                  (k,) * (4 if kong else 3), kong and rng.random() < 0.5))
        if not tiles:
            continue
        if rng.random() < 0.25:  # break it
            tiles[rng.randrange(len(tiles))] = rng.choice(kinds)
        count = Counter(tiles)
        for m in melds:
            count.update(m.tiles)
        if max(count.values()) <= 4:
            rng.shuffle(tiles)
            win = tiles.pop()
            return Hand(tuple(sorted(tiles)), tuple(melds), win)


def random_context(rng: random.Random, room: Room) -> Context:
    return Context(win_type=rng.choice(list(WinType)), after_kong=rng.random() < 0.2,
                   last_tile=rng.random() < 0.2, first_turn=rng.random() < 0.1)


def group_multiset(reading: S.ShapeReading) -> tuple[Any, ...]:
    return reading.shape, tuple(sorted((g.kind.value, g.as_) for g in reading.groups))


def test_room_reader_agrees_with_every_reading() -> None:
    rng = random.Random(SEED)
    wins = pairs = small = 0
    for _ in range(H.scale(1500, 20000)):
        room = random_room(rng)
        options = room_options(room, rng)
        hand = room_hand(rng, room)
        context = random_context(rng, room)
        prefs = SS.prefs_for(options)
        rules = room_rules(room).rules
        part = T.counts(hand.concealed_with_win)
        # the win check's shapes: the general search's, the pairs shape without melds only
        shapes, _ = SS.read_shapes(hand, None, room.hand_size)
        expected = S.win_shapes(part, 0, rules)
        assert shapes == expected, (room, hand)
        fast = SS.evaluate(hand, context, prefs)
        slow = SS.evaluate(hand, context, prefs, reference=True)
        if isinstance(slow, str):
            assert fast == slow, (room, hand)
            continue
        wins += 1
        small += room.hand_size != 13
        assert not isinstance(fast, str), (room, hand)
        assert (fast.fan, fast.counted, fast.gen_count) == (slow.fan, slow.counted,
                                                            slow.gen_count), (room, hand)
        reference = {group_multiset(c.reading)
                     for c in SH.reference_candidates(part[:27], rules)}
        assert group_multiset(fast.reading.reading) in reference, (room, hand)
        pairs += fast.reading.reading.shape is S.Shape.SEVEN_PAIRS
    print(f"\n{wins} wins ({small} in rooms of 7 or 10 tiles, {pairs} pairs shapes)")
    assert wins > H.scale(700, 9000) and small > wins // 2 and pairs > wins // 10


def test_room_waits_and_shanten_are_their_definitions() -> None:
    rng = random.Random(SEED + 1)
    ready = 0
    for _ in range(H.scale(400, 5000)):
        room = random_room(rng)
        options = room_options(room, rng)
        hand = room_hand(rng, room)
        if hand.melds and rng.random() < 0.5:
            continue
        waiting = Hand(hand.concealed, hand.melds)
        context = Context()
        found = VARIANT.wait_list(waiting.concealed, waiting, context, options)
        own = T.counts((*waiting.concealed, *(t for m in waiting.melds for t in m.tiles)))
        ready_options = VARIANT.readiness_options(options)
        expected = [T.code(t) for t in sorted(room.suit_kinds()) if own[t] < 4 and VARIANT.check(
            Hand(waiting.concealed, waiting.melds, t), VARIANT.wait_context(context),
            ready_options).win]
        assert [w.tile for w in found] == expected, (room, hand)
        ready += bool(found)
        shanten = VARIANT.hand_shanten(waiting.concealed, waiting, context, options)
        # no missing suit declared: the least over the suits a meld does not hold
        held = {m.tiles[0] // 9 for m in waiting.melds}
        rules = room_rules(room)
        part = T.counts(waiting.concealed)
        drops = [d for d in range(3) if d not in held]
        best = min((S.shanten(part, 0, rules.without[d]) for d in drops), default=99)
        assert shanten == best, (room, hand)
    assert ready > H.scale(100, 1200)


def test_a_smaller_table_changes_only_the_payments() -> None:
    rng = random.Random(SEED + 2)
    checked = 0
    for _ in range(H.scale(600, 8000)):
        players = rng.choice((2, 3))
        options = room_options(Room(4, ("m", "p", "s"), 13), rng)
        hand = room_hand(rng, Room(4, ("p", "s"), 13))  # (two suits: 缺一门 holds)
        winner = rng.randrange(players)
        other = rng.choice([s for s in range(players) if s != winner])
        win_type = rng.choice(list(WinType))
        active = None
        if rng.random() < 0.3:
            active = tuple(sorted({winner, other, *rng.sample(range(players), 1)}))
        seats = Seats(winner=winner, discarder=other if win_type is not WinType.SELF_DRAW
                      else None)
        context = Context(win_type=win_type, seats=seats, active=active)
        four = VARIANT.fan(_request(hand, context, options))
        small = VARIANT.fan(_request(hand, context, {**options, "players": players}))
        if not four.win:
            assert replace(small, options=None) == replace(four, options=None)
            continue
        assert replace(small, payments=None, options=None) == replace(
            four, payments=None, options=None)
        A = four.points_per_payer
        payers = ref.payers(win_type.value, winner, players, discarder=other, konger=other,
                            active=active)
        assert list(small.payments) == ref.deltas(winner, [(p, A) for p in payers], players)
        checked += 1
    assert checked > H.scale(200, 2500)


def _request(hand: Hand, context: Context, options: dict[str, Any]) -> Any:
    """A request as parse_request makes it (the options as sent, resolved by the variant)."""
    from engine.hand import Request

    given = {k: (list(v) if isinstance(v, tuple) else v) for k, v in options.items()}
    return Request(hand, context, given)


def test_two_suits_answer_as_three_without_a_missing_suit() -> None:
    rng = random.Random(SEED + 3)
    compared = 0
    for _ in range(H.scale(300, 4000)):
        suits = tuple(sorted(rng.sample("mps", rng.choice((1, 2))), key="mps".index))
        room = Room(2 if len(suits) == 1 else 4, suits, 13)  # (one suit: two players deal)
        hand = room_hand(rng, room)
        in_room = {"suits": list(room.suits), "players": room.players}
        one_suit = len(room.suits) == 1
        a = VARIANT.fan(_request(hand, Context(), in_room))
        b = VARIANT.fan(_request(hand, Context(), {}))
        if b.win and one_suit:  # no 清一色 in a one-suit room: its 2 fan less
            assert a.fan == b.fan - 2 and "qing_yi_se" not in [p.id for p in a.patterns]
        else:
            assert (a.win, a.reason, a.fan) == (b.win, b.reason, b.fan), (room, hand)
        assert VARIANT.win(_request(hand, Context(), in_room)).win == b.win
        # the hand before its last tile: waits and (one more tile) discards alike
        rest = Hand(hand.concealed, hand.melds)
        waits_a = VARIANT.waits(_request(rest, Context(), in_room))
        waits_b = VARIANT.waits(_request(rest, Context(), {}))
        assert ([w.tile for w in waits_a.waits], waits_a.shanten) == (
            [w.tile for w in waits_b.waits], waits_b.shanten), (room, hand)
        assert hand.win_tile is not None
        drawn = Hand((*hand.concealed, hand.win_tile), hand.melds)
        discards_a = VARIANT.discards(_request(drawn, Context(), in_room))
        discards_b = VARIANT.discards(_request(drawn, Context(), {}))
        # (their order may differ: a room of fewer kinds has fewer effective draws)
        assert {(c.tile, c.shanten, tuple(w.tile for w in c.waits))
                for c in discards_a.discards} == {
            (c.tile, c.shanten, tuple(w.tile for w in c.waits))
            for c in discards_b.discards}, (room, hand)
        compared += 1
    assert compared > H.scale(250, 3500)


def test_room_discard_draws_are_their_definition() -> None:
    """Every discard's shanten and draws in one pass per droppable suit (the room's tables,
    its pairs floor from its hand size) = each discard's `hand_shanten` and 34 draws asked
    one at a time (`base.Variant`), in rooms of 7, 10 and 13 tiles and one to three suits."""
    rng = random.Random(SEED + 4)
    sizes: Counter[int] = Counter()
    for _ in range(H.scale(300, 4000)):
        room = random_room(rng)
        options = room_options(room, rng)
        hand = room_hand(rng, room)
        assert hand.win_tile is not None
        drawn = Hand(tuple(sorted((*hand.concealed, hand.win_tile))), hand.melds)
        missing = None
        if room.three_suits and rng.random() < 0.6:
            missing = rng.randrange(3)
        context = Context(facts=SichuanFacts(missing_suit=missing))
        fast = VARIANT.discard_draws(drawn.concealed, drawn, context, options)
        slow = base.Variant.discard_draws(VARIANT, drawn.concealed, drawn, context, options)
        assert fast == slow, (room, drawn, missing)
        for tile in fast:
            rest = list(drawn.concealed)
            rest.remove(tile)
            assert VARIANT.shanten_after_draws(rest, drawn, context, options) == (
                base.Variant.shanten_after_draws(VARIANT, rest, drawn, context, options)), (
                room, drawn, missing, tile)
        sizes[room.hand_size] += 1
    assert min(sizes[n] for n in (7, 10, 13)) > H.scale(60, 900)
