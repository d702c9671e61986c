"""The generated 长沙 records (`generate`) are hands that could have happened, and the slow
reference (`reference`) prices every one of them: each win is a win for ``fan``, the rows sum
to zero, and a winner's ``win`` + ``birds`` rows of its event equal its wins' payments.

CI-sized by default; ``HUPAI_FULL=1`` plays many more hands. The share of records with
起手小胡, 开杠, 一炮多响 and the 海底 is printed (``-s``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from engine import tiles as T
from tests.engine.variants.changsha.settle.generate import Stats, play, random_options
from tests.engine.variants.changsha.settle.reference import reference

FULL = os.environ.get("HUPAI_FULL") == "1"
COUNT = 2000 if FULL else 150


def _records() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    rng = random.Random(20261202)
    stats = Stats()
    out = []
    for _ in range(COUNT):
        options = random_options(rng)
        out.append((play(rng, options, stats), options))
    print("\n长沙 settle generated records:", stats.shares())
    return out


RECORDS = _records()


def _tiles(text: str) -> list[int]:
    return T.parse_any(text)


def table_counts(record: dict[str, Any]) -> tuple[Counter[int], Counter[int]]:
    """The deal's count (the declared hands) and the end's (§2.9.7 stage 3)."""
    events = record["events"]
    deal = Counter(t for e in events if e["type"] == "qishou" for t in _tiles(e["hand"]))
    end: Counter[int] = Counter()
    wins = [(i, e) for i, e in enumerate(events) if e["type"] == "win"]
    if wins:
        i, ev = wins[0]
        seats = {w["seat"] for w in ev["winners"]}
        for w in ev["winners"]:
            end.update(_tiles(w["hand"]))
            end.update(t for m in w.get("melds") or [] for t in _tiles(m["tiles"]))
        if "win_tile" in ev:
            end[T.from_code(ev["win_tile"])] += 1
        else:
            end.update(_tiles("".join(events[i - 1]["drawn"])))
        for e in events[:i]:
            if e["type"] == "kong" and e["seat"] not in seats:
                end[T.from_code(e["kong"]["tile"])] += 4
        hai_di = ev.get("win_tile") if ev.get("context", {}).get("last_tile") else None
        end.update(T.from_code(b) for b in ev.get("birds") or [] if b != hai_di)
    return deal, end


@pytest.mark.parametrize("index", range(COUNT))
def test_a_generated_record_could_have_happened(index: int) -> None:
    record, _options = RECORDS[index]
    deal, end = table_counts(record)
    assert max(deal.values(), default=0) <= 4
    assert max(end.values(), default=0) <= 4
    events = record["events"]
    assert len(events) <= 32
    seen = [e["seat"] for e in events if e["type"] == "qishou"]
    assert len(seen) == len(set(seen))


@pytest.mark.parametrize("index", range(COUNT))
def test_the_reference_prices_every_generated_record(index: int) -> None:
    record, options = RECORDS[index]
    ref = reference(record, options)
    assert sum(ref["totals"]) == 0
    assert all(amount > 0 for *_, amount in ref["rows"])
    for win in ref["wins"]:
        assert sum(win["payments"]) == 0
    by_winner: Counter[tuple[int, int]] = Counter()
    for win in ref["wins"]:
        for seat, amount in enumerate(win["payments"]):
            if seat != win["seat"]:
                by_winner[(seat, win["seat"])] -= amount
    rows: Counter[tuple[int, int]] = Counter()
    for reason, _, payer, to, amount in ref["rows"]:
        if reason in ("win", "birds"):
            rows[(payer, to)] += amount
    assert rows == +by_winner


def test_the_policies_make_the_events_frequent() -> None:
    """起手小胡, 开杠, 一炮多响 and the 海底 each in a good share of the records."""
    events = [r["events"] for r, _ in RECORDS]
    wins = [[e for e in ev if e["type"] == "win"] for ev in events]
    share = {
        "qishou": sum(any(e["type"] == "qishou" for e in ev) for ev in events),
        "kai_gang": sum(any(e.get("mode") == "kai_gang" for e in ev) for ev in events),
        "multi": sum(any(len(w["winners"]) > 1 for w in ws) for ws in wins),
        "hai_di": sum("end" in r or any(w.get("context", {}).get("last_tile") for w in ws)
                      for (r, _), ws in zip(RECORDS, wins, strict=True)),
    }
    assert all(n >= COUNT // 10 for n in share.values()), share
