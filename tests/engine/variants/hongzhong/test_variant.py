"""红中麻将 (RULES.md §4): win forms with 0–8 wildcards, patterns, options, readings.

Every expected value is worked out by hand from RULES.md §4 (the arithmetic is in the
comment beside it). Hands go through the variant's `request`, as the service sends them.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import tiles as T
from engine.errors import RequestError
from engine.variants.base import Variant
from engine.variants.hongzhong import variant as hz

V = hz.VARIANT
TWO_WILD = {"tile_set": "136", "wild_tiles": ["5z", "7z"]}


def body(hand: str, win: str | None = None, *, melds: list[dict[str, Any]] | None = None,
         ctx: dict[str, Any] | None = None, opts: dict[str, Any] | None = None) -> Any:
    data: dict[str, Any] = {"hand": hand}
    if win is not None:
        data["win_tile"] = win
    if melds:
        data["melds"] = melds
    if ctx:
        data["context"] = ctx
    if opts:
        data["options"] = opts
    return hz.VARIANT.request(data)


def fan(hand: str, win: str, **kw: Any) -> hz.HongzhongFanAnswer:
    return V.fan(body(hand, win, **kw))


def pats(answer: Any) -> list[tuple[str, int]]:
    return [(p.id, p.fan) for p in answer.patterns]


# ---------------------------------------------------------------------------------------------
# Win forms, 0 to 8 wildcards (self-draw, the default win type)

WINS = [
    # (hand, win, options, shapes, fan, wildcards)
    # standard shape
    ("123m456m789m123p5p", "5p", {}, ("standard",), 0, 0),
    # 7z drawn stands for 2p: 1p(7z)3p; 55s pair
    ("123m456m789m13p55s", "7z", {}, ("standard",), 0, 1),
    # wildcard pair: 5p + 7z
    ("123m456m789m123p7z", "5p", {}, ("standard",), 0, 1),
    # two wildcards as the pair on their own
    ("123m456m789m123p7z", "7z", {}, ("standard",), 0, 2),
    # three wildcards as a meld of their own; 55p the pair
    ("123m456m789m55p7z7z", "7z", {}, ("standard",), 0, 3),
    # all four 红中: 5p+7z pair, 7z7z7z meld — a standard shape, so not 四红中
    ("123m456m789m7z7z7z7z", "5p", {}, ("standard",), 0, 4),
    # two wild kinds, 5 wildcards: three m chows + WWW + WW
    ("123m456m789m5z5z7z7z", "7z", TWO_WILD, ("standard",), 0, 5),
    # 6 wildcards: 123m 456m, 1p+W pair, 9p+WW, WWW
    ("123m456m19p5z5z5z7z7z", "7z", TWO_WILD, ("standard",), 0, 6),
    # 7 wildcards: 123m, 1p+WW, 9p+WW, 1s+WW, 9s+W pair (2+2+2+1 = 7); also 七对 (7
    # singles, 7 W: 0 + 7 + 0 = 7) → qidui_fan 1
    ("123m19p9s5z5z5z5z7z7z7z", "1s", TWO_WILD, ("standard", "seven_pairs"), 1, 7),
    # the same with 七对 off
    ("123m19p9s5z5z5z5z7z7z7z", "1s", {**TWO_WILD, "qidui": False}, ("standard",), 0, 7),
    # 8 wildcards: 123m 456p WWW WWW WW; also 七对 (6 singles + 6 W, 2 W a pair: 6+1 = 7),
    # which scores qidui_fan 1 > 0
    ("123m456p5z5z5z5z7z7z7z", "7z", TWO_WILD, ("standard", "seven_pairs"), 1, 8),
    # the same with 七对 off: standard only, fan 0
    ("123m456p5z5z5z5z7z7z7z", "7z", {**TWO_WILD, "qidui": False}, ("standard",), 0, 8),
    # 七对
    ("1133m5577p22499s", "4s", {}, ("seven_pairs",), 1, 0),
    # 4s + 7z a pair
    ("1133m5577p2299s7z", "4s", {}, ("seven_pairs",), 1, 1),
    # two wildcards pair the singles 2s and 9s
    ("1133m5577p249s7z7z", "4s", {}, ("seven_pairs",), 1, 2),
    # two wildcards as a pair of their own
    ("1133m5577p2299s7z", "7z", {}, ("seven_pairs",), 1, 2),
    # three singles 2s 9s 4s, three wildcards (W − s = 0); no standard: 11m + 3 pairs need
    # 3 W, then 2s 4s 9s need more
    ("1133m5577p29s7z7z7z", "4s", {}, ("seven_pairs",), 1, 3),
    # four quads as two pairs: 11m 11m 55p 77p 22s 44s 99s
    ("1111m5577p22499s", "4s", {}, ("seven_pairs",), 1, 0),
    # four wildcards: pairs 4, singles 2s 4s, W−s = 2 → one WW pair: 4+2+1 = 7; also
    # standard: 11m pair, 33m+W, 55p+W, 77p+W, 2s W 4s (4 W) — 七对 scores more (1 > 0)
    ("1133m5577p2s7z7z7z7z", "4s", {}, ("standard", "seven_pairs"), 1, 4),
    # six wildcards (136, 5z and 7z): pairs 11m 33m 55p; singles 9p 4s; W−s = 4 → 2 WW
    # pairs: 3+2+2 = 7; standard: 11m pair, 33m+W, 55p+W, 9p+WW, 4s+WW = 6 W
    ("1133m55p9p5z5z5z7z7z7z", "4s", TWO_WILD, ("standard", "seven_pairs"), 1, 6),
    # 十三幺 (136): no wildcard (the wild kind is 5p, not held)
    ("19m19p19s1234567z", "9s", {"tile_set": "136", "wild_tiles": ["5p"]},
     ("thirteen_orphans",), 0, 0),
    # 7z wild stands for 红中 itself; 1m the duplicate
    ("19m19p19s1234567z", "1m", {"tile_set": "136"}, ("thirteen_orphans",), 0, 1),
    # gaps 9s and 7z filled by the two 7z wildcards
    ("19m19p1s123456z7z7z", "1m", {"tile_set": "136"}, ("thirteen_orphans",), 0, 2),
    # gaps 9s, 6z, 7z filled by three wildcards
    ("19m19p1s12345z7z7z7z", "1m", {"tile_set": "136"}, ("thirteen_orphans",), 0, 3),
    # the drawn wildcard is the duplicate, the held one 7z
    ("19m19p19s123456z7z", "7z", {"tile_set": "136"}, ("thirteen_orphans",), 0, 2),
    # 四红中: 1m 4m 7m need three groups, 2p 5p 8p three more: 6 > 5 groups; 七对: 10
    # singles > 4 wildcards — no shape, so all four 红中 after a self-draw win
    ("147m258p1369s7z7z7z", "7z", {}, ("four_wilds",), 0, 4),
]


@pytest.mark.parametrize(("hand", "win", "opts", "shapes", "fan_", "wilds"), WINS)
def test_win_forms(hand: str, win: str, opts: dict[str, Any], shapes: tuple[str, ...],
                   fan_: int, wilds: int) -> None:
    req = body(hand, win, opts=opts)
    wild_kinds = set(opts.get("wild_tiles", ["7z"]))
    held = T.codes(req.hand.concealed_with_win)
    assert sum(1 for t in held if t in wild_kinds) == wilds  # the row says what it tests
    answer = V.win(req)
    assert answer.win is True
    assert answer.shapes == shapes
    assert V.fan(req).fan == fan_


NON_WINS = [
    # (hand, win, options) — all answer no_winning_shape
    # 1p, 9s, 5s with two wildcards: any of them paired with a W leaves two far singles + W
    ("123m456m789m19p7z7z", "5s", {}),
    # the same hand without wildcards at all (wild_tiles empty: 7z is a plain tile)
    ("123m456m789m123p7z", "5p", {"wild_tiles": []}),
    # 5z is wild, 7z is not: 7z a single honor
    ("123m456m789m123p7z", "5p", {"tile_set": "136", "wild_tiles": ["5z"]}),
    # 十三幺 needs 9s and 7z, one wildcard only (1m duplicate uses no W)
    ("19m19p1s1234566z7z", "1m", {"tile_set": "136"}),
    # 十三幺 disabled
    ("19m19p19s1234567z", "1m", {"tile_set": "136", "shisanyao": False}),
    # 七对 disabled
    ("1133m5577p22499s", "4s", {"qidui": False}),
    # 四红中 off
    ("147m258p1369s7z7z7z", "7z", {"four_wild_win": "off"}),
    # 四红中 only on the first turn
    ("147m258p1369s7z7z7z", "7z", {"four_wild_win": "first_turn"}),
]


@pytest.mark.parametrize(("hand", "win", "opts"), NON_WINS)
def test_non_wins(hand: str, win: str, opts: dict[str, Any]) -> None:
    answer = V.win(body(hand, win, opts=opts))
    assert (answer.win, answer.reason) == (False, "no_winning_shape")
    assert fan(hand, win, opts=opts).reason == "no_winning_shape"


def test_two_wild_kinds_need_four_of_one_kind_for_si_hong_zhong() -> None:
    # 5z5z + 7z7z = four wildcards of two kinds; no standard (1m 4m 7m, 2p 5p 8p need six
    # groups), no 七对 (10 singles > 4): not all four copies of one wild kind → no win.
    req = body("147m258p1369s5z5z7z", "7z", opts=TWO_WILD)
    assert V.win(req).reason == "no_winning_shape"
    # four 5z and the drawn 7z: 5 wildcards, all four 5z → 四红中 (10 singles > 5 for 七对)
    req = body("147m258p1369s5z5z5z", "5z", opts=TWO_WILD)
    assert V.win(req).shapes == ("four_wilds",)


def test_si_hong_zhong_waits_on_either_wild_kind_one_copy_short() -> None:
    # 147m 258p 1s + three 5z + three 7z, both wild, 七对 off: no standard shape (1m 4m 7m
    # 2p 5p 8p 1s need seven groups), so only 四红中 — a fourth 5z or a fourth 7z (found by
    # the wildcard sweep: the waits stopped at the first wild kind, 5z)
    answer = V.waits(body("147m258p1s555z777z", opts={**TWO_WILD, "qidui": False}))
    assert [(w.tile, w.remaining) for w in answer.waits] == [("5z", 1), ("7z", 1)]


def test_four_wilds_first_turn_and_not_on_discard() -> None:
    hand = "147m258p1369s7z7z7z"
    first = {"four_wild_win": "first_turn"}
    assert V.win(body(hand, "7z", opts=first, ctx={"first_turn": True})).shapes == (
        "four_wilds",)
    # a discarded 7z is not a self-draw: no 四红中 even with discard wins allowed
    discard = body(hand, "7z", opts={"win_by_discard": "yes"}, ctx={"win_type": "discard"})
    assert V.win(discard).reason == "no_winning_shape"


# ---------------------------------------------------------------------------------------------
# Discard wins and claimed wildcards


@pytest.mark.parametrize(("hand", "win", "mode", "reason"), [
    # no wildcard held
    ("123m456m789m123p5p", "5p", "no", "discard_win_not_allowed"),
    ("123m456m789m123p5p", "5p", "yes", None),
    ("123m456m789m123p5p", "5p", "only_without_wild", None),
    # a 7z held (the wildcard pair)
    ("123m456m789m123p7z", "5p", "yes", None),
    ("123m456m789m123p7z", "5p", "only_without_wild", "discard_win_not_allowed"),
    # not complete: no_winning_shape comes first (§0.7)
    ("123m456m789m123p4s", "5p", "no", "no_winning_shape"),
])
def test_win_by_discard(hand: str, win: str, mode: str, reason: str | None) -> None:
    answer = V.win(body(hand, win, opts={"win_by_discard": mode},
                        ctx={"win_type": "discard"}))
    assert answer.win is (reason is None)
    assert answer.reason == reason


def test_rob_kong_is_always_a_win_default_self_draw() -> None:
    hand = "123m456m789m123p5p"
    assert V.win(body(hand, "5p", ctx={"win_type": "rob_kong"})).win is True
    # no win_type: a self-draw in 红中 (§0.3), so win_by_discard "no" does not stop it
    assert V.win(body(hand, "5p")).win is True


@pytest.mark.parametrize(("natural", "win"), [(True, False), (False, True)])
def test_claimed_wild_is_natural(natural: bool, win: bool) -> None:
    # 123m456m789m 13p 55s + a discarded 7z: as a wildcard it is 2p (win); at face value a
    # lone 红中 (no shape)
    answer = V.win(body("123m456m789m13p55s", "7z", ctx={"win_type": "discard"},
                        opts={"win_by_discard": "yes", "claimed_wild_is_natural": natural}))
    assert answer.win is win


def test_claimed_natural_wild_completes_a_pong() -> None:
    # 7z7z held are wildcards, the claimed 7z is natural: 7z + W + W is a 红中 pong and 55p
    # the pair (or 55p + W a pong and 7z + W the pair) → win, fan 0
    req = body("123m456m789m5p5p7z7z", "7z", ctx={"win_type": "discard"},
               opts={"win_by_discard": "yes"})
    assert V.fan(req).fan == 0


# ---------------------------------------------------------------------------------------------
# Bonus options: pairs differing only in the option


@pytest.mark.parametrize(("opts", "patterns", "fan_"), [
    # 111m 222p 333s 55p + 9s with 7z7z (999s): a triplets-only reading
    ({}, [("ping_hu", 0)], 0),
    ({"pengpenghu_fan": 1}, [("ping_hu", 0), ("peng_peng_hu", 1)], 1),
])
def test_pengpenghu(opts: dict[str, Any], patterns: list[tuple[str, int]], fan_: int) -> None:
    answer = fan("111m222p333s55p7z7z", "9s", opts=opts)
    assert (pats(answer), answer.fan) == (patterns, fan_)


def test_pengpenghu_needs_triplets_reading() -> None:
    # 1m…9m once each can only be chows, whatever the three wildcards do → no 碰碰胡
    # even when it is worth 1
    answer = fan("123m456m789m55p7z7z", "7z", opts={"pengpenghu_fan": 1})
    assert pats(answer) == [("ping_hu", 0)]


def test_pengpenghu_all_wild_meld_and_pong_melds() -> None:
    # declared pongs 111m 999p 222s; concealed 55s + three wildcards: 55s pair + WWW, or
    # 555s + WW — triplets only: ping_hu 0 + peng_peng_hu 2 = 2
    answer = fan("55s7z7z", "7z", melds=[
        {"type": "pong", "tiles": "111m"}, {"type": "pong", "tiles": "999p"},
        {"type": "pong", "tiles": "222s"}], opts={"pengpenghu_fan": 2})
    assert (pats(answer), answer.fan) == ([("ping_hu", 0), ("peng_peng_hu", 2)], 2)


@pytest.mark.parametrize(("opts", "patterns", "fan_"), [
    # all naturals 万: 123m 345m 678m 99m + 5m with 7z7z
    ({}, [("ping_hu", 0)], 0),
    ({"qingyise_fan": 2}, [("ping_hu", 0), ("qing_yi_se", 2)], 2),
])
def test_qingyise(opts: dict[str, Any], patterns: list[tuple[str, int]], fan_: int) -> None:
    answer = fan("123m345m678m99m7z7z", "5m", opts=opts, ctx={"seats": {"winner": 0}})
    assert (pats(answer), answer.fan) == (patterns, fan_)
    # self-draw: each pays 2 × 2^fan: fan 0 → 2 (winner +6), fan 2 → 8 (winner +24)
    each = 2 * 2**fan_
    assert answer.payments == (3 * each, -each, -each, -each)


def test_qingyise_not_with_a_claimed_natural_honor() -> None:
    # the claimed 7z is natural (a 红中 pong with the two wildcards): naturals not one suit
    answer = fan("123m456m789m11m7z7z", "7z", ctx={"win_type": "discard"},
                 opts={"win_by_discard": "yes", "qingyise_fan": 1})
    assert pats(answer) == [("ping_hu", 0)]


@pytest.mark.parametrize(("hand", "win", "opts", "patterns", "fan_"), [
    # no wildcard held
    ("123m456m789m123p5p", "5p", {}, [("ping_hu", 0)], 0),
    ("123m456m789m123p5p", "5p", {"no_wild_fan": 1}, [("ping_hu", 0), ("wu_hong_zhong", 1)],
     1),
    # a 7z held: no bonus however much it is worth
    ("123m456m789m123p7z", "5p", {"no_wild_fan": 1}, [("ping_hu", 0)], 0),
    # the 7z is the claimed win tile at face value: still a 红中 held (decision), no bonus
    ("123m456m789m5p5p7z7z", "7z", {"no_wild_fan": 1, "win_by_discard": "yes"},
     [("ping_hu", 0)], 0),
])
def test_no_wild_fan(hand: str, win: str, opts: dict[str, Any],
                     patterns: list[tuple[str, int]], fan_: int) -> None:
    ctx = {"win_type": "discard"} if opts.get("win_by_discard") else None
    answer = fan(hand, win, opts=opts, ctx=ctx)
    assert (pats(answer), answer.fan) == (patterns, fan_)


@pytest.mark.parametrize(("opts", "fan_"), [({}, 1), ({"qidui_fan": 3}, 3)])
def test_qidui_fan(opts: dict[str, Any], fan_: int) -> None:
    answer = fan("1133m5577p22499s", "4s", opts=opts, ctx={"seats": {"winner": 3}})
    assert pats(answer) == [("qi_dui", fan_)]
    # each of three pays 2 × 2^fan: fan 1 → 4 (winner 12); fan 3 → 16 (winner 48)
    each = 2 * 2**fan_
    assert answer.payments == (-each, -each, -each, 3 * each)


@pytest.mark.parametrize(("opts", "fan_"), [({}, 0), ({"shisanyao_fan": 2}, 2)])
def test_shisanyao_fan(opts: dict[str, Any], fan_: int) -> None:
    answer = fan("19m19p1s123456z7z7z", "1m", opts={"tile_set": "136", **opts})
    assert (pats(answer), answer.fan) == ([("shi_san_yao", fan_)], fan_)


def test_all_bonuses_stack_on_qidui() -> None:
    # 七对 all 万 without wildcard: qi_dui 1 + qing_yi_se 2 + wu_hong_zhong 1 = 4
    answer = fan("1133557799m224m", "4m",
                 opts={"qingyise_fan": 2, "no_wild_fan": 1, "pengpenghu_fan": 3})
    assert pats(answer) == [("qi_dui", 1), ("qing_yi_se", 2), ("wu_hong_zhong", 1)]
    assert answer.fan == 4


def test_best_shape_wins_by_fan() -> None:
    # 112233m 445566m 77m: standard 123m 123m 456m 456m 77m (fan 0) vs 七对 11 22 33 44 55
    # 66 77 (fan 1) → 七对; with qidui_fan 0 both are 0 → the standard (first in §4.2)
    hand, win = "112233m445566m7m", "7m"
    assert pats(fan(hand, win)) == [("qi_dui", 1)]
    assert pats(fan(hand, win, opts={"qidui_fan": 0})) == [("ping_hu", 0)]


# ---------------------------------------------------------------------------------------------
# Tile sets, wild tiles, chows


@pytest.mark.parametrize(("tile_set", "win"), [("112", None), ("136", True)])
def test_tile_set(tile_set: str, win: bool | None) -> None:
    req = body("123m456m789m1z1z1z5p", "5p", opts={"tile_set": tile_set})
    if win is None:
        with pytest.raises(RequestError) as e:
            V.win(req)
        assert e.value.code == "invalid_tile"
        assert e.value.problems[0].pointer == "#/hand"
    else:
        assert V.win(req).win is True


@pytest.mark.parametrize(("wild", "win"), [
    (["7z"], True),   # 7z + 5p the pair
    ([], False),      # 7z a lone honor
])
def test_wild_tiles_option(wild: list[str], win: bool) -> None:
    assert V.win(body("123m456m789m123p7z", "5p", opts={"wild_tiles": wild})).win is win


def test_baiban_as_wild() -> None:
    # 白板做鬼: 5z is the wildcard (here as 5p of the pair)
    opts = {"tile_set": "136", "wild_tiles": ["5z"]}
    assert V.win(body("123m456m789m123p5z", "5p", opts=opts)).win is True


@pytest.mark.parametrize(("opts", "pointer"), [
    ({"wild_tiles": ["1z"]}, "#/options/wild_tiles/0"),          # not in the 112 set
    ({"wild_tiles": ["7z", "7z"]}, "#/options/wild_tiles/1"),    # twice
    ({"wild_tiles": ["8z"]}, "#/options/wild_tiles/0"),          # not a tile
    ({"wild_tiles": "7z"}, "#/options/wild_tiles"),              # not a list
    ({"tile_set": "108"}, "#/options/tile_set"),
    ({"four_wild_win": "never"}, "#/options/four_wild_win"),
    ({"qidui_fan": -1}, "#/options/qidui_fan"),
    ({"qidui_fan": 9}, "#/options/qidui_fan"),
    ({"zimo_unit": 0}, "#/options/zimo_unit"),
    ({"red_dragon": True}, "#/options/red_dragon"),
])
def test_bad_options(opts: dict[str, Any], pointer: str) -> None:
    with pytest.raises(RequestError) as e:
        V.win(body("123m456m789m123p5p", "5p", opts=opts))
    assert e.value.code == "invalid_option"
    assert [p.pointer for p in e.value.problems] == [pointer]


def test_wild_tiles_in_136_and_empty() -> None:
    opts = V.options(body("1m", opts={"tile_set": "136", "wild_tiles": ["1z", "9s"]}))
    assert opts["wild_tiles"] == ["1z", "9s"]
    assert V.options(body("1m", opts={"wild_tiles": []}))["wild_tiles"] == []


@pytest.mark.parametrize(("allow", "code"), [(False, "chow_not_allowed"), (True, None)])
def test_allow_chow_meld(allow: bool, code: str | None) -> None:
    req = body("456m789m123p5p", "5p", melds=[{"type": "chow", "tiles": "123m"}],
               opts={"allow_chow_meld": allow})
    if code:
        with pytest.raises(RequestError) as e:
            V.win(req)
        assert e.value.code == code
    else:
        assert V.win(req).win is True


def test_options_listed_in_table_order_with_defaults() -> None:
    answer = fan("123m456m789m123p5p", "5p")
    assert list(answer.options.items()) == list({
        "tile_set": "112", "wild_tiles": ["7z"], "qidui": True, "qidui_fan": 1,
        "shisanyao": True, "shisanyao_fan": 0, "four_wild_win": "anytime",
        "win_by_discard": "no", "pengpenghu_fan": 0, "qingyise_fan": 0, "no_wild_fan": 0,
        "code_mode": "159z", "extra_code_without_wild": True, "zimo_unit": 2,
        "discard_unit": 1, "code_value": 2, "claimed_wild_is_natural": True,
        "allow_chow_meld": False,
        # rules/claims.md §4.4
        "guo_hu": "same_tile", "wild_melds": "never", "locked_kong": "same_waits",
        "shi_ti": "allowed",
        "rob_kong": True, "rob_exposed_kong": False, "late_added_kong": True,
        # settle-hongzhong.md §4.5.7, reconciled.md §7 and §8 (draw_next_dealer)
        "kong_paid": "at_once", "huang_zhuang_huang_gang": False, "draw_next_dealer": "dealer",
        "yi_pao_duo_xiang": True,
        # rules/rooms.md §0.9.8, last (reconciled.md §7)
        "players": 4, "suits": ("m", "p", "s"), "code_seats": "circle"}.items())
    for spec in V.option_specs:
        assert spec.description and "\n" not in spec.description


# ---------------------------------------------------------------------------------------------
# Readings


def groups(answer: Any) -> list[tuple[str, bool, list[tuple[str, str]]]]:
    """Groups as (kind, declared, sorted (tile, as) pairs), sorted: order-free comparison."""
    return sorted((g.kind, g.declared, sorted(zip(g.tiles, g.as_, strict=True)))
                  for g in answer.reading.groups)


def test_reading_wild_in_a_chow() -> None:
    answer = fan("123m456m789m13p55s", "7z")
    assert answer.reading.shape == "standard"
    assert groups(answer) == sorted([
        ("chow", False, [("1m", "1m"), ("2m", "2m"), ("3m", "3m")]),
        ("chow", False, [("4m", "4m"), ("5m", "5m"), ("6m", "6m")]),
        ("chow", False, [("7m", "7m"), ("8m", "8m"), ("9m", "9m")]),
        ("chow", False, [("1p", "1p"), ("3p", "3p"), ("7z", "2p")]),   # 红中 = 2p
        ("pair", False, [("5s", "5s"), ("5s", "5s")]),
    ])


def test_reading_declared_melds_and_wild_pair() -> None:
    answer = fan("456m789m123p7z", "5p", melds=[{"type": "pong", "tiles": "222s"}])
    assert groups(answer) == sorted([
        ("pong", True, [("2s", "2s")] * 3),
        ("chow", False, [("4m", "4m"), ("5m", "5m"), ("6m", "6m")]),
        ("chow", False, [("7m", "7m"), ("8m", "8m"), ("9m", "9m")]),
        ("chow", False, [("1p", "1p"), ("2p", "2p"), ("3p", "3p")]),
        ("pair", False, [("5p", "5p"), ("7z", "5p")]),
    ])
    assert answer.reading.groups[0].declared is True  # declared melds come first


def test_reading_qidui_wilds_pair_singles() -> None:
    answer = fan("1133m5577p249s7z7z", "4s")
    assert answer.reading.shape == "seven_pairs"
    pairs = groups(answer)
    assert ("pair", False, [("2s", "2s"), ("7z", "2s")]) in pairs
    assert ("pair", False, [("7z", "9s"), ("9s", "9s")]) in pairs
    assert len(pairs) == 7


def test_reading_thirteen_orphans_gaps() -> None:
    answer = fan("19m19p1s12345z7z7z7z", "1m", opts={"tile_set": "136"})
    stood_for = sorted(a for g in answer.reading.groups
                       for t, a in zip(g.tiles, g.as_, strict=True) if t == "7z")
    assert stood_for == ["6z", "7z", "9s"]  # the three gaps


def test_reading_all_wild_group_takes_the_flush_suit() -> None:
    # 123m 345m 678m 9m + 9m pair + WWW: 清一色 counts when the WWW meld is a 万 pong
    answer = fan("123m345m678m9m7z7z7z", "9m", opts={"qingyise_fan": 1})
    assert pats(answer) == [("ping_hu", 0), ("qing_yi_se", 1)]
    all_wild = [g for g in answer.reading.groups if set(g.tiles) == {"7z"}]
    for g in all_wild:
        assert all(a.endswith("m") for a in g.as_) and len(set(g.as_)) == 1


def test_reading_four_wilds_singles() -> None:
    answer = fan("147m258p1369s7z7z7z", "7z")
    assert answer.reading.shape == "four_wilds"
    assert pats(answer) == [("si_hong_zhong", 0)]
    assert [(g.kind, g.tiles, g.as_) for g in answer.reading.groups] == [
        ("single", (t,), (t,)) for t in
        ["1m", "4m", "7m", "2p", "5p", "8p", "1s", "3s", "6s", "9s", "7z", "7z", "7z", "7z"]]


def _valid_group(kind: str, as_: list[str]) -> bool:
    if kind == "pair":
        return len(as_) == 2 and as_[0] == as_[1]
    if kind == "pong":
        return len(as_) == 3 and len(set(as_)) == 1
    if kind == "chow":
        ranks = sorted(int(a[0]) for a in as_)
        return (len({a[1] for a in as_}) == 1 and as_[0][1] != "z"
                and ranks == [ranks[0], ranks[0] + 1, ranks[0] + 2])
    return kind == "single"


@pytest.mark.parametrize(("hand", "win", "opts", "shapes", "fan_", "wilds"), WINS)
def test_every_reading_is_consistent(hand: str, win: str, opts: dict[str, Any],
                                     shapes: tuple[str, ...], fan_: int, wilds: int) -> None:
    req = body(hand, win, opts=opts)
    answer = V.fan(req)
    reading = answer.reading
    physical = T.codes(T.from_code(t) for g in reading.groups for t in g.tiles)
    assert physical == T.codes(req.hand.concealed_with_win)  # every tile read once
    wild_kinds = set(opts.get("wild_tiles", ["7z"]))
    for g in reading.groups:
        assert _valid_group(g.kind, list(g.as_)), g
        for t, a in zip(g.tiles, g.as_, strict=True):
            assert t == a or t in wild_kinds  # only wildcards stand for something else


# ---------------------------------------------------------------------------------------------
# Waits (tried as self-draws: a drawn 7z is a wildcard)


def waits(hand: str, **kw: Any) -> list[tuple[str, int, int]]:
    answer = V.waits(body(hand, **kw))
    assert answer.tenpai is bool(answer.waits)
    return [(w.tile, w.remaining, w.fan) for w in answer.waits]


def test_waits_with_a_wildcard_and_melds() -> None:
    # 5p 7z 9s 9s + draw: 99s pair and 5p+W+t a meld for t = 3p 4p 5p 6p 7p; 999s with
    # 5p+W the pair; a drawn 7z: 5p+WW a meld. Remaining: 4 − held (5p 1, 9s 2, 7z 1).
    melds = [{"type": "pong", "tiles": t} for t in ("111s", "222s", "333s")]
    assert waits("5p7z9s9s", melds=melds) == [
        ("3p", 4, 0), ("4p", 4, 0), ("5p", 3, 0), ("6p", 4, 0), ("7p", 4, 0), ("9s", 2, 0),
        ("7z", 3, 0)]


def test_waits_qidui_with_a_drawn_wildcard() -> None:
    # 七对 waiting on 4s; a drawn 7z pairs the 4s too: both fan 1 (qidui_fan)
    assert waits("1133m5577p22499s") == [("4s", 3, 1), ("7z", 4, 1)]


@pytest.mark.parametrize(("mode", "expected"), [
    ("anytime", [("7z", 1, 0)]),   # the fourth 红中 makes 四红中; no other shape is near
    ("first_turn", []),            # waits have no first turn (§0.6: no event flags)
    ("off", []),
])
def test_waits_four_wilds(mode: str, expected: list[tuple[str, int, int]]) -> None:
    assert waits("147m258p1369s7z7z7z", opts={"four_wild_win": mode}) == expected


def test_waits_all_four_wilds_held() -> None:
    # every drawn suit tile completes 四红中 (7z: all four held, never a wait);
    # remaining 3 for the nine kinds held once, 4 otherwise
    held = {"1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s"}
    expected = [(f"{r}{s}", 3 if f"{r}{s}" in held else 4, 0)
                for s in "mps" for r in range(1, 10)]
    assert waits("147m258p369s7z7z7z7z") == expected


def test_seat_mode_without_codes_or_seats() -> None:
    answer = fan("123m456m789m123p5p", "5p", opts={"code_mode": "seat"}, ctx={"codes": []})
    assert (answer.codes, answer.code_hits, answer.payments) == ((), None, None)


def test_shanten_counts_the_four_wild_road() -> None:
    # two 红中 and junk: one exchange for a third 红中 makes a wait on the fourth (四红中),
    # so shanten is 1 when 四红中 counts any time; without it the junk is further away
    hand = "147m258p369s15s7z7z"
    assert V.waits(body(hand)).shanten == 1
    assert V.waits(body(hand, opts={"four_wild_win": "off"})).shanten > 1


def test_shanten_four_wild_road_closed_by_a_declared_wild_pong() -> None:
    # a declared 7z pong leaves one 红中 for the hand: four can never be held concealed,
    # so the 四红中 road adds nothing — same shanten as with 四红中 off
    req = body("147m258p369s7z", melds=[{"type": "pong", "tiles": "7z7z7z"}])
    off = body("147m258p369s7z", melds=[{"type": "pong", "tiles": "7z7z7z"}],
               opts={"four_wild_win": "off"})
    assert V.waits(req).shanten == V.waits(off).shanten


def test_discards_through_the_hongzhong_hooks() -> None:
    # 123m 456m 789m 111p + 5p 9s: dropping either single leaves a tanki on the other, and a
    # drawn 7z pairs it too: effective tiles the other single (3 left) and 7z (4) = 7 each;
    # ties go by tile order (5p before 9s). Nothing else is tenpai.
    answer = V.discards(body("123m456m789m111p5p9s"))
    assert answer.shanten == 0
    first, second, *rest = answer.discards
    assert (first.tile, first.shanten, first.effective_count) == ("5p", 0, 7)
    assert [(w.tile, w.remaining, w.fan) for w in first.waits] == [("9s", 3, 0), ("7z", 4, 0)]
    assert (second.tile, second.shanten, second.effective_count) == ("9s", 0, 7)
    assert all(c.shanten >= 1 for c in rest)


def test_waits_with_eight_wildcards() -> None:
    # 1m 4m 7m 1p 5p + 8 wildcards (5z, 7z) + any drawn tile is 七对: a tile pairing a
    # single leaves s = 4 singles, W − s = 4 → 1 + 4 + 2 = 7 pairs; a new single leaves
    # s = 6, W − s = 2 → 6 + 1 = 7; a drawn wildcard: s = 5, W = 9 → 5 + 2 = 7. So every kind
    # waits (5z and 7z are all held), each at qidui_fan 1 (the standard shape scores 0).
    req = body("147m1p5p5z5z5z5z7z7z7z7z", opts=TWO_WILD)
    held = {"1m", "4m", "7m", "1p", "5p"}
    expected = [(c, 3 if c in held else 4, 1) for c in T.ALL_CODES if c not in ("5z", "7z")]
    assert waits("147m1p5p5z5z5z5z7z7z7z7z", opts=TWO_WILD) == expected
    # the table-driven list equals the shared one (a win check per kind, nine wildcards
    # when a wildcard is drawn)
    opts = V.options(req)
    generic = Variant.wait_list(V, req.hand.concealed, req.hand, req.context, opts)
    assert V.wait_list(req.hand.concealed, req.hand, req.context, opts) == generic
