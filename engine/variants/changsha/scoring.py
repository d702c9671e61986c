"""长沙 scoring (RULES.md §2.2–2.4, §0.7): the win check, the traits of a winning hand, and
its pattern table (`changsha.patterns`) applied to them.

The win check (`judge`) needs only the shapes (`changsha.shapes`); the moment joins them in
`Traits` when the hand is scored. The table decides the 大胡; this module adds them up into
units and the traditional base payment (§2.3 stacking, §2.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from engine.caching import BoundedDict, hand_memo
from engine.hand import Context, Hand, WinType
from engine.options import Options
from engine.results import Pattern
from engine.variants.changsha.patterns import PATTERN_NAMES, TABLE, Traits
from engine.variants.changsha.shapes import ShapeTraits, shape_traits, win_shape_ids
from engine.variants.patterns import Counted, activated, apply, reads, wire_patterns

REASON_NO_SHAPE: Final = "no_winning_shape"
REASON_PAIR: Final = "pair_not_258"
_SELF_DRAW: Final = WinType.SELF_DRAW


@dataclass(frozen=True)
class Verdict:
    """Whether a complete hand wins and by which shapes, or why not; and its shapes."""

    win: bool
    shapes: tuple[str, ...]
    reason: str | None
    traits: ShapeTraits
    all_melded: bool
    """全求人 counts (its shape, and allowed on this win type)."""


def judge(hand: Hand, win_type: WinType, options: Options) -> Verdict:
    """The win check of RULES §2.2–2.3 and §0.7 ("which reason").

    ``no_winning_shape`` when nothing is complete; ``pair_not_258`` when only the standard
    shape with a non-2/5/8 pair is, and no shape 大胡 relaxes the rule.
    """
    traits = shape_traits(hand)
    qqr = traits.all_melded and not (options["quanqiuren_discard_only"]
                                    and win_type is _SELF_DRAW)
    shapes = win_shape_ids(traits, qqr)
    if shapes:
        return Verdict(True, shapes, None, traits, qqr)
    reason = REASON_PAIR if traits.standard else REASON_NO_SHAPE
    return Verdict(False, (), reason, traits, qqr)


def traits_of(hand: Hand, context: Context, verdict: Verdict, win_type: WinType, *,
             winner_is_dealer: bool, discarder_is_dealer: bool | None) -> Traits:
    """A winning hand's traits: its shapes and the moment (``win_type``: the context's)."""
    return Traits(verdict.traits, verdict.all_melded, win_type,
                 bool(context.after_kong), bool(context.last_tile), bool(context.first_turn),
                 winner_is_dealer, discarder_is_dealer,
                 all(m.is_kong and m.concealed for m in hand.melds))


@dataclass(frozen=True)
class Score:
    """A winning hand's traditional score: its patterns in table order, units, base."""

    patterns: tuple[Pattern, ...]
    units: int
    base_per_payer: int


_READS: Final = reads(TABLE)
_SCORES: BoundedDict[tuple[tuple[Any, ...], Traits], Score] = hand_memo(BoundedDict(4096))
"""Scores by option set and traits: a hand's traits take a few hundred values, and a wait
list scores one hand per wait, so the table is applied once per (option set, traits)."""


def counted(traits: Traits, options: Options) -> tuple[Counted, ...]:
    """The table under ``options`` (`activated`) applied to ``traits``."""
    return apply(activated(TABLE, options), (traits,))[1]


def score(traits: Traits, options: Options) -> Score:
    """Stack the 大胡 (RULES §2.3–2.4): 6 × units, or 6 × 2^(units−1) with
    ``dahu_stack: "multiply"``; no 大胡 is a 小胡 worth ``xiao_hu_self_draw`` (2) a payer on a
    self-draw, else 1."""
    key = (options["dahu_stack"], options["xiao_hu_self_draw"],
           *(options[name] for name in _READS)), traits
    found = _SCORES.get(key)
    return _SCORES.keep(key, score_afresh(traits, options)) if found is None else found


def score_afresh(traits: Traits, options: Options) -> Score:
    found = counted(traits, options)
    patterns = patterns_of(found)
    total = sum(c[1] for c in found)
    if found[0][0] == "ping_hu":
        return Score(patterns, 0,
                     int(options["xiao_hu_self_draw"]) if traits.win_type is _SELF_DRAW else 1)
    return Score(patterns, total, big_win_base(total, options))


def big_win_base(units: int, options: Options) -> int:
    """The base of 大胡 worth ``units`` (§2.3): 6 × units, or 6 × 2^(units−1) with
    ``dahu_stack: "multiply"`` (also a merged 开杠 win's, settle-changsha.md §2.9.4)."""
    if options["dahu_stack"] == "multiply":
        return 6 * (1 << (units - 1))
    return 6 * units


def patterns_of(found: tuple[Counted, ...]) -> tuple[Pattern, ...]:
    """The wire patterns of what a table counted (`wire_patterns`)."""
    return wire_patterns(found, PATTERN_NAMES)
