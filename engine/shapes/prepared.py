"""What a ``ShapeRules`` means for the search, worked out once per rule set.

Decisions:

* A number suit is either wholly in ``rules.kinds`` or not at all (every tile set of RULES.md
  §0.1 is so); honors may be any subset (112 tiles hold only 红中). ``honor_chows`` needs all
  seven honors. Other rule sets raise ``ValueError`` when first used.
* Naturals of a suit outside ``rules.suits`` or of a kind outside ``rules.kinds`` are *dead*:
  no group may hold them, so the part is not complete and shanten counts them as exchanges.
* All-wild groups take a kind from the allowed suits; an all-wild pair under ``pair_258`` needs
  an allowed number suit.
* ``hand_size`` is 7, 10 or 13, and 十三幺 / 十三烂 need 13 (their 14 tiles are their
  definition).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.shapes.model import ShapeRules
from engine.shapes.suit import Family


@dataclass(frozen=True)
class Prepared:
    """The search's view of a rule set."""

    number_suits: tuple[int, ...]
    """Number suits (0–2) whose naturals are live."""
    honors: bool
    """Some honor kind is live."""
    honor_live: tuple[bool, ...]
    """Per honor kind 27..33: live."""
    group_family: Family
    pair_family: Family
    honor_group_family: Family
    honor_pair: bool
    """The pair may be an honor."""
    new_group: bool
    """A group may be made of tiles not yet held (some allowed kind exists)."""
    new_pair: bool
    """The standard pair may be made of tiles not yet held."""
    wild_only: bool
    """``rules.wild_only_groups``: wildcards alone may fill such a group or pair."""


@lru_cache(maxsize=256)
def prepare(rules: ShapeRules) -> Prepared:
    """The prepared view of ``rules`` (cached; ``ShapeRules`` is frozen)."""
    if rules.hand_size not in (7, 10, 13):
        raise ValueError(f"ShapeRules.hand_size is 7, 10 or 13, not {rules.hand_size}")
    if rules.hand_size != 13 and (rules.thirteen_orphans or rules.shi_san_lan):
        raise ValueError("十三幺 and 十三烂 are 14-tile shapes: they need hand_size 13")
    number_suits = []
    for s in range(3):
        inside = sum(1 for k in range(9 * s, 9 * s + 9) if k in rules.kinds)
        if inside not in (0, 9):
            raise ValueError(f"ShapeRules.kinds holds part of suit {'mps'[s]}; "
                             "a number suit must be wholly in or out")
        if inside and s in rules.suits:
            number_suits.append(s)
    honor_live = tuple(3 in rules.suits and k in rules.kinds for k in range(27, 34))
    if rules.honor_chows and any(honor_live) and not all(honor_live):
        raise ValueError("honor_chows needs all seven honors in ShapeRules.kinds")
    trip = rules.triplets_only
    group_family = Family.NUM_TRIP if trip else Family.NUM
    if rules.pair_258:
        pair_family = Family.NUM_TRIP_258 if trip else Family.NUM_258
    else:
        pair_family = group_family
    honor_family = Family.HON_CHOW if rules.honor_chows and not trip else Family.HON
    any_kind = bool(number_suits) or any(honor_live)
    pair_kind = bool(number_suits) if rules.pair_258 else any_kind
    return Prepared(
        number_suits=tuple(number_suits),
        honors=any(honor_live),
        honor_live=honor_live,
        group_family=group_family,
        pair_family=pair_family,
        honor_group_family=honor_family,
        honor_pair=not rules.pair_258,
        new_group=any_kind,
        new_pair=pair_kind,
        wild_only=rules.wild_only_groups,
    )
