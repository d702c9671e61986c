"""红中麻将: waits and shanten from the shape tables, flat in the number of wildcards.

A wait is tried as a self-draw (RULES.md §0.6), so the discard rule never applies and a
drawn wild kind is a wildcard. Instead of a win check per tile kind, each enabled shape
asks the tables once for the kinds that complete it (``completing_kinds``); the fan of a
wait is the pattern table applied to the shapes it completes, as ``score`` prices a whole
hand (`hongzhong.scoring.wait_fan`, memoised by what the facts are made of).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

from engine import tiles as T
from engine.caching import BoundedDict
from engine.hand import Meld, MeldKind
from engine.shapes import NEVER, ShapeRules, completing_kinds, shanten_after_discards
from engine.shapes import shanten as shape_shanten
from engine.shapes import shanten_after_draws as shanten_after
from engine.tiles import Tile
from engine.variants.hongzhong.options import Config, split_tiles
from engine.variants.hongzhong.scoring import (
    ORPHANS,
    WaitKey,
    flush_suit,
    shape_fans,
    suits_of,
    wait_fan,
)


def wait_fans(concealed: Sequence[Tile], melds: tuple[Meld, ...], cfg: Config
              ) -> list[tuple[Tile, int]]:
    """Every kind that completes 3n+1 concealed tiles on a self-draw, with its fan, in
    tile order. No four-copies filter: the caller knows what the player holds. Kinds whose
    wins are made of the same facts are priced once.
    """
    naturals, wilds = split_tiles(concealed, cfg)
    wild_kinds = cfg.wild
    special = not melds
    pairs = _special_kinds(naturals, wilds, cfg.seven_pairs_rules if special else None, cfg)
    orphans = _special_kinds(naturals, wilds, cfg.orphans_rules if special else None, cfg)
    holds_wild = wilds > 0 or any(t in wild_kinds for m in melds for t in m.tiles)
    no_bonus = not cfg.pengpenghu_fan and not cfg.qingyise_fan and (holds_wild
                                                                    or not cfg.no_wild_fan)
    # no bonus can count: a wait's facts are the shapes it completes alone, and the table
    # keeps the best candidate (`tally`), so a wait is worth the best of its shapes' prices
    # (`shape_fans`: the table's, each shape alone; 四红中 where no shape completes)
    base, pair, orphan = shape_fans(cfg)
    if no_bonus and pairs == cfg.kinds and base <= pair:
        # 七对 completes on every kind (many wildcards): the standard shape never beats it,
        # so no standard probe
        top = max(pair, orphan)
        return [(k, top if k in orphans else pair) for k in sorted(cfg.kinds)]
    standard = _completing(naturals, wilds, cfg.standard_rules, cfg)
    four = _four_wild_kinds(concealed, cfg)
    candidates = standard | pairs | orphans | four
    if not candidates:
        return []
    triplets: frozenset[Tile] = frozenset()
    if cfg.pengpenghu_fan > 0 and standard and all(m.kind is not MeldKind.CHOW for m in melds):
        triplets = _completing(naturals, wilds, cfg.triplets_rules, cfg)
    if (not triplets and not cfg.qingyise_fan and (holds_wild or not cfg.no_wild_fan)
            and base <= pair):
        # no bonus can count (a 碰碰胡 fan without a triplets reading neither): the standard
        # shape and 四红中 share the base price, a kind in no special shape takes it
        if not orphans:
            return [(k, pair if k in pairs else base) for k in sorted(candidates)]
        return [(k, max(pair if k in pairs else base, orphan if k in orphans else base))
                for k in sorted(candidates)]
    # whether the winner holds a wildcard matters only to 无红中加倍 (a drawn wild kind is one)
    held = True if holds_wild or not cfg.no_wild_fan else None
    flushes = _flushes(suits_of(naturals, melds), cfg)
    face_suits = {T.suit(t) for t in concealed} | {T.suit(t) for m in melds for t in m.tiles}
    fans: dict[WaitKey, int] = {}
    found = []
    for kind in sorted(candidates):
        is_wild = kind in wild_kinds
        shaped = kind in standard, kind in triplets, kind in pairs, kind in orphans
        four_flush = None
        if not any(shaped):  # 四红中 alone: every tile at face value
            four_flush = flush_suit(face_suits | {T.suit(kind)}) if cfg.qingyise_fan else None
        key = (*shaped, flushes[-1] if is_wild else flushes[kind // 9],
               held or is_wild, four_flush)
        fan = fans.get(key)
        if fan is None:
            fan = fans[key] = wait_fan(cfg, key)
        found.append((kind, fan))
    return found


def _special_kinds(naturals: list[int], wilds: int, rules: ShapeRules | None,
                   cfg: Config) -> frozenset[Tile]:
    """The kinds completing one special shape (none without the rules)."""
    if rules is None:
        return frozenset()
    return _completing(naturals, wilds, rules, cfg)


def _completing(naturals: list[int], wilds: int, rules: ShapeRules, cfg: Config
                ) -> frozenset[Tile]:
    """The kinds whose self-draw completes the part under ``rules``.

    A drawn wildcard completes it exactly when some kind does: the wildcard can stand for
    that kind, and conversely whatever the wildcard stands for in a reading (a kind of the
    tile set, or a place in an all-wild group, which any kind can fill beside the other
    wildcards) is a kind that completes it. So every kind is probed as a natural tile —
    with the wildcards held, never one more: the tables cover up to eight — and the wild
    kinds follow from whether any kind completes.
    """
    found = frozenset(completing_kinds(naturals, wilds, rules, ()))
    if not found:
        return found
    return (found - cfg.wild) | cfg.wild


def _flushes(suits: set[int], cfg: Config) -> tuple[int | None, ...]:
    """The flush suit the hand reads as after drawing a natural tile of each suit (m, p, s,
    z), and, last, after drawing a wildcard (which stands for the flush suit); all None
    while 清一色 has no fan (the table does not ask)."""
    if cfg.qingyise_fan == 0:
        return (None,) * 5
    return (*(flush_suit(suits | {s}) for s in range(4)), flush_suit(suits))


def _four_wild_kinds(concealed: Sequence[Tile], cfg: Config) -> frozenset[Tile]:
    """Kinds whose self-draw makes 四红中 (``anytime`` only: waits have no first turn)."""
    if cfg.four_wild_win != "anytime":
        return frozenset()
    found: set[Tile] = set()
    for kind in sorted(cfg.wild):  # with two wild kinds each may be one copy short
        held = concealed.count(kind)
        if held >= T.COPIES:
            return cfg.kinds
        if held == T.COPIES - 1:
            found.add(kind)
    return frozenset(found)


def shanten(concealed: Sequence[Tile], melds: tuple[Meld, ...] | int, cfg: Config) -> int:
    """Fewest exchanges to a hand with a wait: the shape tables' answer, or the way to
    四红中 when that is on at any time (three copies of a wild kind are a wait on the
    fourth; all four concealed after a draw are complete).

    ``melds`` may be a count only (the ``shanten`` hook gets one; ``waits`` and ``discards``
    call ``hand_shanten``, which passes the melds): then a declared meld of a wild kind is
    not seen, and the 四红中 road is taken as open although its copies are on the table.
    """
    naturals, wilds = split_tiles(concealed, cfg)
    return _with_road(shape_shanten(naturals, wilds, cfg.rules), concealed, melds, cfg)


def _with_road(best: int, concealed: Sequence[Tile], melds: tuple[Meld, ...] | int,
               cfg: Config) -> int:
    """`shanten` from the shape tables' answer ``best``: the 四红中 road put in."""
    if cfg.four_wild_win != "anytime":
        return best
    meld_tiles = () if isinstance(melds, int) else tuple(t for m in melds for t in m.tiles)
    complete_size = len(concealed) % 3 == 2
    for kind in cfg.wild:
        if kind in meld_tiles:
            continue  # a declared copy is no longer a wildcard: four can never be held
        held = concealed.count(kind)
        if complete_size:
            if held >= T.COPIES:
                return -1
            room = len(concealed) - 1  # keep this many after the best discard
        else:
            room = len(concealed)
        if room >= T.COPIES - 1:
            best = min(best, max(0, T.COPIES - 1 - held))
    return best


def shanten_after_draws(concealed: Sequence[Tile], melds: tuple[Meld, ...], cfg: Config
                        ) -> list[int]:
    """``[shanten([*concealed, t], melds, cfg) for t in range(34)]`` (kinds outside the tile
    set: `NEVER`) for 3n+1 ``concealed``: one table probe for every draw (a drawn wild kind
    adds a wildcard), then the 四红中 road per draw as `shanten` takes it.

    ``cfg.rules`` is the standard shape, 七对 and 十三幺 together, and its shanten the least
    of theirs: the standard shape is probed first, and a special shape only when some draw
    could go lower. After any draw, with p pairs among the naturals and W wildcards, 七对 is
    at least 5 − p − W (the draw makes one more pair or brings one more wildcard); 十三幺,
    missing m of its kinds, at least m − 2 − W (one kind found, one duplicate, or one more
    wildcard).
    """
    naturals, wilds = split_tiles(concealed, cfg)
    standard = shanten_after(naturals, wilds, cfg.standard_rules, tuple(cfg.wild))[1]
    return _draws_beyond_standard(standard, naturals, wilds, concealed, melds, cfg)


def discard_draws(concealed: Sequence[Tile], melds: tuple[Meld, ...], cfg: Config
                  ) -> dict[Tile, tuple[int, list[int]]]:
    """For 3n+2 ``concealed``, per kind held: `shanten` and `shanten_after_draws` of what
    discarding one of it leaves. The standard shape of every natural discard comes from one
    `engine.shapes.shanten_after_discards` (a discard changes one suit), and so does 七对's
    (asked once, when the first discard's floor lets it beat the standard shape); 十三幺 is
    put in discard by discard, both only when they may go lower: with p pairs among the
    naturals and W wildcards 七对 is at least 6 − p − W (5 − p − W after a draw); 十三幺,
    missing m of its kinds, at least m − 1 − W (m − 2 − W). A wild kind's discard (one
    wildcard less) is asked directly.

    Why not those two functions per discard: what they recount each time — the pairs and
    the orphans missing, the kinds outside the tile set, the 四红中 road (the wild kinds'
    copies held, which no natural discard changes) — follows from the whole hand once, and
    was most of a fresh 红中 ``discards``."""
    naturals, wilds = split_tiles(concealed, cfg)
    standard = shanten_after_discards(naturals, wilds, cfg.standard_rules, tuple(cfg.wild))
    specials = len(concealed) == 14  # (a 13-tile part: 七对 and 十三幺 count)
    pairs_all = sum(n >> 1 for n in naturals)
    missing_all = sum(1 for t in ORPHANS if not naturals[t])
    pairs_rules, orphans_rules = cfg.seven_pairs_rules, cfg.orphans_rules
    pairs_by_discard: dict[Tile, tuple[int, list[int]]] | None = None
    of_kinds = _kinds_getter(cfg.kinds)
    not_kinds = [t for t in range(T.KIND_COUNT) if t not in cfg.kinds]
    road_now, road_caps = _natural_discard_roads(concealed, melds, cfg)
    out = {}
    for k in sorted(set(concealed)):
        if k in cfg.wild:
            rest = list(concealed)
            rest.remove(k)
            out[k] = shanten(rest, melds, cfg), shanten_after_draws(rest, melds, cfg)
            continue
        now, after = standard[k]
        n = naturals[k]
        naturals[k] -= 1
        if specials:
            pairs = pairs_all - (not n & 1)  # (an even count loses a pair)
            missing = missing_all + (n == 1 and k in _ORPHAN_SET)
            top = max(of_kinds(after))
            if pairs_rules is not None and (6 - pairs - wilds < now or 5 - pairs - wilds < top):
                if pairs_by_discard is None:
                    naturals[k] += 1
                    pairs_by_discard = shanten_after_discards(naturals, wilds, pairs_rules,
                                                              tuple(cfg.wild))
                    naturals[k] -= 1
                pairs_now, pairs_after = pairs_by_discard[k]
                if 6 - pairs - wilds < now:
                    now = min(now, pairs_now)
                if 5 - pairs - wilds < top:
                    after = list(map(min, after, pairs_after))
            if orphans_rules is not None:
                if missing - 1 - wilds < now:
                    now = min(now, shape_shanten(naturals, wilds, orphans_rules))
                if missing - 2 - wilds < top:
                    after = list(map(min, after, shanten_after(naturals, wilds, orphans_rules,
                                                               tuple(cfg.wild))[1]))
        naturals[k] += 1
        for t in not_kinds:
            after[t] = NEVER
        if road_caps is not None:
            after = list(map(min, after, road_caps))
        out[k] = min(now, road_now), after
    return out


_ORPHAN_SET: Final = frozenset(ORPHANS)


def _kinds_getter(kinds: frozenset[Tile]) -> Callable[[list[int]], tuple[int, ...]]:
    """One C-level getter of the tile set's kinds (the max of a discard's draws over them)."""
    found = _KINDS_GETTERS.get(kinds)
    if found is None:
        found = _KINDS_GETTERS.keep(kinds, itemgetter(*sorted(kinds)))
    return found


_KINDS_GETTERS: Final[BoundedDict[frozenset[Tile], Callable[[list[int]], tuple[int, ...]]]] = \
    BoundedDict(64)


def _natural_discard_roads(concealed: Sequence[Tile], melds: tuple[Meld, ...], cfg: Config
                           ) -> tuple[int, list[int] | None]:
    """The 四红中 road of the 3n+1 tiles any natural discard of 3n+2 ``concealed`` leaves (it
    keeps every wild copy): its shanten (`_with_road`'s) and, per drawn kind, the cap it
    puts on the shanten after that draw (`_road_caps`; None: no road)."""
    if cfg.four_wild_win != "anytime":
        return NEVER, None
    room = len(concealed) - 1 >= T.COPIES - 1  # tiles kept after the best discard of 3n+2
    now = NEVER
    if room:
        meld_tiles = {t for m in melds for t in m.tiles}
        for kind in cfg.wild:
            if kind not in meld_tiles:
                now = min(now, max(0, T.COPIES - 1 - concealed.count(kind)))
    return now, _road_caps(concealed, melds, cfg, room)


def _road_caps(concealed: Sequence[Tile], melds: tuple[Meld, ...], cfg: Config, room: bool
               ) -> list[int]:
    """Per drawn kind, the cap the 四红中 road puts on the shanten after that draw (NEVER: none):
    after drawing another kind the held wild copies, after drawing the wild kind one more;
    ``room``: the hand keeps enough tiles for the road's missing copies to count."""
    meld_tiles = {t for m in melds for t in m.tiles}
    caps = [NEVER] * T.KIND_COUNT
    for kind in cfg.wild:
        if kind in meld_tiles:
            continue  # a declared copy is no longer a wildcard: four can never be held
        held = concealed.count(kind)
        for t, after in ((-1, held), (kind, held + 1)):
            if after >= T.COPIES:
                value = -1
            elif room:
                value = max(0, T.COPIES - 1 - after)
            else:
                continue
            if t < 0:
                caps = [min(x, value) if k in cfg.kinds and k != kind else x
                        for k, x in enumerate(caps)]
            elif t in cfg.kinds:
                caps[t] = min(caps[t], value)
    return caps


def _draws_beyond_standard(out: list[int], naturals: list[int], wilds: int,
                           concealed: Sequence[Tile], melds: tuple[Meld, ...], cfg: Config
                           ) -> list[int]:
    """`shanten_after_draws` from the standard shape's draws ``out`` (changed in place)."""
    wild_kinds = tuple(cfg.wild)
    if len(concealed) == 13:  # the special shapes, when they can beat the standard shape
        top = max(out[t] for t in cfg.kinds)
        pairs = sum(n >> 1 for n in naturals)
        if cfg.seven_pairs_rules is not None and 5 - pairs - wilds < top:
            out = list(map(min, out, shanten_after(naturals, wilds, cfg.seven_pairs_rules,
                                                   wild_kinds)[1]))
        missing = sum(1 for t in ORPHANS if not naturals[t])
        if cfg.orphans_rules is not None and missing - 2 - wilds < top:
            out = list(map(min, out, shanten_after(naturals, wilds, cfg.orphans_rules,
                                                   wild_kinds)[1]))
    for t in range(T.KIND_COUNT):
        if t not in cfg.kinds:
            out[t] = NEVER
    if cfg.four_wild_win != "anytime":
        return out
    room = len(concealed) >= T.COPIES - 1  # tiles kept after the best discard of 3n+2
    return list(map(min, out, _road_caps(concealed, melds, cfg, room)))


def wait_kinds(concealed: Sequence[Tile], melds: tuple[Meld, ...], cfg: Config
               ) -> tuple[Tile, ...]:
    """The kinds a self-draw wins on (`wait_fans` without the fans)."""
    return tuple(t for t, _ in wait_fans(concealed, melds, cfg))
