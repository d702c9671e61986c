"""``POST /v1/sichuan/exchange`` (换三张, RULES.md §0.10.9): which three tiles of one suit to give.

Every distinct triple of one suit the hand can give is scored by the shanten expected after
the exchange: the three tiles that come back are one suit of the room, each alike, drawn
without replacement from that suit's tiles the player does not hold (assumption 14; the
giver's own choice is not modelled). The hand after it is scored as ``dingque`` would choose
its missing suit — its shanten, and for the candidates tied at the least expected shanten
its 进张 with the given tiles counted as seen (assumption 15). All exact: the answer rounds.
The baseline is gofishing's timer default: the three lowest tiles of the shortest suit that
has three (ties m, p, s).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import Any, Final

from engine import tiles as T
from engine.advice.adapter import Variant, VariantRules, room_suits, with_missing_suit
from engine.advice.advise import effective_kinds
from engine.advice.answers import ExchangeAnswer, Triple, wire
from engine.advice.exchange_ties import Ties
from engine.advice.reading import checked_hand, refuse
from engine.errors import invalid_field, raise_if
from engine.hand import Hand as Held
from engine.hand import Request
from engine.options import Options
from engine.shapes import NEVER
from engine.shapes.composed import RANK_CODES, Composer, code_of, composable
from engine.tiles import Tile

MODES: Final = ("expected_shanten", "baseline")
TOP: Final = ("objective", "draw_model", "wall_size")
Hand = tuple[Tile, ...]


def exchange(variant: Variant, data: Mapping[str, Any]) -> ExchangeAnswer:
    """The answer for a plain, type-checked ``exchange`` body; RequestError otherwise."""
    problems = refuse(data, TOP, (), "exchange")
    mode = data.get("mode") or MODES[0]
    if mode not in MODES:
        problems.append(invalid_field("#/mode", f"mode must be one of "
                                      f"{', '.join(repr(m) for m in MODES)}"))
    request, options, _, _ = checked_hand(variant, data, problems)
    raise_if(problems)
    hand = tuple(sorted(request.hand.concealed))
    baseline = _baseline(hand)
    if mode == "baseline":
        return ExchangeAnswer(_triple(baseline), _triple(baseline), None, options)
    scorer = ExchangeScorer(variant, data, options, hand)
    shanten = {g: scorer.expected_shanten(g) for g in _candidates(hand)}
    least = min(shanten.values())
    tied = {g: scorer.expected_effective(g) for g, s in shanten.items() if s == least}
    ranked = sorted(shanten, key=lambda g: (shanten[g], -tied.get(g, Fraction(0)), g))
    rows = tuple(Triple(*_named(g), _wired(shanten[g]),
                        _wired(tied[g]) if g in tied else None) for g in ranked)
    return ExchangeAnswer(rows[0], _triple(baseline), rows, options)


def _candidates(hand: Hand) -> list[Hand]:
    """Every distinct multiset of three tiles of one suit in the hand."""
    found: set[Hand] = set()
    for suit in range(3):
        tiles = [t for t in hand if t // 9 == suit]
        found.update(combinations(tiles, 3))
    return sorted(found)


def _baseline(hand: Hand) -> Hand:
    """GF ``StartExchangeTriCards``: the shortest suit holding three, its lowest three (13
    tiles in three suits always hold one)."""
    sizes = [(sum(1 for t in hand if t // 9 == s), s) for s in range(3)]
    suit = min((n, s) for n, s in sizes if n >= 3)[1]
    return tuple(t for t in hand if t // 9 == suit)[:3]


def _named(tiles: Hand) -> tuple[tuple[str, str, str], str]:
    a, b, c = T.codes(tiles)
    return (a, b, c), T.SUIT_LETTERS[tiles[0] // 9]


def _triple(tiles: Hand) -> Triple:
    return Triple(*_named(tiles))


def _wired(value: Fraction) -> float:
    return wire(value.numerator, value.denominator)


class ExchangeScorer:
    """The hands after an exchange, scored as ``dingque`` chooses.

    A choice of missing suit reads only the other two suits (the tiles of the missing suit
    are tiles to exchange, and every hand here has the same size), and a candidate changes
    one suit, an incoming triple one suit: of the up to 124 × 495 hands of a request the
    distinct suit vectors are few (issue 23: one exchange body held a worker for seconds).
    Where the variant's rules compose by suit (`engine.shapes.composed`: 四川, three suits,
    13 tiles) each suit vector's facts are read once and each hand's shanten is two suits'
    facts combined, memoised by the facts (`expected_shanten`); elsewhere each choice's
    shanten is memoised by the tiles it reads, the wait asked only of the table's 0s, and a
    choice asked only while it can still be the least (`shanten`).
    """

    def __init__(self, variant: Variant, data: Mapping[str, Any], options: Options,
                 hand: Hand) -> None:
        self.hand = hand
        self.held = T.counts(hand)
        self.suits = room_suits(options)
        declared = self.suits if len(self.suits) == 3 else ()
        self.rules = []
        self.missing: list[int | None] = list(declared or (None,))
        self._memo: dict[tuple[int, Hand], int] = {}
        for suit in declared or (None,):
            body = with_missing_suit(data, suit) if suit is not None else data
            request = variant.prepared(variant.request(body))
            self.rules.append(VariantRules(variant, (), request.context, options,
                                           request.options))
        self.after_draw = len(hand) % 3 == 2
        self.variant = variant
        without = variant.dropped_suit_rules(options) if declared else None
        self.composer = Composer(without) if without and composable(without) else None
        self._same: dict[int, dict[int, int]] = {}
        self._across: dict[tuple[int, int, int], int] = {}
        self._grouped: dict[int, list[tuple[int, int]]] = {}
        self._triples = {suit: self._incoming(suit) for suit in self.suits}
        self.ties = Ties(self.composer, len(hand), self.suits) if self.composer else None

    def _incoming(self, suit: int) -> tuple[int, list[tuple[int, int]]]:
        """C(|Q_y|, 3) and each possible triple of the suit: (its code, its ways)."""
        kinds = range(9 * suit, 9 * suit + 9)
        free = {k: 4 - self.held[k] for k in kinds}
        out = []
        for incoming in combinations_with_replacement(kinds, 3):
            weight = prod(comb(free[k], incoming.count(k)) for k in set(incoming))
            if weight:
                out.append((sum(RANK_CODES[k % 9] for k in incoming), weight))
        return comb(sum(free.values()), 3), out

    def expected_shanten(self, given: Hand) -> Fraction:
        """`expected` of `shanten`, each hand composed from its suits' facts when the rules
        compose: a triple into the given suit changes that suit only, the other two as
        held (memoised by the given suit's facts); a triple into another suit *y* gives a
        hand whose shanten reads the given suit's facts and *y*'s (summed once for each
        facts of the given suit); a dealer's triple into the one suit it holds, the
        shipped rows (`_lone`)."""
        composer = self.composer
        if composer is None:
            return self.expected(given, self.shanten)
        g = given[0] // 9
        held = [code_of(self.hand, s) for s in range(3)]
        kept = list(held)
        kept[g] -= code_of(given, g)
        ties = self.ties if self._lone(kept, g) else None
        total = Fraction(0)
        for y in self.suits:
            ways, triples = self._triples[y]
            if ties is not None and y == g:
                num = ties.lone_shantens(kept[g], triples)
            elif y == g:
                # the other two suits are as held: the hand's shanten reads suit g's facts
                values = self._same.setdefault(g, {})
                facts, base = composer.facts, kept[g]
                num = 0
                for code, weight in triples:
                    f = facts(base + code)
                    value = values.get(f)
                    if value is None:
                        suits = [composer.facts(c) for c in held]
                        suits[g] = f
                        value = values[f] = self._least(suits)
                    num += weight * value
            else:
                num = self._across_value(g, y, composer.facts(kept[g]), held, triples)
            total += Fraction(num, ways)
        return total / len(self.suits)

    def _across_value(self, g: int, y: int, given_facts: int, held: list[int],
                      triples: list[tuple[int, int]]) -> int:
        """Σ ways × shanten over the triples into suit *y* ≠ *g*, for a kept suit *g* of
        these facts (suits *y* and the third as held)."""
        key = (g, y, given_facts)
        found = self._across.get(key)
        if found is None:
            composer = self.composer
            assert composer is not None
            grouped = self._grouped.get(y)
            if grouped is None:
                sums: dict[int, int] = {}
                for code, weight in triples:
                    f = composer.facts(held[y] + code)
                    sums[f] = sums.get(f, 0) + weight
                grouped = self._grouped[y] = list(sums.items())
            z = 3 - g - y
            facts = [0, 0, 0]
            facts[g], facts[z] = given_facts, composer.facts(held[z])
            found = 0
            for f, weight in grouped:
                facts[y] = f
                found += weight * self._least(facts)
            self._across[key] = found
        return found

    def _least(self, facts: list[int]) -> int:
        """The least over the choices of missing suit of a hand of these suits' facts."""
        return min(self._phi(d, facts) for d in range(3))

    def _phi(self, dropped: int, facts: Sequence[int]) -> int:
        assert self.ties is not None
        return self.ties.phi(dropped, facts)

    def expected(self, given: Hand, score: Any) -> Fraction:
        """Σ over the incoming suit (each alike) and triple of P(triple) × score."""
        kept = list(self.hand)
        for t in given:
            kept.remove(t)
        total = Fraction(0)
        for suit in self.suits:
            kinds = range(9 * suit, 9 * suit + 9)
            free = {k: 4 - self.held[k] for k in kinds}
            ways = comb(sum(free.values()), 3)
            for incoming in combinations_with_replacement(kinds, 3):
                weight = prod(comb(free[k], incoming.count(k)) for k in set(incoming))
                if weight:
                    after = tuple(sorted((*kept, *incoming)))
                    total += Fraction(weight, ways) * score(after, given)
        return total / len(self.suits)

    def _shanten_of(self, i: int, part: Hand) -> int:
        """``waits``' shanten (13 tiles) or ``discards``' (14: the least over its discards)
        under the ``i``-th choice of missing suit: composed from the suits' facts where the
        rules compose, else memoised by the tiles it reads."""
        missing = self.missing[i]
        composer = self.composer
        if composer is not None and missing is not None:
            return self._phi(missing, [composer.facts(code_of(part, s)) for s in range(3)])
        key = (i, part if missing is None else tuple(t for t in part if t // 9 != missing))
        found = self._memo.get(key)
        if found is None:
            rules = self.rules[i]
            found = rules.table_shanten(part)
            if found < 1:
                found = (rules.shanten(part) if not self.after_draw else
                         min(rules.shanten(_less(part, j)) for j in set(part)))
            self._memo[key] = found
        return found

    def shanten(self, part: Hand, given: Hand) -> int:
        """The least over the choices of missing suit, the suits holding fewest first: with
        *k* tiles of the missing suit a part's shanten is at least *k* (each must be
        exchanged before it is ready; after a draw, one discard removes one: *k* − 1), so a
        choice whose bound reaches the least found is never asked."""
        if len(self.rules) == 1:
            return self._shanten_of(0, part)
        held = [0, 0, 0]
        for t in part:
            if t < 27:
                held[t // 9] += 1
        slack = 1 if self.after_draw else 0
        best = NEVER
        for k, i in sorted((held[s], i) for i, s in enumerate(self.missing) if s is not None):
            if k - slack >= best:
                break
            best = min(best, self._shanten_of(i, part))
        return best

    def expected_effective(self, given: Hand) -> Fraction:
        """`expected` of `effective`; where the rules compose, from the suits' codes: each
        distinct hand after the exchange has its 进张 kinds found once (`_chosen`), and
        each given triple counts them with its own tiles seen."""
        ties = self.ties
        if ties is None or self.composer is None:
            return self.expected(given, self.effective)
        g = given[0] // 9
        kept = [code_of(self.hand, s) for s in range(3)]
        kept[g] -= code_of(given, g)
        seen = code_of(given, g)
        mirrored = self._mirrored(g, kept)
        lone = self._lone(kept, g)
        nums: dict[int, int] = {}
        total = Fraction(0)
        for y in self.suits:
            ways, triples = self._triples[y]
            twin = 3 - g - y
            if mirrored and y != g and twin in nums:
                num = nums[twin]
            elif lone:
                num = (ties.lone_counted(kept[g], triples, seen) if y == g
                       else ties.lone_beside(g, y, kept[g], triples, seen))
            else:
                num = 0
                for code, weight in triples:
                    codes = list(kept)
                    codes[y] += code
                    num += weight * ties.counted(codes, seen, g)
            nums[y] = num
            total += Fraction(num, ways)
        return total / len(self.suits)

    def _lone(self, kept: Sequence[int], g: int) -> bool:
        """Whether the hands after giving from suit ``g`` hold that suit alone or beside the
        triple: a dealer's deal of one suit (the dearest body, issue 23), whose 14 tiles of
        one suit are the shipped rows of `engine.advice.one_suit` (`Ties.lone_shantens`,
        `Ties.lone_counted`, `Ties.lone_beside`)."""
        return self.ties is not None and self.after_draw and kept[g] == sum(kept)

    def _mirrored(self, g: int, kept: Sequence[int]) -> bool:
        """Whether the triples into the two suits other than the given suit ``g`` score
        alike, so that one sum serves both: the two hold the same, and swapping them maps
        each hand after the exchange into one onto the same hand into the other, its
        shanten and 进张 kinds swapped with it (the composed tables and the copies counted
        are the same in every suit; the given tiles stay in ``g``). A dealer's 进张 also
        breaks ties between equal discards by tile order, which the swap keeps only if
        ``g`` is not the middle suit (the live suits keep their order) and ``g`` still
        holds tiles (choosing ``g`` missing, its dead discard decides, in no order:
        `Ties._dead_first`). A one-suit deal, the dearest kind, is always so."""
        y, z = (s for s in range(3) if s != g)
        if kept[y] != kept[z]:
            return False
        return not self.after_draw or (g != 1 and kept[g] != 0)

    def effective(self, part: Hand, given: Hand) -> int:
        """The 进张 of ``dingque``'s choice (the most among the suits of least shanten), the
        given tiles seen (composed from the suits' codes where the rules compose)."""
        if self.ties is not None and self.composer is not None:
            g = given[0] // 9
            return self.ties.counted([code_of(part, s) for s in range(3)],
                                     code_of(given, g), g)
        seen = T.counts(given)
        held = T.counts(part)
        left = [max(0, 4 - held[k] - seen[k]) for k in range(T.KIND_COUNT)]
        scores = [(self._shanten_of(i, part), rules) for i, rules in enumerate(self.rules)]
        least = min(s for s, _ in scores)
        return max(self._effective_of(rules, part, least, left, given)
                   for s, rules in scores if s == least)

    def _effective_of(self, rules: VariantRules, part: Hand, shanten: int,
                      left: Sequence[int], given: Hand) -> int:
        if not self.after_draw:
            return sum(left[k] for k in effective_kinds(rules, part, shanten))
        # 14 tiles: the first entry `discards` lists, its 进张 counted with the given seen
        return _first_discard_count(self.variant, rules, part, left)


def _first_discard_count(variant: Variant, rules: VariantRules, part: Hand,
                         left: Sequence[int]) -> int:
    """`discards`' first entry's 进张 for 14 tiles under ``rules``' context (the missing suit
    first, as `discards` orders them)."""
    answer = variant.discards(Request(Held(part), rules.context, rules.raw_options))
    return sum(left[T.from_code(e.tile)] for e in answer.discards[0].effective_tiles)


def _less(part: Hand, tile: Tile) -> Hand:
    i = part.index(tile)
    return (*part[:i], *part[i + 1:])
