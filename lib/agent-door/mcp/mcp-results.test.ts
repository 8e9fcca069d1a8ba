/**
 * `tools/call` results from the runtime API's answer: text and JSON results, a halt with and
 * without say text, a tool failure as `isError`, and refusals (nothing ran) as protocol errors.
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { error, json, text, toolResponseToJSON, type AgentToolResult, type HaltOutcome, type ToolResponse } from "../../tools";
import { agentError, type AgentErrorCode } from "../errors";
import { MCP_RESULT_META_KEY, toCallToolResult } from "./mcp-results";

/** A run whose agent-facing result is `result` (the tool's own response does not reach MCP clients). */
const answer = (result: AgentToolResult, declaresOutput = false) => ({ ok: true as const, result, response: text(""), declaresOutput });
/** The agent-facing JSON of a halting response (the executor attaches halts; lib/tools exports no helper for it). */
const halting = (response: ToolResponse, halt: HaltOutcome): AgentToolResult => {
  const result = toolResponseToJSON(response);
  return result.ok ? { ...result, halt } : result;
};

describe("tool results", () => {
  it("hands a text result over as text, marked as no halt", () => {
    const result = toCallToolResult(answer(toolResponseToJSON(text("Sunny, 21 °C", { status: 200, durationMs: 5 }))));
    expect(result.content).toEqual([{ type: "text", text: "Sunny, 21 °C" }]);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ ok: true, kind: "text", content: "Sunny, 21 °C", halt: false, metadata: { status: 200, durationMs: 5 } });
  });

  it("hands a JSON result over as JSON text", () => {
    const result = toCallToolResult(answer(toolResponseToJSON(json({ order: 42, items: ["a"] }))));
    expect(result.content).toEqual([{ type: "text", text: '{"order":42,"items":["a"]}' }]);
    expect(result.structuredContent).toMatchObject({ kind: "json", content: { order: 42, items: ["a"] }, halt: false });
  });

  it("puts a halt's say text first and marks the halt with its payload", () => {
    const result = toCallToolResult(answer(halting(json({ handoff: true }), { say: "A colleague will take over.", payload: { queue: "humans" } })));
    expect(result.content).toEqual([
      { type: "text", text: "A colleague will take over." },
      { type: "text", text: '{"handoff":true}' },
    ]);
    expect(result.structuredContent).toMatchObject({ halt: true, say: "A colleague will take over.", payload: { queue: "humans" } });
  });

  it("marks a halt without say text and publishes no say content", () => {
    const result = toCallToolResult(answer(halting(text("stop"), { say: null, payload: null })));
    expect(result.content).toEqual([{ type: "text", text: "stop" }]);
    expect(result.structuredContent).toMatchObject({ halt: true, say: null, payload: null });
  });

  it("reports a tool failure as isError content with its message, never its cause", () => {
    const failed = error("Upstream answered 502.", "http_error", { details: { status: 502 }, cause: new Error("socket detail") });
    const result = toCallToolResult(answer(toolResponseToJSON(failed)));
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: "Upstream answered 502." }]);
    expect(result.structuredContent).toMatchObject({ ok: false, error_type: "http_error", details: { status: 502 } });
    expect(JSON.stringify(result)).not.toContain("socket detail");
  });
});

describe("tool results of a tool with an outputSchema", () => {
  it("hands the result itself over as structuredContent, the outcome record without it in _meta", () => {
    const result = toCallToolResult(answer(toolResponseToJSON(json({ order: 42 }, { status: 200, durationMs: 5 })), true));
    expect(result.structuredContent).toEqual({ order: 42 });
    expect(result.content).toEqual([{ type: "text", text: '{"order":42}' }]);
    expect(result._meta).toEqual({ [MCP_RESULT_META_KEY]: { ok: true, kind: "json", halt: false, metadata: { status: 200, durationMs: 5 } } });
  });

  it("reports a failure without structuredContent (clients would check it against the schema), the failure record in _meta", () => {
    const result = toCallToolResult(answer(toolResponseToJSON(error("Upstream answered 502.", "http_error", { details: { status: 502 } })), true));
    expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: "Upstream answered 502." }] });
    expect(result).not.toHaveProperty("structuredContent");
    expect(result._meta).toMatchObject({ [MCP_RESULT_META_KEY]: { ok: false, error_type: "http_error", details: { status: 502 } } });
  });
});

describe("refusals (nothing ran)", () => {
  it.each([
    ["not_found", 404, ProtocolErrorCode.InvalidParams],
    ["bad_request", 400, ProtocolErrorCode.InvalidParams],
    ["payload_too_large", 413, ProtocolErrorCode.InvalidParams],
    ["internal", 500, ProtocolErrorCode.InternalError],
  ] as const)("%s (%i) → MCP error %i with the message", (code: AgentErrorCode, status, mcpCode) => {
    const refusal = agentError(code, `Refused: ${code}.`);
    expect(refusal.status).toBe(status);
    const refuse = () => toCallToolResult(refusal);
    expect(refuse).toThrow(ProtocolError);
    try {
      refuse();
    } catch (thrown) {
      expect((thrown as ProtocolError).code).toBe(mcpCode);
      expect((thrown as ProtocolError).message).toContain(`Refused: ${code}.`);
    }
  });
});
