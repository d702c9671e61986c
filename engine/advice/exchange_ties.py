"""换三张's 进张 stage composed by suit: the tie-break among the candidates of least expected
shanten (RULES.md §0.10.9, assumption 15), where the rules compose (`engine.shapes.composed`).

A candidate of a tie scores up to 495 hands after the exchange by their 进张, and a hand's
进张 is what ``dingque`` counts for its choice of missing suit: a 13-tile hand's draws that
lower its shanten (`Composer.draws`), a 14-tile hand's those of the first entry `discards`
would list. Every hand here differs from the request's in at most two suits, so everything
is read by suit and memoised so: a discard's shanten by the discarded suit's code and the
other live suit's facts, a suit's draws by its code and the other suit's table facts, and
what those draws are worth to `discards`' order (copies not held nor ``visible``, kinds) by
the suit's code. Each distinct hand has its 进张 kinds found once (`Ties.chosen`); each
triple counts them with its own given tiles seen (`Ties.counted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine import tiles as T
from engine.shapes.composed import LIVE, RANK_CODES, Composer
from engine.tiles import Tile

Part = int
"""What a suit's draws are worth to `discards`' order, packed: the 9-bit rank mask, the copies
(``>> 9 & 511``) and the kinds (``>> 18``)."""


class Ties:
    """The composed 进张 of the hands after an exchange of one request (see the module
    docstring): ``size`` tiles (13, or 14 after the dealer's draw), the suits in
    ``missing`` choosable, ``kinds`` the room's, ``visible`` the request's seen tiles."""

    def __init__(self, composer: Composer, size: int, missing: Sequence[int],
                 kinds: Sequence[Tile], visible: Sequence[Tile]) -> None:
        self.composer = composer
        self.size = size
        self.missing = tuple(missing)
        seen = T.counts(visible)
        self._unseen = [T.COPIES - n if k in kinds else 0 for k, n in enumerate(seen)]
        """Per kind: the copies `discards` counts a draw of it for, before the hand's own
        (none for a kind outside the room's)."""
        self._kinds = sum(1 << k for k in kinds if k < 27)
        # every memo is keyed by ints (and holds ints where it can): an int is no object
        # the garbage collector tracks, and memos of many tuples made one exchange body
        # walk the whole heap (~17 ms) mid-call
        self._phis: dict[int, int] = {}
        self._tallies: dict[int, tuple[tuple[int, int], ...]] = {}
        self._discarded: dict[int, tuple[tuple[int, Tile, int, int], ...]] = {}
        self._worth: dict[int, Part] = {}
        self._dead: dict[int, Part] = {}
        self._lives: dict[int, tuple[tuple[tuple[int, Tile, int, int], ...], int]] = {}
        self._entry: dict[int, tuple[int, int]] = {}
        self._dead_entries: dict[int, int] = {}

    def phi(self, dropped: int, facts: Sequence[int], size: int = 0) -> int:
        """The composed shanten (`Composer.shanten`) of a part of these suits' facts,
        ``size`` tiles (the hand's when 0), memoised by the live suits' facts."""
        lo, hi = LIVE[dropped]
        size = size or self.size
        key = ((facts[lo] << 22 | facts[hi]) << 2 | dropped) << 4 | size
        found = self._phis.get(key)
        if found is None:
            found = self._phis[key] = self.composer.shanten(dropped, facts[lo], facts[hi],
                                                            size)
        return found

    def counted(self, codes: list[int], seen: Sequence[int], suit: int) -> int:
        """A hand's 进张 as ``dingque`` counts it: the most, over the choices of missing
        suit at its least shanten, of its 进张 kinds' copies neither held nor ``seen``
        (``seen`` holds tiles of suit ``suit`` alone: the given three). Outside ``suit``
        a kind's copies left are the hand's alone, tallied once a hand (`_tallied`)."""
        best = 0
        code, base = codes[suit], 9 * suit
        shift = 8 * suit
        for mask, tallies in self._tallied(codes):
            count = (tallies >> 24) - (tallies >> shift & 255)  # the other two suits'
            for r in _RANKS[mask >> 9 * suit & 511]:
                left = T.COPIES - (code >> 3 * r & 7) - seen[base + r]
                if left > 0:
                    count += left
            best = max(best, count)
        return best

    def _tallied(self, codes: list[int]) -> tuple[tuple[int, int], ...]:
        """Per mask of `chosen`: the mask, and per suit the copies of its kinds the hand
        does not hold (one byte a suit, suit 0 lowest; at most 9 × 4), their sum above
        them (bit 24). Memoised by the codes."""
        key = (codes[0] << 27 | codes[1]) << 27 | codes[2]
        found = self._tallies.get(key)
        if found is None:
            tallied = []
            for mask in self.chosen(codes):
                tallies = total = 0
                for s, code in enumerate(codes):
                    count = 0
                    for r in _RANKS[mask >> 9 * s & 511]:
                        left = T.COPIES - (code >> 3 * r & 7)
                        if left > 0:
                            count += left
                    tallies |= count << 8 * s
                    total += count
                tallied.append((mask, tallies | total << 24))
            found = self._tallies[key] = tuple(tallied)
        return found

    def chosen(self, codes: list[int]) -> tuple[int, ...]:
        """For a hand of these suit codes, per choice of missing suit at its least shanten:
        the kinds its 进张 are counted over, a 27-bit mask — a 13-tile hand's draws below
        its shanten, a 14-tile hand's those of the first entry `discards` lists
        (`_first_discard`). Not memoised itself: `_tallied` keeps its answer by the codes."""
        composer, phis = self.composer, self._phis
        ids = [composer.facts(c) for c in codes]
        size = self.size
        scores = []
        for d in self.missing:  # `phi`, inline: a hand reads three
            lo, hi = LIVE[d]
            key = ((ids[lo] << 22 | ids[hi]) << 2 | d) << 4 | size
            found = phis.get(key)
            if found is None:
                found = phis[key] = composer.shanten(d, ids[lo], ids[hi], size)
            scores.append(found)
        least = min(scores)
        return tuple((self._first_discard(d, codes) if size % 3 == 2
                      else composer.draws(d, codes, least) & self._kinds)
                     for d, s in zip(self.missing, scores, strict=True) if s == least)

    def _first_discard(self, missing: int, codes: list[int]) -> int:
        """The kinds of the first entry `discards` lists for a 14-tile hand, without
        building its answer, in `discards`' order of its entries: the least shanten (each
        discard's composed, 0 only with a wait), then the most 进张 counted from the
        request's ``visible``, then the most kinds, then the tile. Only the discards of the
        least shanten read their draws. The live suits decide all but the dead suit's
        draws (they count all or none) and which dead tile goes (the lowest: every dead
        discard leaves the same live part), so what the live suits decide is memoised by
        them (`_live`): hands that differ in their dead tiles share it."""
        lo, hi = LIVE[missing]
        a, b, dead = codes[lo], codes[hi], codes[missing]
        live, dead_value = self._live(missing, a, b)
        least = min(live[0][0] if live else dead_value, dead_value if dead else _NEVER)
        plain, counting = self._entries(missing, a, b, least)
        best = plain
        if counting < _NONE or (dead and dead_value == least):
            dead_part = self._dead_of(dead, missing)
            # the dead suit's draws: more copies and kinds (what an entry falls short of
            # shrinks by them), its kinds in the mask (the live entries hold none there)
            more = (dead_part >> 9 & 511) << _COPIES | (dead_part >> 18) << _KINDS
            dead_mask = (dead_part & 511) << 9 * missing
            if counting < _NONE:
                best = min(best, counting - more | dead_mask)
            if dead and dead_value == least:
                memo = ((a << 27 | b) << 2 | missing) << 7 | least
                entry = self._dead_entries.get(memo)
                if entry is None:
                    entry = self._dead_entries[memo] = self._dead_entry(missing, a, b, least)
                lowest = ((dead & -dead).bit_length() - 1) // 3  # the lowest rank held
                entry |= (9 * missing + lowest) << _TILE
                if entry & _COUNTS_DEAD:
                    entry = entry - _COUNTS_DEAD - more | dead_mask
                if entry < best:
                    best = entry
        return best & _MASK if best < _NONE else 0

    def _live(self, missing: int, a: int, b: int
              ) -> tuple[tuple[tuple[int, Tile, int, int], ...], int]:
        """The live suits' discards (`_discards`), least first, and the shanten a dead
        discard leaves (the live part as it is)."""
        key = (a << 27 | b) << 2 | missing
        found = self._lives.get(key)
        if found is None:
            facts = self.composer.facts
            lo, hi = LIVE[missing]
            fa, fb = facts(a), facts(b)
            values = tuple(sorted([*(self._discards(missing, lo, a, fb) if a else ()),
                                   *(self._discards(missing, hi, b, fa) if b else ())]))
            suits = [0, 0, 0]
            suits[lo], suits[hi] = fa, fb
            found = self._lives[key] = values, self.phi(missing, suits, 13)
        return found

    def _entries(self, missing: int, a: int, b: int, least: int) -> tuple[int, int]:
        """Of the live discards of shanten ``least``, the first in `discards`' order (most
        copies, most kinds, the lowest tile) among those whose dead suit's draws do not
        count and among those whose do (the part left is at table shanten below
        ``least``), each `_packed` from the live suits' draws (`_NONE` where there is
        none). A dead suit's draws add the same copies and kinds to every entry of the
        second group, so its first stays first whatever the dead suit holds: only the two
        are kept for `_first_discard`."""
        key = ((a << 27 | b) << 2 | missing) << 7 | least
        found = self._entry.get(key)
        if found is None:
            facts, worth, table = self.composer.facts, self._worth_of, self.composer.table
            lo, hi = LIVE[missing]
            fa, fb = facts(a), facts(b)
            plain = counting = _NONE
            # a 13-tile part's shanten is its table's but for a table 0 read as 1 (no wait),
            # and a table is never below 0: a discard of shanten ``least`` leaves a table
            # below it only when ``least`` is 1 (`Composer.shanten`)
            may_count = least == 1
            for value, tile, one, less in self._live(missing, a, b)[0]:
                if value != least:
                    break
                if tile // 9 == lo:
                    pa, pb = worth(a - one, a, fb, least, lo), worth(b, b, less, least, hi)
                    counts_dead = may_count and table(missing, less, fb, 13) < least
                else:
                    pa, pb = worth(a, a, less, least, lo), worth(b - one, b, fa, least, hi)
                    counts_dead = may_count and table(missing, fa, less, 13) < least
                entry = _packed(pa, pb, lo, hi) | tile << _TILE
                if counts_dead:
                    counting = min(counting, entry)
                else:
                    plain = min(plain, entry)
            found = self._entry[key] = plain, counting
        return found

    def _dead_entry(self, missing: int, a: int, b: int, least: int) -> int:
        """`_entries`' for a dead discard (every one alike: the live part is the hand's),
        its tile left 0, and `_COUNTS_DEAD` set when the dead suit's draws count."""
        facts, worth = self.composer.facts, self._worth_of
        lo, hi = LIVE[missing]
        fa, fb = facts(a), facts(b)
        pa, pb = worth(a, a, fb, least, lo), worth(b, b, fa, least, hi)
        counts = least == 1 and self.composer.table(missing, fa, fb, 13) < least  # (_entries)
        return _packed(pa, pb, lo, hi) | (_COUNTS_DEAD if counts else 0)

    def _discards(self, missing: int, suit: int, code: int, other: int
                  ) -> tuple[tuple[int, Tile, int, int], ...]:
        """(shanten after it, tile, its rank's code, the suit's facts after it) of each
        discard from live suit ``suit`` held ``code`` of a 14-tile hand, 13 tiles left, the
        other live suit of facts id ``other``. Memoised: hands differing in the dead suit,
        or in the other live suit without changing its facts, share it."""
        key = ((code << 20 | other) << 2 | missing) << 2 | suit
        found = self._discarded.get(key)
        if found is None:
            facts = self.composer.facts
            lo, hi = LIVE[missing]
            values = []
            for r, one in enumerate(RANK_CODES):
                if code >> 3 * r & 7:
                    less = facts(code - one)
                    suits = [0, 0, 0]
                    suits[suit], suits[hi if suit == lo else lo] = less, other
                    values.append((self.phi(missing, suits, 13), 9 * suit + r, one, less))
            found = self._discarded[key] = tuple(values)
        return found

    def _worth_of(self, code: int, own: int, other: int, below: int, suit: int) -> Part:
        """A live suit's draws (`Composer.suit_draws` of the 13 tiles' ``code`` against the
        other live suit's facts id ``other``) that `discards` counts: the kinds of which
        copies are left beside the 14 tiles' ``own`` and ``visible`` — their mask, copies
        and number."""
        key = (((code << 27 | own) << 20 | other) << 7 | below) << 2 | suit
        found = self._worth.get(key)
        if found is None:
            found = self._worth[key] = self._counts(
                self.composer.suit_draws(code, other, below), own, suit)
        return found

    def _dead_of(self, own: int, suit: int) -> Part:
        """The dead suit's draws when they count (every kind: a dead draw leaves the table
        as it is), as `_worth_of` counts them."""
        key = own << 2 | suit
        found = self._dead.get(key)
        if found is None:
            found = self._dead[key] = self._counts(511, own, suit)
        return found

    def _counts(self, mask: int, own: int, suit: int) -> Part:
        unseen = self._unseen
        kept = total = count = 0
        for r in _RANKS[mask]:
            n = unseen[9 * suit + r] - (own >> 3 * r & 7)
            if n > 0:
                kept |= 1 << r
                total += n
                count += 1
        return kept | total << 9 | count << 18


def _packed(pa: Part, pb: Part, lo: int, hi: int) -> int:
    """An entry of `discards` packed so that the first in its order is the least int: the
    copies and kinds two live suits' draws add to, stored as what they fall short of
    (more sorts lower), above the tile (`_TILE`), above the 27-bit kind mask."""
    summed = (pa >> 9) + (pb >> 9)  # copies | kinds << 9, neither field overflowing
    return ((_FULL - (summed & 511)) << _COPIES | (_FULL_KINDS - (summed >> 9)) << _KINDS
            | (pa & 511) << 9 * lo | (pb & 511) << 9 * hi)


_TILE: Final = 27
_KINDS: Final = 32
_COPIES: Final = 40
_FULL: Final = 511
"""More than any copies an entry counts (27 kinds × 4)."""
_FULL_KINDS: Final = 255
_COUNTS_DEAD: Final = 1 << 60
"""`_dead_entry`'s flag: above every field, so an entry holding it sorts after any other."""
_NONE: Final = 1 << 61
"""No entry: after every packed entry."""
_MASK: Final = (1 << 27) - 1
_NEVER: Final = 1 << 30
_RANKS: Final = [tuple(r for r in range(9) if m >> r & 1) for m in range(512)]
"""Per 9-bit rank mask: its ranks."""
