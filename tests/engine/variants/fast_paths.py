"""Shared checks of the variants' fast paths against the slow definitions they replace.

The shared ``waits``/``discards`` operations call hooks a variant may override:
``discard_draws`` (default: each discard's `hand_shanten` and ``shanten_after_draws``),
``shanten_after_draws`` (default: `hand_shanten` once per kind) and ``wait_candidates``
(default: every kind of the tile set, each given the full win check). A variant's fast
versions must answer exactly what the defaults answer. This module makes fixed-seed request
bodies (complete shapes from `tests.hands`, some tiles turned into wildcards, some groups
declared as melds, then disturbed) and checks, for every discard of every 14-tile hand:

* ``shanten_after_draws`` equals ``base.Variant.shanten_after_draws`` (34 `hand_shanten`);
* ``discard_draws`` equals ``base.Variant.discard_draws`` (each discard's `hand_shanten` and
  ``shanten_after_draws``, asked one discard at a time);
* every kind that wins (full ``check`` over the whole tile set) is among the candidates;
* ``waits`` and ``discards`` equal those of `reference`: the same variant with the base
  class's ``wait_candidates``, ``wait_list`` and ``shanten_after_draws``, and ``discards``
  worked out one discard at a time from its definition.
"""

from __future__ import annotations

import random
from abc import ABC
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine import tiles as T
from engine.errors import RequestError
from engine.hand import Hand, Request
from engine.results import DiscardChoice, DiscardsAnswer, EffectiveTile
from engine.variants import base
from engine.variants.base import Variant
from tests import hands as H


class _DefinedDiscards(Variant, ABC):
    """``discards`` as RULES.md defines it, one discard at a time: its waits (the discarded
    copy seen), its shanten, and each kind of the tile set drawn after it — what the shared
    operation computes with entries built once a hand. A mixin: a variant's own
    ``discards`` (四川's suit to drop first) reaches it through ``super()``."""

    def discards(self, request: Request) -> DiscardsAnswer:
        options = self.checked(request, draw=True, needs_win_tile=False)
        hand, context = request.hand, request.context
        kinds = sorted(self.hand_rules(options).tile_kinds)
        own = T.counts(hand.all_tiles)
        seen = T.counts(context.visible)
        choices = []
        for tile in sorted(set(hand.concealed)):
            rest = list(hand.concealed)
            rest.remove(tile)
            thrown = replace(context, visible=(*context.visible, tile))
            waits = self.wait_list(rest, hand, thrown, options)
            shanten = 0 if waits else max(1, self.hand_shanten(rest, hand, context, options))
            after = self.shanten_after_draws(rest, hand, context, options)
            effective = [EffectiveTile(T.code(draw), left) for draw in kinds
                         if (left := T.COPIES - own[draw] - seen[draw]) > 0
                         and after[draw] < shanten]
            count = sum(e.remaining for e in effective)
            choices.append(DiscardChoice(T.code(tile), shanten, waits, tuple(effective), count))
        return self.discards_answer(choices, hand, context, options)


def reference(variant: Variant) -> Variant:
    """The variant with the base class's waits machinery: every kind tried with the full
    win check (and ``fan_value``), `hand_shanten` asked once per drawn kind, and
    ``discards`` as defined (`_DefinedDiscards`)."""
    cls = type(variant)
    slow = type(f"Slow{cls.__name__}", (cls, _DefinedDiscards), {
        "wait_candidates": base.Variant.wait_candidates,
        "wait_list": base.Variant.wait_list,
        "shanten_after_draws": base.Variant.shanten_after_draws,
    })
    made: Variant = slow()
    return made


def _code(tiles: Sequence[int]) -> str:
    return "".join(T.code(t) for t in tiles)


def bodies(pool: Sequence[int], wild_kinds: Sequence[int], *, count: int, seed: int,
           chows: bool, honor_chows: bool = False, specials: Sequence[str] = (),
           options: Sequence[dict[str, Any]] = ({},), context: dict[str, Any] | None = None,
           missing_suit: bool = False, groups: int = 4) -> list[dict[str, Any]]:
    """``count`` discards bodies (3·``groups`` + 2 tiles: 14, or 11 and 8 in the rooms of
    rules/rooms.md §0.9.2): complete hands (groups and a pair; the pairs shape with fours;
    the ``specials`` asked for, at 14 tiles), up to 8 tiles turned into the wild kinds, 0–2
    groups declared (pongs, kongs, chows when ``chows``), then 0–2 tiles swapped. Hands
    that break the four-copies rule are refused by the variant (`valid_requests`)."""
    rng = random.Random(seed)
    pool = list(pool)
    size = 3 * groups + 2
    out: list[dict[str, Any]] = []
    while len(out) < count:
        local = pool
        if rng.random() < 0.4:  # fewer suits: flushes and 缺一门 hands
            drop = rng.randrange(3)
            local = [k for k in pool if k // 9 != drop]
            if len(local) < 9:  # a one-suit room keeps its suit
                local = pool
        roll = rng.random()
        melds: list[dict[str, Any]] = []
        if roll < 0.15:
            tiles = H.seven_pairs(rng, local, True, size)
        elif roll < 0.22 and specials and groups == 4:
            kind = rng.choice(specials)
            tiles = H.thirteen_orphans(rng) if kind == "orphans" else H.shi_san_lan(rng)
        else:
            made = H.standard(rng, local, groups, honor_chows=honor_chows,
                              triplets_only=roll > 0.8, pair_258=roll < 0.3)
            if made is None:
                continue
            tiles = made
            declared = rng.choice([0, 0, 0, 1, 1, 2])
            for i in range(declared):
                group = tiles[3 * i : 3 * i + 3]
                if len(set(group)) == 1:
                    kong = rng.random() < 0.3
                    melds.append({"type": "kong" if kong else "pong",
                                  "tiles": _code([group[0]] * (4 if kong else 3)),
                                  "concealed": kong and rng.random() < 0.5})
                elif chows:
                    melds.append({"type": "chow", "tiles": _code(group)})
                else:
                    break
            else:
                tiles = tiles[3 * declared :]
            if len(tiles) + 3 * len(melds) != size:
                continue
        tiles = list(tiles)
        rng.shuffle(tiles)
        if wild_kinds and rng.random() < 0.6:
            for i in range(min(rng.choice([1, 1, 2, 3, 4, 6, 8]), len(tiles))):
                tiles[i] = rng.choice(wild_kinds)
        for _ in range(rng.choice([0, 0, 1, 2])):
            tiles[rng.randrange(len(tiles))] = rng.choice(local)
        body: dict[str, Any] = {"hand": _code(tiles), "melds": melds,
                                "options": rng.choice(options),
                                "context": dict(context or {})}
        if missing_suit and rng.random() < 0.5:
            body["context"]["missing_suit"] = rng.choice("mps")
        if rng.random() < 0.2:
            body["context"]["visible"] = _code(rng.sample(local, 3))
        out.append(body)
    return out


def valid_requests(variant: Variant, raw: Sequence[dict[str, Any]]) -> list[Request]:
    """The bodies the variant accepts for ``discards`` (the others break a shared rule)."""
    found = []
    for body in raw:
        request = variant.request(body)
        try:
            variant.checked(request, draw=True, needs_win_tile=False)
        except RequestError:
            continue
        found.append(request)
    return found


def check_hooks(variant: Variant, request: Request) -> int:
    """Assert the two hooks against their definitions for every discard; the number of
    (discard, kind) pairs that win, so callers can see the checks are not vacuous."""
    options = variant.checked(request, draw=True, needs_win_tile=False)
    hand, context = request.hand, request.context
    kinds = sorted(variant.hand_rules(options).tile_kinds)
    wait_context = variant.wait_context(context)
    wins = 0
    fast_discards = variant.discard_draws(hand.concealed, hand, context, options)
    slow_discards = base.Variant.discard_draws(variant, hand.concealed, hand, context, options)
    assert fast_discards == slow_discards, request
    for tile in sorted(set(hand.concealed)):
        rest = list(hand.concealed)
        rest.remove(tile)
        fast = variant.shanten_after_draws(rest, hand, context, options)
        slow = base.Variant.shanten_after_draws(variant, rest, hand, context, options)
        assert fast == slow, (request, T.code(tile))
        candidates = set(variant.wait_candidates(rest, hand, context, options))
        for kind in kinds:
            if variant.check(Hand(tuple(rest), hand.melds, kind), wait_context, options).win:
                wins += 1
                assert kind in candidates, (request, T.code(tile), T.code(kind))
    return wins


def check_operations(variant: Variant, slow: Variant, request: Request) -> None:
    """``discards`` and ``waits`` (of the 13 tiles left by the first discard) equal the
    reference's."""
    assert variant.discards(request) == slow.discards(request), request
    hand = request.hand
    waits = Request(Hand(hand.concealed[1:], hand.melds), request.context, request.options)
    assert variant.waits(waits) == slow.waits(waits), waits
