"""长沙: the win check, its reasons, waits and shanten under the 2/5/8 rule (RULES.md §2.2–2.3).

Each hand is decomposed by hand in its comment. Melds are written "pong 777s", "chow 123m",
"kong 9999s" (exposed) or "ckong 9999s" (concealed).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine import tiles as T
from engine.hand import Hand, Request, WinType
from engine.variants import REGISTRY
from engine.variants.changsha.variant import VARIANT

OPTS = {"quanqiuren_discard_only": False}


def melds_of(specs: Sequence[str]) -> list[dict[str, Any]]:
    out = []
    for spec in specs:
        kind, tiles = spec.split()
        meld: dict[str, Any] = {"type": "kong" if kind == "ckong" else kind, "tiles": tiles}
        if kind == "ckong":
            meld["concealed"] = True
        out.append(meld)
    return out


def req(hand: str, win_tile: str | None = None, melds: Sequence[str] = (),
        context: dict[str, Any] | None = None, options: dict[str, Any] | None = None) -> Request:
    data: dict[str, Any] = {"hand": hand, "melds": melds_of(melds), "context": context or {},
                            "options": options or {}}
    if win_tile:
        data["win_tile"] = win_tile
    return VARIANT.request(data)


def test_registered_with_its_tile_set_and_operations() -> None:
    assert REGISTRY["changsha"] is VARIANT
    assert VARIANT.tile_set({}) == "108"
    # reconciled.md §7: today's operations in today's order, then settle, then advice
    assert list(VARIANT.operations()) == ["win", "waits", "fan", "discards", "birds", "qishou",
                                         "claims", "settle", "advice"]


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds", "win_type", "shapes"),
    [
        # 123m 456p 789s 111m + pair 22p: a 2/5/8 pair, 小胡.
        ("123m456p789s111m2p", "2p", (), "discard", ("standard",)),
        # 111m 333p 777s 999s + pair 11p: no sequence, 碰碰胡 relaxes the pair.
        ("111m333p777s999s1p", "1p", (), "discard", ("standard",)),
        # 123m 345m 678m 999m + pair 11m, all 万: 清一色 relaxes the pair.
        ("123m345m678m999m1m", "1m", (), "discard", ("standard",)),
        # 11m 33m 55p 77p 99s 11s 33s: 七小对 (no sequence can be made of 1/3 m or s).
        ("1133m5577p1199s3s", "3s", (), "discard", ("seven_pairs",)),
        # 1111m counts as two pairs: 豪华七小对.
        ("1111m33m55p77p99s3s", "3s", (), "discard", ("seven_pairs",)),
        # 2258m 25588p 22588s: every tile 2/5/8, no melds or pairs needed: 将将胡.
        ("2258m25588p2258s", "8s", (), "discard", ("all_258",)),
        # 22m 55m 88m 22p 55p 88p 22s: seven pairs that are also 将将胡.
        ("225588m225588p2s", "2s", (), "discard", ("seven_pairs", "all_258")),
        # 222m 555p 888s 88m + 2s: triplets of 2/5/8 and pair 88m — standard and 将将胡.
        ("222m555p888s88m22s", "2s", (), "discard", ("standard", "all_258")),
        # 全求人: four exposed melds, 3p paired by the win tile (any pair) on a discard.
        ("3p", "3p", ("chow 123m", "chow 456p", "pong 777s", "chow 789p"), "discard",
         ("standard",)),
        # 将将胡 with melds: pong 222p, kong 5555s and 2258m 2p 88s + 8p — every tile 2/5/8,
        # while the concealed 2258m 28p 88s form no groups.
        ("2258m2p88s", "8p", ("pong 222p", "kong 5555s"), "discard", ("all_258",)),
    ],
)
def test_wins_and_their_shapes(hand: str, win_tile: str, melds: tuple[str, ...], win_type: str,
                               shapes: tuple[str, ...]) -> None:
    answer = VARIANT.win(req(hand, win_tile, melds, {"win_type": win_type}))
    assert answer.win is True
    assert answer.shapes == shapes


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds", "context", "options", "reason"),
    [
        # 123m 456p 789s 111m + 33p: the only reading has pair 3p, no 大胡 shape.
        ("123m456p789s111m3p", "3p", (), {}, {}, "pair_not_258"),
        # 4p makes 3p4p + 456p: nothing complete.
        ("123m456p789s111m3p", "4p", (), {}, {}, "no_winning_shape"),
        # Event 大胡 never relax the rule: 杠上开花 on a pair-3p hand is still no win.
        ("123m456p789s111m3p", "3p", (), {"win_type": "self_draw", "after_kong": True}, {},
         "pair_not_258"),
        ("123m456p789s111m3p", "3p", (), {"win_type": "discard", "last_tile": True}, {},
         "pair_not_258"),
        ("123m456p789s111m3p", "3p", (), {"win_type": "rob_kong"}, {}, "pair_not_258"),
        # 碰碰胡 needs no chow meld: with chow 123m the pair 1p is not relaxed.
        ("333p777s999s1p", "1p", ("chow 123m",), {}, {}, "pair_not_258"),
        # 全求人 is no 全求人 with a concealed kong among the melds.
        ("3p", "3p", ("chow 123m", "chow 456p", "ckong 9999s", "chow 234s"), {}, {},
         "pair_not_258"),
        # quanqiuren_discard_only: a self-drawn 全求人 with pair 3p is no win...
        ("3p", "3p", ("chow 123m", "chow 456p", "pong 777s", "chow 789p"),
         {"win_type": "self_draw"}, {"quanqiuren_discard_only": True}, "pair_not_258"),
        # 12 tiles of 2/5/8 and a 3s: not 将将胡, and no shape at all.
        ("2258m25588p2253s", "8s", (), {}, {}, "no_winning_shape"),
    ],
)
def test_non_wins_name_the_reason(hand: str, win_tile: str, melds: tuple[str, ...],
                                  context: dict[str, Any], options: dict[str, Any],
                                  reason: str) -> None:
    answer = VARIANT.win(req(hand, win_tile, melds, context, options))
    assert (answer.win, answer.reason) == (False, reason)


def test_quanqiuren_discard_only_is_about_self_draws() -> None:
    melds = ("chow 123m", "chow 456p", "pong 777s", "chow 789p")
    off = VARIANT.win(req("3p", "3p", melds, {"win_type": "self_draw"},
                          {"quanqiuren_discard_only": False}))
    on_discard = VARIANT.win(req("3p", "3p", melds, {"win_type": "discard"},
                                 {"quanqiuren_discard_only": True}))
    assert off.win is True and on_discard.win is True


# ---------------------------------------------------------------------------------------------
# Waits and shanten obey the 2/5/8 rule


@pytest.mark.parametrize(
    ("hand", "melds", "waits"),
    [
        # 1111m 23m | 2p 456p | 789s: the p part 2456p + X needs group + pair: only X = 2p
        # (22p + 456p). 2p is 2/5/8: ready; 4 − 1 held = 3 left; 小胡 = 0 units.
        ("123m456p789s111m2p", (), [("2p", 3, 0)]),
        # Same with 3p: 3456p + X → 33p+456p or 345p+66p, both non-2/5/8 pairs, no 大胡: not
        # ready.
        ("123m456p789s111m3p", (), []),
        # 111m 333p 777s 999s + 1p: only 1p (pair 1p) completes it, as 碰碰胡 (1 unit).
        ("111m333p777s999s1p", (), [("1p", 3, 1)]),
        # Same shape after chow 123m: the pair 1p is no longer relaxed — not ready.
        ("333p777s999s1p", ("chow 123m",), []),
        # 111m 3m 456m 789m 999m: 2m (11m + 123m + 456m), 3m (pair 33m) and 6m (345m + 66m)
        # complete it, all in one suit (清一色, 1 unit) with pairs 1m/3m/6m; 9m is held four
        # times. Left: 2m 4, 3m 4 − 1 = 3, 6m 4 − 1 = 3.
        ("111m3m456m789m999m", (), [("2m", 4, 1), ("3m", 3, 1), ("6m", 3, 1)]),
        # The same with 456p instead of 456m: only 33m / 11m pairs, not one suit: not ready.
        ("111m3m456p789m999m", (), []),
        # 将将胡: 13 tiles of 2/5/8 and no shape: every 2/5/8 kind completes it (1 unit).
        # Held: 2m 2, 5m 1, 8m 1, 2p 1, 5p 2, 8p 2, 2s 2, 5s 1, 8s 1 → left 4 − held.
        ("2258m25588p2258s", (),
         [("2m", 2, 1), ("5m", 3, 1), ("8m", 3, 1), ("2p", 3, 1), ("5p", 2, 1), ("8p", 2, 1),
          ("2s", 2, 1), ("5s", 3, 1), ("8s", 3, 1)]),
        # 全求人: the last tile 3p waits on itself, any pair (1 unit).
        ("3p", ("chow 123m", "chow 456p", "pong 777s", "chow 789p"), [("3p", 3, 1)]),
    ],
)
def test_waits_obey_the_258_rule(hand: str, melds: tuple[str, ...],
                                 waits: list[tuple[str, int, int]]) -> None:
    answer = VARIANT.waits(req(hand, melds=melds))
    assert [(w.tile, w.remaining, w.fan) for w in answer.waits] == waits
    assert answer.tenpai is bool(waits)


@pytest.mark.parametrize(
    ("hand", "melds", "shanten"),
    [
        # Exchange 3p for 2p → 2456p waits on 2p/5p: one exchange.
        ("123m456p789s111m3p", (), 1),
        # Exchange 1p for 2p → waits on 2p (pair 22p).
        ("333p777s999s1p", ("chow 123m",), 1),
        # 将将胡 route: one tile (9s) is not 2/5/8 → one exchange. Other routes are farther:
        # only four pairs (22m 55p 88p 22s) — 七小对 needs 6 − 4 = 2.
        ("2258m25588p2259s", (), 1),
        # 七小对 route: five pairs (11m 33m 55p 77p 99s) + 1s 3s 5s → 6 − 5 = 1.
        ("1133m5577p99s135s", (), 1),
        # Ready hands are 0.
        ("2258m25588p2258s", (), 0),
        ("111m333p777s999s1p", (), 0),
    ],
)
def test_shanten_counts_every_route(hand: str, melds: tuple[str, ...], shanten: int) -> None:
    request = req(hand, melds=melds)
    assert VARIANT.hand_shanten(request.hand.concealed, request.hand, request.context,
                                VARIANT.options(request)) == shanten
    answer = VARIANT.waits(request)
    assert answer.shanten == shanten


def test_discards_keep_the_258_waits() -> None:
    # 1111m 23m 23456p 789s: dropping 6p leaves 2345p (waits 2p/5p, both 2/5/8: 3 + 3 left);
    # dropping 3p leaves 2456p (waits 2p only: 3 left). 6p comes first (6 effective tiles).
    answer = VARIANT.discards(req("123m456p789s111m23p"))
    first, second = answer.discards[:2]
    assert (first.tile, [w.tile for w in first.waits], first.effective_count) == \
        ("6p", ["2p", "5p"], 6)
    assert (second.tile, [w.tile for w in second.waits], second.effective_count) == \
        ("3p", ["2p"], 3)
    assert answer.shanten == 0


# ---------------------------------------------------------------------------------------------
# A slow, obviously-correct reference for the win check, compared on generated hands


def _decompositions(counts: list[int], groups: int) -> list[tuple[int, bool]]:
    """Every (pair kind, has a sequence) of complete standard readings, recursively."""
    found: list[tuple[int, bool]] = []

    def walk(c: list[int], left: int, pair: int | None, seq: bool) -> None:
        i = next((k for k in range(27) if c[k]), None)
        if i is None:
            if left == 0 and pair is not None:
                found.append((pair, seq))
            return
        if pair is None and c[i] >= 2:
            c[i] -= 2
            walk(c, left, i, seq)
            c[i] += 2
        if left and c[i] >= 3:
            c[i] -= 3
            walk(c, left - 1, pair, seq)
            c[i] += 3
        if left and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            walk(c, left - 1, pair, True)
            for k in (i, i + 1, i + 2):
                c[k] += 1

    walk(list(counts), groups, None, False)
    return found


def reference_win(hand: Hand, win_type: WinType, discard_only: bool) -> tuple[bool, str | None]:
    """RULES §2.2–2.3 and §0.7 spelled out directly."""
    part = T.counts(hand.concealed_with_win)
    every = hand.all_tiles
    reads = _decompositions(part[:27] + [0] * 7, 4 - len(hand.melds))
    chow_meld = any(m.kind.value == "chow" for m in hand.melds)
    small = any(T.rank(p) in (2, 5, 8) for p, _ in reads)
    pph = not chow_meld and any(not seq for _, seq in reads)
    seven = not hand.melds and all(c % 2 == 0 for c in part)
    flush = len({T.suit(t) for t in every}) == 1 and (bool(reads) or seven)
    jjh = all(T.rank(t) in (2, 5, 8) for t in every)
    qqr = (len(hand.melds) == 4 and bool(reads)
           and not any(m.is_kong and m.concealed for m in hand.melds)
           and not (discard_only and win_type is WinType.SELF_DRAW))
    if small or pph or seven or flush or jjh or qqr:
        return True, None
    return False, "pair_not_258" if reads else "no_winning_shape"


def _generated_hands(count: int, seed: int) -> list[tuple[list[int], int]]:
    """Hands close to complete: four groups and a pair of random kinds, one tile swapped
    now and then; or seven pairs; or a pile of 2/5/8 tiles."""
    rng = random.Random(seed)
    hands: list[tuple[list[int], int]] = []
    while len(hands) < count:
        style = rng.random()
        suits = [rng.randrange(3)] if rng.random() < 0.3 else [0, 1, 2]
        tiles: list[int] = []
        if style < 0.15:
            tiles = [rng.choice([s * 9 + r for s in suits for r in (1, 4, 7)]) for _ in range(14)]
        elif style < 0.3:
            for _ in range(7):
                k = rng.choice(suits) * 9 + rng.randrange(9)
                tiles += [k, k]
        else:
            for _ in range(4):
                k = rng.choice(suits) * 9 + rng.randrange(9)
                if rng.random() < 0.5 and k % 9 <= 6:
                    tiles += [k, k + 1, k + 2]
                else:
                    tiles += [k, k, k]
            k = rng.choice(suits) * 9 + rng.randrange(9)
            tiles += [k, k]
        if rng.random() < 0.3:
            tiles[rng.randrange(14)] = rng.choice(suits) * 9 + rng.randrange(9)
        if max(T.counts(tiles)) > 4:
            continue
        win = tiles.pop(rng.randrange(14))
        hands.append((tiles, win))
    return hands


@pytest.mark.parametrize("win_type", [WinType.DISCARD, WinType.SELF_DRAW])
def test_win_check_matches_the_reference(win_type: WinType) -> None:
    options = VARIANT.options(req("1m"))
    mismatches = []
    for tiles, win in _generated_hands(1500, seed=5):
        hand = Hand(tuple(tiles), (), win)
        context = VARIANT.request({"context": {"win_type": win_type.value}}).context
        got = VARIANT.check(hand, context, options)
        if (got.win, got.reason) != reference_win(hand, win_type, False):
            mismatches.append(T.compact([*tiles, win]))
    assert mismatches == []


def _hands_with_melds(count: int, seed: int) -> list[Hand]:
    """Four groups and a pair, 1–4 of the groups declared (pong, chow, exposed or concealed
    kong), often in one suit or of 2/5/8 tiles only; a concealed tile swapped now and then."""
    rng = random.Random(seed)
    out: list[Hand] = []
    while len(out) < count:
        suits = [rng.randrange(3)] if rng.random() < 0.4 else [0, 1, 2]
        ranks = [1, 4, 7] if rng.random() < 0.3 else list(range(9))
        groups = []
        for _ in range(4):
            k = rng.choice(suits) * 9 + rng.choice(ranks)
            if rng.random() < 0.4 and k % 9 <= 6:
                groups.append(("chow", [k, k + 1, k + 2]))
            else:
                groups.append(("pong", [k, k, k]))
        pair = rng.choice(suits) * 9 + rng.choice(ranks)
        declared = rng.randint(1, 4)
        melds = []
        concealed = [pair, pair]
        for i, (kind, tiles) in enumerate(groups):
            if i >= declared:
                concealed += tiles
            elif kind == "pong" and rng.random() < 0.3:
                melds.append({"type": "kong", "tiles": T.codes([tiles[0]] * 4),
                              "concealed": rng.random() < 0.5})
            else:
                melds.append({"type": kind, "tiles": T.codes(tiles)})
        if rng.random() < 0.25:
            concealed[rng.randrange(len(concealed))] = rng.choice(suits) * 9 + rng.randrange(9)
        win = concealed.pop(rng.randrange(len(concealed)))
        request = VARIANT.request({"hand": T.codes(concealed), "melds": melds,
                                 "win_tile": T.code(win)})
        if max(T.counts(request.hand.all_tiles)) > 4:
            continue
        out.append(request.hand)
    return out


@pytest.mark.parametrize("discard_only", [False, True])
@pytest.mark.parametrize("win_type", [WinType.DISCARD, WinType.SELF_DRAW])
def test_win_check_with_melds_matches_the_reference(win_type: WinType,
                                                    discard_only: bool) -> None:
    options = VARIANT.options(req("1m", options={"quanqiuren_discard_only": discard_only}))
    context = VARIANT.request({"context": {"win_type": win_type.value}}).context
    mismatches = []
    for hand in _hands_with_melds(600, seed=7):
        got = VARIANT.check(hand, context, options)
        if (got.win, got.reason) != reference_win(hand, win_type, discard_only):
            mismatches.append(hand)
    assert mismatches == []


def test_shanten_matches_a_brute_force_reference() -> None:
    """shanten 0 ⇔ some tile wins; 1 ⇔ not ready and one exchange makes it ready; 2 ⇔ not
    ready and no single exchange makes it ready (exhaustive, so only a few of those).

    Only hands with at most three copies of a kind, so no wait is ever a fifth copy."""
    rng = random.Random(11)
    options = VARIANT.options(req("1m"))
    context = VARIANT.wait_context(VARIANT.request({}).context)

    def ready(tiles: list[int]) -> bool:
        held = T.counts(tiles)
        return any(held[t] < 4 and VARIANT.check(Hand(tuple(tiles), (), t), context, options).win
                   for t in range(27))

    def one_exchange_makes_ready(tiles: list[int]) -> bool:
        return any(ready(trial) for i in sorted(set(range(13)), key=lambda i: tiles[i])
                   for t in range(27) if t != tiles[i]
                   for trial in [[*tiles[:i], t, *tiles[i + 1:]]]
                   if max(T.counts(trial)) <= 4)

    budget = {0: 40, 1: 12, 2: 1}
    for tiles, _ in _generated_hands(600, seed=23):
        if rng.random() < 0.5:  # push some hands further away
            tiles[rng.randrange(13)] = rng.randrange(27)
        if max(T.counts(tiles)) > 3:
            continue
        got = VARIANT.hand_shanten(tiles, Hand(tuple(tiles)), context, options)
        if budget.get(got, 0) <= 0:
            continue
        budget[got] -= 1
        assert ready(tiles) is (got == 0), T.compact(tiles)
        if got >= 1:
            assert one_exchange_makes_ready(tiles) is (got == 1), T.compact(tiles)
        if not any(budget.values()):
            break
    assert budget == {0: 0, 1: 0, 2: 0}, budget
