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
        self._chosen: dict[int, tuple[int, ...]] = {}
        self._discarded: dict[int, tuple[tuple[int, Tile, int, int], ...]] = {}
        self._worth: dict[int, Part] = {}
        self._dead: dict[int, Part] = {}
        self._lives: dict[int, tuple[tuple[tuple[int, Tile, int, int], ...], int]] = {}
        self._entry: dict[int, tuple[tuple[int, int, Tile, int, bool], ...]] = {}
        self._dead_entries: dict[int, tuple[int, int, int, bool]] = {}

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

    def counted(self, codes: list[int], seen: Sequence[int]) -> int:
        """A hand's 进张 as ``dingque`` counts it: the most, over the choices of missing
        suit at its least shanten, of its 进张 kinds' copies neither held nor ``seen``."""
        best = 0
        for mask in self.chosen(codes):
            count = 0
            for s, code in enumerate(codes):
                for r in _RANKS[mask >> 9 * s & 511]:
                    left = T.COPIES - (code >> 3 * r & 7) - seen[9 * s + r]
                    if left > 0:
                        count += left
            best = max(best, count)
        return best

    def chosen(self, codes: list[int]) -> tuple[int, ...]:
        """For a hand of these suit codes, per choice of missing suit at its least shanten:
        the kinds its 进张 are counted over, a 27-bit mask — a 13-tile hand's draws below
        its shanten, a 14-tile hand's those of the first entry `discards` lists
        (`_first_discard`). Memoised by the codes."""
        key = (codes[0] << 27 | codes[1]) << 27 | codes[2]
        found = self._chosen.get(key)
        if found is None:
            composer = self.composer
            facts = [composer.facts(c) for c in codes]
            scores = [self.phi(d, facts) for d in self.missing]
            least = min(scores)
            found = self._chosen[key] = tuple(
                (self._first_discard(d, codes) if self.size % 3 == 2
                 else composer.draws(d, codes, least) & self._kinds)
                for d, s in zip(self.missing, scores, strict=True) if s == least)
        return found

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
        best: tuple[int, int, Tile] | None = None
        chosen = 0
        dead_part = self._dead_of(dead, missing)
        dead_copies, dead_kinds = dead_part >> 9 & 511, dead_part >> 18
        dead_mask = (dead_part & 511) << 9 * missing
        for total, count, tile, mask, counts_dead in self._entries(missing, a, b, least):
            if counts_dead:
                total, count, mask = total + dead_copies, count + dead_kinds, mask | dead_mask
            key = (-total, -count, tile)
            if best is None or key < best:
                best, chosen = key, mask
        if dead and dead_value == least:
            memo = ((a << 27 | b) << 2 | missing) << 7 | least
            found = self._dead_entries.get(memo)
            if found is None:
                found = self._dead_entries[memo] = self._dead_entry(missing, a, b, least)
            total, count, mask, counts_dead = found
            if counts_dead:
                total, count, mask = total + dead_copies, count + dead_kinds, mask | dead_mask
            lowest = ((dead & -dead).bit_length() - 1) // 3  # the lowest rank held
            key = (-total, -count, 9 * missing + lowest)
            if best is None or key < best:
                chosen = mask
        return chosen

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

    def _entries(self, missing: int, a: int, b: int, least: int
                 ) -> tuple[tuple[int, int, Tile, int, bool], ...]:
        """Per live discard of shanten ``least``: the copies and kinds its live suits' draws
        count, the tile, their 27-bit mask, and whether the dead suit's draws count too
        (the part left is at table shanten below ``least``)."""
        key = ((a << 27 | b) << 2 | missing) << 7 | least
        found = self._entry.get(key)
        if found is None:
            facts, worth, table = self.composer.facts, self._worth_of, self.composer.table
            lo, hi = LIVE[missing]
            fa, fb = facts(a), facts(b)
            entries = []
            for value, tile, one, less in self._live(missing, a, b)[0]:
                if value != least:
                    break
                if tile // 9 == lo:
                    pa, pb = worth(a - one, a, fb, least, lo), worth(b, b, less, least, hi)
                    counts_dead = table(missing, less, fb, 13) < least
                else:
                    pa, pb = worth(a, a, less, least, lo), worth(b - one, b, fa, least, hi)
                    counts_dead = table(missing, fa, less, 13) < least
                entries.append((*_entry(pa, pb), tile, _mask(pa, pb, lo, hi), counts_dead))
            found = self._entry[key] = tuple(entries)
        return found

    def _dead_entry(self, missing: int, a: int, b: int, least: int
                    ) -> tuple[int, int, int, bool]:
        """`_entries`' for a dead discard (every one alike: the live part is the hand's)."""
        facts, worth = self.composer.facts, self._worth_of
        lo, hi = LIVE[missing]
        fa, fb = facts(a), facts(b)
        pa, pb = worth(a, a, fb, least, lo), worth(b, b, fa, least, hi)
        return (*_entry(pa, pb), _mask(pa, pb, lo, hi),
                self.composer.table(missing, fa, fb, 13) < least)

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


def _entry(pa: Part, pb: Part) -> tuple[int, int]:
    """The copies and kinds two live suits' worths add to."""
    return (pa >> 9 & 511) + (pb >> 9 & 511), (pa >> 18) + (pb >> 18)


def _mask(pa: Part, pb: Part, lo: int, hi: int) -> int:
    """Two live suits' draws as a 27-bit kind mask."""
    return (pa & 511) << 9 * lo | (pb & 511) << 9 * hi


_NEVER: Final = 1 << 30
_RANKS: Final = [tuple(r for r in range(9) if m >> r & 1) for m in range(512)]
"""Per 9-bit rank mask: its ranks."""
