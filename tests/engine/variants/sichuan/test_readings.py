"""The fast 四川 reader against the general shape search, on generated hands.

`sichuan.reader` offers only the readings that can score best; the reference is every
reading `engine.shapes.readings` finds. On thousands of generated hands (fixed seed) the
win/no-win answer, the shapes, and the best fan must agree under random options and
contexts, and the reading reported must be one of the reference readings. Also checked:
the one-look-up shortcut of the variant's shanten (dropping a suit absent from the concealed
tiles is never worse than dropping another) against the full minimum.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine import shapes as S
from engine import tiles as T
from engine.hand import Context, Hand, Meld, MeldKind, Seats, WinType
from engine.options import resolve
from engine.variants.sichuan import dropping
from engine.variants.sichuan import reader as SH
from engine.variants.sichuan import scoring as SS
from engine.variants.sichuan import variant as SC
from engine.variants.sichuan.facts import SichuanFacts
from engine.variants.sichuan.patterns import TABLE

SEED = 20240407


def random_hand(rng: random.Random) -> Hand:
    """A winning-looking hand of one or two suits (sometimes broken afterwards)."""
    suits = rng.sample([0, 1, 2], rng.choice([1, 1, 2, 2, 2]))
    kinds = [s * 9 + r for s in suits for r in range(9)]
    while True:
        count: Counter[int] = Counter()
        melds: list[Meld] = []
        concealed: list[int] = []
        if rng.random() < 0.2:  # seven pairs, fours allowed
            for _ in range(7):
                k = rng.choice(kinds)
                concealed += [k, k]
        else:
            n_melds = rng.choice([0, 0, 0, 1, 2, 3, 4])
            for i in range(4):
                k = rng.choice(kinds)
                if i < n_melds:
                    kind = rng.choice([MeldKind.PONG, MeldKind.PONG, MeldKind.KONG])
                    size = 4 if kind is MeldKind.KONG else 3
                    melds.append(Meld(kind, (k,) * size, kind is MeldKind.KONG
                                      and rng.random() < 0.5))
                elif k % 9 < 7 and rng.random() < 0.6:
                    concealed += [k, k + 1, k + 2]
                else:
                    concealed += [k, k, k]
            p = rng.choice(kinds)
            concealed += [p, p]
        if rng.random() < 0.3:  # break it: swap one concealed tile for another kind
            concealed[rng.randrange(len(concealed))] = rng.choice(kinds)
        count.update(concealed)
        for m in melds:
            count.update(m.tiles)
        if max(count.values()) <= 4:
            rng.shuffle(concealed)
            win = concealed.pop()
            return Hand(tuple(sorted(concealed)), tuple(melds), win)


ROOM_OPTIONS = ("players", "suits", "hand_size")
"""The room itself (rooms.md §0.9.1): its hands are generated to its size elsewhere
(`tests/engine/variants/sichuan/test_rooms.py`); the room fan options are drawn here."""


def random_options(rng: random.Random) -> dict[str, Any]:
    given: dict[str, Any] = {}
    for spec in SC.OPTION_SPECS:
        if rng.random() < 0.5 or spec.name in ROOM_OPTIONS:
            continue
        if spec.choices is not None:
            given[spec.name] = rng.choice([*spec.choices, *([None] if spec.nullable else [])])
        elif spec.minimum is not None and spec.maximum is not None:
            given[spec.name] = rng.randint(spec.minimum, min(spec.maximum, 6))
        else:
            given[spec.name] = rng.random() < 0.5
    return resolve(SC.OPTION_SPECS, given)


def random_context(rng: random.Random) -> Context:
    return Context(
        win_type=rng.choice(list(WinType)),
        after_kong=rng.random() < 0.2,
        last_tile=rng.random() < 0.2,
        first_turn=rng.random() < 0.1,
        is_dealer=rng.choice([None, True, False]),
        seats=Seats(dealer=0, winner=1, discarder=rng.choice([0, 2])),
        facts=SichuanFacts(missing_suit=rng.choice([None, None, 0, 1, 2])),
    )


def group_multiset(reading: S.ShapeReading) -> tuple[Any, ...]:
    return reading.shape, tuple(sorted((g.kind.value, g.as_) for g in reading.groups))


def test_fast_reader_agrees_with_every_reading() -> None:
    rng = random.Random(SEED)
    wins = 0
    for _ in range(3000):
        hand = random_hand(rng)
        options = random_options(rng)
        context = random_context(rng)
        prefs = SS.prefs_for(options)
        part = T.counts(hand.concealed_with_win)
        info = SH.analyse(tuple(part[:27]))
        assert info.shapes == S.win_shapes(part, 0, SH.RULES_108), hand
        assert SH.part_shapes(tuple(part[:27])) == (info.shapes, info.mask), hand
        fast = SS.evaluate(hand, context, prefs)
        slow = SS.evaluate(hand, context, prefs, reference=True)
        if isinstance(slow, str):
            assert fast == slow, hand
            continue
        wins += 1
        assert not isinstance(fast, str), hand
        assert (fast.fan, fast.gen_count, fast.tian_hu) == (slow.fan, slow.gen_count,
                                                             slow.tian_hu), hand
        reference = {group_multiset(c.reading) for c in SH.reference_candidates(part[:27])}
        assert group_multiset(fast.reading.reading) in reference, hand
    assert wins > 1500  # the generator makes mostly winning hands


def test_part_shapes_is_what_analyse_says_of_any_part() -> None:
    """Any size, any suits: from random tiles and from near-complete hands alike."""
    rng = random.Random(SEED + 1)
    seen = Counter()
    for _ in range(4000):
        if rng.random() < 0.5:
            tiles = [rng.randrange(27) for _ in range(rng.randrange(0, 15))]
        else:
            tiles = list(random_hand(rng).concealed_with_win)
        counts = Counter(tiles)
        if max(counts.values(), default=0) > 4:
            continue
        part = tuple(counts[k] for k in range(27))
        info = SH.analyse(part)
        assert SH.part_shapes(part) == (info.shapes, info.mask), tiles
        seen[info.shapes] += 1
    assert len(seen) == 4  # none, standard, seven pairs, and both


def test_best_candidates_cover_the_best_reading_on_every_one_suit_hand_shape() -> None:
    # every 14-tile one-suit complete part made of 4 groups and a pair (up to 4 copies):
    # the candidates' best reading value equals the best over all readings, for 带幺九 2 and
    # 3 and 将对 on and off
    seen = set()
    groups = [("pong", k) for k in range(9)] + [("chow", k) for k in range(7)]
    rng = random.Random(SEED)
    for _ in range(4000):
        part = [0] * T.KIND_COUNT
        for kind, k in rng.choices(groups, k=4):
            for t in ((k, k, k) if kind == "pong" else (k, k + 1, k + 2)):
                part[t] += 1
        p = rng.randrange(9)
        part[p] += 2
        if max(part) > 4 or tuple(part) in seen:
            continue
        seen.add(tuple(part))
        tiles = tuple(t for t in range(9) for _ in range(part[t]))
        hand = Hand(tiles[:-1], (), tiles[-1])
        info = SH.analyse(tuple(part[:27]))
        everything = SH.reference_candidates(part[:27])
        for yaojiu in (True, False):
            for dyj in (2, 3):
                options = resolve(SC.OPTION_SPECS, {"yaojiu_jiangdui": yaojiu,
                                                    "dai_yao_jiu_fan": dyj})
                prefs = SS.prefs_for(options)
                fast = SS.score_afresh(hand, Context(), prefs, info.candidates, info, part, 1)
                slow = SS.score_afresh(hand, Context(), prefs, everything, info, part, 1)
                assert fast.fan == slow.fan, T.compact(tiles)
    assert len(seen) > 500


def test_dropping_an_absent_suit_is_never_worse() -> None:
    # dropping.shanten looks up one suit when a droppable suit is absent from the concealed
    # tiles; the full minimum over the droppable suits must give the same number
    rng = random.Random(SEED)
    for _ in range(1500):
        size = rng.choice([13, 10, 7, 4, 1, 14, 11])
        suits = rng.sample([0, 1, 2], rng.choice([1, 2, 2, 3]))
        kinds = [s * 9 + r for s in suits for r in range(9)]
        part = [0] * T.KIND_COUNT
        tiles = []
        while len(tiles) < size:
            k = rng.choice(kinds)
            if part[k] < 4:
                part[k] += 1
                tiles.append(k)
        for drops in ({0, 1, 2}, {0, 1}, {1, 2}, {0, 2}, {rng.randrange(3)}):
            full = min(S.shanten(part, 0, dropping.RULES_WITHOUT[d]) for d in drops)
            assert dropping.shanten(tiles, frozenset(drops)) == full, (T.compact(tiles), drops)


def test_the_memo_answers_what_a_fresh_scoring_answers() -> None:
    # `evaluate` keeps the table's answer by part, options, moment and melds: the same hands
    # asked again and again under a few option sets and contexts (as a game asks them) must
    # get exactly what scoring them afresh gives
    rng = random.Random(SEED + 2)
    hands = [random_hand(rng) for _ in range(400)]
    settings = [(SS.prefs_for(random_options(rng)), random_context(rng)) for _ in range(8)]
    checked = 0
    for _ in range(3):
        for hand in hands:
            prefs, context = rng.choice(settings)
            got = SS.evaluate(hand, context, prefs)
            if isinstance(got, str):
                continue
            part, info, mask = SS.read_part(hand)
            found = SS.candidates_of(hand, part, info, prefs)
            assert got == SS.score_afresh(hand, context, prefs, found, info, part, mask)
            checked += 1
    assert checked > 500


def test_the_memo_tells_melds_apart() -> None:
    # one concealed part, 222m 333m 444m 55p (win 5p), beside each meld in turn, the round
    # asked twice: pong 6p (中张 1), kong 6p exposed (+ 根 1), kong 6p concealed (+ 根 1,
    # 门清 1), pong 9p (no 中张) — each must get its own answer, never the previous meld's
    prefs = SS.prefs_for(resolve(SC.OPTION_SPECS, {"menqing_zhongzhang": True}))
    melds = [Meld(MeldKind.PONG, (14,) * 3), Meld(MeldKind.KONG, (14,) * 4),
             Meld(MeldKind.KONG, (14,) * 4, True), Meld(MeldKind.PONG, (17,) * 3)]
    answers = set()
    for _ in range(2):
        for meld in melds:
            hand = Hand((1, 1, 1, 2, 2, 2, 3, 3, 3, 13), (meld,), 13)
            got = SS.evaluate(hand, Context(), prefs)
            part, info, mask = SS.read_part(hand)
            assert got == SS.score_afresh(hand, Context(), prefs, info.candidates, info, part, mask)
            assert not isinstance(got, str)
            answers.add((got.fan, got.counted))
    assert len(answers) == 4


def test_event_patterns_never_count_at_a_moment_without_an_event() -> None:
    # `tally` skips the table's ``event`` entries when `traits_of` says the moment has none;
    # asked anyway, on generated hands under random options, none of them would count
    rng = random.Random(SEED + 3)
    quiet = 0
    for _ in range(1500):
        hand = random_hand(rng)
        context = random_context(rng)
        prefs = SS.prefs_for(random_options(rng))
        part, info, mask = SS.read_part(hand)
        if not info.candidates:
            continue
        readings, event = SS.traits_of(hand, context, prefs, info.candidates, info, part, mask)
        if not event:
            quiet += 1
            assert (SS.tally(prefs.table, readings, event=True)
                    == SS.tally(prefs.table, readings, event=False)), hand
            assert not any(p.when(f) for p in TABLE if p.event for f in readings), hand
    assert quiet > 200


def test_verdicts_shared_between_parts_are_the_tables_own() -> None:
    """`evaluate` keeps the table's verdict by what its traits are made of (options, moment,
    melds, the part's traits) and hands it to every part alike; on generated hands under a
    few option sets and moments (so that parts do meet verdicts other parts left), each
    answer equals the table applied afresh to that hand's own traits."""
    rng = random.Random(SEED + 2)
    # (without 一条龙 and 夹心五, whose every-reading candidates are scored part by part;
    # the option sets drawn apart, so that the hands do not depend on how many options
    # there are)
    option_rng = random.Random(SEED + 20)
    option_sets = [{**random_options(option_rng), "yi_tiao_long_fan": 0, "jia_xin_wu_fan": 0}
                   for _ in range(3)]
    contexts = [random_context(rng) for _ in range(4)]
    SS.JUDGED.clear()
    SH.analyse.cache_clear()
    asked = 0
    for _ in range(3000):
        hand = random_hand(rng)
        context = rng.choice(contexts)
        prefs = SS.prefs_for(rng.choice(option_sets))
        fast = SS.evaluate(hand, context, prefs)
        if isinstance(fast, str):
            continue
        asked += 1
        part, info, mask = SS.read_part(hand)
        found = SS.candidates_of(hand, part, info, prefs)
        fresh = SS.score_afresh(hand, context, prefs, found, info, part, mask)
        assert fast == fresh, hand
    assert asked > 1500
    assert len(SS.JUDGED) < asked * 0.9  # some answers came from a verdict another part left
