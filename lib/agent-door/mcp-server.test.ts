/**
 * The MCP endpoint's protocol behaviour, driven by the SDK's real `Client` and Streamable HTTP
 * client transport whose fetch is wired straight to `handleMcpRequest` (no network): listing with
 * annotations, calling, halts, failures, refusals, a switch seen by the next list, and the HTTP
 * answers before the protocol (405, and the admission's refusals passed through). The agents' door here is an in-memory stand-in
 * with real tools; the data-layer wiring is covered by the e2e suite against a production build.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { error, json, text, toolResponseToJSON, type HaltOutcome, type Tool, type ToolResponse } from "../tools";
import type { AgentCallAnswer } from "./call";
import { agentError } from "./errors";
import { MAX_CALL_BODY_BYTES } from "./http";
import { handleMcpRequest, MCP_CONTEXT_META_KEY, MCP_RATE_LIMITED, type McpDoor } from "./mcp-server";
import { closeMcpClients, connectMcpClient, MCP_TEST_URL, mcpPost } from "./mcp-test-client";

const GOOD_KEY = "Bearer qv_good";

/** A run of a tool that answered `response` (halting when `halt` is given), as the door hands it to MCP. */
const ran = (response: ToolResponse, halt?: HaltOutcome): AgentCallAnswer => {
  const result = toolResponseToJSON(response);
  return { ok: true, result: halt && result.ok ? { ...result, halt } : result, response };
};

function tool(name: string, sideEffect: boolean, method: Tool["method"]): Tool {
  return {
    name,
    description: `The ${name} tool.`,
    parameters: { type: "object", properties: { id: { type: "string" } } },
    sideEffect,
    origin: "data",
    method,
    call: async () => text("unused"),
  };
}

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
      return state.enabled;
    },
    async callTool(input) {
      state.calls.push(input);
      if (!state.enabled.some((entry) => entry.name === input.toolName)) {
        return agentError("not_found", `This persona has no tool named "${input.toolName}".`);
      }
      return state.answers.get(input.toolName) ?? ran(json({ id: "A-1", state: "shipped" }));
    },
  };
  return { state, door };
}

afterEach(closeMcpClients);

const connect = (door: McpDoor, authorization = GOOD_KEY) =>
  connectMcpClient((request) => handleMcpRequest(request, "support", door), authorization);
const post = (body: unknown, authorization = GOOD_KEY, signal?: AbortSignal) => mcpPost(body, authorization, signal);

describe("tools/list", () => {
  it("lists the persona's tools with schemas, titles and annotations, and announces no list_changed", async () => {
    const { door } = memoryDoor();
    const client = await connect(door);
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
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

  it("reads the tools again on every list: a tool switched off is gone from the next one", async () => {
    const { state, door } = memoryDoor();
    const client = await connect(door);
    expect((await client.listTools()).tools.map((entry) => entry.name)).toEqual(["lookup", "refund"]);
    state.enabled = state.enabled.filter((entry) => entry.name !== "refund");
    expect((await client.listTools()).tools.map((entry) => entry.name)).toEqual(["lookup"]);
  });

  it("answers an internal failure with a generic error, never its message", async () => {
    const { state, door } = memoryDoor();
    const client = await connect(door);
    state.failList = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = await client.listTools().catch((thrown: unknown) => thrown);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as McpError).code).toBe(ErrorCode.InternalError);
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

  it("refuses a tool outside the persona with an MCP error", async () => {
    const { door } = memoryDoor();
    const client = await connect(door);
    const failure = await client.callTool({ name: "wipe_everything", arguments: {} }).catch((thrown: unknown) => thrown);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((failure as McpError).message).toContain('no tool named "wipe_everything"');
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
    await handleMcpRequest(post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "lookup", arguments: {} } }, GOOD_KEY, controller.signal), "support", door);
    expect(seen?.aborted).toBe(true);
  });
});

describe("HTTP answers before the protocol", () => {
  it.each([
    ["a refused key", "Bearer qv_wrong", false, 401],
    ["a spent allowance", GOOD_KEY, true, 429],
  ])("%s: the door's refusal is the answer, and nothing runs", async (_case, authorization, limited, status) => {
    const { state, door } = memoryDoor();
    state.limited = limited;
    const response = await handleMcpRequest(post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "lookup", arguments: {} } }, authorization), "support", door);
    expect(response.status).toBe(status);
    expect(state.admissions).toEqual(["support"]);
    expect(state.calls).toEqual([]);
    await expect(connect(door, authorization)).rejects.toThrow();
  });

  it("takes one more call from the allowance for each tools/call after the first in a batch", async () => {
    const { state, door } = memoryDoor();
    state.extraAllowance = 1;
    const call = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "lookup", arguments: {} } });
    const response = await handleMcpRequest(post([call(1), call(2), call(3), { jsonrpc: "2.0", id: 4, method: "tools/list" }]), "support", door);
    const answers = (await response.json()) as { id: number; result?: unknown; error?: { code: number; message: string } }[];
    expect(answers.map((answer) => [answer.id, answer.error?.code ?? "ok"]).sort()).toEqual([[1, "ok"], [2, "ok"], [3, MCP_RATE_LIMITED], [4, "ok"]]);
    expect(state.calls).toHaveLength(2);
    expect(state.extraCalls).toBe(2);
  });

  it.each(["GET", "DELETE"])("answers %s with 405 (stateless: no stream, no session) before any admission", async (method) => {
    const { state, door } = memoryDoor();
    const response = await handleMcpRequest(new Request(MCP_TEST_URL, { method, headers: { authorization: GOOD_KEY, accept: "text/event-stream" } }), "support", door);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(state.admissions).toEqual([]);
  });

  it("answers a body over the runtime API's cap with 413, and runs nothing", async () => {
    const { state, door } = memoryDoor();
    const padding = "x".repeat(MAX_CALL_BODY_BYTES);
    const response = await handleMcpRequest(post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "lookup", arguments: { padding } } }), "support", door);
    expect(response.status).toBe(413);
    expect(state.calls).toEqual([]);
  });

  it("answers a body that is not JSON with the transport's parse error", async () => {
    const request = mcpPost("{not json", GOOD_KEY);
    const response = await handleMcpRequest(request, "support", memoryDoor().door);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: ErrorCode.ParseError } });
  });
});
