"""Request plumbing on the variants' hot paths: resolved options kept per option set, a
fast "nothing wrong here" test in front of the full, worded hand check, and the shape
tables compiled at import.

A game server asks ``win`` after every draw and discard with the same room options and a
valid hand; resolving the options and wording no problem were a good part of such a call.
Both shortcuts answer exactly what the full path answers: the options cache keeps only
successful resolutions (a bad option set is resolved, and refused, every time), and
`plainly_valid` says yes only when `engine.hand.check_hand` would find no problem at all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from operator import eq
from types import MappingProxyType
from typing import Any, Final

from engine import shapes as S
from engine import tiles as T
from engine.caching import BoundedDict
from engine.hand import Hand, HandRules, MeldKind
from engine.options import Options
from engine.shapes import ShapeRules
from engine.tiles import Tile

_SIZE: Final = 1024
"""Option sets kept per variant (rooms use a handful; a flood of new ones clears it)."""


def _frozen(value: Any) -> Hashable:
    """A key for one option value: its type is part of it (``True == 1`` and ``4.0 == 4``,
    but only one of each is valid), lists by their members. TypeError when unhashable."""
    if isinstance(value, list | tuple):
        return type(value), tuple(_frozen(v) for v in value)
    hash(value)
    return type(value), value


class OptionCache:
    """The effective options of each option set a variant has seen, resolved once.

    ``resolve`` is the variant's own, uncached resolution (it raises RequestError on a bad
    set); its result is kept and handed out read-only: one shared ``MappingProxyType`` per
    set, so no caller can change what the next request gets, and an answer's options are the
    same object request after request (the service encodes each set's JSON once, keyed by
    that identity: `service.mapping.AnswerEncoder`). A set holding a list (wild tiles) is
    handed out as a fresh copy, lists copied too, since a list inside a proxy stays writable.
    """

    def __init__(self, resolve: Callable[[Mapping[str, Any]], Options]) -> None:
        self._resolve = resolve
        self._known: BoundedDict[Hashable, Options] = BoundedDict(_SIZE)
        """The resolved sets: a read-only proxy, or the dict of a set holding a list."""
        self._lists: set[Hashable] = set()
        """Keys of the option sets holding a list (copied member by member)."""

    def get(self, given: Mapping[str, Any]) -> Options:
        try:  # no options at all (the usual request) needs no key built
            key = tuple(sorted((k, _frozen(v)) for k, v in given.items())) if given else ()
        except TypeError:  # an unhashable value (a dict): invalid anyway, not kept
            return self._resolve(given)
        found = self._known.get(key)
        if found is None:
            resolved = self._resolve(given)
            if len(self._known) >= _SIZE:
                self._lists.clear()  # `keep` empties the cache: forget its list keys too
            if any(isinstance(v, list) for v in resolved.values()):
                self._lists.add(key)
                found = self._known.keep(key, resolved)
            else:
                found = self._known.keep(key, MappingProxyType(resolved))
        if key in self._lists:
            return {k: list(v) if isinstance(v, list) else v for k, v in found.items()}
        return found


def plainly_valid(hand: Hand, rules: HandRules, *, size: int, needs_win_tile: bool,
                  visible: Sequence[Tile] = ()) -> bool:
    """True only when `engine.hand.check_hand` with the same arguments finds no problem:
    the win tile present exactly when needed, the size rule, well-formed melds (chows only
    where allowed and of the variant's shape; pongs and kongs of one kind, only kongs
    concealed), every tile in the tile set, and at most four of a kind counting ``visible``.
    A fast yes; "no" means: ask ``check_hand`` for the worded problems."""
    win = hand.win_tile
    if (win is not None) != needs_win_tile or hand.size != size:
        return False
    tiles = list(hand.concealed)
    if win is not None:
        tiles.append(win)
    for meld in hand.melds:
        group = meld.tiles
        if meld.kind is MeldKind.CHOW:
            if len(group) != 3 or not rules.chow_melds or not rules.chow_shape(group):
                return False
        else:
            if len(group) != (4 if meld.kind is MeldKind.KONG else 3):
                return False
            if group.count(group[0]) != len(group):
                return False
            if meld.concealed and meld.kind is not MeldKind.KONG:
                return False
        tiles += group
    tiles += visible
    return rules.tile_kinds.issuperset(tiles) and at_most_four(tiles)


def at_most_four(tiles: Sequence[Tile]) -> bool:
    """No kind more than four times: in sorted order, no tile equals the one four places on.

    (Sorting ~20 small ints and comparing them pairwise runs in C; counting in a loop, or
    ``tiles.count`` per kind, costs three times as much on every request.)
    """
    ordered = sorted(tiles)
    return not any(map(eq, ordered, ordered[T.COPIES:]))


def warm(rules: Iterable[ShapeRules | None]) -> None:
    """Compile the shape tables of these rule sets now (at import), not in a request.

    A rule set's first use builds its per-suit arrays; the first of each kind of suit
    (e.g. the honors of a tile set without them) costs 15–40 ms, once per process. Done at
    import — once for a preloaded server — no request pays it, so no call of an operation
    takes that long; rule sets made later for other options reuse those arrays (≈0.1 ms).
    """
    empty = [0] * T.KIND_COUNT
    for r in rules:
        if r is not None:
            S.is_complete(empty, 2, r)
