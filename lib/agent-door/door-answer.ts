/**
 * What the door answers, before a host writes it: a status, headers and a JSON body (or none).
 * A route that runs on both of the door's hosts — the Web one (`Request` in, `Response` out:
 * Hono's routes, Next.js under `next dev`, tests) and node:http's fast path for tool calls
 * (gateway/node-call-route.ts) — computes one, and each host writes it its own way, so both answer
 * alike: same status, same headers, same JSON.
 */
import type { AgentRefusal } from "./errors";

export interface DoorAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as JSON (`application/json`); absent for an answer without a body. */
  readonly body?: unknown;
}

/** A refusal as an answer, with extra headers (e.g. WWW-Authenticate, Retry-After). */
export function refusalAnswer(refusal: Pick<AgentRefusal, "status" | "body">, headers: Readonly<Record<string, string>> = {}): DoorAnswer {
  return { status: refusal.status, headers, body: refusal.body };
}

/** The answer as a Web `Response`. */
export function answerResponse({ status, headers = {}, body }: DoorAnswer): Response {
  return body === undefined ? new Response(null, { status, headers }) : Response.json(body, { status, headers });
}
