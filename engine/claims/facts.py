"""The facts of a ``claims`` request: the tile on offer, its source, the lock, the 过胡 record,
the kong being robbed and the detail asked for; and every problem with them (rules/claims.md,
"Validation"), each at its JSON pointer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import attrgetter
from typing import Any, Final

from engine import tiles as T
from engine.errors import Code, Problem, invalid_field, invalid_tile, missing_field
from engine.hand import Context, KongType, Request, WinType
from engine.room import set_words
from engine.tiles import Tile


class Source(StrEnum):
    DISCARD_LEFT = "discard_left"
    DISCARD_OPPOSITE = "discard_opposite"
    DISCARD_RIGHT = "discard_right"
    SELF_DRAW = "self_draw"
    ROB_KONG = "rob_kong"

    @property
    def win_type(self) -> WinType:
        return _WIN_TYPES[self]

    @property
    def is_discard(self) -> bool:
        return _WIN_TYPES[self] is WinType.DISCARD


_WIN_TYPES: Final = {s: WinType.SELF_DRAW if s is Source.SELF_DRAW else WinType.ROB_KONG
                     if s is Source.ROB_KONG else WinType.DISCARD for s in Source}
_SOURCES: Final = {s.value: s for s in Source}


DETAILS: Final = ("full", "actions")
REFUSED_CONTEXT: Final = ("seats", "active", "birds", "codes", "code_origin", "holdings")
"""Context members claims has no use for (the source decides who is who): shared ones, and
variants' own (长沙 ``birds``, 红中 ``codes`` and ``code_origin``, 南昌 ``holdings``) in
``Context.facts``."""


@dataclass(frozen=True)
class Passed:
    """The 过胡 record sent: the passed tile kinds and the highest fan among them."""

    tiles: tuple[Tile, ...]
    fan: int


@dataclass(frozen=True)
class ClaimFacts:
    tile: Tile
    source: Source
    locked: bool = False
    passed: Passed | None = None
    kong_type: KongType = KongType.ADDED
    """The kong being robbed (``rob_kong`` only)."""
    full: bool = True
    """``detail: "full"``: every action carries its ``after``."""
    win_type: WinType = field(init=False)
    """The source's win type (`Source.win_type`), and whether it is a discard: read by
    every step, kept as values (an enum's property and dict look-up cost ~0.1 µs each)."""
    is_discard: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "win_type", self.source.win_type)
        object.__setattr__(self, "is_discard", self.source.is_discard)


def read_facts(request: Request, options: Mapping[str, Any],
               kinds: frozenset[Tile]) -> tuple[ClaimFacts | None, list[Problem]]:
    """The facts and every problem found with them; None when the tile or the source cannot
    be read (facts with problems beside them serve the hand checks that follow)."""
    plain = plain_facts(request, request.claim, kinds)
    if plain is not None:
        return plain, []
    return read_in_full(request, options, kinds)


def read_in_full(request: Request, options: Mapping[str, Any],
                 kinds: frozenset[Tile]) -> tuple[ClaimFacts | None, list[Problem]]:
    """`read_facts` member by member, every problem listed (the reference of its fast
    path)."""
    raw = request.claim
    problems: list[Problem] = []
    if request.hand.win_tile is not None:
        problems.append(invalid_field("#/win_tile", "claims takes the tile on offer as tile, "
                                                    "not win_tile"))
    if request.context.win_type is not None:
        problems.append(invalid_field("#/context/win_type", "claims takes no win_type: "
                                      "context.source decides it"))
    context = request.context
    for name in _refused(context):
        problems.append(invalid_field(f"#/context/{name}", f"claims takes no {name}: it "
                                      "answers for one player, whatever the seats"))
    tile = _tile(raw.get("tile"), "#/tile", kinds, problems)
    if "tile" not in raw:
        problems.append(missing_field("#/tile", "tile is required: the tile on offer (a "
                                                "discard, the player's own draw, or a kong's)"))
    detail = raw.get("detail", "full")
    if detail not in DETAILS:
        problems.append(invalid_field("#/detail", 'detail must be "full" or "actions"'))
    source = _source(raw.get("source"), problems)
    locked = raw.get("locked", False)
    if not isinstance(locked, bool):
        problems.append(invalid_field("#/context/locked", "locked must be true or false"))
    passed = _passed(raw.get("passed"), source, kinds, problems)
    kong_type = _kong(raw.get("kong"), source, tile, problems)
    if source is Source.ROB_KONG:
        problems += _rob_problems(kong_type, options)
    if tile is None or source is None:
        return None, problems
    return ClaimFacts(tile, source, locked is True, passed, kong_type, detail == "full"), problems


def plain_facts(request: Request, raw: Mapping[str, Any],
                 kinds: frozenset[Tile]) -> ClaimFacts | None:
    """The facts of what a game server sends after most discards and draws — a tile, a
    source other than ``rob_kong``, maybe ``detail`` and ``locked``, no 过胡 record, nothing
    refused — read without the problem checks; None for anything else, which `read_facts`
    reads in full. The tests hold both readings equal on every request they send."""
    locked = raw.get("locked", False)
    key = (raw.get("tile"), raw.get("source"), locked, raw.get("detail", "full"))
    try:
        facts = _PLAIN.get(key)
    except TypeError:  # an unhashable member: not plain
        return None
    if facts is None:
        facts = _new_plain(key)
        if facts is None:
            return None
    # (kept keys are well-formed, but 1 == True: the lock's type is asked of every request)
    if (type(locked) is not bool or raw.get("passed") is not None
            or raw.get("kong") is not None or request.hand.win_tile is not None
            or facts.tile not in kinds):
        return None
    context = request.context
    if context.win_type is not None or _refuses(context):
        return None
    return facts


def _new_plain(key: tuple[Any, Any, Any, Any]) -> ClaimFacts | None:
    """The plain facts of a key not kept yet, kept when well-formed; None otherwise."""
    code, source, locked, detail = key
    if (type(code) is not str or type(source) is not str or type(locked) is not bool
            or (detail != "full" and detail != "actions")):
        return None
    tile, found = T.tile_of(code), _SOURCES.get(source)
    if tile is None or found is None or found is Source.ROB_KONG:
        return None
    facts = _PLAIN[key] = ClaimFacts(tile, found, locked, None, KongType.ADDED,
                                     detail == "full")
    return facts


_PLAIN: Final[dict[tuple[Any, ...], ClaimFacts]] = {}
"""The plain facts by what was sent (a value, kept): at most 34 tiles × 4 sources × lock ×
detail — keys are only ever well-formed, since a code or source that does not read is not
kept."""


def _refused(context: Context) -> list[str]:
    """The members of REFUSED_CONTEXT the context carries, shared or the variant's own."""
    return [name for name in REFUSED_CONTEXT
            if getattr(context, name, None) is not None
            or getattr(context.facts, name, None) is not None]


def _refuses(context: Context) -> bool:
    """Whether `_refused` lists anything, asking only the members the context's classes
    have (most are neither shared nor the variant's own), all at once (`_sent`)."""
    facts = context.facts
    own = _OWN_REFUSED.get(type(facts))
    if own is None:
        own = _OWN_REFUSED[type(facts)] = _sent(tuple(name for name in REFUSED_CONTEXT
                                                      if hasattr(facts, name)))
    return _SHARED_SENT(context) or own(facts)


def _sent(names: tuple[str, ...]) -> Callable[[object], bool]:
    """A test of whether an object has any of these members other than None: one C-level
    `attrgetter` and a comparison, not a loop of ``getattr``."""
    if not names:
        return _nothing_sent
    get, unsaid = attrgetter(*names), (None,) * len(names)
    if len(names) == 1:
        return lambda value: get(value) is not None
    return lambda value: get(value) != unsaid


def _nothing_sent(value: object) -> bool:
    return False


_SHARED_SENT: Final = _sent(tuple(name for name in REFUSED_CONTEXT
                                  if name in {f.name for f in fields(Context)}))
_OWN_REFUSED: Final[dict[type, Callable[[object], bool]]] = {}
"""Per facts class (one a variant): the test of the members of REFUSED_CONTEXT it has."""


def _tile(value: Any, pointer: str, kinds: frozenset[Tile],
          problems: list[Problem]) -> Tile | None:
    if value is None:
        return None
    try:
        tile = T.from_code(value)
    except (T.TileParseError, TypeError):
        problems.append(invalid_tile(pointer, f"{str(value)[:16]!r} is not a tile code such as "
                                              "5p or 7z"))
        return None
    if tile not in kinds:
        problems.append(invalid_tile(pointer, f"{T.code(tile)} is not in {_named(kinds)}"))
        return None
    return tile


def _source(value: Any, problems: list[Problem]) -> Source | None:
    if value is None:
        problems.append(missing_field("#/context/source", "context.source is required: "
                                      '"discard_left", "discard_opposite", "discard_right", '
                                      '"self_draw" or "rob_kong"'))
        return None
    found = _SOURCES.get(value) if isinstance(value, str) else None
    if found is None:
        problems.append(invalid_field("#/context/source", "source must be one of " + ", ".join(
            f'"{s.value}"' for s in Source)))
    return found


def source_problems(source: Source | None, players: int) -> list[Problem]:
    """A discard from a chair nobody sits in (rooms.md §0.9.3): 对家 only at a table of four;
    with two players the other seat is both 下家 and 上家, and its discard is
    ``discard_left`` (assumption 12: a chow from it must not go silently unoffered)."""
    if source is Source.DISCARD_OPPOSITE and players < 4:
        return [invalid_field("#/context/source", f"with {players} players there is no 对家: "
                              "discard_opposite needs 4 players")]
    if source is Source.DISCARD_RIGHT and players == 2:
        return [invalid_field("#/context/source", "with 2 players the other seat's discard "
                              "is discard_left")]
    return []


def _named(kinds: frozenset[Tile]) -> str:
    """The tile set a refusal names: this variant's, or a room's of fewer suits."""
    return set_words(kinds) or "this variant's tile set"


def _passed(value: Any, source: Source | None, kinds: frozenset[Tile],
            problems: list[Problem]) -> Passed | None:
    if value is None:
        return None
    where = "#/context/passed"
    if source is Source.SELF_DRAW:
        problems.append(invalid_field(where, "a self-draw clears the 过胡 record: send no "
                                             "passed with source self_draw"))
    if not isinstance(value, Mapping):
        problems.append(invalid_field(where, "passed must be an object {tiles, fan}"))
        return None
    tiles: list[Tile] = []
    raw_tiles = value.get("tiles")
    if raw_tiles is None:
        problems.append(missing_field(f"{where}/tiles", "passed.tiles is required: the tile "
                                                        "kinds of the wins passed"))
    else:
        try:
            tiles = T.parse_any(raw_tiles)
        except T.TileParseError as e:
            at = f"{where}/tiles" if isinstance(raw_tiles, str) else f"{where}/tiles/{e.position}"
            problems.append(invalid_tile(at, str(e)))
        else:
            outside = sorted({t for t in tiles if t not in kinds})
            if outside:
                problems.append(invalid_tile(f"{where}/tiles", f"{', '.join(T.codes(outside))} "
                                             f"not in {_named(kinds)}"))
            if not tiles:
                problems.append(invalid_field(f"{where}/tiles", "passed.tiles lists at least "
                                                                "one tile"))
    fan = value.get("fan")
    if fan is None:
        problems.append(missing_field(f"{where}/fan", "passed.fan is required: the highest "
                                                      "fan among the wins passed"))
    elif isinstance(fan, bool) or not isinstance(fan, int) or fan < 0:
        problems.append(invalid_field(f"{where}/fan", "passed.fan must be an integer ≥ 0"))
    if any(p.pointer.startswith(where) for p in problems) or not isinstance(fan, int):
        return None
    return Passed(tuple(sorted(set(tiles))), fan)


def _kong(value: Any, source: Source | None, tile: Tile | None,
          problems: list[Problem]) -> KongType:
    if value is None:
        return KongType.ADDED
    where = "#/context/kong"
    if source is not None and source is not Source.ROB_KONG:
        problems.append(invalid_field(where, "context.kong names the kong being robbed: send "
                                             "it with source rob_kong only"))
    kind = KongType(value.get("type") or "added")
    named = value.get("tile")
    if named is not None and tile is not None and named != T.code(tile):
        problems.append(invalid_field(f"{where}/tile", f"the robbed kong's tile is the tile on "
                                      f"offer ({T.code(tile)}); got {str(named)[:16]!r}"))
    return kind


def _rob_problems(kind: KongType, options: Mapping[str, Any]) -> list[Problem]:
    if not options.get("rob_kong", True):
        return [Problem(Code.SOURCE_NOT_ALLOWED, "#/context/source",
                        "this room does not allow robbing a kong (option rob_kong)")]
    if kind is KongType.CONCEALED:
        return [Problem(Code.SOURCE_NOT_ALLOWED, "#/context/kong/type",
                        "a concealed kong can never be robbed")]
    if kind is KongType.EXPOSED and not options.get("rob_exposed_kong", False):
        return [Problem(Code.SOURCE_NOT_ALLOWED, "#/context/kong/type",
                        "robbing an exposed kong needs the option rob_exposed_kong")]
    return []
