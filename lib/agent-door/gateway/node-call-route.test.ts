/**
 * Tool calls on node:http's fast path (node-call-route.ts, issue 23) against the door's Web
 * handler (`handleDoorRequest`, what `next dev` and every other route use), over real HTTP on
 * loopback and a real database (SQLite, and PostgreSQL when reachable): every answer — a call that
 * runs, and each refusal: no key, a wrong key, a key for another persona, an unknown persona or
 * tool, malformed or misshapen JSON, a body over the cap (declared, or streamed without a length),
 * a wrong method, a path the fast path leaves to the Web routes — has the same status, JSON and
 * headers on both. A declared body that comes after the headers is waited for. An agent that
 * hangs up mid-call stops the upstream request, and the call log says the call was cancelled.
 */
import type { IncomingMessage } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { saveTool } from "../../catalog/tool-saves";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { createPersona } from "../../personas/server/personas";
import { generateEncryptionKey } from "../../secrets/keyring";
import { NON_PAGE_CONTENT_SECURITY_POLICY } from "../../security/headers.js";
import { parseToolDefinition } from "../../tools";
import { reply, startUpstream, type Upstream } from "../../tools/testing";
import { createApiKey } from "../api-keys";
import { flushCallLog } from "../call-log";
import { MAX_CALL_BODY_BYTES } from "../http";
import { handleDoorRequest } from "./door-routes";
import { startGateway, type Gateway } from "./node-server";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = "1000/60";
const targets = await databaseTargets();

/** Upstream requests to /hold are never answered; `closedEarly` counts those whose caller went away first. */
let upstream: Upstream;
let closedEarly = 0;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    if (request.url.startsWith("/hold")) {
      response.on("close", () => (closedEarly += 1));
      return;
    }
    reply(response, 200, { data: { status: "shipped" } });
  });
});
afterAll(() => upstream.close());

/** The headers an answer is judged by (the rest — date, connection — belong to the transport). */
const JUDGED_HEADERS = ["content-type", "www-authenticate", "retry-after", "allow", "content-security-policy"];

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string | null>;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  const body: unknown = text === "" ? null : JSON.parse(text);
  // A run's duration differs between two runs; everything else must not.
  const comparable = JSON.parse(JSON.stringify(body, (key, value: unknown) => (key === "durationMs" ? "…" : value)));
  return { status: response.status, body: comparable, headers: Object.fromEntries(JUDGED_HEADERS.map((name) => [name, response.headers.get(name)])) };
}

/** A body of more than the cap, sent as a stream: no Content-Length, chunked on the wire. */
function streamedOverCap(): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent > MAX_CALL_BODY_BYTES + 65_536) return controller.close();
      sent += 65_536;
      controller.enqueue(new Uint8Array(65_536).fill(32));
    },
  });
}

describe.each(targets)("tool calls on node:http's fast path on $name", (target) => {
  const db = useTestDatabase(target);
  let gateway: Gateway;
  let token = "";
  let otherToken = "";

  beforeAll(async () => {
    gateway = await startGateway({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await gateway.stop();
    await flushCallLog();
  });

  async function seed() {
    for (const [name, path] of [["lookup", "/orders"], ["hold", "/hold"]] as const) {
      const definition = parseToolDefinition({ name, description: "Looks an order up.", request: { method: "GET", url: `${upstream.origin}${path}` }, response: { extract: "json_path", path: "data.status" } });
      await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    }
    await createPersona({ slug: "support", name: "Support", grant: "all" }, SYSTEM_ACTOR);
    await createPersona({ slug: "billing", name: "Billing", grant: "all" }, SYSTEM_ACTOR);
    token = (await createApiKey({ name: "support-key", personaSlugs: ["support"] }, SYSTEM_ACTOR)).token;
    otherToken = (await createApiKey({ name: "billing-key", personaSlugs: ["billing"] }, SYSTEM_ACTOR)).token;
  }

  type Case = readonly [label: string, path: string, init: () => RequestInit & { duplex?: "half" }];
  const post = (body: BodyInit | null, authorization: () => string = () => `Bearer ${token}`) => () => ({
    method: "POST",
    body,
    headers: { authorization: authorization(), "content-type": "application/json" },
    ...(body instanceof ReadableStream ? { duplex: "half" as const } : {}),
  });
  const call = "/api/v1/personas/support/tools/lookup/call";
  const cases: Case[] = [
    ["a call that runs", call, post(JSON.stringify({ arguments: {} }))],
    ["a call with ?format=", `${call}?format=openai`, post("{}")],
    ["an empty body", call, post("")],
    ["no key", call, post("{}", () => "")],
    ["a key that does not exist", call, post("{}", () => "Bearer qk_nothing")],
    ["a key for another persona", call, post("{}", () => `Bearer ${otherToken}`)],
    ["an unknown persona", "/api/v1/personas/nobody/tools/lookup/call", post("{}")],
    ["an unknown tool", "/api/v1/personas/support/tools/wipe/call", post("{}")],
    ["malformed JSON", call, post("{not json")],
    ["a misspelt field", call, post('{"argument": {}}')],
    ["arguments that are not an object", call, post('{"arguments": [1]}')],
    ["a declared body over the cap", call, post(JSON.stringify({ arguments: { pad: "x".repeat(MAX_CALL_BODY_BYTES) } }))],
    ["a streamed body over the cap", call, () => post(streamedOverCap())()],
    ["a wrong method", call, () => ({ method: "GET", headers: { authorization: `Bearer ${token}` } })],
    ["a trailing slash (left to the Web routes)", `${call}/`, post("{}")],
    ["a percent-encoded tool name (left to the Web routes)", "/api/v1/personas/support/tools/look%75p/call", post("{}")],
  ];

  it("answers every call and refusal as the Web handler does", async () => {
    await seed();
    for (const [label, path, init] of cases) {
      const overHttp = await answerOf(await fetch(`${gateway.origin}${path}`, init()));
      const viaWeb = await answerOf(await handleDoorRequest(new Request(`${gateway.origin}${path}`, init())));
      // The Web handler leaves the security headers to its server (Next.js's configuration, or node-server.ts).
      expect(overHttp.headers["content-security-policy"], label).toBe(NON_PAGE_CONTENT_SECURITY_POLICY);
      expect({ ...overHttp, headers: { ...overHttp.headers, "content-security-policy": null } }, label).toEqual(viaWeb);
    }
    // Spot checks that the table compared what it should.
    const ran = await answerOf(await fetch(`${gateway.origin}${call}`, post("{}")()));
    expect(ran).toMatchObject({ status: 200, body: { ok: true, content: "shipped" }, headers: { "content-type": "application/json" } });
    const streamed = await answerOf(await fetch(`${gateway.origin}${call}`, post(streamedOverCap())()));
    expect(streamed).toMatchObject({ status: 413, body: { error: { code: "payload_too_large" } } });
    const anonymous = await answerOf(await fetch(`${gateway.origin}${call}`, post("{}", () => "")()));
    expect(anonymous.headers["www-authenticate"]).toBe('Bearer realm="quiver"');
  });

  it("waits for a declared body that arrives after the headers", async () => {
    await seed();
    let arriving: IncomingMessage | null = null;
    const capture = (request: IncomingMessage) => void (arriving = request);
    gateway.server.on("request", capture);
    const body = JSON.stringify({ arguments: {} });
    const socket = connect(Number(new URL(gateway.origin).port), "127.0.0.1");
    try {
      const head = `POST ${call} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
      socket.write(head + body.slice(0, 5));
      // The rest is sent once the door listens for it: the body was not whole when the door came to read it.
      await expect.poll(() => arriving?.listenerCount("data") ?? 0).toBeGreaterThan(0);
      // Written, not ended: a client's half-close counts as hanging up.
      socket.write(body.slice(5));
      const answer = await new Promise<string>((resolve) => {
        let text = "";
        socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        socket.on("close", () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ ok: true, content: "shipped" });
    } finally {
      gateway.server.off("request", capture);
      socket.destroy();
    }
  });

  it("stops the upstream request when the agent hangs up, and logs the call as cancelled", async () => {
    await seed();
    upstream.requests.length = 0;
    const before = closedEarly;
    const hangUp = new AbortController();
    const calling = fetch(`${gateway.origin}/api/v1/personas/support/tools/hold/call`, { ...post("{}")(), signal: hangUp.signal });
    await expect.poll(() => upstream.requests.some((request) => request.url === "/hold")).toBe(true);
    hangUp.abort();
    await expect(calling).rejects.toThrow();
    await expect.poll(() => closedEarly).toBe(before + 1);
    const loggedErrors = async () => {
      await flushCallLog();
      return (await db().callLog.findMany({ where: { toolName: "hold" } })).map((row) => row.errorType);
    };
    await expect.poll(loggedErrors).toEqual(["execution_error"]);
  });
});
