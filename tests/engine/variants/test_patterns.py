"""The pattern format (`engine.variants.patterns`) on a small table of its own, every field
pinned with a worked sum."""

from __future__ import annotations

from dataclasses import dataclass

from engine.variants.patterns import (
    ALL,
    PatternSpec,
    Tally,
    activate,
    apply,
    flats,
    names,
    reads,
    tally,
)


@dataclass(frozen=True)
class F:
    chow: bool  # depends on the reading
    flush: bool
    roots: tuple[int, ...]
    first: bool


P = PatternSpec[F]
TABLE = (
    P("base", "Base", "底", 0, reading=True, when=lambda f: f.chow),
    P("triplets", "Triplets", "对", 1, reading=True, when=lambda f: not f.chow),
    P("flush", "Flush", "色", "flush_fan", when=lambda f: f.flush),
    P("root", "Root", "根", 1, when=lambda f: bool(f.roots), tiles=lambda f: f.roots),
    P("bonus", "Bonus", "奖", 1, on=("mode", "bonus"), when=lambda f: True),
    P("heaven", "Heaven", "天", 5, on="heaven", replaces=ALL, replaces_on=("fixed", True),
      event=True, when=lambda f: f.first),
    P("drop_root", "Drop root", "去根", 0, replaces=("root",), when=lambda f: f.first),
)
OPTIONS = {"flush_fan": 2, "mode": "plain", "heaven": True, "fixed": False}


def _ids(counted):  # type: ignore[no-untyped-def]
    return [(pid, fan, count) for pid, fan, count, _ in counted]


def test_the_best_reading_is_kept_and_hand_patterns_count_once() -> None:
    chow, pongs = F(True, True, (3,), False), F(False, True, (3,), False)
    best, counted = apply(activate(TABLE, OPTIONS), [chow, pongs])
    # the second reading: 对 1 + 色 2 (option-set fan) + 根 1 × 1 = 4
    assert best == 1
    assert _ids(counted) == [("triplets", 1, 1), ("flush", 2, 1), ("root", 1, 1)]


def test_a_counted_pattern_is_fan_each_with_its_tiles() -> None:
    _, counted = apply(activate(TABLE, OPTIONS), [F(True, False, (3, 7), False)])
    assert counted == (("base", 0, 1, ()), ("root", 2, 2, (3, 7)))  # 根 1 × 2


def test_an_option_switches_a_pattern_on_and_off() -> None:
    traits = [F(True, False, (), False)]
    assert _ids(apply(activate(TABLE, {**OPTIONS, "mode": "bonus"}), traits)[1]) == [
        ("base", 0, 1), ("bonus", 1, 1)]
    assert _ids(apply(activate(TABLE, OPTIONS), traits)[1]) == [("base", 0, 1)]


def test_replacements_whole_list_by_option_and_by_id() -> None:
    traits = [F(False, True, (3,), True)]
    # additive: 对 1 + 色 2 + 天 5 = 8, and 去根 removes 根
    assert _ids(apply(activate(TABLE, OPTIONS), traits)[1]) == [
        ("triplets", 1, 1), ("flush", 2, 1), ("heaven", 5, 1), ("drop_root", 0, 1)]
    # fixed: 天 5 replaces the whole list
    assert _ids(apply(activate(TABLE, {**OPTIONS, "fixed": True}), traits)[1]) == [
        ("heaven", 5, 1)]
    # switched off: never counted
    assert "heaven" not in [c[0] for c in apply(activate(TABLE, {**OPTIONS, "heaven": False}),
                                                 traits)[1]]


def test_names_in_table_order() -> None:
    assert list(names(TABLE)) == [p.id for p in TABLE] and names(TABLE)["root"] == ("Root", "根")


def test_judge_gives_the_fan_after_replacements() -> None:
    traits = [F(False, True, (3,), True)]
    # additive: 对 1 + 色 2 + 天 5 + 去根 0 = 8 (根's 1 removed by 去根)
    assert tally(activate(TABLE, OPTIONS), traits).fan == 8
    # fixed: 天 5 alone
    assert tally(activate(TABLE, {**OPTIONS, "fixed": True}), traits) == Tally(
        0, 5, (("heaven", 5, 1, ()),))


def test_a_moment_without_an_event_skips_the_event_patterns() -> None:
    # 天 is an event pattern: told the moment has no event, tally does not ask it (its
    # predicate would say yes here); the others count as ever: 对 1 + 色 2 + 去根 0 = 3
    traits = [F(False, True, (3,), True)]
    tallied = tally(activate(TABLE, OPTIONS), traits, event=False)
    assert _ids(tallied.counted) == [("triplets", 1, 1), ("flush", 2, 1), ("drop_root", 0, 1)]
    assert tallied.fan == 3


def test_an_active_table_is_its_own_cache_key() -> None:
    # compared by identity: two activations of the same options are two keys
    first, second = activate(TABLE, OPTIONS), activate(TABLE, OPTIONS)
    assert first == first and first != second and len({first, second}) == 2


def test_a_memoised_table_answers_what_a_plain_one_answers() -> None:
    # activate(memo=True): the same verdicts, kept per (event, traits) — equal traits asked
    # again get the very same answer object, other traits or another moment their own
    plain, kept = activate(TABLE, OPTIONS), activate(TABLE, OPTIONS, memo=True)
    cases = [[F(False, True, (3,), True)], [F(True, False, (3, 7), False)],
             [F(True, True, (3,), False), F(False, True, (3,), False)]]
    for traits in cases * 2:
        for event in (True, False):
            assert tally(kept, traits, event=event) == tally(plain, traits, event=event)
    first = tally(kept, cases[0])
    assert tally(kept, [F(False, True, (3,), True)]) is first
    assert tally(kept, cases[0], event=False) != first  # 天 5 only counts with an event


def test_a_fan_one_step_above_an_option() -> None:
    table = (P("plus", "Plus", "加", ("flush_fan", 1), when=lambda f: f.flush),)
    _, counted = apply(activate(table, OPTIONS), [F(True, True, (), False)])
    assert _ids(counted) == [("plus", 3, 1)]  # flush_fan 2 + 1


def test_reads_names_every_option_the_table_depends_on_once() -> None:
    assert reads(TABLE) == ("flush_fan", "mode", "heaven", "fixed")


def test_flat_bonuses_read_under_the_options() -> None:
    table = (P("plain", "Plain", "平", 0, when=lambda f: True),
             P("bonus", "Bonus", "奖", 1, flat="bonus_flat", when=lambda f: True),
             P("fixed", "Fixed", "定", 1, flat=5, when=lambda f: True))
    assert flats(table, {"bonus_flat": 3}) == {"bonus": 3, "fixed": 5}
    assert reads(table) == ("bonus_flat",)
