/**
 * The runtime API's one error shape (SPEC §8): `{ error: { code, message } }`, with the HTTP status
 * each code is answered with. Messages are written for the agent's developer and never carry a
 * secret or an internal error text.
 */
import { answerResponse, refusalAnswer } from "./door-answer";

export interface AgentErrorBody {
  readonly error: { readonly code: AgentErrorCode; readonly message: string };
}

export const AGENT_ERROR_STATUS = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  bad_request: 400,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type AgentErrorCode = keyof typeof AGENT_ERROR_STATUS;

/** A refusal: its status and body. */
export interface AgentRefusal<S extends number = number> {
  readonly ok: false;
  readonly status: S;
  readonly body: AgentErrorBody;
}

/** The refusal for `code` with `message`. */
export function agentError<C extends AgentErrorCode>(code: C, message: string): AgentRefusal<(typeof AGENT_ERROR_STATUS)[C]> {
  return { ok: false, status: AGENT_ERROR_STATUS[code], body: { error: { code, message } } };
}

/** A refusal as a JSON response, with extra headers (e.g. WWW-Authenticate, Retry-After). */
export function agentErrorResponse(refusal: Pick<AgentRefusal, "status" | "body">, headers: Readonly<Record<string, string>> = {}): Response {
  return answerResponse(refusalAnswer(refusal, headers));
}

/** The refusal for a path under /api/v1 that the door does not serve. */
export function unknownDoorPath(): AgentRefusal<404> {
  return agentError("not_found", "There is no such path in the runtime API: see /api/v1/openapi.json.");
}
