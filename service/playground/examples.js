"use strict";
// What the page opens with: for each variant a hand that shows what the variant adds, and an
// example record to settle.

const Examples = (() => {
  // The hand each variant opens with: one that shows what the variant adds.
  const EXAMPLES = {
    sichuan: {hand: "456m789m23p55p", melds: [{type: "pong", tiles: ["8p", "8p", "8p"]}],
              win: "4p", win_type: "self_draw", seats: {winner: 1}, own: "s"},
    changsha: {hand: "1122334455667p", melds: [], win: "7p", win_type: "discard",
               seats: {dealer: 0, winner: 0, discarder: 2}, own: "4p7s"},
    nanchang: {hand: "123m456m789m5z1p23p", melds: [], win: "4p", win_type: "self_draw",
               seats: {dealer: 0, winner: 1}, own: "5z"},
    hongzhong: {hand: "123m456m789m7z1p23p", melds: [], win: "4p", win_type: "self_draw",
                seats: {winner: 0}, own: "1m7z"},
  };

  // Each variant's example record (openapi.yaml, POST /v1/{variant}/settle): 四川 rules/settle.md's
  // end-of-wall example, 长沙 settle-changsha.md's Example 1 (two 起手小胡, a 补张, a 大胡 with birds),
  // 红中 settle-hongzhong.md's Example 1 (two kongs, 杠上开花, 159 codes), 南昌 settle-nanchang.md's
  // Example 1 (a discard win, 上精 冲关 with 冲关包赔).
  const SETTLE_EXAMPLES = {
    sichuan: {
      dealer: 0, missing_suits: ["p", "s", "p", "m"],
      events: [
        {type: "kong", seat: 2, kong: {type: "added", tile: "3m"}},
        {type: "kong", seat: 3, kong: {type: "concealed", tile: "8p"}},
        {type: "win", win_tile: "5s", context: {win_type: "self_draw"},
         winners: [{seat: 0, hand: "456m789m123s789s5s"}]},
      ],
      end: {hands: [null, {hand: "11m22m33p44p55p123s"},
                    {hand: "2m5m6m9m1s2s4s4s7s8s", melds: [{type: "kong", tiles: "3333m"}]},
                    {hand: "345p666s78s99s",
                     melds: [{type: "kong", tiles: "8888p", concealed: true}]}]},
    },
    changsha: {
      dealer: 0, piao: [0, 0, 0, 0],
      events: [
        {type: "qishou", seat: 0, hand: "1111m346p679p3479s"},
        {type: "qishou", seat: 2, hand: "333m999m2233p556p"},
        {type: "kong", seat: 3, kong: {type: "concealed", tile: "8m"}},
        {type: "win", win_tile: "9s", context: {win_type: "self_draw"},
         winners: [{seat: 1, hand: "111s333s555s777s9s"}], birds: ["3m", "6p"]},
      ],
    },
    hongzhong: {
      dealer: 0,
      events: [
        {type: "kong", seat: 0, kong: {type: "added", tile: "9m"}},
        {type: "kong", seat: 1, kong: {type: "exposed", tile: "8s"}, from: 3},
        {type: "win", win_tile: "5s", context: {win_type: "self_draw", after_kong: true},
         winners: [{seat: 1, hand: "123m456m11s34s", melds: [{type: "kong", tiles: "8888s"}]}],
         codes: ["1p", "6m", "9s"]},
      ],
    },
    nanchang: {
      dealer: 0, shang_jing: "5m",
      events: [
        {type: "kong", seat: 0, kong: {type: "concealed", tile: "9p"}},
        {type: "win", from: 1, win_tile: "8m", context: {win_type: "discard"},
         winners: [{seat: 2, hand: "6m9m123p789s44z",
                    melds: [{type: "pong", tiles: "555m", from: 3}]}]},
      ],
      end: {hands: [
        {hand: "5m234s567s11z7z", melds: [{type: "kong", tiles: "9999p", concealed: true}],
         discards: "3z1s2p"},
        {hand: "123m456p78p23s55z3z", discards: "6m9m1s"},
        {discards: "2z1m"},
        {hand: "789m11p22p33p456s6z", discards: "4z7p"},
      ]},
    },
  };

  return {hands: EXAMPLES, records: SETTLE_EXAMPLES};
})();
