"""A plain recursive expectimax over the policy class of RULES.md §0.10.2 (advice.md
§0.10.12): every draw kind with its exact probability, every shanten-keeping permitted
discard, exact fractions, no memo of the recursion and no lumping of kinds.

Every definition is read straight from §0.10.1 through the variants' public operations —
*s* is what ``waits`` answers as ``shanten``, a drawn part's *s* the least over all its
discards, a win what ``win`` answers for a self-draw, a price what ``fan`` answers — with
none of `engine.advice`'s shortcuts (shape-shanten bounds, relevant kinds, keys). Only those
pure per-part answers are memoised.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from engine import tiles as T
from engine.hand import Hand, Request, Seats, WinType
from engine.variants.base import Variant

Part = tuple[int, ...]
Triple = tuple[Fraction, Fraction, Fraction]
ZERO: Triple = (Fraction(0), Fraction(0), Fraction(0))


@dataclass(frozen=True)
class Exact:
    win: tuple[Fraction, ...]
    tenpai: tuple[Fraction, ...]
    points: Fraction
    fan: Fraction | None


class Reference:
    """The model of one ``advice`` body, by definition."""

    def __init__(self, variant: Variant, body: Mapping[str, Any]) -> None:
        self.variant = variant
        request = variant.prepared(variant.request(body))
        self.request = request
        self.melds = request.hand.melds
        self.context = request.context
        self.options = variant.options(request)
        self.raw_options = request.options
        self.kinds = sorted(variant.hand_rules(self.options).tile_kinds)
        raw = body["context"]
        self.horizon: int = raw["draws_left"]
        self.last_tile = bool(raw.get("last_tile"))
        self.constant_wall = body.get("draw_model") == "constant_wall"
        own = T.counts(request.hand.all_tiles)
        if raw.get("unseen") is not None:
            self.unseen = T.counts(T.parse_any(raw["unseen"]))
        else:
            seen = T.counts(request.context.visible)
            self.unseen = [4 - own[k] - seen[k] if k in self.kinds else 0 for k in range(34)]
        concealed = T.counts(request.hand.concealed)
        self.wall = [u + c for u, c in zip(self.unseen, concealed, strict=True)]
        rules = variant.claim_rules
        missing = rules.missing_suit(self.context) if rules and rules.missing_suit else None
        self.first = missing if self.options.get("missing_suit_first") else None
        seats = self.context.seats or Seats(dealer=0 if self.context.is_dealer else 1,
                                           winner=0)
        self.seats = seats
        self._s13: dict[Part, int] = {}
        self._s14: dict[Part, int] = {}
        self._win: dict[tuple[Part, int], bool] = {}
        self._price: dict[tuple[Part, int, bool], tuple[int, int]] = {}
        size = len(request.hand.concealed)
        part_size = size - 1 if size % 3 == 2 else size
        self.wall_size = body.get("wall_size") or sum(self.wall) - part_size

    # --- §0.10.1, by the public operations ---------------------------------------------

    def s13(self, part: Part) -> int:
        if part not in self._s13:
            answer = self.variant.waits(Request(Hand(part, self.melds), self.context,
                                                self.raw_options))
            self._s13[part] = answer.shanten
        return self._s13[part]

    def s14(self, part: Part) -> int:
        if part not in self._s14:
            self._s14[part] = min(self.s13(_minus(part, j)) for j in set(part))
        return self._s14[part]

    def win(self, part: Part, k: int) -> bool:
        if (part, k) not in self._win:
            context = replace(self.context, win_type=WinType.SELF_DRAW)
            answer = self.variant.win(Request(Hand(part, self.melds, k), context,
                                              self.raw_options))
            self._win[part, k] = answer.win
        return self._win[part, k]

    def price(self, part: Part, k: int, last: bool) -> tuple[int, int]:
        if (part, k, last) not in self._price:
            context = replace(self.context, win_type=WinType.SELF_DRAW, last_tile=last,
                              seats=self.seats, visible=())
            answer = self.variant.fan(Request(Hand(part, self.melds, k), context,
                                              self.raw_options))
            pts = (answer.payments[self.seats.winner or 0] if answer.payments is not None
                   else answer.total_fan)
            self._price[part, k, last] = (pts, answer.fan)
        return self._price[part, k, last]

    def permitted(self, drawn: Part) -> set[int]:
        firsts = {t for t in drawn if t // 9 == self.first} if self.first is not None else set()
        return firsts or set(drawn)

    # --- §0.10.3 ------------------------------------------------------------------------

    def values(self, part: Part) -> Exact:
        """W, R for every horizon t = 1 … T and E at T, of the part advised."""
        pool = tuple(self.unseen)
        wins, ready = [], []
        for t in range(1, self.horizon + 1):
            w, r, e = self._rec(part, pool, t, t)
            wins.append(w)
            ready.append(r)
        points, won, fan = e
        return Exact(tuple(wins), tuple(ready), points, fan / won if won else None)

    def _rec(self, c: Part, pool: tuple[int, ...], d: int, horizon: int
             ) -> tuple[Fraction, Fraction, Triple]:
        s = self.s13(c)
        if d == 0:
            return Fraction(0), Fraction(int(s <= 0)), ZERO
        if self.constant_wall:
            weights = [self.wall[k] - c.count(k) for k in range(34)]
            total = self.wall_size
        else:
            weights = list(pool)
            total = sum(pool)
        w = r = Fraction(0)
        e = list(ZERO)
        moved = 0
        for k in self.kinds:
            if weights[k] <= 0:
                continue
            p = Fraction(weights[k], total)
            moved += weights[k]
            rest = pool if self.constant_wall else tuple(
                n - (i == k) for i, n in enumerate(pool))
            if self.win(c, k):
                pts, fan = self.price(c, k, self.last_tile and d == 1)
                w += p
                r += p
                e = [e[0] + p * pts, e[1] + p, e[2] + p * fan]
                continue
            drawn = _plus(c, k)
            target = self.s14(drawn)
            if target < s:
                kids = [_minus(drawn, j) for j in sorted(self.permitted(drawn))
                        if self.s13(_minus(drawn, j)) == target]
                found = [self._rec(kid, rest, d - 1, horizon) for kid in kids]
                w += p * max(f[0] for f in found)
                r += p * max(f[1] for f in found)
                best = max(f[2] for f in found)
            else:
                if k in self.permitted(drawn):
                    kid = c
                else:
                    kid = _minus(drawn, min(t for t in c if t // 9 == self.first))
                w_, r_, best = self._rec(kid, rest, d - 1, horizon)
                w += p * w_
                r += p * r_
            e = [a + p * b for a, b in zip(e, best, strict=True)]
        if self.constant_wall and total > moved:
            p = Fraction(total - moved, total)
            w_, r_, best = self._rec(c, pool, d - 1, horizon)
            w += p * w_
            r += p * r_
            e = [a + p * b for a, b in zip(e, best, strict=True)]
        if s <= 0:
            r = Fraction(1)
        return w, r, (e[0], e[1], e[2])


def _plus(part: Part, k: int) -> Part:
    return tuple(sorted((*part, k)))


def _minus(part: Part, k: int) -> Part:
    rest = list(part)
    rest.remove(k)
    return tuple(rest)


def candidates(reference: Reference, hand: Sequence[int]) -> list[tuple[int | None, Part]]:
    """The parts advised: the 13 tiles, or the 14 less each permitted discard."""
    tiles = tuple(sorted(hand))
    if len(tiles) % 3 == 1:
        return [(None, tiles)]
    return [(j, _minus(tiles, j)) for j in sorted(reference.permitted(tiles))]
