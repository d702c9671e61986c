/**
 * A typed Hupai client in TypeScript. The request and answer types come from `api.d.ts`, which
 * openapi-typescript writes from the service's own openapi.yaml:
 *
 *   npm ci && npm run types && npm run check     # generate the types, type-check this file
 *   npm run build && HUPAI_URL=http://127.0.0.1:8000 node dist/client.js
 *
 * `post("/v1/sichuan/fan", body)` takes that operation's body type and answers its answer type:
 * a union on `win`, which `if (answer.win)` narrows to the win (patterns, fan, payments) or the
 * non-win (reason). Given a file of exchanges (`[{name, path, body, status, answer}]`, as
 * tests/deploy/test_generated_clients.py writes from the document's examples), it sends each and
 * reports, as its last line, which answers differ from the documented ones.
 */
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import type { components, paths } from "./api.js";

type Schemas = components["schemas"];
type Post<P extends keyof paths> = NonNullable<paths[P]["post"]>;
/** The POST paths of the document without path parameters: one per variant operation. */
type PostPath = {
  [P in keyof paths]: [Post<P>] extends [never] ? never : P extends `${string}{${string}` ? never : P;
}[keyof paths];
type Responses<P extends PostPath> = Post<P>["responses"];
/** The body of a documented response (its one media type). */
type Content<R> = R extends { content: infer C } ? C[keyof C] : never;
export type Body<P extends PostPath> = Post<P> extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;
export type Answer<P extends PostPath> = Content<Responses<P>[200]>;
/** Every problem the operation documents (400, 401, 413, 415, 422, 500). */
export type Problem<P extends PostPath> = Content<Responses<P>[Exclude<keyof Responses<P>, 200>]>;
/** A status the operation documents and its body: `status === 200` narrows to the answer. */
export type Result<P extends PostPath> = {
  [S in keyof Responses<P> & number]: { status: S; body: Content<Responses<P>[S]> };
}[keyof Responses<P> & number];

const BASE = process.env.HUPAI_URL ?? "http://127.0.0.1:8000";
const KEY = process.env.HUPAI_API_KEY ?? "";

export async function post<P extends PostPath>(path: P, body: Body<P>): Promise<Result<P>> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (KEY) headers.Authorization = `Bearer ${KEY}`;
  const response = await fetch(BASE + path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() } as Result<P>;
}

type FanAnswer =
  | Answer<"/v1/sichuan/fan">
  | Answer<"/v1/changsha/fan">
  | Answer<"/v1/nanchang/fan">
  | Answer<"/v1/hongzhong/fan">;
type WinAnswer =
  | Answer<"/v1/sichuan/win">
  | Answer<"/v1/changsha/win">
  | Answer<"/v1/nanchang/win">
  | Answer<"/v1/hongzhong/win">;

/** A fan answer for a person: the patterns and fan of a win, who pays what, or why not. */
export function describeFan(answer: FanAnswer): string {
  if (!answer.win) return `not a win: ${answer.reason}`;
  const patterns = answer.patterns.map((p: Schemas["Pattern"]) => `${p.name_zh} ${p.fan}`);
  const payments = answer.payments ? answer.payments.join(" ") : "no seats given";
  return `${patterns.join(", ")}: ${answer.fan} fan; payments ${payments}`;
}

/** A win answer for a person: the shapes it completes, or why it is not a win. */
export function describeWin(answer: WinAnswer): string {
  return answer.win ? `win as ${answer.shapes.join(", ")}` : `not a win: ${answer.reason}`;
}

/** A 四川 self-draw, typed end to end: the body's context is 四川's own (missing_suit). */
async function demo(): Promise<void> {
  const body: Body<"/v1/sichuan/fan"> = {
    hand: "1112345678999m",
    win_tile: "5m",
    context: { win_type: "self_draw", missing_suit: "p", seats: { winner: 0 } },
  };
  const result = await post("/v1/sichuan/fan", body);
  if (result.status === 200) console.log(describeFan(result.body));
  else console.log(`problem ${result.status}: ${result.body.detail}`);
}

type Exchange = { name: string; path: PostPath; body: unknown; status: number; answer: unknown };

async function replay(file: string): Promise<void> {
  const exchanges = JSON.parse(readFileSync(file, "utf-8")) as Exchange[];
  const failed: string[] = [];
  const variants = new Set<string>();
  for (const { name, path, body, status, answer } of exchanges) {
    // each path has its own types; a file of every path is checked at run time instead
    const got = (await post(path, body as never)) as unknown as { status: number; body: unknown };
    if (got.status !== status || !isDeepStrictEqual(got.body, answer)) {
      failed.push(`${path}#${name}: ${got.status} ${JSON.stringify(got.body)}`);
      continue;
    }
    const [, , variant, op] = path.split("/");
    if (variant !== "batch" && variant) variants.add(variant);
    if (op === "fan") console.error(`${path} ${name}: ${describeFan(got.body as FanAnswer)}`);
    if (op === "win") console.error(`${path} ${name}: ${describeWin(got.body as WinAnswer)}`);
  }
  console.log(JSON.stringify({ passed: exchanges.length - failed.length, failed, variants: [...variants] }));
}

const file = process.argv[2];
await (file ? replay(file) : demo());
