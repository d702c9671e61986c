"""Reading requests and the hand rules every variant shares (RULES.md §0.2, §0.4)."""

from typing import Any

import pytest

from engine import tiles as T
from engine.errors import Code, RequestError
from engine.hand import (
    Context,
    HandRules,
    KongType,
    MeldKind,
    Seats,
    VariantFacts,
    WinType,
    check_hand,
    parse_request,
)
from engine.variants.changsha.facts import ChangshaFacts
from engine.variants.nanchang.facts import Holding, Jing, NanchangFacts
from engine.variants.sichuan.facts import SichuanFacts

SUITS_ONLY = HandRules(T.TILE_SETS["108"], chow_melds=False, tile_set_name="108")
WITH_CHOWS = HandRules(T.TILE_SETS["136"], chow_melds=True)


def codes_of(data: dict[str, Any], rules: HandRules = WITH_CHOWS, size: int = 13,
             needs_win_tile: bool = True) -> list[tuple[str, str]]:
    request = parse_request(data, VariantFacts)
    problems = check_hand(request.hand, rules, size=size, needs_win_tile=needs_win_tile,
                          visible=request.context.visible)
    return [(p.code.value, p.pointer) for p in problems]


def test_parse_request_reads_every_member() -> None:
    request = parse_request({
        "hand": "123m456m5p",
        "melds": [{"type": "pong", "tiles": "222m"},
                  {"type": "kong", "tiles": ["9p", "9p", "9p", "9p"], "concealed": True}],
        "win_tile": "5p",
        "context": {"win_type": "discard", "visible": "5p",
                    "seats": {"dealer": 0, "winner": 1, "discarder": 2},
                    "kong": {"type": "added", "tile": "3s"}},
        "options": {"max_fan": 3},
    }, VariantFacts)
    hand, ctx = request.hand, request.context
    assert T.codes(hand.concealed) == ["1m", "2m", "3m", "4m", "5m", "6m", "5p"]
    assert [m.kind for m in hand.melds] == [MeldKind.PONG, MeldKind.KONG]
    assert hand.melds[1].concealed and not hand.melds[0].concealed
    assert hand.win_tile == T.from_code("5p")
    assert hand.size == 7 + 3 * 2
    assert ctx.win_type is WinType.DISCARD
    assert ctx.seats == Seats(dealer=0, winner=1, discarder=2)
    assert ctx.kong is not None and ctx.kong.type is KongType.ADDED
    assert ctx.visible == (T.from_code("5p"),)
    assert ctx.facts == VariantFacts()  # no variant's facts asked for: none read
    assert request.options == {"max_fan": 3}


def test_each_variant_reads_its_own_context_members_into_its_facts() -> None:
    sichuan = parse_request({"context": {"missing_suit": "s", "after_kong": True}}, SichuanFacts)
    assert sichuan.context.facts == SichuanFacts(missing_suit=2)  # m 0, p 1, s 2
    assert sichuan.context.after_kong  # the shared members beside them
    nanchang = parse_request({"context": {
        "jing": {"zheng": "5m", "fu": "6m"}, "indicator": "4m", "others_hold_jing": False,
        "holdings": [{"zheng": 1}, {"fu": 2}]}}, NanchangFacts)
    assert nanchang.context.facts == NanchangFacts(
        jing=Jing(T.from_code("5m"), T.from_code("6m")), indicator=T.from_code("4m"),
        others_hold_jing=False, holdings=(Holding(1, 0), Holding(0, 2)))
    # a body without context reads as facts that say nothing, of the variant's own type
    assert parse_request({}, ChangshaFacts).context == Context(facts=ChangshaFacts())
    assert ChangshaFacts.of(parse_request({}, ChangshaFacts).context).birds is None


def test_facts_are_read_only_as_their_own_variant() -> None:
    """A context built without facts says nothing to any variant; one carrying another
    variant's facts is a programming error, not silence."""
    assert SichuanFacts.of(Context()) == SichuanFacts()
    with pytest.raises(TypeError, match="SichuanFacts read as ChangshaFacts"):
        ChangshaFacts.of(Context(facts=SichuanFacts(missing_suit=0)))


def test_unparseable_tiles_are_invalid_tile_with_pointers() -> None:
    with pytest.raises(RequestError) as caught:
        parse_request({"hand": "12x", "melds": [{"type": "pong", "tiles": ["2m", "2q", "2m"]}],
                       "win_tile": "0m", "context": {"birds": "4p9z"}}, ChangshaFacts)
    pointers = [p.pointer for p in caught.value.problems]
    assert pointers == ["#/hand", "#/melds/0/tiles/1", "#/win_tile", "#/context/birds"]
    assert "'12x'" in caught.value.problems[0].detail
    assert caught.value.code is Code.INVALID_TILE


def test_a_valid_hand_has_no_problems() -> None:
    assert codes_of({"hand": "123m456m5p", "melds": [{"type": "pong", "tiles": "222m"},
                                                    {"type": "kong", "tiles": "9999p"}],
                     "win_tile": "5p"}, SUITS_ONLY) == []


def test_honor_outside_the_tile_set() -> None:
    # 9 + 2 + 2 = 13 tiles
    assert codes_of({"hand": "123m456m789m11p11z", "win_tile": "1p"}, SUITS_ONLY) == [
        ("invalid_tile", "#/hand")]


@pytest.mark.parametrize(
    ("meld", "code", "pointer"),
    [
        ({"type": "chow", "tiles": "124m"}, "bad_meld", "#/melds/0/tiles"),
        ({"type": "chow", "tiles": "89m1p"}, "bad_meld", "#/melds/0/tiles"),
        ({"type": "chow", "tiles": "123z"}, "bad_meld", "#/melds/0/tiles"),
        ({"type": "pong", "tiles": "223m"}, "bad_meld", "#/melds/0/tiles"),
        ({"type": "kong", "tiles": "222m"}, "bad_meld", "#/melds/0/tiles"),
        ({"type": "pong", "tiles": "222m", "concealed": True}, "bad_meld", "#/melds/0/concealed"),
    ],
)
def test_malformed_melds(meld: dict[str, Any], code: str, pointer: str) -> None:
    # 10 concealed tiles + 1 meld = 13 by the size rule
    assert codes_of({"hand": "456m789m11p56s", "melds": [meld], "win_tile": "7s"}) == [
        (code, pointer)]


def test_chow_in_a_variant_without_chows() -> None:
    assert codes_of({"hand": "456m789m11p56s", "melds": [{"type": "chow", "tiles": "231p"}],
                     "win_tile": "7s"}, SUITS_ONLY) == [("chow_not_allowed", "#/melds/0/type")]


def test_a_chow_in_any_order_is_fine() -> None:
    assert codes_of({"hand": "789m11p56s", "melds": [
        {"type": "chow", "tiles": "312m"}, {"type": "chow", "tiles": "231p"}],
        "win_tile": "7s"}) == []


def test_five_copies_name_the_tile_and_where_they_are() -> None:
    # 11 + 3 = 14: one tile too many as well, but the copies are what this test reads
    request = parse_request({"hand": "333m456m789m11p", "melds": [
        {"type": "pong", "tiles": "333m"}], "win_tile": "1p"}, VariantFacts)
    problems = check_hand(request.hand, WITH_CHOWS, size=14, needs_win_tile=True)
    copies = [p for p in problems if p.code is Code.TOO_MANY_COPIES]
    assert [p.detail for p in copies] == [
        "hand has 6 copies of 3m (hand 3, melds 3); there are only 4"]


def test_visible_tiles_beyond_four_copies() -> None:
    assert codes_of({"hand": "111m456m789m1239p", "win_tile": "5s",
                     "context": {"visible": "11m"}}) == [("too_many_copies", "#/context/visible")]


@pytest.mark.parametrize(
    ("data", "size", "needs", "expected"),
    [
        # 12 tiles + win tile where 13 + win tile are required
        ({"hand": "123m456m789m12p", "win_tile": "3p"}, 13, True, [("bad_tile_count", "#/hand")]),
        # a kong counts 3, not 4: 11 in hand + 1 kong = 14
        ({"hand": "123m456m789m12p", "melds": [{"type": "kong", "tiles": "9999s"}],
          "win_tile": "3p"}, 13, True, [("bad_tile_count", "#/hand")]),
        # 10 in hand + 1 kong = 13
        ({"hand": "123m456m789m1p", "melds": [{"type": "kong", "tiles": "9999s"}],
          "win_tile": "1p"}, 13, True, []),
        ({"hand": "123m456m789m1234p"}, 13, True, [("missing_field", "#/win_tile")]),
        ({"hand": "123m456m789m1234p", "win_tile": "1p"}, 13, False,
         [("invalid_field", "#/win_tile")]),
        ({"hand": "123m456m789m12345p"}, 14, False, []),
    ],
)
def test_size_rule(data: dict[str, Any], size: int, needs: bool,
                   expected: list[tuple[str, str]]) -> None:
    assert codes_of(data, size=size, needs_win_tile=needs) == expected


def test_size_detail_says_what_was_expected() -> None:
    request = parse_request({"hand": "123m456m789m12p", "win_tile": "3p"}, VariantFacts)
    (problem,) = check_hand(request.hand, WITH_CHOWS, size=13, needs_win_tile=True)
    assert problem.detail == ("expected 13 tiles plus win_tile (hand + 3 per meld, a kong "
                              "counts 3), got 11 in hand + 0 melds = 11")


def test_request_error_names_the_first_code_in_the_contract_order() -> None:
    with pytest.raises(RequestError) as caught:
        parse_request({"hand": "11x"}, VariantFacts)
    assert caught.value.code is Code.INVALID_TILE
    order = [c.value for c in Code]
    assert order == ["invalid_field", "missing_field", "invalid_option", "source_not_allowed",
                     "invalid_tile", "bad_meld", "chow_not_allowed", "too_many_copies",
                     "bad_tile_count", "draws_exceed_unseen", "locked_not_ready", "seat_left",
                     "hand_over",
                     "not_first_turn", "not_after_kong", "kai_gang_mismatch",
                     "multiple_winners", "rob_not_allowed", "meld_mismatch", "not_a_qishou",
                     "birds_mismatch", "code_count_mismatch", "not_a_win",
                     "amount_too_large"]  # reconciled.md §2, the codes so far
    assert [c.is_hand_problem for c in Code] == ([False] * 4 + [True] * 5 + [False] + [True]
                                                 + [False] * 13)
    assert [c.is_record_problem for c in Code] == [False] * 11 + [True] * 13


def test_context_with_equals_dataclasses_replace() -> None:
    """The hot paths' copy of a context (`engine.hand.context_with`) is the value
    `dataclasses.replace` makes, for every field changed alone and all at once, and leaves
    the original as it was."""
    import dataclasses

    from engine.hand import Context, KongEvent, KongType, Seats, WinType, context_with

    base = Context(win_type=WinType.SELF_DRAW, after_kong=True, visible=(1, 2, 3),
                   seats=Seats(dealer=0, winner=1), active=(0, 1, 2))
    changes = {"win_type": WinType.DISCARD, "after_kong": False, "last_tile": True,
               "first_turn": True, "is_dealer": False, "seats": None, "active": (1,),
               "visible": (4,), "kong": KongEvent(KongType.ADDED, 5)}
    for name, value in changes.items():
        assert context_with(base, **{name: value}) == dataclasses.replace(base, **{name: value})
    assert context_with(base, **changes) == dataclasses.replace(base, **changes)
    assert base == Context(win_type=WinType.SELF_DRAW, after_kong=True, visible=(1, 2, 3),
                           seats=Seats(dealer=0, winner=1), active=(0, 1, 2))
    with pytest.raises(TypeError, match="visibl"):
        context_with(base, visibl=())
