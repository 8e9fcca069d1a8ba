/**
 * What `callAgentTool` answered, as an MCP `tools/call` result. The input is the agent-facing
 * JSON (`toolResponseToJSON`: already redacted by the executor, no `cause`, no request preview),
 * never the raw ToolResponse, so MCP clients see exactly what API clients see.
 *
 * - A tool result: its text (JSON text for a json result) as content.
 * - A halt: the say text first, then the result, and `structuredContent` marks it
 *   (`{halt: true, say, payload}`) so a client can end the turn.
 * - A tool failure: `isError: true` with the message as content (the model can react to it).
 * - Anything that is not a tool answer (the tool is not this persona's, bad context, a body
 *   over the cap): an MCP protocol error, because nothing was executed.
 */
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Agent error codes (the runtime API's error shape) that mean the caller's request was wrong. */
const CALLER_ERRORS: ReadonlySet<string> = new Set(["not_found", "bad_request", "payload_too_large"]);

function resultText(kind: unknown, content: unknown): string {
  if (kind === "text" && typeof content === "string") return content;
  return JSON.stringify(content ?? null);
}

function successResult(body: JsonObject): CallToolResult {
  const { halt, ...rest } = body;
  const result = { type: "text" as const, text: resultText(body.kind, body.content) };
  if (!isObject(halt)) return { content: [result], structuredContent: { ...rest, halt: false } };
  const say = typeof halt.say === "string" ? halt.say : null;
  return {
    content: say === null ? [result] : [{ type: "text", text: say }, result],
    structuredContent: { ...rest, halt: true, say, payload: halt.payload ?? null },
  };
}

function failureResult(body: JsonObject): CallToolResult {
  const message = typeof body.message === "string" ? body.message : "The tool failed.";
  return { isError: true, content: [{ type: "text", text: message }], structuredContent: body };
}

/**
 * Maps one `callAgentTool` answer (`status`, agent-facing `body`) to a `tools/call` result, or
 * throws an {@link McpError} when the call was refused before anything ran.
 */
export function toCallToolResult(answer: { status: number; body: unknown }): CallToolResult {
  const { body } = answer;
  if (isObject(body) && body.ok === true) return successResult(body);
  if (isObject(body) && body.ok === false) return failureResult(body);
  const error = isObject(body) && isObject(body.error) ? body.error : {};
  const code = typeof error.code === "string" ? error.code : "internal";
  const message = typeof error.message === "string" ? error.message : "The call could not be completed.";
  throw new McpError(CALLER_ERRORS.has(code) ? ErrorCode.InvalidParams : ErrorCode.InternalError, message, { status: answer.status, code });
}
