"""Happy paths of every operation of every registered variant, through HTTP.

The expected values are worked out by hand from RULES.md (the arithmetic is in the comments);
what is checked here is that the service carries requests to the engine and answers back
faithfully — the variants' own tests cover their rules in depth.
"""

from __future__ import annotations

import pytest

from engine.variants import REGISTRY
from service.app import create_app
from service.settings import Settings

JING = {"zheng": "5z", "fu": "6z"}


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


def needs(variant: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(variant not in REGISTRY, reason=f"{variant} is not registered")


def post(client, path, body):  # type: ignore[no-untyped-def]
    r = client.post(path, json=body)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def ids(patterns):  # type: ignore[no-untyped-def]
    return [p["id"] for p in patterns]


def test_the_variants_of_api_md(client):
    body = client.get("/v1/variants").get_json()
    found = {v["id"]: (v["tile_set"], v["operations"]) for v in body["variants"]}
    expected = {
        # reconciled.md §7: advice after every other operation, then 四川's dingque, exchange
        "sichuan": ("108", ["win", "waits", "fan", "discards", "kong", "settle", "claims",
                            "advice", "dingque", "exchange"]),
        "changsha": ("108", ["win", "waits", "fan", "discards", "birds", "qishou",
                              "claims", "settle", "advice"]),
        "nanchang": ("136", ["win", "waits", "fan", "discards", "kong", "jing",
                             "jing-settlement", "claims", "settle", "advice"]),
        "hongzhong": ("112", ["win", "waits", "fan", "discards", "birds", "kong",
                              "claims", "settle", "advice"]),
    }
    assert found == {k: v for k, v in expected.items() if k in REGISTRY}


def test_options_are_described_from_the_engine(client):
    for vid, variant in REGISTRY.items():
        described = client.get(f"/v1/variants/{vid}").get_json()["options"]
        assert [o["name"] for o in described] == [s.name for s in variant.option_specs]
        assert [o["default"] for o in described] == [
            list(s.default) if isinstance(s.default, tuple) else s.default
            for s in variant.option_specs]


def test_options_are_grouped_by_the_part_of_the_rules_they_set(client):
    for vid, variant in REGISTRY.items():
        described = client.get(f"/v1/variants/{vid}").get_json()["options"]
        groups = {g: {o["name"] for o in described if o["group"] == g}
                  for g in ("room", "hand", "claims", "settle")}
        assert sum(map(len, groups.values())) == len(described), vid  # each in one group
        assert groups["room"] == {"players", "suits", "hand_size"} & {
            s.name for s in variant.option_specs}, vid
        assert variant.claim_rules is not None
        assert groups["claims"] == {s.name for s in variant.claim_rules.option_specs}, vid
        assert groups["settle"] == {s.name for s in variant.settle_option_specs}, vid
    # one of each, by its rule file: 对对胡's fan sets the hand (RULES.md §1), 呼叫转移 the
    # settle (settle.md), 过胡 the claims (claims.md), players the room (rooms.md)
    sichuan = {o["name"]: o["group"] for o in
               client.get("/v1/variants/sichuan").get_json()["options"]}
    assert [sichuan[n] for n in ("dui_dui_hu_fan", "hu_jiao_zhuan_yi", "guo_hu", "players")] \
        == ["hand", "settle", "claims", "room"]
    nanchang = {o["name"]: o["group"] for o in
                client.get("/v1/variants/nanchang").get_json()["options"]}
    assert nanchang["jing_count_discards"] == "settle"  # settle-nanchang.md §3.9.9


# --- 四川 ---------------------------------------------------------------------------------------


@needs("sichuan")
class TestSichuan:
    def test_win(self, client):
        # 111 234 55 678 999 (all 万)
        assert post(client, "/v1/sichuan/win", {"hand": "1112345678999m", "win_tile": "5m"})[
            "shapes"] == ["standard"]
        no = post(client, "/v1/sichuan/win", {"hand": "123m456m789m11p23p", "win_tile": "9s"})
        assert (no["win"], no["reason"]) == (False, "que_yi_men")  # three suits held

    @pytest.mark.parametrize("max_fan, points", [(4, 16), (None, 64)])
    def test_fan_rules_example(self, client, max_fan, points):
        # RULES §1.3: 1111m 3333m 55m 77m 99m on a discard = 七对 2 + 清一色 2 + 根 ×2 = 6 fan;
        # capped at 4 → 2^4 = 16 from the discarder; uncapped (null) → 2^6 = 64
        a = post(client, "/v1/sichuan/fan", {
            "hand": "1111m3333m55m77m9m", "win_tile": "9m", "options": {"max_fan": max_fan},
            "context": {"win_type": "discard", "seats": {"winner": 0, "discarder": 2}}})
        assert ids(a["patterns"]) == ["qi_dui", "qing_yi_se", "gen"]
        assert a["patterns"][2]["count"] == 2 and a["patterns"][2]["tiles"] == ["1m", "3m"]
        assert (a["fan"], a["gen_count"], a["fan_capped"]) == (6, 2, 6 if max_fan is None else 4)
        assert a["points_per_payer"] == points and a["payers"] == "discarder"
        assert a["payments"] == [points, 0, -points, 0]
        assert a["reading"]["shape"] == "seven_pairs" and len(a["reading"]["groups"]) == 7
        assert a["options"]["max_fan"] == max_fan

    def test_waits(self, client):
        # 九莲宝灯 shape waits on every 万. remaining = 4 − own − visible: 1m/9m 4−3, 5m 4−1−2,
        # the rest 4−1. fan: 1m/9m make a fourth copy: 清一色 2 + 根 1 = 3; others 清一色 2
        a = post(client, "/v1/sichuan/waits",
                 {"hand": "1112345678999m", "context": {"visible": ["5m", "5m"]}})
        assert a["tenpai"] is True and a["shanten"] == 0
        remaining = {1: 1, 5: 1, 9: 1}
        assert a["waits"] == [{"tile": f"{r}m", "remaining": remaining.get(r, 3),
                               "fan": 3 if r in (1, 9) else 2} for r in range(1, 10)]

    def test_discards_missing_suit_first(self, client):
        a = post(client, "/v1/sichuan/discards",
                 {"hand": "1112345678999m5p", "context": {"missing_suit": "p"}})
        first = a["discards"][0]
        # dropping the 5p of the missing suit leaves the nine-gates wait
        assert first["tile"] == "5p" and first["shanten"] == 0 and a["shanten"] == 0
        assert [w["tile"] for w in first["waits"]] == [f"{r}m" for r in range(1, 10)]
        # every other discard keeps the missing suit: never tenpai
        assert all(d["shanten"] >= 1 for d in a["discards"][1:])

    @pytest.mark.parametrize("kong, seats, active, payments", [
        ("concealed", {"konger": 1}, None, [-2, 6, -2, -2]),  # 暗杠: 2 from each opponent
        ("exposed", {"konger": 0, "discarder": 3}, None, [2, 0, 0, -2]),  # 直杠: discarder 2
        ("added", {"konger": 0}, [0, 1, 2], [2, -1, -1, 0]),  # 补杠: 1 each; seat 3 is out
    ])
    def test_kong(self, client, kong, seats, active, payments):
        context = {"kong": {"type": kong, "tile": "5m"}, "seats": seats}
        if active is not None:
            context["active"] = active
        assert post(client, "/v1/sichuan/kong", {"context": context})["payments"] == payments


# --- 长沙 ---------------------------------------------------------------------------------------

CHANGSHA_EXAMPLE = {  # RULES §2.5: dealer 0 wins 七小对 + 清一色 on seat 2's discard
    "hand": "1122334455667p", "win_tile": "7p",
    "context": {"win_type": "discard", "seats": {"dealer": 0, "winner": 0, "discarder": 2},
                "birds": ["4p", "7s"]}}


@needs("changsha")
class TestChangsha:
    def test_win(self, client):
        # 123m 456m 789m 345p + 22p: the pair is a 2
        assert post(client, "/v1/changsha/win", {"hand": "123m456m789m22p34p",
                                                 "win_tile": "5p"})["win"] is True
        no = post(client, "/v1/changsha/win", {"hand": "123m456m789m11p23p", "win_tile": "4p"})
        assert no["reason"] == "pair_not_258"

    def test_fan_rules_example(self, client):
        a = post(client, "/v1/changsha/fan", CHANGSHA_EXAMPLE)
        # 2 大胡 units × 6 = 12; birds count from the winner (seat 0): 4p → +3 = seat 3 (pays
        # nothing: void), 7s → +2 = seat 2, the payer: 12 × (1 + 0 + 1) + 1 (庄闲分) = 25
        assert ids(a["patterns"]) == ["qing_yi_se", "qi_xiao_dui"]
        assert (a["fan"], a["base_per_payer"]) == (2, 12)
        assert a["payments"] == [25, 0, -25, 0]
        assert a["birds"] == [{"tile": "4p", "seat": 3, "hit": False},
                              {"tile": "7s", "seat": 2, "hit": True}]
        assert a["birds_expected"] == 2

    def test_waits(self, client):
        # 22p + 234p or 22p + 345p: waits 2p (4 − 2 held) and 5p; 小胡 = 0 units
        a = post(client, "/v1/changsha/waits", {"hand": "123m456m789m22p34p"})
        assert a["waits"] == [{"tile": "2p", "remaining": 2, "fan": 0},
                              {"tile": "5p", "remaining": 4, "fan": 0}]

    def test_discards(self, client):
        a = post(client, "/v1/changsha/discards", {"hand": "123m456m789m22p34p9s"})
        first = a["discards"][0]
        assert first["tile"] == "9s" and first["shanten"] == 0
        assert first["effective_tiles"] == [{"tile": "2p", "remaining": 2},
                                            {"tile": "5p", "remaining": 4}]
        assert first["effective_count"] == 6

    def test_birds_alone_and_with_the_win(self, client):
        # seat 1 self-draws; origin = the winner: 1m (rank 1, +0) → seat 1, 6s (+1) → seat 2;
        # on a self-draw every other seat pays, so both birds hit
        a = post(client, "/v1/changsha/birds", {"context": {
            "win_type": "self_draw", "birds": ["1m", "6s"], "seats": {"dealer": 0, "winner": 1}}})
        assert a["birds"] == [{"tile": "1m", "seat": 1, "hit": True},
                              {"tile": "6s", "seat": 2, "hit": True}]
        assert a["bird_hits"] == [0, 1, 1, 0] and a["birds_expected"] == 2
        assert "payments" not in a
        with_win = post(client, "/v1/changsha/birds", CHANGSHA_EXAMPLE)
        assert with_win["payments"] == [25, 0, -25, 0] and with_win["win"] is True

    def test_qishou(self, client):
        # 1111m: 大四喜; 1m and 9s held ≥ 3 times: 六六顺; 5p/8s present: no 板板胡; all suits
        a = post(client, "/v1/changsha/qishou", {"hand": "1111m345p678999s"})
        assert ids(a["patterns"]) == ["da_si_xi", "liu_liu_shun"]
        assert (a["count"], a["per_other_player"]) == (2, 4)  # 2 per pattern


# --- 南昌 ---------------------------------------------------------------------------------------


@needs("nanchang")
class TestNanchang:
    @pytest.mark.parametrize("indicator, mode, zheng, fu", [
        ("9p", "indicator_is_zheng", "9p", "1p"),  # suits wrap 9 → 1
        ("7z", "indicator_is_zheng", "7z", "6z"),  # 中 → 发
        ("9p", "indicator_plus_one", "1p", "2p"),
    ])
    def test_jing(self, client, indicator, mode, zheng, fu):
        a = post(client, "/v1/nanchang/jing", {"context": {"indicator": indicator},
                                               "options": {"jing_mode": mode}})
        assert (a["zheng"], a["fu"]) == (zheng, fu)

    def test_jing_settlement_rules_example(self, client):
        # raw 2×2 + 1 = 5 → 冲关 5 × (5 − 3) = 10; seat 1: 1; Σ = 11; delta = 4·score − 11
        a = post(client, "/v1/nanchang/jing-settlement", {"context": {"holdings": [
            {"zheng": 2, "fu": 1}, {"fu": 1}, {}, {}]}})
        assert a["scores"] == [10, 1, 0, 0] and a["deltas"] == [29, -7, -11, -11]

    @pytest.mark.parametrize("op", ["win", "fan", "waits"])
    def test_jing_with_zheng_equal_to_fu_is_invalid_field(self, client, op):
        # issue 13: 副精 is the kind after 正精 (RULES §3.2), never the same kind
        body = {"hand": "123m456m789m11p23p", "context": {"jing": {"zheng": "5z", "fu": "5z"}}}
        if op != "waits":
            body["win_tile"] = "4p"
        r = client.post(f"/v1/nanchang/{op}", json=body)
        answer = r.get_json()
        assert r.status_code == 422 and answer["code"] == "invalid_field"
        assert [e["pointer"] for e in answer["errors"]] == ["#/context/jing/fu"]

    def test_win_and_fan(self, client):
        body = {"hand": "123m456m789m11p23p", "win_tile": "4p",
                "context": {"jing": JING, "win_type": "self_draw",
                            "seats": {"dealer": 0, "winner": 1}}}
        assert post(client, "/v1/nanchang/win", body)["shapes"] == ["standard"]
        a = post(client, "/v1/nanchang/fan", body)
        # 平胡 0 + 德国 1 (no 精 used): M = 2, flat 5; self-draw: 2·M·f + 5 from each,
        # f = 2 for the dealer (seat 0): 13; seats 2 and 3: 9; the winner gets 31
        assert ids(a["patterns"]) == ["ping_hu", "de_guo"]
        assert (a["fan"], a["multiplier"], a["flat_per_payer"]) == (1, 2, 5)
        assert a["payments"] == [-13, 31, -9, -9]

    def test_waits(self, client):
        # 11p + 123p or 11p + 234p; a drawn 精 (5z, 6z) is wild and completes it too, but then
        # a substitute is used: no 德国 (fan 0 instead of 1)
        a = post(client, "/v1/nanchang/waits", {"hand": "123m456m789m11p23p",
                                                "context": {"jing": JING}})
        assert a["waits"] == [{"tile": "1p", "remaining": 2, "fan": 1},
                              {"tile": "4p", "remaining": 4, "fan": 1},
                              {"tile": "5z", "remaining": 4, "fan": 0},
                              {"tile": "6z", "remaining": 4, "fan": 0}]

    def test_discards(self, client):
        a = post(client, "/v1/nanchang/discards", {"hand": "123m456m789m11p23p9s",
                                                   "context": {"jing": JING}})
        first = a["discards"][0]
        assert first["tile"] == "9s" and first["shanten"] == 0
        assert first["effective_count"] == 2 + 4 + 4 + 4  # 1p, 4p, 5z, 6z as in test_waits

    @pytest.mark.parametrize("tile, payments", [
        ("5m", [-2, 6, -2, -2]),  # concealed kong: 2 from each
        ("5z", [-10, 30, -10, -10]),  # 杠精: a kong of 精 pays 10 from each
    ])
    def test_kong(self, client, tile, payments):
        a = post(client, "/v1/nanchang/kong", {"context": {
            "kong": {"type": "concealed", "tile": tile}, "seats": {"konger": 1}, "jing": JING}})
        assert a["payments"] == payments


# --- 红中 ---------------------------------------------------------------------------------------


@needs("hongzhong")
class TestHongzhong:
    def test_win(self, client):
        # 7z is wild: 123m 456m 789m 123p + 4p with 7z as 4p
        a = post(client, "/v1/hongzhong/win", {"hand": "123m456m789m7z1p23p", "win_tile": "4p",
                                               "context": {"win_type": "self_draw"}})
        assert a["shapes"] == ["standard"]
        no = post(client, "/v1/hongzhong/win", {"hand": "123m456m789m11p23p", "win_tile": "4p",
                                                "context": {"win_type": "discard"}})
        assert no["reason"] == "discard_win_not_allowed"  # win_by_discard: no

    @pytest.mark.parametrize("hand, codes, each, to_draw", [
        # holds a 红中: 2 codes drawn; 1m and 7z hit: 2 × 2^0 + 2 hits × 2 = 6 from each
        ("123m456m789m7z1p23p", ["1m", "7z"], 6, 2),
        # no wildcard: one extra code (3); 1m, 7z, 5s all hit: 2 + 3 × 2 = 8 from each
        ("123m456m789m11p23p", ["1m", "7z", "5s"], 8, 3),
    ])
    def test_fan_with_codes(self, client, hand, codes, each, to_draw):
        a = post(client, "/v1/hongzhong/fan", {"hand": hand, "win_tile": "4p", "context": {
            "win_type": "self_draw", "seats": {"winner": 0}, "codes": codes}})
        assert ids(a["patterns"]) == ["ping_hu"] and a["fan"] == 0
        assert a["payments"] == [3 * each, -each, -each, -each]
        assert a["codes_to_draw"] == to_draw
        assert all(c["hit"] for c in a["codes"])

    def test_waits(self, client):
        # four melds are made; 7z + any drawn tile is the pair: all 28 kinds of the 112 set
        a = post(client, "/v1/hongzhong/waits", {"hand": "123m456m789m7z1p23p"})
        tiles = [w["tile"] for w in a["waits"]]
        assert tiles == [f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["7z"]
        held = {"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "7z"}
        assert all(w["remaining"] == (3 if w["tile"] in held else 4) for w in a["waits"])
        assert {w["fan"] for w in a["waits"]} == {0}

    def test_discards(self, client):
        a = post(client, "/v1/hongzhong/discards", {"hand": "123m456m789m7z1p23p9s"})
        first = a["discards"][0]
        assert first["tile"] == "9s" and len(first["effective_tiles"]) == 28
        # 3 left of each of the 13 held kinds (9m..., 7z) and of 9s; 4 of the other 14
        assert first["effective_count"] == 3 * 14 + 4 * 14

    def test_codes_alone(self, client):
        # 159z mode: a code of rank 1, 5, 9 or 红中 hits; no seats in this mode
        a = post(client, "/v1/hongzhong/birds", {"context": {"codes": ["1m", "2m"]}})
        assert a["codes"] == [{"tile": "1m", "hit": True}, {"tile": "2m", "hit": False}]

    @pytest.mark.parametrize("kong, seats, payments", [
        ("exposed", {"konger": 1, "discarder": 3}, [0, 3, 0, -3]),  # 3 from the discarder
        ("added", {"konger": 0}, [3, -1, -1, -1]),  # 1 from each
        ("concealed", {"konger": 2}, [-2, -2, 6, -2]),  # 2 from each
    ])
    def test_kong(self, client, kong, seats, payments):
        a = post(client, "/v1/hongzhong/kong", {"context": {
            "kong": {"type": kong, "tile": "5m"}, "seats": seats}})
        assert a["payments"] == payments
