/**
 * Search mode (issue 28) on the real agents' door, against a real database (SQLite, and
 * PostgreSQL when reachable) and a loopback upstream: on MCP (the SDKs' own clients) and on the
 * runtime API, a persona in search mode lists the three meta-tools; a search finds a granted tool;
 * describe gives its schema; call runs it against the upstream and the call log shows the real
 * tool, marked as called through search mode; a tool switched off or outside the grant is neither
 * found, described nor called; bad arguments run nothing; a direct call by name still works;
 * Anthropic's format defers every tool behind its tool search tool; switching the mode off
 * restores the full list.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { saveTool } from "../catalog/tool-saves";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { createPersona, setPersonaSearchMode, setPersonaToolEnabled } from "../personas/server/personas";
import { generateEncryptionKey } from "../secrets/keyring";
import { parseToolDefinition } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { createApiKey } from "./api-keys";
import { flushCallLog } from "./call-log";
import { handleDoorRequest } from "./gateway/door-routes";
import { agentMcpDoor } from "./mcp/mcp-door";
import { handleMcpRequest } from "./mcp/mcp-server";
import { closeMcpClients, connectMcpClient, MCP_CLIENTS, MCP_TEST_HOSTNAME, type McpClientKind } from "./mcp/mcp-test-client";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = "1000/60";
process.env.QUIVER_ALLOWED_HOSTS = MCP_TEST_HOSTNAME;
const targets = await databaseTargets();
const META = ["search_tools", "describe_tool", "call_tool"];

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => reply(response, 200, { done: `${request.method} ${request.url}` }));
});
afterAll(() => upstream.close());
afterEach(async () => {
  await closeMcpClients();
  await flushCallLog();
});
const received = () => upstream.requests.map((request) => `${request.method} ${request.url}`);

const TOOLS = [
  { name: "lookup_order", description: "Look up an order by id and return its status.", method: "GET", path: "/orders/{{order_id}}", parameter: "order_id" },
  { name: "create_refund", description: "Refund a captured payment of an order back to the customer's card.", method: "POST", path: "/refunds/{{payment_id}}", parameter: "payment_id" },
  { name: "send_sms", description: "Send a text message to a phone number.", method: "POST", path: "/sms/{{to}}", parameter: "to" },
  { name: "wipe_account", description: "Erase a customer's account and every order of it.", method: "DELETE", path: "/accounts/{{account_id}}", parameter: "account_id" },
  { name: "export_everything", description: "Export every order and refund of the shop.", method: "GET", path: "/export/{{scope}}", parameter: "scope" },
];

describe.each(targets)("search mode on the agents' door on $name", (target) => {
  const db = useTestDatabase(target);

  /**
   * The five tools; persona support granted four of them (not export_everything), wipe_account
   * switched off, in search mode; a key for it.
   */
  async function setUp() {
    upstream.requests.length = 0;
    for (const { name, description, method, path, parameter } of TOOLS) {
      const definition = parseToolDefinition({
        name,
        description,
        parameters: { type: "object", properties: { [parameter]: { type: "string", description: "Which one" } }, required: [parameter] },
        request: { method, url: `${upstream.origin}${path}` },
      });
      await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    }
    await createPersona({ slug: "support", name: "Support", grant: ["lookup_order", "create_refund", "send_sms", "wipe_account"] }, SYSTEM_ACTOR);
    await setPersonaToolEnabled("support", "wipe_account", false, SYSTEM_ACTOR);
    await setPersonaSearchMode("support", true, SYSTEM_ACTOR);
    const { token } = await createApiKey({ name: "search bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    return `Bearer ${token}`;
  }

  const connect = (authorization: string, kind: McpClientKind) =>
    connectMcpClient((request) => handleMcpRequest(request, "support", agentMcpDoor), authorization, kind);

  /** The JSON a tool answered in its first text content. */
  const contentOf = (result: { content?: unknown }) => JSON.parse((result.content as { text: string }[])[0]!.text) as Record<string, unknown>;
  const found = (result: { content?: unknown }) => (contentOf(result).tools as { name: string }[]).map((tool) => tool.name);

  it.each(MCP_CLIENTS)("MCP, %s client: lists the meta-tools, finds, describes and calls a granted tool (logged as the real tool, via search)", async (kind) => {
    const client = await connect(await setUp(), kind);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(META);

    const search = await client.callTool({ name: "search_tools", arguments: { query: "refund an order" } });
    expect(found(search)[0]).toBe("create_refund");
    const described = await client.callTool({ name: "describe_tool", arguments: { name: "create_refund" } });
    expect(contentOf(described)).toMatchObject({ name: "create_refund", inputSchema: { properties: { payment_id: { type: "string" } }, required: ["payment_id"] } });

    const called = await client.callTool({ name: "call_tool", arguments: { name: "create_refund", arguments: { payment_id: "pi_1" } } });
    expect(called.isError).toBeUndefined();
    expect(received()).toEqual(["POST /refunds/pi_1"]);
    await flushCallLog();
    expect(await db().callLog.findMany()).toEqual([expect.objectContaining({ toolName: "create_refund", channel: "mcp", viaSearch: true, outcome: "success" })]);
  });

  it.each(MCP_CLIENTS)("MCP, %s client: a tool switched off or outside the grant is neither found, described nor called; bad arguments run nothing", async (kind) => {
    const client = await connect(await setUp(), kind);
    for (const query of ["wipe erase account", "export everything"]) {
      const names = found(await client.callTool({ name: "search_tools", arguments: { query, limit: 20 } }));
      expect(names).not.toContain("wipe_account");
      expect(names).not.toContain("export_everything");
    }
    for (const name of ["wipe_account", "export_everything", "no_such_tool"]) {
      for (const meta of ["describe_tool", "call_tool"]) {
        const result = await client.callTool({ name: meta, arguments: { name, arguments: { account_id: "1", scope: "all" } } });
        expect(result.isError).toBe(true);
        expect(JSON.stringify(result.content)).toContain(`Persona \\"support\\" has no tool named \\"${name}\\"`);
      }
    }
    const bad = await client.callTool({ name: "call_tool", arguments: { name: "create_refund", arguments: { payment_id: 42 } } });
    expect(bad.isError).toBe(true);
    const missingQuery = await client.callTool({ name: "search_tools", arguments: {} });
    expect(JSON.stringify(missingQuery.content)).toMatch(/Invalid arguments/);
    expect(received()).toEqual([]);
  });

  it("MCP: a tool known by name is still called directly in search mode; switching the mode off restores the full list", async () => {
    const bearer = await setUp();
    const client = await connect(bearer, "2026-07-28");
    const direct = await client.callTool({ name: "lookup_order", arguments: { order_id: "A-1" } });
    expect(direct.isError).toBeUndefined();
    expect(received()).toEqual(["GET /orders/A-1"]);
    await setPersonaSearchMode("support", false, SYSTEM_ACTOR);
    expect((await client.listTools(undefined, { cacheMode: "refresh" })).tools.map((tool) => tool.name)).toEqual(["create_refund", "lookup_order", "send_sms"]);
    // Off, the meta names are no tools of this persona's.
    await expect(client.callTool({ name: "search_tools", arguments: { query: "refund" } })).rejects.toThrow(/no tool named "search_tools"/);
    await flushCallLog();
    expect(await db().callLog.findMany()).toEqual([expect.objectContaining({ toolName: "lookup_order", viaSearch: false })]);
  });

  const api = (bearer: string, path: string, body?: unknown) =>
    handleDoorRequest(
      new Request(`http://127.0.0.1/api/v1/personas/support/${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: bearer, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const listed = async (bearer: string, query: string) => ((await (await api(bearer, `tools?${query}`)).json()) as { tools: Record<string, unknown>[] }).tools;

  it("runtime API: meta-tools in every format but Anthropic's, which defers each effective tool behind its tool search tool", async () => {
    const bearer = await setUp();
    expect((await listed(bearer, "format=openai")).map((spec) => (spec.function as { name: string }).name)).toEqual(META);
    expect((await listed(bearer, "format=gemini")).map((spec) => spec.name)).toEqual(META);
    expect((await listed(bearer, "format=mcp")).map((spec) => spec.name)).toEqual(META);
    const anthropic = await listed(bearer, "format=anthropic");
    expect(anthropic[0]).toEqual({ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
    expect(anthropic.slice(1).map((spec) => [spec.name, spec.defer_loading])).toEqual([
      ["create_refund", true],
      ["lookup_order", true],
      ["send_sms", true],
    ]);
    expect((await listed(bearer, "format=anthropic&deferred=false")).map((spec) => spec.name)).toEqual(META);
    const bad = await api(bearer, "tools?format=anthropic&deferred=maybe");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: "bad_request", message: '?deferred= takes true or false, not "maybe".' } });
  });

  it("runtime API: search, describe in the requested shape, call through call_tool and directly; a switched-off tool cannot be called; off restores the list", async () => {
    const bearer = await setUp();
    const search = (await (await api(bearer, "tools/search_tools/call", { arguments: { query: "send a text message", limit: 2 } })).json()) as { content: { tools: { name: string; description: string }[] } };
    expect(search.content.tools[0]).toEqual({ name: "send_sms", description: "Send a text message to a phone number." });
    expect(search.content.tools.length).toBeLessThanOrEqual(2);

    const openai = (await (await api(bearer, "tools/describe_tool/call?format=openai", { arguments: { name: "send_sms" } })).json()) as { content: Record<string, unknown> };
    expect(openai.content).toMatchObject({ type: "function", function: { name: "send_sms", parameters: { required: ["to"] } } });
    const gemini = (await (await api(bearer, "tools/describe_tool/call?format=openai", { arguments: { name: "send_sms", format: "gemini" } })).json()) as { content: Record<string, unknown> };
    expect(gemini.content).toMatchObject({ name: "send_sms", parameters: { type: "object" } });

    const viaSearch = (await (await api(bearer, "tools/call_tool/call", { arguments: { name: "send_sms", arguments: { to: "+4912345" } } })).json()) as { ok: boolean };
    expect(viaSearch.ok).toBe(true);
    const direct = await api(bearer, "tools/lookup_order/call", { arguments: { order_id: "B-2" } });
    expect(direct.status).toBe(200);
    const off = (await (await api(bearer, "tools/call_tool/call", { arguments: { name: "wipe_account", arguments: { account_id: "1" } } })).json()) as Record<string, unknown>;
    expect(off).toMatchObject({ ok: false, error_type: "validation_error" });
    expect((await api(bearer, "tools/wipe_account/call", { arguments: { account_id: "1" } })).status).toBe(404);
    expect(received()).toEqual(["POST /sms/%2B4912345", "GET /orders/B-2"]);
    await flushCallLog();
    expect(await db().callLog.findMany({ orderBy: { id: "asc" } })).toEqual([
      expect.objectContaining({ toolName: "send_sms", channel: "api", viaSearch: true }),
      expect.objectContaining({ toolName: "lookup_order", channel: "api", viaSearch: false }),
    ]);

    await setPersonaSearchMode("support", false, SYSTEM_ACTOR);
    expect((await listed(bearer, "format=anthropic")).map((spec) => spec.name)).toEqual(["create_refund", "lookup_order", "send_sms"]);
    expect((await api(bearer, "tools/search_tools/call", { arguments: { query: "refund" } })).status).toBe(404);
  });
});
