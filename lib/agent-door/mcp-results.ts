/**
 * What `callAgentTool` answered, as an MCP `tools/call` result. A run maps from the agent-facing
 * result (`toolResponseToJSON`: already redacted by the executor, no `cause`, no request preview),
 * never the raw ToolResponse, so MCP clients see exactly what API clients see.
 *
 * - A tool result: its text (JSON text for a json result) as content.
 * - A halt: the say text first, then the result, and `structuredContent` marks it
 *   (`{halt: true, say, payload}`) so a client can end the turn.
 * - A tool failure: `isError: true` with the message as content (the model can react to it).
 * - A refusal (the tool is not this persona's, bad context, a body over the cap): an MCP protocol
 *   error, because nothing was executed.
 */
import { ProtocolError, ProtocolErrorCode, type CallToolResult } from "@modelcontextprotocol/server";
import type { AgentToolResult } from "../tools";
import type { AgentCallAnswer } from "./call";
import type { AgentErrorCode } from "./errors";

/** Agent error codes (the runtime API's error shape) that mean the caller's request was wrong. */
const CALLER_ERRORS: ReadonlySet<AgentErrorCode> = new Set(["not_found", "bad_request", "payload_too_large"]);

function successResult(result: Extract<AgentToolResult, { ok: true }>): CallToolResult {
  const { halt, ...rest } = result;
  const content = { type: "text" as const, text: result.kind === "text" && typeof result.content === "string" ? result.content : JSON.stringify(result.content ?? null) };
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
  const { result } = answer;
  if (result.ok) return successResult(result);
  return { isError: true, content: [{ type: "text", text: result.message }], structuredContent: { ...result } };
}
