"""Every combination of the wildcard options of 南昌 and 红中, held against the slow references.

南昌: ``jing_only_group_allowed`` × ``qidui_allow_four`` × ``honor_chow`` × ``tile_set``
(16 combinations); 红中: ``qidui`` × ``shisanyao`` × ``tile_set`` × one or two wild kinds
(16). For each, fixed-seed hands — complete shapes (groups with honor chows where allowed,
seven pairs with four alike, 十三烂, 十三幺) with 0–8 of their tiles turned into wildcards
(at most four with one wild kind: four copies exist), some declared melds, then kept, or
one or two tiles swapped (near-wins) — and on each:

* ``win`` of the 14 tiles (self-drawn), ``waits`` of 13 of them, the variant's ``shanten``
  of both and (every fourth hand) its ``shanten_after_draws`` of the 13 (discards,
  effective tiles), against
  `tests.reference` (wildcards consumed while decomposing), with the variant's rules as
  RULES.md states them (below);
* for ≤ 3 wildcards the win, and for ≤ 1 the waits, also against brute substitution with
  labelled tiles (`tests.oracles.wild_brute`).

The variant's rules from RULES.md, not from the engine (``ShapeRules`` only holds them, as
for `tests.engine.shapes.test_agreement`): 南昌 (§3.2, §3.4) reads a hand two
ways — every concealed 精 wild (all-精 groups only with ``jing_only_group_allowed``), or
every 精 at face value (德国) — and it wins, and its shanten is, the better of the two;
十三烂 with 136 tiles. 红中 (§4.1–4.2): the wild kinds are wildcards, 七对 with ``qidui``,
十三幺 with ``shisanyao`` and 136 tiles, and 四红中: all four copies of a wild kind concealed
after a self-draw win; its shanten road is the fewest copies still to draw, minus one.

CI runs ``H.scale(40, 2000)`` hands per combination; ``HUPAI_FULL=1 pytest -m slow
tests/oracles/test_wildcard_sweep.py -s`` runs the full 2,000 (and prints the counts).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Any

import pytest

from engine import tiles as T
from engine.hand import Request
from engine.shapes import ShapeRules
from engine.variants import hongzhong as hz
from engine.variants import nanchang as nc
from tests import hands as H
from tests import reference as ref
from tests.oracles import wild_brute as brute

HANDS = H.scale(40, 2000)
BRUTE_WINS = H.scale(6, 120)
"""Hands per combination (with 1–3 wildcards) also checked by substitution: the win."""
BRUTE_WAITS = H.scale(2, 25)
"""… and (with one wildcard) the waits."""
AFTER_EVERY = 4
"""Every fourth hand also compares the shanten after each of the 34 draws (34 slow
reference calls: the costliest check)."""
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
LAN_RANKS = ((0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (0, 3, 7), (1, 4, 8), (0, 5, 8))


# --- the variants as RULES.md states them ----------------------------------------------------

@dataclass(frozen=True)
class Case:
    """One generated hand: 14 − 3k concealed tiles (the last is the win tile), its melds,
    the wild kinds, and which tile to take away for the 13-tile (waits) hand."""

    tiles: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...]
    wild: tuple[int, ...]
    drop: int

    @property
    def thirteen(self) -> list[int]:
        return [t for i, t in enumerate(self.tiles) if i != self.drop]

    def own(self) -> list[int]:
        """Copies of each kind the 13-tile hand and the melds hold."""
        return T.counts([*self.thirteen, *(t for m in self.melds for t in m)])


@dataclass
class Combo:
    """A variant under one option combination: its engine call, and the reference's."""

    variant: str
    options: dict[str, Any]
    kinds: frozenset[int]
    two_wild: bool

    @property
    def name(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.variant}[{opts}{',two-wild' if self.two_wild else ''}]"

    # the reference rules
    def wild_rules(self) -> ShapeRules:
        o = self.options
        if self.variant == "nanchang":
            return ShapeRules(self.kinds, honor_chows=o["honor_chow"], seven_pairs=True,
                            seven_pairs_four_as_two=o["qidui_allow_four"],
                            shi_san_lan=o["tile_set"] == "136",
                            wild_only_groups=o["jing_only_group_allowed"])
        return ShapeRules(self.kinds, seven_pairs=o["qidui"],
                        thirteen_orphans=o["shisanyao"] and o["tile_set"] == "136")

    def readings(self, tiles: list[int], wild: tuple[int, ...]
                 ) -> list[tuple[list[int], int, ShapeRules]]:
        """(naturals, wildcards, rules) of each way the variant reads concealed tiles."""
        naturals = T.counts(t for t in tiles if t not in wild)
        wilds = sum(1 for t in tiles if t in wild)
        out = [(naturals, wilds, self.wild_rules())]
        if self.variant == "nanchang" and wilds:  # 德国: every 精 at face value
            out.append((T.counts(tiles), 0, self.wild_rules()))
        return out

    def ref_win(self, tiles: list[int], wild: tuple[int, ...]) -> bool:
        if any(ref.win_shapes(n, w, r) for n, w, r in self.readings(tiles, wild)):
            return True
        return self.variant == "hongzhong" and any(tiles.count(k) == 4 for k in wild)

    def ref_shanten(self, tiles: list[int], wild: tuple[int, ...], melds: int) -> int:
        best = min(ref.shanten(n, w, r) for n, w, r in self.readings(tiles, wild))
        if self.variant == "hongzhong" and len(tiles) >= 4:
            # 四红中: draw the copies still missing (at least one tile on 3n+1), minus one
            floor = 1 if len(tiles) % 3 == 1 else 0
            for k in wild:
                best = min(best, max(floor, 4 - tiles.count(k)) - 1)
        return best

    def ref_waits(self, case: Case) -> list[int]:
        own = case.own()
        hand = case.thirteen
        return [t for t in sorted(self.kinds) if own[t] < 4
                and self.ref_win([*hand, t], case.wild)]

    def brute_win(self, tiles: list[int], wild: tuple[int, ...]) -> bool:
        for n, w, r in self.readings(tiles, wild):
            if brute.substituted_win(n, w, r):
                return True
        return self.variant == "hongzhong" and any(tiles.count(k) == 4 for k in wild)

    # the engine
    def body(self, tiles: list[int], melds: tuple[tuple[int, ...], ...], wild: tuple[int, ...],
             win: int | None) -> dict[str, Any]:
        options = dict(self.options)
        context: dict[str, Any] = {}
        if self.variant == "nanchang":
            context["jing"] = {"zheng": T.code(wild[0]), "fu": T.code(wild[1])}
        else:
            options["wild_tiles"] = [T.code(k) for k in wild]
        data: dict[str, Any] = {"hand": T.compact(tiles), "options": options,
                                "melds": [{"type": "pong" if m[0] == m[1] else "chow",
                                           "tiles": T.compact(m)} for m in melds]}
        if win is not None:
            data["win_tile"] = T.code(win)
            context["win_type"] = "self_draw"
        data["context"] = context
        return data

    def request(self, case: Case, waits: bool) -> Request:
        if waits:
            return self.engine.request(self.body(case.thirteen, case.melds, case.wild, None))
        return self.engine.request(self.body(list(case.tiles[:-1]), case.melds, case.wild,
                                       case.tiles[-1]))

    @property
    def engine(self) -> Any:
        return nc.VARIANT if self.variant == "nanchang" else hz.VARIANT


def combos() -> list[Combo]:
    out = []
    for only, four, chow, tile_set in product((True, False), (True, False), (True, False),
                                              ("136", "108")):
        out.append(Combo("nanchang", {"jing_only_group_allowed": only, "qidui_allow_four": four,
                                      "honor_chow": chow, "tile_set": tile_set},
                         T.TILE_SETS[tile_set], True))
    for qidui, orphans, tile_set, two in product((True, False), (True, False), ("112", "136"),
                                                 (False, True)):
        out.append(Combo("hongzhong", {"qidui": qidui, "shisanyao": orphans,
                                       "tile_set": tile_set}, T.TILE_SETS[tile_set], two))
    return out


COMBOS = combos()


# --- generated hands ---------------------------------------------------------------------------

def _wild_kinds(rng: random.Random, combo: Combo) -> tuple[int, ...]:
    kinds = sorted(combo.kinds)
    if combo.variant == "hongzhong" and not combo.two_wild:
        return (33,) if rng.random() < 0.6 else (rng.choice(kinds),)
    a, b = rng.sample(kinds, 2)
    if combo.variant == "hongzhong" and rng.random() < 0.5:
        a = 33
        b = rng.choice([k for k in kinds if k != 33])
    return a, b


def _group(rng: random.Random, pool: list[int], honor_chows: bool) -> list[int]:
    k = rng.choice(pool)
    roll = rng.random()
    if k < 27 and roll < 0.6:
        base = k - k % 9 + min(k % 9, 6)
        return [base, base + 1, base + 2]
    if k >= 27 and honor_chows and roll < 0.6:
        trio = sorted(rng.sample(WINDS, 3)) if k in WINDS else list(DRAGONS)
        if all(t in pool for t in trio):
            return trio
    return [k, k, k]


def _complete(rng: random.Random, combo: Combo, size: int) -> list[int]:
    pool = sorted(combo.kinds)
    honor_chows = combo.variant == "nanchang" and combo.options["honor_chow"]
    roll = rng.random()
    if size == 14 and roll < 0.3:  # seven pairs, sometimes with four alike
        kinds = rng.sample(pool, 7)
        if rng.random() < 0.4:
            kinds[1] = kinds[0]
        return [k for k in kinds for _ in range(2)]
    if size == 14 and roll < 0.4 and 27 in combo.kinds:
        if combo.variant == "nanchang":  # 十三烂
            out = rng.sample(range(27, 34), rng.choice((7, 6, 5)))
            for s in range(3):
                out += [9 * s + r for r in rng.choice(LAN_RANKS)]
            return out[:14]
        return [*ORPHANS, rng.choice(ORPHANS)]  # 十三幺
    tiles = [rng.choice(pool)] * 2
    while len(tiles) < size:
        tiles += _group(rng, pool, honor_chows)
    return tiles


def generate(rng: random.Random, combo: Combo) -> Case:
    while True:
        wild = _wild_kinds(rng, combo)
        pool = sorted(combo.kinds)
        melds: list[tuple[int, ...]] = []
        for _ in range(rng.choice((0, 0, 0, 0, 1, 2))):
            group = _group(rng, [k for k in pool if k not in wild and k < 27] or pool, False)
            if combo.variant == "hongzhong" and group[0] != group[1]:
                group = [group[0]] * 3  # no chow melds in 红中
            melds.append(tuple(group))
        size = 14 - 3 * len(melds)
        tiles = _complete(rng, combo, size)
        rng.shuffle(tiles)
        # 0–8 tiles become wildcards (a wildcard may stand for the tile it replaced)
        wants = 0 if rng.random() < 0.25 else rng.randint(1, 8)
        for i in range(min(wants, size)):
            tiles[i] = rng.choice(wild)
        roll = rng.random()
        for _ in range(0 if roll < 0.3 else 1 if roll < 0.7 else 2):  # near-wins
            tiles[rng.randrange(size)] = rng.choice(pool)
        rng.shuffle(tiles)
        everything = T.counts([*tiles, *(t for m in melds for t in m)])
        if max(everything) > 4 or not all(t in combo.kinds for t in tiles):
            continue
        return Case(tuple(tiles), tuple(melds), wild, rng.randrange(size))


def cases(combo: Combo, count: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    return [generate(rng, combo) for _ in range(count)]


# --- the sweep ---------------------------------------------------------------------------------

def wilds_of(tiles: list[int] | tuple[int, ...], wild: tuple[int, ...]) -> int:
    return sum(1 for t in tiles if t in wild)


def sweep(combo: Combo, count: int, brute_wins: int, brute_waits: int, seed: int) -> Counter[str]:
    """Compare everything on ``count`` hands; returns what was seen (asserts agreement)."""
    seen: Counter[str] = Counter()
    engine = combo.engine
    for case in cases(combo, count, seed):
        where = (combo.name, T.compact(case.tiles), [T.compact(m) for m in case.melds],
                 [T.code(w) for w in case.wild])
        tiles14 = list(case.tiles)
        wild = case.wild
        w14 = wilds_of(tiles14, wild)
        seen[f"wilds={w14}"] += 1
        # win
        req = combo.request(case, waits=False)
        got = engine.win(req).win
        want = combo.ref_win(tiles14, wild)
        assert got == want, ("win", *where)
        seen["win"] += want
        if 1 <= w14 <= 3 and seen["brute win"] < brute_wins:
            assert combo.brute_win(tiles14, wild) == want, ("brute win", *where)
            seen["brute win"] += 1
        # shanten of the 14 and of the 13
        options = engine.options(req)
        melds = len(case.melds)
        assert engine.shanten(tiles14, melds, req.context, options) == \
            combo.ref_shanten(tiles14, wild, melds), ("shanten 14", *where)
        hand13 = case.thirteen
        wreq = combo.request(case, waits=True)
        woptions = engine.options(wreq)
        assert engine.shanten(hand13, melds, wreq.context, woptions) == \
            combo.ref_shanten(hand13, wild, melds), ("shanten 13", *where)
        # waits
        got_waits = [T.from_code(w.tile) for w in engine.waits(wreq).waits]
        want_waits = combo.ref_waits(case)
        assert got_waits == want_waits, ("waits", *where, got_waits, want_waits)
        seen["tenpai"] += bool(want_waits)
        if seen["hands"] % AFTER_EVERY == 0:
            # the shanten after each draw (what discards and effective tiles are made of)
            after = engine.shanten_after_draws(hand13, wreq.hand, wreq.context, woptions)
            for t in sorted(combo.kinds):
                assert after[t] == combo.ref_shanten([*hand13, t], wild, melds), (
                    "shanten after drawing", T.code(t), *where)
            seen["after draws"] += 1
        if wilds_of(hand13, wild) == 1 and seen["brute waits"] < brute_waits:
            own = case.own()
            brute_waits_found = [t for t in sorted(combo.kinds) if own[t] < 4
                                 and combo.brute_win([*hand13, t], wild)]
            assert brute_waits_found == want_waits, ("brute waits", *where)
            seen["brute waits"] += 1
        seen["hands"] += 1
    return seen


def _check_variety(combo: Combo, seen: Counter[str]) -> None:
    """The agreement means something: wins and non-wins, tenpai and not, many wild counts."""
    hands = seen["hands"]
    print(f"\n{combo.name}: {hands} hands, {seen['win']} wins, {seen['tenpai']} tenpai, "
          f"{seen['after draws']} after-draw checks, brute {seen['brute win']} wins / "
          f"{seen['brute waits']} waits, wildcards "
          f"{sorted((int(k[6:]), v) for k, v in seen.items() if k.startswith('wilds='))}")
    assert 0.15 * hands <= seen["win"] <= 0.85 * hands, seen
    assert 0.15 * hands <= seen["tenpai"] <= 0.95 * hands, seen
    top = 8 if combo.two_wild else 4
    counts = {int(k[6:]) for k in seen if k.startswith("wilds=")}
    if H.full_mode():
        assert counts >= set(range(top + 1)), counts


def _run(i: int) -> None:
    combo = COMBOS[i]
    _check_variety(combo, sweep(combo, HANDS, BRUTE_WINS, BRUTE_WAITS, seed=1400 + i))


@pytest.mark.skipif(H.full_mode(), reason="full mode runs test_sweep_full")
@pytest.mark.parametrize("i", range(len(COMBOS)), ids=[c.name for c in COMBOS])
def test_sweep_ci(i: int) -> None:
    _run(i)


@pytest.mark.slow
@pytest.mark.skipif(not H.full_mode(), reason="full sweep: HUPAI_FULL=1")
@pytest.mark.parametrize("i", range(len(COMBOS)), ids=[c.name for c in COMBOS])
def test_sweep_full(i: int) -> None:
    _run(i)
