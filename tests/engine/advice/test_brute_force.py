"""`engine.advice` equals a plain brute-force expectimax (`reference`) exactly, for every
horizon t ≤ 3, on generated hands of every variant and both draw models (advice.md
§0.10.12): every candidate's ``win_prob``, ``tenpai_prob``, ``expected_points`` and
``expected_fan`` as rationals, digit for digit, and the answer's wire values as their
rounding. CI-sized by default; ``HUPAI_FULL=1`` runs many more hands."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from engine import tiles as T
from engine.advice import advice
from engine.advice.adapter import VariantRules
from engine.advice.advise import candidates as evaluation_order
from engine.advice.answers import AdviceAnswer13, wire
from engine.advice.model import Setting, evaluate
from engine.advice.reading import read
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.advice.generated import bodies
from tests.engine.advice.reference import Reference, candidates

VARIANTS = tuple(REGISTRY)


def _cases(variant: str, count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for body in bodies(variant, count, seed):
        after_draw = len(T.parse(body["hand"])) % 3 == 2  # 14 candidates: T ≤ 2 keeps it quick
        body["context"]["draws_left"] = rng.choice((1, 2) if after_draw else (1, 2, 3, 3))
        if rng.random() < 0.35:
            body["draw_model"] = "constant_wall"
            if rng.random() < 0.3:
                body["wall_size"] = 136
        if rng.random() < 0.2:
            body["context"]["last_tile"] = True
        out.append(body)
    return out


def _exact(values: Any) -> tuple[list[Fraction], list[Fraction], Fraction, Fraction | None]:
    win = [Fraction(a, b) for a, b in zip(values.win, values.scale, strict=True)]
    ready = [Fraction(a, b) for a, b in zip(values.tenpai, values.scale, strict=True)]
    points, wins, fan = values.expectation
    return win, ready, Fraction(points, values.scale[-1]), Fraction(fan, wins) if wins else None


@pytest.mark.parametrize("variant", VARIANTS)
def test_model_equals_brute_force(variant: str) -> None:
    v = REGISTRY[variant]
    compared = 0
    for body in _cases(variant, H.scale(8, 120), seed=28):
        asked = read(v, body)
        rules = VariantRules(v, asked.request.hand.melds, asked.request.context,
                             asked.options, asked.request.options)
        setting = Setting(asked.draws_left, asked.unseen, T.counts(asked.request.hand.concealed),
                          asked.draw_model, asked.wall_size, asked.request.context.last_tile)
        reference = Reference(v, body)
        parts = candidates(reference, asked.request.hand.concealed)
        if asked.after_draw:  # in the order advice evaluates them (the bound may cut late ones)
            order = [T.from_code(c.tile) for c in evaluation_order(
                v, asked, v.discards(asked.request).discards)]
            assert sorted(order) == [tile for tile, _ in parts]
            parts.sort(key=lambda pair: order.index(pair[0]))
        outcome = evaluate(rules, [p for _, p in parts], setting)
        if outcome.draw_model != asked.draw_model:  # the fallback: its default wall
            body = {**body, "draw_model": outcome.draw_model}
            body.pop("wall_size", None)
            reference = Reference(v, body)
        answer = advice(v, body)
        on_wire: dict[str | None, Any] = (
            {None: answer} if isinstance(answer, AdviceAnswer13)
            else {e.tile: e for e in answer.discards})
        assert len(on_wire) == len(parts)  # every permitted discard, once
        for (tile, part), found in zip(parts, outcome.values, strict=True):
            if found == "budget":  # the rest of a constant_wall stage that passed the bound
                continue
            if isinstance(found, str):
                assert found == "shanten" and reference.s13(part) > 3
                continue
            exact = reference.values(part)
            win, ready, points, fan = _exact(found)
            assert win == list(exact.win), (body, tile)
            assert ready == list(exact.tenpai), (body, tile)
            assert points == exact.points, (body, tile)
            assert fan == exact.fan, (body, tile)
            entry = on_wire[None if tile is None else T.code(tile)]
            assert entry.win_prob == tuple(wire(x.numerator, x.denominator) for x in exact.win)
            assert entry.tenpai_prob == tuple(wire(x.numerator, x.denominator)
                                              for x in exact.tenpai)
            assert entry.expected_points == wire(exact.points.numerator,
                                                 exact.points.denominator)
            assert entry.expected_fan == (None if exact.fan is None else
                                          wire(exact.fan.numerator, exact.fan.denominator))
            compared += 1
    assert compared >= H.scale(8, 120)
