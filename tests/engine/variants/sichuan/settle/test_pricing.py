"""``settle`` prices each win exactly as the ``fan`` operation does (settle.md §1.6: "each win
is priced exactly as ``fan`` prices it"), though it skips the checks its stages have made
(`Sichuan.settled_fan`): every winner of generated records is priced both ways and compared,
under the record's random options."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine.hand import Request
from engine.options import Options
from engine.variants.sichuan import VARIANT as SICHUAN
from engine.variants.sichuan.points import SichuanFanAnswer
from engine.variants.sichuan.settle.settle import SichuanSettle
from tests.engine.variants.sichuan.settle.generate import play, random_options


class Compared:
    """The variant as ``settle`` sees it, each settled price held equal to ``fan``'s answer
    for the same hand, moment and raw options (its reading and per-seat payments aside:
    ``settle`` shows neither)."""

    def __init__(self, raw_options: dict[str, Any]) -> None:
        self.raw = raw_options
        self.priced = 0

    def options(self, request: Request) -> Options:
        return SICHUAN.options(request)

    def waits(self, request: Request) -> Any:
        return SICHUAN.waits(request)

    def fan(self, request: Request) -> SichuanFanAnswer:
        return SICHUAN.fan(request)

    def settled_fan(self, request: Request, options: Options) -> SichuanFanAnswer:
        settled = SICHUAN.settled_fan(request, options)
        full = SICHUAN.fan(replace(request, options=self.raw))
        assert settled == replace(full, reading=None, payments=None)
        self.priced += 1
        return settled


@pytest.mark.parametrize("seed", range(40))
def test_a_settled_win_is_fans_answer(seed: int) -> None:
    rng = random.Random(seed)
    while True:  # a room of 2–4 seats may end its hand with nobody won: draw again
        options = random_options(rng)
        record = play(rng, options)
        if any(e["type"] == "win" for e in record["events"]):
            break
    compared = Compared(options)
    answer = SichuanSettle(compared).settle(SICHUAN.request({"record": record,
                                                             "options": options}))
    winners = sum(len(e["winners"]) for e in record["events"] if e["type"] == "win")
    assert 0 < compared.priced == winners == len(answer.wins)
