"""The turned 精 pairs (settle-nanchang.md §3.9.5–3.9.6): holdings, each pair's settlement and
rows, and 冲关包赔.

A pair is settled on each seat's tiles — the final tiles at the end (concealed tiles, the
winner's win tile, every meld tile, a kong four, the seat's own discards under
``jing_count_discards``), or the dealt hands for the opening pairs: its holdings
``{zheng, fu}`` go to the §3.7 routine ``jing-settlement`` runs (`pricing.pair_scores`), and
each scoring seat, ascending, receives its score from every other seat in turn order after it
— so a pair's rows sum to its deltas. 冲关包赔 (the 上精 only): a seat at 冲关 with a 上精
supplied by another seat is covered, and its last supplier refunds each other payer.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import tiles as T
from engine.options import Options
from engine.seats import after
from engine.settle.rows import Transfer
from engine.tiles import Tile
from engine.variants.nanchang.facts import Holding, Jing
from engine.variants.nanchang.jing import CHONG_GUAN_POINTS, raw_count
from engine.variants.nanchang.settle import pricing
from engine.variants.nanchang.settle.answer import BaoPei, SettledJingPair
from engine.variants.nanchang.settle.record import Record, RecordMeld, Win


def final_counts(record: Record, counted_discards: bool) -> list[list[int]]:
    """Each seat's final tiles, as 34 counts (§3.9.1, "Final tiles")."""
    assert record.end is not None
    first = record.first_win()
    winners = {w.seat: w for w in first[1].winners} if first is not None else {}
    out = []
    for seat, entry in enumerate(record.end.hands):
        won = winners.get(seat)
        if won is not None:
            assert first is not None
            tiles: list[Tile] = [*won.hand.concealed, first[1].win_tile]
            melds: Sequence[RecordMeld] = won.melds
        else:
            assert entry.hand is not None
            tiles, melds = list(entry.hand.concealed), entry.melds
        tiles += [t for m in melds for t in m.meld.tiles]
        if counted_discards:
            tiles += entry.discards
        out.append(T.counts(tiles))
    return out


def settle_pair(category: str, indicator: Tile, counts: Sequence[Sequence[int]],
                options: Options, players: int, pair: int | None = None
                ) -> tuple[SettledJingPair, list[Transfer]]:
    """One pair settled on ``counts`` (per seat), with its rows; ``pair`` for a 下精."""
    jing = pricing.jing_of(indicator, options)
    holdings = [(c[jing.zheng], c[jing.fu]) for c in counts]
    scores, deltas = pricing.pair_scores(holdings, options)
    rows = [Transfer(category, None, pair=pair, from_=payer, to=seat, amount=scores[seat])
            for seat in range(players) if scores[seat] > 0 for payer in after(seat, players)]
    scoring = [seat for seat in range(players) if scores[seat] > 0]
    return SettledJingPair(
        category, pair, T.code(indicator), T.code(jing.zheng), T.code(jing.fu),
        tuple(Holding(z, f) for z, f in holdings), tuple(scores), tuple(deltas),
        tuple(seat for seat, (z, f) in enumerate(holdings)
              if raw_count(z, f) >= CHONG_GUAN_POINTS),
        scoring[0] if len(scoring) == 1 else None), rows


def supplier(record: Record, seat: int, shang: Jing) -> int | None:
    """Who last supplied a 上精 to ``seat`` (§3.9.5, assumption 4): the win's ``from`` when
    the seat won a discarded or robbed 上精, else the ``from`` of its last meld (in its
    ``melds`` order) whose claimed tile is a 上精 kind; None when nothing was supplied."""
    kinds = (shang.zheng, shang.fu)
    first = record.first_win()
    won = next((w for w in first[1].winners if w.seat == seat), None) if first else None
    if won is not None:
        assert first is not None
        win: Win = first[1]
        if win.from_ is not None and win.win_tile in kinds:
            return win.from_
        melds: Sequence[RecordMeld] = won.melds
    else:
        assert record.end is not None
        melds = record.end.hands[seat].melds
    last = None
    for m in melds:
        if m.supplied in kinds:
            last = m.from_
    return last


def bao_pei(record: Record, shang: Jing, entry: SettledJingPair
            ) -> tuple[tuple[BaoPei, ...], list[Transfer]]:
    """冲关包赔 of the 上精 pair ``entry``: each covered seat, ascending, and its supplier's
    rows — the covered seat's score to every seat but the two, in turn order after it."""
    covered, rows = [], []
    for seat in entry.chong_guan:
        by = supplier(record, seat, shang)
        if by is None:
            continue
        covered.append(BaoPei(seat, by))
        rows += [Transfer("chong_guan_bao_pei", None, from_=by, to=other,
                          amount=entry.scores[seat])
                 for other in after(seat, record.players) if other != by]
    return tuple(covered), rows
