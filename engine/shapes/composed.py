"""Shanten of parts that share suits, composed from each suit's facts (换三张's hot path).

A caller that scores many parts differing in one or two suits (``exchange``: up to 124 × 495
hands, each one suit given and one received) need not read 13–14 tiles afresh each time:
the standard shape combines per-suit U classes (``standard``), the pairs shape counts pairs
and odd kinds per suit (``special``), and whether some draw completes the part — or, with
one tile more, some discard and draw — follows from each suit's wait word (``build``) and
the wait words of the suit less one tile, shipped as one facts byte a vector
(``build.fact_bytes``). So each distinct suit vector is read once
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
from engine.shapes.tables import UCONV, UROWS, K, number_facts_of

RANK_CODES: Final = tuple(1 << (3 * r) for r in range(9))
"""The code of one tile of each rank."""
_LOW: Final = (1 << 15) - 1
_ONES: Final = sum(1 << (3 * r) for r in range(9))
"""Bit 0 of every rank's digit (a count's parity); bit 1 and bit 2 are these shifted."""
_TWOS: Final = _ONES << 1
_FOURS: Final = _ONES << 2
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


def tiles_of(code: int) -> int:
    """The tiles a code holds (its digits' sum: each digit's bits counted by weight)."""
    return ((code & _ONES).bit_count() + 2 * (code & _TWOS).bit_count()
            + 4 * (code & _FOURS).bit_count())


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
        self._u = c.u[1]
        flags = number_facts_of(c.w[1])
        if flags is None:
            raise ValueError("these rules' live suits read no number config's tables")
        self._flags = flags
        self._w = c.w[1]
        """The live suits' wait words (`build.wait_words`: bit r when drawing rank r leaves
        the suit groups only, bit 9 + r groups and the pair)."""
        self._uh = c.u[3][WINDS[0] + DRAGONS[0]]
        self._ids: dict[int, int] = {}
        self._facts: list[SuitFacts] = []
        self._cores: list[int] = []
        """Per facts id: its U class, odd kinds and tiles packed (what a table reads)."""
        self._kept: dict[int, int] = {}
        self._draws: dict[int, int] = {}
        self._tables: dict[int, int] = {}
        self._parts: dict[int, int] = {}
        self._after: dict[int, tuple[tuple[int, ...], int, int, int]] = {}
        self._pairs = [[pairs_shanten((live - odd) >> 1, odd, 0, 0, c) if odd <= live
                        else NEVER for odd in range(16)] for live in range(16)]
        """The pairs shape's table shanten by live tiles and odd kinds (at most 14 each)."""
        self._std = [v - 1 if v < UNREACHABLE else NEVER for v in c.need_w[4 * 9::45]]
        """Per U class: the standard shape's table shanten of 4 groups and a pair (13 or 14
        tiles), as `_table` reads ``need_w``."""

    def facts(self, code: int) -> int:
        """The id of a suit vector's facts (equal facts, one id: callers key memos by it)."""
        found = self._ids.get(code)
        if found is None:
            key = self._key(code)
            found = self._kept.get(key)
            if found is None:
                found = self._kept[key] = len(self._facts)
                self._facts.append(_unpacked(key))
                self._cores.append(key >> 8)
            self._ids[code] = found
        return found

    def _key(self, code: int) -> int:
        """A suit vector's `SuitFacts`, packed into one int (`_unpacked` reads it back): the
        U class at the vector's index, its completion flags from the shipped facts byte
        (`table_format.fact_flags`: the wait word at the index and those of the vector less
        each rank it holds), tiles and odd kinds from the code's digit bits (counts are at
        most 4: bit 0 of a digit is its parity)."""
        at = START[code >> 15] + POS[code & _LOW]
        odd = (code & _ONES).bit_count()
        return ((self._u[at] << 4 | odd) << 4 | tiles_of(code)) << 8 | self._flags[at]

    def table(self, dropped: int, low: int, high: int, size: int) -> int:
        """The table shanten (`engine.shapes.shanten`: −1 complete) of a part of ``size``
        tiles whose live suits (suit ``dropped`` dead) have the facts ids ``low``, ``high``."""
        a, b = self._facts[low], self._facts[high]
        return self._table(dropped, a.u, b.u, a.odd + b.odd, a.tiles + b.tiles, size)

    def _table(self, dropped: int, ua: int, ub: int, odd: int, live: int, size: int) -> int:
        key = ((((ua * K + ub) << 4 | odd) << 4 | live) << 2 | dropped) << 4 | size
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = self._table_of(dropped, ua, ub, odd, live, size)
        return found

    def _table_of(self, dropped: int, ua: int, ub: int, odd: int, live: int, size: int
                  ) -> int:
        c = self._c[dropped]
        x = [0, 0, 0]  # the dead suit: the empty class (its naturals unused)
        lo, hi = LIVE[dropped]
        x[lo], x[hi] = ua, ub
        cls = UCONV[UCONV[UCONV[x[0] * K + x[1]] * K + x[2]] * K + self._uh]
        need = c.need_w[(cls * 5 + (size - 1) // 3) * 9]
        best = need - 1 if need < UNREACHABLE else NEVER
        return min(best, pairs_shanten((live - odd) >> 1, odd, 0, 0, c))

    def shanten(self, dropped: int, low: int, high: int, size: int) -> int:
        """The part's shanten with suit ``dropped``'s tiles dead, the live suits' facts ids
        ``low`` and ``high`` (in suit order), ``size`` tiles in all (13 or 14): the table's
        (`engine.shapes.shanten`), except that a table 0 (13 tiles) is 0 only when a draw of
        a kind held fewer than four times completes the part, else 1, and a table 0 or −1
        (14 tiles) 0 only when some discard leaves such a part, else 1 — ``waits``' and
        ``discards``' shanten where a wait is a draw completing a shape."""
        best = self.table(dropped, low, high, size)
        if best >= 1:
            return best
        a, b = self._facts[low], self._facts[high]
        odd = a.odd + b.odd
        live = a.tiles + b.tiles
        dead = size - live
        if size == 13 or dead == 1:
            ready = dead == 0 or size == 14
            return 0 if ready and (odd == 1 or _waits(a, b) or _waits(b, a)) else 1
        if dead:
            return 1
        ready = odd <= 2 or _swaps(a, b) or _swaps(b, a)
        return 0 if ready else 1

    def draws(self, dropped: int, codes: Sequence[int], below: int) -> int:
        """The 进张 of a 13-tile part of these suit codes (suit ``dropped`` dead): bit k set
        for each kind k, held fewer than four times, whose draw leaves a table shanten
        (`engine.shapes.shanten_after_draws`) below ``below``. A live suit's draws change
        that suit alone, read against the other live suit's facts (`suit_draws`); a draw
        of the dead suit leaves the part's table shanten as it is (the tile is dead, and the
        table index is the same for 13 and 14 tiles), so the dead suit's kinds all count or
        none does. Memoised by the part (parts of different hands coincide), keyed by
        ints: a key of ints is no object the garbage collector tracks, so memos of many
        keys do not make it walk the heap (issue 23: one walk cost ~17 ms)."""
        key = (((codes[0] << 27 | codes[1]) << 27 | codes[2]) << 7 | below) << 2 | dropped
        mask = self._parts.get(key)
        if mask is None:
            lo, hi = LIVE[dropped]
            low, high = self.facts(codes[lo]), self.facts(codes[hi])
            mask = (self.suit_draws(codes[lo], high, below) << 9 * lo
                    | self.suit_draws(codes[hi], low, below) << 9 * hi)
            if self.table(dropped, low, high, 13) < below:
                dead = codes[dropped]
                mask |= sum(1 << r for r in range(9) if dead >> 3 * r & 7 < 4) << 9 * dropped
            self._parts[key] = mask
        return mask

    def suit_draws(self, code: int, other: int, below: int) -> int:
        """`draws` in a live suit held ``code`` as a 9-bit rank mask, the other live suit of
        facts id ``other``; the same whichever suit is dead (U classes combine
        commutatively, the dead suit is the empty class, and every choice reads the same
        tables): memoised so, as parts differing elsewhere share it."""
        key = (code << 20 | self._cores[other]) << 7 | below
        found = self._draws.get(key)
        if found is None and below == 0:
            found = self._draws[key] = self._completing(code, self._facts[other])
        if found is None:
            b = self._facts[other]
            classes, tiles, even, odd = self._drawn(code)
            # the drawn suit's class meets one row: the other live suit's with the honors'
            row, std = UROWS[UCONV[b.u * K + self._uh]], self._std
            found = 0
            for r, x in enumerate(classes):
                if x >= 0 and std[row[x]] < below:
                    found |= 1 << r
            # the pairs shape reads the odd kinds only: a draw of an even count adds one
            live, singles = tiles + 1 + b.tiles, b.odd + (code & _ONES).bit_count()
            if self._pairs[live][singles + 1] < below:
                found |= even
            if singles and self._pairs[live][singles - 1] < below:
                found |= odd
            self._draws[key] = found
        return found

    def _completing(self, code: int, b: SuitFacts) -> int:
        """`suit_draws` below 0, from the suit's wait word rather than rank by rank: the
        draws that complete the part — 14 live tiles, then groups and the pair in this suit
        with groups only in the other, or the reverse, or seven pairs (fours as two): the
        13 tiles' one odd kind, in this suit, drawn."""
        tiles = tiles_of(code)
        if tiles + 1 + b.tiles != 14:
            return 0
        word = self._w[START[code >> 15] + POS[code & _LOW]]
        found = (word >> 9 & 511 if b.now == 1 else word & 511 if b.now == 2 else 0)
        odd = code & _ONES
        if b.odd == 0 and odd.bit_count() == 1:
            found |= 1 << (odd.bit_length() - 1) // 3
        return found

    def _drawn(self, code: int) -> tuple[tuple[int, ...], int, int, int]:
        """A suit's U class after drawing each rank (−1 for a rank held four times), its
        tiles, and the rank masks of its counts 0 or 2 and of its counts 1 or 3."""
        found = self._after.get(code)
        if found is None:
            u, classes = self._u, []
            low, high = code & _LOW, code >> 15
            start, pos = START[high], POS[low]
            even = odd = 0
            for r, one in enumerate(RANK_CODES):
                n = code >> 3 * r & 7
                if n < 4:
                    # a draw changes the low five ranks' index or the high four's, not both
                    classes.append(u[start + POS[low + one]] if r < 5
                                   else u[START[high + (one >> 15)] + pos])
                    if n & 1:
                        odd |= 1 << r
                    else:
                        even |= 1 << r
                else:
                    classes.append(-1)
            found = self._after[code] = tuple(classes), tiles_of(code), even, odd
        return found


def _unpacked(key: int) -> SuitFacts:
    flags = key & 255
    return SuitFacts(
        u=key >> 16, tiles=key >> 8 & 15, odd=key >> 12 & 15, now=flags & 3,
        draw_groups=bool(flags & 4), draw_pair=bool(flags & 8), less_groups=bool(flags & 16),
        less_pair=bool(flags & 32), swap_groups=bool(flags & 64),
        swap_pair=bool(flags & 128))


def _waits(a: SuitFacts, b: SuitFacts) -> bool:
    """A draw into ``a`` completes the part (``b`` as it is)."""
    return (a.draw_pair and b.now == 1) or (a.draw_groups and b.now == 2)


def _swaps(a: SuitFacts, b: SuitFacts) -> bool:
    """A discard from ``a`` and a draw into ``a`` or ``b`` complete the part."""
    return ((a.swap_pair and b.now == 1) or (a.swap_groups and b.now == 2)
            or (a.less_pair and b.draw_groups) or (a.less_groups and b.draw_pair))
