""""Did you mean 'max_fan'?": the known names a misspelt member or option name is close to.

A caller who misspells one option of 48 wants the one he meant, not all 48. A known name is
*close* to the name sent when, compared without case and separators (``_``, ``-``, ``.``,
space), the two are the same once at most one character is taken out of each: one missing,
one extra, one wrong, two swapped, one moved — ``maxfan``, ``MaxFan``, ``max-fan``,
``max_fna``, ``max_fann`` are all ``max_fan`` — and what they share is at least two
characters. The closest first: the same but for case and separators, then one character out
of one of them, then one out of each; ties in the known names' order. ``fan`` is not
``max_fan``, nor ``opts`` ``options``: that is no typo but another word, and the detail then
lists every known name, as it would have.

Why not `difflib.get_close_matches`: one look at Sichuan's 48 options costs it up to 450 µs
(its ratio is a longest-common-block search per candidate), so four misspelt options in each
of a batch's 256 items cost 270 ms, over the batch's 200 ms promise (service/budget.py). Here
a look is the sent name's own one-character deletions looked up in an index of the known
names' (the "symmetric delete" of SymSpell): a few dictionary look-ups, about 10 µs, built
once per list of known names.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from engine.errors import UNKNOWN_LISTED

SUGGESTED: Final = 3
"""The most known names suggested for one unknown name, the closest first."""
SHORTEST: Final = 2
"""The shortest common string two close names may share: ``x`` is not close to ``y``, nor
``ab`` to ``ac`` (one letter of two is no typo)."""
_SEPARATORS: Final = str.maketrans("", "", "_-. ")

Index = dict[str, list[tuple[int, int]]]
"""A string → (deletions it took, the known name's position) for each known name it is
within one deletion of."""


def known_or_close(name: str, known: Sequence[str], listing: str) -> str:
    """What a detail says after an unknown ``name``: "did you mean 'max_fan'?" when known
    names are close to it (`suggestions`), else ``listing`` and every known name ("known:
    hand, melds, …")."""
    close = suggestions(name, known)
    if not close:
        return f"{listing}: {', '.join(known)}"
    shown = [repr(c) for c in close]  # known names, ours: shown whole
    words = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    return f"did you mean {words}?"


def suggestions(name: str, known: Sequence[str]) -> list[str]:
    """The known names close to ``name`` (module docstring), at most `SUGGESTED`, the closest
    first. Bounded whatever the caller sent: a name over twice as long as the longest known
    one is set aside by its length, so a 100,000-character name costs one test."""
    names = tuple(known)
    index, longest = _index(names)
    if len(name) > 2 * longest:
        return []
    key = _key(name)
    if len(key) > longest + 1:
        return []
    cost: dict[int, int] = {}  # known name's position → the fewest deletions that join them
    for text, deleted in _within_one(key).items():
        for theirs, position in index.get(text, ()):
            cost[position] = min(cost.get(position, 2), deleted + theirs)
    return [names[p] for p in sorted(cost, key=lambda p: (cost[p], p))[:SUGGESTED]]


class CloseNames:
    """`known_or_close` for the unknown members of one body, looking for close names only
    the first `UNKNOWN_LISTED` times; after that the known names are listed.

    Why a budget: a body may hold many objects with unknown members (sixteen melds, a settle
    record's events), each of which would be a look; a 422 shows at most 20 problems, and a
    caller with five typos in a body is told the first four. (Options need none: past four
    unknown option names they are one problem that counts them.)"""

    def __init__(self) -> None:
        self.left = UNKNOWN_LISTED

    def __call__(self, name: str, known: Sequence[str], listing: str) -> str:
        if self.left <= 0:
            return f"{listing}: {', '.join(known)}"
        self.left -= 1
        return known_or_close(name, known, listing)


def _key(name: str) -> str:
    """A name as compared: case folded, separators dropped."""
    return name.casefold().translate(_SEPARATORS)


def _within_one(key: str) -> dict[str, int]:
    """``key`` (0 deletions) and each string one deletion from it (1), of at least
    `SHORTEST` characters."""
    found = {key: 0} if len(key) >= SHORTEST else {}
    for i in range(len(key)):
        text = key[:i] + key[i + 1:]
        if len(text) >= SHORTEST:
            found.setdefault(text, 1)
    return found


@lru_cache(maxsize=256)
def _index(names: tuple[str, ...]) -> tuple[Index, int]:
    """The known names' `_within_one` strings, and the longest name's length (compared):
    built once per list of known names (a schema's members, a variant's options — lists
    of the code, never of a caller)."""
    index: Index = {}
    for position, name in enumerate(names):
        for text, deleted in _within_one(_key(name)).items():
            index.setdefault(text, []).append((deleted, position))
    return index, max((len(_key(n)) for n in names), default=0)
