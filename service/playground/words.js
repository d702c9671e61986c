"use strict";
// Words for the codes the service answers with, so that the page reads as sentences: why a hand
// is not a win (openapi.yaml `Reason`), why a claim is refused (`ClaimsRefusal.reason`), the
// claims' moves and kong kinds, and the room options' groups and labels. The browser test holds
// every code of openapi.yaml's enums to having words here.

const Words = (() => {
  const NO_WIN = {
    no_winning_shape: "the tiles form no winning shape",
    que_yi_men: "tiles of the missing suit are still in the hand (缺一门)",
    pair_not_258: "a small win needs a pair of 2, 5 or 8 (将)",
    discard_win_not_allowed: "this room does not allow winning on a discard",
    jing_diao_needs_self_draw: "a 精钓 hand wins only by self-draw",
  };

  // rules/claims.md "Refusals": the reasons of the fan evaluation, then the claims' own
  const REFUSED = {
    que_yi_men: NO_WIN.que_yi_men,
    pair_not_258: NO_WIN.pair_not_258,
    discard_win_not_allowed: NO_WIN.discard_win_not_allowed,
    jing_diao_needs_self_draw: NO_WIN.jing_diao_needs_self_draw,
    passed_win: "a win passed earlier blocks it until your own draw or claim (过胡)",
    locked: "a ready hand that has declared it (报听) may not pong or chow",
    waits_change: "this kong would change the waits of a declared ready hand",
    missing_suit: "this room allows no pong or kong of the missing suit (定缺)",
    wild_tile: "this room allows no pong or kong of a wildcard",
    needs_wild: "only a wildcard standing in could make this meld",
    last_tile: "nothing may be melded on the last tile (海底)",
    late_added_kong: "this room's added kong (补杠) must use the tile just drawn",
    no_discard_left: "no discard would be permitted after it (食替)",
  };

  const MOVES = {win: "win 胡", rob_kong: "rob the kong 抢杠胡", kong: "kong 杠", pong: "pong 碰",
                 chow: "chow 吃", pass: "pass 过"};
  const KONG_KINDS = {exposed: "exposed 明杠", concealed: "concealed 暗杠", added: "added 补杠"};

  /** A move of claims in words: "kong 杠, concealed 暗杠". */
  function move(type, kind) {
    const words = MOVES[type] || type;
    return kind ? `${words}, ${KONG_KINDS[kind] || kind}` : words;
  }

  // the groups of the room options (openapi.yaml OptionInfo.group), in the page's order
  const GROUPS = {room: "Room 房间 (players, suits, hand size)", hand: "Hand and scoring 胡牌计番",
                  claims: "Claims 吃碰杠", settle: "Settle 结算"};

  /** An option's label: its name in words ("max_fan" → "Max fan"); the name itself is shown
   * beside it, as a request spells it. */
  function label(name) {
    const words = name.replaceAll("_", " ");
    return words[0].toUpperCase() + words.slice(1);
  }

  return {NO_WIN, REFUSED, GROUPS, move, label};
})();
