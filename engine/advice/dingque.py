"""``POST /v1/sichuan/dingque`` (定缺, RULES.md §0.10.8): which suit to declare missing.

For each suit the hand's shanten with that suit declared missing (what ``waits`` answers
for 13 tiles, ``discards`` for 14) and its 进张; the choice is the lowest shanten, then the
most 进张, then the fewest tiles, then m, p, s (assumption 12, settled reading 1). The
baseline is gofishing's timer default: the suit with the fewest tiles (ties m, p, s).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine import tiles as T
from engine.advice.adapter import Variant, VariantRules, room_suits, with_missing_suit
from engine.advice.advise import effective_kinds
from engine.advice.answers import DingqueAnswer, SuitRow
from engine.advice.reading import checked_hand, refuse
from engine.errors import invalid_option, raise_if
from engine.hand import Request
from engine.options import Options

CONTEXT: Final = ("visible", "unseen")
"""The only context members ``dingque`` reads (the counts of ``remaining``)."""
TOP: Final = ("objective", "draw_model", "wall_size", "mode")
"""Members of ``advice`` or ``exchange`` that ``dingque`` refuses."""


def dingque(variant: Variant, data: Mapping[str, Any]) -> DingqueAnswer:
    """The answer for a plain, type-checked ``dingque`` body; RequestError otherwise."""
    problems = refuse(data, TOP, CONTEXT, "dingque")
    request, options, unseen, _ = checked_hand(variant, data, problems)
    if len(room_suits(options)) < 3:
        problems.append(invalid_option("#/options/suits", "a room with fewer than three suits "
                                       "has no 定缺"))
    raise_if(problems)
    rows = sorted((_row(variant, data, options, suit, unseen) for suit in range(3)),
                  key=lambda r: (r.shanten, -r.effective_count, r.tiles, "mps".index(r.suit)))
    held = [sum(1 for t in request.hand.concealed if t // 9 == s) for s in range(3)]
    baseline = min(range(3), key=lambda s: (held[s], s))
    return DingqueAnswer(rows[0].suit, "mps"[baseline], tuple(rows), options)


def _row(variant: Variant, data: Mapping[str, Any], options: Options, suit: int,
         unseen: Sequence[int]) -> SuitRow:
    request = variant.request(with_missing_suit(data, suit))
    tiles = sum(1 for t in request.hand.concealed if t // 9 == suit)
    shanten, count = suit_state(variant, request, options, unseen)
    return SuitRow("mps"[suit], tiles, shanten, count)


def suit_state(variant: Variant, request: Request, options: Options,
               unseen: Sequence[int]) -> tuple[int, int]:
    """(shanten, 进张 count) of the hand as its request declares it: 13 tiles — ``waits``'
    shanten and the copies in *U* of the kinds that lower it (the waits, when ready); 14 —
    ``discards``' shanten and its first entry's 进张, recounted from *U* (settled reading 3)."""
    if len(request.hand.concealed) % 3 == 1:
        rules = VariantRules(variant, request.hand.melds, request.context, options,
                             request.options)
        part = tuple(sorted(request.hand.concealed))
        shanten = rules.shanten(part)
        return shanten, sum(unseen[k] for k in effective_kinds(rules, part, shanten))
    answer = variant.discards(request)
    first = answer.discards[0]
    return answer.shanten, sum(unseen[T.from_code(e.tile)] for e in first.effective_tiles)
