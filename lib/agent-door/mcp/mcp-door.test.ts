/**
 * The MCP endpoint on the real agents' door, against a real database (SQLite, and PostgreSQL when
 * reachable) and a loopback upstream, spoken to by the SDKs' own clients (v2 in the 2026-07-28 and
 * 2025 revisions, and v1): destructive hints follow
 * each stored tool's method, a switch flipped in the database is in the next list, a call reaches
 * the upstream and the call log as channel "mcp" with an echoed secret masked, API keys are the
 * runtime API's (a revoked one cannot connect), the per-key allowance is shared with it, and the
 * list is the very one the runtime API serves as `?format=mcp`, and a tool declaring an output
 * schema lists it and answers with `structuredContent` the client checks (or a tool error when the
 * upstream no longer matches).
 */
import { sampleValue, scrapeProcessMetrics } from "../../observability/test-support/prometheus-text";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { createApiKey, revokeApiKey } from "../api-keys";
import { createPersona, setPersonaToolEnabled } from "../../personas/server/personas";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { newSecretValues } from "../../db/test-support/fixtures";
import { saveTool } from "../../catalog/tool-saves";
import { secretForms } from "../../secrets/forms";
import { generateEncryptionKey, loadKeyring } from "../../secrets/keyring";
import { parseToolDefinition } from "../../tools";
import { reply, startUpstream, type Upstream } from "../../tools/testing";
import { flushCallLog } from "../call-log";
import { agentMcpDoor } from "./mcp-door";
import { handleMcpRequest } from "./mcp-server";
import { closeMcpClients, connectMcpClient, listenForToolChanges, MCP_CLIENTS, MCP_TEST_HOSTNAME, type McpClientKind } from "./mcp-test-client";
import { consumeAgentRateLimit } from "../rate-limit";
import { agentToolList } from "../snapshot";

const ALLOWANCE = 8;
process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = `${ALLOWANCE}/60`;
process.env.QUIVER_ALLOWED_HOSTS = MCP_TEST_HOSTNAME;
const keyring = loadKeyring(process.env);
const SECRET = "sk-mcp-door-0123456789abcdef";
const targets = await databaseTargets();

let upstream: Upstream;
const received: string[] = [];
beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    received.push(`${request.method} ${request.url}`);
    if (request.url === "/order") reply(response, 200, { id: "A-1", state: "shipped" });
    else if (request.url === "/order-v2") reply(response, 200, { id: 1, status: "shipped" });
    else reply(response, 200, { echoed: request.headers.authorization ?? null });
  });
});
afterAll(() => upstream.close());
afterEach(async () => {
  await closeMcpClients();
  // Calls are logged in batches: write this test's now, before the next test's database is set.
  await flushCallLog();
});

const connect = (authorization: string, kind: McpClientKind = "v1") =>
  connectMcpClient((request) => handleMcpRequest(request, "support", agentMcpDoor), authorization, kind);

describe.each(targets)("the MCP endpoint on the agents' door on $name", (target) => {
  const db = useTestDatabase(target);

  /** Four data tools (a read, a side-effecting POST, GET and DELETE), persona support with all of them, a key for it. */
  async function setUp() {
    const tool = (name: string, method: string, sideEffect: boolean) =>
      parseToolDefinition({ name, description: `${method} ${name}.`, request: { method, url: `${upstream.origin}/${name}` }, side_effect: sideEffect });
    for (const definition of [tool("read_order", "GET", false), tool("refund", "POST", true), tool("touch", "GET", true), tool("wipe", "DELETE", true)]) {
      await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    }
    await saveTool({
      definition: parseToolDefinition({
        name: "echo_auth",
        description: "Echoes its Authorization header.",
        request: { method: "GET", url: `${upstream.origin}/echo`, headers: { Authorization: "" } },
        secret_headers: ["Authorization"],
      }),
      secrets: newSecretValues(keyring, { Authorization: `Bearer ${SECRET}` }),
      baseVersion: null,
      actor: SYSTEM_ACTOR,
    });
    await createPersona({ slug: "support", name: "Support", grant: "all" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "MCP bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    received.length = 0;
    return { key, bearer: `Bearer ${key.token}` };
  }

  it.each(MCP_CLIENTS)("announces each stored tool's hints by its method to the %s client, and a switch flipped in the database is in the next list", async (kind) => {
    const { bearer } = await setUp();
    const client = await connect(bearer, kind);
    type Hints = { readOnlyHint?: boolean; destructiveHint?: boolean } | undefined;
    const hints = async () =>
      Object.fromEntries(
        (await client.listTools(undefined, { cacheMode: "refresh" })).tools.map((tool) => [tool.name, [(tool.annotations as Hints)?.readOnlyHint, (tool.annotations as Hints)?.destructiveHint]]),
      );
    expect(await hints()).toMatchObject({
      read_order: [true, false],
      refund: [false, true],
      touch: [false, false],
      wipe: [false, true],
    });
    await setPersonaToolEnabled("support", "wipe", false, SYSTEM_ACTOR);
    expect(await hints()).not.toHaveProperty("wipe");
    expect(received).toEqual([]);
  });

  it.each(MCP_CLIENTS)("lists to the %s client exactly what the runtime API serves as ?format=mcp", async (kind) => {
    const { bearer } = await setUp();
    const client = await connect(bearer, kind);
    const served = await agentToolList("support", "mcp");
    // The stored tools' methods reach the runtime API's list too: the side-effecting GET is not destructive.
    expect(served?.specs).toContainEqual(
      expect.objectContaining({ name: "touch", title: "Touch", annotations: { title: "Touch", readOnlyHint: false, destructiveHint: false, openWorldHint: true } }),
    );
    expect((await client.listTools()).tools).toEqual(served?.specs);
  });

  it.each(MCP_CLIENTS)("calls through the door for the %s client: the upstream receives it, the call log says mcp, an echoed secret stays masked", async (kind) => {
    const { key, bearer } = await setUp();
    const client = await connect(bearer, kind);
    const result = await client.callTool({ name: "echo_auth", arguments: {} });
    expect(result.isError).toBeUndefined();
    expect(received).toEqual(["GET /echo"]);
    const text = JSON.stringify(result);
    expect(text).toContain("echoed");
    for (const form of secretForms(SECRET)) expect(text, `${form.name} form of the secret`).not.toContain(form.text);
    await flushCallLog();
    expect(await db().callLog.findMany()).toEqual([
      expect.objectContaining({ apiKeyId: key.id, personaSlug: "support", toolName: "echo_auth", channel: "mcp", outcome: "success" }),
    ]);
  });

  it.each(MCP_CLIENTS)("lists a stored tool's output schema to the %s client and answers with structuredContent it checks; a changed upstream is a tool error", async (kind) => {
    const { bearer } = await setUp();
    const outputSchema = { type: "object", properties: { id: { type: "string" }, state: { type: "string" } }, required: ["id", "state"] };
    for (const [name, path] of [["order_state", "/order"], ["order_state_v2", "/order-v2"]]) {
      const definition = parseToolDefinition({ name, description: "Reads an order.", request: { method: "GET", url: `${upstream.origin}${path}` }, output_schema: outputSchema });
      await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    }
    const client = await connect(bearer, kind);
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === "order_state")).toMatchObject({ outputSchema });
    expect(tools.find((tool) => tool.name === "read_order")).not.toHaveProperty("outputSchema");
    const result = await client.callTool({ name: "order_state", arguments: {} });
    expect(result).toMatchObject({ structuredContent: { id: "A-1", state: "shipped" }, content: [{ type: "text", text: '{"id":"A-1","state":"shipped"}' }] });
    const changed = await client.callTool({ name: "order_state_v2", arguments: {} });
    expect(changed).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("does not match the tool's output schema: state is missing; id must be string.") }] });
    expect(changed.structuredContent).toBeUndefined();
    await flushCallLog();
    expect(await db().callLog.findMany({ orderBy: { createdAt: "asc" } })).toEqual([
      expect.objectContaining({ toolName: "order_state", outcome: "success" }),
      expect.objectContaining({ toolName: "order_state_v2", outcome: "error", errorType: "execution_error" }),
    ]);
  });

  it("tells a 2026-07-28 client listening on subscriptions/listen that a switch flipped in the database changed the list", async () => {
    const { bearer } = await setUp();
    const client = await connect(bearer, "2026-07-28");
    const { changed, subscription } = await listenForToolChanges(client);
    await setPersonaToolEnabled("support", "wipe", false, SYSTEM_ACTOR);
    // The door reads the catalog's stamp every CATALOG_POLL_MS while someone listens.
    await changed;
    expect((await client.listTools(undefined, { cacheMode: "refresh" })).tools.map((tool) => tool.name)).not.toContain("wipe");
    await subscription.close();
  });

  it("refuses a revoked key: the client cannot connect", async () => {
    const { key, bearer } = await setUp();
    await revokeApiKey(key.id, SYSTEM_ACTOR);
    await expect(connect(bearer)).rejects.toMatchObject({ code: 401, message: expect.stringContaining("revoked") });
  });

  it("draws from the same per-key allowance as the runtime API", async () => {
    const { key, bearer } = await setUp();
    // Runtime API calls spend all but three; connecting takes two (initialize, initialized), one call the last.
    for (let spent = 0; spent < ALLOWANCE - 3; spent += 1) expect(await consumeAgentRateLimit(key.id)).toEqual({ ok: true });
    const client = await connect(bearer);
    await client.callTool({ name: "read_order", arguments: {} });
    const refusals = async () => sampleValue(await scrapeProcessMetrics(), "quiver_rate_limit_refusals_total", { persona: "support" });
    const refusedBefore = await refusals();
    await expect(client.callTool({ name: "read_order", arguments: {} })).rejects.toMatchObject({ code: 429, message: expect.stringContaining("rate_limited") });
    expect(received).toEqual(["GET /read_order"]);
    expect((await refusals()) - refusedBefore).toBe(1);
  });
});
