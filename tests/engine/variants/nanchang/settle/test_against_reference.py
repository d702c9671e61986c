"""Generated 南昌 records (`generate`): each one sound as a hand that could have been played;
``settle`` equal to the slow reference member for member and row for row, options drawn at
random; and the spec's sums — totals zero-sum, ``by_reason`` summing to ``totals``, the 上精
and each 下精 category equal to its pair's ``jing-settlement`` deltas, the win's to ``fan``'s
payments, and a record cut after any event settling to the rows of its events so far.

CI-sized by default; ``HUPAI_FULL=1`` plays many more hands. The shares of 冲关, 霸王精,
冲关包赔, 荒庄, several 下精 pairs … are printed (``-s``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from engine import tiles as T
from tests.engine.variants.nanchang.settle.generate import (
    Stats,
    play,
    random_options,
    rob_kong_records,
)
from tests.engine.variants.nanchang.settle.helpers import settled
from tests.engine.variants.nanchang.settle.reference import reference

FULL = os.environ.get("HUPAI_FULL") == "1"
COUNT = 2000 if FULL else 120


def _records() -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    rng = random.Random(20270127)
    stats = Stats()
    out = []
    for _ in range(COUNT):
        options = random_options(rng)
        record = play(rng, options)
        answer = reference(record, options)
        stats.add(record, answer)
        out.append((record, options, answer))
    for record, options in rob_kong_records(rng, 20 if not FULL else 200):
        out.append((record, options, reference(record, options)))
    print("\n南昌 settle generated records:", stats.shares())
    return out


RECORDS = _records()


def _tiles(value: Any) -> list[int]:
    return T.parse_any(value) if value else []


def _hand_size(entry: dict[str, Any]) -> int:
    return len(_tiles(entry.get("hand"))) + 3 * len(entry.get("melds") or [])


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_a_generated_record_could_have_been_played(index: int) -> None:
    """settle-nanchang.md §3.9.1 and §3.9.8 stage 3, checked here on the data: 13 tiles a
    hand (the winner's plus its win tile; one 14 on a 荒庄), four of a kind at most over the
    final tiles and the 下精 turned, the dealt hands likewise, one kong a kind, one win."""
    record, options, _ = RECORDS[index]
    events = record["events"]
    wins = [e for e in events if e["type"] == "win"]
    assert len(wins) <= 1 and (not wins or events[-1] is wins[0])
    assert len(events) <= 32
    konged = [e["kong"]["tile"] for e in events if e["type"] == "kong"]
    assert len(konged) == len(set(konged))
    end = record["end"]
    winner = wins[0]["winners"][0] if wins else None
    sizes = [_hand_size(h) for s, h in enumerate(end["hands"])
             if winner is None or s != winner["seat"]]
    assert Counter(sizes) in (Counter({13: len(sizes)}),
                              *([Counter({13: len(sizes) - 1, 14: 1})] if not wins else []))
    table = Counter(T.from_code(t) for t in end.get("xia_jing") or [])
    for s, h in enumerate(end["hands"]):
        if winner is not None and s == winner["seat"]:
            assert set(h) <= {"discards"}
            assert _hand_size(winner) == 13
            h = {**winner, "discards": h.get("discards")}
            table[T.from_code(wins[0]["win_tile"])] += 1
        table.update(_tiles(h.get("hand")))
        table.update(t for m in h.get("melds") or [] for t in _tiles(m["tiles"]))
        table.update(_tiles(h.get("discards")))
        assert len(_tiles(h.get("discards"))) <= (40 if len(end["hands"]) > 2 else 64)
    assert max(table.values()) <= 4
    opening = record.get("opening")
    if opening is not None:
        dealt = [_tiles(h) for h in opening["hands"]]
        assert [len(h) for h in dealt] == [14 if s == record["dealer"] else 13
                                           for s in range(options.get("players", 4))]
        assert max(Counter(t for h in dealt for t in h).values()) <= 4
    assert len(end.get("xia_jing") or []) == options.get("xia_jing_pairs", 0)


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_settle_equals_the_reference(index: int) -> None:
    record, options, answer = RECORDS[index]
    assert settled(record, options) == answer


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_the_reference_answer_holds_the_spec_sums(index: int) -> None:
    _, options, answer = RECORDS[index]
    players = options.get("players", 4)
    seats = range(players)
    totals, by_reason = answer["totals"], answer["by_reason"]
    assert len(totals) == players and sum(totals) == 0
    assert all(len(v) == players and sum(v) == 0 for v in by_reason.values())
    assert [sum(v[s] for v in by_reason.values()) for s in seats] == totals
    assert all(r["amount"] > 0 for r in answer["transfers"])
    zero = [0] * players
    for category in ("hui_tou_yi_xiao", "kai_ju_xia_jing", "shang_jing", "xia_jing"):
        deltas = [p["deltas"] for p in answer["jing"] if p["category"] == category]
        assert by_reason.get(category, zero) == [sum(d[s] for d in deltas) for s in seats]
    for win in answer["wins"]:
        assert by_reason.get("win", zero) == win["payments"]
    for pair in answer["jing"]:
        if pair["category"] != "shang_jing":
            assert "bao_pei" not in pair
        else:
            # each supplier refunds the covered seat's score to every seat but the two
            net = [0] * players
            for b in pair["bao_pei"]:
                assert b["seat"] in pair["chong_guan"]
                for j in seats:
                    if j not in (b["seat"], b["supplier"]):
                        net[j] += pair["scores"][b["seat"]]
                        net[b["supplier"]] -= pair["scores"][b["seat"]]
            assert by_reason.get("chong_guan_bao_pei", zero) == net


@pytest.mark.parametrize("index", range(0, len(RECORDS), 4))
def test_a_record_cut_after_any_event_settles_its_events_so_far(index: int) -> None:
    """§3.9.10: without ``end`` no pair but the opening ones and no end-of-hand kong; the
    win is priced alike unless ``others_hold_jing`` was derived false from the end hands
    (without them it is ``fan``'s default, true)."""
    record, options, answer = RECORDS[index]
    at_end = options.get("kong_scoring") == "end_of_won_hand"
    derived_false = any(not w["others_hold_jing"] for w in answer["wins"])
    kept = [r for r in answer["transfers"] if not (derived_false and r["reason"] == "win")]
    opening = [r for r in answer["transfers"]
               if r["reason"] in ("hui_tou_yi_xiao", "kai_ju_xia_jing")]
    for cut in range(len(record["events"]) + 1):
        prefix = {k: v for k, v in record.items() if k != "end"}
        prefix["events"] = record["events"][:cut]
        got = reference(prefix, options)
        assert settled(prefix, options) == got
        rows = [r for r in got["transfers"] if not (derived_false and r["reason"] == "win")]
        assert rows == opening + [
            r for r in kept if "event" in r and r["event"] < cut
            and not (at_end and r["reason"] == "kong")]
        assert sum(got["totals"]) == 0
        assert [p["category"] for p in got["jing"]] == [
            p["category"] for p in answer["jing"]
            if p["category"] in ("hui_tou_yi_xiao", "kai_ju_xia_jing")]
