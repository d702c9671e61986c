"""A seeded Monte-Carlo player of the model agrees with ``advice`` within advice.md
§0.10.12's tolerance, on horizons longer than the brute force reaches.

One run shuffles the unseen tiles (the test's own generator) and draws the first *t*
(``constant_wall``: a kind *k* with probability *w*(k)/*S* from the current part). It plays
§0.10.2 by the definitions (`reference`: ``waits``, ``win``, ``fan``): a win stops the run; a
progress keeps the drawn tile and, with draws still to come, discards what ``advice`` itself
ranks first for that state (the 14-tile part, the draws to come, ``unseen`` = the current
pool) among the shanten-keeping permitted discards; anything else is a stay. The share of
wins must be within 4·√(p(1 − p)/n) + 10⁻⁶ of ``win_prob[t − 1]``, the mean of the points
within 4 sample deviations / √n of ``expected_points``.

``advice`` is asked once per distinct decision: when every choice is ready its value is
fixed by the pool's size and its counts of the choices' winning kinds, the key of the memo.
CI-sized (n = 6,000); ``HUPAI_FULL=1`` plays 200,000 runs.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine import tiles as T
from engine.advice import advice
from engine.advice.answers import AdviceAnswer14
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.advice.reference import Reference, _minus, _plus


class Player:
    def __init__(self, variant: str, body: dict[str, Any], objective: str) -> None:
        self.objective = objective
        self.variant = REGISTRY[variant]
        self.body = body
        self.ref = Reference(self.variant, body)
        self.walled = body.get("draw_model") == "constant_wall"
        self._choices: dict[Any, tuple[int, ...]] = {}
        self.asked = 0

    def choose(self, drawn: tuple[int, ...], kids: list[tuple[int, ...]], pool: list[int],
               to_come: int) -> tuple[int, ...]:
        """The kid ``advice`` ranks first for the 14-tile ``drawn`` part."""
        ref = self.ref
        if self.walled:  # the wall never changes
            key: Any = (drawn, to_come)
        elif all(ref.s13(kid) == 0 for kid in kids):
            kinds = sorted({k for kid in kids for k in ref.kinds if ref.win(kid, k)})
            key = (drawn, to_come, sum(pool), tuple(pool[k] for k in kinds))
        else:
            key = (drawn, to_come, tuple(pool))
        found = self._choices.get(key)
        if found is None:
            self.asked += 1
            context = {k: v for k, v in self.body["context"].items() if k != "visible"}
            context["draws_left"] = to_come
            held = T.counts(drawn)
            # constant_wall: every tile not in the melds, not seen, not in the 14 tiles
            unseen = ([max(0, w - held[k]) for k, w in enumerate(ref.wall)] if self.walled
                      else pool)
            context["unseen"] = T.compact(k for k in range(34) for _ in range(unseen[k]))
            body = {**self.body, "hand": T.compact(drawn), "context": context,
                    "objective": self.objective}
            answer = advice(self.variant, body)
            assert isinstance(answer, AdviceAnswer14)
            allowed = {_minus(drawn, T.from_code(e.tile)) for e in answer.discards}
            ranked = [_minus(drawn, T.from_code(e.tile)) for e in answer.discards]
            found = next(kid for kid in ranked if kid in set(kids) & allowed)
            self._choices[key] = found
        return found

    def run(self, part: tuple[int, ...], horizon: int, rng: random.Random
            ) -> tuple[bool, int]:
        ref = self.ref
        pool = list(ref.unseen)
        bag = [k for k in range(34) for _ in range(pool[k])]
        rng.shuffle(bag)
        for drawn_number in range(horizon):
            if self.walled:
                weights = [max(0, ref.wall[k] - part.count(k)) for k in range(34)]
                roll = rng.randrange(ref.wall_size)
                k = -1
                for kind, weight in enumerate(weights):
                    if roll < weight:
                        k = kind
                        break
                    roll -= weight
                if k < 0:  # a blank draw
                    continue
            else:
                k = bag[drawn_number]
                pool[k] -= 1
            to_come = horizon - drawn_number - 1
            if ref.win(part, k):
                return True, ref.price(part, k, ref.last_tile and to_come == 0)[0]
            drawn = _plus(part, k)
            target = ref.s14(drawn)
            if target < ref.s13(part):
                kids = [_minus(drawn, j) for j in sorted(ref.permitted(drawn))
                        if ref.s13(_minus(drawn, j)) == target]
                part = kids[0] if len(kids) == 1 or not to_come else self.choose(
                    drawn, kids, pool, to_come)
            elif k not in ref.permitted(drawn):
                part = _minus(drawn, min(t for t in part if t // 9 == ref.first))
        return False, 0


CASES = [
    # a ready 四川 hand with a long horizon (no choice ever arises)
    ("sichuan", {"hand": "123m456m789m13p55p", "context": {"missing_suit": "s", "draws_left": 18}}),
    # 1-shanten 13-tile hands: progress with several choices, the interior calls
    ("sichuan", {"hand": "123m456m78m23p55p9p", "context": {"missing_suit": "s", "draws_left": 8}}),
    ("changsha", {"hand": "234m567m88m34p679s", "context": {"draws_left": 10}}),
    ("sichuan", {"hand": "78m235p99p", "melds": [{"type": "pong", "tiles": "111m"},
                                                 {"type": "pong", "tiles": "444p"}],
                 "context": {"missing_suit": "s", "draws_left": 8},
                 "draw_model": "constant_wall"}),
    ("hongzhong", {"hand": "123m456m78m24p55p7z", "context": {"draws_left": 8},
                   "draw_model": "constant_wall"}),
    ("nanchang", {"hand": "123m456m78m23p55p9p", "context": {"draws_left": 8,
                                                          "jing": {"zheng": "1z", "fu": "2z"}}}),
]


def _play(variant: str, body: dict[str, Any], objective: str) -> list[int | None]:
    """Each run's points when it wins, None when it does not."""
    player = Player(variant, body, objective)
    part = tuple(sorted(player.ref.request.hand.concealed))
    rng = random.Random(2028)
    out: list[int | None] = []
    for _ in range(H.scale(6_000, 200_000)):
        won, pts = player.run(part, body["context"]["draws_left"], rng)
        out.append(pts if won else None)
    return out


@pytest.mark.parametrize(("variant", "body"), CASES)
def test_monte_carlo_agrees(variant: str, body: dict[str, Any]) -> None:
    answer = advice(REGISTRY[variant], body)
    assert answer.not_evaluated is None
    p = answer.win_prob[body["context"]["draws_left"] - 1]
    assert 0.02 < p < 0.98  # not a trivial agreement
    runs = _play(variant, body, "win_prob")
    n = len(runs)
    share = sum(r is not None for r in runs) / n
    assert abs(share - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-6
    points = [r or 0 for r in _play(variant, body, "expected_points")]
    mean = sum(points) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in points) / (n - 1))
    assert abs(mean - answer.expected_points) <= 4 * spread / math.sqrt(n) + 1e-6
