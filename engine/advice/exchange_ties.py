"""换三张's 进张 stage composed by suit: the tie-break among the candidates of least expected
shanten (RULES.md §0.10.9, assumption 15), where the rules compose (`engine.shapes.composed`).

A candidate of a tie scores up to 495 hands after the exchange by their 进张, and a hand's
进张 is what ``dingque`` counts for its choice of missing suit: a 13-tile hand's draws that
lower its shanten (`Composer.draws`), a 14-tile hand's those of the first entry `discards`
would list. Every hand here differs from the request's in at most two suits, so everything
is read by suit and memoised so: a discard's shanten by the discarded suit's code and the
other live suit's facts, a suit's draws by its code and the other suit's facts, and what
those draws are worth to `discards`' order (copies not held, kinds) by the suit's code.
Each distinct hand has its 进张 kinds found once (`Ties.chosen`); each triple counts them
with its own given tiles seen (`Ties.counted`).

A 14-tile hand's first entry is read from its two live suits' codes alone, in suit order
(`_first_discard`): the composed tables are the same whichever suit is dead (`composable`),
an ``exchange`` body sees no tile but the hand's (it takes no context: RULES.md §0.10.9),
so every copy not held counts alike in every suit, and the live suits keep their order in
`discards`' tile order whichever is dead — hands whose live suits hold the same, under any
choice of missing suit, share one answer. For a part of one suit that answer is shipped
(`engine.advice.one_suit`), and a dealer's deal of one suit is scored a suit of triples at a
pass (`lone_shantens`, `lone_counted`, `lone_beside`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine import tiles as T
from engine.advice.one_suit import FIRST, KINDS, SHANTEN, row
from engine.shapes import NEVER
from engine.shapes.composed import LIVE, RANK_CODES, Composer, tiles_of

Part = int
"""What a suit's draws are worth to `discards`' order, packed: the 9-bit rank mask, the copies
(``>> 9 & 511``) and the kinds (``>> 18``)."""
Discard = tuple[int, int, int, int]
"""A live discard of a 14-tile hand: the shanten it leaves, its tile in the two live suits'
order (``9 × 0`` the lower suit, ``9 × 1`` the higher), its rank's code, and its suit's facts
after it."""


class Ties:
    """The composed 进张 of the hands after an exchange of one request (see the module
    docstring): ``size`` tiles (13, or 14 after the dealer's draw), the suits in
    ``missing`` choosable (a composable room's three: all 27 number kinds)."""

    def __init__(self, composer: Composer, size: int, missing: Sequence[int]) -> None:
        self.composer = composer
        self.size = size
        self.missing = tuple(missing)
        # every memo is keyed by ints (and holds ints where it can): an int is no object
        # the garbage collector tracks, and memos of many tuples made one exchange body
        # walk the whole heap (~17 ms) mid-call
        self._phis: dict[int, int] = {}
        self._tallies: dict[int, tuple[tuple[int, int], ...]] = {}
        self._discarded: dict[int, tuple[Discard, ...]] = {}
        self._worth: dict[int, Part] = {}
        self._dead: dict[int, Part] = {}
        self._live_firsts: dict[int, int] = {}
        self._dead_firsts: dict[int, int] = {}
        self._dead_all = _counts(511, 0)
        """The dead suit's draws when it holds nothing (`_dead_of`), and what they add to
        an entry's copies and kinds (as `_packed` places them)."""
        self._dead_more = ((self._dead_all >> 9 & 511) << _COPIES
                           | (self._dead_all >> 18) << _KINDS)

    def phi(self, dropped: int, facts: Sequence[int], size: int = 0) -> int:
        """The composed shanten (`Composer.shanten`) of a part of these suits' facts,
        ``size`` tiles (the hand's when 0), memoised by the live suits' facts alone: the
        composed tables are the same whichever suit is dead (`composable`), so every
        choice of missing suit, and `_shanten`, share the memo."""
        lo, hi = LIVE[dropped]
        size = size or self.size
        key = (facts[lo] << 22 | facts[hi]) << 4 | size
        found = self._phis.get(key)
        if found is None:
            found = self._phis[key] = self.composer.shanten(dropped, facts[lo], facts[hi],
                                                            size)
        return found

    def counted(self, codes: list[int], given: int, suit: int) -> int:
        """A hand's 进张 as ``dingque`` counts it: the most, over the choices of missing
        suit at its least shanten, of its 进张 kinds' copies neither held nor given
        (``given`` the given three's code, of suit ``suit``): the copies the hand leaves,
        tallied once a hand (`_tallied`), less the given among them. A kind never has
        fewer copies left than given: the hand after the exchange and the given tiles are
        tiles of the dealt hand and of the incoming, four of a kind at most."""
        shift = 27 * suit
        best = 0
        for digits, total in self._tallied(codes):
            count = total - tiles_of(digits >> shift & given)
            if count > best:
                best = count
        return best

    def lone_shantens(self, base: int, triples: Sequence[tuple[int, int]]) -> int:
        """Σ ways × the least shanten over the choices of missing suit of the 14-tile hands
        of one suit alone, held ``base`` and each triple's code (its ways beside it): the
        parts' shipped rows (`engine.advice.one_suit`)."""
        return sum(weight * (FIRST[row(base + code)] >> SHANTEN) for code, weight in triples)

    def lone_counted(self, base: int, triples: Sequence[tuple[int, int]], given: int) -> int:
        """Σ ways × `counted` over the same hands, the given three's code ``given`` in
        their suit: a choice of an empty suit missing is always the least (no dead tile;
        choosing the held suit leaves 14 dead), both alike (the tables are suit-blind), and
        its first entry is the part's shipped row: its kinds in the held suit count the
        copies neither held nor given, its kinds in the empty suits all four."""
        num = 0
        for code, weight in triples:
            held = base + code
            first = FIRST[row(held)] & KINDS
            # held and given are tiles of one wall: their digits sum to 4 at most
            num += weight * (T.COPIES * first.bit_count()
                             - tiles_of(held + given & _SPREAD[first & 511]))
        return num

    def lone_beside(self, g: int, y: int, base: int, triples: Sequence[tuple[int, int]],
                    given: int) -> int:
        """Σ ways × `counted` of the 14-tile hands holding ``base`` in suit ``g`` and each
        triple's code in suit ``y`` ≠ ``g``, the third suit empty, the given three's code
        ``given`` in suit ``g``: a dealer's deal of one suit, triples into another. Choosing
        ``g`` missing is never the least (11 dead tiles: a shanten of 10 at least, the
        others' 8 at most), choosing ``y`` missing reads ``base`` alone (the triple dead),
        so of the three choices one is read a triple — the rest once."""
        z = 3 - g - y
        facts, phis = self.composer.facts, self._phis
        kept, empty = facts(base), facts(0)
        ids = [empty, empty, empty]
        ids[g] = kept
        dead = self.phi(y, ids)  # the triple dead: the same for every triple
        lo, hi = LIVE[z]
        codes = [0, 0, 0]
        codes[g] = base
        held, gs, ys = base + given, 9 * g, 9 * y
        num = 0
        for code, weight in triples:
            codes[y], ids[y] = code, facts(code)
            key = (ids[lo] << 22 | ids[hi]) << 4 | 14  # `phi`, inline
            live = phis.get(key)
            if live is None:
                live = phis[key] = self.composer.shanten(z, ids[lo], ids[hi], 14)
            best = 0
            for d, s in ((z, live), (y, dead)):
                if s <= live and s <= dead:
                    mask = self._first_discard(d, codes)
                    # 4 a kind of the mask, less the copies held or given (none in z)
                    count = (T.COPIES * mask.bit_count()
                             - tiles_of(held & _SPREAD[mask >> gs & 511])
                             - tiles_of(code & _SPREAD[mask >> ys & 511]))
                    if count > best:
                        best = count
            num += weight * best
        return num

    def _tallied(self, codes: list[int]) -> tuple[tuple[int, int], ...]:
        """Per mask of `chosen`: its kinds as a code's digits (7 at each, suit *s* at bit
        27 *s*), and the copies of its kinds the hand does not hold — every kind of a mask
        has some (`chosen`), so 4 a kind less the hand's. Memoised by the codes."""
        key = (codes[0] << 27 | codes[1]) << 27 | codes[2]
        found = self._tallies.get(key)
        if found is None:
            tallied = []
            for mask in self.chosen(codes):
                low, mid, high = _SPREAD[mask & 511], _SPREAD[mask >> 9 & 511], \
                    _SPREAD[mask >> 18]
                digits = low | mid << 27 | high << 54
                # 4 a kind of the mask, less the hand's copies of them
                total = (T.COPIES * mask.bit_count() - tiles_of(codes[0] & low)
                         - tiles_of(codes[1] & mid) - tiles_of(codes[2] & high))
                tallied.append((digits, total))
            found = self._tallies[key] = tuple(tallied)
        return found

    def chosen(self, codes: list[int]) -> tuple[int, ...]:
        """For a hand of these suit codes, per choice of missing suit at its least shanten:
        the kinds its 进张 are counted over, a 27-bit mask — a 13-tile hand's draws below
        its shanten, a 14-tile hand's those of the first entry `discards` lists
        (`_first_discard`). Not memoised itself: `_tallied` keeps its answer by the codes."""
        composer, phis = self.composer, self._phis
        facts = composer.facts
        ids = (facts(codes[0]), facts(codes[1]), facts(codes[2]))
        size = self.size
        scores = []
        for d in self.missing:  # `phi`, inline: a hand reads three
            lo, hi = LIVE[d]
            key = (ids[lo] << 22 | ids[hi]) << 4 | size
            found = phis.get(key)
            if found is None:
                found = phis[key] = composer.shanten(d, ids[lo], ids[hi], size)
            scores.append(found)
        least = min(scores)
        if size % 3 == 2:
            return tuple(self._first_discard(d, codes)
                         for d, s in zip(self.missing, scores, strict=True) if s == least)
        return tuple(composer.draws(d, codes, least)
                     for d, s in zip(self.missing, scores, strict=True) if s == least)

    def _first_discard(self, missing: int, codes: list[int]) -> int:
        """The kinds of the first entry `discards` lists for a 14-tile hand, without
        building its answer, in `discards`' order of its entries: the least shanten (each
        discard's composed, 0 only with a wait), then the most 进张, then the most kinds,
        then the tile. A hand holding tiles of the dead suit answers from its dead discard
        (`_dead_first`), one holding none from its live discards (`_live_first`); both in
        the live suits' order (see the module docstring), placed here."""
        lo, hi = LIVE[missing]
        a, b, dead = codes[lo], codes[hi], codes[missing]
        if dead:
            found = self._dead_first(a, b)
            if found & _COUNTS_DEAD:
                found = found & _MASK | (self._dead_of(dead) & 511) << 18
        else:
            found = self._live_first(a, b)
        return ((found & 511) << 9 * lo | (found >> 9 & 511) << 9 * hi
                | (found >> 18) << 9 * missing)

    def _dead_first(self, a: int, b: int) -> int:
        """`_first_discard` of a hand holding dead tiles, live suits held ``a`` and ``b``:
        its dead discard's kinds, whichever entry comes first. A dead discard leaves the
        live part L whole; a live discard *t* leaves L − *t* and a dead tile more. A tile
        more never raises the table shanten (every decomposition of L − *t* is one of L's),
        so L − *t*'s table is at least L's, and L − *t* is never ready (a dead tile left):
        the dead discard's shanten is the least. At that shanten each draw that lowers
        L − *t*'s table lowers L's (the same argument with the draw added to both), and
        each copy counts alike (both against the 14 tiles held): a live entry tied with
        the dead one draws the same kinds, and one that draws fewer comes after it. So the
        first entry's kinds are the dead discard's: the live suits' draws below its
        shanten, and the dead suit's kinds when its draws count (`_COUNTS_DEAD`: the table
        below the shanten, a 0 with no wait; the caller adds them, as they read the dead
        suit's tiles)."""
        key = a << 27 | b
        found = self._dead_firsts.get(key)
        if found is None:
            facts, worth = self.composer.facts, self._worth_of
            fa, fb = facts(a), facts(b)
            least = self._shanten(fa, fb)
            found = (worth(a, a, fb, least) & 511) | (worth(b, b, fa, least) & 511) << 9
            if least == 1 and self._table(fa, fb) < least:
                found |= _COUNTS_DEAD
            self._dead_firsts[key] = found
        return found

    def _live_first(self, a: int, b: int) -> int:
        """`_first_discard` of a hand of no dead tile, live suits held ``a`` and ``b``: a
        part of one suit read from the shipped rows (`engine.advice.one_suit`; the empty
        suit lower, its row's two live halves swapped: every discard is of the one suit, so
        `discards`' tile order among them is the same), any other searched (`_live_search`)
        and memoised."""
        if not b:
            return FIRST[row(a)] & KINDS
        if not a:
            lone = FIRST[row(b)] & KINDS
            return (lone & 511) << 9 | (lone >> 9 & 511) | lone >> 18 << 18
        key = a << 27 | b
        found = self._live_firsts.get(key)
        if found is None:
            found, mirrored = self._live_search(a, b)
            self._live_firsts[key] = found
            self._live_firsts[b << 27 | a] = mirrored
        return found

    def _live_search(self, a: int, b: int) -> tuple[int, int]:
        """`_live_first` searched: the first, in `discards`' order, of the hand's live
        discards (`_discards`) of the least shanten, each `_packed` from the live suits'
        draws, and the dead suit's (all nine kinds, none held) where the part left is at
        table shanten below the least (a 13-tile part's shanten is its table's but for a
        table 0 read as 1, no wait, and a table is never below 0: only when the least is 1,
        `Composer.shanten`). Also the answer with the two suits swapped (live suits held
        ``b`` and ``a``), from the same entries: the shanten and the draws are the same
        with the suits swapped (U classes combine commutatively), so only `discards`' tile
        order changes — the other suit's tiles first — and the kinds' halves."""
        worth, table = self._worth_of, self._table
        fa, fb = self.composer.facts(a), self.composer.facts(b)
        lower = self._discards(0, a, fb) if a else ()
        higher = self._discards(1, b, fa) if b else ()
        least = min(lower[0][0] if lower else NEVER, higher[0][0] if higher else NEVER)
        may_count, dead, more = least == 1, self._dead_all, self._dead_more
        best = swapped = _NONE
        for value, tile, one, less in lower:
            if value != least:
                break
            entry = _packed(worth(a - one, a, fb, least), worth(b, b, less, least))
            if may_count and table(less, fb) < least:
                # the dead suit's draws: more copies and kinds (what an entry falls short of
                # shrinks by them), its kinds in the mask
                entry = entry - more | (dead & 511) << 18
            best = min(best, entry | tile << _TILE)
            swapped = min(swapped, entry | (tile + 9) << _TILE)
        for value, tile, one, less in higher:
            if value != least:
                break
            entry = _packed(worth(a, a, less, least), worth(b - one, b, fa, least))
            if may_count and table(fa, less) < least:
                entry = entry - more | (dead & 511) << 18
            best = min(best, entry | tile << _TILE)
            swapped = min(swapped, entry | (tile - 9) << _TILE)
        return best & _MASK, (swapped & 511) << 9 | (swapped >> 9 & 511) | (
            swapped >> 18 & 511) << 18

    def _discards(self, side: int, code: int, other: int) -> tuple[Discard, ...]:
        """Each discard from the live suit held ``code`` (``side`` 0 the lower of the two,
        1 the higher) of a 14-tile hand, 13 tiles left, the other live suit of facts id
        ``other``, least shanten first. Memoised: hands differing in the dead suit, or in
        the other live suit without changing its facts, share it."""
        key = (code << 20 | other) << 1 | side
        found = self._discarded.get(key)
        if found is None:
            facts = self.composer.facts
            values = []
            for r, one in enumerate(RANK_CODES):
                if code >> 3 * r & 7:
                    less = facts(code - one)
                    value = self._shanten(less, other) if side == 0 else self._shanten(other,
                                                                                       less)
                    values.append((value, 9 * side + r, one, less))
            found = self._discarded[key] = tuple(sorted(values))
        return found

    def _shanten(self, low: int, high: int) -> int:
        """The composed shanten of a 13-tile part whose live suits have the facts ids
        ``low`` and ``high`` (`phi`'s, and its memo)."""
        key = (low << 22 | high) << 4 | 13
        found = self._phis.get(key)
        if found is None:
            found = self._phis[key] = self.composer.shanten(0, low, high, 13)
        return found

    def _table(self, low: int, high: int) -> int:
        return self.composer.table(0, low, high, 13)

    def _worth_of(self, code: int, own: int, other: int, below: int) -> Part:
        """A live suit's draws (`Composer.suit_draws` of the 13 tiles' ``code`` against the
        other live suit's facts id ``other``) that `discards` counts: the kinds of which
        copies are left beside the 14 tiles' ``own`` — their mask, copies and number."""
        key = ((code << 27 | own) << 20 | other) << 7 | below
        found = self._worth.get(key)
        if found is None:
            found = self._worth[key] = _counts(self.composer.suit_draws(code, other, below),
                                               own)
        return found

    def _dead_of(self, own: int) -> Part:
        """The dead suit's draws when they count (every kind: a dead draw leaves the table
        as it is), as `_worth_of` counts them."""
        found = self._dead.get(own)
        if found is None:
            found = self._dead[own] = _counts(511, own)
        return found


def _counts(mask: int, own: int) -> Part:
    """The kinds of ``mask`` of which copies are left beside ``own``, packed as `Part`."""
    kept = total = count = 0
    for r in _RANKS[mask]:
        n = T.COPIES - (own >> 3 * r & 7)
        if n > 0:
            kept |= 1 << r
            total += n
            count += 1
    return kept | total << 9 | count << 18


def _packed(pa: Part, pb: Part) -> int:
    """An entry of `discards` packed so that the first in its order is the least int: the
    copies and kinds two live suits' draws add to, stored as what they fall short of
    (more sorts lower), above the tile (`_TILE`), above the two suits' rank masks."""
    summed = (pa >> 9) + (pb >> 9)  # copies | kinds << 9, neither field overflowing
    return ((_FULL - (summed & 511)) << _COPIES | (_FULL_KINDS - (summed >> 9)) << _KINDS
            | (pa & 511) | (pb & 511) << 9)


_TILE: Final = 27
_KINDS: Final = 32
_COPIES: Final = 40
_FULL: Final = 511
"""More than any copies an entry counts (27 kinds × 4)."""
_FULL_KINDS: Final = 255
_MASK: Final = (1 << 27) - 1
"""The kinds of an entry: the lower live suit's ranks, the higher's (``>> 9``), the dead
suit's (``>> 18``)."""
_COUNTS_DEAD: Final = 1 << 27
"""`_dead_first`'s flag: the dead suit's draws count (above the kinds)."""
_NONE: Final = 1 << 61
"""No entry: after every packed entry."""
_RANKS: Final = [tuple(r for r in range(9) if m >> r & 1) for m in range(512)]
"""Per 9-bit rank mask: its ranks."""
_SPREAD: Final = [sum(7 << 3 * r for r in ranks) for ranks in _RANKS]
"""Per 9-bit rank mask: a code's digits at its ranks (``code & _SPREAD[m]`` keeps them)."""
