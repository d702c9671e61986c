"""Hands, melds and the facts of the moment, as frozen values; and their validation.

A request arrives as plain data (already type-checked by whoever received it); `parse_request`
reads its tiles, and `check_hand` applies the rules every variant shares (tile set, meld
shapes, four copies, the size rule), collecting every problem with a JSON pointer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Final, Self, TypeVar

from engine import tiles as T
from engine.errors import Code, Problem, RequestError, echo, invalid_tile, missing_field
from engine.tiles import Tile


class MeldKind(StrEnum):
    CHOW = "chow"
    PONG = "pong"
    KONG = "kong"


class WinType(StrEnum):
    SELF_DRAW = "self_draw"
    DISCARD = "discard"
    ROB_KONG = "rob_kong"


class KongType(StrEnum):
    EXPOSED = "exposed"
    ADDED = "added"
    CONCEALED = "concealed"


@dataclass(frozen=True)
class Meld:
    """A declared set. ``tiles`` are sorted; ``concealed`` only matters for kongs."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False

    @property
    def is_kong(self) -> bool:
        return self.kind is MeldKind.KONG


@dataclass(frozen=True)
class Hand:
    """The player's tiles: concealed ones (without the win tile), declared melds, win tile."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: Tile | None = None

    @property
    def concealed_with_win(self) -> tuple[Tile, ...]:
        """The concealed tiles plus the win tile: what must form the rest of the hand."""
        if self.win_tile is None:
            return self.concealed
        return (*self.concealed, self.win_tile)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile the player owns: concealed, win tile and every meld's tiles."""
        meld_tiles = tuple(t for m in self.melds for t in m.tiles)
        return (*self.concealed_with_win, *meld_tiles)

    @property
    def size(self) -> int:
        """The size rule of RULES.md §0.2: concealed tiles + 3 per meld (a kong counts 3)."""
        return len(self.concealed) + 3 * len(self.melds)


@dataclass(frozen=True)
class Seats:
    """Seat numbers 0–3 in turn order; None where the caller did not say."""

    dealer: int | None = None
    winner: int | None = None
    discarder: int | None = None
    konger: int | None = None
    kong_discarder: int | None = None


@dataclass(frozen=True)
class KongEvent:
    type: KongType
    tile: Tile
    late: bool = False
    """An added kong whose fourth tile was kept, not freshly drawn (过手补杠, settle.md §1.6.2)."""


@dataclass(frozen=True)
class VariantFacts:
    """A variant's own context members (API.md, "Each variant owns its context"): each
    variant declares a subclass in its package's ``facts.py`` (四川 ``missing_suit``, 长沙
    ``birds``, 南昌 ``jing``…). This base holds none: it is what a context carries for a variant
    without members of its own, or one built without its variant's facts (all unsaid)."""

    @classmethod
    def read(cls, raw: Mapping[str, Any], tiles: TileReader) -> Self:
        """The facts from a plain, type-checked ``context``; a tile that cannot be read is
        a problem in ``tiles``."""
        return _unsaid(cls)

    @classmethod
    def of(cls, context: Context) -> Self:
        """``context``'s facts as this variant's: what its variant reads them through.
        A context that carries none (the base) says nothing; another variant's is a bug."""
        facts = context.facts
        if isinstance(facts, cls):
            return facts
        if type(facts) is not VariantFacts:
            raise TypeError(f"a context with {type(facts).__name__} read as {cls.__name__}")
        return _unsaid(cls)


F = TypeVar("F", bound=VariantFacts)
_UNSAID: dict[type[VariantFacts], VariantFacts] = {}


def _unsaid(cls: type[F]) -> F:
    """The facts of ``cls`` that say nothing, built once (they are frozen)."""
    found = _UNSAID.get(cls)
    if found is None:
        found = _UNSAID[cls] = cls()
    assert isinstance(found, cls)
    return found


NO_FACTS: Final = VariantFacts()


@dataclass(frozen=True)
class Context:
    """The facts of the moment (API.md): the shared members of the envelope, and the
    variant's own as its `VariantFacts`. None means the caller did not say."""

    win_type: WinType | None = None
    after_kong: bool = False
    last_tile: bool = False
    first_turn: bool = False
    is_dealer: bool | None = None
    seats: Seats | None = None
    active: tuple[int, ...] | None = None
    visible: tuple[Tile, ...] = ()
    kong: KongEvent | None = None
    facts: VariantFacts = NO_FACTS
    """The variant's own members (its package's ``facts.py``)."""


_CONTEXT_FIELDS: Final = frozenset(f.name for f in fields(Context))


def context_with(context: Context, **changes: Any) -> Context:
    """``dataclasses.replace(context, **changes)``, copied without re-running ``__init__``
    over every field (a fifth of the cost: the hot paths make one for every discard of
    ``discards`` and every wait list). A Context checks nothing in ``__init__``, so the copy
    is the same value; a name that is not a field is still a TypeError."""
    if not changes.keys() <= _CONTEXT_FIELDS:
        raise TypeError(f"not Context fields: {sorted(changes.keys() - _CONTEXT_FIELDS)}")
    made = object.__new__(Context)
    made.__dict__.update(context.__dict__, **changes)
    return made


@dataclass(frozen=True)
class Request:
    """One evaluation request: the hand, the context, and the room's raw options."""

    hand: Hand
    context: Context = field(default_factory=Context)
    options: Mapping[str, Any] = field(default_factory=dict)
    has_hand: bool = True
    """False when the body carried no ``hand`` (operations such as ``jing`` need none)."""
    record: Mapping[str, Any] | None = None
    """``settle`` only: the hand's record as plain JSON data, which the operation checks
    itself (settle.md §1.6.7: its validation has stages of its own)."""
    claim: Mapping[str, Any] = field(default_factory=dict)
    """``claims``' own members as sent (``tile``, ``detail``, and ``context``'s ``source``,
    ``locked``, ``passed``, ``kong``): `engine.claims.facts` reads and checks them."""
    body: Mapping[str, Any] = field(default_factory=dict)
    """The body as read: ``advice``, ``dingque`` and ``exchange`` check their own members
    (``draws_left``, ``unseen``, ``objective``…) and refuse others (`engine.advice.reading`)."""


# ---------------------------------------------------------------------------------------------
# Reading plain data


class TileReader:
    """Reads the tiles of plain request data, collecting a problem (with its pointer) for
    each one it cannot read instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def tiles(self, value: Any, pointer: str) -> tuple[Tile, ...]:
        """Compact tiles or a list of codes; () when absent."""
        if value is None:
            return ()
        try:
            return tuple(T.parse_any(value))
        except T.TileParseError as e:
            where = f"{pointer}/{e.position}" if not isinstance(value, str) else pointer
            self.problems.append(invalid_tile(where, f"{e}"))
            return ()

    def some_tiles(self, value: Any, pointer: str) -> tuple[Tile, ...] | None:
        """As `tiles`, but None when absent (where none sent and none turned differ)."""
        return None if value is None else self.tiles(value, pointer)

    def tile(self, value: Any, pointer: str) -> Tile | None:
        """One tile code; None when absent."""
        if value is None:
            return None
        try:
            return T.from_code(value)
        except T.TileParseError:
            self.problems.append(invalid_tile(pointer,
                                              f"{echo(value)} is not a tile code such as 5p "
                                              "or 7z"))
            return None


def parse_request(data: Mapping[str, Any], facts: type[VariantFacts]) -> Request:
    """Plain, type-checked request data to a Request; RequestError lists every bad tile.

    Expects the members of API.md's envelope with JSON types already checked; tiles may be
    compact strings or lists of codes. ``facts`` reads the variant's own context members
    (`engine.variants.base.Variant.request` passes its variant's).
    """
    read = TileReader()
    melds = []
    concealed = read.tiles(data.get("hand"), "#/hand")
    for i, raw in enumerate(data.get("melds") or ()):
        kind = MeldKind(raw["type"])
        melds.append(
            Meld(
                kind,
                tuple(sorted(read.tiles(raw["tiles"], f"#/melds/{i}/tiles"))),
                bool(raw.get("concealed") or False),
            )
        )
    hand = Hand(
        concealed=concealed,
        melds=tuple(melds),
        win_tile=read.tile(data.get("win_tile"), "#/win_tile"),
    )
    raw_context = data.get("context")
    context = _parse_context(raw_context, read, facts) if raw_context else _no_context(facts)
    if read.problems:
        raise RequestError(read.problems)
    return Request(hand, context, dict(data.get("options") or {}), data.get("hand") is not None,
                   data.get("record"),
                   _claim_members(data, raw_context), data)


CLAIM_MEMBERS = ("tile", "detail")
CLAIM_CONTEXT_MEMBERS = ("source", "locked", "passed", "kong")


def _claim_members(data: Mapping[str, Any], raw_context: Any) -> dict[str, Any]:
    """The members only ``claims`` reads, kept as sent (empty for every other body)."""
    found = {k: data[k] for k in CLAIM_MEMBERS if data.get(k) is not None}
    if raw_context:
        found.update((k, raw_context[k]) for k in CLAIM_CONTEXT_MEMBERS
                     if raw_context.get(k) is not None)
    return found


_NO_CONTEXT: dict[type[VariantFacts], Context] = {}
"""Per variant's facts: what an absent or empty ``context`` reads as (`_parse_context` of
``{}`` gives the same), built once, since it is frozen — building the context costs a few µs
a request."""


def _no_context(facts: type[VariantFacts]) -> Context:
    found = _NO_CONTEXT.get(facts)
    if found is None:
        found = _NO_CONTEXT[facts] = Context(facts=_unsaid(facts))
    return found


def _parse_context(raw: Mapping[str, Any], read: TileReader, facts: type[VariantFacts]) -> Context:
    seats = raw.get("seats")
    kong = raw.get("kong")
    kong_tile = read.tile(kong.get("tile"), "#/context/kong/tile") if kong else None
    return Context(
        win_type=WinType(raw["win_type"]) if raw.get("win_type") else None,
        after_kong=bool(raw.get("after_kong")),
        last_tile=bool(raw.get("last_tile")),
        first_turn=bool(raw.get("first_turn")),
        is_dealer=raw.get("is_dealer"),
        seats=Seats(**{k: v for k, v in seats.items() if v is not None}) if seats else None,
        active=tuple(raw["active"]) if raw.get("active") is not None else None,
        visible=read.tiles(raw.get("visible"), "#/context/visible"),
        kong=(KongEvent(KongType(kong.get("type") or KongType.ADDED), kong_tile,
                        bool(kong.get("late")))
              if kong and kong_tile is not None else None),
        facts=facts.read(raw, read),
    )


# ---------------------------------------------------------------------------------------------
# The rules every variant shares


def standard_chow(tiles: Sequence[Tile]) -> bool:
    """Three consecutive ranks of one suit (honors never)."""
    a, b, c = sorted(tiles)
    return a < T.HONOR_BASE and a // 9 == c // 9 and b == a + 1 and c == a + 2


@dataclass(frozen=True)
class HandRules:
    """What a variant allows of a hand, for `check_hand`."""

    tile_kinds: frozenset[Tile]
    chow_melds: bool = False
    chow_shape: Callable[[Sequence[Tile]], bool] = standard_chow
    tile_set_name: str = "136"
    set_words: str = ""
    """How a refusal names the tile set; "" for today's "the 136-tile set of this variant"
    (a room of fewer suits names itself, `engine.room.Room.tile_set_words`)."""

    @property
    def tile_set_words(self) -> str:
        return self.set_words or f"the {self.tile_set_name}-tile set of this variant"


def check_hand(hand: Hand, rules: HandRules, *, size: int, needs_win_tile: bool,
               visible: Sequence[Tile] = ()) -> list[Problem]:
    """Every shared problem of a hand: tile set, melds, copies, size rule.

    ``size`` is what `Hand.size` must be (the room's *n* for win/fan/waits, *n* + 1 for
    discards: 13 and 14 in the default room);
    ``needs_win_tile`` says whether ``win_tile`` must be present (win, fan) or absent (waits,
    discards).
    """
    problems: list[Problem] = []
    outside = rules.tile_kinds

    def check_set(where: str, tiles: Sequence[Tile]) -> None:
        bad = sorted({t for t in tiles if t not in outside})
        if bad:
            problems.append(invalid_tile(where, f"{', '.join(T.codes(bad))} not in "
                                                f"{rules.tile_set_words}"))

    check_set("#/hand", hand.concealed)
    if hand.win_tile is not None:
        check_set("#/win_tile", (hand.win_tile,))
    for i, meld in enumerate(hand.melds):
        where = f"#/melds/{i}"
        check_set(f"{where}/tiles", meld.tiles)
        problems.extend(_meld_problems(meld, where, rules))
    check_set("#/context/visible", visible)

    problems.extend(_copy_problems(hand, visible))

    if needs_win_tile and hand.win_tile is None:
        problems.append(missing_field("#/win_tile", "win_tile is required: the tile that "
                                                    "completes the hand"))
    elif not needs_win_tile and hand.win_tile is not None:
        problems.append(Problem(Code.INVALID_FIELD, "#/win_tile",
                                f"this operation takes no win_tile: send all {size} tiles "
                                "as hand"))
    if hand.size != size:
        plus = " plus win_tile" if needs_win_tile else ""
        problems.append(Problem(
            Code.BAD_TILE_COUNT, "#/hand",
            f"expected {size} tiles{plus} (hand + 3 per meld, a kong counts 3), got "
            f"{len(hand.concealed)} in hand + {len(hand.melds)} melds = {hand.size}"))
    return problems


def _meld_problems(meld: Meld, where: str, rules: HandRules) -> list[Problem]:
    tiles = meld.tiles
    want = 4 if meld.kind is MeldKind.KONG else 3
    if len(tiles) != want:
        return [Problem(Code.BAD_MELD, f"{where}/tiles",
                        f"a {meld.kind} has {want} tiles, got {len(tiles)}")]
    if meld.kind is MeldKind.CHOW:
        if not rules.chow_melds:
            return [Problem(Code.CHOW_NOT_ALLOWED, f"{where}/type",
                            "this variant has no chow claims (pong and kong only)")]
        if not rules.chow_shape(tiles):
            return [Problem(Code.BAD_MELD, f"{where}/tiles",
                            f"{T.compact(tiles)} is not a chow: three consecutive tiles of one "
                            "suit")]
        return []
    if len(set(tiles)) != 1:
        return [Problem(Code.BAD_MELD, f"{where}/tiles",
                        f"{T.compact(tiles)} is not a {meld.kind}: its tiles must be identical")]
    if meld.concealed and meld.kind is not MeldKind.KONG:
        return [Problem(Code.BAD_MELD, f"{where}/concealed", "only a kong can be concealed")]
    return []


def _copy_problems(hand: Hand, visible: Sequence[Tile]) -> list[Problem]:
    """A kind the player holds more than four of, said where the copies are (`_shares`); or
    more than four with the visible tiles."""
    in_hand = T.counts(hand.concealed_with_win)
    in_melds = T.counts(t for m in hand.melds for t in m.tiles)
    seen = T.counts(visible)
    problems = []
    for kind in range(T.KIND_COUNT):
        own = in_hand[kind] + in_melds[kind]
        if own > T.COPIES:
            problems.append(Problem(Code.TOO_MANY_COPIES, "#/hand",
                                    f"hand has {own} copies of {T.code(kind)} "
                                    f"({_shares(hand, kind, in_hand[kind], in_melds[kind])}); "
                                    "there are only 4"))
        elif own + seen[kind] > T.COPIES:
            problems.append(Problem(
                Code.TOO_MANY_COPIES, "#/context/visible",
                f"{own + seen[kind]} copies of {T.code(kind)} (player {own}, visible "
                f"{seen[kind]}); there are only 4"))
    return problems


def _shares(hand: Hand, kind: Tile, concealed: int, melded: int) -> str:
    """Where the player's copies of ``kind`` are: "hand 4, win tile 1, melds 0" — the win tile
    named on its own when it is of that kind, so that each count is what its member sent
    (``concealed`` counts the win tile with the hand)."""
    if hand.win_tile != kind:
        return f"hand {concealed}, melds {melded}"
    return f"hand {concealed - 1}, win tile 1, melds {melded}"
