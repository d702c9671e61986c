"""The game recorder of ``benchmarks/game.py`` (CI-sized): its stream is what the benchmark
claims to send — every body distinct, every call a 200 on a server that never saw the game,
and the mix of calls the issue names (no timing here: the benchmark is informational)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from benchmarks.game_play import SETTLE, record
from engine.variants import REGISTRY
from service.app import create_app

GAMES = 2
OWN_CALLS = {"sichuan": {"settle"}, "changsha": {"qishou"}, "nanchang": {"jing", "jing-settlement"},
             "hongzhong": set()}


@pytest.fixture(scope="module")
def streams() -> dict[str, list]:  # type: ignore[type-arg]
    client = create_app().test_client()
    return {variant: record(variant, GAMES, client).calls for variant in REGISTRY}


@pytest.mark.parametrize("variant", list(REGISTRY))
def test_no_body_twice(streams, variant) -> None:  # type: ignore[no-untyped-def]
    calls = streams[variant]
    assert len({(c.path, c.payload) for c in calls}) == len(calls)
    assert len({c.payload for c in calls}) == len(calls)


@pytest.mark.parametrize("variant", list(REGISTRY))
def test_every_call_answers_200_on_a_fresh_app(streams, variant) -> None:  # type: ignore[no-untyped-def]
    client = create_app().test_client()
    for call in streams[variant]:
        response = client.post(call.path, data=call.payload, content_type="application/json")
        assert response.status_code == 200, (call.path, call.payload, response.get_data())
        if call.kind == "batch":  # each claims item answered too, not refused
            statuses = [r["status"] for r in response.get_json()["results"]]
            assert statuses and set(statuses) == {200}, (call.payload, statuses)


@pytest.mark.parametrize("variant", list(REGISTRY))
def test_the_mix_of_calls(streams, variant) -> None:  # type: ignore[no-untyped-def]
    kinds = Counter(c.kind for c in streams[variant])
    assert {"claims", "discards", "batch"} | OWN_CALLS[variant] <= set(kinds)
    # one drawer's claims a draw, and one discards a draw that is not a win or a kong
    assert kinds["discards"] <= kinds["claims"]
    games = {c.game for c in streams[variant]}
    assert games == set(range(GAMES))


def test_a_fan_for_every_winner_of_the_settled_record(streams) -> None:  # type: ignore[no-untyped-def]
    assert "sichuan" in SETTLE
    for game in range(GAMES):
        calls = [c for c in streams["sichuan"] if c.game == game]
        (settle,) = [json.loads(c.payload) for c in calls if c.kind == "settle"]
        winners = [w for e in settle["record"]["events"] if e["type"] == "win"
                   for w in e["winners"]]
        assert len(winners) == sum(c.kind == "fan" for c in calls)
        assert calls[-1].kind == "settle"
