/**
 * `npm run gateway`'s server (issue 23) over real HTTP on loopback, against a real database
 * (SQLite, and PostgreSQL when reachable) and a loopback upstream: the runtime API and the MCP
 * endpoint answer as inside the app (list with ETag and 304, a call that reaches the upstream, an
 * SDK client listing and calling), bad input gets the door's answers (no key, malformed JSON, a
 * body over the cap, an unknown tool or persona, a wrong method with Allow, an unknown path), and a
 * stop lets a call in flight finish and writes every buffered call-log row before it resolves.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { saveTool } from "../../catalog/tool-saves";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { createPersona } from "../../personas/server/personas";
import { generateEncryptionKey } from "../../secrets/keyring";
import { parseToolDefinition } from "../../tools";
import { reply, startUpstream, type Upstream } from "../../tools/testing";
import { createApiKey } from "../api-keys";
import { flushCallLog } from "../call-log";
import { MAX_CALL_BODY_BYTES } from "../http";
import { closeMcpClients, connectMcpClientAt, MCP_CLIENTS } from "../mcp/mcp-test-client";
import { COMMON_SECURITY_HEADERS, NON_PAGE_CONTENT_SECURITY_POLICY } from "../../security/headers.js";
import { KEEP_ALIVE_TIMEOUT_MS, startGateway, type Gateway } from "./node-server";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = "1000/60";
process.env.QUIVER_ALLOWED_HOSTS = "127.0.0.1";
const targets = await databaseTargets();

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const answer = () => reply(response, 200, { data: { status: "shipped" } });
    if (request.url.startsWith("/slow")) setTimeout(answer, 300);
    else answer();
  });
});
afterAll(() => upstream.close());
/** What reached the upstream since the test's set-up, as `METHOD url`. */
const received = () => upstream.requests.map((request) => `${request.method} ${request.url}`);

describe.each(targets)("the gateway on $name", (target) => {
  const db = useTestDatabase(target);
  let gateway: Gateway | null = null;

  afterEach(async () => {
    await closeMcpClients();
    await gateway?.stop();
    gateway = null;
    await flushCallLog();
  });

  /** A persona with a lookup tool (and a slow one), a key for it, and a gateway on a free port. */
  async function setUp() {
    for (const [name, path] of [["lookup", "/orders"], ["slow_lookup", "/slow"]] as const) {
      const definition = parseToolDefinition({ name, description: "Looks an order up.", request: { method: "GET", url: `${upstream.origin}${path}` }, response: { extract: "json_path", path: "data.status" } });
      await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    }
    await createPersona({ slug: "support", name: "Support", grant: "all" }, SYSTEM_ACTOR);
    const { token } = await createApiKey({ name: "gateway", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    gateway = await startGateway({ host: "127.0.0.1", port: 0 });
    upstream.requests.length = 0;
    const origin = gateway.origin;
    const authorization = `Bearer ${token}`;
    const send = (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, { ...init, headers: { authorization, "content-type": "application/json", ...init.headers } });
    return { origin, authorization, send };
  }

  it("serves the tool list with its ETag, a 304 for a current one, and the public OpenAPI document", async () => {
    const { origin, send } = await setUp();
    const listed = await send("/api/v1/personas/support/tools?format=openai");
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { tools: { function: { name: string } }[] }).tools.map((tool) => tool.function.name)).toEqual(expect.arrayContaining(["lookup", "slow_lookup"]));
    const again = await send("/api/v1/personas/support/tools?format=openai", { headers: { "if-none-match": listed.headers.get("etag")! } });
    expect(again.status).toBe(304);
    const openapi = await fetch(`${origin}/api/v1/openapi.json`);
    expect(openapi.status).toBe(200);
    // An idle connection stays open long past a pause between an agent's calls (Node's default is 5 s).
    expect(openapi.headers.get("keep-alive")).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(((await openapi.json()) as { servers: { url: string }[] }).servers[0]?.url).toContain(origin);
  });

  it("sets the non-page security headers on every answer, HSTS when the proxy says HTTPS", async () => {
    const { origin, send } = await setUp();
    for (const response of [await fetch(`${origin}/api/v1/openapi.json`), await send("/api/v1/personas/support/tools?format=mcp"), await fetch(`${origin}/api/v1/nope`)]) {
      expect(response.headers.get("content-security-policy")).toBe(NON_PAGE_CONTENT_SECURITY_POLICY);
      for (const { key, value } of COMMON_SECURITY_HEADERS) expect(response.headers.get(key)).toBe(value);
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
    const overHttps = await fetch(`${origin}/api/v1/openapi.json`, { headers: { "x-forwarded-proto": "https" } });
    expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("calls a tool: the upstream receives it and the agent gets the extracted result", async () => {
    const { send } = await setUp();
    const called = await send("/api/v1/personas/support/tools/lookup/call", { method: "POST", body: JSON.stringify({ arguments: {} }) });
    expect(called.status).toBe(200);
    expect(await called.json()).toMatchObject({ ok: true, kind: "json", content: "shipped" });
    expect(received()).toEqual(["GET /orders"]);
  });

  it.each(MCP_CLIENTS)("answers the %s MCP client: it lists and calls", async (kind) => {
    const { origin, authorization } = await setUp();
    const client = await connectMcpClientAt(new URL("/api/v1/personas/support/mcp", origin), fetch, authorization, kind);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["lookup", "slow_lookup"]));
    const result = await client.callTool({ name: "lookup", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: '"shipped"' }]);
    expect(received()).toEqual(["GET /orders"]);
  });

  it.each([
    ["no key", "/api/v1/personas/support/tools/lookup/call", { method: "POST", body: "{}", headers: { authorization: "" } }, 401, "unauthorized"],
    ["malformed JSON", "/api/v1/personas/support/tools/lookup/call", { method: "POST", body: "{not json" }, 400, "bad_request"],
    ["a body over the cap", "/api/v1/personas/support/tools/lookup/call", { method: "POST", body: JSON.stringify({ arguments: { pad: "x".repeat(MAX_CALL_BODY_BYTES) } }) }, 413, "payload_too_large"],
    ["an unknown tool", "/api/v1/personas/support/tools/wipe/call", { method: "POST", body: "{}" }, 404, "not_found"],
    ["an unknown persona", "/api/v1/personas/nobody/tools?format=mcp", {}, 404, "not_found"],
    ["a wrong method", "/api/v1/personas/support/tools/lookup/call", { method: "GET" }, 405, "method_not_allowed"],
    ["an unknown path", "/api/v1/nothing-here", {}, 404, "not_found"],
  ] as const)("answers %s with the door's error, and nothing reaches the upstream", async (_case, path, init, status, code) => {
    const { send } = await setUp();
    const response = await send(path, init as RequestInit);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code } });
    if (status === 405) expect(response.headers.get("allow")).toBe("POST");
    expect(received()).toEqual([]);
  });

  it("stops by letting a call in flight finish, and every call is in the call log when the stop resolves", async () => {
    const { send } = await setUp();
    for (let call = 0; call < 5; call += 1) {
      expect((await send("/api/v1/personas/support/tools/lookup/call", { method: "POST", body: "{}" })).status).toBe(200);
    }
    const inFlight = send("/api/v1/personas/support/tools/slow_lookup/call", { method: "POST", body: "{}" });
    await expect.poll(() => received().includes("GET /slow")).toBe(true);
    const stopped = gateway!.stop();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, content: "shipped" });
    await stopped;
    expect(await db().callLog.count()).toBe(6);
    await expect(fetch(`${gateway!.origin}/api/v1/openapi.json`)).rejects.toThrow();
  });
});

describe("the one-port server's client address (QUIVER_TRUSTED_PROXIES)", () => {
  /** A server whose dashboard side answers with the client address it was handed. */
  async function echoingServer(trustedProxies: string) {
    process.env.QUIVER_TRUSTED_PROXIES = trustedProxies;
    try {
      return await startGateway({ host: "127.0.0.1", port: 0, otherwise: (request, response) => response.end(String(request.headers["x-quiver-client-address"])) });
    } finally {
      delete process.env.QUIVER_TRUSTED_PROXIES;
    }
  }

  it.each([
    ["no proxy is trusted: the socket's peer, whatever the headers say", "", "127.0.0.1"],
    ["the loopback proxy is trusted: the address it forwarded", "127.0.0.1", "203.0.113.7"],
  ])("%s", async (_case, trusted, expected) => {
    const server = await echoingServer(trusted);
    try {
      const answer = await fetch(`${server.origin}/login`, { headers: { "x-forwarded-for": "203.0.113.7", "x-quiver-client-address": "6.6.6.6" } });
      expect(await answer.text()).toBe(expected);
    } finally {
      await server.stop();
    }
  });
});
