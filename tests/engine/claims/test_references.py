"""``claims`` against slow references on generated hands (fixed seed; CI size by default,
``HUPAI_FULL=1`` for the full run):

* the pongs, kongs and chows listed (offered or refused) equal a brute enumerator over the
  hand's tiles;
* the win action equals ``fan`` on hand + tile with the source's win type;
* ``after`` equals ``discards`` on the hand after a pong or chow (its first entry not in
  ``no_discard``), and ``waits`` on the hand a kong leaves;
* a locked hand's kong is offered exactly when ``waits`` before and after agree as the
  ``locked_kong`` mode says; 长沙's kong lists 开杠 exactly when ``waits`` of the hand it
  leaves has a wait (either ``detail``);
* 过胡 refuses exactly the wins its mode names, and without ``passed`` the answer is the one
  without 过胡 (``guo_hu: "off"``) but for the pass record.
"""

from __future__ import annotations

import copy
from itertools import combinations
from typing import Any

import pytest

from engine import tiles as T
from engine.hand import Hand, Meld, MeldKind, Request, WinType
from engine.variants import REGISTRY
from tests import hands as H
from tests.engine.claims.common import plain
from tests.engine.claims.generated import bodies

COUNT = H.scale(60, 3000)
ROOMS = pytest.mark.parametrize("rooms", [False, True], ids=["today", "rooms"])
"""Each run in today's room and with every body in a random room of the variant
(rules/rooms.md §0.9: its players, suits, hand size and sources)."""
VARIANTS = sorted(REGISTRY)
SOURCE_WIN_TYPE = {"self_draw": WinType.SELF_DRAW, "rob_kong": WinType.ROB_KONG}


def answer_of(variant: str, data: dict[str, Any]) -> dict[str, Any]:
    v = REGISTRY[variant]
    return plain(v.claims(v.request(data)))  # type: ignore[no-any-return]


def meld_moves(answer: dict[str, Any]) -> set[tuple[str, ...]]:
    """The pongs, kongs and chows an answer lists, offered or refused (not needs_wild, which
    names wildcards the brute enumerator does not use)."""
    found = set()
    for item in [*answer["actions"], *answer["refused"]]:
        if item["type"] == "kong" and item.get("reason") != "needs_wild":
            found.add(("kong", item["kind"], item["tile"]))
        elif item["type"] in ("pong", "chow") and item.get("reason") != "needs_wild":
            found.add((item["type"], *item["tiles"]))
    return found


def brute_moves(variant: str, data: dict[str, Any]) -> set[tuple[str, ...]]:
    """Every meld the tiles allow, by positions: pairs and triples of the hand's tiles."""
    v = REGISTRY[variant]
    request = v.request(data)
    options = v.options(request)
    hand = list(request.hand.concealed)
    tile = T.from_code(data["tile"])
    source = data["context"]["source"]
    wild = set()
    if variant == "hongzhong":
        wild = {T.from_code(w) for w in options["wild_tiles"]}
    found: set[tuple[str, ...]] = set()
    if source.startswith("discard"):
        for i, j in combinations(range(len(hand)), 2):
            if hand[i] == hand[j] == tile:
                found.add(("pong", T.code(tile), T.code(tile)))
        for trio in combinations(range(len(hand)), 3):
            if all(hand[k] == tile for k in trio):
                found.add(("kong", "exposed", T.code(tile)))
    if source == "self_draw":
        held = [*hand, tile]
        for quad in combinations(range(len(held)), 4):
            if len({held[k] for k in quad}) == 1:
                found.add(("kong", "concealed", T.code(held[quad[0]])))
        for meld in request.hand.melds:
            if meld.kind is MeldKind.PONG and meld.tiles[0] in held:
                found.add(("kong", "added", T.code(meld.tiles[0])))
    chows = (variant in ("changsha", "nanchang")
             or (variant == "hongzhong" and options["allow_chow_meld"]))
    if source == "discard_left" and chows:
        shape = v.hand_rules(options).chow_shape
        for i, j in combinations(range(len(hand)), 2):
            a, b = sorted((hand[i], hand[j]))
            group = sorted((a, b, tile))
            if len(set(group)) == 3 and shape(group) and not wild.intersection(group):
                found.add(("chow", T.code(a), T.code(b)))
    return found


@ROOMS
@pytest.mark.parametrize("variant", VARIANTS)
def test_melds_equal_a_brute_enumerator(variant: str, rooms: bool) -> None:
    checked = 0
    for data in bodies(variant, COUNT, seed=1601, rooms=rooms):
        expected = brute_moves(variant, data)
        assert meld_moves(answer_of(variant, data)) == expected, data
        checked += bool(expected)
    assert checked > COUNT // 5  # melds are on offer often enough to mean something


@ROOMS
@pytest.mark.parametrize("variant", VARIANTS)
def test_win_equals_fan_on_hand_plus_tile(variant: str, rooms: bool) -> None:
    v = REGISTRY[variant]
    wins = 0
    for data in bodies(variant, COUNT, seed=1602, rooms=rooms):
        answer = answer_of(variant, {**data, "detail": "actions"})
        source = data["context"]["source"]
        win_type = SOURCE_WIN_TYPE.get(source, WinType.DISCARD)
        fan_body = copy.deepcopy(data)
        fan_body["win_tile"] = fan_body.pop("tile")
        fan_body["context"].pop("source")
        fan_body["context"]["win_type"] = win_type.value
        fan = plain(v.fan(v.request(fan_body)))
        offered = [a for a in answer["actions"] if a["type"] in ("win", "rob_kong")]
        if fan["win"]:
            wins += 1
            (win,) = offered
            assert win["fan"] == fan["fan"] and win["win_type"] == win_type.value
            assert win["patterns"] == [p["id"] for p in fan["patterns"]]
            for member in v.claim_rules.amounts if v.claim_rules else ():
                assert win.get(member) == fan.get(member), member
        else:
            assert not offered
            reasons = [r["reason"] for r in answer["refused"] if r["type"] in ("win", "rob_kong")]
            assert reasons in ([], [fan["reason"]])
    assert wins > COUNT // 25


def _after_hand(request: Request, action: dict[str, Any], tile: int) -> Hand:
    hand = request.hand
    used = [T.from_code(t) for t in action["tiles"]]
    rest = list(hand.concealed)
    if action["type"] == "kong" and action["kind"] != "exposed":
        rest.append(tile)
    for t in used:
        rest.remove(t)
    if action["type"] == "pong":
        return Hand(tuple(rest), (*hand.melds, Meld(MeldKind.PONG, (tile,) * 3)))
    if action["type"] == "chow":
        return Hand(tuple(rest), (*hand.melds, Meld(MeldKind.CHOW,
                                                    tuple(sorted((*used, tile))))))
    kind = T.from_code(action["tile"])
    kong = Meld(MeldKind.KONG, (kind,) * 4, action["kind"] == "concealed")
    if action["kind"] == "added":
        melds = tuple(kong if m.kind is MeldKind.PONG and m.tiles[0] == kind else m
                      for m in hand.melds)
        return Hand(tuple(rest), melds)
    return Hand(tuple(rest), (*hand.melds, kong))


def _barred(v: Any, request: Request, action: dict[str, Any], tile: int, left: Hand) -> set[str]:
    """``no_discard`` worked out from claims.md alone: 食替 (``shi_ti``: the claimed kind;
    with ``no_same_or_other_end`` also a chow's other end when the tile is at one end, a
    number tile of its suit and no wild kind), and 四川's missing suit first (while a tile of
    it is left after the call, every kind of the two other suits)."""
    options = v.options(request)
    rules = v.claim_rules
    mode = options["shi_ti"]
    kinds: set[int] = set()
    if mode != "allowed":
        kinds.add(tile)
    if mode == "no_same_or_other_end" and action["type"] == "chow" and not T.is_honor(tile):
        low, _, high = sorted(T.from_code(t) for t in action["meld"])
        end = high + 1 if tile == low else low - 1 if tile == high else None
        if (end is not None and 0 <= end < T.HONOR_BASE and T.suit(end) == T.suit(tile)
                and end not in rules.wild_kinds(request.context, options)):
            kinds.add(end)
    missing = rules.missing_suit(request.context) if rules.missing_suit else None
    if (missing is not None and options["missing_suit_first"]
            and any(t // 9 == missing for t in left.concealed)):
        kinds |= {t for t in range(T.HONOR_BASE) if t // 9 != missing}
    return set(T.codes(sorted(kinds)))


@ROOMS
@pytest.mark.parametrize("variant", VARIANTS)
def test_after_equals_discards_and_waits(variant: str, rooms: bool) -> None:
    v = REGISTRY[variant]
    calls = 0
    for data in bodies(variant, COUNT, seed=1603, rooms=rooms):
        request = v.request(data)
        tile = T.from_code(data["tile"])
        for action in answer_of(variant, data)["actions"]:
            if "after" not in action:
                continue
            calls += 1
            left = _after_hand(request, action, tile)
            reference = Request(left, request.context, request.options)
            if action["type"] == "kong":
                waits = plain(v.waits(reference))
                assert action["after"] == {"shanten": waits["shanten"],
                                           "waits": waits["waits"]}, (data, action)
                continue
            # the kinds barred after the call, from the rules (claims.md 食替 and 四川's missing
            # suit first), not from the answer: then the first discards entry not barred
            barred = _barred(v, request, action, tile, left)
            assert set(action["no_discard"]) == barred, (data, action)
            listed = plain(v.discards(reference))["discards"]
            first = next(d for d in listed if d["tile"] not in barred)
            assert action["after"] == {"discard": first["tile"], "shanten": first["shanten"],
                                       "waits": first["waits"]}, (data, action)
    assert calls > COUNT // 5


@ROOMS
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("mode", ["same_waits", "keep_waits", "any", "none"])
def test_locked_kong_follows_the_waits(variant: str, mode: str, rooms: bool) -> None:
    v = REGISTRY[variant]
    judged = 0
    for data in bodies(variant, COUNT * 3, seed=1604, rooms=rooms):
        request = v.request(data)
        before = plain(v.waits(request))["waits"]
        if not before:
            continue
        locked = copy.deepcopy(data)
        locked["context"]["locked"] = True
        locked["options"] = {**data.get("options", {}), "locked_kong": mode}
        answer = answer_of(variant, locked)
        unlocked = answer_of(variant, {**data, "options": locked["options"]})
        assert not [a for a in answer["actions"] if a["type"] in ("pong", "chow")]
        tile = T.from_code(data["tile"])
        for kong in [a for a in unlocked["actions"] if a["type"] == "kong"]:
            judged += 1
            after = plain(v.waits(Request(_after_hand(request, kong, tile), request.context,
                                          request.options)))["waits"]
            old, new = {w["tile"] for w in before}, {w["tile"] for w in after}
            keeps = {"same_waits": old == new, "keep_waits": old <= new, "any": True,
                     "none": False}[mode]
            key = (kong["kind"], kong["tile"])
            offered = [(a["kind"], a["tile"]) for a in answer["actions"] if a["type"] == "kong"]
            assert (key in offered) == keeps, (locked, kong)
            if not keeps:
                reason = "locked" if mode == "none" else "waits_change"
                assert {"type": "kong", "kind": kong["kind"], "tile": kong["tile"],
                        "tiles": kong["tiles"], "reason": reason} in answer["refused"]
    assert judged > 0


@ROOMS
@pytest.mark.parametrize("detail", ["full", "actions"])
def test_kai_gang_exactly_when_the_kong_leaves_a_wait(detail: str, rooms: bool) -> None:
    v = REGISTRY["changsha"]
    judged = ready = 0
    for data in bodies("changsha", COUNT * 2, seed=1605, rooms=rooms):
        request = v.request(data)
        tile = T.from_code(data["tile"])
        for kong in [a for a in answer_of("changsha", {**data, "detail": detail})["actions"]
                     if a["type"] == "kong"]:
            judged += 1
            after = plain(v.waits(Request(_after_hand(request, kong, tile), request.context,
                                          request.options)))["waits"]
            ready += bool(after)
            modes = ["bu_zhang", "kai_gang"] if after else ["bu_zhang"]
            assert kong["modes"] == modes, (data, kong)
    assert judged > 0 and 0 < ready < judged  # both kinds of kong were met


@ROOMS
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("mode", ["off", "same_tile", "not_higher", "any"])
def test_guo_hu_refuses_exactly_what_its_mode_names(variant: str, mode: str, rooms: bool) -> None:
    blocked = wins = 0
    for data in bodies(variant, COUNT, seed=1605, rooms=rooms):
        options = {**data.get("options", {}), "guo_hu": mode}
        if variant == "hongzhong":  # discard wins on, so that there are wins to pass
            options["win_by_discard"] = "yes"
        plain_answer = answer_of(variant, {**data, "options": options})
        off = answer_of(variant, {**data, "options": {**options, "guo_hu": "off"}})
        # without passed, 过胡 changes nothing but the record a pass leaves
        assert plain_answer["actions"][:-1] == off["actions"][:-1]
        assert plain_answer["refused"] == off["refused"]
        win = next((a for a in plain_answer["actions"] if a["type"] in ("win", "rob_kong")),
                   None)
        source = data["context"]["source"]
        pass_ = plain_answer["actions"][-1]
        if win and mode != "off" and source != "self_draw":
            assert pass_["passed"] == {"tiles": [data["tile"]], "fan": win["fan"]}
        else:
            assert "passed" not in pass_
        if win is None or source == "self_draw":
            continue
        wins += 1  # alternate: the same tile or another; a fan below, equal to, above
        v = REGISTRY[variant]
        room_kinds = v.hand_rules(v.options(v.request(data))).tile_kinds
        kinds = T.codes(sorted(room_kinds))
        record_tile = data["tile"] if wins % 2 else next(k for k in kinds if k != data["tile"])
        record_fan = win["fan"] - 1 + wins % 3
        record = {"tiles": [record_tile], "fan": max(0, record_fan)}
        with_record = copy.deepcopy(data)
        with_record["options"] = options
        with_record["context"]["passed"] = record
        answer = answer_of(variant, with_record)
        refuse = {"off": False, "same_tile": record_tile == data["tile"],
                  "not_higher": win["fan"] <= record["fan"], "any": True}[mode]
        still = [a for a in answer["actions"] if a["type"] == win["type"]]
        assert bool(still) != refuse, with_record
        if refuse:
            blocked += 1
            assert answer["refused"][0] == {"type": win["type"], "reason": "passed_win",
                                            "fan": win["fan"]}
            assert "passed" not in answer["actions"][-1]
        elif mode != "off":
            tiles = sorted({record_tile, data["tile"]}, key=T.from_code)
            assert answer["actions"][-1]["passed"] == {
                "tiles": tiles, "fan": max(record["fan"], win["fan"])}
        # the other actions do not depend on the record
        assert answer["actions"][len(still):-1] == plain_answer["actions"][1:-1]
    assert blocked > 0 or mode == "off"
