"""The seat rules of every variant, one table over `engine.seats` (RULES.md §0.3, rooms.md
§0.9.3): who pays a self-draw, a discard and a robbed kong, what ``active`` changes where a
variant reads it, and what the seats cannot say — each refusal at one pointer in every
variant. Each row is asked of `engine.seats` directly and of every variant's ``fan``, whose
payments must be paid by exactly the seats the table names (so every variant's payments go
through the one reading)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import seats as S
from engine.errors import RequestError
from engine.hand import Context, Seats, WinType
from engine.variants import REGISTRY

READS_ACTIVE = {"sichuan": True, "changsha": False, "nanchang": True, "hongzhong": False}
"""四川 (血战) and 南昌 read ``active``; 长沙 and 红中 end the hand with the first win."""

# A winning hand per variant, with what its context and options need so that §0.3's payers
# are the only payers (南昌 discarder_only: no 三家付; 红中 win_by_discard: yes).
WINS: dict[str, tuple[str, str, dict[str, Any], dict[str, Any]]] = {
    "sichuan": ("123m456m789m234p5p", "5p", {}, {}),
    "changsha": ("123m456m789p234s5s", "5s", {}, {}),
    "nanchang": ("123m456m789p234s5s", "5s", {"jing": {"zheng": "9s", "fu": "1s"}},
                 {"dianpao_pay": "discarder_only"}),
    "hongzhong": ("123m456m789p234s5s", "5s", {}, {"win_by_discard": "yes"}),
}

# (win_type, seats, active, the payers in turn order after the winner — or the problem's
# pointer). The dealer is always sent: 长沙 庄闲分 and 南昌 dealer_double need him.
PAYERS = [
    # self-draw: each other seat, in turn order after the winner (下家 first)
    ("self_draw", {"dealer": 0, "winner": 1}, None, (2, 3, 0)),
    ("self_draw", {"dealer": 0, "winner": 3}, None, (0, 1, 2)),
    # discard: the discarder alone
    ("discard", {"dealer": 0, "winner": 1, "discarder": 3}, None, (3,)),
    # rob-kong: the konger alone, named as konger or (§0.3) as discarder, or as both at once
    ("rob_kong", {"dealer": 0, "winner": 1, "konger": 2}, None, (2,)),
    ("rob_kong", {"dealer": 0, "winner": 1, "discarder": 2}, None, (2,)),
    ("rob_kong", {"dealer": 0, "winner": 1, "konger": 2, "discarder": 2}, None, (2,)),
    # active (四川 血战, 南昌): a seat that has left pays nothing on a self-draw
    ("self_draw", {"dealer": 0, "winner": 1}, [0, 1, 3], (3, 0)),
]
PROBLEMS = [
    # the case: a rob-kong whose konger and discarder disagree — the same 422 in
    # every variant (南昌 answered 200 and charged the discarder)
    ("rob_kong", {"dealer": 0, "winner": 0, "konger": 1, "discarder": 2}, None,
     "#/context/seats/konger"),
    # the winner cannot pay himself: at the member that names the payer
    ("discard", {"dealer": 0, "winner": 1, "discarder": 1}, None, "#/context/seats/discarder"),
    ("rob_kong", {"dealer": 0, "winner": 1, "konger": 1}, None, "#/context/seats/konger"),
    ("rob_kong", {"dealer": 0, "winner": 1, "discarder": 1}, None,
     "#/context/seats/discarder"),
    # what a payment needs and the seats leave out
    ("discard", {"dealer": 0, "winner": 1}, None, "#/context/seats/discarder"),
    ("rob_kong", {"dealer": 0, "winner": 1}, None, "#/context/seats/konger"),
    ("self_draw", {"dealer": 0}, None, "#/context/seats/winner"),
    # a seat outside the room
    ("discard", {"dealer": 0, "winner": 4, "discarder": 2}, None, "#/context/seats/winner"),
]
ACTIVE_PROBLEMS = [
    # where active is read: the winner and the payer must be in the hand; seats distinct
    ("discard", {"dealer": 0, "winner": 1, "discarder": 2}, [0, 1, 3], "#/context/active"),
    ("self_draw", {"dealer": 0, "winner": 1}, [0, 2, 3], "#/context/active"),
    ("self_draw", {"dealer": 0, "winner": 1}, [0, 1, 1], "#/context/active/2"),
    ("self_draw", {"dealer": 0, "winner": 1}, [0, 1, 5], "#/context/active/2"),
]


def context(win_type: str, seats: dict[str, int], active: list[int] | None) -> Context:
    return Context(win_type=WinType(win_type), seats=Seats(**seats),
                   active=None if active is None else tuple(active))


def seat_reading(ctx: Context, reads_active: bool) -> list[str]:
    """The pointers `engine.seats` refuses ``ctx`` at, as a variant reading it asks."""
    win_type = ctx.win_type or WinType.DISCARD
    found = S.range_problems(ctx, reads_active=reads_active) or S.win_problems(
        ctx, win_type, active=S.active_seats(ctx) if reads_active else None)
    return [p.pointer for p in found]


def fan(variant: str, win_type: str, seats: dict[str, int], active: list[int] | None) -> Any:
    hand, tile, extra, options = WINS[variant]
    ctx: dict[str, Any] = {**extra, "win_type": win_type, "seats": seats}
    if active is not None:
        ctx["active"] = active
    v = REGISTRY[variant]
    return v.fan(v.request({"hand": hand, "win_tile": tile, "context": ctx,
                            "options": options}))


@pytest.mark.parametrize("variant", list(WINS))
@pytest.mark.parametrize(("win_type", "seats", "active", "payers"), PAYERS)
def test_who_pays(variant: str, win_type: str, seats: dict[str, int],
                  active: list[int] | None, payers: tuple[int, ...]) -> None:
    if active is not None and not READS_ACTIVE[variant]:
        payers = S.after(seats["winner"])  # active is not read: every other seat pays
    ctx = context(win_type, seats, active)
    assert seat_reading(ctx, READS_ACTIVE[variant]) == []
    read = S.win_seats(ctx, WinType(win_type),
                       active=S.active_seats(ctx) if READS_ACTIVE[variant] else None)
    assert read is not None and read.payers == payers
    answer = fan(variant, win_type, seats, active)
    assert answer.win and sum(answer.payments) == 0
    assert tuple(s for s in S.after(seats["winner"]) if answer.payments[s] < 0) == payers
    assert answer.payments[seats["winner"]] > 0


@pytest.mark.parametrize("variant", list(WINS))
@pytest.mark.parametrize(("win_type", "seats", "active", "pointer"),
                         PROBLEMS + ACTIVE_PROBLEMS)
def test_what_the_seats_cannot_say(variant: str, win_type: str, seats: dict[str, int],
                                   active: list[int] | None, pointer: str) -> None:
    reads = READS_ACTIVE[variant]
    if active is not None and not reads:
        pytest.skip("the variant does not read active")
    assert seat_reading(context(win_type, seats, active), reads) == [pointer]
    with pytest.raises(RequestError) as caught:
        fan(variant, win_type, seats, active)
    assert [p.pointer for p in caught.value.problems] == [pointer]


def test_the_disagreement_is_worded_once() -> None:
    # one detail in every variant, naming both members
    details = set()
    for variant in WINS:
        with pytest.raises(RequestError) as caught:
            fan(variant, "rob_kong", {"dealer": 0, "winner": 0, "konger": 1, "discarder": 2},
                None)
        details.add(caught.value.problems[0].detail)
    assert details == {"on a robbed kong the konger pays: seats.konger (1) and "
                       "seats.discarder (2) name different seats; send one of them"}


@pytest.mark.parametrize(("players", "seat", "after", "next_", "previous", "opposite"), [
    (4, 1, (2, 3, 0), 2, 0, 3),
    (4, 3, (0, 1, 2), 0, 2, 1),
    (3, 2, (0, 1), 0, 1, None),   # 3 players: no 对家
    (2, 0, (1,), 1, 1, None),     # 2 players: the other seat is both 下家 and 上家
])
def test_turn_order(players: int, seat: int, after: tuple[int, ...], next_: int,
                    previous: int, opposite: int | None) -> None:
    assert S.after(seat, players) == after
    assert (S.next_seat(seat, players), S.previous_seat(seat, players),
            S.opposite_seat(seat, players)) == (next_, previous, opposite)


@pytest.mark.parametrize(("players", "seats", "pointers"), [
    (4, {"winner": 3}, []),
    (3, {"winner": 3}, ["#/context/seats/winner"]),  # a seat ≥ players
    (2, {"winner": 1, "discarder": 2}, ["#/context/seats/discarder"]),
])
def test_seat_bounds_follow_the_room(players: int, seats: dict[str, int],
                                     pointers: list[str]) -> None:
    found = S.range_problems(Context(seats=Seats(**seats)), players)
    assert [p.pointer for p in found] == pointers
    if found:
        assert f"0–{players - 1} ({players} players)" in found[0].detail


def test_deltas_are_zero_sum_and_sized_by_the_room() -> None:
    # seat 0 receives 2 from seat 1 and 5 from seat 2 in a 3-player room: +7, −2, −5
    assert S.deltas(0, [(1, 2), (2, 5)], 3) == (7, -2, -5)
