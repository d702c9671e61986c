"use strict";
// The Hupai playground: builds requests from the form (or a link's, link.js), calls the API
// of the service that serves this page (client.js) and has answers.js draw the answers and
// exchange.js show each exchange.

(() => {
  const $ = (id) => document.getElementById(id);
  const {make, showProblem, drawFan, drawJing, drawWaits, drawDiscards, drawAdvice,
         drawClaims, drawSeats, drawDingque, drawExchange} = Answers;
  const {hands: EXAMPLES, records: SETTLE_EXAMPLES} = Examples;

  // A variant's own context members (openapi.yaml "Each variant owns its context") and the
  // operations of this page that take them.
  const OWN_CONTEXT = {
    sichuan: {member: "missing_suit", label: "Missing suit 定缺", kind: "suit",
              ops: ["fan", "waits", "discards", "claims", "advice"]},
    changsha: {member: "birds", label: "Birds 扎鸟", kind: "tiles", ops: ["fan"]},
    nanchang: {member: "indicator", label: "Turned tile 翻精", kind: "tile",
               ops: ["fan", "waits", "discards", "claims", "jing", "advice"]},
    hongzhong: {member: "codes", label: "Codes 扎码", kind: "tiles", ops: ["fan"]},
  };

  // The operations a link may name: those whose request the form holds (LINK_OPS), and the
  // one whose request the address shows after each evaluation (`op`, the user's last action:
  // Evaluate fan, a draw count advice, Ask claims, Settle settle).
  const LINK_OPS = ["fan", "win", "waits", "discards", "advice", "claims", "settle", "dingque",
                    "exchange"];
  // the deal's operations (四川 定缺 and 换三张): asked of the hand as dealt, by their button
  const DEAL_OPS = ["dingque", "exchange"];

  const state = {variants: {}, variant: null, hand: [], melds: [], win: null, op: "fan",
                 sent: {}, carried: {}};

  // --- the API (client.js keeps the key) ------------------------------------------------------

  /** Asks `op` of the chosen variant and shows the exchange beside its answer (the curl line,
   * the request and answer JSON); what a link carried for `op` is sent with it. */
  async function call(op, own) {
    const path = `v1/${state.variant}/${op}`;
    const request = merged(own, state.carried[op] || {});
    const result = await Client.api(path, request);
    state.sent[op] = request;
    const node = $(`exchange-${op}`);
    if (node) {
      Exchange.show(node, {path, request, status: result.status, answer: result.body,
                           withKey: Client.hasKey()});
    }
    return result;
  }

  /** `base` with `extra`'s members added, objects merged member by member (a link's
   * `context.seats.konger` joins the form's seats). */
  function merged(base, extra) {
    const out = {...base};
    for (const [key, value] of Object.entries(extra)) {
      const plain = (v) => v && typeof v === "object" && !Array.isArray(v);
      out[key] = plain(value) && plain(out[key]) ? merged(out[key], value) : value;
    }
    return out;
  }

  /** The address shows the request of the last action: copying it shares the page. */
  function writeAddress() {
    const op = ["fan", "discards", "advice"].includes(state.op) && !state.win ? "waits"
      : state.op;
    const request = state.sent[op];
    if (request) history.replaceState(null, "", Exchange.fragment(state.variant, op, request));
  }

  // --- drawing the hand (hand.js) and the advice's request --------------------------------------

  function drawHand() {
    HandView.draw($("hand"), state, room().handSize, syncInputs);
  }

  function adviceBody(hand) {
    const request = {...body("advice", {}), hand};
    const ctx = {draws_left: Math.min(60, Math.max(1, Number($("advice-draws").value) || 8))};
    const own = OWN_CONTEXT[state.variant];
    const value = own && $("own-context").value.trim();
    if (value && own.ops.includes("advice")) ctx[own.member] = value;
    const seats = {};
    for (const role of ["dealer", "winner"]) {
      const chosen = $(`seat-${role}`).value;
      if (chosen !== "") seats[role] = Number(chosen);
    }
    if ("dealer" in seats && "winner" in seats) ctx.seats = seats;
    request.context = ctx;
    return request;
  }

  // --- the form --------------------------------------------------------------------------------

  // the room (rules/rooms.md): its players name the seats, its suits the palette, its
  // hand size how many tiles the hand holds
  function room() {
    const chosen = state.variant ? chosenOptions() : {};
    return {players: chosen.players || 4, suits: chosen.suits || ["m", "p", "s"],
            handSize: chosen.hand_size || 13};
  }

  function seatOptions() {
    const players = room().players;
    for (const select of document.querySelectorAll("select.seat")) {
      const kept = select.value;
      select.replaceChildren(new Option("—", ""));
      for (let seat = 0; seat < players; seat++) {
        select.append(new Option(String(seat), String(seat)));
      }
      select.value = kept !== "" && Number(kept) < players ? kept : "";
    }
  }

  function chosenOptions() {
    return Options.chosen(state.variants[state.variant].options);
  }

  /** After the user changes an option: the form follows the room it now describes. */
  function optionChanged() {
    markOptions(); seatOptions(); drawPalette(); evaluate();
  }

  function markOptions() {
    const changed = Object.keys(chosenOptions()).length;
    $("options-changed").textContent = changed ? `(${changed} changed)` : "(defaults)";
  }

  function drawPalette() {
    const palette = $("palette");
    palette.replaceChildren();
    const variant = state.variants[state.variant];
    const tileSet = String(chosenOptions().tile_set || variant.tile_set); // 108, 112 or 136
    const kinds = [];
    for (const suit of "mpsz") {
      for (let rank = 1; rank <= (suit === "z" ? 7 : 9); rank++) kinds.push(`${rank}${suit}`);
    }
    // 112 = the suits and the four 红中; a room of fewer suits shows its own
    const suits = room().suits;
    const inSet = (code) => code[1] === "z" ? tileSet === "136"
      || (tileSet === "112" && code === "7z") : suits.includes(code[1]);
    for (const code of kinds.filter(inSet)) {
      const button = make("button", "pick");
      button.type = "button";
      button.append(Tiles.tile(code));
      button.setAttribute("aria-label", `add ${Tiles.describe(code)}`);
      button.addEventListener("click", () => pick(code));
      palette.append(button);
    }
  }

  function pick(code) {
    if (state.hand.length + 3 * state.melds.length < room().handSize) {
      state.hand.push(code);
      state.hand.sort(Tiles.compare);
    } else if (!state.win) {
      state.win = code;
    } else {
      return;
    }
    syncInputs();
  }

  function syncInputs() {
    $("hand-input").value = Tiles.notation(state.hand);
    $("win-input").value = state.win || "";
    drawHand();
  }

  function readInputs() {
    const hand = Tiles.parse($("hand-input").value);
    const win = Tiles.parse($("win-input").value);
    $("hand-input").setCustomValidity(hand ? "" : "tiles as in 123m456p");
    $("win-input").setCustomValidity(win && win.length <= 1 ? "" : "one tile, as 5p");
    // a hand typed in is a new hand: the melds of the one before are not its own
    const typed = hand && hand.sort(Tiles.compare);
    if (typed && Tiles.notation(typed) !== Tiles.notation(state.hand)) state.melds = [];
    if (hand) state.hand = typed;
    if (win && win.length <= 1) state.win = win[0] || null;
    drawHand();
  }

  function drawVariantContext() {
    const own = OWN_CONTEXT[state.variant];
    const box = $("variant-context");
    box.replaceChildren();
    if (!own) return;
    const label = make("label", "", `${own.label} `);
    let input;
    if (own.kind === "suit") {
      input = make("select");
      input.append(new Option("—", ""), new Option("m 万", "m"), new Option("p 筒", "p"),
                   new Option("s 条", "s"));
    } else {
      input = make("input", "short");
      input.spellcheck = false;
    }
    input.id = "own-context";
    label.append(input);
    box.append(label, make("span", "derived"));
  }

  function context(op) {
    const own = OWN_CONTEXT[state.variant];
    const ctx = {};
    if (op !== "claims" && op !== "jing") {
      ctx.win_type = $("win-type").value;
      const seats = {};
      for (const role of ["dealer", "winner", "discarder"]) {
        const value = $(`seat-${role}`).value;
        const applies = role !== "discarder" || ctx.win_type !== "self_draw";
        if (value !== "" && applies) seats[role] = Number(value);
      }
      if (Object.keys(seats).length) ctx.seats = seats;
      if ($("after-kong").checked) ctx.after_kong = true;
      if ($("last-tile").checked) ctx.last_tile = true;
    }
    const value = own && $("own-context").value.trim();
    if (value && own.ops.includes(op)) ctx[own.member] = value;
    return ctx;
  }

  function body(op, extra) {
    const request = {hand: Tiles.notation(state.hand), ...extra};
    if (state.melds.length) {
      request.melds = state.melds.map((m) => ({type: m.type, tiles: Tiles.notation(m.tiles),
                                               ...(m.concealed ? {concealed: true} : {})}));
    }
    const ctx = context(op);
    if (Object.keys(ctx).length) request.context = ctx;
    const options = chosenOptions();
    if (Object.keys(options).length) request.options = options;
    return request;
  }

  async function evaluate() {
    readInputs();
    $("answer").setAttribute("aria-busy", "true");
    // the 14 tiles with the win tile written last: a link to discards or advice gives it back
    const withWin = state.win && Tiles.notation([...state.hand, state.win]);
    const derive = state.variants[state.variant].operations.includes("jing")
      && $("own-context").value;
    const asked = {
      fan: state.win && call("fan", body("fan", {win_tile: state.win})),
      waits: call("waits", body("waits", {})),
      discards: withWin && call("discards", {...body("discards", {}), hand: withWin}),
      jing: derive && call("jing", {context: context("jing"), options: chosenOptions()}),
      advice: withWin && call("advice", adviceBody(withWin)),
    };
    for (const [op, promise] of Object.entries(asked)) {
      if (!promise) Exchange.clear($(`exchange-${op}`));
    }
    const [fan, waits, discards, jing, advice] = await Promise.all(
      Object.values(asked).map((promise) => promise || null));
    drawJing(jing);
    drawFan(fan, context("fan"));
    drawWaits(waits);
    drawDiscards(discards);
    drawAdvice(advice);
    if (state.win) $("claim-tile").value = state.win; // Ask offers another tile
    if (!$("claims-form").hidden && $("claim-tile").value) await claims();
    writeAddress();
    $("answer").setAttribute("aria-busy", "false");
    document.body.dataset.evaluated = String(Number(document.body.dataset.evaluated || 0) + 1);
  }

  function loadExample(variantId) {
    const example = EXAMPLES[variantId] || EXAMPLES.sichuan;
    state.hand = Tiles.parse(example.hand).sort(Tiles.compare);
    state.melds = example.melds.map((m) => ({...m, tiles: m.tiles.slice()}));
    state.win = example.win;
    $("win-type").value = example.win_type;
    for (const role of ["dealer", "winner", "discarder"]) {
      $(`seat-${role}`).value = String(example.seats[role] ?? "");
    }
    $("after-kong").checked = false;
    $("last-tile").checked = false;
    if ($("own-context")) $("own-context").value = EXAMPLES[variantId] ? example.own : "";
    $("claim-tile").value = "";
    $("claim-locked").checked = false;
    syncInputs();
  }

  /** The form filled from a link's request (link.js); what it cannot hold is carried with
   * the link's operation. */
  function fill(link) {
    const page = {setOptions, room, own: OWN_CONTEXT[state.variant], dealOps: DEAL_OPS};
    state.carried = {[link.op]: Link.fill(link, state, page)};
    state.op = link.op;
    drawCarried();
    syncInputs();
  }

  /** The option controls set from a link's options; returns those they cannot hold. */
  function setOptions(options) {
    const kept = Options.set(options);
    markOptions();
    seatOptions();
    drawPalette();
    return kept;
  }

  function drawCarried() {
    const box = $("carried");
    const kept = state.carried[state.op] || {};
    const names = Object.entries(kept).flatMap(([key, value]) =>
      key === "context" || key === "options" ? Object.keys(value).map((k) => `${key}.${k}`)
        : [key]);
    box.hidden = !names.length;
    $("carried-names").textContent = names.join(", ");
    $("carried-op").textContent = state.op;
  }

  function dropCarried() {
    state.carried = {};
    drawCarried();
  }

  async function chooseVariant(variantId, link) {
    state.variant = variantId;
    const variant = state.variants[variantId];
    $("variant-name").textContent = `${variant.name_zh} · ${variant.name}`;
    $("options").replaceChildren(...Options.groups(variant.options, optionChanged));
    markOptions();
    seatOptions();
    drawVariantContext();
    drawPalette();
    $("settle-form").hidden = !variant.operations.includes("settle");
    if (SETTLE_EXAMPLES[variantId]) {
      $("settle-record").value = JSON.stringify(SETTLE_EXAMPLES[variantId], null, 2);
    }
    $("claims-form").hidden = !variant.operations.includes("claims");
    $("deal-form").hidden = !variant.operations.includes("dingque");
    drawDingque(null);
    drawExchange(null);
    DEAL_OPS.forEach((op) => Exchange.clear($(`exchange-${op}`)));
    $("deal-why").hidden = true;
    loadExample(variantId);
    state.sent = {};
    state.op = "fan";
    dropCarried();
    if (link) fill(link.op === "win" ? {...link, op: "fan"} : link); // the fan shows the win
    if (!$("settle-form").hidden) settle();
    if (link && DEAL_OPS.includes(link.op)) await deal();
    return evaluate();
  }

  async function claims() {
    readInputs();
    const tile = $("claim-tile").value.trim();
    const request = body("claims", {tile});
    request.context = {...(request.context || {}), source: $("claim-source").value};
    if ($("claim-locked").checked) request.context.locked = true;
    const {status, body: answer} = await call("claims", request);
    drawClaims(status, answer);
  }

  /** 定缺 and 换三张 of the hand as dealt (the win tile counted, no melds), or why not. */
  async function deal() {
    readInputs();
    const dealt = [...state.hand, ...(state.win ? [state.win] : [])].sort(Tiles.compare);
    const size = room().handSize;
    const why = state.melds.length ? "the hand has melds: a dealt hand has none"
      : dealt.length !== size && dealt.length !== size + 1
        ? `the hand holds ${dealt.length} tiles: a dealt hand holds ${size} (${size + 1} ` +
          "for the dealer)" : null;
    $("deal-why").hidden = !why;
    $("deal-why").textContent = why ? `Not asked: ${why}.` : "";
    if (why) {
      drawDingque(null);
      drawExchange(null);
      DEAL_OPS.forEach((op) => Exchange.clear($(`exchange-${op}`)));
      return;
    }
    const options = chosenOptions();
    const request = {hand: Tiles.notation(dealt),
                     ...(Object.keys(options).length ? {options} : {})};
    const [dingque, exchange] = await Promise.all(DEAL_OPS.map((op) => call(op, request)));
    drawDingque(dingque);
    drawExchange(exchange);
    writeAddress();
    document.body.dataset.dealt = String(Number(document.body.dataset.dealt || 0) + 1);
  }

  async function settle() {
    let record;
    try {
      record = JSON.parse($("settle-record").value);
    } catch (error) {
      $("settle-answer").textContent = `The record is not JSON: ${error.message}`;
      return;
    }
    const options = chosenOptions();
    const request = {record, ...(Object.keys(options).length ? {options} : {})};
    const {status, body: answer} = await call("settle", request);
    writeAddress();
    const shown = {...answer};
    delete shown.options;
    $("settle-answer").textContent = JSON.stringify(shown, null, 2);
    $("settle-totals").replaceChildren();
    if (status === 200) drawSeats($("settle-totals"), answer.totals, [[], [], [], []]);
  }

  function wire() {
    const acting = (op, action) => (event) => {
      event.preventDefault();
      state.op = op;
      drawCarried();
      action();
    };
    $("hand-form").addEventListener("submit", acting("fan", evaluate));
    $("claims-form").addEventListener("submit", acting("claims", async () => {
      await claims();
      writeAddress();
    }));
    $("settle-form").addEventListener("submit", acting("settle", settle));
    $("deal-go").addEventListener("click", acting("dingque", deal));
    $("variant").addEventListener("change", () => chooseVariant($("variant").value));
    $("hand-input").addEventListener("change", readInputs);
    $("advice-draws").addEventListener("change", acting("advice", evaluate));
    $("drop-carried").addEventListener("click", () => {
      dropCarried();
      if (state.op === "settle") settle();
      else evaluate();
    });
    // a link pasted into the address bar of the open page
    window.addEventListener("hashchange", () => openLink(Exchange.read(location.hash)));
    $("win-input").addEventListener("change", readInputs);
    $("back").addEventListener("click", () => {
      if (state.win) state.win = null;
      else state.hand.pop();
      syncInputs();
    });
    $("clear").addEventListener("click", () => {
      state.hand = [];
      state.melds = [];
      state.win = null;
      dropCarried();
      syncInputs();
    });
    $("meld-tiles").addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); $("add-meld").click(); }
    });
    $("add-meld").addEventListener("click", () => {
      const meldTiles = Tiles.parse($("meld-tiles").value);
      if (!meldTiles || !meldTiles.length) {
        $("meld-tiles").setCustomValidity("tiles as in 888p");
        $("meld-tiles").reportValidity();
        return;
      }
      $("meld-tiles").setCustomValidity("");
      const type = $("meld-type").value;
      state.melds.push({type, tiles: meldTiles.sort(Tiles.compare),
                        concealed: type === "kong" && $("meld-concealed").checked});
      $("meld-tiles").value = "";
      syncInputs();
    });
  }

  async function start() {
    wire();
    seatOptions();
    const {status, body: listing} = await Client.api("v1/variants");
    if (status !== 200) {
      showProblem($("problem"), listing);
      return;
    }
    for (const variant of listing.variants) {
      state.variants[variant.id] = variant;
      $("variant").append(new Option(`${variant.name_zh} ${variant.id}`, variant.id));
    }
    const link = Exchange.read(location.hash);
    if (!link || !await openLink(link)) await chooseVariant(listing.variants[0].id);
  }

  /** Opens a link's request: false (and why, on the page) when it names none the page holds. */
  async function openLink(link) {
    $("link-problem").hidden = true;
    if (!link) return false;
    const variant = !link.error && state.variants[link.variant];
    const why = link.error || (!variant ? `there is no variant "${link.variant}"`
      : !LINK_OPS.includes(link.op) || !variant.operations.includes(link.op)
        ? `the page has no form for ${link.variant}'s "${link.op}"` : null);
    if (why) {
      showProblem($("link-problem"), {title: "This link cannot be opened", detail: why});
      return false;
    }
    $("variant").value = link.variant;
    await chooseVariant(link.variant, link);
    return true;
  }

  start();
})();
