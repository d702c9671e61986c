"""The hostile bodies of the operations added since issue 13 (issue 23, round two): ``advice``,
``dingque``, ``exchange`` and each variant's ``settle``, alone and as the costliest batches the
budget admits — every body fresh (a hand or record never sent before, built anew for every
timing; `benchmarks.hostile` empties the hand memos before each one as well).

Alone: what an attacker would send to one operation's path — ``advice`` at its largest
``draws_left`` (60) with the largest pool (the whole tile set unseen), both draw models, on the
3-shanten hands that press the work bound; ``exchange`` on the hands with the most candidates
and ties; ``dingque``; each variant's costliest valid record and the costliest record its
bounds allow (refused, but each winner priced first: 128 win events × 3 winners in 红中,
stacked winners in 南昌); and each operation's refusals at their size limits.

In a batch: as many fresh items of each costly class as the budget admits (``advice`` at one
draw, the fewest-candidate ``exchange`` hands, ``dingque``, each variant's played records).

Bodies are ``(name, path, make)``: ``make(i)`` builds the ``i``-th fresh copy as JSON text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

from engine import tiles as T
from engine.variants import REGISTRY

Make = Callable[[int], str]
HORIZON = 60
"""The largest ``draws_left`` (advice.md §0.10.1)."""


def advice_hands(variant: str, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` generated 14-tile advice bodies of at least 2-shanten (the work bound's
    worst), probed at one draw; no ``visible``, so the pool is the whole unseen set."""
    from engine.advice import advice
    from tests.engine.advice.generated import bodies

    found = []
    for body in bodies(variant, count * 40, seed):
        if len(T.parse(body["hand"])) + 3 * len(body.get("melds", ())) != 14:
            continue
        probe = {**body, "context": {**body["context"], "draws_left": 1}}
        if advice(REGISTRY[variant], probe).shanten >= 2:
            found.append(body)
        if len(found) == count:
            break
    return found


def advice_alone(variant: str, model: str, count: int = 4) -> Make:
    """The ``i``-th of ``count`` pressing hands (cycled, each call a new ``visible``-free
    body: the memos are emptied between timings) at ``draws_left`` 60, the model given."""
    hands = advice_hands(variant, count, seed=2323)

    def make(i: int) -> str:
        body = hands[i % len(hands)]
        context = {**body["context"], "draws_left": HORIZON}
        extra = {"draw_model": model} if model != "without_replacement" else {}
        return json.dumps({**body, "context": context, **extra})
    return make


def advice_costliest(variant: str, model: str, count: int = 8) -> tuple[float, str]:
    """The costliest of ``count`` pressing bodies at 60 draws, timed once each through the
    service's `Operation.answer`, cold: (CPU µs, body)."""
    from benchmarks.weights import cold, timed
    from service.app import create_app

    operation = create_app().extensions["hupai"]["operations"][variant, "advice"]
    make = advice_alone(variant, model, count)
    worst = (0.0, "")
    for i in range(count):
        text = make(i)
        cold()
        us, _ = timed(operation, json.loads(text))
        worst = max(worst, (us, text))
    return worst


EXCHANGE_HANDS = ("11223344556677m", "1122334455667m", "1112345678999m", "123456789m1234p5s",
                  "1112223334445m", "3569m5669p134458s", "33569m12359p1245s",
                  "11123455678999m", "34455666777888m", "1334566678899m", "22345566778999p")
"""14 and 13 tiles of one suit (the most candidates, most of them tied), a spread hand,
two dealt 14-tile hands whose four candidates tie (three of the shortest suit given: the
dearest per candidate `benchmarks.weights --ops exchange` and 300 random deals found), and
the dearest one-suit deals (`one_suit_deal`) that searches of a few hundred found
(``python -m benchmarks.exchange --search SEED``; 34455666777888m is seed 5's): two
dealers' 14 (48 and 110 candidates, 18 of the latter tied) and a 13-tile hand (issue 23,
2026-12-03: a dealt wall reaches them too rarely to be sampled, and a dealer's costs
three to five times the others); last, a dealer's 14 in the middle suit, whose two other
suits' sums differ (``--suit p``, seed 2's), the dearest once a one-suit 14 reads shipped
rows (`engine.advice.one_suit`)."""


def one_suit_deal(rng: random.Random, size: int = 14, suit: int = 0) -> str:
    """``size`` tiles dealt from one suit's 36 (``python -m benchmarks.exchange --search``)."""
    wall = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(4)]
    rng.shuffle(wall)
    return T.compact(sorted(wall[:size]))


def candidates(hand: str) -> int:
    tiles = sorted(T.parse(hand))
    return len({g for s in range(3) for g in combinations([t for t in tiles if t // 9 == s], 3)})


def dealt(rng: random.Random, size: int = 13) -> str:
    """A random 四川 deal of ``size`` tiles (fresh for dingque and exchange)."""
    wall = [k for k in range(27) for _ in range(4)]
    rng.shuffle(wall)
    return T.compact(sorted(wall[:size]))


def few_candidates(rng: random.Random, most: int) -> str:
    """A fresh 13-tile hand of at most ``most`` exchange candidates (the costliest per item
    a batch admits): three kinds held four times and one more tile."""
    while True:
        kinds = rng.sample(range(27), 4)
        hand = T.compact(sorted([*kinds[:3] * 4, kinds[3]]))
        if candidates(hand) <= most:
            return hand


def _drawn(hand: str, rng: random.Random) -> str:
    """The hand with one more tile, of a kind it holds fewer than four of (a dealer's 14)."""
    tiles = T.parse(hand)
    return hand + T.code(rng.choice([k for k in range(27) if tiles.count(k) < 4]))


def settle_alone() -> Iterator[tuple[str, str, Make]]:
    """Each variant's costliest settle records, valid and refused, fresh each call."""
    from benchmarks import changsha_settle, nanchang_settle, settle

    yield ("四川 settle, 128 events × 3 winners + end", "/v1/sichuan/settle",
           lambda i: json.dumps({"record": _shifted(settle.COSTLIEST, i),
                                 "options": {"xue_liu": True}}))
    yield ("长沙 settle, the costliest valid record", "/v1/changsha/settle",
           lambda i: json.dumps({"record": changsha_settle.COSTLIEST,
                                 "options": {**changsha_settle.COSTLIEST_OPTIONS,
                                             "zuo_piao": i % 5}}))
    yield ("红中 settle, 128 events × 3 winners (refused)", "/v1/hongzhong/settle",
           lambda i: json.dumps(settle.hz_refused(random.Random(i))))
    yield ("红中 settle, the costliest valid record", "/v1/hongzhong/settle",
           lambda i: json.dumps(settle.hz_costliest(random.Random(i))))
    yield ("南昌 settle, the costliest valid record", "/v1/nanchang/settle",
           lambda i: json.dumps(nanchang_settle.costliest(i)))
    stacked = nanchang_settle.stacked_bodies(2323, 6)
    yield ("南昌 settle, stacked winners (refused)", "/v1/nanchang/settle",
           lambda i: json.dumps(stacked[i % len(stacked)]))


def _shifted(record: dict[str, Any], i: int) -> dict[str, Any]:
    """四川's costliest record with its suits rotated by ``i`` (a fresh record each call)."""
    def turn(code: str) -> str:
        tiles = T.parse_any(code)
        return T.compact([(t // 9 + i) % 3 * 9 + t % 9 for t in tiles])

    def walk(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if isinstance(value, str) and key in ("hand", "win_tile"):
            return turn(value)
        if isinstance(value, str) and key == "missing_suits":
            return "mps"[("mps".index(value) + i) % 3]
        return value
    return walk(record)  # type: ignore[no-any-return]


def single_bodies() -> Iterator[tuple[str, str, Make]]:
    """(name, path, make): every new operation's costliest single bodies."""
    for variant in REGISTRY:
        for model in ("without_replacement", "constant_wall"):
            yield (f"{variant} advice, {HORIZON} draws, {model}", f"/v1/{variant}/advice",
                   advice_alone(variant, model))
    for hand in EXCHANGE_HANDS:
        yield (f"exchange {hand} ({candidates(hand)} candidates)", "/v1/sichuan/exchange",
               _fixed(json.dumps({"hand": hand})))
    yield ("dingque, fresh deals", "/v1/sichuan/dingque",
           lambda i: json.dumps({"hand": dealt(random.Random(i), 14)}))
    yield from settle_alone()
    yield ("advice, unseen at its size limit (refused)", "/v1/sichuan/advice",
           _fixed(json.dumps({"hand": "123m456m789m1p2p3p5p", "context": {
               "draws_left": 60, "unseen": ["1m"] * 136}})))
    yield ("exchange, a hand of 64 tiles (refused)", "/v1/sichuan/exchange",
           _fixed(json.dumps({"hand": ["1m"] * 64})))


def _fixed(text: str) -> Make:
    return lambda i: text


def batch_items() -> Iterator[tuple[str, Callable[[int], dict[str, Any]]]]:
    """(name, item(i)): the ``i``-th fresh item of each costly class of the new operations;
    `benchmarks.hostile` fills a batch with as many as the budget admits."""
    from benchmarks import nanchang_settle
    from benchmarks.hostile import fresh_records
    from tests.engine.variants.changsha.settle.generate import play as cs_play
    from tests.engine.variants.hongzhong.settle.generate import play as hz_play

    for variant in REGISTRY:
        hands = advice_hands(variant, 40, seed=2324)
        for model in ("without_replacement", "constant_wall"):
            def advice_item(i: int, variant: str = variant, model: str = model,
                            hands: list[dict[str, Any]] = hands) -> dict[str, Any]:
                body = hands[i % len(hands)]
                extra = {"draw_model": model} if model != "without_replacement" else {}
                return {"variant": variant, "op": "advice", "body": {
                    **body, "context": {**body["context"], "draws_left": 1}, **extra}}
            yield f"{variant} advice, 1 draw, {model}", advice_item
    yield "dingque, fresh deals", lambda i: {"variant": "sichuan", "op": "dingque",
                                             "body": {"hand": dealt(random.Random(i), 14)}}
    yield "exchange, ≤ 8 candidates", lambda i: {
        "variant": "sichuan", "op": "exchange",
        "body": {"hand": few_candidates(random.Random(i), 8)}}
    yield "exchange, ≤ 8 candidates, 14 tiles", lambda i: {
        "variant": "sichuan", "op": "exchange", "body": {"hand": _drawn(few_candidates(
            random.Random(i), 8), random.Random(-1 - i))}}
    yield "exchange, dealt 14 tiles", lambda i: {
        "variant": "sichuan", "op": "exchange", "body": {"hand": dealt(random.Random(i), 14)}}
    records = fresh_records(16, 64, seed=2325)
    yield "四川 settle, fresh 16-event records", lambda i: {
        "variant": "sichuan", "op": "settle",
        "body": {"record": records[i % len(records)], "options": {"xue_liu": True}}}
    yield "长沙 settle, fresh played records", lambda i: {
        "variant": "changsha", "op": "settle",
        "body": {"record": cs_play(random.Random(i), {})}}
    yield "红中 settle, fresh played records", lambda i: {
        "variant": "hongzhong", "op": "settle",
        "body": {"record": hz_play(random.Random(i), {})}}
    stacked = nanchang_settle.stacked_bodies(2326, 32)
    yield "南昌 settle, stacked winners (refused)", lambda i: {
        "variant": "nanchang", "op": "settle", "body": stacked[i % len(stacked)]}
    fresh = nanchang_settle.fresh_bodies(2327, 256)
    yield "南昌 settle, fresh played records", lambda i: {
        "variant": "nanchang", "op": "settle", "body": fresh[i % len(fresh)]}


def batch(item: Callable[[int], dict[str, Any]]) -> tuple[int, str]:
    """As many distinct items as the budget admits (at most 256): (count, JSON text)."""
    from service import budget

    items: list[dict[str, Any]] = []
    weight = 0
    while len(items) < 256:
        candidate = item(len(items))
        w = budget.item_weight(candidate)
        if weight + w > budget.BUDGET:
            break
        items.append(candidate)
        weight += w
    return len(items), json.dumps({"requests": items})
