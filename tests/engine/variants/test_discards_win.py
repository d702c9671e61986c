"""``discards`` on 14 tiles that already form a complete hand says so (issue 17, item 6):
``win: true`` and the ``shapes`` ``win`` answers for the same tiles — the last concealed tile
as the self-drawn win tile — beside the advice; neither member otherwise.

Hand-made cases per variant (the reasoning in a comment), then generated hands (fixed seed;
CI size by default, ``HUPAI_FULL=1`` for the full run) held equal to ``win``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import tiles as T
from engine.variants import REGISTRY
from tests import hands as H

COUNT = H.scale(150, 3000)


def discards_of(variant: str, body: dict[str, Any]) -> tuple[bool | None, tuple[str, ...] | None]:
    v = REGISTRY[variant]
    answer = v.discards(v.request(body))
    return answer.win, answer.shapes


def win_of(variant: str, body: dict[str, Any]) -> tuple[bool, tuple[str, ...] | None]:
    """``win`` on the same tiles: the last concealed tile drawn (self-draw)."""
    v = REGISTRY[variant]
    tiles = T.parse_any(body["hand"])
    context = {**body.get("context", {}), "win_type": "self_draw"}
    context.pop("indicator", None)
    request = {**body, "hand": T.codes(tiles[:-1]), "win_tile": T.code(tiles[-1]),
               "context": context}
    answer = v.win(v.request(request))
    return answer.win, answer.shapes


JING = {"jing": {"zheng": "1z", "fu": "2z"}}
WINNING = [
    # 11112222333344m: 123m 123m 234m 234m 11m (standard), and 11 11 22 22 33 33 44 as 七对
    # with the quads counted twice (龙七对): both shapes (the README's example)
    ("sichuan", {"hand": "11112222333344m"}, ("standard", "seven_pairs")),
    # 123m 456m 789m 123p 55p: two suits, 缺 s — a win
    ("sichuan", {"hand": "123m456m789m123p55p", "context": {"missing_suit": "s"}},
     ("standard",)),
    # 123m 456m 789m 123p 55s: the pair 5s is a 2/5/8 将
    ("changsha", {"hand": "123m456m789m123p55s"}, ("standard",)),
    # 123m 456m 789m 123p + 5s and the 正精 1z standing in for the other 5s
    ("nanchang", {"hand": "123m456m789m123p5s1z", "context": JING}, ("standard",)),
    # the openapi example: one 红中 (7z, wild) pairs the 9s
    ("hongzhong", {"hand": "123m456m789m7z1p23p9s"}, ("standard",)),
    # 11 22 33 44 55 66m 77z: seven pairs (qidui on by default)
    ("hongzhong", {"hand": "11223344556677m"}, ("standard", "seven_pairs")),
]
NOT_WINNING = [
    # three suits held: 缺一门 refuses the win before any shape (and no suit is declared)
    ("sichuan", {"hand": "123m456m789s123p55p"}),
    # declared missing suit p, yet 123p55p held
    ("sichuan", {"hand": "123m456m789m123p55p", "context": {"missing_suit": "p"}}),
    # 44s is no 2/5/8 pair, and no big win (清一色, 碰碰胡, 将将胡, 七小对) applies
    ("changsha", {"hand": "123m456m789m123p44s"}),
    # one tile short of a shape: 123m 456m 789m 12p 55p + 9s
    ("nanchang", {"hand": "123m456m789m12p55p9s", "context": JING}),
    ("hongzhong", {"hand": "123m456m789m12p55p9s"}),
]


@pytest.mark.parametrize("variant, body, shapes", WINNING)
def test_a_hand_that_already_wins_says_win_and_its_shapes(
        variant: str, body: dict[str, Any], shapes: tuple[str, ...]) -> None:
    assert win_of(variant, body) == (True, shapes)
    assert discards_of(variant, body) == (True, shapes)


@pytest.mark.parametrize("variant, body", NOT_WINNING)
def test_a_hand_that_does_not_win_has_neither_member(variant: str,
                                                      body: dict[str, Any]) -> None:
    assert win_of(variant, body)[0] is False
    assert discards_of(variant, body) == (None, None)


POOLS = {"sichuan": list(range(27)), "changsha": list(range(27)),
         "nanchang": list(range(34)), "hongzhong": [*range(27), 33]}
WILD = {"nanchang": (27, 28), "hongzhong": (33,)}


def generated(variant: str, count: int, seed: int) -> list[dict[str, Any]]:
    """14-tile bodies: four groups and a pair, some tiles made wild, some swapped."""
    rng = random.Random(seed)
    pool = POOLS[variant]
    out: list[dict[str, Any]] = []
    while len(out) < count:
        tiles = H.standard(rng, pool, 4, honor_chows=variant == "nanchang",
                           pair_258=variant == "changsha" and rng.random() < 0.7)
        if tiles is None:
            continue
        for _ in range(rng.choice([0, 0, 0, 1, 2])):
            tiles[rng.randrange(14)] = rng.choice(pool)
        for _ in range(rng.choice([0, 0, 1, 2, 3]) if variant in WILD else 0):
            tiles[rng.randrange(14)] = rng.choice(WILD[variant])
        if max(T.counts(tiles)) > 4:
            continue
        rng.shuffle(tiles)
        body: dict[str, Any] = {"hand": T.codes(tiles)}
        if variant == "nanchang":
            body["context"] = JING
        if variant == "sichuan" and rng.random() < 0.6:
            body["context"] = {"missing_suit": rng.choice("mps")}
        out.append(body)
    return out


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_generated_hands_agree_with_win(variant: str) -> None:
    wins = 0
    for body in generated(variant, COUNT, seed=17):
        win, shapes = win_of(variant, body)
        expected = (True, shapes) if win else (None, None)
        assert discards_of(variant, body) == expected, body
        wins += win
    # both answers are common, so the agreement is not the trivial one
    assert 0.05 * COUNT < wins < 0.95 * COUNT, wins
