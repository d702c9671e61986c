"""The standard shape (n groups and a pair) by table lookups: the hot paths.

Suits share only the pair and the wildcards, so a hand is the combination of its four suits'
classes (``build``): the M classes combine by ``MCONV`` into one whose ``win`` bits say with
how many wildcards the hand is complete; the U classes combine by ``UCONV`` into one whose
``need`` says how many tiles a target hand must still acquire. A draw changes one suit, so
the waits and the shanten after each draw combine the other three suits once and probe the
drawn suit nine times.

Each suit's packed index is ``START[high half] + POS[low half]`` with base-8 half codes
(``layout``); a negative index (a count of 5–7), more than 8 wildcards or more than 14 tiles
go to ``general``, which computes the same answer with loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from engine.shapes import general
from engine.shapes.compiled import UNREACHABLE, Compiled
from engine.shapes.layout import DRAGONS, NEXT_POS, NEXT_START, POS, START, WINDS
from engine.shapes.model import NEVER
from engine.shapes.tables import KM, MCONV, UCONV, UROWS, K

_POW5: Final = tuple(5**j for j in range(7))


def complete(naturals: Sequence[int], wilds: int, c: Compiled) -> bool:
    """Naturals + wildcards complete the standard shape."""
    (a0, a1, a2, a3, a4, a5, a6, a7, a8, b0, b1, b2, b3, b4, b5, b6, b7, b8,
     s0, s1, s2, s3, s4, s5, s6, s7, s8, h0, h1, h2, h3, h4, h5, h6) = naturals
    i0 = START[a5 | a6 << 3 | a7 << 6 | a8 << 9] + POS[a0 | a1 << 3 | a2 << 6 | a3 << 9 | a4 << 12]
    i1 = START[b5 | b6 << 3 | b7 << 6 | b8 << 9] + POS[b0 | b1 << 3 | b2 << 6 | b3 << 9 | b4 << 12]
    i2 = START[s5 | s6 << 3 | s7 << 6 | s8 << 9] + POS[s0 | s1 << 3 | s2 << 6 | s3 << 9 | s4 << 12]
    ih = WINDS[h0 | h1 << 3 | h2 << 6 | h3 << 9] + DRAGONS[h4 | h5 << 3 | h6 << 6]
    if i0 < 0 or i1 < 0 or i2 < 0 or ih < 0 or not 0 <= wilds <= 8 \
            or sum(naturals) + wilds > 14:
        return general.complete(naturals, wilds, c.prep)
    m0, m1, m2, mh = c.m
    x = MCONV[MCONV[MCONV[m0[i0] * KM + m1[i1]] * KM + m2[i2]] * KM + mh[ih]]
    return bool(c.win[x] >> wilds & 1)


def _shanten_of(cls: int, n: int, wilds: int, c: Compiled) -> int:
    if c.prep.wild_only:
        need = c.need[cls * 5 + n]
        return need - wilds - 1 if need < UNREACHABLE else NEVER
    need = c.need_w[(cls * 5 + n) * 9 + wilds]
    return need - 1 if need < UNREACHABLE else NEVER


def shanten(naturals: Sequence[int], wilds: int, c: Compiled) -> int:
    """Standard-shape shanten (3n+1 or 3n+2 tiles)."""
    (a0, a1, a2, a3, a4, a5, a6, a7, a8, b0, b1, b2, b3, b4, b5, b6, b7, b8,
     s0, s1, s2, s3, s4, s5, s6, s7, s8, h0, h1, h2, h3, h4, h5, h6) = naturals
    i0 = START[a5 | a6 << 3 | a7 << 6 | a8 << 9] + POS[a0 | a1 << 3 | a2 << 6 | a3 << 9 | a4 << 12]
    i1 = START[b5 | b6 << 3 | b7 << 6 | b8 << 9] + POS[b0 | b1 << 3 | b2 << 6 | b3 << 9 | b4 << 12]
    i2 = START[s5 | s6 << 3 | s7 << 6 | s8 << 9] + POS[s0 | s1 << 3 | s2 << 6 | s3 << 9 | s4 << 12]
    ih = WINDS[h0 | h1 << 3 | h2 << 6 | h3 << 9] + DRAGONS[h4 | h5 << 3 | h6 << 6]
    size = sum(naturals) + wilds
    if i0 < 0 or i1 < 0 or i2 < 0 or ih < 0 or not 0 <= wilds <= 8 or size > 14:
        return general.shanten(naturals, wilds, c.prep)
    u0, u1, u2, uh = c.u
    cls = UCONV[UCONV[UCONV[u0[i0] * K + u1[i1]] * K + u2[i2]] * K + uh[ih]]
    return _shanten_of(cls, (size - 1) // 3, wilds, c)


_LOW_STEPS: Final = (1, 8, 64, 512, 4096)
_HIGH_STEPS: Final = (1, 8, 64, 512)


def _codes(naturals: Sequence[int]) -> tuple[list[int], list[int], list[int]] | None:
    """Per number suit its low and high half codes and packed index, then the honors' index;
    None when some count is above 4."""
    (a0, a1, a2, a3, a4, a5, a6, a7, a8, b0, b1, b2, b3, b4, b5, b6, b7, b8,
     s0, s1, s2, s3, s4, s5, s6, s7, s8, h0, h1, h2, h3, h4, h5, h6) = naturals
    lows = [a0 | a1 << 3 | a2 << 6 | a3 << 9 | a4 << 12,
            b0 | b1 << 3 | b2 << 6 | b3 << 9 | b4 << 12,
            s0 | s1 << 3 | s2 << 6 | s3 << 9 | s4 << 12]
    highs = [a5 | a6 << 3 | a7 << 6 | a8 << 9, b5 | b6 << 3 | b7 << 6 | b8 << 9,
             s5 | s6 << 3 | s7 << 6 | s8 << 9]
    idx = [START[highs[0]] + POS[lows[0]], START[highs[1]] + POS[lows[1]],
           START[highs[2]] + POS[lows[2]],
           WINDS[h0 | h1 << 3 | h2 << 6 | h3 << 9] + DRAGONS[h4 | h5 << 3 | h6 << 6]]
    if min(idx) < 0:
        return None
    return lows, highs, idx


def _probe(row: Sequence[int], classes: Sequence[int], lo: int, hi: int,
           counts: Sequence[int]) -> list[int]:
    """``row[class of the suit after drawing rank r]`` for r = 1..9 (−1 past four copies)."""
    start, pos = START[hi], POS[lo]
    if max(counts) < 4:
        return [row[classes[start + POS[lo + d]]] for d in _LOW_STEPS] + [
            row[classes[START[hi + d] + pos]] for d in _HIGH_STEPS]
    out = []
    for r in range(9):
        if counts[r] >= 4:
            out.append(-1)
        elif r < 5:
            out.append(row[classes[start + POS[lo + _LOW_STEPS[r]]]])
        else:
            out.append(row[classes[START[hi + _HIGH_STEPS[r - 5]] + pos]])
    return out


def _probe_honors(row: Sequence[int], classes: Sequence[int], ih: int,
                  counts: Sequence[int]) -> list[int]:
    return [row[classes[ih + _POW5[j]]] if counts[j] < 4 else -1 for j in range(7)]


def _others(x: list[int], conv: list[int], width: int) -> list[int]:
    """For each suit the combined class of the other three."""
    ab = conv[x[0] * width + x[1]]
    sh = conv[x[2] * width + x[3]]
    return [conv[x[1] * width + sh], conv[x[0] * width + sh], conv[ab * width + x[3]],
            conv[ab * width + x[2]]]


_BITS9: Final = [tuple(m >> r & 1 for r in range(9)) for m in range(512)]
_BITS7: Final = [tuple(m >> r & 1 for r in range(7)) for m in range(128)]
NO_WAIT: Final = [0] * 34
"""`completing`'s answer when at least two suits are incomplete (no draw completes the
shape): one shared list, so that a caller may tell it by identity and stop early."""


def _completing_natural(naturals: Sequence[int], c: Compiled) -> list[int] | None:
    """``completing`` without wildcards, from the wait words: a suit's word says which draws
    complete it (as groups, or as groups and the pair) and whether it is complete already;
    the drawn suit takes the pair unless another suit holds it. None when a count is 5–7
    (a negative packed index): the careful path answers. (Counts are a hand's, checked
    before any shape is asked: 8 or more would spill into the next base-8 digit, as in
    every packed index of this module.) A count of four — a draw
    would pass the fourth copy — is told from the half codes (its digit's high bit), not
    by a second pass over the 34 counts."""
    (a0, a1, a2, a3, a4, a5, a6, a7, a8, b0, b1, b2, b3, b4, b5, b6, b7, b8,
     s0, s1, s2, s3, s4, s5, s6, s7, s8, h0, h1, h2, h3, h4, h5, h6) = naturals
    la, ha = a0 | a1 << 3 | a2 << 6 | a3 << 9 | a4 << 12, a5 | a6 << 3 | a7 << 6 | a8 << 9
    lb, hb = b0 | b1 << 3 | b2 << 6 | b3 << 9 | b4 << 12, b5 | b6 << 3 | b7 << 6 | b8 << 9
    ls, hs = s0 | s1 << 3 | s2 << 6 | s3 << 9 | s4 << 12, s5 | s6 << 3 | s7 << 6 | s8 << 9
    winds, dragons = h0 | h1 << 3 | h2 << 6 | h3 << 9, h4 | h5 << 3 | h6 << 6
    ia, ib, i2 = START[ha] + POS[la], START[hb] + POS[lb], START[hs] + POS[ls]
    ih = WINDS[winds] + DRAGONS[dragons]
    if ia < 0 or ib < 0 or i2 < 0 or ih < 0:
        return None
    w0, w1, w2, wh = c.w
    words = (w0[ia], w1[ib], w2[i2], wh[ih])
    now = [w >> 18 for w in words]  # 0 incomplete, 1 groups, 2 groups and the pair
    if now.count(0) > 1:
        return NO_WAIT
    pairs = now.count(2)
    masks = []
    needs = []  # per suit: what the drawn suit must become (0 groups, 1 the pair), or −1
    for s, (w, x) in enumerate(zip(words, now, strict=True)):
        others_incomplete = now.count(0) - (x == 0)
        others_pairs = pairs - (x == 2)
        if others_incomplete or others_pairs > 1:
            masks.append(0)
            needs.append(-1)
        else:
            width = 7 if s == 3 else 9
            shift = width if others_pairs == 0 else 0  # the pair bits, or the group bits
            masks.append(w >> shift & ((1 << width) - 1))
            needs.append(1 - others_pairs)
    out = [*_BITS9[masks[0]], *_BITS9[masks[1]], *_BITS9[masks[2]], *_BITS7[masks[3]]]
    if (la | lb | ls) & _FOURS_LOW or (ha | hb | hs | winds) & _FOURS_HIGH \
            or dragons & _FOURS_DRAGONS:  # a fifth copy: the words do not cover it
        for k, n in enumerate(naturals):
            if n == 4:
                out[k] = _fifth_copy(naturals, k, needs[min(k // 9, 3)], c)
    return out


_FOURS_LOW: Final = 0o44444
_FOURS_HIGH: Final = 0o4444
_FOURS_DRAGONS: Final = 0o444
"""The high bit of each 3-bit digit of a half code: set exactly where a count is 4 (the
counts being at most 4)."""


def _fifth_copy(naturals: Sequence[int], k: int, need: int, c: Compiled) -> int:
    """1 when drawing a fifth copy of ``k`` makes its suit what the hand needs (no wilds)."""
    prep = c.prep
    if need < 0 or not (prep.honor_live[k - 27] if k >= 27 else k // 9 in prep.number_suits):
        return 0
    honor = k >= 27
    base = 27 if honor else 9 * (k // 9)
    v = list(naturals[base : base + (7 if honor else 9)])
    v[k - base] += 1
    if honor and not all(prep.honor_live):
        v = [n if ok else 0 for n, ok in zip(v, prep.honor_live, strict=True)]
    return general.suit_masks(tuple(v), honor, prep)[need] & 1


def completing(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    """Per kind (34): 1 when adding one natural of it completes the standard shape."""
    if wilds == 0:  # (the word probe tells a count above 4 itself: no `max` pass)
        found = _completing_natural(naturals, c) if sum(naturals) <= 13 else None
        return found if found is not None else _completing_careful(naturals, wilds, c)
    top = max(naturals)
    if top > 4 or not 0 <= wilds <= 8 or sum(naturals) + wilds > 13:
        return _completing_careful(naturals, wilds, c)
    if top > 3:
        return _completing_careful(naturals, wilds, c)
    la, ha, lb, hb, ls, hs, ih = _half_codes(naturals)
    sa, pa, sb, pb, ss, ps = START[ha], POS[la], START[hb], POS[lb], START[hs], POS[ls]
    m0, m1, m2, mh = c.m
    xa, xb, xs, xh = m0[sa + pa], m1[sb + pb], m2[ss + ps], mh[ih]
    rows = c.win_rows(wilds)
    ab = MCONV[xa * KM + xb]
    sh = MCONV[xs * KM + xh]
    ra, rb = rows[MCONV[xb * KM + sh]], rows[MCONV[xa * KM + sh]]
    rs, rh = rows[MCONV[ab * KM + xh]], rows[MCONV[ab * KM + xs]]
    return ([ra[m0[sa + p]] for p in NEXT_POS[la]] + [ra[m0[t + pa]] for t in NEXT_START[ha]]
            + [rb[m1[sb + p]] for p in NEXT_POS[lb]] + [rb[m1[t + pb]] for t in NEXT_START[hb]]
            + [rs[m2[ss + p]] for p in NEXT_POS[ls]] + [rs[m2[t + ps]] for t in NEXT_START[hs]]
            + [rh[mh[ih + q]] for q in _POW5])


def _half_codes(naturals: Sequence[int]) -> tuple[int, int, int, int, int, int, int]:
    """The base-8 codes of each number suit's ranks 1–5 and 6–9 (m, p, s) and the honors'
    packed index: what the per-draw probes index their tables with. (The win check inlines
    the same arithmetic: there a call is a measurable share of its ~2 µs.)"""
    (a0, a1, a2, a3, a4, a5, a6, a7, a8, b0, b1, b2, b3, b4, b5, b6, b7, b8,
     s0, s1, s2, s3, s4, s5, s6, s7, s8, h0, h1, h2, h3, h4, h5, h6) = naturals
    return (a0 | a1 << 3 | a2 << 6 | a3 << 9 | a4 << 12, a5 | a6 << 3 | a7 << 6 | a8 << 9,
            b0 | b1 << 3 | b2 << 6 | b3 << 9 | b4 << 12, b5 | b6 << 3 | b7 << 6 | b8 << 9,
            s0 | s1 << 3 | s2 << 6 | s3 << 9 | s4 << 12, s5 | s6 << 3 | s7 << 6 | s8 << 9,
            WINDS[h0 | h1 << 3 | h2 << 6 | h3 << 9] + DRAGONS[h4 | h5 << 3 | h6 << 6])


def _completing_careful(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    """``completing`` when a count is 4 (a draw passes the fourth copy) or worse."""
    codes = _codes(naturals)
    if codes is None or not 0 <= wilds <= 8 or sum(naturals) + wilds > 13:
        return _completing_slow(naturals, wilds, c)
    lows, highs, idx = codes
    m = c.m
    rows = c.win_rows(wilds)
    others = _others([m[s][idx[s]] for s in range(4)], MCONV, KM)
    out = []
    for s in range(3):
        out += _probe(rows[others[s]], m[s], lows[s], highs[s], naturals[9 * s : 9 * s + 9])
    out += _probe_honors(rows[others[3]], m[3], idx[3], naturals[27:34])
    for k, x in enumerate(out):
        if x < 0:
            trial = list(naturals)
            trial[k] += 1
            out[k] = int(general.complete(trial, wilds, c.prep))
    return out


def after_draws(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    """Per kind (34): the standard-shape shanten after drawing one natural of it."""
    size = sum(naturals) + wilds + 1
    if max(naturals) > 3 or not 0 <= wilds <= 8 or size > 14:
        return _after_careful(naturals, wilds, c)
    la, ha, lb, hb, ls, hs, ih = _half_codes(naturals)
    sa, pa, sb, pb, ss, ps = START[ha], POS[la], START[hb], POS[lb], START[hs], POS[ls]
    u0, u1, u2, uh = c.u
    xa, xb, xs, xh = u0[sa + pa], u1[sb + pb], u2[ss + ps], uh[ih]
    ab = UCONV[xa * K + xb]
    sh = UCONV[xs * K + xh]
    ra, rb = UROWS[UCONV[xb * K + sh]], UROWS[UCONV[xa * K + sh]]
    rs, rh = UROWS[UCONV[ab * K + xh]], UROWS[UCONV[ab * K + xs]]
    t = c.shanten_list((size - 1) // 3, wilds)
    return ([t[ra[u0[sa + p]]] for p in NEXT_POS[la]] + [t[ra[u0[q + pa]]] for q in NEXT_START[ha]]
            + [t[rb[u1[sb + p]]] for p in NEXT_POS[lb]]
            + [t[rb[u1[q + pb]]] for q in NEXT_START[hb]]
            + [t[rs[u2[ss + p]]] for p in NEXT_POS[ls]]
            + [t[rs[u2[q + ps]]] for q in NEXT_START[hs]]
            + [t[rh[uh[ih + q]]] for q in _POW5])


def after_discards(naturals: Sequence[int], wilds: int, c: Compiled
                   ) -> dict[int, tuple[int, list[int], int]]:
    """For a 3n+2 part, per natural kind it holds: the standard-shape ``shanten`` of the part
    less one tile of that kind, its `after_draws`, and its ``shanten`` with one wildcard
    more (what a wild kind's draw gives) — every discard of ``discards`` in one pass.

    Why one pass: a discard changes one suit, and so does a draw. The four suits' classes are
    read once; a discard in suit s changes s's class alone, so the shanten of what is left
    is the other three suits' combined class (shared by every discard of s) with s's new
    class, and a draw in another suit s2 probes s2's unchanged classes (read once a hand)
    against the other suits with s's new class (two suits' combination shared by every
    discard). A dead suit (`Compiled.dead`: its class never changes) is read once: a draw
    there is one look-up, not one a rank, and its discards share one answer. Where some
    count after the discard is 4 (a draw would pass the fourth copy),
    the general size checks fail, or a count is above 4, that discard is answered by
    `shanten` and `after_draws` on the smaller part. The wildcard more reads the same
    combined class as the discard's shanten, in the table of one wildcard more (the part
    less the discard, with a wildcard for it, has n groups and a pair as before)."""
    held = [k for k in range(34) if naturals[k]]
    size = sum(naturals) + wilds
    if max(naturals) > 4 or not 0 <= wilds <= 7 or size > 14 or size % 3 != 2:
        return {k: _one_discard(naturals, wilds, c, k) for k in held}
    fours = [k for k in held if naturals[k] == 4]
    la, ha, lb, hb, ls, hs, ih = _half_codes(naturals)
    lows, highs = (la, lb, ls), (ha, hb, hs)
    u = c.u
    idx = [START[ha] + POS[la], START[hb] + POS[lb], START[hs] + POS[ls], ih]
    x = [u[s][idx[s]] for s in range(4)]
    t = c.shanten_list((size - 2) // 3, wilds)
    t_more = c.shanten_list((size - 2) // 3, wilds + 1)
    # per suit, its classes after each draw (a suit no discard touches keeps them), as one
    # C-level getter of a row (a suit holding a 4 is never read here: only its own
    # discard of that kind is fast)
    dead = c.dead
    drawn = [None if dead[s] or lows[s] & _FOURS_LOW or highs[s] & _FOURS_HIGH
             else itemgetter(*_draw_classes(u[s], lows[s], highs[s])) for s in range(3)]
    drawn.append(itemgetter(*[u[3][ih + q] for q in _POW5])
                 if not dead[3] and max(naturals[27:]) < 4 else None)
    others = _others(x, UCONV, K)
    # for a discard in s and a draw in s2: the two other suits' combined class
    pairs = [[UCONV[x[a] * K + x[b]] for a, b in _PAIR_OF[s]] for s in range(4)]
    get = t.__getitem__
    out: dict[int, tuple[int, list[int], int]] = {}
    of_dead: dict[int, tuple[int, list[int], int]] = {}  # a dead suit's discards: one answer
    for k in held:
        if fours and fours != [k]:  # a count of 4 stays: its draw is a fifth copy
            out[k] = _one_discard(naturals, wilds, c, k)
            continue
        s, r = divmod(k, 9) if k < 27 else (3, k - 27)
        if s in of_dead:
            now, after, more = of_dead[s]
            out[k] = now, after.copy(), more  # (callers write into their draws)
            continue
        us = u[s]
        if s < 3:
            lo, hi = lows[s], highs[s]
            if r < 5:
                lo -= _LOW_STEPS[r]
            else:
                hi -= _HIGH_STEPS[r - 5]
            xs = us[START[hi] + POS[lo]]
            mine = _draw_classes(us, lo, hi)
        else:
            at = ih - _POW5[r]
            xs = us[at]
            mine = [us[at + q] for q in _POW5]
        row = UROWS[others[s]]
        blocks = [[t[UROWS[UCONV[p * K + xs]][x[s2]]]] * _WIDTH[s2] if dead[s2]
                  else [*map(get, drawn[s2](UROWS[UCONV[p * K + xs]]))]  # type: ignore[misc]
                  for s2, p in zip(_OTHER_SUITS[s], pairs[s], strict=True)]
        blocks.insert(s, [*map(get, map(row.__getitem__, mine))])
        after = [*blocks[0], *blocks[1], *blocks[2], *blocks[3]]
        cls = row[xs]
        out[k] = (t[cls], after, t_more[cls])
        if dead[s]:
            of_dead[s] = t[cls], after.copy(), t_more[cls]
    return out


_WIDTH: Final = (9, 9, 9, 7)


_OTHER_SUITS: Final = tuple(tuple(o for o in range(4) if o != s) for s in range(4))
_PAIR_OF: Final = tuple(tuple(tuple(o for o in range(4) if o not in (s, s2))
                              for s2 in _OTHER_SUITS[s]) for s in range(4))
"""For a discard's suit s, per other suit s2 (in `_OTHER_SUITS` order): the two suits left."""


def _draw_classes(u: Sequence[int], lo: int, hi: int) -> list[int]:
    """A number suit's class after drawing each of its ranks (its counts below 4)."""
    start, pos = START[hi], POS[lo]
    return [u[start + p] for p in NEXT_POS[lo]] + [u[q + pos] for q in NEXT_START[hi]]


def _one_discard(naturals: Sequence[int], wilds: int, c: Compiled,
                 k: int) -> tuple[int, list[int], int]:
    rest = list(naturals)
    rest[k] -= 1
    return shanten(rest, wilds, c), after_draws(rest, wilds, c), shanten(rest, wilds + 1, c)


def _after_careful(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    """``after_draws`` when a count is 4 (a draw passes the fourth copy) or worse."""
    codes = _codes(naturals)
    size = sum(naturals) + wilds + 1
    if codes is None or not 0 <= wilds <= 8 or size > 14:
        return _after_slow(naturals, wilds, c)
    lows, highs, idx = codes
    u = c.u
    table = c.shanten_list((size - 1) // 3, wilds)
    others = _others([u[s][idx[s]] for s in range(4)], UCONV, K)
    out = []
    for s in range(3):
        out += _probe(UROWS[others[s]], u[s], lows[s], highs[s], naturals[9 * s : 9 * s + 9])
    out += _probe_honors(UROWS[others[3]], u[3], idx[3], naturals[27:34])
    result = [table[x] if x >= 0 else -1 for x in out]
    for k, x in enumerate(out):
        if x < 0:
            trial = list(naturals)
            trial[k] += 1
            result[k] = general.shanten(trial, wilds, c.prep)
    return result


def _completing_slow(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    trial = list(naturals)
    out = []
    for k in range(34):
        trial[k] += 1
        out.append(int(general.complete(trial, wilds, c.prep)))
        trial[k] -= 1
    return out


def _after_slow(naturals: Sequence[int], wilds: int, c: Compiled) -> list[int]:
    trial = list(naturals)
    out = []
    for k in range(34):
        trial[k] += 1
        out.append(general.shanten(trial, wilds, c.prep))
        trial[k] -= 1
    return out
