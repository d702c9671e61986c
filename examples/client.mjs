#!/usr/bin/env node
// Hupai client for Node.js 18+ — built-in fetch, no dependencies.
//
// As a library:
//   import { HupaiClient } from "./client.mjs";
//   const hupai = new HupaiClient("http://127.0.0.1:8000", { apiKey: process.env.HUPAI_API_KEY });
//   const { status, body } = await hupai.win("sichuan", { hand: "123m456m789m55p23p", win_tile: "4p" });
//
// From the command line (prints {"status": ..., "body": ...} as one JSON line):
//   node examples/client.mjs [--url URL] OPERATION [VARIANT] < body.json
//   node examples/client.mjs [--url URL] demo      # calls every operation of every variant
// OPERATION: variants, variant, win, waits, fan, discards, birds, kong, claims, qishou,
// jing, jing-settlement, settle, advice, dingque, exchange, batch. HUPAI_URL and HUPAI_API_KEY are read from the environment.
//
// Every POST is a pure function of its body, so retrying one on a network error is safe.

import { pathToFileURL } from "node:url";

export class HupaiError extends Error {}

export class HupaiClient {
  constructor(baseUrl = "http://127.0.0.1:8000", { apiKey, timeoutMs = 10000 } = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.apiKey = apiKey;
    this.timeoutMs = timeoutMs;
  }

  // One call: answers {status, body, requestId}. A problem (4xx/5xx) is an answer too, with
  // its RFC 9457 body; only a network failure or a non-JSON body throws.
  async request(method, path, body, { requestId } = {}) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (this.apiKey) headers.Authorization = `Bearer ${this.apiKey}`;
    if (requestId) headers["X-Request-ID"] = requestId;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HupaiError(`${method} ${path}: ${response.status} with a non-JSON body: ${text.slice(0, 200)}`);
    }
    return { status: response.status, body: parsed, requestId: response.headers.get("x-request-id") };
  }

  variants() { return this.request("GET", "/v1/variants"); }
  variant(variant) { return this.request("GET", `/v1/variants/${encodeURIComponent(variant)}`); }
  win(variant, body) { return this.#post(variant, "win", body); }
  waits(variant, body) { return this.#post(variant, "waits", body); }
  fan(variant, body) { return this.#post(variant, "fan", body); }
  discards(variant, body) { return this.#post(variant, "discards", body); }
  birds(variant, body) { return this.#post(variant, "birds", body); }
  kong(variant, body) { return this.#post(variant, "kong", body); }
  claims(variant, body) { return this.#post(variant, "claims", body); }
  qishou(body, variant = "changsha") { return this.#post(variant, "qishou", body); }
  jing(body, variant = "nanchang") { return this.#post(variant, "jing", body); }
  jingSettlement(body, variant = "nanchang") { return this.#post(variant, "jing-settlement", body); }
  settle(body, variant = "sichuan") { return this.#post(variant, "settle", body); }
  advice(variant, body) { return this.#post(variant, "advice", body); }
  dingque(body, variant = "sichuan") { return this.#post(variant, "dingque", body); }
  exchange(body, variant = "sichuan") { return this.#post(variant, "exchange", body); }
  batch(body) { return this.request("POST", "/v1/batch", body); }

  #post(variant, op, body) {
    return this.request("POST", `/v1/${encodeURIComponent(variant)}/${op}`, body);
  }

  // Dispatch by the operation's wire name (the last path segment).
  call(op, variant, body) {
    switch (op) {
      case "variants": return this.variants();
      case "variant": return this.variant(variant);
      case "batch": return this.batch(body);
      case "qishou": return this.qishou(body, variant);
      case "jing": return this.jing(body, variant);
      case "jing-settlement": return this.jingSettlement(body, variant);
      case "settle": return this.settle(body, variant);
      case "dingque": return this.dingque(body, variant);
      case "exchange": return this.exchange(body, variant);
      case "win": case "waits": case "fan": case "discards": case "birds": case "kong":
      case "claims": case "advice":
        return this[op](variant, body);
      default: throw new HupaiError(`unknown operation ${op}`);
    }
  }
}

// Sample bodies for the demo: one per operation (RULES.md explains the members). Nanchang
// evaluations need the round's 精 (wildcards) in the context.
const HAND = "123m456m789m55p23p"; // tenpai on 1p/4p
const WIN = { hand: HAND, win_tile: "4p" };
const SEATS = { dealer: 0, winner: 0 };
const BASE_CONTEXT = { nanchang: { jing: { zheng: "5s", fu: "6s" } } };
const withContext = (variant, body, context = {}) => {
  const merged = { ...(BASE_CONTEXT[variant] || {}), ...context };
  return Object.keys(merged).length ? { ...body, context: merged } : body;
};
// Each variant's record is its own (rules/settle.md, rules/settle-changsha.md,
// rules/settle-hongzhong.md, rules/settle-nanchang.md).
const SETTLE_RECORDS = {
  sichuan: {
    dealer: 0,
    events: [
      { type: "kong", seat: 2, kong: { type: "concealed", tile: "9m" } },
      { type: "win", from: 2, win_tile: "5s", context: { after_kong: true },
        winners: [{ seat: 1, hand: "345p678p345s67s88s" }] },
    ],
  },
  changsha: {
    dealer: 0,
    events: [
      { type: "qishou", seat: 1, hand: "111m999p2345s678s" },
      { type: "win", from: 3, win_tile: "5p", winners: [{ seat: 1, hand: "11m33m77m22p99p66s5p" }],
        birds: ["3p", "2m"] },
    ],
  },
  hongzhong: {
    dealer: 0,
    events: [
      { type: "kong", seat: 2, kong: { type: "concealed", tile: "9m" } },
      { type: "win", win_tile: "6s", winners: [{ seat: 1, hand: "123m456m789p11s5s7z" }],
        codes: ["2m", "3p"] },
    ],
  },
  nanchang: {
    dealer: 0,
    shang_jing: "5m",
    events: [
      { type: "kong", seat: 2, kong: { type: "concealed", tile: "9m" } },
      { type: "chao_zhuang" },
    ],
  },
};
export const SAMPLES = {
  win: (v) => withContext(v, WIN),
  waits: (v) => withContext(v, { hand: HAND }),
  fan: (v) => withContext(v, WIN, { win_type: "self_draw", seats: SEATS }),
  discards: (v) => withContext(v, { hand: HAND + "9p" }),
  birds: (v) => withContext(v, WIN, {
    win_type: "self_draw", seats: SEATS, [v === "hongzhong" ? "codes" : "birds"]: "1m5p",
  }),
  kong: (v) => withContext(v, {}, { kong: { type: "concealed", tile: "5m" }, seats: { konger: 1 } }),
  qishou: () => ({ hand: "111m222p345s6789s" }),
  claims: (v) => withContext(v, { hand: HAND, tile: "4p" }, { source: "discard_left" }),
  jing: () => ({ context: { indicator: "5m" } }),
  settle: (v) => ({ record: SETTLE_RECORDS[v] }),
  // the 14 tiles after a draw: each discard's chances within two own draws (rules/advice.md)
  advice: (v) => withContext(v, { hand: HAND + "9p" }, { draws_left: 2 }),
  dingque: () => ({ hand: "159m55p12345678s" }), // 定缺 of a dealt hand
  exchange: () => ({ hand: "1129m33457p5567s" }), // 换三张 of a dealt hand
  "jing-settlement": () => ({
    context: {
      holdings: [{ zheng: 1, fu: 0 }, { zheng: 0, fu: 2 }, { zheng: 0, fu: 0 }, { zheng: 0, fu: 0 }],
    },
  }),
};

async function demo(client) {
  const calls = [];
  const listing = await client.variants();
  calls.push(["GET /v1/variants", listing.status]);
  for (const { id, operations } of listing.body.variants) {
    calls.push([`GET /v1/variants/${id}`, (await client.variant(id)).status]);
    for (const op of operations) {
      const answer = await client.call(op, id, SAMPLES[op](id));
      calls.push([`POST /v1/${id}/${op}`, answer.status]);
      console.log(JSON.stringify({ call: `POST /v1/${id}/${op}`, ...answer }));
    }
  }
  const first = listing.body.variants[0].id;
  const batch = await client.batch({ requests: [
    { variant: first, op: "win", body: SAMPLES.win(first) },
    { variant: first, op: "waits", body: SAMPLES.waits(first) },
  ] });
  calls.push(["POST /v1/batch", batch.status]);
  for (const [call, status] of calls) console.error(`${status} ${call}`);
  return calls.every(([, status]) => status === 200);
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8").trim();
  return text ? JSON.parse(text) : undefined;
}

async function main(argv) {
  let url = process.env.HUPAI_URL || "http://127.0.0.1:8000";
  const args = [...argv];
  if (args[0] === "--url") { url = args[1]; args.splice(0, 2); }
  const [op, variant] = args;
  if (!op) {
    console.error("usage: client.mjs [--url URL] OPERATION [VARIANT] < body.json | demo");
    return 2;
  }
  const client = new HupaiClient(url, { apiKey: process.env.HUPAI_API_KEY });
  if (op === "demo") return (await demo(client)) ? 0 : 1;
  const needsBody = !["variants", "variant"].includes(op);
  const answer = await client.call(op, variant, needsBody ? await readStdin() : undefined);
  console.log(JSON.stringify({ status: answer.status, body: answer.body }));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error) => {
    console.error(String(error));
    process.exitCode = 1;
  });
}
