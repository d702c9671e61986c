"""Each variant owns its context (API.md, "Each variant owns its context"; issue 12 item 4).

A variant takes the shared members of the envelope and its own, each only in the operations
that use it; any other variant's member, or its own in an operation with no use for it, is a
422 ``invalid_field`` at the member's pointer, whose detail names the variant's own member
where one exists. The tables below are written here from API.md and the README's decisions —
not read from the variants' ``context_members`` — so that a wrong declaration fails a test.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from engine import wire
from engine.variants import REGISTRY
from engine.variants.members import OwnMember
from service import schemas
from service.app import create_app
from service.settings import Settings

OWNS: dict[str, set[str]] = {
    "sichuan": {"missing_suit"},
    "changsha": {"birds"},
    "nanchang": {"jing", "indicator", "others_hold_jing", "holdings"},
    "hongzhong": {"codes", "code_count", "code_origin"},
}
"""API.md: 四川 missing_suit; 长沙 birds; 南昌 jing, indicator, others_hold_jing, holdings; 红中
codes, code_count, code_origin (reconciled.md §19)."""

USES: dict[tuple[str, str], set[str]] = {
    ("sichuan", "win"): {"missing_suit"}, ("sichuan", "waits"): {"missing_suit"},
    ("sichuan", "fan"): {"missing_suit"}, ("sichuan", "discards"): {"missing_suit"},
    ("sichuan", "kong"): set(), ("sichuan", "settle"): set(),
    ("nanchang", "settle"): set(),
    ("sichuan", "claims"): {"missing_suit"}, ("changsha", "claims"): set(),
    ("nanchang", "claims"): {"jing", "indicator", "others_hold_jing"},
    ("hongzhong", "claims"): set(),
    ("changsha", "win"): set(), ("changsha", "waits"): set(), ("changsha", "fan"): {"birds"},
    ("changsha", "discards"): set(), ("changsha", "birds"): {"birds"},
    ("changsha", "qishou"): set(), ("changsha", "settle"): set(),
    ("nanchang", "win"): {"jing"},
    ("nanchang", "waits"): {"jing", "indicator", "others_hold_jing"},
    ("nanchang", "fan"): {"jing", "indicator", "others_hold_jing"},
    ("nanchang", "discards"): {"jing", "indicator", "others_hold_jing"},
    ("nanchang", "kong"): {"jing"}, ("nanchang", "jing"): {"indicator"},
    ("nanchang", "jing-settlement"): {"holdings"},
    ("hongzhong", "win"): set(), ("hongzhong", "waits"): set(),
    ("hongzhong", "fan"): {"codes", "code_count", "code_origin"},
    ("hongzhong", "discards"): set(),
    ("hongzhong", "birds"): {"codes", "code_count", "code_origin"}, ("hongzhong", "kong"): set(),
    ("hongzhong", "settle"): set(),
    # advice (rules/advice.md): what decides a win and its price, never the turned tiles
    ("sichuan", "advice"): {"missing_suit"}, ("changsha", "advice"): set(),
    ("nanchang", "advice"): {"jing", "indicator", "others_hold_jing"},
    ("hongzhong", "advice"): set(),
    ("sichuan", "dingque"): set(), ("sichuan", "exchange"): set(),
}
"""Which operation uses which own member (README "Decisions"): the missing suit wherever a
hand is judged, not in a kong's payments; the turned tiles (birds, codes and their count) where
they are scored (fan, birds); 南昌's 精 wherever a hand is judged and for 杠精, the turned tile
where API.md lets it stand in for the 精 (fan, waits, discards) and in ``jing``; whether others
hold a 精 where 德中德 is scored (fan, and the fan of each wait); the holdings in the 精
settlement."""

SAME_THING = {("hongzhong", "birds"): "codes", ("changsha", "codes"): "birds"}
"""API.md: ``birds`` (长沙) or ``codes`` (红中) — the turned tiles, under each variant's name."""

JING = {"jing": {"zheng": "5s", "fu": "6s"}}
BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("sichuan", "win"): {"hand": "1112345678999m", "win_tile": "5m"},
    ("sichuan", "waits"): {"hand": "1112345678999m"},
    ("sichuan", "fan"): {"hand": "1112345678999m", "win_tile": "5m"},
    ("sichuan", "discards"): {"hand": "11123456789999m"},
    ("sichuan", "kong"): {"context": {"kong": {"type": "concealed", "tile": "5m"},
                                      "seats": {"konger": 0}}},
    ("sichuan", "settle"): {"record": {"dealer": 0, "events": [
        {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "9m"}}]}},
    ("sichuan", "claims"): {"hand": "1112345678999m", "tile": "5m",
                            "context": {"source": "discard_left"}},
    ("changsha", "claims"): {"hand": "123m456m789s22p34p", "tile": "5p",
                             "context": {"source": "discard_left"}},
    ("nanchang", "claims"): {"hand": "123m456m789m11p23p", "tile": "4p",
                             "context": {"source": "discard_left", **JING}},
    ("hongzhong", "claims"): {"hand": "123m456m789m11p23p", "tile": "4p",
                              "context": {"source": "self_draw"}},
    ("changsha", "win"): {"hand": "123m456m789s22p34p", "win_tile": "5p"},
    ("changsha", "waits"): {"hand": "123m456m789s22p34p"},
    ("changsha", "fan"): {"hand": "123m456m789s22p34p", "win_tile": "5p",
                          "context": {"seats": {"winner": 2, "discarder": 0, "dealer": 1}}},
    ("changsha", "discards"): {"hand": "123m456m789s22p34p9s"},
    ("changsha", "birds"): {"context": {"win_type": "self_draw", "birds": ["1m", "6s"],
                                        "seats": {"dealer": 0, "winner": 1}}},
    ("changsha", "qishou"): {"hand": "1111m345p678999s"},
    ("changsha", "settle"): {"record": {"dealer": 0, "events": [
        {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "9m"}}]}},
    ("nanchang", "win"): {"hand": "123m456m789m11p23p", "win_tile": "4p", "context": JING},
    ("nanchang", "waits"): {"hand": "123m456m789m11p23p", "context": JING},
    ("nanchang", "fan"): {"hand": "123m456m789m11p23p", "win_tile": "4p", "context": JING},
    ("nanchang", "discards"): {"hand": "123m456m789m11p23p4p", "context": JING},
    ("nanchang", "kong"): {"context": {"kong": {"type": "concealed", "tile": "5m"},
                                       "seats": {"konger": 0}, **JING}},
    ("nanchang", "jing"): {"context": {"indicator": "9p"}},
    ("nanchang", "settle"): {"record": {"dealer": 0, "shang_jing": "5m", "events": [
        {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "9m"}}]}},
    ("nanchang", "jing-settlement"): {"context": {"holdings": [{"zheng": 2, "fu": 1}, {"fu": 1},
                                                               {}, {}]}},
    ("hongzhong", "win"): {"hand": "123m456m789m11p23p", "win_tile": "4p"},
    ("hongzhong", "waits"): {"hand": "123m456m789m11p23p"},
    ("hongzhong", "fan"): {"hand": "123m456m789m11p23p", "win_tile": "4p"},
    ("hongzhong", "discards"): {"hand": "123m456m789m11p23p4p"},
    ("hongzhong", "birds"): {"context": {"codes": ["1m", "5p"], "seats": {"winner": 0}}},
    ("hongzhong", "kong"): {"context": {"kong": {"type": "exposed", "tile": "5m"},
                                        "seats": {"konger": 1, "discarder": 3}}},
    ("hongzhong", "settle"): {"record": {"dealer": 0, "events": [
        {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "9m"}}]}},
    ("sichuan", "advice"): {"hand": "1112345678999m", "context": {"draws_left": 1}},
    ("changsha", "advice"): {"hand": "123m456m789s22p34p", "context": {"draws_left": 1}},
    ("nanchang", "advice"): {"hand": "123m456m789m11p23p", "context": {"draws_left": 1, **JING}},
    ("hongzhong", "advice"): {"hand": "123m456m789m11p23p", "context": {"draws_left": 1}},
    ("sichuan", "dingque"): {"hand": "1112345678999m"},
    ("sichuan", "exchange"): {"hand": "1112345678999m", "mode": "baseline"},
}
"""A body each operation answers with 200, so that a 422 is the added member's."""

VALUES: dict[str, Any] = {
    "birds": ["1m"], "codes": ["1m"], "code_count": 2, "code_origin": 1,
    "indicator": "5s",
    "jing": {"zheng": "5s", "fu": "6s"}, "others_hold_jing": False,
    "holdings": [{"zheng": 1}, {}], "missing_suit": "p",
}
"""A well-typed value of each member (the indicator 5s gives the 精 of JING)."""

MEMBERS = sorted(set().union(*OWNS.values()))


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app(Settings()).test_client()


def post(client: Any, variant: str, op: str, body: Any) -> tuple[int, Any]:
    r = client.post(f"/v1/{variant}/{op}", json=body)
    return r.status_code, r.get_json()


def with_member(body: dict[str, Any], member: str, value: Any) -> dict[str, Any]:
    return {**body, "context": {**body.get("context", {}), member: value}}


def owner(member: str) -> str:
    return next(v for v, owned in OWNS.items() if member in owned)


def test_the_tables_cover_every_operation_of_every_variant(client):
    listed = client.get("/v1/variants").get_json()["variants"]
    assert {(v["id"], op) for v in listed for op in v["operations"]} == set(BODIES) == set(USES)
    assert {v["id"] for v in listed} == set(OWNS)


@pytest.mark.parametrize("variant, op", sorted(BODIES))
def test_each_body_answers_200_without_the_member(client, variant, op):
    assert post(client, variant, op, BODIES[variant, op])[0] == 200


def refusal(client: Any, variant: str, op: str, member: str) -> str:
    """The detail of the one problem a 200 body gets with ``member`` added: a 422
    ``invalid_field`` at the member's pointer."""
    status, body = post(client, variant, op, with_member(BODIES[variant, op], member,
                                                         VALUES[member]))
    assert status == 422
    assert body["code"] == "invalid_field"
    assert [e["pointer"] for e in body["errors"]] == [f"#/context/{member}"]
    return str(body["errors"][0]["detail"])


FOREIGN = [(v, op, m) for (v, op) in sorted(BODIES) for m in MEMBERS if m not in OWNS[v]]


@pytest.mark.parametrize("variant, op, member", FOREIGN)
def test_another_variants_member_is_a_422_at_its_pointer(client, variant, op, member):
    detail = refusal(client, variant, op, member)
    assert f"context.{member} is {owner(member)}'s" in detail
    same = SAME_THING.get((variant, member))
    if same is not None:  # the variant's own member for the same thing is named
        assert f"{variant} takes the turned tiles as context.{same}" in detail
    else:
        assert f"{variant} has no such member" in detail


MISPLACED = [(v, op, m) for (v, op), used in sorted(USES.items()) for m in sorted(OWNS[v])
             if m not in used]
TAKEN = [(v, op, m) for (v, op), used in sorted(USES.items()) for m in sorted(used)]


@pytest.mark.parametrize("variant, op, member", MISPLACED)
def test_an_own_member_in_an_operation_with_no_use_for_it_is_a_422(client, variant, op,
                                                                     member):
    detail = refusal(client, variant, op, member)
    assert detail.startswith(f"{variant} takes context.{member} (")
    ops = sorted(o for (v, o), used in USES.items() if v == variant and member in used)
    assert all(o in detail.split(" only in ")[1] for o in ops)


@pytest.mark.parametrize("variant, op, member", TAKEN)
def test_an_own_member_is_taken_where_it_is_used(client, variant, op, member):
    assert post(client, variant, op, with_member(BODIES[variant, op], member,
                                                 VALUES[member]))[0] == 200


@pytest.mark.parametrize("variant, op", sorted(BODIES))
@pytest.mark.parametrize("member", ["win_type", "after_kong", "last_tile", "first_turn",
                                    "is_dealer", "seats", "active", "visible", "kong"])
def test_shared_members_stay_accepted_in_every_operation(client, variant, op, member):
    """API.md: a shared member an operation does not use is accepted and ignored — the
    request is not refused for it (a fan with seats asks for the discarder's seat, below it)."""
    value = {"win_type": "self_draw", "after_kong": False, "last_tile": False,
             "first_turn": False, "is_dealer": False, "seats": {"winner": 0},
             "active": [0, 1, 2, 3], "visible": [],
             "kong": {"type": "concealed", "tile": "5m"}}[member]
    body = BODIES[variant, op]
    sent = body if member in body.get("context", {}) else with_member(body, member, value)
    status, answer = post(client, variant, op, sent)
    if member in SPEC_REFUSES.get(op, ()):  # refused by the operation's own spec
        assert status == 422 and f"#/context/{member}" in {e["pointer"] for e in answer["errors"]}
        return
    assert status == 200 or f"#/context/{member}" not in {e["pointer"] for e in answer["errors"]}


SPEC_REFUSES = {
    "claims": {"win_type", "seats", "active", "kong"},
    "advice": {"win_type", "after_kong", "first_turn", "kong"},
    "dingque": {"win_type", "after_kong", "last_tile", "first_turn", "is_dealer", "seats",
                "active", "kong"},
}
"""API.md: ``claims`` refuses win_type, seats and active (the tile's source decides them);
claims.md: ``context.kong`` is for a robbed kong only (source ``rob_kong``). advice.md
§0.10.11: ``advice`` prices self-draws only and refuses the event flags and a kong;
``dingque`` reads only ``visible`` or ``unseen`` (``exchange`` refuses any context, at
``#/context``)."""


# --- the reproductions of issue 12 ----------------------------------------------------------


def test_hongzhong_fan_with_changshas_birds_is_refused_not_paid(client):
    """Was 200 with payments [-2,-2,6,-2] (the codes ignored). With ``codes`` the same hand
    pays 2 + 2 hits × 2 = 6 a payer: [-6,-6,18,-6]."""
    body = {"hand": "123m456m789m11p23p", "win_tile": "4p",
            "context": {"win_type": "self_draw", "seats": {"winner": 2}}}
    status, answer = post(client, "hongzhong", "fan", with_member(body, "birds", ["1m", "5m"]))
    assert status == 422
    assert answer["errors"] == [{"pointer": "#/context/birds", "detail": (
        "context.birds is changsha's (the turned tiles); hongzhong takes the turned tiles as "
        "context.codes")}]
    status, answer = post(client, "hongzhong", "fan", with_member(body, "codes", ["1m", "5m"]))
    assert (status, answer["payments"]) == (200, [-6, -6, 18, -6])


def test_changsha_fan_with_hongzhongs_codes_is_refused_not_ignored(client):
    """Was [-1,0,1,0] (the codes ignored); with ``birds`` 1 + 2 hits = 3: [-3,0,3,0]."""
    body = BODIES["changsha", "fan"]
    status, answer = post(client, "changsha", "fan", with_member(body, "codes", ["1m", "5m"]))
    assert status == 422
    assert [e["pointer"] for e in answer["errors"]] == ["#/context/codes"]
    assert "changsha takes the turned tiles as context.birds" in answer["errors"][0]["detail"]
    status, answer = post(client, "changsha", "fan", with_member(body, "birds", ["1m", "5m"]))
    assert (status, answer["payments"]) == (200, [-3, 0, 3, 0])


@pytest.mark.parametrize("variant, members", [
    ("sichuan", ["birds", "codes", "jing", "holdings", "others_hold_jing"]),
    ("hongzhong", ["jing", "missing_suit"]),
])
def test_the_members_issue_12_saw_accepted_are_each_refused(client, variant, members):
    body = BODIES[variant, "fan"]
    for member in members:
        body = with_member(body, member, VALUES[member])
    status, answer = post(client, variant, "fan", body)
    assert status == 422
    assert sorted(e["pointer"] for e in answer["errors"]) == sorted(
        f"#/context/{m}" for m in members)


def test_nanchang_fan_takes_the_indicator_instead_of_dropping_it(client):
    """Was: ``indicator`` accepted and dropped (a 422 asking for ``jing``). 8s turned gives
    正精 8s, 副精 9s under the default jing_mode; 23p wants a 1p or 4p, so a self-drawn 8s
    (a 精, standing in for the 1p/4p) completes 123m456m789m11p23p — a win that the 精 5s/6s
    would not make."""
    hand = {"hand": "123m456m789m11p23p", "win_tile": "8s"}
    drawn = {"win_type": "self_draw"}
    status, by_indicator = post(client, "nanchang", "fan", {**hand, "context": {
        **drawn, "indicator": "8s"}})
    assert status == 200 and by_indicator["win"] is True
    status, by_jing = post(client, "nanchang", "fan", {**hand, "context": {
        **drawn, "jing": {"zheng": "8s", "fu": "9s"}}})
    assert by_jing == by_indicator
    assert post(client, "nanchang", "fan", {**hand, "context": {
        **drawn, **JING}})[1]["win"] is False


# --- 南昌: context.indicator in place of context.jing, derived as POST /v1/nanchang/jing -----

JING_MODES = ["indicator_is_zheng", "indicator_plus_one"]
KINDS = {"136": [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in
                                                                      range(1, 8)],
         "108": [f"{r}{s}" for s in "mps" for r in range(1, 10)]}
FULL = os.environ.get("HUPAI_FULL") == "1"


def generated_hands(count: int) -> list[list[str]]:
    """Fixed-seed 14-tile hands from the 136 set (the first 13 and the 14th are a ``fan``'s
    hand and win tile), after one that wins with most 精."""
    rng = random.Random(12)
    wall = [k for k in KINDS["136"] for _ in range(4)]
    return [split_hand("123m456m789m11p23p4p")] + [rng.sample(wall, 14) for _ in range(count)]


def split_hand(tiles: str) -> list[str]:
    """``"123m45p"`` as codes (one digit a tile, each before its suit letter)."""
    codes, digits = [], ""
    for c in tiles:
        if c.isdigit():
            digits += c
        else:
            codes += [f"{d}{c}" for d in digits]
            digits = ""
    return codes


HANDS = generated_hands(12 if FULL else 3)


def bodies_for(hand14: list[str], context: dict[str, Any], mode: str) -> dict[str, Any]:
    options = {"jing_mode": mode}
    return {
        "fan": {"hand": hand14[:13], "win_tile": hand14[13], "context": context,
                "options": options},
        "waits": {"hand": hand14[:13], "context": context, "options": options},
        "discards": {"hand": hand14, "context": context, "options": options},
        "claims": {"hand": hand14[:13], "tile": hand14[13],
                   "context": {"source": "discard_left", **context}, "options": options},
    }


@pytest.mark.parametrize("mode", JING_MODES)
def test_the_indicator_gives_the_answers_the_jing_of_post_jing_gives(client, mode):
    """For every turned tile of the 136 set, under each jing_mode: POST /v1/nanchang/jing
    names the 精; fan, waits, discards and claims with ``context.indicator`` answer exactly as with
    those 精 sent as ``context.jing``, and as with both sent (they agree)."""
    for indicator in KINDS["136"]:
        status, jing = post(client, "nanchang", "jing", {"context": {"indicator": indicator},
                                                         "options": {"jing_mode": mode}})
        assert status == 200
        pair = {"zheng": jing["zheng"], "fu": jing["fu"]}
        for hand in HANDS:
            by_indicator = bodies_for(hand, {"indicator": indicator}, mode)
            by_jing = bodies_for(hand, {"jing": pair}, mode)
            by_both = bodies_for(hand, {"indicator": indicator, "jing": pair}, mode)
            for op in ("fan", "waits", "discards", "claims"):
                answer = post(client, "nanchang", op, by_jing[op])
                assert answer[0] == 200
                assert post(client, "nanchang", op, by_indicator[op]) == answer, (op, indicator)
                assert post(client, "nanchang", op, by_both[op]) == answer, (op, indicator)


def test_the_jing_modes_differ_so_the_comparison_can_fail(client):
    """Under indicator_plus_one 9p turned makes 1p 正精 (and 2p 副精), not 9p: the fan of a
    hand waiting on 9p differs between the modes."""
    answers = [post(client, "nanchang", "jing", {"context": {"indicator": "9p"},
                                                 "options": {"jing_mode": m}})[1]
               for m in JING_MODES]
    assert [(a["zheng"], a["fu"]) for a in answers] == [("9p", "1p"), ("1p", "2p")]


@pytest.mark.parametrize("op", ["fan", "waits", "discards", "claims"])
def test_an_indicator_and_a_jing_that_disagree_are_a_422_at_the_jing(client, op):
    body = bodies_for(HANDS[0], {"indicator": "5s",
                                             "jing": {"zheng": "6s", "fu": "7s"}},
                      "indicator_is_zheng")[op]
    status, answer = post(client, "nanchang", op, body)
    assert status == 422
    assert answer["code"] == "invalid_field"
    assert answer["errors"] == [{"pointer": "#/context/jing", "detail": (
        "context.jing {zheng: 6s, fu: 7s} disagrees with context.indicator 5s, which gives "
        "zheng 5s, fu 6s under jing_mode 'indicator_is_zheng': send one of the two")}]


@pytest.mark.parametrize("op", ["fan", "waits", "discards", "claims"])
def test_an_indicator_post_jing_refuses_is_refused_alike(client, op):
    """An honor turned in the 108-tile room: the same problem as POST /v1/nanchang/jing's."""
    options = {"tile_set": "108"}
    _, refused = post(client, "nanchang", "jing", {"context": {"indicator": "5z"},
                                                   "options": options})
    body = {**bodies_for(split_hand("123m456m789m11p23p4p"), {"indicator": "5z"},
                         "indicator_is_zheng")[op], "options": options}
    status, answer = post(client, "nanchang", op, body)
    assert status == 422
    assert answer["errors"] == refused["errors"]
    assert answer["errors"][0]["pointer"] == "#/context/indicator"


@pytest.mark.parametrize("op", ["fan", "waits", "discards"])
def test_an_indicator_beside_bad_options_reports_the_options_and_the_hand(client, op):
    body = {**bodies_for(split_hand("123m456m789m11p23p4p"), {"indicator": "5s"},
                         "indicator_is_zheng")[op], "options": {"jing_mode": "x"}}
    body["hand"] = ["1m", "1m", "1m", "1m", "1m", *body["hand"][5:]]
    status, answer = post(client, "nanchang", op, body)
    assert status == 422
    assert answer["code"] == "invalid_option"
    pointers = [e["pointer"] for e in answer["errors"]]
    assert "#/options/jing_mode" in pointers and "#/context/jing" not in pointers
    assert any(p.startswith("#/hand") for p in pointers)


@pytest.mark.parametrize("op", ["win", "kong"])
def test_win_and_kong_take_the_jing_only(client, op):
    """API.md lists fan, waits and discards (and claims) as taking the indicator; win, the fast
    path, and kong take ``context.jing`` as before."""
    body = BODIES["nanchang", op]
    context = {k: v for k, v in body["context"].items() if k != "jing"}
    status, answer = post(client, "nanchang", op, {**body, "context": {**context,
                                                                        "indicator": "5s"}})
    assert status == 422
    assert answer["errors"][0]["pointer"] == "#/context/indicator"
    assert "this operation takes context.jing" in answer["errors"][0]["detail"]


def test_a_batch_item_refuses_a_foreign_member_as_its_path_does(client):
    body = with_member(BODIES["hongzhong", "fan"], "birds", ["1m"])
    _, alone = post(client, "hongzhong", "fan", body)
    r = client.post("/v1/batch", json={"requests": [
        {"variant": "hongzhong", "op": "fan", "body": body},
        {"variant": "hongzhong", "op": "fan", "body": BODIES["hongzhong", "fan"]}]})
    results = r.get_json()["results"]
    assert [x["status"] for x in results] == [422, 200]
    assert results[0]["body"]["errors"] == alone["errors"]


@pytest.mark.parametrize("members, words", [
    ({"birdz": OwnMember("the turned tiles", ("fan",), None)}, "no JSON type"),  # type: ignore[arg-type]
    ({"birds": OwnMember("the turned tiles", ("qishou",), wire.TileList(8))},
     "operations it lacks"),
])
def test_a_declaration_the_service_cannot_build_is_refused_at_start_up(members, words):
    sichuan = REGISTRY["sichuan"]
    wrong = type("Wrong", (type(sichuan),), {"context_members": members})()
    with pytest.raises(ValueError, match=words):
        schemas.context_schemas({"sichuan": wrong})


@pytest.mark.parametrize("variant, op, member", [("hongzhong", "fan", "birds"),
                                                 ("sichuan", "kong", "missing_suit"),
                                                 ("nanchang", "win", "indicator")])
def test_a_refused_member_sent_as_null_counts_as_absent(client, variant, op, member):
    """API.md: null counts as absent — a client that sends every member it knows, unset ones
    as null, is not refused for another variant's; a misspelt member stays an error."""
    body = BODIES[variant, op]
    assert post(client, variant, op, with_member(body, member, None)) == post(
        client, variant, op, body)
    status, answer = post(client, variant, op, with_member(body, "birdz", None))
    assert (status, answer["errors"][0]["pointer"]) == (422, "#/context/birdz")
