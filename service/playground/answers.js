"use strict";
// Drawing the service's answers for a person: the verdict, the reading with what each wildcard
// became, patterns, amounts, payments per seat, birds or codes, the waits, the discard advice
// (discards with the same outcome on one line), each discard's win chances as a chart, and the
// claims with their refusals in words (words.js). Each function takes an answer ({status, body}
// where the call may be refused) and redraws its own part of the page.

const Answers = (() => {
  const $ = (id) => document.getElementById(id);
  const make = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

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
    delete verdict.dataset.reason;
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
      verdict.textContent = `No win: ${Words.NO_WIN[answer.reason] || answer.reason}`;
      verdict.dataset.reason = answer.reason;
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
    for (const group of sameOutcome(answer.discards).slice(0, 6)) {
      const [advice] = group;
      const item = make("li", "advice");
      item.dataset.tiles = group.map((d) => d.tile).join(" ");
      item.append(make("span", "", "Discard "));
      group.forEach((d, i) => item.append(...(i ? [make("span", "", " or ")] : []),
                                          Tiles.tile(d.tile)));
      if (advice.shanten === 0) {
        item.append(make("span", "", ` → ready, ${advice.effective_count} tiles win: `),
                    waitList(advice.waits));
      } else {
        item.append(make("span", "", ` → ${advice.shanten} from ready, ` +
                                      `${advice.effective_count} tiles help: `),
                    effectiveList(advice.effective_tiles));
      }
      list.append(item);
    }
  }

  /** The discards grouped by what they leave (shanten, waits, effective tiles), in the
   * service's order: a 精 hand's many discards that all wait on every kind list it once. */
  function sameOutcome(discards) {
    const groups = new Map();
    for (const d of discards) {
      const key = JSON.stringify([d.shanten, d.waits, d.effective_tiles]);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(d);
    }
    return [...groups.values()];
  }

  function effectiveList(effective) {
    const list = make("span", "waits effective");
    for (const {tile, remaining} of effective) {
      const item = make("span", "wait");
      item.append(Tiles.tile(tile), make("small", "", `${remaining} left`));
      list.append(item);
    }
    return list;
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
      item.append(make("strong", "", Words.move(action.type, action.kind)));
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
      const item = make("li", "action refused");
      item.dataset.reason = refused.reason;
      item.append(make("strong", "", `Not allowed: ${Words.move(refused.type, refused.kind)}`));
      if (refused.tiles) item.append(tiles(refused.tiles));
      const worth = refused.fan !== undefined ? ` (a ${refused.fan}-fan win)` : "";
      item.append(make("span", "why",
                       ` — ${Words.REFUSED[refused.reason] || refused.reason}${worth}`));
      list.append(item);
    }
  }

  const SUITS = {m: "m 万", p: "p 筒", s: "s 条"};

  /** 四川 定缺 (POST /v1/sichuan/dingque): the suit to declare missing, and each suit's
   * tiles, shanten and 进张 were it the one declared; null clears it. */
  function drawDingque(result) {
    const choice = $("dingque-choice");
    const body = $("dingque-suits").tBodies[0];
    choice.replaceChildren();
    body.replaceChildren();
    if (!result) return;
    const {status, body: answer} = result;
    if (status !== 200) {
      choice.textContent = `Not answered: ${answer.detail}`;
      return;
    }
    choice.dataset.suit = answer.choice;
    choice.textContent = `Declare ${SUITS[answer.choice]} missing (定缺)` +
      (answer.baseline === answer.choice ? ", also the suit of fewest tiles"
        : `; the suit of fewest tiles would be ${SUITS[answer.baseline]}`);
    for (const row of answer.suits) {
      const line = body.insertRow();
      line.dataset.suit = row.suit;
      for (const text of [SUITS[row.suit], row.tiles, row.shanten, row.effective_count]) {
        line.insertCell().textContent = String(text);
      }
    }
  }

  /** 四川 换三张 (POST /v1/sichuan/exchange): the three tiles to give with their expected
   * shanten (and 进张 where it breaks the tie at the best), the first six candidates. */
  function drawExchange(result) {
    const choice = $("exchange-choice");
    const list = $("exchange-candidates");
    choice.replaceChildren();
    list.replaceChildren();
    if (!result) return;
    const {status, body: answer} = result;
    if (status !== 200) {
      choice.textContent = `Not answered: ${answer.detail}`;
      return;
    }
    const worth = (c) => `expected shanten ${c.expected_shanten}` +
      (c.expected_effective_count === undefined ? ""
        : `, expected 进张 ${c.expected_effective_count}`);
    choice.append(make("span", "", "Give "), tiles(answer.choice.tiles),
                  make("span", "", ` → ${worth(answer.choice)}; the default of the three ` +
                                   "lowest of the shortest suit gives "),
                  tiles(answer.baseline.tiles));
    for (const candidate of answer.candidates.slice(0, 6)) {
      const item = make("li", "advice");
      item.dataset.tiles = candidate.tiles.join(" ");
      item.append(tiles(candidate.tiles), make("span", "", ` → ${worth(candidate)}`));
      list.append(item);
    }
  }

  return {make, tiles, signed, showProblem, drawFan, drawJing, drawWaits, drawDiscards, drawAdvice,
          drawClaims, drawSeats, drawDingque, drawExchange};
})();
