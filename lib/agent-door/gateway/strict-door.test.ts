/**
 * Strict variants at the agents' door (issue 28), over real HTTP on loopback against a real
 * database (SQLite, and PostgreSQL when reachable): `?format=openai` serves the strict variant by
 * default and `?strict=` picks the other one (each with its own ETag), a bad `strict` is a 400 that
 * runs nothing, and a call shaped by the strict schema — null for every optional key the model
 * left out — runs exactly as the call without those keys (the schema default filled in), through
 * the runtime API and MCP alike.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { saveTool } from "../../catalog/tool-saves";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { createPersona } from "../../personas/server/personas";
import { generateEncryptionKey } from "../../secrets/keyring";
import { parseToolDefinition } from "../../tools";
import { reply, startUpstream, type Upstream } from "../../tools/testing";
import { createApiKey } from "../api-keys";
import { flushCallLog } from "../call-log";
import { closeMcpClients, connectMcpClientAt } from "../mcp/mcp-test-client";
import { startGateway, type Gateway } from "./node-server";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = "1000/60";
process.env.QUIVER_ALLOWED_HOSTS = "127.0.0.1";
const targets = await databaseTargets();

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((_request, response) => reply(response, 200, { status: "found" }));
});
afterAll(() => upstream.close());
const received = () => upstream.requests.map((request) => request.url);

describe.each(targets)("strict variants at the door on $name", (target) => {
  useTestDatabase(target);
  // One gateway for the file: its snapshot follows the stored state, which each test seeds afresh.
  let gateway: Gateway;
  let authorization = "";
  beforeAll(async () => {
    gateway = await startGateway({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await closeMcpClients();
    await gateway.stop();
    await flushCallLog();
  });

  beforeEach(async () => {
    const definition = parseToolDefinition({
      name: "find_order",
      description: "Finds an order.",
      parameters: {
        type: "object",
        properties: {
          order_id: { type: "string" },
          units: { type: "string", enum: ["metric", "imperial"], default: "metric" },
          note: { type: "string" },
        },
        required: ["order_id"],
      },
      request: { method: "GET", url: `${upstream.origin}/orders/{{order_id}}`, query: { units: "{{units}}", note: "{{note}}" } },
    });
    await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    await createPersona({ slug: "support", name: "Support", grant: ["find_order"] }, SYSTEM_ACTOR);
    authorization = `Bearer ${(await createApiKey({ name: "strict", personaSlugs: ["support"] }, SYSTEM_ACTOR)).token}`;
    upstream.requests.length = 0;
  });
  const send = (path: string, init: RequestInit = {}) => fetch(`${gateway.origin}${path}`, { ...init, headers: { authorization, "content-type": "application/json", ...init.headers } });

  it("serves OpenAI's strict variant by default and the other variant on ?strict=, each with its own ETag", async () => {
    const strict = await send("/api/v1/personas/support/tools?format=openai");
    const [tool] = ((await strict.json()) as { tools: { function: { strict: boolean; parameters: Record<string, unknown> } }[] }).tools;
    expect(tool?.function.strict).toBe(true);
    expect(tool?.function.parameters).toMatchObject({ required: ["order_id", "units", "note"], additionalProperties: false, properties: { note: { type: ["string", "null"] } } });
    const plain = await send("/api/v1/personas/support/tools?format=openai&strict=false");
    expect(((await plain.json()) as { tools: { function: { strict: boolean } }[] }).tools[0]?.function.strict).toBe(false);
    expect(plain.headers.get("etag")).not.toBe(strict.headers.get("etag"));
    const anthropic = await send("/api/v1/personas/support/tools?format=anthropic&strict=true");
    expect(((await anthropic.json()) as { tools: { strict?: boolean }[] }).tools[0]?.strict).toBe(true);
    const anthropicPlain = await send("/api/v1/personas/support/tools?format=anthropic");
    expect(((await anthropicPlain.json()) as { tools: Record<string, unknown>[] }).tools[0]).not.toHaveProperty("strict");
  });

  it.each([
    ["strict on a format without strict variants", "format=gemini&strict=true", "strict applies to the openai and anthropic formats only, not gemini."],
    ["strict that is not a boolean", "format=openai&strict=yes", 'strict is true or false, not "yes".'],
  ])("answers %s with a 400 naming what is allowed", async (_case, query, message) => {
    const response = await send(`/api/v1/personas/support/tools?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "bad_request", message } });
  });

  it("runs a call shaped by the strict schema exactly as the call without the keys its nulls stand for", async () => {
    const call = (args: unknown) => send("/api/v1/personas/support/tools/find_order/call", { method: "POST", body: JSON.stringify({ arguments: args }) });
    expect(await (await call({ order_id: "7", units: null, note: null })).json()).toMatchObject({ ok: true });
    expect(await (await call({ order_id: "7" })).json()).toMatchObject({ ok: true });
    expect(received()).toEqual(["/orders/7?units=metric", "/orders/7?units=metric"]);
    const refused = await (await call({ order_id: null, units: null, note: null })).json();
    expect(refused).toMatchObject({ ok: false, error_type: "validation_error" });
    expect(received()).toHaveLength(2);
  });

  it("does the same for a call through MCP", async () => {
    const client = await connectMcpClientAt(new URL("/api/v1/personas/support/mcp", gateway.origin), fetch, authorization, "2026-07-28");
    const result = await client.callTool({ name: "find_order", arguments: { order_id: "8", units: "imperial", note: null } });
    expect(result.isError).toBeFalsy();
    expect(received()).toEqual(["/orders/8?units=imperial"]);
  });
});
