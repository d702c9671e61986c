"""The special shapes by closed formulas: the pairs shape (七对, 五对, 四对), 十三幺, 十三烂.

Each is answered as "the most naturals a target hand of that shape keeps" (``kept``): the
target needs ``14 − kept`` more tiles, wildcards fill any of them, so
``shanten = 14 − kept − wilds − 1`` and the part is complete when that is −1 (RULES.md §0.6
gives the 七对 formula; the other two follow the same counting). A draw changes the count
of one kind, so the shanten after each draw adjusts a summary instead of recounting.

The pairs shape has the room's size (RULES.md §0.9.2, ``ShapeRules.hand_size``): P =
``Compiled.pairs`` pairs (7, 5, 4) and, with 10 tiles, one single (``Compiled.single``) — any
tile: a natural the pairs leave over, a wildcard, or one more drawn tile. A kind of three is
then a pair and the single.

Decisions:

* ``wild_only_groups=False`` also forbids a 七对 pair of two wildcards (each pair must hold a
  natural), as it forbids an all-wild pair in the standard shape. With four of a kind as two
  pairs, two spare wildcards still fit: one on each tile of a natural pair (1m+w, 1m+w), so
  the hand is complete iff wildcards ≥ odd singles and at most 7 of the 14 tiles are wild.
* Without ``seven_pairs_four_as_two`` no two pairs may be of one kind (a wildcard may not
  make a pair of a kind already paired either); with it, four of a kind are two pairs. The
  single of 五对 may be of a paired kind either way (a kind of three), and may be a
  wildcard under ``wild_only_groups=False`` (it is no group).
* 十三烂: at most three ranks per suit, pairwise ≥ 3 apart; honors distinct; wildcards fill
  places that keep that true. 十三幺 and 十三烂 need their kinds in the rules (136 tiles).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import pairwise
from operator import itemgetter
from typing import Final, NamedTuple

from engine.shapes.compiled import Compiled
from engine.shapes.model import NEVER
from engine.tiles import Tile

Discards = dict[Tile, tuple[int, list[int], int]]
"""Per natural kind held, of the part less one tile of it: a shape's shanten, its shanten
after each kind's draw, and its shanten with one wildcard more (what a wild kind's draw
gives) — the ``*_discards`` functions, every discard of a hand at once."""

ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHANS_OF: Final = itemgetter(*ORPHANS)


def _lan_sets() -> tuple[int, ...]:
    """Every set of ranks (bitmask over 1–9) whose members are pairwise ≥ 3 apart."""
    out = []
    for mask in range(512):
        ranks = [r for r in range(9) if mask >> r & 1]
        if all(b - a >= 3 for a, b in pairwise(ranks)):
            out.append(mask)
    return tuple(out)


LAN_SETS: Final = _lan_sets()
LAN_BEST: Final = tuple(
    tuple(max((held & t).bit_count() for t in LAN_SETS if t.bit_count() == size)
          for size in range(4))
    for held in range(512))
"""``LAN_BEST[held][t]``: most ranks of ``held`` inside a valid rank set of size t (≤ 3)."""
_NONZERO: Final = bytes([0] + [1] * 255)
_HELD: Final = {bytes((m >> r) & 1 for r in range(9)): m for m in range(512)}
"""Nine 0/1 bytes (rank held or not) → the bitmask of ranks held."""


def _held(counts: Sequence[int]) -> int:
    return _HELD[bytes(counts).translate(_NONZERO)]


# --- the pairs shape: 七对, 五对, 四对 -------------------------------------------------------

def _live_counts(naturals: Sequence[int], c: Compiled) -> list[int]:
    if c.all_live:
        return list(naturals)
    return [n if ok else 0 for n, ok in zip(naturals, c.live, strict=True)]


def _pairs_summary(v: list[int], c: Compiled) -> tuple[int, int]:
    """(full pairs, odd singles) the live naturals offer."""
    if c.rules.seven_pairs_four_as_two:
        odd = v.count(1) + v.count(3) + v.count(5)
        return (sum(v) - odd) >> 1, odd
    ones = v.count(1)
    return len(v) - v.count(0) - ones, ones


def pairs_shanten(full: int, half: int, total: int, wilds: int, c: Compiled) -> int:
    """The pairs shape's shanten from what the live naturals offer: ``full`` pairs, ``half``
    singles a wildcard or a draw may pair, ``total`` naturals (read only when the shape has
    a single: any natural the pairs leave over may be it)."""
    pairs = c.pairs
    f = min(full, pairs)
    h = min(half, pairs - f)
    new = pairs - f - h
    in_pairs = 2 * f + h
    need = 2 * pairs + c.single - in_pairs
    if c.single and total > in_pairs:
        need -= 1  # a natural the pairs leave over is the single
    elif c.single:
        new += 1  # (the single is a new tile too, of any kind)
    four_as_two = c.rules.seven_pairs_four_as_two
    if new and c.live_kinds < (1 if four_as_two else pairs):
        return NEVER
    if c.rules.wild_only_groups:
        return need - wilds - 1
    if four_as_two:
        # two wildcards on a natural pair are four of a kind, two pairs that each hold a
        # natural: a pair needs no acquired natural while the pairs hold one natural each
        # (the single may be a wildcard)
        return max(need - wilds, pairs - in_pairs) - 1
    return max(need - wilds, pairs - f - h) - 1


def seven_pairs_shanten(naturals: Sequence[int], wilds: int, c: Compiled) -> int:
    v = _live_counts(naturals, c)
    full, half = _pairs_summary(v, c)
    return pairs_shanten(full, half, sum(v) if c.single else 0, wilds, c)


def seven_pairs_draws(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    """Per kind: the pairs shape's shanten after drawing one natural of it."""
    v = _live_counts(naturals, c)
    full, half = _pairs_summary(v, c)
    total = sum(v) + 1 if c.single else 0  # (after the draw of a live kind)
    paired = pairs_shanten(full + 1, half - 1, total, wilds, c)  # an odd single becomes a pair
    single = pairs_shanten(full, half + 1, total, wilds, c)  # a new single
    more = pairs_shanten(full, half, total, wilds, c)  # one more tile of a kept kind
    same = pairs_shanten(full, half, total - 1, wilds, c) if c.single else more
    if c.rules.seven_pairs_four_as_two:
        by_count = [single, paired, single, paired, single, paired]
    else:
        by_count = [single, paired, more, more, more, more]
    out = [by_count[n] if n < 6 else more for n in v]
    if not c.all_live:
        out = [x if ok else same for x, ok in zip(out, c.live, strict=True)]
    return out


def seven_pairs_discards(naturals: Sequence[int], wilds: int, c: Compiled) -> Discards:
    """Per natural kind held: `seven_pairs_shanten` and `seven_pairs_draws` of the part less
    one tile of it, and its `seven_pairs_shanten` with one wildcard more (a wild kind's
    draw) — every discard of ``discards`` from one summary of the whole part.

    Why closed form: a discard moves one kind's count down by one, so the (full pairs, odd
    singles, total) summary of what is left follows from the whole part's and that count's
    parity, and the draws' values depend on the drawn kind's count alone (`by_count`, one
    row per summary: a hand has at most four). Each discard's draws are then one C-level
    map of the row over the kinds' counts, with the discarded kind's count one lower —
    asked discard by discard the two functions recount the 34 kinds each time (about a
    seventh of a fresh 四川 ``discards``). Counts above 5 (no hand holds them) are asked
    discard by discard."""
    held = [k for k, n in enumerate(naturals) if n]
    if max(naturals) > 5:
        out = {}
        rest = list(naturals)
        for k in held:
            rest[k] -= 1
            out[k] = (seven_pairs_shanten(rest, wilds, c), seven_pairs_draws(rest, wilds, c),
                      seven_pairs_shanten(rest, wilds + 1, c))
            rest[k] += 1
        return out
    v = _live_counts(naturals, c)
    full, half = _pairs_summary(v, c)
    total = sum(v)
    # a dead kind's count reads index 6 of a row (its draw adds no live natural)
    marks = v if c.all_live else [n if ok else 6 for n, ok in zip(v, c.live, strict=True)]
    four_as_two = c.rules.seven_pairs_four_as_two
    rows: dict[tuple[int, int, int], tuple[int, list[int], int]] = {}
    found: Discards = {}
    for k in held:
        n = v[k]  # (0: a dead kind, whose discard changes no summary)
        if not n:
            key = full, half, total
        elif four_as_two:
            key = (full, half - 1, total - 1) if n & 1 else (full - 1, half + 1, total - 1)
        else:
            key = ((full, half - 1, total - 1) if n == 1 else (full - 1, half + 1, total - 1)
                   if n == 2 else (full, half, total - 1))
        entry = rows.get(key)
        if entry is None:
            entry = rows[key] = _pairs_row(*key, wilds, c, four_as_two)
        now, row, wild = entry
        draws = list(map(row.__getitem__, marks))
        if n:
            draws[k] = row[n - 1]
        found[k] = now, draws, wild
    return found


def _pairs_row(full: int, half: int, total: int, wilds: int, c: Compiled,
               four_as_two: bool) -> tuple[int, list[int], int]:
    """A summary's pairs shanten, its `seven_pairs_draws` values by the drawn kind's count
    (0–5), index 6 for a dead kind, and its shanten with a wildcard more — the same
    `pairs_shanten` calls as those functions make."""
    now = pairs_shanten(full, half, total if c.single else 0, wilds, c)
    wild = pairs_shanten(full, half, total if c.single else 0, wilds + 1, c)
    after = total + 1 if c.single else 0
    paired = pairs_shanten(full + 1, half - 1, after, wilds, c)
    single = pairs_shanten(full, half + 1, after, wilds, c)
    more = pairs_shanten(full, half, after, wilds, c)
    same = pairs_shanten(full, half, after - 1, wilds, c) if c.single else more
    if four_as_two:
        return now, [single, paired, single, paired, single, paired, same], wild
    return now, [single, paired, more, more, more, more, same], wild


# --- 十三幺 -----------------------------------------------------------------------------------

def thirteen_orphans_shanten(naturals: Sequence[int], wilds: int, c: Compiled) -> int:
    if not c.orphans_ok:
        return NEVER
    held: tuple[int, ...] = _ORPHANS_OF(naturals)
    return held.count(0) - (max(held) >= 2) - wilds


def thirteen_orphans_draws(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    now = thirteen_orphans_shanten(naturals, wilds, c)
    if now >= NEVER:
        return [NEVER] * 34
    dup = max(_ORPHANS_OF(naturals)) >= 2
    out = [now] * 34
    for k in ORPHANS:
        if naturals[k] == 0 or not dup:
            out[k] = now - 1
    return out


def thirteen_orphans_discards(naturals: Sequence[int], wilds: int, c: Compiled) -> Discards:
    """`Discards` of 十三幺, discard by discard (no room asks for it often enough to need a
    summary); a wildcard more is one exchange fewer."""
    out: Discards = {}
    rest = list(naturals)
    for k, n in enumerate(naturals):
        if n:
            rest[k] -= 1
            now = thirteen_orphans_shanten(rest, wilds, c)
            out[k] = (now, thirteen_orphans_draws(rest, wilds, c),
                      now - 1 if now < NEVER else NEVER)
            rest[k] += 1
    return out


# --- 十三烂 -----------------------------------------------------------------------------------

_NO_ROW: Final = (0, -99, -99, -99)
"""The row of a suit 十三烂 may not use: it holds no tile."""
_LAN_COMBOS: Final = tuple(
    tuple(tuple((ta, tb, 14 - t - ta - tb) for ta in range(4) for tb in range(4)
                if t + ta + tb >= 7 and 14 - t - ta - tb <= room)
          for t in range(4))
    for room in range(8))
"""Per honor room and size t of one suit: sizes of the other two and the honors' count."""

Row = tuple[int, ...]

_ROWS: Final = (*sorted({LAN_BEST[held] for held in range(512)}), _NO_ROW)
"""The distinct rows of `LAN_BEST` (five), and `_NO_ROW` last: a suit's row by its index."""
_NO_ROW_AT: Final = len(_ROWS) - 1
_ROW_AT: Final = tuple(_ROWS.index(LAN_BEST[held]) for held in range(512))
"""``_ROW_AT[held]``: the index in `_ROWS` of ``LAN_BEST[held]``."""
_R: Final = len(_ROWS)
_SUIT_STEP: Final = (_R * _R * 8, _R * 8, 8)
"""What one step of suit s's row index moves a `_kept_table` index by."""
_LAN_ADD: Final = tuple(
    tuple((at, tuple(r for r in range(9) if not held >> r & 1
                     and _ROW_AT[held | 1 << r] == at))
          for at in sorted({_ROW_AT[held | 1 << r] for r in range(9) if not held >> r & 1}))
    for held in range(512))
"""``_LAN_ADD[held]``: the rows (by index) a suit holding ranks ``held`` reaches by one more
rank, each with the ranks that reach it (a suit's draws take one look per row, a handful,
not one per rank)."""


@lru_cache(maxsize=8)
def _kept_table(room: int) -> tuple[int, ...]:
    """For a room of ``room`` live honors, at ``((a·R + b)·R + c)·8 + honors`` (a, b, c the
    three suits' `_ROWS` indices, 0–7 honors held): the most naturals a 14-tile 十三烂
    target keeps (negative: none is possible). Why a table: 十三烂's shanten and draws are
    this number of a summary and of the summaries one tile away — 南昌's discards ask it
    some hundred times a hand; built once a room (6³ × 8 = 1,728 entries), from every split
    of the 14 places between the suits and the honors."""
    out = []
    for a in _ROWS:
        for b in _ROWS:
            for c in _ROWS:
                for honors in range(8):
                    best = -99
                    for t, combos in enumerate(_LAN_COMBOS[room]):
                        for ta, tb, h in combos:
                            kept = a[t] + b[ta] + c[tb] + (honors if honors < h else h)
                            if kept > best:
                                best = kept
                    out.append(best)
    return tuple(out)


def _lan_summary(naturals: Sequence[int], c: Compiled) -> tuple[list[int], list[int], int]:
    """Per suit the ranks held (a mask; 0 for a suit 十三烂 may not use) and its row's index
    in `_ROWS`, and the live honors held."""
    held = [_held(naturals[9 * s : 9 * s + 9]) if c.lan_suits[s] else 0 for s in range(3)]
    rows = [_ROW_AT[h] if ok else _NO_ROW_AT for h, ok in zip(held, c.lan_suits, strict=True)]
    honors = sum(1 for k in c.honor_kinds if naturals[k])
    return held, rows, honors


def _lan_key(rows: Sequence[int], honors: int) -> int:
    return ((rows[0] * _R + rows[1]) * _R + rows[2]) * 8 + honors


def shi_san_lan_shanten(naturals: Sequence[int], wilds: int, c: Compiled) -> int:
    _, rows, honors = _lan_summary(naturals, c)
    kept = _kept_table(len(c.honor_kinds))[_lan_key(rows, honors)]
    return NEVER if kept < 0 else 13 - kept - wilds


def shi_san_lan_draws(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    """Per kind: the 十三烂 shanten after drawing one natural of it."""
    held, rows, honors = _lan_summary(naturals, c)
    return _lan_draws(held, rows, honors, [k for k in c.honor_kinds if not naturals[k]],
                      wilds, c)[1]


def shi_san_lan_discards(naturals: Sequence[int], wilds: int, c: Compiled) -> Discards:
    """`Discards` of 十三烂 from one summary of the whole part. Why: 十三烂 reads which ranks
    each suit holds and how many honors, so the discard of a kind held twice or more leaves
    the whole part's summary (one answer shared by all such discards), and a single changes
    one suit's ranks or the honors' count; a wildcard more fills one more place."""
    held, rows, honors = _lan_summary(naturals, c)
    live_honors = frozenset(c.honor_kinds)
    missing = [k for k in c.honor_kinds if not naturals[k]]
    same: tuple[int, list[int]] | None = None
    out: Discards = {}
    for k, n in enumerate(naturals):
        if not n:
            continue
        suit = k // 9
        if n >= 2 or (k < 27 and not c.lan_suits[suit]) or (k >= 27 and k not in live_honors):
            if same is None:
                same = _lan_draws(held, rows, honors, missing, wilds, c)
            now, draws = same[0], list(same[1])
        elif k < 27:  # a single of a suit: that suit's ranks less it
            less = held[suit] & ~(1 << k % 9)
            held_less = [less if s == suit else h for s, h in enumerate(held)]
            rows_less = [_ROW_AT[less] if s == suit else r for s, r in enumerate(rows)]
            now, draws = _lan_draws(held_less, rows_less, honors, missing, wilds, c)
        else:  # a single honor: one honor fewer, and it is missing
            now, draws = _lan_draws(held, rows, honors - 1, [*missing, k], wilds, c)
        out[k] = now, draws, now - 1 if now < NEVER else NEVER
    return out


def _lan_draws(held: Sequence[int], rows: Sequence[int], honors: int, missing: Sequence[Tile],
               wilds: int, c: Compiled) -> tuple[int, list[int]]:
    """The 十三烂 shanten of a summary (`_lan_summary`; ``missing`` the live honors not
    held) and its shanten after each kind's draw: one exchange fewer where the draw lets
    the target keep one natural more, else the same (a draw adds one rank or one honor:
    the target keeps at most one more)."""
    table = _kept_table(len(c.honor_kinds))
    key = _lan_key(rows, honors)
    kept = table[key]
    if kept < 0:
        return NEVER, [NEVER] * 34
    now = 13 - kept - wilds
    out = [now] * 34
    for s in range(3):
        if not c.lan_suits[s]:
            continue
        step = _SUIT_STEP[s]
        base = key - rows[s] * step
        for at, ranks in _LAN_ADD[held[s]]:
            if table[base + at * step] > kept:
                for r in ranks:
                    out[9 * s + r] = now - 1
    # a missing honor always keeps one more: a target gives the honors 5–7 of its 14
    # places, and 13 tiles holding h < 7 honors hold at most 13 − h suit ranks, so one
    # place moved from the suits to a new honor loses none
    for k in missing:
        out[k] = now - 1
    return now, out


def shi_san_lan_fill(naturals: Sequence[int], wilds: int, c: Compiled) -> list[Tile]:
    """Kinds the wildcards of a complete 十三烂 stand for: missing honors first, then the
    ranks that extend each suit's set to its largest valid size."""
    out: list[Tile] = [k for k in c.honor_kinds if not naturals[k]]
    for s in range(3):
        if not c.lan_suits[s]:
            continue
        held = _held(naturals[9 * s : 9 * s + 9])
        target = max((t for t in LAN_SETS if t & held == held), key=lambda t: t.bit_count())
        out += [9 * s + r for r in range(9) if target >> r & 1 and not held >> r & 1]
    return out[:wilds]


class SpecialShape(NamedTuple):
    """One special shape's closed formulas: shanten, draws and every discard's `Discards`."""

    shanten: Callable[[Sequence[int], int, Compiled], int]
    draws: Callable[[Sequence[int], int, Compiled], list[int]]
    discards: Callable[[Sequence[int], int, Compiled], Discards]


SHAPES: Final = (
    SpecialShape(seven_pairs_shanten, seven_pairs_draws, seven_pairs_discards),
    SpecialShape(thirteen_orphans_shanten, thirteen_orphans_draws, thirteen_orphans_discards),
    SpecialShape(shi_san_lan_shanten, shi_san_lan_draws, shi_san_lan_discards),
)
"""七对 (the pairs shape), 十三幺, 十三烂: the order ``ShapeRules`` names them in and the
search asks them in."""
