"""南昌 shapes and bonuses (RULES.md §3.4–3.5): every shape, bonus and hand option.

Unless a case says otherwise: 正精 5s and 副精 6s (``J``), self-draw, default options. Every
expected value is worked out from RULES.md in the comment beside it: shape fan (平胡 0, 大七对 1,
七小对 1, 十三烂 1, 七星十三烂 2) plus bonuses (德国 +1 / 德中德 +2 with flat 5, 精钓 +1).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine import tiles as T
from engine.errors import Code, RequestError
from engine.variants import REGISTRY
from engine.variants.nanchang.variant import VARIANT, FanAnswer

J = {"zheng": "5s", "fu": "6s"}


def body(hand: str | None, win: str | None = None, *, melds: tuple[str, ...] = (),
         options: dict[str, Any] | None = None, jing: dict[str, str] | None = J,
         **context: Any) -> dict[str, Any]:
    """A request body; ``melds`` as "pong:555s" / "chow:123s" / "kong:3333m" / "ckong:…"."""
    ctx = dict(context)
    ctx.setdefault("win_type", "self_draw")
    if jing is not None:
        ctx["jing"] = jing
    data: dict[str, Any] = {"hand": hand, "win_tile": win, "context": ctx,
                            "options": options or {}}
    out = []
    for m in melds:
        kind, tiles = m.split(":")
        out.append({"type": "kong" if kind == "ckong" else kind, "tiles": tiles,
                    "concealed": kind == "ckong"})
    data["melds"] = out
    return data


def fan(hand: str, win: str, **kw: Any) -> FanAnswer:
    return VARIANT.fan(VARIANT.request(body(hand, win, **kw)))


def summary(answer: FanAnswer) -> tuple[Any, ...]:
    """(patterns, fan, flat) of a win, or the reason of a non-win."""
    if not answer.win:
        return (answer.reason,)
    assert answer.patterns is not None
    return [p.id for p in answer.patterns], answer.fan, answer.flat_per_payer


CASES = [
    # --- 平胡 -------------------------------------------------------------------------------
    # 12p + 5s(精 as 3p), 99p pair: needs a substitute → 平胡 0, no 德国
    ("wild ping_hu", "123m456m789m12p5s9p", "9p", {}, {}, (["ping_hu"], 0, 0)),
    ("wild ping_hu on a discard", "123m456m789m12p5s9p", "9p", {}, {"win_type": "discard"},
     (["ping_hu"], 0, 0)),
    # no 精 at all: 平胡 0 + 德国 1 = 1, flat 5
    ("natural ping_hu", "123m456m789m123p9p", "9p", {}, {}, (["ping_hu", "de_guo"], 1, 5)),
    # 德中德 replaces 德国: 0 + 2 = 2, flat 5
    ("de_zhong_de", "123m456m789m123p9p", "9p", {}, {"others_hold_jing": False},
     (["ping_hu", "de_zhong_de"], 2, 5)),
    ("others hold jing", "123m456m789m123p9p", "9p", {}, {"others_hold_jing": True},
     (["ping_hu", "de_guo"], 1, 5)),
    # 456s holds both 精 at face value: reachable without a substitute → 德国, 0 + 1 = 1
    ("jing at face value", "123m456m789m456s9p", "9p", {}, {}, (["ping_hu", "de_guo"], 1, 5)),
    ("jing at face value, deguo_allow_natural_jing off", "123m456m789m456s9p", "9p",
     {"deguo_allow_natural_jing": False}, {}, (["ping_hu"], 0, 0)),
    ("no jing at all, deguo_allow_natural_jing off", "123m456m789m123p9p", "9p",
     {"deguo_allow_natural_jing": False}, {}, (["ping_hu", "de_guo"], 1, 5)),
    # --- 大七对 -----------------------------------------------------------------------------
    # triplets + 55z pair, no 精: 1 + 德国 1 = 2
    ("natural da_qi_dui", "111m222p333s444z5z", "5z", {}, {}, (["da_qi_dui", "de_guo"], 2, 5)),
    # 44z + 5s as 444z, 77z pair: 大七对 1, no 德国 (5s alone at face value)
    ("wild da_qi_dui", "111m222p333s44z7z5s", "7z", {}, {}, (["da_qi_dui"], 1, 0)),
    # --- 七小对 -----------------------------------------------------------------------------
    ("natural qi_dui", "1122m3344p7788s1z", "1z", {}, {}, (["qi_dui", "de_guo"], 2, 5)),
    # 1111m is two pairs: 1 + 德国 1 = 2; without qidui_allow_four nothing else fits
    ("qi_dui with four alike", "1111m3344p7788s9s", "9s", {}, {},
     (["qi_dui", "de_guo"], 2, 5)),
    ("qi_dui with four alike, qidui_allow_four off", "1111m3344p7788s9s", "9s",
     {"qidui_allow_four": False}, {}, ("no_winning_shape",)),
    # --- 十三烂 / 七星十三烂 ----------------------------------------------------------------
    # 147m 258p 39s + 1–6z: 14 distinct, suits ≥ 3 apart: 1 + 德国 1 = 2
    ("natural shi_san_lan", "147m258p39s12345z", "6z", {}, {}, (["shi_san_lan", "de_guo"], 2, 5)),
    # all seven honors: 七星 2 (replaces 十三烂) + 德国 1 = 3
    ("natural qi_xing", "147m258p9s123456z", "7z", {}, {},
     (["qi_xing_shi_san_lan", "de_guo"], 3, 5)),
    # 4s and 5s(精) are 1 apart, so 5s must substitute (e.g. for 7z): 十三烂 1, no 德国;
    # the honors held are 1–6z only and a 精 cannot supply 7z: not 七星
    ("wild shi_san_lan", "147m258p4s5s12345z", "6z", {}, {}, (["shi_san_lan"], 1, 0)),
    ("wild shi_san_lan, shisanlan_allow_jing off", "147m258p4s5s12345z", "6z",
     {"shisanlan_allow_jing": False}, {}, ("no_winning_shape",)),
    # all seven honors held, 5s substitutes (e.g. for 8p): 七星 2, no 德国
    ("wild qi_xing", "147m25p4s1234567z", "5s", {}, {}, (["qi_xing_shi_san_lan"], 2, 0)),
    # 精 7z/5z read at face value complete 七星 with no substitute: 2 + 德国 1 = 3 …
    ("jing honors at face value", "147m258p4s123456z", "7z", {}, {"jing": {"zheng": "7z",
                                                                          "fu": "5z"}},
     (["qi_xing_shi_san_lan", "de_guo"], 3, 5)),
    # … and without 德国 when 精 tiles may not count for it: 2
    ("jing honors, deguo_allow_natural_jing off", "147m258p4s123456z", "7z",
     {"deguo_allow_natural_jing": False}, {"jing": {"zheng": "7z", "fu": "5z"}},
     (["qi_xing_shi_san_lan"], 2, 0)),
    # --- honor chows ------------------------------------------------------------------------
    # 123z (东南西) and 567z (白发中) are sequences: 平胡 0 + 德国 1 = 1
    ("honor chows", "123z567z123m456m9p", "9p", {}, {}, (["ping_hu", "de_guo"], 1, 5)),
    ("honor chows, option off", "123z567z123m456m9p", "9p", {"honor_chow": False}, {},
     ("no_winning_shape",)),
    # any three different winds: 东南北
    ("wind chow 124z", "124z567z123m456m9p", "9p", {}, {}, (["ping_hu", "de_guo"], 1, 5)),
    # --- 无平胡 -----------------------------------------------------------------------------
    ("wu_ping_hu: wild ping_hu is no win", "123m456m789m12p5s9p", "9p", {"wu_ping_hu": True},
     {}, ("no_winning_shape",)),
    ("wu_ping_hu: natural ping_hu still wins", "123m456m789m123p9p", "9p",
     {"wu_ping_hu": True}, {}, (["ping_hu", "de_guo"], 1, 5)),
    ("wu_ping_hu: wild da_qi_dui still wins", "111m222p333s44z7z5s", "7z",
     {"wu_ping_hu": True}, {}, (["da_qi_dui"], 1, 0)),
    # --- 精钓 -------------------------------------------------------------------------------
    # before the win 123m456m789m123p + 5s: without the 精 four groups → 精钓;
    # the 精 pairs with 9p: 平胡 0 + 精钓 1 = 1
    ("jing_diao ping_hu", "123m456m789m123p5s", "9p", {}, {}, (["ping_hu", "jing_diao"], 1, 0)),
    ("jing_diao survives wu_ping_hu", "123m456m789m123p5s", "9p", {"wu_ping_hu": True}, {},
     (["ping_hu", "jing_diao"], 1, 0)),
    ("jing_diao on a discard", "123m456m789m123p5s", "9p", {}, {"win_type": "discard"},
     ("jing_diao_needs_self_draw",)),
    # before the win six pairs + 5s: 七小对 1 + 精钓 1 = 2
    ("jing_diao qi_dui", "1122m3344p7788s5s", "1z", {}, {}, (["qi_dui", "jing_diao"], 2, 0)),
    ("jing_diao qi_dui on a discard", "1122m3344p7788s5s", "1z", {}, {"win_type": "discard"},
     ("jing_diao_needs_self_draw",)),
    ("jing_diao on a robbed kong", "1122m3344p7788s5s", "1z", {}, {"win_type": "rob_kong"},
     ("jing_diao_needs_self_draw",)),
    ("jing_diao on a discard, self-draw-only off", "1122m3344p7788s5s", "1z",
     {"jing_diao_self_draw_only": False}, {"win_type": "discard"},
     (["qi_dui", "jing_diao"], 2, 0)),
    # 地胡 (non-dealer, first turn, dealer's discard) lets a 精钓 hand win on a discard:
    # the flat tian_di_hu_points 20, fan 0
    ("jing_diao as di_hu", "1122m3344p7788s5s", "1z", {},
     {"win_type": "discard", "first_turn": True, "is_dealer": False}, (["di_hu"], 0, 20)),
    # --- a claimed 精 -----------------------------------------------------------------------
    # 12p needs 3p; a 5s claimed from a discard is only 5s → no shape
    ("claimed jing is natural", "123m456m789m12p99p", "5s", {}, {"win_type": "discard"},
     ("no_winning_shape",)),
    ("claimed jing may substitute", "123m456m789m12p99p", "5s",
     {"claimed_jing_is_natural": False}, {"win_type": "discard"}, (["ping_hu"], 0, 0)),
    ("self-drawn jing is wild", "123m456m789m12p99p", "5s", {}, {}, (["ping_hu"], 0, 0)),
    ("robbed jing is natural", "123m456m789m12p99p", "5s", {}, {"win_type": "rob_kong"},
     ("no_winning_shape",)),
    # --- all-精 pairs in 七小对 --------------------------------------------------------------
    # six pairs + 5s, 6s drawn: the last pair is two 精 (at face 5s 6s is no pair);
    # before the win six pairs + a 精 → 精钓: 七小对 1 + 精钓 1 = 2 …
    ("jing pair in qi_dui", "1122m3344p7788s5s", "6s", {}, {}, (["qi_dui", "jing_diao"], 2, 0)),
    # … and still a win when all-精 groups are refused (issue 14): each 精 sits on a 1m,
    # 1m+5s 1m+6s = four 1m, two pairs (RULES.md §0.6) that each hold a natural; 精钓 is
    # of the 13 tiles before the win (six pairs + 5s): 七小对 1 + 精钓 1 = 2 …
    ("jing pair in qi_dui, jing_only_group_allowed off", "1122m3344p7788s5s", "6s",
     {"jing_only_group_allowed": False}, {}, (["qi_dui", "jing_diao"], 2, 0)),
    # … but not when four alike are no two pairs either: the two 精 would be a pair alone
    ("jing pair in qi_dui, all-jing groups and four-as-two off", "1122m3344p7788s5s", "6s",
     {"jing_only_group_allowed": False, "qidui_allow_four": False}, {},
     ("no_winning_shape",)),
    # --- ties: highest fan, then the highest amount (§0.7) ----------------------------------
    # at face value 111p 999m 777z 456s 44z = 平胡 + 德国 = 1 (flat 5); substituting,
    # 4s + 5s 6s as 444s = 大七对 = 1 (flat 0): equal fan, 德国's flat pays more
    ("tie goes to the higher amount", "111p999m777z456s4z", "4z", {}, {},
     (["ping_hu", "de_guo"], 1, 5)),
    # --- no shape at all ------------------------------------------------------------------
    ("no shape", "123m456m789m13p5z9p", "9p", {}, {}, ("no_winning_shape",)),
]


@pytest.mark.parametrize(("name", "hand", "win", "options", "context", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_shapes_and_bonuses(name: str, hand: str, win: str, options: dict[str, Any],
                            context: dict[str, Any], expected: tuple[Any, ...]) -> None:
    assert summary(fan(hand, win, options=options, **context)) == expected


MELD_CASES = [
    # a pong of 正精 5s is natural in a meld: the rest 123m456m789m 99p needs no substitute →
    # 平胡 0 + 德国 1 = 1, flat 5 …
    ("jing pong is natural", "123m456m789m9p", "9p", ("pong:555s",), {},
     (["ping_hu", "de_guo"], 1, 5)),
    # … but "no 精 at all" fails with deguo_allow_natural_jing off: 0
    ("jing pong, deguo_allow_natural_jing off", "123m456m789m9p", "9p", ("pong:555s",),
     {"deguo_allow_natural_jing": False}, (["ping_hu"], 0, 0)),
    # a declared chow blocks 大七对: 111m 222p 44z+5s 77z + chow = 平胡 0 …
    ("chow meld blocks da_qi_dui", "111m222p44z7z5s", "7z", ("chow:123s",), {},
     (["ping_hu"], 0, 0)),
    # … a pong does not: 大七对 1
    ("pong meld keeps da_qi_dui", "111m222p44z7z5s", "7z", ("pong:333s",), {},
     (["da_qi_dui"], 1, 0)),
    # three pongs + 9p 5s5s6s, win 6s self-drawn (wild): 9p+2 精 triplet and a pair of 精
    # (or 9p+精 pair and three 精): some group is all 精. Before the win, without one 精,
    # 9p 5s 6s is a group → 精钓. 大七对 1 + 精钓 1 = 2 …
    ("all-jing group", "9p5s5s6s", "6s", ("pong:111m", "pong:222m", "pong:333p"), {},
     (["da_qi_dui", "jing_diao"], 2, 0)),
    # … and no win when all-精 groups are not allowed (at face value 9p 55s 66s is no shape)
    ("all-jing group, jing_only_group_allowed off", "9p5s5s6s", "6s",
     ("pong:111m", "pong:222m", "pong:333p"), {"jing_only_group_allowed": False},
     ("no_winning_shape",)),
    # honor chow meld (东西北) with honor_chow: 平胡 0 + 德国 1 = 1
    ("honor chow meld", "123m456m567z9p", "9p", ("chow:134z",), {},
     (["ping_hu", "de_guo"], 1, 5)),
]


@pytest.mark.parametrize(("name", "hand", "win", "melds", "options", "expected"), MELD_CASES,
                         ids=[c[0] for c in MELD_CASES])
def test_declared_melds(name: str, hand: str, win: str, melds: tuple[str, ...],
                        options: dict[str, Any], expected: tuple[Any, ...]) -> None:
    assert summary(fan(hand, win, melds=melds, options=options)) == expected


def test_honor_chow_meld_is_a_bad_meld_without_the_option() -> None:
    with pytest.raises(RequestError) as caught:
        fan("123m456m567z9p", "9p", melds=("chow:134z",), options={"honor_chow": False})
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.BAD_MELD, "#/melds/0/tiles")]


def test_a_108_tile_room_rejects_honors() -> None:
    # the same honor-chow hand is a win with 136 tiles (above) and invalid with 108
    with pytest.raises(RequestError) as caught:
        fan("123z567z123m456m9p", "9p", options={"tile_set": "108"})
    assert caught.value.code is Code.INVALID_TILE


def test_a_108_tile_room_scores_suit_hands_alike() -> None:
    # 平胡 0 + 德国 1 = 1 in either tile set
    assert summary(fan("123m456m789m123p9p", "9p", options={"tile_set": "108"})) == (
        ["ping_hu", "de_guo"], 1, 5)


# --- the reading ---------------------------------------------------------------------------

def groups(answer: FanAnswer) -> list[tuple[str, list[str], list[str], bool]]:
    assert answer.reading is not None
    return [(g.kind, list(g.tiles), list(g.as_), g.declared) for g in answer.reading.groups]


def test_reading_says_what_the_jing_stood_for() -> None:
    answer = fan("123m456m789m12p5s9p", "9p")
    assert answer.reading is not None and answer.reading.shape == "standard"
    found = groups(answer)
    # 1p 2p + 5s(精) read as the chow 1p 2p 3p; every other tile as itself
    assert ("chow", ["1p", "2p", "5s"], ["1p", "2p", "3p"], False) in found
    assert ("pair", ["9p", "9p"], ["9p", "9p"], False) in found
    assert sorted(t for g in found for t in g[1]) == sorted(
        ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "5s", "9p", "9p"])
    assert all(g[1] == g[2] for g in found if "5s" not in g[1])


def test_reading_of_a_jing_completing_a_triplet_and_declared_melds() -> None:
    answer = fan("111m222p44z7z5s", "7z", melds=("pong:333s",))
    found = groups(answer)
    assert ("pong", ["4z", "4z", "5s"], ["4z", "4z", "4z"], False) in found
    assert found[-1] == ("pong", ["3s", "3s", "3s"], ["3s", "3s", "3s"], True)


def test_reading_of_a_face_value_win_has_no_substitute() -> None:
    answer = fan("123m456m789m456s9p", "9p")  # 德国: 456s at face value
    assert all(tiles == as_ for _, tiles, as_, _ in groups(answer))
    assert ("chow", ["4s", "5s", "6s"], ["4s", "5s", "6s"], False) in groups(answer)


def test_reading_of_all_jing_groups() -> None:
    answer = fan("9p5s5s6s", "6s", melds=("pong:111m", "pong:222m", "pong:333p"))
    concealed = [g for g in groups(answer) if not g[3]]
    # the five concealed tiles, each in one group; every group reads as one kind
    assert Counter(t for g in concealed for t in g[1]) == Counter(
        {"9p": 1, "5s": 2, "6s": 2})
    assert sorted(g[0] for g in concealed) == ["pair", "pong"]
    assert all(len(set(g[2])) == 1 for g in concealed)


def test_seven_stars_reading_keeps_the_honors() -> None:
    answer = fan("147m25p4s1234567z", "5s")
    found = groups(answer)
    # every honor is itself; the 精 5s stands for a suit tile that fits 十三烂
    assert all(tiles == as_ for _, tiles, as_, _ in found if tiles[0].endswith("z"))
    (wild,) = [g for g in found if g[1] == ["5s"]]
    assert wild[0] == "single" and wild[2][0] in ("8p", "9p", "1s", "7s", "8s", "9s")


def test_seven_pairs_reading() -> None:
    answer = fan("1122m3344p7788s5s", "1z")
    assert answer.reading is not None and answer.reading.shape == "seven_pairs"
    # the 精 pairs with the drawn 1z
    assert ("pair", ["1z", "5s"], ["1z", "1z"], False) in groups(answer) or (
        "pair", ["5s", "1z"], ["1z", "1z"], False) in groups(answer)


# --- 七对 with spare 精 when all-精 groups are off (issue 14) -----------------------------

NO_JING_GROUPS = {"jing_only_group_allowed": False}


def test_spare_jing_split_a_natural_pair_in_seven_pairs() -> None:
    # 11m 55m 99m 33p 77p 11s = six natural pairs, 精 5z (正) and 6z (副) spare: no pair may
    # be two 精, but 1m+5z and 1m+6z are four 1m = two pairs, each with a natural → 七小对 1;
    # before the win six pairs + 5z is 精钓 +1 → fan 2; at face value 5z 6z is no pair
    data = body("1155m99m3377p11s5z", "6z", jing={"zheng": "5z", "fu": "6z"},
                options=NO_JING_GROUPS)
    win = VARIANT.win(VARIANT.request(data))
    assert win.win and win.shapes == ("seven_pairs",)
    answer = VARIANT.fan(VARIANT.request(data))
    assert summary(answer) == (["qi_dui", "jing_diao"], 2, 0)
    # the reading puts one 精 on each 1m: no pair of two 精
    assert ("pair", ["1m", "5z"], ["1m", "1m"], False) in groups(answer)
    assert ("pair", ["1m", "6z"], ["1m", "1m"], False) in groups(answer)


def test_spare_jing_waits_in_seven_pairs() -> None:
    # 77m 88m 33p 44p 55s + 2s, 精 3s and 4s: without one 精 the rest is six pairs
    # (2s + the other 精) → 精钓, it waits on every kind. Drawing 2s: six natural pairs and
    # two spare 精, which split a pair (as above); drawing 3s or 4s: 2s+精 and two spare 精.
    # Today's code missed exactly 2s, 3s and 4s.
    data = body("7788m3344p23455s", None, jing={"zheng": "3s", "fu": "4s"},
                options=NO_JING_GROUPS)
    waits = [w.tile for w in VARIANT.waits(VARIANT.request(data)).waits]
    assert waits == [T.code(k) for k in range(34)]


def test_spare_jing_split_a_pair_in_jing_diao() -> None:
    # 11m 55m 99m 33p 77p + 精 5z 5z 6z before the win: without one 精, five natural pairs
    # and two 精, which sit on the 11m (four 1m = two pairs, each with a natural): six pairs
    # → 精钓. Drawn 2z: 2z+精 and the same split → 七小对 1 + 精钓 1 = 2 …
    jing = {"zheng": "5z", "fu": "6z"}
    self_drawn = body("1155m99m3377p556z", "2z", jing=jing, options=NO_JING_GROUPS)
    assert summary(VARIANT.fan(VARIANT.request(self_drawn))) == (["qi_dui", "jing_diao"], 2, 0)
    # … so on a discard the hand cannot win (RULES.md §3.5)
    discard = body("1155m99m3377p556z", "2z", jing=jing, options=NO_JING_GROUPS,
                   win_type="discard")
    assert summary(VARIANT.fan(VARIANT.request(discard))) == ("jing_diao_needs_self_draw",)


# --- the win operation ---------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "win", "shapes"), [
    ("1122m3344p7788s1z", "1z", ("seven_pairs",)),
    # 112233m = 123m×2 and 445566p = 456p×2, or seven pairs: both shapes
    ("112233m445566p7s", "7s", ("standard", "seven_pairs")),
    ("147m258p39s12345z", "6z", ("shi_san_lan",)),
])
def test_win_lists_shapes(hand: str, win: str, shapes: tuple[str, ...]) -> None:
    answer = VARIANT.win(VARIANT.request(body(hand, win)))
    assert answer.win and answer.shapes == shapes


def test_win_gives_the_reason() -> None:
    answer = VARIANT.win(VARIANT.request(body("123m456m789m123p5s", "9p", win_type="discard")))
    assert (answer.win, answer.reason) == (False, "jing_diao_needs_self_draw")


def test_answer_members_in_wire_order() -> None:
    answer = fan("123m456m789m123p9p", "9p")
    assert list(answer.__dataclass_fields__) == [
        "win", "reason", "patterns", "fan", "multiplier", "flat_per_payer", "payments",
        "reading", "options"]
    assert answer.multiplier == 2  # 2^1
    assert answer.patterns is not None
    assert [(p.name_zh, p.fan) for p in answer.patterns] == [("平胡", 0), ("德国", 1)]


# --- the variant's declaration ---------------------------------------------------------------

def test_registered_with_every_option_of_section_3_8() -> None:
    assert REGISTRY["nanchang"] is VARIANT
    defaults = {s.name: s.default for s in VARIANT.option_specs}
    assert defaults == {
        "tile_set": "136", "jing_mode": "indicator_is_zheng", "honor_chow": True,
        "qidui_allow_four": True, "shisanlan_allow_jing": True,
        "deguo_allow_natural_jing": True, "claimed_jing_is_natural": True,
        "jing_only_group_allowed": True, "jing_diao_self_draw_only": True,
        "wu_ping_hu": False, "dianpao_pay": "three_pay", "dealer_double": True,
        "deguo_flat": 5, "jing_diao_flat": 0, "tian_di_hu_points": 20,
        "bawang_mode": "double", "jing_count_discards": True,
        # rules/claims.md §3.8
        "guo_hu": "not_higher", "locked_kong": "same_waits", "shi_ti": "allowed",
        "rob_kong": True, "rob_exposed_kong": False, "late_added_kong": True,
        # settle-nanchang.md §3.9.9, after today's options (reconciled.md §7)
        "kong_scoring": "at_once", "xia_jing_pairs": 0, "chong_guan_bao_pei": True,
        "chao_zhuang_points": 5, "hui_tou_yi_xiao": False, "shang_xia_fan_jing": False,
        # rules/rooms.md §0.9.8, last (reconciled.md §7)
        "players": 4}
    assert list(defaults)[-7:] == ["kong_scoring", "xia_jing_pairs", "chong_guan_bao_pei",
                                   "chao_zhuang_points", "hui_tou_yi_xiao",
                                   "shang_xia_fan_jing", "players"]
    assert all(s.description for s in VARIANT.option_specs)
    # reconciled.md §7: settle after today's operations, advice after every other
    assert list(VARIANT.operations()) == ["win", "waits", "fan", "discards", "kong", "jing",
                                          "jing-settlement", "claims", "settle", "advice"]


@pytest.mark.parametrize(("options", "pointer"), [
    ({"tile_set": "112"}, "#/options/tile_set"),
    ({"jing_mode": "next"}, "#/options/jing_mode"),
    ({"dianpao_pay": "all"}, "#/options/dianpao_pay"),
    ({"bawang_mode": "triple"}, "#/options/bawang_mode"),
    ({"deguo_flat": -1}, "#/options/deguo_flat"),
    ({"wu_ping_hu": "yes"}, "#/options/wu_ping_hu"),
    ({"max_fan": 3}, "#/options/max_fan"),
    ({"kong_scoring": "at_end"}, "#/options/kong_scoring"),  # 红中's word, not 南昌's
    ({"xia_jing_pairs": 6}, "#/options/xia_jing_pairs"),
    ({"xia_jing_pairs": -1}, "#/options/xia_jing_pairs"),
    ({"chao_zhuang_points": 101}, "#/options/chao_zhuang_points"),
    ({"chong_guan_bao_pei": 1}, "#/options/chong_guan_bao_pei"),
    ({"hui_tou_yi_xiao": "true"}, "#/options/hui_tou_yi_xiao"),
    ({"shang_xia_fan_jing": None, "kong_scoring": 2}, "#/options/kong_scoring"),
])
def test_bad_options(options: dict[str, Any], pointer: str) -> None:
    with pytest.raises(RequestError) as caught:
        fan("123m456m789m123p9p", "9p", options=options)
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.INVALID_OPTION, pointer)]


def test_jing_is_required_and_reported_with_the_hand_problems() -> None:
    with pytest.raises(RequestError) as caught:
        VARIANT.fan(VARIANT.request(body("123m456m789m123p", "9p", jing=None)))
    assert caught.value.code is Code.MISSING_FIELD
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.MISSING_FIELD, "#/context/jing"), (Code.BAD_TILE_COUNT, "#/hand")]


@pytest.mark.parametrize("op", ["win", "waits", "discards"])
def test_every_hand_operation_needs_jing(op: str) -> None:
    hand = {"win": ("123m456m789m123p9p", "9p"), "waits": ("123m456m789m123p9p", None),
            "discards": ("123m456m789m123p9p9s", None)}[op]
    with pytest.raises(RequestError) as caught:
        VARIANT.operations()[op](VARIANT.request(body(*hand, jing=None)))
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.MISSING_FIELD, "#/context/jing")]


def test_jing_outside_the_tile_set() -> None:
    with pytest.raises(RequestError) as caught:
        fan("123m456m789m123p9p", "9p", options={"tile_set": "108"},
            jing={"zheng": "7z", "fu": "6z"})
    assert [(p.code, p.pointer) for p in caught.value.problems] == [
        (Code.INVALID_TILE, "#/context/jing/zheng"), (Code.INVALID_TILE, "#/context/jing/fu")]


SETTLE_OPTIONS = {"kong_scoring": "end_of_won_hand", "xia_jing_pairs": 3,
                  "chong_guan_bao_pei": False, "chao_zhuang_points": 2,
                  "hui_tou_yi_xiao": True, "shang_xia_fan_jing": True}
"""settle-nanchang.md §3.9.9's options, none at its default."""

OPERATION_BODIES: dict[str, dict[str, Any]] = {
    "win": body("123m456m789m123p9p", "9p"),
    "waits": body("123m456m789m123p9p"),
    "fan": body("123m456m789m123p9p", "9p"),
    "discards": body("123m456m789m123p9p1z"),
    "kong": body(None, kong={"type": "exposed", "tile": "3m"}, seats={"konger": 1}),
    "jing": {"context": {"indicator": "9p"}},
    "jing-settlement": {"context": {"holdings": [{"zheng": 1}, {}, {}, {"fu": 2}]}},
    "claims": {"hand": "123m456m789p123s9s", "tile": "9s",
               "context": {"source": "discard_left", "jing": J}},
    "advice": {"hand": "123m456m789m23p55p", "context": {"jing": J, "draws_left": 1}},
    # the dealt hands and the 下精 turned at the start, which shang_xia_fan_jing needs
    "settle": {"record": {"dealer": 0, "shang_jing": "9m", "events": [], "opening": {
        "xia_jing": "3p", "hands": ["33p4p123m456m789s11z", "111m999m567s22z33z",
                                    "777m888m123s44z5z6z", "222m333m456s5p6p7p9p"]}}},
}


@pytest.mark.parametrize("operation", list(VARIANT.operations()))
def test_every_operation_accepts_and_echoes_the_settle_options(operation: str) -> None:
    """Every 南昌 operation accepts §3.9.9's options and echoes them after today's, in the
    spec's order (reconciled.md §7); none of them changes an answer but ``kong``'s."""
    run = VARIANT.operations()[operation]
    data = OPERATION_BODIES[operation]
    with_settle = run(VARIANT.request({**data, "options": SETTLE_OPTIONS}))
    echoed = with_settle.options
    assert list(echoed) == [s.name for s in VARIANT.option_specs]
    assert {k: echoed[k] for k in SETTLE_OPTIONS} == SETTLE_OPTIONS
    assert list(echoed)[-7:-1] == list(SETTLE_OPTIONS)  # (then rooms.md's players)
    if operation == "settle":
        return  # it reads them all (tests/engine/variants/nanchang/settle/)
    plain = run(VARIANT.request(data))
    if operation == "kong":
        # exposed 3m: 1 from each at once, 2 from each at the end of a won hand
        assert plain.payments == (-1, 3, -1, -1)
        assert with_settle.payments == (-2, 6, -2, -2)
    else:
        assert replace(with_settle, options=None) == replace(plain, options=None)
