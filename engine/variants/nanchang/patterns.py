"""南昌's pattern table (RULES.md §3.4 win shapes, §3.5 bonuses), line by line in the order of
its tables — the order answers list patterns in.

Each entry is an `engine.variants.patterns.PatternSpec` over `Traits`, one candidate of a
winning hand (`nanchang.scoring`: one shape in one semantics, substituting or face value).
The shape patterns name the candidate's shape; 大七对 and 七星十三烂 are the candidate's shape
when they apply (they replace 平胡 and 十三烂: `scoring.read_split` says which). Flat points
a payer (``flat``) sit beside the fan. 天胡 and 地胡 replace the whole list (§3.4), with
``tian_di_hu_points`` flat and fan 0: the variant decides them from the seats and the moment.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.variants.patterns import ALL, PatternSpec, names


class Traits(NamedTuple):
    """One candidate of a winning hand. (A NamedTuple: built for every candidate of every
    evaluation, every wait's included, and the key of the scores memo.)"""

    shape: str
    """The shape pattern the candidate reads as (``ping_hu`` … ``qi_xing_shi_san_lan``)."""
    at_face: bool
    """Read with every 精 at face value: no 精 substituted (德国's condition)."""
    deguo_allowed: bool
    """``deguo_allow_natural_jing``, or no 精 tile among the player's tiles."""
    others_hold_jing: bool | None
    diao: bool
    """``jing_diao``: the tiles before the win, less one 精, already form whole groups
    (`nanchang.jingdiao`)."""
    tian_di: str | None = None
    """``"tian_hu"``, ``"di_hu"`` or None."""


P = PatternSpec[Traits]
TABLE: Final[tuple[P, ...]] = (
    # §3.4 win shapes
    P("ping_hu", "Plain hand", "平胡", 0, reading=True, when=lambda f: f.shape == "ping_hu"),
    P("da_qi_dui", "All triplets (big seven pairs)", "大七对", 1, reading=True,
      when=lambda f: f.shape == "da_qi_dui"),
    P("qi_dui", "Seven pairs", "七小对", 1, reading=True, when=lambda f: f.shape == "qi_dui"),
    P("shi_san_lan", "Thirteen unrelated", "十三烂", 1, reading=True,
      when=lambda f: f.shape == "shi_san_lan"),
    P("qi_xing_shi_san_lan", "Seven-star thirteen unrelated", "七星十三烂", 2, reading=True,
      when=lambda f: f.shape == "qi_xing_shi_san_lan"),
    # §3.5 bonuses
    P("de_guo", "No wild substituted (De Guo)", "德国", 1, flat="deguo_flat", reading=True,
      when=lambda f: f.at_face and f.deguo_allowed and f.others_hold_jing is not False),
    P("de_zhong_de", "No wild anywhere else (De Zhong De)", "德中德", 2, flat="deguo_flat",
      reading=True,
      when=lambda f: f.at_face and f.deguo_allowed and f.others_hold_jing is False),
    P("jing_diao", "Wild pair wait (Jing Diao)", "精钓", 1, flat="jing_diao_flat",
      when=lambda f: f.diao),
    # §3.4 天胡/地胡 (replace the whole list)
    P("tian_hu", "Heavenly hand", "天胡", 0, flat="tian_di_hu_points", replaces=ALL,
      when=lambda f: f.tian_di == "tian_hu"),
    P("di_hu", "Earthly hand", "地胡", 0, flat="tian_di_hu_points", replaces=ALL,
      when=lambda f: f.tian_di == "di_hu"),
)
"""RULES.md §3.4 then §3.5, in their order."""

PATTERN_NAMES: Final = names(TABLE)
