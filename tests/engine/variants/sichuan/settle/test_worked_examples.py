# ruff: noqa: E501  (the records and answers are settle.md's text, verbatim)
"""settle.md Part 2's worked examples and its error example, replayed exactly."""

from __future__ import annotations

import json

from engine.errors import RequestError
from engine.variants.sichuan import VARIANT
from engine.variants.sichuan import VARIANT as SICHUAN
from tests.engine.variants.sichuan.settle.helpers import run

settle = VARIANT.settle  # the public seam: the variant's operation

EXAMPLE_1 = json.loads("""{
    "dealer": 0,
    "missing_suits": ["s", "m", "p", "s"],
    "events": [
      {"type": "kong", "seat": 3, "kong": {"type": "exposed", "tile": "2p"}, "from": 1},
      {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "9m"}},
      {"type": "win", "from": 2, "win_tile": "5s", "context": {"win_type": "discard", "after_kong": true},
       "winners": [{"seat": 1, "hand": "345p678p345s67s88s"}]},
      {"type": "win", "win_tile": "7p", "context": {"win_type": "self_draw"},
       "winners": [{"seat": 3, "hand": "111m444m55p77p", "melds": [{"type": "kong", "tiles": "2222p"}]}]}
    ]
}""")
ANSWER_1 = json.loads("""{
  "transfers": [
    {"reason": "kong", "event": 0, "from": 1, "to": 3, "amount": 2},
    {"reason": "kong", "event": 1, "from": 3, "to": 2, "amount": 2},
    {"reason": "kong", "event": 1, "from": 0, "to": 2, "amount": 2},
    {"reason": "kong", "event": 1, "from": 1, "to": 2, "amount": 2},
    {"reason": "win", "event": 2, "from": 2, "to": 1, "amount": 2},
    {"reason": "hu_jiao_zhuan_yi", "event": 2, "from": 2, "to": 1, "amount": 6},
    {"reason": "win", "event": 3, "from": 0, "to": 3, "amount": 8},
    {"reason": "win", "event": 3, "from": 2, "to": 3, "amount": 8}
  ],
  "totals": [-10, 4, -10, 16],
  "wins": [
    {"event": 2, "seat": 1, "patterns": [
      {"id": "ping_hu", "name": "Plain hand", "name_zh": "平胡", "fan": 0},
      {"id": "gang_shang_pao", "name": "Discard after kong", "name_zh": "杠上炮", "fan": 1}
     ], "fan": 1, "gen_count": 0, "fan_capped": 1, "points_per_payer": 2},
    {"event": 3, "seat": 3, "patterns": [
      {"id": "dui_dui_hu", "name": "All triplets", "name_zh": "对对胡", "fan": 1},
      {"id": "gen", "name": "Root (four of a kind)", "name_zh": "根", "fan": 1, "tiles": ["2p"]},
      {"id": "zi_mo", "name": "Self-draw bonus", "name_zh": "自摸加番", "fan": 1}
     ], "fan": 3, "gen_count": 1, "fan_capped": 3, "points_per_payer": 8}
  ],
  "active": [0, 2]
}""")

EXAMPLE_2 = json.loads("""{
    "dealer": 0,
    "missing_suits": ["m", "m", "p", "s"],
    "events": [
      {"type": "kong", "seat": 0, "kong": {"type": "added", "tile": "5s"}},
      {"type": "win", "from": 0, "win_tile": "6p", "context": {"win_type": "discard", "after_kong": true},
       "winners": [{"seat": 3, "hand": "111m222m999m66p88p"}, {"seat": 1, "hand": "45p789p123s678s99s"}]},
      {"type": "kong", "seat": 2, "kong": {"type": "concealed", "tile": "7m"}}
    ]
}""")
ANSWER_2 = json.loads("""{
  "transfers": [
    {"reason": "kong", "event": 0, "from": 1, "to": 0, "amount": 1},
    {"reason": "kong", "event": 0, "from": 2, "to": 0, "amount": 1},
    {"reason": "kong", "event": 0, "from": 3, "to": 0, "amount": 1},
    {"reason": "win", "event": 1, "from": 0, "to": 1, "amount": 2},
    {"reason": "win", "event": 1, "from": 0, "to": 3, "amount": 4},
    {"reason": "hu_jiao_zhuan_yi", "event": 1, "from": 0, "to": 1, "amount": 2},
    {"reason": "hu_jiao_zhuan_yi", "event": 1, "from": 0, "to": 3, "amount": 1},
    {"reason": "kong", "event": 2, "from": 0, "to": 2, "amount": 2}
  ],
  "totals": [-8, 3, 1, 4],
  "wins": [
    {"event": 1, "seat": 1, "patterns": [
      {"id": "ping_hu", "name": "Plain hand", "name_zh": "平胡", "fan": 0},
      {"id": "gang_shang_pao", "name": "Discard after kong", "name_zh": "杠上炮", "fan": 1}
     ], "fan": 1, "gen_count": 0, "fan_capped": 1, "points_per_payer": 2},
    {"event": 1, "seat": 3, "patterns": [
      {"id": "dui_dui_hu", "name": "All triplets", "name_zh": "对对胡", "fan": 1},
      {"id": "gang_shang_pao", "name": "Discard after kong", "name_zh": "杠上炮", "fan": 1}
     ], "fan": 2, "gen_count": 0, "fan_capped": 2, "points_per_payer": 4}
  ],
  "active": [0, 2]
}""")

EXAMPLE_3 = json.loads("""{
    "dealer": 0,
    "missing_suits": ["p", "s", "p", "m"],
    "events": [
      {"type": "kong", "seat": 2, "kong": {"type": "added", "tile": "3m"}},
      {"type": "kong", "seat": 3, "kong": {"type": "concealed", "tile": "8p"}},
      {"type": "win", "win_tile": "5s", "context": {"win_type": "self_draw"},
       "winners": [{"seat": 0, "hand": "456m789m123s789s5s"}]}
    ],
    "end": {"hands": [
      null,
      {"hand": "11m22m33p44p55p123s"},
      {"hand": "2m5m6m9m1s2s4s4s7s8s", "melds": [{"type": "kong", "tiles": "3333m"}]},
      {"hand": "345p666s78s99s", "melds": [{"type": "kong", "tiles": "8888p", "concealed": true}]}
    ]}
}""")
ANSWER_3 = json.loads("""{
  "transfers": [
    {"reason": "kong", "event": 0, "from": 3, "to": 2, "amount": 1},
    {"reason": "kong", "event": 0, "from": 0, "to": 2, "amount": 1},
    {"reason": "kong", "event": 0, "from": 1, "to": 2, "amount": 1},
    {"reason": "kong", "event": 1, "from": 0, "to": 3, "amount": 2},
    {"reason": "kong", "event": 1, "from": 1, "to": 3, "amount": 2},
    {"reason": "kong", "event": 1, "from": 2, "to": 3, "amount": 2},
    {"reason": "win", "event": 2, "from": 1, "to": 0, "amount": 2},
    {"reason": "win", "event": 2, "from": 2, "to": 0, "amount": 2},
    {"reason": "win", "event": 2, "from": 3, "to": 0, "amount": 2},
    {"reason": "hua_zhu", "from": 1, "to": 2, "amount": 16},
    {"reason": "hua_zhu", "from": 1, "to": 3, "amount": 16},
    {"reason": "da_jiao", "from": 2, "to": 3, "amount": 4},
    {"reason": "tui_shui", "event": 0, "from": 2, "to": 3, "amount": 1},
    {"reason": "tui_shui", "event": 0, "from": 2, "to": 1, "amount": 1}
  ],
  "totals": [3, -36, 9, 24],
  "wins": [
    {"event": 2, "seat": 0, "patterns": [
      {"id": "ping_hu", "name": "Plain hand", "name_zh": "平胡", "fan": 0},
      {"id": "zi_mo", "name": "Self-draw bonus", "name_zh": "自摸加番", "fan": 1}
     ], "fan": 1, "gen_count": 0, "fan_capped": 1, "points_per_payer": 2}
  ],
  "active": [1, 2, 3],
  "statuses": [
    {"status": "won"},
    {"status": "hua_zhu"},
    {"status": "not_ready"},
    {"status": "ready", "waits": ["6s", "9s"], "best": {"tile": "6s", "patterns": [
      {"id": "ping_hu", "name": "Plain hand", "name_zh": "平胡", "fan": 0},
      {"id": "gen", "name": "Root (four of a kind)", "name_zh": "根", "fan": 2, "count": 2, "tiles": ["8p", "6s"]}
     ], "fan": 2, "gen_count": 2, "fan_capped": 2, "points": 4}}
  ]
}""")

ERROR_RECORD = json.loads("""{
    "dealer": 0,
    "events": [
      {"type": "win", "from": 2, "win_tile": "5s", "winners": [{"seat": 1, "hand": "345p678p345s67s88s"}]},
      {"type": "win", "win_tile": "5s", "context": {"win_type": "self_draw", "after_kong": true},
       "winners": [{"seat": 1, "hand": "345p678p345s67s88s"}]}
    ]
}""")


def test_example_1_two_kongs_gang_shang_pao_then_a_self_draw() -> None:
    assert run(EXAMPLE_1) == ANSWER_1


def test_example_2_yi_pao_duo_xiang_split_call_transfer() -> None:
    assert run(EXAMPLE_2) == ANSWER_2
    # with "each" both winners receive e0's whole income 3
    each = run(EXAMPLE_2, {"hu_jiao_zhuan_yi_split": "each"})
    assert [t["amount"] for t in each["transfers"] if t["reason"] == "hu_jiao_zhuan_yi"] == [3, 3]


def test_example_3_end_of_wall() -> None:
    assert run(EXAMPLE_3) == ANSWER_3


def test_the_error_example() -> None:
    try:
        settle(SICHUAN.request({"record": ERROR_RECORD}))
    except RequestError as e:
        assert e.code.value == "seat_left"
        assert [(p.pointer, p.detail) for p in e.problems] == [
            ("#/record/events/1/winners/0/seat", "seat 1 won at event 0 and left the hand "
             "(血战到底); it cannot win again"),
            ("#/record/events/1/context/after_kong", "after_kong on a self-draw needs a kong "
             "by seat 1 as the previous event; event 0 is a win")]
    else:
        raise AssertionError("the record must be refused")


def test_the_error_example_in_xue_liu_keeps_only_not_after_kong() -> None:
    try:
        settle(SICHUAN.request({"record": ERROR_RECORD, "options": {"xue_liu": True}}))
    except RequestError as e:
        assert [(p.code.value, p.pointer) for p in e.problems] == [
            ("not_after_kong", "#/record/events/1/context/after_kong")]
    else:
        raise AssertionError("the record must be refused")
