import "server-only";

/**
 * The runtime API's request plumbing, shared by its route handlers: who is calling (key and
 * persona, then the key's rate limit), the call body read under a size cap and checked for shape,
 * and the catch-all that turns an unexpected error into a generic 500 (logged, never echoed), or,
 * when the database cannot answer, into 503 with Retry-After.
 */
import { authenticateAgent, type AgentIdentity } from "./auth";
import { agentError, agentErrorResponse, type AgentRefusal } from "./errors";
import { consumeAgentRateLimit } from "./rate-limit";
import { databaseFailureReason, isDatabaseUnavailable } from "../db/unavailable";
import { countRateLimited } from "../observability/metrics";
import { annotateSpan } from "../observability/tracing";

/** The largest call body accepted: arguments are capped far lower by validation, this stops a flood early. */
export const MAX_CALL_BODY_BYTES = 1024 * 1024;

/**
 * The caller of a runtime API request for persona `slug`, or the response refusing it
 * (401/403/404 from the key, 429 with Retry-After when the key's allowance is spent).
 * `authenticate` is API keys' unless a door takes other credentials too (MCP: OAuth access tokens).
 */
export async function admitAgent(
  request: Request,
  slug: string,
  authenticate: typeof authenticateAgent = authenticateAgent,
): Promise<{ ok: true; identity: AgentIdentity } | { ok: false; response: Response }> {
  const auth = await authenticate(request.headers.get("authorization"), slug);
  if (!auth.ok) {
    const headers: Record<string, string> = auth.status === 401 ? { "WWW-Authenticate": 'Bearer realm="quiver"' } : {};
    return { ok: false, response: agentErrorResponse(auth, headers) };
  }
  annotateSpan({ "quiver.persona": auth.identity.personaSlug, "quiver.caller.name": auth.identity.keyName });
  const limit = await consumeAgentRateLimit(auth.identity.keyId);
  if (!limit.ok) {
    countRateLimited(auth.identity.personaSlug);
    const refusal = agentError("rate_limited", `Too many calls with this API key; try again in ${limit.retryAfterSeconds} s.`);
    return { ok: false, response: agentErrorResponse(refusal, { "Retry-After": String(limit.retryAfterSeconds) }) };
  }
  return { ok: true, identity: auth.identity };
}

const tooLarge = () => agentError("payload_too_large", `The request body is larger than ${MAX_CALL_BODY_BYTES / 1024} KiB.`);

/** The body as text, refusing (413) a declared or actual length over `limit` bytes without reading the rest. */
export async function readCappedText(request: Request, limit = MAX_CALL_BODY_BYTES): Promise<{ ok: true; text: string } | AgentRefusal> {
  const length = request.headers.get("content-length");
  const declared = length === null ? Number.NaN : Number(length);
  if (Number.isFinite(declared) && declared > limit) return tooLarge();
  // A declared length within the cap is all the server's HTTP parser lets through as this body:
  // read it whole, without a stream (the door's node adapter reads it straight off the socket).
  if (Number.isFinite(declared)) return { ok: true, text: await request.text() };
  if (request.body === null) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}

const CALL_FIELDS = ["arguments", "context"];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `{arguments, context}` from a call body, each an object when present (absent: `{}`), or a 400
 * saying exactly what is wrong. Anything else in the body is refused rather than ignored, so a
 * misspelt field (`argument`) does not silently call the tool without arguments.
 */
export function parseCallBody(text: string): { ok: true; arguments: unknown; context: unknown } | AgentRefusal {
  if (text.trim() === "") return { ok: true, arguments: {}, context: {} };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return agentError("bad_request", `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(body)) return agentError("bad_request", 'The request body must be a JSON object: {"arguments": {…}, "context": {…}}.');
  const unknown = Object.keys(body).filter((key) => !CALL_FIELDS.includes(key));
  if (unknown.length > 0) {
    return agentError("bad_request", `Unknown field${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => `"${key}"`).join(", ")} in the request body; expected "arguments" and "context".`);
  }
  for (const field of CALL_FIELDS) {
    if (body[field] !== undefined && !isObject(body[field])) return agentError("bad_request", `"${field}" must be a JSON object.`);
  }
  return { ok: true, arguments: body.arguments ?? {}, context: body.context ?? {} };
}

/** What a response to an agent that has hung up carries: nobody reads it (499 is nginx's "client closed request"). */
export const AGENT_GONE_STATUS = 499;

/** What an agent is told to wait when the database cannot answer: a restart takes a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** At most one log line per this while the database stays unreachable, however many calls fail. */
const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;
let lastUnavailableLog = 0;

function logDatabaseUnavailable(error: unknown): void {
  if (Date.now() - lastUnavailableLog < UNAVAILABLE_LOG_INTERVAL_MS) return;
  lastUnavailableLog = Date.now();
  console.error(`Runtime API: the database cannot answer; agents get 503 until it does (${databaseFailureReason(error)}).`);
}

/**
 * Runs the work of a route handler answering `request`; an unexpected error is logged and
 * answered with a generic 500, a database that cannot answer with 503 and Retry-After (nothing
 * was run: the key is checked first). An error after the agent hung up (its request body cut
 * off, say) is not Quiver's failure: it is not logged, and the answer goes nowhere.
 */
export async function answering(request: Request, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: AGENT_GONE_STATUS });
    if (isDatabaseUnavailable(error)) {
      logDatabaseUnavailable(error);
      const refusal = agentError("unavailable", `Quiver cannot reach its database right now; try again in ${DATABASE_RETRY_AFTER_SECONDS} s.`);
      return agentErrorResponse(refusal, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
    }
    console.error("Runtime API request failed:", error);
    return agentErrorResponse(agentError("internal", "Something went wrong on Quiver's side; the error is in the server log."));
  }
}
