"""红中麻将 (RULES.md §4): the room options, and how a hand splits into natural tiles and
wildcards for the shape search.

Everything a hand evaluation needs from the options is folded once into a frozen
:class:`Config` (cached per option set), so the win check and the waits do no option
parsing of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from engine import room as R
from engine import tiles as T
from engine.errors import Problem, invalid_option
from engine.hand import Hand, HandRules, WinType
from engine.options import SUIT_ORDER, OptionSpec, OptionType
from engine.shapes import ShapeRules
from engine.tiles import Tile
from engine.variants.hongzhong import claims as claims_module
from engine.variants.hongzhong.settle.options import SETTLE_OPTION_SPECS

FAN_MAX: Final = 8
"""Each doubling option is at most 8, so 2^fan × units stays far below 2^53 (API.md)."""
UNIT_MAX: Final = 1000

OPTION_SPECS: Final = (
    OptionSpec("tile_set", OptionType.STRING, "112",
               "Tile set: 112 = the 108 suit tiles + four 红中; 136 = all 34 kinds (generic 癞子)",
               choices=("112", "136")),
    OptionSpec("wild_tiles", OptionType.TILE_LIST, ("7z",),
               "The wildcard kinds (distinct kinds of the tile set; empty = no wildcards)"),
    OptionSpec("qidui", OptionType.BOOLEAN, True, "七对 (seven pairs, wildcards allowed) wins"),
    OptionSpec("qidui_fan", OptionType.INTEGER, 1, "Doublings of 七对",
               minimum=0, maximum=FAN_MAX),
    OptionSpec("shisanyao", OptionType.BOOLEAN, True,
               "十三幺 (thirteen orphans, wildcards fill gaps) wins; 136 tiles only"),
    OptionSpec("shisanyao_fan", OptionType.INTEGER, 0, "Doublings of 十三幺",
               minimum=0, maximum=FAN_MAX),
    OptionSpec("four_wild_win", OptionType.STRING, "anytime",
               "四红中: all four copies of a wild kind after a self-draw win when no other shape "
               "does (anytime, first_turn = before the first discard, off)",
               choices=("anytime", "first_turn", "off")),
    OptionSpec("win_by_discard", OptionType.STRING, "no",
               "Discard wins: no, yes, or only_without_wild (有红中不接炮)",
               choices=("no", "yes", "only_without_wild")),
    OptionSpec("pengpenghu_fan", OptionType.INTEGER, 0,
               "Doublings of 碰碰胡 (a triplets-only reading exists); 0 = not counted",
               minimum=0, maximum=FAN_MAX),
    OptionSpec("qingyise_fan", OptionType.INTEGER, 0,
               "Doublings of 清一色 (all natural tiles one suit); 0 = not counted",
               minimum=0, maximum=FAN_MAX),
    OptionSpec("no_wild_fan", OptionType.INTEGER, 0,
               "Doublings of 无红中 (the winner holds no wildcard); 0 = not counted",
               minimum=0, maximum=FAN_MAX),
    OptionSpec("code_mode", OptionType.STRING, "159z",
               "Codes (扎码): 159z = rank 1/5/9 or 红中 hits; seat = counted from the winner "
               "(or context.code_origin); one_code_all = one code worth its rank; "
               "mo_ji_jiang_ji = as many codes as the win tile's value, hits as 159z",
               choices=("159z", "seat", "one_code_all", "mo_ji_jiang_ji")),
    OptionSpec("extra_code_without_wild", OptionType.BOOLEAN, True,
               "A winner holding no wildcard draws one extra code"),
    OptionSpec("zimo_unit", OptionType.INTEGER, 2,
               "Self-draw: each other player pays zimo_unit × 2^fan",
               minimum=1, maximum=UNIT_MAX),
    OptionSpec("discard_unit", OptionType.INTEGER, 1,
               "Discard win: the discarder pays discard_unit × 2^fan",
               minimum=1, maximum=UNIT_MAX),
    OptionSpec("code_value", OptionType.INTEGER, 2,
               "What each code hit adds to a payment (one_code_all: times the code's rank)",
               minimum=0, maximum=UNIT_MAX),
    OptionSpec("claimed_wild_is_natural", OptionType.BOOLEAN, True,
               "A wild tile claimed from another player (discard, robbed kong) is its face value"),
    OptionSpec("allow_chow_meld", OptionType.BOOLEAN, False, "Chow (吃) melds may be declared"),
    *claims_module.OPTION_SPECS,
    *SETTLE_OPTION_SPECS,
    R.PLAYERS, R.SUITS,
    OptionSpec("code_seats", OptionType.STRING, "circle",
               "with 2 or 3 players, the seat a code's rank points at in seat mode: its "
               "four-seat meaning, missing an empty chair (circle), or (origin + rank − 1) "
               "mod players (modulo)", choices=("circle", "modulo")),
)


def option_problems(given: Mapping[str, Any]) -> list[Problem]:
    """``wild_tiles`` must be distinct tile codes of the room's tile set.

    A wrong type or a bad ``tile_set`` is reported by the generic option check; here the
    wild tiles are checked against the tile set asked for (the default when that is bad),
    with the room's ``suits`` (all three when that is bad; rooms.md §0.9.5).
    """
    wild = given.get("wild_tiles")
    if not isinstance(wild, list | tuple) or not all(isinstance(w, str) for w in wild):
        return []
    tile_set = given.get("tile_set")
    if tile_set not in T.TILE_SETS or tile_set == "108":
        tile_set = "112"
    suits = _suits_given(given.get("suits"))
    kinds = room_kinds(tile_set, suits)
    words = R.Room(suits=suits).tile_set_words(len(kinds) * T.COPIES,
                                               f"the {tile_set}-tile set")
    problems: list[Problem] = []
    seen: set[Tile] = set()
    for i, text in enumerate(wild):
        where = f"#/options/wild_tiles/{i}"
        try:
            kind = T.from_code(text)
        except T.TileParseError:
            problems.append(invalid_option(where, f"{text!r} is not a tile code such as 5p "
                                                  "or 7z"))
            continue
        if kind not in kinds:
            hint = "; use tile_set \"136\" for honors other than 7z" if kind >= 27 else ""
            problems.append(invalid_option(where, f"{text} is not in {words}{hint}"))
        elif kind in seen:
            problems.append(invalid_option(where, f"{text} is listed twice in wild_tiles"))
        seen.add(kind)
    return problems


def _suits_given(value: Any) -> tuple[str, ...]:
    """The room's suits as sent, when they are valid; else all three (their problem is the
    generic check's)."""
    if (isinstance(value, list | tuple) and value and len(set(value)) == len(value)
            and all(isinstance(s, str) and s in SUIT_ORDER for s in value)):
        return tuple(sorted(value, key=SUIT_ORDER.index))
    return R.ALL_SUITS


def room_kinds(tile_set: str, suits: tuple[str, ...]) -> frozenset[Tile]:
    """The kinds of the room: its suits' and the tile set's honors (7z; all seven)."""
    honors = frozenset(k for k in T.TILE_SETS[tile_set] if k >= T.HONOR_BASE)
    return honors | R.Room(suits=suits).suit_kinds()


@dataclass(frozen=True)
class Config:
    """The options as the evaluation uses them; one per option set (see :func:`config`)."""

    tile_set: str
    kinds: frozenset[Tile]
    wild: frozenset[Tile]
    rules: ShapeRules
    """Every shape the options enable: the win check."""
    standard_rules: ShapeRules
    triplets_rules: ShapeRules
    """The standard shape without sequences: 碰碰胡."""
    seven_pairs_rules: ShapeRules | None
    orphans_rules: ShapeRules | None
    four_wild_win: str
    win_by_discard: str
    claimed_wild_is_natural: bool
    qidui_fan: int
    shisanyao_fan: int
    pengpenghu_fan: int
    qingyise_fan: int
    no_wild_fan: int
    hand_rules: HandRules


def config(options: Mapping[str, Any]) -> Config:
    """The Config of effective (already validated) options."""
    return _config(
        options["tile_set"], tuple(options["wild_tiles"]), options["qidui"],
        options["qidui_fan"], options["shisanyao"], options["shisanyao_fan"],
        options["four_wild_win"], options["win_by_discard"], options["pengpenghu_fan"],
        options["qingyise_fan"], options["no_wild_fan"], options["claimed_wild_is_natural"],
        options["allow_chow_meld"], options.get("suits", R.ALL_SUITS))


@lru_cache(maxsize=256)
def _config(tile_set: str, wild_tiles: tuple[str, ...], qidui: bool, qidui_fan: int,
            shisanyao: bool, shisanyao_fan: int, four_wild_win: str, win_by_discard: str,
            pengpenghu_fan: int, qingyise_fan: int, no_wild_fan: int,
            claimed_wild_is_natural: bool, allow_chow_meld: bool,
            suits: tuple[str, ...] = R.ALL_SUITS) -> Config:
    kinds = T.TILE_SETS[tile_set] if len(suits) == 3 else room_kinds(tile_set, suits)
    # 十三幺 needs all three suits (rooms.md §0.9.5): otherwise it never applies
    orphans = shisanyao and tile_set == "136" and len(suits) == 3
    base = ShapeRules(kinds=kinds)
    return Config(
        tile_set=tile_set,
        kinds=kinds,
        wild=frozenset(T.from_code(w) for w in wild_tiles),
        rules=ShapeRules(kinds=kinds, seven_pairs=qidui, thirteen_orphans=orphans),
        standard_rules=base,
        triplets_rules=ShapeRules(kinds=kinds, triplets_only=True),
        seven_pairs_rules=ShapeRules(kinds=kinds, standard=False, seven_pairs=True)
        if qidui else None,
        orphans_rules=ShapeRules(kinds=kinds, standard=False, thirteen_orphans=True)
        if orphans else None,
        four_wild_win=four_wild_win,
        win_by_discard=win_by_discard,
        claimed_wild_is_natural=claimed_wild_is_natural,
        qidui_fan=qidui_fan,
        shisanyao_fan=shisanyao_fan,
        pengpenghu_fan=pengpenghu_fan,
        qingyise_fan=qingyise_fan,
        no_wild_fan=no_wild_fan,
        hand_rules=HandRules(tile_kinds=kinds, chow_melds=allow_chow_meld,
                             tile_set_name=tile_set if len(suits) == 3
                             else str(len(kinds) * T.COPIES),
                             set_words=R.Room(suits=suits).tile_set_words(
                                 len(kinds) * T.COPIES, "")),
    )


@dataclass(frozen=True)
class Split:
    """A hand's concealed part for the shape search: natural counts and the wildcards.

    ``wild_tiles`` are the physical wildcards (sorted), so a reading can say which tile
    stood for what. ``holds_wild``: any tile of a wild kind among hand, melds and win tile,
    whatever it was used as (RULES.md §4.3 counts them so for the extra code).
    """

    naturals: list[int]
    wild_tiles: tuple[Tile, ...]
    holds_wild: bool

    @property
    def wilds(self) -> int:
        return len(self.wild_tiles)


def win_type_of(given: WinType | None) -> WinType:
    """红中 defaults to a self-draw (RULES.md §0.3)."""
    return WinType.SELF_DRAW if given is None else given


def split(hand: Hand, win_type: WinType, cfg: Config) -> Split:
    """Naturals and wildcards of the concealed part (hand + win tile).

    Every concealed tile of a wild kind is a wildcard; the win tile too when self-drawn, or
    when claimed (discard, robbed kong) and ``claimed_wild_is_natural`` is off.
    """
    naturals = [0] * T.KIND_COUNT
    wild: list[Tile] = []
    for t in hand.concealed:
        if t in cfg.wild:
            wild.append(t)
        else:
            naturals[t] += 1
    win = hand.win_tile
    if win is not None:
        claimed = win_type is not WinType.SELF_DRAW
        if win in cfg.wild and not (claimed and cfg.claimed_wild_is_natural):
            wild.append(win)
        else:
            naturals[win] += 1
    holds = bool(wild) or any(t in cfg.wild for t in hand.all_tiles)
    return Split(naturals, tuple(sorted(wild)), holds)


def split_tiles(concealed: Sequence[Tile], cfg: Config) -> tuple[list[int], int]:
    """Natural counts and the number of wildcards of concealed tiles (no win tile)."""
    naturals = [0] * T.KIND_COUNT
    wilds = 0
    for t in concealed:
        if t in cfg.wild:
            wilds += 1
        else:
            naturals[t] += 1
    return naturals, wilds
