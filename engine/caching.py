"""One bounded cache for the engine's memos (option sets, scoring preferences, suit vectors).

A memo keyed by what requests send must not grow without end: a flood of distinct keys would
fill a long-lived worker. `BoundedDict` is a plain dict (lookups stay at C speed, which an
``lru_cache`` wrapper or an LRU order would not) that empties itself when it is full — the
few keys a room really uses are back after one miss each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedDict(dict[K, V], Generic[K, V]):
    """A dict of at most ``size`` entries: `keep` clears it first when it is full.

    >>> memo: BoundedDict[int, int] = BoundedDict(2)
    >>> memo.keep(1, 10), memo.keep(2, 20), memo.keep(3, 30)
    (10, 20, 30)
    >>> sorted(memo)
    [3]
    """

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def keep(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying a full cache first) and return it."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value


class IdentityMemo(dict[int, tuple[object, V]], Generic[V]):
    """What was derived from an options mapping, kept by the mapping's identity: one look-up
    on the hot path, not a hash of its values — the service hands every body that sends one
    option set the same parsed, read-only mapping (`engine.plumbing.OptionCache`). Each entry
    keeps the mapping itself beside the value, so its id cannot be reused by another object
    while the entry stands (a dead mapping's id could be, and would read its value); full at
    ``size`` entries, it empties itself (`BoundedDict`'s reason).

    The hot path reads it inline — ``kept = MEMO.get(id(options))`` then ``kept[0] is
    options`` — a method call would cost those callers more than the look-up (`found` is
    that, for the others).

    >>> memo: IdentityMemo[int] = IdentityMemo(2)
    >>> options = {"players": 4}
    >>> memo.keep(options, 4), memo.found(options), memo.found({"players": 4})
    (4, 4, None)
    """

    def __init__(self, size: int = 1024) -> None:
        super().__init__()
        self.size = size

    def found(self, key: object) -> V | None:
        """The value kept for this very object, or None."""
        kept = self.get(id(key))
        return kept[1] if kept is not None and kept[0] is key else None

    def keep(self, key: object, value: V) -> V:
        """Keep ``value`` for ``key`` (emptying a full memo first) and return it."""
        if len(self) >= self.size:
            self.clear()
        self[id(key)] = (key, value)
        return value


M = TypeVar("M")

_HAND_MEMOS: list[Callable[[], None]] = []


def hand_memo(memo: M) -> M:
    """Register ``memo`` (a `BoundedDict`, a dict or an ``lru_cache`` function) as keyed by
    what a hand holds — its tiles, parts, traits or readings — and return it unchanged (a
    decorator above ``@lru_cache``, or around a memo's constructor). A live server meets
    such memos cold: it never sees the same hand twice, so what a benchmark times as a new
    body must start with them empty (`clear_hand_memos`). The memos of an option set
    (tables, activations, configurations) are not hand memos: a room keeps them warm — the
    hand memos an option set's entry holds are emptied by a `clears_hand_memos` function."""
    clear: Callable[[], None] = getattr(memo, "cache_clear", None) \
        or getattr(memo, "clear")  # noqa: B009 (M is any memo: a dict or an lru_cache)
    _HAND_MEMOS.append(clear)
    return memo


def clears_hand_memos(clear: Callable[[], None]) -> Callable[[], None]:
    """Register ``clear`` (a decorator) as emptying hand memos that live inside an option
    set's memo (a table's scores by candidates): they are made one per option set, so they
    cannot each be registered — the list of memos would grow with every option set seen —
    and the option set's memo itself must stay warm."""
    _HAND_MEMOS.append(clear)
    return clear


def clear_hand_memos() -> None:
    """Empty every memo registered by `hand_memo`: the next request is answered as a hand
    never seen (what ``benchmarks/weights.py`` times every body as)."""
    for clear in _HAND_MEMOS:
        clear()
