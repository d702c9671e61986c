"""Shanten of parts that share suits, composed from each suit's facts (换三张's hot path).

A caller that scores many parts differing in one or two suits (``exchange``: up to 124 × 495
hands, each one suit given and one received) need not read 13–14 tiles afresh each time:
the standard shape combines per-suit U classes (``standard``), the pairs shape counts pairs
and odd kinds per suit (``special``), and whether some draw completes the part — or, with
one tile more, some discard and draw — follows from each suit's wait word (``build``) and
the wait words of the suit less one tile. So each distinct suit vector is read once
(`Composer.facts`) and a part is two suits' facts combined (`Composer.shanten`).

Scope (`composable`): the rules of 四川's 缺一门 — three number suits, one of them dropped
(its tiles dead), no honor kind, no wildcard, the standard shape and the pairs shape with
four alike as two pairs, hand size 13. Suit vectors are base-8 codes over the nine ranks
(``c0 | c1 << 3 | … | c8 << 24``), so that adding or removing tiles is integer addition.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from engine.shapes.compiled import UNREACHABLE, Compiled, compiled
from engine.shapes.layout import DRAGONS, POS, START, WINDS
from engine.shapes.model import NEVER, ShapeRules
from engine.shapes.special import pairs_shanten
from engine.shapes.tables import UCONV, K

RANK_CODES: Final = tuple(1 << (3 * r) for r in range(9))
"""The code of one tile of each rank."""
_LOW: Final = (1 << 15) - 1
_BITS: Final = (1 << 9) - 1
LIVE: Final = ((1, 2), (0, 2), (0, 1))
"""The live suits, in suit order, with suit d dropped."""


class SuitFacts(NamedTuple):
    """What one number suit's vector contributes to a part (its live suits' facts combine)."""

    u: int
    """U class (the standard shape's table)."""
    tiles: int
    odd: int
    """Kinds held once or three times (the pairs shape, four alike being two pairs)."""
    now: int
    """0 incomplete, 1 groups only, 2 groups and the pair."""
    draw_groups: bool
    """Some draw of a rank held fewer than four times leaves groups only."""
    draw_pair: bool
    less_groups: bool
    """Some discard leaves groups only."""
    less_pair: bool
    swap_groups: bool
    """Some discard, then some draw (held fewer than four times after it), leaves groups."""
    swap_pair: bool


def code_of(tiles: Sequence[int], suit: int) -> int:
    """The base-8 code of ``tiles``' suit ``suit``."""
    return sum(RANK_CODES[t % 9] for t in tiles if t // 9 == suit)


def composable(without: Sequence[ShapeRules]) -> bool:
    """Whether `Composer` answers for these rules (the d-th with suit d dropped): see the
    module docstring. Every live number suit must read the same tables."""
    if len(without) != 3:
        return False
    cs = [compiled(r) for r in without]
    for d, (r, c) in enumerate(zip(without, cs, strict=True)):
        if (r.suits != frozenset(LIVE[d]) or not r.standard or not r.seven_pairs
                or not r.seven_pairs_four_as_two or r.thirteen_orphans or r.shi_san_lan
                or r.hand_size != 13 or c.honor_kinds or c.need_w != cs[0].need_w):
            return False
    first = cs[0]
    return all(c.u[s] is first.u[1] and c.w[s] is first.w[1]
               for d, c in enumerate(cs) for s in LIVE[d])


class Composer:
    """Per-suit facts, kept by code, and the parts they compose (see the module docstring)."""

    def __init__(self, without: Sequence[ShapeRules]) -> None:
        if not composable(without):
            raise ValueError("these rules do not compose by suit")
        self._c: tuple[Compiled, ...] = tuple(compiled(r) for r in without)
        c = self._c[0]
        self._u, self._w = c.u[1], c.w[1]
        self._uh = c.u[3][WINDS[0] + DRAGONS[0]]
        self._ids: dict[int, int] = {}
        self._facts: list[SuitFacts] = []
        self._kept: dict[SuitFacts, int] = {}

    def facts(self, code: int) -> int:
        """The id of a suit vector's facts (equal facts, one id: callers key memos by it)."""
        found = self._ids.get(code)
        if found is None:
            facts = self._read(code)
            found = self._kept.setdefault(facts, len(self._facts))
            if found == len(self._facts):
                self._facts.append(facts)
            self._ids[code] = found
        return found

    def _word(self, code: int) -> int:
        return self._w[START[code >> 15] + POS[code & _LOW]]

    def _read(self, code: int) -> SuitFacts:
        word = self._word(code)
        counts = [code >> (3 * r) & 7 for r in range(9)]
        less_g = less_p = swap_g = swap_p = False
        for r, n in enumerate(counts):
            if n:
                w = self._word(code - RANK_CODES[r])
                now = w >> 18
                less_g, less_p = less_g or now == 1, less_p or now == 2
                swap_g, swap_p = swap_g or bool(w & _BITS), swap_p or bool(w >> 9 & _BITS)
        return SuitFacts(
            u=self._u[START[code >> 15] + POS[code & _LOW]], tiles=sum(counts),
            odd=sum(n & 1 for n in counts), now=word >> 18,
            draw_groups=bool(word & _BITS), draw_pair=bool(word >> 9 & _BITS),
            less_groups=less_g, less_pair=less_p, swap_groups=swap_g, swap_pair=swap_p)

    def shanten(self, dropped: int, low: int, high: int, size: int) -> int:
        """The part's shanten with suit ``dropped``'s tiles dead, the live suits' facts ids
        ``low`` and ``high`` (in suit order), ``size`` tiles in all (13 or 14): the table's
        (`engine.shapes.shanten`), except that a table 0 (13 tiles) is 0 only when a draw of
        a kind held fewer than four times completes the part, else 1, and a table 0 or −1
        (14 tiles) 0 only when some discard leaves such a part, else 1 — ``waits``' and
        ``discards``' shanten where a wait is a draw completing a shape."""
        c = self._c[dropped]
        a, b = self._facts[low], self._facts[high]
        x = [0, 0, 0]  # the dead suit: the empty class (its naturals unused)
        lo, hi = LIVE[dropped]
        x[lo], x[hi] = a.u, b.u
        cls = UCONV[UCONV[UCONV[x[0] * K + x[1]] * K + x[2]] * K + self._uh]
        need = c.need_w[(cls * 5 + (size - 1) // 3) * 9]
        best = need - 1 if need < UNREACHABLE else NEVER
        odd = a.odd + b.odd
        live = a.tiles + b.tiles
        best = min(best, pairs_shanten((live - odd) >> 1, odd, 0, 0, c))
        if best >= 1:
            return best
        dead = size - live
        if size == 13 or dead == 1:
            ready = dead == 0 or size == 14
            return 0 if ready and (odd == 1 or _waits(a, b) or _waits(b, a)) else 1
        if dead:
            return 1
        ready = odd <= 2 or _swaps(a, b) or _swaps(b, a)
        return 0 if ready else 1


def _waits(a: SuitFacts, b: SuitFacts) -> bool:
    """A draw into ``a`` completes the part (``b`` as it is)."""
    return (a.draw_pair and b.now == 1) or (a.draw_groups and b.now == 2)


def _swaps(a: SuitFacts, b: SuitFacts) -> bool:
    """A discard from ``a`` and a draw into ``a`` or ``b`` complete the part."""
    return ((a.swap_pair and b.now == 1) or (a.swap_groups and b.now == 2)
            or (a.less_pair and b.draw_groups) or (a.less_groups and b.draw_pair))
