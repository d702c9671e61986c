"""四川 rules around the score: options, validation, 缺一门, win, waits, discards, shanten.

RULES.md §1.1 (108 tiles, no chow, 缺一门), §1.8 (options), §0.4/§0.7 (answers), API.md
(waits and discards obey the variant).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RequestError
from engine.hand import Request
from engine.options import OptionType
from engine.shapes import NEVER
from engine.variants import REGISTRY
from engine.variants.sichuan.variant import OPTION_SPECS, VARIANT, SichuanFanAnswer


def request(hand: str, win: str | None = None, melds: list[dict[str, Any]] | None = None,
            options: dict[str, Any] | None = None, **context: Any) -> Request:
    data: dict[str, Any] = {"hand": hand}
    if win is not None:
        data["win_tile"] = win
    if melds:
        data["melds"] = melds
    if options:
        data["options"] = options
    if context:
        data["context"] = context
    return VARIANT.request(data)


def codes(call: Any, req: Request) -> list[tuple[str, str]]:
    with pytest.raises(RequestError) as caught:
        call(req)
    return [(p.code.value, p.pointer) for p in caught.value.problems]


def pong(tiles: str) -> dict[str, Any]:
    return {"type": "pong", "tiles": tiles}


# --- identity and options --------------------------------------------------------------------

def test_registered_with_its_identity() -> None:
    assert REGISTRY["sichuan"] is VARIANT
    assert (VARIANT.id, VARIANT.name_zh) == ("sichuan", "四川麻将·血战到底")
    assert VARIANT.tile_set({}) == "108"
    # reconciled.md §7: advice after every other operation, then 四川's dingque and exchange
    assert list(VARIANT.operations()) == ["win", "waits", "fan", "discards", "kong",
                                         "settle", "claims", "advice", "dingque", "exchange"]


def test_every_option_of_section_1_8_with_its_default() -> None:
    defaults = {s.name: s.default for s in OPTION_SPECS}
    assert defaults == {
        "max_fan": 4, "base_points": 1, "zimo_bonus": "jia_fan", "yaojiu_jiangdui": True,
        "dai_yao_jiu_fan": 2, "jin_gou_diao_fan": 1, "long_qi_dui_bonus": 0,
        "menqing_zhongzhang": False, "menqing_requires_self_draw": False,
        "gen_mode": "any_four", "hai_di": True, "tiandi_hu": True, "tian_hu_fan": 5,
        "di_hu_fan": 5, "tiandi_mode": "fixed", "di_hu_mode": "either",
        "dian_gang_hua": "zimo",
        # settle.md §1.6.8, in its table's order
        "xue_liu": False, "zhi_gang_discarder": 2, "zhi_gang_others": 0,
        "late_added_kong_pays": True, "hu_jiao_zhuan_yi": "last_kong",
        "hu_jiao_zhuan_yi_split": "split", "yi_pao_duo_xiang": True, "cha_hua_zhu": True,
        "cha_da_jiao": True, "hua_zhu_fan": None, "hua_zhu_da_jiao": "none",
        "tui_shui": "not_ready_and_hua_zhu", "left_seats_receive": False,
        "xue_liu_gen": "each_win",
        # rules/claims.md §1.8
        "guo_hu": "not_higher", "meld_missing_suit": False, "missing_suit_first": True,
        "locked_kong": "same_waits", "shi_ti": "allowed",
        "rob_kong": True, "rob_exposed_kong": False, "late_added_kong": True,
        # rules/rooms.md §0.9.8, after every option of today (reconciled.md §7)
        "players": 4, "suits": ("m", "p", "s"), "hand_size": 13, "dui_dui_hu_fan": 1,
        "dian_pao_ping_hu": True, "jia_xin_wu_fan": 0, "jia_xin_wu_count": "once",
        "yi_tiao_long_fan": 0, "jiang_qi_dui_fan": 0,
    }
    assert list(defaults)[-9:] == ["players", "suits", "hand_size", "dui_dui_hu_fan",
                                   "dian_pao_ping_hu", "jia_xin_wu_fan", "jia_xin_wu_count",
                                   "yi_tiao_long_fan", "jiang_qi_dui_fan"]
    assert list(defaults)[17:31] == ["xue_liu", "zhi_gang_discarder", "zhi_gang_others",
                                   "late_added_kong_pays", "hu_jiao_zhuan_yi",
                                   "hu_jiao_zhuan_yi_split", "yi_pao_duo_xiang", "cha_hua_zhu",
                                   "cha_da_jiao", "hua_zhu_fan", "hua_zhu_da_jiao", "tui_shui",
                                   "left_seats_receive", "xue_liu_gen"]
    assert list(defaults)[31:39] == ["guo_hu", "meld_missing_suit", "missing_suit_first",
                                   "locked_kong", "shi_ti", "rob_kong", "rob_exposed_kong",
                                   "late_added_kong"]
    by_name = {s.name: s for s in OPTION_SPECS}
    assert by_name["max_fan"].choices == (2, 3, 4, 5) and by_name["max_fan"].nullable
    assert by_name["zimo_bonus"].choices == ("jia_fan", "jia_di", "none")
    assert by_name["gen_mode"].choices == ("any_four", "kong_only")
    assert by_name["tiandi_mode"].choices == ("fixed", "additive")
    assert by_name["di_hu_mode"].choices == ("either", "discard", "self_draw")
    assert by_name["dian_gang_hua"].choices == ("zimo", "dian_pao")
    assert all(s.description for s in OPTION_SPECS)
    assert by_name["hai_di"].type is OptionType.BOOLEAN


@pytest.mark.parametrize(("options", "pointer"), [
    ({"max_fan": 6}, "#/options/max_fan"),
    ({"max_fan": 1}, "#/options/max_fan"),
    ({"base_points": 0}, "#/options/base_points"),
    ({"base_points": 65537}, "#/options/base_points"),
    ({"zimo_bonus": "double"}, "#/options/zimo_bonus"),
    ({"hai_di": "yes"}, "#/options/hai_di"),
    ({"gen_mode": "kongs"}, "#/options/gen_mode"),
    ({"long_qi_dui_bonus": 5}, "#/options/long_qi_dui_bonus"),
    ({"tian_hu_fan": 0}, "#/options/tian_hu_fan"),
    ({"chow": True}, "#/options/chow"),
])
def test_bad_options_are_invalid_option(options: dict[str, Any], pointer: str) -> None:
    req = request("123m456m234p678p5p", "5p", options=options)
    assert codes(VARIANT.fan, req) == [("invalid_option", pointer)]


@pytest.mark.parametrize(("valid", "invalid"), [
    ({"hai_di": True}, {"hai_di": 1}),        # True == 1 in Python, but 1 is no boolean
    ({"max_fan": 4}, {"max_fan": 4.0}),       # 4.0 == 4, but 4.0 is no integer
    ({"base_points": 1}, {"base_points": True}),
])
def test_a_valid_option_set_seen_before_does_not_let_an_equal_invalid_one_pass(
        valid: dict[str, Any], invalid: dict[str, Any]) -> None:
    VARIANT.fan(request("123m456m234p678p5p", "5p", options=valid))
    req = request("123m456m234p678p5p", "5p", options=invalid)
    assert [c for c, _ in codes(VARIANT.fan, req)] == ["invalid_option"]


def test_max_fan_null_means_no_cap() -> None:
    # 1111m 3333m 55m 77m 99m: 七对 2 + 清一色 2 + 根 2 = 6, uncapped → 2^6 = 64
    answer = VARIANT.fan(request("1111m3333m55m77m9m", "9m", options={"max_fan": None}))
    assert isinstance(answer, SichuanFanAnswer) and answer.points_per_payer == 64
    assert answer.options is not None and answer.options["max_fan"] is None


def test_effective_options_are_listed_in_declaration_order() -> None:
    answer = VARIANT.fan(request("123m456m234p678p5p", "5p", options={"hai_di": False}))
    assert answer.options is not None
    assert list(answer.options) == [s.name for s in OPTION_SPECS]
    assert answer.options["hai_di"] is False


# --- hand problems ---------------------------------------------------------------------------

def test_any_honor_is_invalid_tile() -> None:
    req = request("123m456m234p678p1z", "5p")
    assert codes(VARIANT.fan, req) == [("invalid_tile", "#/hand")]
    assert codes(VARIANT.win, request("123m456m234p678p5p", "7z")) == [
        ("invalid_tile", "#/win_tile")]


def test_a_chow_meld_is_chow_not_allowed() -> None:
    req = request("456m234p678p5p", "5p", melds=[{"type": "chow", "tiles": "123m"}])
    assert codes(VARIANT.fan, req) == [("chow_not_allowed", "#/melds/0/type")]


def test_bad_tile_count() -> None:
    assert codes(VARIANT.fan, request("123m456m234p678p", "5p")) == [
        ("bad_tile_count", "#/hand")]


def test_every_problem_is_listed_worst_first() -> None:
    req = request("456m234p678p5z", "5p", melds=[{"type": "chow", "tiles": "123m"}],
                  options={"max_fan": 7}, missing_suit="s")
    found = codes(VARIANT.fan, req)
    assert [c for c, _ in found] == ["invalid_option", "invalid_tile", "chow_not_allowed"]


# --- 缺一门 and the win check ----------------------------------------------------------------

@pytest.mark.parametrize(("hand", "win", "missing", "answer"), [
    # three suits held, no declaration → que_yi_men although 123m 456p 789s 234m 55m is
    # a complete shape
    ("123m456p789s234m5m", "5m", None, "que_yi_men"),
    # declared missing s, holding 789s → que_yi_men
    ("123m456m789s234m5m", "5m", "s", "que_yi_men"),
    # the same tiles with missing p: no p held → a win
    ("123m456m789s234m5m", "5m", "p", "win"),
    # the win tile alone brings the missing suit → que_yi_men
    ("123m456m789m234m5m", "5s", "s", "que_yi_men"),
    # three suits and no shape: que_yi_men comes first (§0.7)
    ("135m246p789s234m5m", "9m", None, "que_yi_men"),
    # two suits, no shape → no_winning_shape
    ("123m456m789m24p5p7p", "9p", None, "no_winning_shape"),
])
def test_que_yi_men_and_no_winning_shape(hand: str, win: str, missing: str | None,
                                         answer: str) -> None:
    context = {"missing_suit": missing} if missing else {}
    result = VARIANT.win(request(hand, win, **context))
    assert (result.win, result.reason) == ((True, None) if answer == "win" else (False, answer))
    full = VARIANT.fan(request(hand, win, **context))
    assert full.win == (answer == "win") and full.reason == result.reason


def test_a_meld_in_the_missing_suit_is_que_yi_men() -> None:
    req = request("456m234m678m9m", "9m", melds=[pong("111p")], missing_suit="p")
    result = VARIANT.win(req)
    assert (result.win, result.reason) == (False, "que_yi_men")


def test_win_names_every_complete_shape() -> None:
    # 112233m 445566m 77m: 123m 123m 456m 456m 77m and seven pairs
    result = VARIANT.win(request("112233m445566m7m", "7m"))
    assert result.win and result.shapes == ("standard", "seven_pairs")
    # four alike is two pairs for 七对 but never a group: 1111m 33m 55m 22p 44p 66p
    result = VARIANT.win(request("1111m33m55m22p44p6p", "6p"))
    assert result.shapes == ("seven_pairs",)


# --- waits -----------------------------------------------------------------------------------

def test_waits_carry_their_fan() -> None:
    # 123m 456m 789m 23p 55p waits on 1p (…123p: 平胡 0) and 4p (234p: 0); 4 copies left each
    answer = VARIANT.waits(request("123m456m789m23p55p", missing_suit="s"))
    assert answer.tenpai and answer.shanten == 0
    assert [(w.tile, w.remaining, w.fan) for w in answer.waits] == [("1p", 4, 0), ("4p", 4, 0)]


def test_wait_fan_is_the_value_on_a_discard() -> None:
    # 11m 22m 33m 55m 77m 99m 4m waits on 4m for 七对 2 + 清一色 2 = 4 (11 22 33 + 44 …
    # has no standard reading); three 4m left. The caller's self_draw/last_tile do not
    # count (RULES.md §0.6: a discard, no event flags).
    answer = VARIANT.waits(request("11m22m33m55m77m99m4m", win_type="self_draw",
                                   last_tile=True))
    assert [(w.tile, w.remaining, w.fan) for w in answer.waits] == [("4m", 3, 4)]


def test_waits_with_the_missing_suit_in_hand_are_empty() -> None:
    # 123m 456m 789m 555m 2s: 2s would be a single wait, but s is the missing suit → not
    # ready; one exchange (2s for any m or p tile, a single wait) makes it ready → shanten 1
    answer = VARIANT.waits(request("123m456m789m555m2s", missing_suit="s"))
    assert not answer.tenpai and answer.waits == () and answer.shanten == 1


def test_waits_with_three_suits_held_are_empty() -> None:
    answer = VARIANT.waits(request("123m456m789p555p2s"))
    assert not answer.tenpai and answer.waits == ()


def test_remaining_counts_visible_tiles() -> None:
    # waits 1p and 4p; 4p seen twice on the table → 2 left
    answer = VARIANT.waits(request("123m456m789m23p55p", visible="4p4p"))
    assert [(w.tile, w.remaining) for w in answer.waits] == [("1p", 4), ("4p", 2)]


# --- shanten ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("missing", "shanten"), [
    # 123m 456m 789m 23p 5p 9s. Missing s: 9s must go; 9s → 5p gives 123m456m789m 23p 55p,
    # ready → 1.
    ("s", 1),
    # Missing p: 2p 3p 5p must all go (a hand holding any p never wins), 3 exchanges, e.g.
    # → 9s 9s 1s: 123m456m789m 999s + 1s single wait → 3.
    ("p", 3),
    # Undeclared: the best suit to drop is s → 1.
    (None, 1),
])
def test_shanten_counts_the_missing_suit(missing: str | None, shanten: int) -> None:
    context = {"missing_suit": missing} if missing else {}
    answer = VARIANT.waits(request("123m456m789m23p5p9s", **context))
    assert not answer.tenpai and answer.shanten == shanten


def test_a_suit_held_in_a_meld_cannot_be_dropped() -> None:
    # pong 111m + 234p 567p 234s 5s. m is in a meld, so p or s must go. Dropping s: keep the
    # six p tiles, exchange the four s tiles (e.g. → 888p 9p) → 4. Dropping p: six
    # exchanges. (Treating m as droppable would read 234p 567p 234s + 5s as ready: 0.)
    answer = VARIANT.waits(request("234p567p234s5s", melds=[pong("111m")]))
    assert not answer.tenpai and answer.shanten == 4


@pytest.mark.parametrize(("hand", "melds", "missing"), [
    ("123m456m789m5m", ["111s"], "s"),          # the missing suit is declared: never a win
    ("123m5m", ["111m", "222p", "333s"], None),  # all three suits declared: never a win
])
def test_a_hand_that_can_never_win_has_shanten_never(hand: str, melds: list[str],
                                                     missing: str | None) -> None:
    context = {"missing_suit": missing} if missing else {}
    answer = VARIANT.waits(request(hand, melds=[pong(m) for m in melds], **context))
    assert not answer.tenpai and answer.shanten == NEVER == 99


# --- discards --------------------------------------------------------------------------------

def test_discards_throw_the_missing_suit_first() -> None:
    # 123p 456p 789p 234p + 1m + 9s, missing s: throwing 9s leaves 123p456p789p234p + 1m,
    # ready on 1m (3 left) → shanten 0; throwing 1m keeps the missing 9s → 1
    answer = VARIANT.discards(request("123p456p789p234p1m9s", missing_suit="s"))
    first = answer.discards[0]
    assert (first.tile, first.shanten) == ("9s", 0)
    assert [(w.tile, w.remaining) for w in first.waits] == [("1m", 3)]
    assert answer.shanten == 0


def test_discards_list_every_missing_suit_tile_before_the_rest() -> None:
    # missing m; 1m and 9m are both junk, and so is the isolated 5s — the m tiles lead
    answer = VARIANT.discards(request("1m9m123p456p789p5s99s", missing_suit="m"))
    suits = [d.tile[-1] for d in answer.discards]
    assert suits[:2] == ["m", "m"] and "m" not in suits[2:]


def test_the_missing_suit_leads_even_where_other_discards_tie_with_it() -> None:
    # 124m 125578899p 25s, missing s. Several discards leave the same shanten and as many
    # effective tiles; the shared ordering would then fall back to tile order and put 1m
    # first. RULES.md/API.md: the missing suit goes first — 2s and 5s lead.
    answer = VARIANT.discards(request("124m125578899p25s", missing_suit="s"))
    assert [d.tile for d in answer.discards[:2]] == ["2s", "5s"]
    assert answer.discards[0].shanten == answer.shanten


def test_discards_without_a_declaration_drop_the_best_suit() -> None:
    # three suits held: 1s is the lone s tile → dropping s is best; it leads
    answer = VARIANT.discards(request("123m456m789m23p55p1s"))
    assert answer.discards[0].tile == "1s" and answer.discards[0].shanten == 0


def test_the_fast_validity_check_agrees_with_check_hand() -> None:
    # `plainly_valid` under Sichuan's hand rules lets a request skip the worded check; it
    # must say "valid" exactly when check_hand finds no problem — on hands with honors, fifth
    # copies, visible tiles, chows, concealed pongs, odd meld sizes and wrong counts
    import random

    from engine.hand import Hand, Meld, MeldKind, check_hand
    from engine.plumbing import plainly_valid
    from engine.variants.sichuan.points import HAND_RULES

    rng = random.Random(99)
    agree = {True: 0, False: 0}
    for _ in range(4000):
        melds = []
        for _ in range(rng.choice([0, 0, 1, 2, 4])):
            k = rng.randrange(27 if rng.random() < 0.95 else 34)
            kind = rng.choice([MeldKind.PONG, MeldKind.PONG, MeldKind.KONG, MeldKind.CHOW])
            size = {MeldKind.PONG: 3, MeldKind.KONG: 4, MeldKind.CHOW: 3}[kind]
            if rng.random() < 0.03:
                size += 1
            chow = kind is MeldKind.CHOW and k < 27 and k % 9 < 7
            tiles = tuple(range(k, k + 3)) if chow else (k,) * size
            melds.append(Meld(kind, tiles, rng.random() < 0.2))
        n = 13 - 3 * len(melds) + rng.choice([0, 0, 0, 0, 1, -1])
        concealed = tuple(sorted(rng.randrange(27 if rng.random() < 0.97 else 34)
                                 for _ in range(max(n, 0))))
        needs_win = rng.random() < 0.5
        win = rng.randrange(27) if (needs_win if rng.random() < 0.95 else not needs_win) \
            else None
        visible = tuple(rng.randrange(27) for _ in range(rng.choice([0, 0, 3])))
        hand = Hand(concealed, tuple(melds), win)
        valid = not check_hand(hand, HAND_RULES, size=13, needs_win_tile=needs_win,
                               visible=visible)
        assert plainly_valid(hand, HAND_RULES, size=13, needs_win_tile=needs_win,
                             visible=visible) == valid, hand
        agree[valid] += 1
    assert min(agree.values()) > 300  # both answers were exercised
