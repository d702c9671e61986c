"""``POST /v1/{variant}/advice`` (RULES.md §0.10): a 13-tile hand's state, or every permitted
discard of a 14-tile hand, with the values of the single-player model.

The state and the entries are exactly what `waits` and `discards` answer (their ``remaining``
read from ``unseen`` when it is sent, settled reading 2); the values come from
`engine.advice.model`. A 14-tile hand's entries are evaluated in `discards`' order and listed
by ``objective`` (§0.10.5), the candidates not evaluated last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import tiles as T
from engine.advice.adapter import Variant, VariantRules, first_suit
from engine.advice.answers import AdviceAnswer13, AdviceAnswer14, AdviceEntry, wire
from engine.advice.model import NotEvaluated, Setting, evaluate
from engine.advice.reading import Asked, read
from engine.advice.values import Values
from engine.results import DiscardChoice, EffectiveTile, Wait


def advice(variant: Variant, data: Mapping[str, Any]) -> AdviceAnswer13 | AdviceAnswer14:
    """The answer for a plain, type-checked ``advice`` body; RequestError when it has
    problems."""
    asked = read(variant, data)
    request = asked.request
    hand, context = request.hand, request.context
    rules = VariantRules(variant, hand.melds, context, asked.options, request.options)
    setting = Setting(asked.draws_left, asked.unseen, T.counts(hand.concealed),
                      asked.draw_model, asked.wall_size, context.last_tile)
    if asked.after_draw:
        return _after_draw(variant, asked, rules, setting)
    return _before_draw(variant, asked, rules, setting)


def _before_draw(variant: Variant, asked: Asked, rules: VariantRules,
                 setting: Setting) -> AdviceAnswer13:
    """Settled reading 3: `waits`' state, the kinds that lower its shanten with copies in
    *U* (the waits, when ready), and the values of the 13 tiles."""
    state = variant.waits(asked.request)
    unseen = asked.unseen
    part = tuple(sorted(asked.request.hand.concealed))
    waits = _waits_from(state.waits, unseen) if asked.unseen_sent else state.waits
    kinds = effective_kinds(rules, part, state.shanten)
    effective = tuple(EffectiveTile(T.code(k), unseen[k]) for k in kinds if unseen[k] > 0)
    outcome = evaluate(rules, [part], setting)
    win, ready, points, fan, missing = _values(outcome.values[0])
    return AdviceAnswer13(state.shanten, state.tenpai, waits, effective,
                          sum(e.remaining for e in effective), outcome.draw_model,
                          sum(unseen), win, ready, points, fan, missing, asked.options)


def _after_draw(variant: Variant, asked: Asked, rules: VariantRules,
                setting: Setting) -> AdviceAnswer14:
    """Every permitted discard (settled reading 4), evaluated in `discards`' order."""
    answer = variant.discards(asked.request)
    choices = candidates(variant, asked, answer.discards)
    parts = [_without(asked.request.hand.concealed, T.from_code(c.tile)) for c in choices]
    outcome = evaluate(rules, parts, setting)
    ranked = sorted(zip(choices, outcome.values, strict=True),
                    key=lambda pair: _order(pair[1], asked.objective, pair[0]))
    entries = tuple(AdviceEntry(c.tile, c.shanten, c.waits, c.effective_tiles,
                                c.effective_count, *_values(v)) for c, v in ranked)
    return AdviceAnswer14(answer.shanten, answer.win, answer.shapes, outcome.draw_model,
                          sum(asked.unseen), entries, asked.options)


def candidates(variant: Variant, asked: Asked, listed: Sequence[DiscardChoice]
               ) -> list[DiscardChoice]:
    """The permitted discards among `discards`' entries (``remaining`` from ``unseen``),
    in the order they are evaluated: `discards`' own keys."""
    request = asked.request
    choices = list(listed)
    suit = first_suit(variant, request.context, asked.options)
    if suit is not None and any(t // 9 == suit for t in request.hand.concealed):
        choices = [c for c in choices if T.from_code(c.tile) // 9 == suit]
    if asked.unseen_sent:
        choices = [_choice_from(c, asked.unseen) for c in choices]
    return sorted(choices, key=_discards_key)


def _values(found: Values | NotEvaluated) -> tuple[Any, ...]:
    """(win_prob, tenpai_prob, expected_points, expected_fan, not_evaluated) on the wire."""
    if isinstance(found, str):
        return None, None, None, None, found
    points, wins, fan = found.expectation
    return (tuple(wire(a, b) for a, b in zip(found.win, found.scale, strict=True)),
            tuple(wire(a, b) for a, b in zip(found.tenpai, found.scale, strict=True)),
            wire(points, found.scale[-1]), wire(fan, wins) if wins else None, None)


def _discards_key(choice: DiscardChoice) -> tuple[int, int, int, int]:
    """`discards`' own order: shanten, then more 进张, more kinds of them, tile order."""
    return (choice.shanten, -choice.effective_count, -len(choice.effective_tiles),
            T.from_code(choice.tile))


def _order(found: Values | NotEvaluated, objective: str, choice: DiscardChoice
           ) -> tuple[Any, ...]:
    """§0.10.5: the evaluated candidates by ``objective`` (larger first; every numerator of
    one stage has the same denominators), then `discards`' keys; the others after them."""
    if isinstance(found, str):
        return (1, (), _discards_key(choice))
    win, ready = found.win[::-1], found.tenpai[::-1]
    points = (found.expectation[0],)
    keys = {"win_prob": (win, points, ready), "expected_points": (points, win, ready),
            "tenpai_prob": (ready, win, points)}[objective]
    return (0, tuple(-x for part in keys for x in part), _discards_key(choice))


def _waits_from(waits: Sequence[Wait], unseen: Sequence[int]) -> tuple[Wait, ...]:
    """Waits with ``remaining`` read from ``unseen``."""
    return tuple(Wait(w.tile, unseen[T.from_code(w.tile)], w.fan) for w in waits)


def _choice_from(choice: DiscardChoice, unseen: Sequence[int]) -> DiscardChoice:
    """A `discards` entry with ``remaining`` read from ``unseen`` (kinds with none left
    drop out of the 进张, as `discards` drops them)."""
    effective = tuple(EffectiveTile(e.tile, unseen[T.from_code(e.tile)])
                      for e in choice.effective_tiles if unseen[T.from_code(e.tile)] > 0)
    return DiscardChoice(choice.tile, choice.shanten, _waits_from(choice.waits, unseen),
                         effective, sum(e.remaining for e in effective))


def _without(tiles: Sequence[int], tile: int) -> tuple[int, ...]:
    rest = sorted(tiles)
    rest.remove(tile)
    return tuple(rest)


def effective_kinds(rules: VariantRules, part: tuple[int, ...], shanten: int) -> list[int]:
    """The kinds whose draw lowers a 13-tile part's shanten: its waits when it is ready,
    else the kinds whose draw leaves a lower shape shanten (as `discards` counts them)."""
    if shanten == 0:
        return list(rules.waits(part))
    after = rules.after_draws(part)
    return [k for k in rules.kinds if after[k] < shanten]
