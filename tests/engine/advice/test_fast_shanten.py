"""The advice adapter's cheap *s*(*c*) equals the plain definition on generated parts of every
variant: 四川's composed by suit (`engine.shapes.composed`, the declared missing suit or any),
南昌's and 红中's with the table asked first (`Variant.advice_table_first`), 长沙's as
`waits` asks it — ``shanten``, ``has_wait``, ``far_shanten`` and ``lowering`` against
`Variant.has_wait` and `Variant.hand_shanten` themselves (``lowering`` draw by draw: the
drawn part's shape shanten; `waits`' ``shanten``: 0 with a wait, else at least 1); and
whole ``advice`` answers equal with the fast paths off (read through public properties)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine.advice.adapter as A
from engine import tiles as T
from engine.advice import advice
from engine.advice.adapter import VariantRules
from engine.advice.reading import read
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.advice.generated import bodies

VARIANTS = tuple(REGISTRY)


def _plain(rules: VariantRules, part: tuple[int, ...]) -> tuple[bool, int]:
    """(has a wait, *s*) from the variant's own per-hand operations, nothing memoised."""
    v, hand, context, options = rules.variant, rules.hand, rules.context, rules.options
    ready = v.has_wait(part, hand, context, options)
    return ready, 0 if ready else max(1, v.hand_shanten(part, hand, context, options))


def _parts(rules: VariantRules, concealed: list[int], rng: random.Random,
           count: int) -> list[tuple[int, ...]]:
    """Parts one to three exchanges from the request's: those advice meets."""
    size = len(concealed) - (len(concealed) % 3 == 2)
    out = []
    while len(out) < count:
        part = sorted(concealed)
        while len(part) > size:
            part.remove(rng.choice(part))
        for _ in range(rng.choice((1, 1, 2, 3))):
            part.remove(rng.choice(part))
            part.append(rng.choice(rules.kinds))
        if all(part.count(k) + rules.melded[k] <= T.COPIES for k in part):
            out.append(tuple(sorted(part)))
    return out


def _bodies(variant: str, count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for body in bodies(variant, count, seed):
        body["context"]["draws_left"] = 1
        if variant == "sichuan" and rng.random() < 0.3:  # options the shapes read
            body["options"] = rng.choice(({"long_qi_dui_bonus": 1}, {"gen_mode": "kong_only"},
                                          {"missing_suit_first": False}))
        out.append(body)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_shanten_equals_the_plain_definition(variant: str) -> None:
    v = REGISTRY[variant]
    rng = random.Random(2828)
    checked = composed = ready = 0
    for body in _bodies(variant, H.scale(40, 300), seed=2827):
        asked = read(v, body)
        request = asked.request
        rules = VariantRules(v, request.hand.melds, request.context, asked.options,
                             request.options)
        composed += rules.composes
        for part in _parts(rules, list(request.hand.concealed), rng, 25):
            has_wait, shanten = _plain(rules, part)
            assert rules.has_wait(part) is has_wait, (body, part)
            assert rules.shanten(part) == shanten, (body, part)
            if v.hand_shanten(part, rules.hand, rules.context, rules.options) >= 1:
                assert rules.far_shanten(part) == shanten, (body, part)
            # each drawable kind drawn in turn and the drawn part's shape shanten asked of
            # the variant itself (not the batch of shanten_after_draws the fast path reads)
            drawn = {k: v.hand_shanten(tuple(sorted((*part, k))), rules.hand, rules.context,
                                       rules.options)
                     for k in rules.kinds if part.count(k) + rules.melded[k] < T.COPIES}
            for below in (1, 2, 3, 4):
                expected = 0
                for k, s in drawn.items():
                    if s < below:
                        expected |= 1 << k
                assert rules.lowering(part, below) == expected, (body, part, below)
            checked += 1
            ready += has_wait
    assert checked >= H.scale(1000, 7500) and ready > H.scale(20, 150)
    if variant == "sichuan":  # most 四川 bodies compose (no meld, the default room)
        assert composed > H.scale(20, 150)


@pytest.mark.parametrize("variant", VARIANTS)
def test_advice_equals_its_answer_without_the_fast_paths(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(2829)
    cases = []
    for body in _bodies(variant, H.scale(8, 60), seed=2830):
        body["context"]["draws_left"] = rng.choice((2, 4, 6))
        if rng.random() < 0.3:
            body["draw_model"] = "constant_wall"
        cases.append(body)
    fast = [advice(REGISTRY[variant], body) for body in cases]
    monkeypatch.setattr(A, "composed_rules", lambda *_: None)
    monkeypatch.setattr(type(REGISTRY[variant]), "advice_table_first", False)
    plain = [advice(REGISTRY[variant], body) for body in cases]
    assert fast == plain
