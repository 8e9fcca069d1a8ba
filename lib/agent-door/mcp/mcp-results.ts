/**
 * What `callAgentTool` answered, as an MCP `tools/call` result. A run maps from the agent-facing
 * result (`toolResponseToJSON`: already redacted by the executor, no `cause`, no request preview),
 * never the raw ToolResponse, so MCP clients see exactly what API clients see.
 *
 * - A tool result: its text (JSON text for a json result) as content. `structuredContent` is the
 *   result record (`{ok, kind, content, halt: false, metadata}`) — or, for a tool that declares an
 *   `outputSchema`, the result itself, which the executor checked against that schema; the record
 *   without its content then goes in `_meta` under {@link MCP_RESULT_META_KEY}.
 * - A halt: the say text first, then the result, and `structuredContent` marks it
 *   (`{halt: true, say, payload}`) so a client can end the turn.
 * - A tool failure: `isError: true` with the message as content (the model can react to it), and
 *   the failure record as `structuredContent` — in `_meta` instead for a tool with an
 *   `outputSchema`, because clients check any `structuredContent` of such a tool against it.
 * - A refusal (the tool is not this persona's, bad context, a body over the cap): an MCP protocol
 *   error, because nothing was executed.
 */
import { ProtocolError, ProtocolErrorCode, type CallToolResult } from "@modelcontextprotocol/server";
import type { AgentToolResult } from "../../tools";
import type { AgentCallAnswer } from "../call";
import type { AgentErrorCode } from "../errors";

/** Agent error codes (the runtime API's error shape) that mean the caller's request was wrong. */
const CALLER_ERRORS: ReadonlySet<AgentErrorCode> = new Set(["not_found", "bad_request", "payload_too_large"]);

/** Where a tool with an `outputSchema` puts what its `structuredContent` cannot carry: the outcome record. */
export const MCP_RESULT_META_KEY = "quiver/result";

function successResult(result: Extract<AgentToolResult, { ok: true }>, declaresOutput: boolean): CallToolResult {
  const { halt, ...rest } = result;
  const content = { type: "text" as const, text: result.kind === "text" && typeof result.content === "string" ? result.content : JSON.stringify(result.content ?? null) };
  if (halt === null && declaresOutput) {
    const { content: structuredContent, ...record } = rest;
    return { content: [content], structuredContent: structuredContent as Record<string, unknown>, _meta: { [MCP_RESULT_META_KEY]: { ...record, halt: false } } };
  }
  if (halt === null) return { content: [content], structuredContent: { ...rest, halt: false } };
  return {
    content: halt.say === null ? [content] : [{ type: "text", text: halt.say }, content],
    structuredContent: { ...rest, halt: true, say: halt.say, payload: halt.payload ?? null },
  };
}

/** Maps one `callAgentTool` answer to a `tools/call` result, or throws a {@link ProtocolError} when the call was refused before anything ran. */
export function toCallToolResult(answer: AgentCallAnswer): CallToolResult {
  if (!answer.ok) {
    const { code, message } = answer.body.error;
    throw new ProtocolError(CALLER_ERRORS.has(code) ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError, message, { status: answer.status, code });
  }
  const { result, declaresOutput } = answer;
  if (result.ok) return successResult(result, declaresOutput);
  const failure = { isError: true, content: [{ type: "text" as const, text: result.message }] };
  return declaresOutput ? { ...failure, _meta: { [MCP_RESULT_META_KEY]: { ...result } } } : { ...failure, structuredContent: { ...result } };
}
