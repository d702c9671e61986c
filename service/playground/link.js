"use strict";
// A link's request put back into the form (`#/{variant}/{op}?body=…`; exchange.js reads and
// writes the address). What the form has a control for is set there; what it has none for
// (a context's `first_turn`, a claim's `passed`, …) is handed back, for the page to send with
// each of the link's requests and to list, so that the link asks what it asked.

const Link = (() => {
  const $ = (id) => document.getElementById(id);
  const take = (from, name) => {
    const value = from[name];
    delete from[name];
    return value;
  };

  /** Sets `state` (hand, win tile, melds) and the form from the link's request; returns
   * what neither holds. `page`: `setOptions(options)` sets the option controls and returns
   * the options they cannot hold, `room()` the room they then describe, `own` the
   * variant's own context member (app.js OWN_CONTEXT), `dealOps` the deal's operations. */
  function fill({op, body: sent}, state, page) {
    const {context: ctx = {}, options = {}, ...rest} = sent;
    const kept = {context: {...ctx}, options: page.setOptions(options)};
    if (op === "settle") {
      $("settle-record").value = JSON.stringify(take(rest, "record") ?? {}, null, 2);
    } else {
      const hand = Tiles.parse(take(rest, "hand") ?? "") || [];
      const win = "win_tile" in rest ? Tiles.parse(take(rest, "win_tile")) : null;
      // a 14-tile hand of discards, advice or the deal: its last tile is the win tile
      const fourteen = ["discards", "advice"].includes(op)
        || (page.dealOps.includes(op) && hand.length > page.room().handSize);
      state.win = win ? win[0] || null : fourteen ? hand.pop() : null;
      state.hand = hand.sort(Tiles.compare);
      state.melds = (take(rest, "melds") || []).map((m) => ({
        type: m.type, tiles: (Tiles.parse(m.tiles) || []).sort(Tiles.compare),
        concealed: Boolean(m.concealed)}));
      fillContext(op, kept.context, page.own);
      if (op === "claims") {
        $("claim-tile").value = take(rest, "tile") ?? "";
        $("claim-source").value = take(kept.context, "source") ?? "discard_left";
        $("claim-locked").checked = Boolean(take(kept.context, "locked"));
      }
    }
    if (!Object.keys(kept.context).length) delete kept.context;
    if (!Object.keys(kept.options).length) delete kept.options;
    return {...rest, ...kept};
  }

  /** The context controls set from a link's context; what they hold is taken out of it. */
  function fillContext(op, ctx, own) {
    if (op !== "claims") {
      $("win-type").value = take(ctx, "win_type") || "self_draw";
      const seats = {...(take(ctx, "seats") || {})};
      for (const role of ["dealer", "winner", "discarder"]) {
        $(`seat-${role}`).value = seats[role] === undefined || seats[role] === null ? ""
          : String(seats[role]);
        if ($(`seat-${role}`).value === String(seats[role] ?? "")) delete seats[role];
      }
      if (Object.keys(seats).length) ctx.seats = seats;
      $("after-kong").checked = Boolean(take(ctx, "after_kong"));
      $("last-tile").checked = Boolean(take(ctx, "last_tile"));
    }
    if (op === "advice" && ctx.draws_left !== undefined) {
      $("advice-draws").value = String(take(ctx, "draws_left"));
    }
    if (own && $("own-context")) {
      const value = take(ctx, own.member);
      $("own-context").value = value === undefined || value === null ? ""
        : Array.isArray(value) ? Tiles.notation(value) : String(value);
    }
  }

  return {fill};
})();
