/**
 * The MCP endpoint's protocol behaviour in both revisions, driven by the SDKs' real clients (v2
 * pinned to 2026-07-28, v2 in its 2025 mode, and the older v1 client) whose fetch is wired
 * straight to `handleMcpRequest` (no network): listing with annotations, pages and cache hints,
 * calling, halts, failures, refusals, a switch seen by the next list, and the HTTP answers before
 * the protocol (a foreign Host or Origin, 405, the admission's refusals, bad bodies). The agents'
 * door here is an in-memory stand-in with real tools; the data-layer wiring is covered by the
 * e2e suite against a production build.
 */
import { InMemoryServerEventBus, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { error, json, text, toolResponseToJSON, toProviderSpecs, type HaltOutcome, type Tool, type ToolResponse } from "../../tools";
import type { AgentCallAnswer } from "../call";
import { agentError } from "../errors";
import { MAX_CALL_BODY_BYTES } from "../http";
import { handleMcpRequest, MCP_CONTEXT_META_KEY, MCP_RATE_LIMITED, TOOLS_LIST_TTL_MS, type McpDoor } from "./mcp-server";
import { MCP_RESULT_META_KEY } from "./mcp-results";
import { asMcpTools, MCP_TOOLS_PAGE_SIZE } from "./mcp-tools";
import { closeMcpClients, connectMcpClient, listenForToolChanges, MCP_CLIENTS, MCP_TEST_HOSTNAME, MCP_TEST_URL, mcpPost, type McpClientKind } from "./mcp-test-client";

const GOOD_KEY = "Bearer qv_good";

/** A run of a tool that answered `response` (halting when `halt` is given), as the door hands it to MCP. */
const ran = (response: ToolResponse, halt?: HaltOutcome, declaresOutput = false): AgentCallAnswer => {
  const result = toolResponseToJSON(response);
  return { ok: true, result: halt && result.ok ? { ...result, halt } : result, response, declaresOutput };
};

function tool(name: string, sideEffect: boolean, method: Tool["method"], outputSchema?: Tool["outputSchema"]): Tool {
  return {
    name,
    description: `The ${name} tool.`,
    parameters: { type: "object", properties: { id: { type: "string" } } },
    sideEffect,
    origin: "data",
    method,
    ...(outputSchema ? { outputSchema } : {}),
    call: async () => text("unused"),
  };
}

const ORDER_SHAPE = {
  type: "object",
  properties: { id: { type: "string" }, state: { type: "string", enum: ["open", "shipped"] } },
  required: ["id", "state"],
} as const satisfies Tool["outputSchema"];

type CallInput = Parameters<McpDoor["callTool"]>[0];

/** An in-memory agents' door: `enabled` is the persona's effective set, `answers` what a call returns. */
function memoryDoor() {
  const state = {
    enabled: [tool("lookup", false, "GET"), tool("refund", true, "POST")],
    answers: new Map<string, AgentCallAnswer>(),
    calls: [] as CallInput[],
    admissions: [] as string[],
    extraCalls: 0,
    extraAllowance: Number.POSITIVE_INFINITY,
    limited: false,
    failList: false,
  };
  const door: McpDoor = {
    async admit(request, personaSlug) {
      state.admissions.push(personaSlug);
      if (request.headers.get("authorization") !== GOOD_KEY) {
        return { ok: false, response: Response.json({ error: { code: "unauthorized", message: "A valid API key is required." } }, { status: 401 }) };
      }
      if (state.limited) {
        return { ok: false, response: Response.json({ error: { code: "rate_limited", message: "Later." } }, { status: 429, headers: { "retry-after": "7" } }) };
      }
      return { ok: true, identity: { keyId: "key-1", keyName: "test key", personaSlug } };
    },
    async consumeRateLimit() {
      state.extraCalls += 1;
      return state.extraCalls <= state.extraAllowance ? { ok: true } : { ok: false, retryAfterSeconds: 7 };
    },
    async listTools() {
      if (state.failList) throw new Error("database password is hunter2");
      return asMcpTools(toProviderSpecs(state.enabled, "mcp"));
    },
    async callTool(input) {
      state.calls.push(input);
      if (!state.enabled.some((entry) => entry.name === input.toolName)) {
        return agentError("not_found", `This persona has no tool named "${input.toolName}".`);
      }
      return state.answers.get(input.toolName) ?? ran(json({ id: "A-1", state: "shipped" }));
    },
    allowedHostnames: [MCP_TEST_HOSTNAME],
    changes: new InMemoryServerEventBus(),
  };
  return { state, door };
}

afterEach(closeMcpClients);

const post = (body: unknown, options?: Parameters<typeof mcpPost>[2], authorization = GOOD_KEY) => mcpPost(body, authorization, options);
const callLookup = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "lookup", arguments: {} } };

describe.each(MCP_CLIENTS)("with the %s client", (kind: McpClientKind) => {
  const connect = (door: McpDoor, authorization = GOOD_KEY) => connectMcpClient((request) => handleMcpRequest(request, "support", door), authorization, kind);

  describe("tools/list", () => {
    it("lists the persona's tools with schemas, titles and annotations, and announces list_changed where the revision can deliver it", async () => {
      const { door } = memoryDoor();
      const client = await connect(door);
      expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: kind === "2026-07-28" });
      expect(client.getInstructions()).toContain("halt: true");
      const { tools } = await client.listTools();
      expect(tools).toEqual([
        expect.objectContaining({
          name: "lookup",
          title: "Lookup",
          inputSchema: { type: "object", properties: { id: { type: "string" } } },
          annotations: { title: "Lookup", readOnlyHint: true, destructiveHint: false, openWorldHint: true },
        }),
        expect.objectContaining({ name: "refund", annotations: { title: "Refund", readOnlyHint: false, destructiveHint: true, openWorldHint: true } }),
      ]);
    });

    it("reads the tools again for every list a client asks the server for: a tool switched off is gone from it", async () => {
      const { state, door } = memoryDoor();
      const client = await connect(door);
      expect((await client.listTools()).tools.map((entry) => entry.name)).toEqual(["lookup", "refund"]);
      state.enabled = state.enabled.filter((entry) => entry.name !== "refund");
      // A 2026-07-28 client may reuse the list for its ttlMs; asked to refresh, it lists again.
      const cached = (await client.listTools()).tools.map((entry) => entry.name);
      expect(cached).toEqual(kind === "2026-07-28" ? ["lookup", "refund"] : ["lookup"]);
      expect((await client.listTools(undefined, { cacheMode: "refresh" })).tools.map((entry) => entry.name)).toEqual(["lookup"]);
    });

    it("hands a large persona's list out a page at a time, and every page reaches the client", async () => {
      const { state, door } = memoryDoor();
      state.enabled = Array.from({ length: MCP_TOOLS_PAGE_SIZE + 5 }, (_, index) => tool(`tool_${String(index).padStart(3, "0")}`, false, "GET"));
      const client = await connect(door);
      // The v2 client walks the pages itself; the v1 client hands each page and its cursor over.
      const names: string[] = [];
      let page = await client.listTools();
      names.push(...page.tools.map((entry) => entry.name));
      while (page.nextCursor !== undefined) {
        expect(page.tools).toHaveLength(MCP_TOOLS_PAGE_SIZE);
        page = await client.listTools({ cursor: page.nextCursor });
        names.push(...page.tools.map((entry) => entry.name));
      }
      expect(names).toEqual(state.enabled.map((entry) => entry.name));
      await expect(client.listTools({ cursor: "not-ours" })).rejects.toMatchObject({ code: ProtocolErrorCode.InvalidParams });
    });

    it("answers an internal failure with a generic error, never its message", async () => {
      const { state, door } = memoryDoor();
      const client = await connect(door);
      state.failList = true;
      const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const failure = await client.listTools().catch((thrown: unknown) => thrown);
      expect(failure).toMatchObject({ code: ProtocolErrorCode.InternalError });
      expect(String(failure)).not.toContain("hunter2");
      expect(logged).toHaveBeenCalledWith("MCP tools/list failed:", expect.any(Error));
      logged.mockRestore();
    });
  });

  describe("tools/call", () => {
    it("calls through the door on the mcp channel with the arguments and the turn context", async () => {
      const { state, door } = memoryDoor();
      const client = await connect(door);
      const result = await client.callTool({ name: "lookup", arguments: { id: "A-1" }, _meta: { [MCP_CONTEXT_META_KEY]: { tenant: "acme" } } });
      expect(result.content).toEqual([{ type: "text", text: '{"id":"A-1","state":"shipped"}' }]);
      expect(result.structuredContent).toMatchObject({ halt: false, content: { id: "A-1", state: "shipped" } });
      expect(state.calls).toEqual([
        expect.objectContaining({ toolName: "lookup", arguments: { id: "A-1" }, context: { tenant: "acme" }, channel: "mcp", identity: expect.objectContaining({ keyId: "key-1" }) }),
      ]);
    });

    it("shows a halt: the say text as content and the halt in structured content", async () => {
      const { state, door } = memoryDoor();
      state.answers.set("refund", ran(text("refunded"), { say: "Your refund is on its way.", payload: { amount: 12 } }));
      const client = await connect(door);
      const result = await client.callTool({ name: "refund", arguments: { id: "A-1" } });
      expect(result.content).toEqual([{ type: "text", text: "Your refund is on its way." }, { type: "text", text: "refunded" }]);
      expect(result.structuredContent).toMatchObject({ halt: true, say: "Your refund is on its way.", payload: { amount: 12 } });
    });

    it("hands a tool failure back as isError content", async () => {
      const { state, door } = memoryDoor();
      state.answers.set("lookup", ran(error("The order service answered 503.", "http_error")));
      const client = await connect(door);
      const result = await client.callTool({ name: "lookup", arguments: {} });
      expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: "The order service answered 503." }] });
    });

    it("declares a known result shape as outputSchema and returns the result as structuredContent, which the client checks against it", async () => {
      const { state, door } = memoryDoor();
      state.enabled = [tool("order", false, "GET", ORDER_SHAPE), tool("lookup", false, "GET")];
      state.answers.set("order", ran(json({ id: "A-1", state: "shipped" }, { status: 200, durationMs: 4 }), undefined, true));
      const client = await connect(door);
      const { tools } = await client.listTools();
      expect(tools[0]).toMatchObject({ name: "order", outputSchema: ORDER_SHAPE });
      expect(tools[1]).not.toHaveProperty("outputSchema");
      const result = await client.callTool({ name: "order", arguments: {} });
      expect(result.structuredContent).toEqual({ id: "A-1", state: "shipped" });
      expect(result.content).toEqual([{ type: "text", text: '{"id":"A-1","state":"shipped"}' }]);
      expect(result._meta).toMatchObject({ [MCP_RESULT_META_KEY]: { ok: true, kind: "json", halt: false, metadata: { status: 200 } } });
    });

    it("hands a failure of a tool with an outputSchema back as isError, the failure record in _meta (clients check any structuredContent against the schema)", async () => {
      const { state, door } = memoryDoor();
      state.enabled = [tool("order", false, "GET", ORDER_SHAPE)];
      state.answers.set("order", ran(error("The response does not match the tool's output schema: state must be equal to one of the allowed values.", "execution_error"), undefined, true));
      const client = await connect(door);
      await client.listTools();
      const result = await client.callTool({ name: "order", arguments: {} });
      expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("output schema") }] });
      expect(result.structuredContent).toBeUndefined();
      expect(result._meta).toMatchObject({ [MCP_RESULT_META_KEY]: { ok: false, error_type: "execution_error" } });
    });

    it("refuses a tool outside the persona with an MCP error", async () => {
      const { door } = memoryDoor();
      const client = await connect(door);
      const failure = await client.callTool({ name: "wipe_everything", arguments: {} }).catch((thrown: unknown) => thrown);
      expect(failure).toMatchObject({ code: ProtocolErrorCode.InvalidParams, message: expect.stringContaining('no tool named "wipe_everything"') });
    });
  });
});

describe("the 2026-07-28 revision", () => {
  const modern = (method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    post(
      {
        jsonrpc: "2.0",
        id: 1,
        method,
        params: {
          ...params,
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      },
      { headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": method, ...headers } },
    );

  it("discovers the server without a handshake, and caches tools/list privately for the advertised time", async () => {
    const { door } = memoryDoor();
    const discovered = await (await handleMcpRequest(modern("server/discover"), "support", door)).json();
    expect(discovered).toMatchObject({ result: { supportedVersions: expect.arrayContaining(["2026-07-28"]), capabilities: { tools: { listChanged: true } } } });
    const listed = await (await handleMcpRequest(modern("tools/list"), "support", door)).json();
    expect(listed).toMatchObject({ result: { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: "private", tools: [{ name: "lookup" }, { name: "refund" }] } });
  });

  it("refuses a routing header that disagrees with the body, and runs nothing", async () => {
    const { state, door } = memoryDoor();
    const response = await handleMcpRequest(modern("tools/call", { name: "lookup", arguments: {} }, { "mcp-method": "tools/list" }), "support", door);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: expect.any(Number), message: expect.stringMatching(/header/i) } });
    expect(state.calls).toEqual([]);
  });

  it("tells a listening client that the tool list changed, on its subscriptions/listen stream", async () => {
    const { state, door } = memoryDoor();
    const client = await connectMcpClient((request) => handleMcpRequest(request, "support", door), GOOD_KEY, "2026-07-28");
    const { changed, subscription } = await listenForToolChanges(client);
    expect(subscription.honoredFilter.toolsListChanged).toBe(true);
    state.enabled = state.enabled.filter((entry) => entry.name !== "refund");
    door.changes.publish({ kind: "tools_list_changed" });
    await changed;
    expect((await client.listTools(undefined, { cacheMode: "refresh" })).tools.map((entry) => entry.name)).toEqual(["lookup"]);
    await subscription.close();
  });

  it("answers a method it does not serve with 404 and -32601", async () => {
    const { door } = memoryDoor();
    const response = await handleMcpRequest(modern("prompts/list"), "support", door);
    expect(await response.json()).toMatchObject({ error: { code: ProtocolErrorCode.MethodNotFound } });
    expect(response.status).toBe(404);
  });
});

describe("HTTP answers before the protocol", () => {
  it.each([
    ["a foreign Host", { host: "evil.example" }],
    ["a foreign Origin", { origin: "http://evil.example" }],
    ["the null Origin of an opaque page", { origin: "null" }],
  ])("%s: 403 before the key is even looked at, and nothing runs", async (_case, headers) => {
    const { state, door } = memoryDoor();
    const response = await handleMcpRequest(post(callLookup, { headers }), "support", door);
    expect(response.status).toBe(403);
    expect(state.admissions).toEqual([]);
    expect(state.calls).toEqual([]);
  });

  it("admits Quiver's own Origin, and a request without one", async () => {
    const { state, door } = memoryDoor();
    expect((await handleMcpRequest(post(callLookup, { headers: { origin: `http://${MCP_TEST_HOSTNAME}` } }), "support", door)).status).toBe(200);
    expect((await handleMcpRequest(post(callLookup), "support", door)).status).toBe(200);
    expect(state.calls).toHaveLength(2);
  });

  it.each([
    ["a refused key", "Bearer qv_wrong", false, 401],
    ["a spent allowance", GOOD_KEY, true, 429],
  ])("%s: the door's refusal is the answer, and nothing runs", async (_case, authorization, limited, status) => {
    const { state, door } = memoryDoor();
    state.limited = limited;
    const response = await handleMcpRequest(post(callLookup, {}, authorization), "support", door);
    expect(response.status).toBe(status);
    expect(state.admissions).toEqual(["support"]);
    expect(state.calls).toEqual([]);
    await expect(connectMcpClient((request) => handleMcpRequest(request, "support", door), authorization, "2025-11-25")).rejects.toThrow();
  });

  it("takes one more call from the allowance for each tools/call after the first in a (2025-03-26) batch, and runs none over it", async () => {
    const { state, door } = memoryDoor();
    state.extraAllowance = 1;
    const call = (id: number) => ({ ...callLookup, id });
    const response = await handleMcpRequest(post([call(1), call(2), call(3), { jsonrpc: "2.0", id: 4, method: "tools/list" }]), "support", door);
    const answers = (await response.text())
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice("data: ".length)) as { id: number; error?: { code: number; message: string } });
    expect(answers.map((answer) => [answer.id, answer.error?.code ?? "ok"]).sort()).toEqual([[1, "ok"], [2, "ok"], [3, MCP_RATE_LIMITED], [4, "ok"]]);
    expect(answers.find((answer) => answer.id === 3)?.error?.message).toContain("Too many calls");
    expect(state.calls).toHaveLength(2);
    expect(state.extraCalls).toBe(2);
  });

  it.each(["GET", "DELETE"])("answers %s with 405 (stateless: no stream, no session) before any admission", async (method) => {
    const { state, door } = memoryDoor();
    const request = new Request(MCP_TEST_URL, { method, headers: { host: MCP_TEST_HOSTNAME, authorization: GOOD_KEY, accept: "text/event-stream" } });
    const response = await handleMcpRequest(request, "support", door);
    expect(response.status).toBe(405);
    expect(state.admissions).toEqual([]);
  });

  it("answers a body over the runtime API's cap with 413, and runs nothing", async () => {
    const { state, door } = memoryDoor();
    const padding = "x".repeat(MAX_CALL_BODY_BYTES);
    const response = await handleMcpRequest(post({ ...callLookup, params: { name: "lookup", arguments: { padding } } }), "support", door);
    expect(response.status).toBe(413);
    expect(state.calls).toEqual([]);
  });

  it("answers a body that is not JSON with the parse error", async () => {
    const response = await handleMcpRequest(post("{not json"), "support", memoryDoor().door);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: ProtocolErrorCode.ParseError } });
  });

  it("aborts the call when the HTTP client goes away", async () => {
    const { door } = memoryDoor();
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    door.callTool = async (input) => {
      seen = input.signal;
      // The client disconnects while the tool runs; the call resolves only once its signal fires.
      controller.abort();
      await new Promise((settle) => (input.signal?.aborted ? settle(null) : input.signal?.addEventListener("abort", settle)));
      return ran(text("late"));
    };
    await handleMcpRequest(post(callLookup, { signal: controller.signal }), "support", door).catch(() => undefined);
    expect(seen?.aborted).toBe(true);
  });
});
