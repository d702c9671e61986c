"""One bounded cache for the engine's memos (option sets, scoring preferences, suit vectors).

A memo keyed by what requests send must not grow without end: a flood of distinct keys would
fill a long-lived worker. `BoundedDict` is a plain dict (lookups stay at C speed, which an
``lru_cache`` wrapper or an LRU order would not) that empties itself when it is full — the
few keys a room really uses are back after one miss each.
"""

from __future__ import annotations

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
