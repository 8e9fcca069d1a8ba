import "server-only";

/**
 * `POST /api/v1/personas/{slug}/tools/{name}/call` (SPEC §8), whichever host it arrived on:
 * `{arguments, context}` in, the ToolResponse as JSON out. The key is checked first, then the
 * body is read under the cap and checked for shape; a tool outside the persona's effective set is
 * 404 and never runs. `signal` reaches the upstream, so an agent that hangs up stops the call.
 */
import { isProviderFormat, type CancelSignal } from "../tools";
import { callAgentTool } from "./call";
import { refusalAnswer, type DoorAnswer } from "./door-answer";
import { admitCaller, parseCallBody, readCappedText, type CallBody } from "./http";

export interface ToolCallRequest {
  readonly personaSlug: string;
  readonly toolName: string;
  /** The `Authorization` header, or null. */
  readonly authorization: string | null;
  /** `?format=`: the provider format the agent lists tools in (search mode's describe_tool answers in it). */
  readonly format: string | null;
  readonly body: CallBody;
  readonly signal?: CancelSignal;
}

/** Answers one tool call; see the module comment. */
export async function answerToolCall(request: ToolCallRequest): Promise<DoorAnswer> {
  const admitted = await admitCaller(request.authorization, request.personaSlug);
  if (!admitted.ok) return admitted.answer;
  const text = await readCappedText(request.body);
  if (!text.ok) return refusalAnswer(text);
  const body = parseCallBody(text.text);
  if (!body.ok) return refusalAnswer(body);
  const answer = await callAgentTool({
    identity: admitted.identity,
    toolName: request.toolName,
    arguments: body.arguments,
    context: body.context,
    channel: "api",
    signal: request.signal,
    ...(isProviderFormat(request.format) ? { format: request.format } : {}),
  });
  return answer.ok ? { status: 200, body: answer.result } : refusalAnswer(answer);
}
