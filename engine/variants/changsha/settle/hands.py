"""Stage 3 of the record's validation (settle-changsha.md §2.9.7): each hand, and the copies
over the table at the deal and at the end (``invalid-hand``).

Every declaration's ``hand`` is a dealt hand (14 tiles for the dealer's, 13 for the others',
no melds); every win is a ``fan`` hand (13 + its tile), its birds checked against the
winner's tiles as ``fan`` checks them (birds repeating the 海底 tile are no new tiles). Then
no kind may have more than four copies over *the deal* (all declarations' hands together) or
over *the end* (over the first win event: the winners' tiles — a tile won by several seats
once, each drawn 开杠 tile once, won or not —, four tiles per kong of a seat that is not a
winner, and the birds except those repeating the 海底 tile). The fifth copy is reported where
the count first passes four, counting in settled reading 3's order. Tiles move between the
deal and the end, so nothing else is compared.
"""

from __future__ import annotations

from engine import tiles as T
from engine.errors import Code, Problem
from engine.hand import Hand
from engine.settle.hands import Share, copies_problems
from engine.settle.hands import hand_problems as checked
from engine.tiles import Tile
from engine.variants.changsha.birds import bird_problems
from engine.variants.changsha.settle.record import Kong, Qishou, Record, Win
from engine.variants.changsha.shapes import HAND_RULES


def hand_problems(record: Record) -> list[Problem]:
    """Every stage-3 problem, in document order."""
    problems: list[Problem] = []
    for i, event in enumerate(record.events):
        here = f"#/record/events/{i}"
        if isinstance(event, Qishou):
            size = 14 if event.seat == record.dealer else 13
            problems += [_dealt(p, size, event.seat == record.dealer) for p in checked(
                Hand(event.hand), HAND_RULES, size=size, needs_win_tile=False, prefix=here,
                win_pointer=f"{here}/hand")]
        elif isinstance(event, Win):
            problems += _win_problems(i, event)
    if problems:
        return problems
    return _deal_problems(record) + _end_problems(record)


def _dealt(problem: Problem, size: int, dealer: bool) -> Problem:
    if problem.code is not Code.BAD_TILE_COUNT:
        return problem
    who = "the dealer's" if dealer else "a seat other than the dealer's"
    return Problem(problem.code, problem.pointer, f"a declaration's hand is the whole dealt "
                   f"hand: {size} tiles for {who}")


def _win_problems(i: int, event: Win) -> list[Problem]:
    found: list[Problem] = []
    here = f"#/record/events/{i}"
    hai_di = event.win_tile if event.last_tile else None
    for w in sorted(event.winners, key=lambda w: w.position):
        prefix = f"{here}/winners/{w.position}"
        if w.win_tiles is None:
            tiles: list[tuple[Tile | None, str]] = [(event.win_tile, f"{here}/win_tile")]
        else:
            tiles = [(t, f"{prefix}/win_tiles/{k}")
                     for t, k in zip(w.win_tiles, w.tile_positions, strict=True)]
        for tile, pointer in tiles:
            hand = Hand(w.hand.concealed, w.hand.melds, tile)
            for p in checked(hand, HAND_RULES, size=13, needs_win_tile=True, prefix=prefix,
                             win_pointer=pointer):
                if p.code is Code.BAD_MELD:  # at the meld's tiles, as fan (settled reading 4)
                    p = Problem(p.code, f"{p.pointer}/tiles", p.detail)
                if p not in found:
                    found.append(p)
            for p in bird_problems(event.birds, hand.all_tiles, (), hai_di):
                if p.code is Code.TOO_MANY_COPIES:
                    moved = Problem(p.code, f"{here}/birds", p.detail.replace(
                        "player", f"seat {w.seat}").replace(", visible 0", ""))
                    if moved not in found:
                        found.append(moved)
    return found


def _deal_problems(record: Record) -> list[Problem]:
    shares = [Share((i, 0), f"#/record/events/{i}/hand", T.counts(e.hand))
              for i, e in enumerate(record.events) if isinstance(e, Qishou)]
    return copies_problems(shares, "the deal (the declared hands, dealt at once)")


def _end_problems(record: Record) -> list[Problem]:
    wins = [(i, e) for i, e in enumerate(record.events) if isinstance(e, Win)]
    if not wins:
        return []
    i, event = wins[0]
    here = f"#/record/events/{i}"
    shares: list[Share] = []

    def share(pointer: str, tiles: tuple[Tile, ...] | list[Tile]) -> None:
        shares.append(Share((len(shares), 0), pointer, T.counts(tiles)))

    previous = record.events[i - 1] if i > 0 else None
    drawn = previous.drawn if isinstance(previous, Kong) and previous.drawn else ()
    unwon = list(drawn)
    won_tiles = False
    for w in sorted(event.winners, key=lambda w: w.position):
        prefix = f"{here}/winners/{w.position}"
        share(f"{prefix}/hand", w.hand.concealed)
        for n, meld in enumerate(w.hand.melds):
            share(f"{prefix}/melds/{n}/tiles", meld.tiles)
        for t, k in zip(w.win_tiles or (), w.tile_positions, strict=True):
            if t in unwon:  # each drawn copy counts once, with the first seat that won it
                unwon[unwon.index(t)] = -1
                share(f"{prefix}/win_tiles/{k}", [t])
            elif t not in drawn:
                share(f"{prefix}/win_tiles/{k}", [t])
        won_tiles = won_tiles or w.win_tiles is not None
    if event.win_tile is not None:
        share(f"{here}/win_tile", [event.win_tile])
    if won_tiles:
        for d, t in enumerate(unwon):
            if t != -1:
                share(f"#/record/events/{i - 1}/drawn/{d}", [t])
    winners = {w.seat for w in event.winners}
    for k, e in enumerate(record.events[:i]):
        if isinstance(e, Kong) and e.seat not in winners:
            share(f"#/record/events/{k}/kong/tile", [e.tile] * 4)
    hai_di = event.win_tile if event.last_tile else None
    share(f"{here}/birds", [b for b in event.birds if b != hai_di])
    return copies_problems(shares, "the table at the end of the hand (the winners' tiles, "
                           "the other seats' kongs, the birds)")
