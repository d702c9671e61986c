"use strict";
// The Hupai playground: builds requests from the form, calls the API of the service that
// serves this page (relative URLs, so a proxy's path prefix is kept) and draws the answers.

(() => {
  const $ = (id) => document.getElementById(id);
  const make = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

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

  const REASONS = {
    no_winning_shape: "the tiles form no winning shape",
    que_yi_men: "tiles of the missing suit are still in the hand (缺一门)",
    pair_not_258: "a small win needs a pair of 2, 5 or 8 (将)",
    discard_win_not_allowed: "this room does not allow winning on a discard",
    jing_diao_needs_self_draw: "a 精钓 hand wins only by self-draw",
  };

  const state = {variants: {}, variant: null, hand: [], melds: [], win: null};

  // --- the API, with the key kept in this closure only ----------------------------------------

  let apiKey = null; // in page memory only: never in web storage or a cookie
  let keyWaiters = [];

  function askForKey(why) {
    $("key-why").textContent = why || "This service needs an API key.";
    $("key-form").hidden = false;
    $("api-key").focus();
    return new Promise((resolve) => keyWaiters.push(resolve));
  }

  $("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    apiKey = $("api-key").value.trim();
    $("api-key").value = "";
    $("key-form").hidden = true;
    const waiting = keyWaiters;
    keyWaiters = [];
    waiting.forEach((resolve) => resolve());
  });

  /** {status, body} of a call; on a 401 it asks for a key and tries again with it. */
  async function api(path, body) {
    for (;;) {
      const headers = {Accept: "application/json"};
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
      const response = await fetch(path, body === undefined ? {headers}
        : {method: "POST", headers, body: JSON.stringify(body)});
      const answer = await response.json().catch(() => (
        {title: `HTTP ${response.status}`, detail: "the answer was not JSON (a proxy's page?)"}));
      if (response.status !== 401) return {status: response.status, body: answer};
      await askForKey(apiKey ? "That key was refused: enter another." : answer.detail);
    }
  }

  // --- drawing ---------------------------------------------------------------------------------

  function tiles(codes, asCodes) {
    const box = make("span", "tiles");
    codes.forEach((code, i) => box.append(Tiles.tile(code, asCodes && asCodes[i])));
    return box;
  }

  function signed(n) {
    return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
  }

  function showProblem(node, problem) {
    node.hidden = false;
    node.replaceChildren(make("strong", "", `${problem.title || "Error"}: `),
                         document.createTextNode(problem.detail || ""));
    for (const error of problem.errors || []) {
      node.append(make("div", "pointer", `${error.pointer} — ${error.detail}`));
    }
  }

  function drawHand() {
    const box = $("hand");
    box.replaceChildren();
    const concealed = make("span", "tiles");
    state.hand.forEach((code, i) => {
      const button = make("button", "take");
      button.type = "button";
      button.append(Tiles.tile(code));
      button.setAttribute("aria-label", `take back ${Tiles.describe(code)}`);
      button.addEventListener("click", () => { state.hand.splice(i, 1); syncInputs(); });
      concealed.append(button);
    });
    box.append(concealed);
    if (state.win) {
      const win = make("button", "take win-tile");
      win.type = "button";
      win.append(Tiles.tile(state.win));
      win.setAttribute("aria-label", `take back the win tile ${Tiles.describe(state.win)}`);
      win.addEventListener("click", () => { state.win = null; syncInputs(); });
      box.append(win);
    }
    state.melds.forEach((meld, i) => {
      const button = make("button", "take meld");
      button.type = "button";
      button.append(tiles(meld.tiles),
                    make("small", "", meld.concealed ? "concealed kong" : meld.type));
      button.setAttribute("aria-label", `remove the ${meld.type} ${Tiles.notation(meld.tiles)}`);
      button.addEventListener("click", () => { state.melds.splice(i, 1); syncInputs(); });
      box.append(button);
    });
    const count = state.hand.length + 3 * state.melds.length;
    box.append(make("span", "count", `${count}/13${state.win ? " + win tile" : ""}`));
  }

  function drawReading(answer) {
    const box = $("reading");
    box.replaceChildren();
    if (!answer.reading) return;
    for (const group of answer.reading.groups) {
      const item = make("figure", group.declared ? "group declared" : "group");
      item.append(tiles(group.tiles, group.as),
                  make("figcaption", "", group.declared ? `${group.kind} (meld)` : group.kind));
      box.append(item);
    }
  }

  function drawPatterns(answer) {
    const body = $("patterns").tBodies[0];
    body.replaceChildren();
    for (const pattern of answer.patterns || []) {
      const row = body.insertRow();
      row.insertCell().textContent = pattern.name_zh;
      row.insertCell().textContent = pattern.name;
      row.insertCell().textContent = pattern.fan;
      const count = row.insertCell();
      count.textContent = pattern.count ? `×${pattern.count}` : "";
      if (pattern.tiles) count.append(tiles(pattern.tiles));
    }
  }

  const NOT_AMOUNTS = new Set(["win", "reason", "patterns", "payments", "reading", "options",
                               "birds", "bird_hits", "codes", "code_hits"]);

  function drawAmounts(answer) {
    const box = $("amounts");
    box.replaceChildren();
    for (const [key, value] of Object.entries(answer)) {
      if (NOT_AMOUNTS.has(key)) continue;
      box.append(make("dt", "", key.replaceAll("_", " ")), make("dd", "", String(value)));
    }
  }

  function seatRoles(context) {
    const roles = [[], [], [], []];
    const seats = context.seats || {};
    for (const role of ["dealer", "winner", "discarder"]) {
      if (seats[role] !== undefined) roles[seats[role]].push(role);
    }
    return roles;
  }

  function drawSeats(node, amounts, roles) {
    node.replaceChildren();
    amounts.forEach((amount, seat) => {
      const cell = make("div", `seat ${amount > 0 ? "gain" : amount < 0 ? "loss" : ""}`);
      cell.dataset.seat = seat;
      const who = roles[seat].length ? ` (${roles[seat].join(", ")})` : "";
      cell.append(make("span", "who", `Seat ${seat}${who}`),
                  make("span", "amount", signed(amount)));
      node.append(cell);
    });
  }

  function drawTurned(answer) {
    const box = $("birds");
    box.replaceChildren();
    const turned = answer.birds || answer.codes;
    if (!turned) return;
    const title = answer.birds ? "Birds 鸟" : "Codes 码";
    box.append(make("h3", "", title));
    for (const item of turned) {
      const figure = make("figure", item.hit ? "group hit" : "group");
      figure.append(tiles([item.tile]), make("figcaption", "",
        `${item.seat !== undefined ? `seat ${item.seat}, ` : ""}${item.hit ? "hit" : "miss"}`));
      box.append(figure);
    }
  }

  /** The `fan` answer ({status, body}), or null when the hand has no win tile yet. */
  function drawFan(result, context) {
    $("problem").hidden = true;
    const verdict = $("verdict");
    for (const id of ["reading", "amounts", "payments", "birds"]) $(id).replaceChildren();
    $("patterns").tBodies[0].replaceChildren();
    if (!result) {
      verdict.textContent = "Add the win tile to see the win evaluated.";
      verdict.className = "verdict none";
      return;
    }
    const {status, body: answer} = result;
    if (status !== 200) {
      verdict.textContent = "No answer: the request was refused.";
      verdict.className = "verdict none";
      showProblem($("problem"), answer);
      return;
    }
    if (!answer.win) {
      verdict.textContent = `No win: ${REASONS[answer.reason] || answer.reason} (${answer.reason})`;
      verdict.className = "verdict lose";
      return;
    }
    const how = {self_draw: "by self-draw 自摸", discard: "on a discard 点炮",
                 rob_kong: "by robbing a kong 抢杠胡"}[context.win_type] || "";
    verdict.textContent = `Win ${how} — ${answer.fan} fan`;
    verdict.className = "verdict win";
    drawReading(answer);
    drawPatterns(answer);
    drawAmounts(answer);
    if (answer.payments) drawSeats($("payments"), answer.payments, seatRoles(context));
    else $("payments").append(make("p", "note", "Give the winner's seat to see payments."));
    drawTurned(answer);
  }

  /** 南昌: the 正精 and 副精 the turned tile gives (POST /v1/nanchang/jing), by its input. */
  function drawJing(result) {
    const box = document.querySelector("#variant-context .derived");
    if (!box) return;
    box.replaceChildren();
    if (result && result.status === 200) {
      box.append(make("span", "", " 正精 "), Tiles.tile(result.body.zheng),
                 make("span", "", " 副精 "), Tiles.tile(result.body.fu));
    }
  }

  function waitList(waits) {
    const list = make("span", "waits");
    for (const wait of waits) {
      const item = make("span", "wait");
      item.append(Tiles.tile(wait.tile),
                  make("small", "", `${wait.remaining} left · ${wait.fan} fan`));
      list.append(item);
    }
    return list;
  }

  function drawWaits({status, body: answer}) {
    const box = $("waits");
    box.replaceChildren();
    if (status !== 200) {
      $("waits-summary").textContent = answer.detail;
      return;
    }
    const left = answer.waits.reduce((n, wait) => n + wait.remaining, 0);
    $("waits-summary").textContent = answer.tenpai
      ? `Ready (听牌): ${answer.waits.length} kinds wait, ${left} tiles left`
      : `Not ready: ${answer.shanten} exchange${answer.shanten === 1 ? "" : "s"} from ready (向听)`;
    box.append(waitList(answer.waits));
  }

  function drawDiscards(result) {
    const list = $("discards");
    list.replaceChildren();
    if (!result) return;
    const {status, body: answer} = result;
    if (status !== 200) {
      list.append(make("li", "note", answer.detail));
      return;
    }
    for (const advice of answer.discards.slice(0, 6)) {
      const item = make("li", "advice");
      item.append(make("span", "", "Discard "), Tiles.tile(advice.tile),
                  make("span", "", advice.shanten === 0
                    ? ` → ready, ${advice.effective_count} tiles win: `
                    : ` → ${advice.shanten} from ready, ${advice.effective_count} tiles help`));
      if (advice.waits.length) item.append(waitList(advice.waits));
      list.append(item);
    }
  }

  // Each discard's win probability within t = 1 … n draws as a small bar chart (the bars'
  // heights are `win_prob`, the line `tenpai_prob`), beside its summary (rules/advice.md).
  const SVG = "http://www.w3.org/2000/svg";
  const svg = (tag, attributes) => {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  };
  const percent = (p) => `${(100 * p).toFixed(1)}%`;

  function chart(entry) {
    const n = entry.win_prob.length, width = 120, height = 36, bar = width / n;
    const box = svg("svg", {class: "chart", viewBox: `0 0 ${width} ${height}`,
                            width: String(width), height: String(height), role: "img",
                            "aria-label": `win within 1 to ${n} draws`});
    box.append(svg("rect", {class: "frame", x: "0", y: "0", width: String(width),
                            height: String(height)}));
    entry.win_prob.forEach((p, t) => {
      const h = p * height;
      box.append(svg("rect", {class: "bar", x: String(t * bar + 0.5), y: String(height - h),
                              width: String(Math.max(bar - 1, 0.5)), height: String(h),
                              "data-p": String(p)}));
    });
    const points = entry.tenpai_prob.map((p, t) =>
      `${(t + 0.5) * bar},${height - p * height}`).join(" ");
    box.append(svg("polyline", {class: "ready", points}));
    return box;
  }

  function drawAdvice(result) {
    const list = $("advice");
    list.replaceChildren();
    $("advice-model").textContent = "";
    if (!result) return;
    const {status, body: answer} = result;
    if (status !== 200) {
      list.append(make("li", "note", answer.detail));
      return;
    }
    $("advice-model").textContent = `${answer.draw_model.replace("_", " ")}, ` +
      `${answer.unseen_count} tiles unseen`;
    for (const entry of answer.discards) {
      const item = make("li", "advice-entry");
      item.dataset.tile = entry.tile;
      item.append(Tiles.tile(entry.tile));
      if (entry.not_evaluated) {
        item.append(make("span", "note", ` not evaluated (${entry.not_evaluated})`));
      } else {
        const last = entry.win_prob.length - 1;
        item.append(chart(entry), make("span", "summary",
          `win ${percent(entry.win_prob[last])} · ready ${percent(entry.tenpai_prob[last])}` +
          ` · ${entry.expected_points} points expected`));
      }
      list.append(item);
    }
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

  function drawClaims(status, answer) {
    const list = $("claims");
    list.replaceChildren();
    $("claims-problem").hidden = true;
    if (status !== 200) {
      showProblem($("claims-problem"), answer);
      return;
    }
    for (const action of answer.actions) {
      const item = make("li", `action ${action.type}`);
      item.append(make("strong", "", `${action.type}${action.kind ? ` (${action.kind})` : ""}`));
      const used = action.meld || action.tiles;
      if (used) item.append(tiles(used));
      if (action.fan !== undefined) item.append(make("span", "", ` ${action.fan} fan`));
      if (action.after) {
        item.append(make("span", "", action.after.discard ? " then discard " : " then: "));
        if (action.after.discard) item.append(Tiles.tile(action.after.discard));
        const {shanten} = action.after;
        item.append(make("span", "", shanten === 0 ? " ready on " : ` ${shanten} from ready`),
                    waitList(action.after.waits || []));
      }
      if (action.must_discard) {
        item.append(make("span", "", " must discard "), Tiles.tile(action.must_discard));
      }
      list.append(item);
    }
    for (const refused of answer.refused) {
      const kind = refused.kind ? ` (${refused.kind})` : "";
      const item = make("li", "action refused",
                        `not allowed: ${refused.type}${kind} — ${refused.reason}`);
      if (refused.tiles) item.append(tiles(refused.tiles));
      list.append(item);
    }
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

  function optionControl(spec) {
    const label = make("label", "option");
    label.title = spec.description;
    let input;
    if (spec.type === "boolean") {
      input = make("input");
      input.type = "checkbox";
      input.checked = spec.default;
      input.readValue = () => input.checked;
    } else if (spec.choices) {
      input = make("select");
      if (spec.nullable) input.append(new Option("none", "null"));
      for (const choice of spec.choices) {
        input.append(new Option(String(choice), JSON.stringify(choice)));
      }
      input.value = JSON.stringify(spec.default);
      input.readValue = () => JSON.parse(input.value);
    } else if (spec.type === "suit_list") {
      input = make("input");
      input.type = "text";
      input.value = spec.default.join("");
      input.placeholder = "mps";
      // letters of m, p, s in m, p, s order, each once (as the service echoes them)
      input.readValue = () => [..."mps"].filter((s) => input.value.includes(s));
    } else {
      input = make("input");
      input.type = spec.type === "integer" ? "number" : "text";
      if (spec.minimum !== undefined) input.min = spec.minimum;
      if (spec.maximum !== undefined) input.max = spec.maximum;
      input.value = spec.type === "tile_list" ? Tiles.notation(spec.default) : spec.default ?? "";
      input.readValue = () => spec.type === "tile_list" ? input.value
        : input.value === "" ? null : Number(input.value);
    }
    input.dataset.option = spec.name;
    input.addEventListener("change", () => {
      markOptions(); seatOptions(); drawPalette(); evaluate();
    });
    label.append(input, make("span", "", ` ${spec.name}`));
    return label;
  }

  function chosenOptions() {
    const variant = state.variants[state.variant];
    const options = {};
    for (const spec of variant.options) {
      const input = document.querySelector(`[data-option="${spec.name}"]`);
      const value = input.readValue();
      const same = spec.type === "tile_list"
        ? Tiles.notation(Tiles.parse(value) || []) === Tiles.notation(spec.default)
        : spec.type === "suit_list" ? value.join("") === spec.default.join("")
        : value === spec.default;
      if (!same) options[spec.name] = value;
    }
    return options;
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
    if (hand) state.hand = hand.sort(Tiles.compare);
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
    const base = `v1/${state.variant}/`;
    $("answer").setAttribute("aria-busy", "true");
    const withWin = state.win && Tiles.notation([...state.hand, state.win].sort(Tiles.compare));
    const derive = state.variants[state.variant].operations.includes("jing")
      && $("own-context").value;
    const [fan, waits, discards, jing, advice] = await Promise.all([
      state.win ? api(base + "fan", body("fan", {win_tile: state.win})) : null,
      api(base + "waits", body("waits", {})),
      withWin ? api(base + "discards", {...body("discards", {}), hand: withWin}) : null,
      derive ? api(base + "jing", {context: context("jing"), options: chosenOptions()}) : null,
      withWin ? api(base + "advice", adviceBody(withWin)) : null,
    ]);
    drawJing(jing);
    drawFan(fan, context("fan"));
    drawWaits(waits);
    drawDiscards(discards);
    drawAdvice(advice);
    if (state.win) $("claim-tile").value = state.win; // Ask offers another tile
    if (!$("claims-form").hidden && $("claim-tile").value) await claims();
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
    syncInputs();
  }

  function chooseVariant(variantId) {
    state.variant = variantId;
    const variant = state.variants[variantId];
    $("variant-name").textContent = `${variant.name_zh} · ${variant.name}`;
    $("options").replaceChildren(...variant.options.map(optionControl));
    markOptions();
    seatOptions();
    drawVariantContext();
    drawPalette();
    $("settle-form").hidden = !variant.operations.includes("settle");
    if (SETTLE_EXAMPLES[variantId]) {
      $("settle-record").value = JSON.stringify(SETTLE_EXAMPLES[variantId], null, 2);
    }
    $("claims-form").hidden = !variant.operations.includes("claims");
    loadExample(variantId);
    if (!$("settle-form").hidden) settle();
    return evaluate();
  }

  async function claims() {
    readInputs();
    const tile = $("claim-tile").value.trim();
    const request = body("claims", {tile});
    request.context = {...(request.context || {}), source: $("claim-source").value};
    const {status, body: answer} = await api(`v1/${state.variant}/claims`, request);
    drawClaims(status, answer);
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
    const {status, body: answer} = await api(`v1/${state.variant}/settle`, request);
    const shown = {...answer};
    delete shown.options;
    $("settle-answer").textContent = JSON.stringify(shown, null, 2);
    $("settle-totals").replaceChildren();
    if (status === 200) drawSeats($("settle-totals"), answer.totals, [[], [], [], []]);
  }

  function wire() {
    $("hand-form").addEventListener("submit", (event) => { event.preventDefault(); evaluate(); });
    $("claims-form").addEventListener("submit", (event) => { event.preventDefault(); claims(); });
    $("settle-form").addEventListener("submit", (event) => { event.preventDefault(); settle(); });
    $("variant").addEventListener("change", () => chooseVariant($("variant").value));
    $("hand-input").addEventListener("change", readInputs);
    $("advice-draws").addEventListener("change", evaluate);
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
    const {status, body: listing} = await api("v1/variants");
    if (status !== 200) {
      showProblem($("problem"), listing);
      return;
    }
    for (const variant of listing.variants) {
      state.variants[variant.id] = variant;
      $("variant").append(new Option(`${variant.name_zh} ${variant.id}`, variant.id));
    }
    await chooseVariant(listing.variants[0].id);
  }

  start();
})();
