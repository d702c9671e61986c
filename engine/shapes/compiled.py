"""A rule set compiled for the hot paths: per-suit class arrays and the final lookups.

`compiled` builds this once per rule set and keeps it on the rules object, so a hot call
does one attribute read instead of hashing the rules. (The rules are plain data in
`engine.shapes.model` and know nothing of this module: the dependency runs one way.)

* ``u``/``m``: per suit (m, p, s, honors) the U and M class arrays of the suit's config;
  a suit outside the rules gets arrays that use none of its naturals and are never complete.
* ``win[M class]``: bit W set when the whole hand's masks accept W wildcards (0–8).
* ``need[U class * 5 + n]``: with ``wild_only_groups``, the fewest tiles to acquire for a
  target of n groups and a pair (shanten = need − W − 1); ``need_w[(U class * 5 + n) * 9 +
  W]`` the shanten + 1 without it (each all-new group then needs a drawn natural).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.shapes import tables
from engine.shapes.model import NEVER, ShapeRules
from engine.shapes.prepared import Prepared, prepare
from engine.shapes.suit import Family

UNREACHABLE: Final = 200


@dataclass(frozen=True)
class Compiled:
    rules: ShapeRules
    prep: Prepared
    u: tuple[array[int], array[int], array[int], array[int]]
    m: tuple[bytes, bytes, bytes, bytes]
    w: tuple[array[int], array[int], array[int], array[int]]
    """Per suit the wait words (``build.wait_words``)."""
    dead: tuple[bool, bool, bool, bool]
    """Per suit (m, p, s, honors): its U array is one class whatever it holds — a number
    suit outside the rules (`tables.dead_number`: all the empty class) or honors with no
    live kind (`tables.honor_arrays` projects every vector to the empty one). A draw or a
    discard there changes no class, so `standard.after_discards` reads such a suit once
    rather than once a discard (四川's dropped suit and honors, 长沙's honors)."""
    win: list[int]
    need: list[int]
    need_w: list[int]
    specials: bool
    """Some special shape (七对, 十三幺, 十三烂) is enabled."""
    hand_size: int
    """``rules.hand_size``: a special shape completes ``hand_size`` + 1 tiles."""
    special_size: int
    """``hand_size`` + 1, the size of a part the special shapes may complete."""
    pairs: int
    """Pairs of the pairs shape: 7 (七对), 5 (五对), 4 (四对)."""
    single: int
    """1 when the pairs shape holds a single too (五对), else 0."""
    pairs_zeros: int
    """The fewest kinds a complete pairs shape leaves out: 34 − pairs − single."""
    groups_ok: bool
    pair_ok: bool
    live: tuple[bool, ...]
    """Per kind: a natural of it may be part of a shape (suit allowed, kind in the set)."""
    all_live: bool
    live_kinds: int
    orphans_ok: bool
    lan_suits: tuple[bool, bool, bool]
    """Number suits 十三烂 may use (whole suit live)."""
    honor_kinds: tuple[int, ...]
    kinds: tuple[int, ...]
    """``rules.kinds`` in tile order."""
    kind_set: frozenset[int]
    not_kinds: tuple[int, ...]
    _memo: dict[tuple[int, int], list[int]]

    def shanten_list(self, n: int, wilds: int) -> list[int]:
        """Per U class: the standard shanten of a hand of n groups and a pair, W wildcards."""
        key = (n, wilds)
        found = self._memo.get(key)
        if found is None:
            if self.prep.wild_only:
                found = [v - wilds - 1 if v < UNREACHABLE else NEVER
                         for v in self.need[n::5]]
            else:
                found = [v - 1 if v < UNREACHABLE else NEVER
                         for v in self.need_w[n * 9 + wilds :: 45]]
            self._memo[key] = found
        return found

    def win_rows(self, wilds: int) -> list[bytes]:
        """``rows[a][b]``: 1 when M classes a and b together are complete with W wildcards."""
        return _win_rows(self.groups_ok, self.pair_ok, wilds)


def _accept(wilds: int, whole_groups: bool) -> int:
    out = 0
    for w in range(min(wilds, 8) + 1):
        left = wilds - w
        if left == 0 or (whole_groups and left % 3 == 0):
            out |= 1 << w
    return out


@lru_cache(maxsize=4)
def _win_table(groups_ok: bool, pair_ok: bool) -> list[int]:
    out = []
    for g, p in tables.M_CLASSES:
        bits = 0
        for w in range(9):
            if p & _accept(w, groups_ok) or (
                    pair_ok and w >= 2 and g & _accept(w - 2, groups_ok)):
                bits |= 1 << w
        out.append(bits)
    return out


@lru_cache(maxsize=64)
def _win_rows(groups_ok: bool, pair_ok: bool, wilds: int) -> list[bytes]:
    win = _win_table(groups_ok, pair_ok)
    km = tables.KM
    return [bytes(win[tables.MCONV[a * km + b]] >> wilds & 1 for b in range(km))
            for a in range(km)]


@lru_cache(maxsize=4)
def _need_tables(new_group: bool, new_pair: bool) -> tuple[list[int], list[int]]:
    """``need`` and ``need_w`` (see the module docstring) for every U class and n ≤ 4."""
    need: list[int] = []
    need_w: list[int] = []
    none = [UNREACHABLE] * 9
    for v in tables.U_CLASSES:
        for n in range(5):
            best = UNREACHABLE
            per_w = none
            for g in range(n + 1 if new_group else 1):
                for q in (0, 1) if new_pair else (0,):
                    kept = v[2 * (n - g) + 1 - q]
                    if kept < 0:
                        continue
                    acquire = 3 * n + 2 - kept
                    best = min(best, acquire)
                    fresh = g + q
                    per_w = [min(x, max(acquire - w, fresh)) for w, x in enumerate(per_w)]
            need.append(best)
            need_w += per_w
    return need, need_w


def compiled(rules: ShapeRules) -> Compiled:
    """The compiled tables of ``rules``, built on first use and kept in the rules object's
    ``_compiled`` (which hot calls read first: ``rules._compiled or compiled(rules)``)."""
    found: Compiled | None = rules._compiled
    if found is None:
        found = compile_rules(rules)
        object.__setattr__(rules, "_compiled", found)  # frozen: a cache, not a rule
    return found


def compile_rules(rules: ShapeRules) -> Compiled:
    if tables.MISSING:
        raise RuntimeError("the shape tables are missing: python -m engine.shapes.build")
    prep = prepare(rules)
    number = tables.number_config(prep.group_family, prep.pair_family)
    us: list[array[int]] = []
    ms: list[bytes] = []
    ws: list[array[int]] = []
    for s in range(3):
        if s in prep.number_suits:
            us.append(tables.NUMBER_U[number])
            ms.append(tables.NUMBER_M[number])
            ws.append(tables.NUMBER_W[number])
        else:
            du, dm, dw = tables.dead_number()
            us.append(du)
            ms.append(dm)
            ws.append(dw)
    hu, hm, hw = tables.honor_arrays(tables.honor_config(prep.honor_group_family, prep.honor_pair),
                                 prep.honor_live)
    need, need_w = _need_tables(prep.new_group, prep.new_pair)
    live = tuple(k // 9 in rules.suits and k in rules.kinds for k in range(34))
    return Compiled(
        rules=rules,
        prep=prep,
        u=(us[0], us[1], us[2], hu),
        m=(ms[0], ms[1], ms[2], hm),
        w=(ws[0], ws[1], ws[2], hw),
        dead=(0 not in prep.number_suits, 1 not in prep.number_suits,
              2 not in prep.number_suits, not prep.honors),
        win=_win_table(prep.wild_only and prep.new_group, prep.wild_only and prep.new_pair),
        groups_ok=prep.wild_only and prep.new_group,
        pair_ok=prep.wild_only and prep.new_pair,
        live=live,
        all_live=all(live),
        live_kinds=sum(live),
        orphans_ok=all(live[k] for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)),
        lan_suits=(all(live[0:9]), all(live[9:18]), all(live[18:27])),
        honor_kinds=tuple(k for k in range(27, 34) if live[k]),
        kinds=tuple(sorted(rules.kinds)),
        kind_set=frozenset(rules.kinds),
        not_kinds=tuple(k for k in range(34) if k not in rules.kinds),
        _memo={},
        need=need,
        need_w=need_w,
        specials=rules.seven_pairs or rules.thirteen_orphans or rules.shi_san_lan,
        hand_size=rules.hand_size,
        special_size=rules.hand_size + 1,
        pairs=(rules.hand_size + 1) // 2,
        single=(rules.hand_size + 1) % 2,
        pairs_zeros=34 - (rules.hand_size + 1) // 2 - (rules.hand_size + 1) % 2,
    )


def warm() -> None:
    """Build the lookups rule sets share, so that no first call pays for them (import time,
    about 0.1 s): need tables, win tables, and the honors of the 112-tile set (红中 only)."""
    for a in (False, True):
        for b in (False, True):
            _win_table(a, b)
            _need_tables(a, b)
    only_red = tuple(k == 33 for k in range(27, 34))
    tables.honor_arrays(tables.honor_config(Family.HON, True), only_red)


if not tables.MISSING:
    warm()
