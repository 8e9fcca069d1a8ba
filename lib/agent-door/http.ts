import "server-only";

/**
 * The runtime API's request plumbing, shared by its routes on both of the door's hosts (Web
 * `Request`s and node:http's fast path for calls, door-answer.ts): who is calling (key and
 * persona, then the key's rate limit), the call body read under a size cap and checked for shape,
 * and the catch-all that turns an unexpected error into a generic 500 (logged, never echoed), or,
 * when the database cannot answer, into 503 with Retry-After.
 */
import { authenticateAgent, type AgentIdentity } from "./auth";
import { answerResponse, refusalAnswer, type DoorAnswer } from "./door-answer";
import { agentError, type AgentRefusal } from "./errors";
import { consumeAgentRateLimit } from "./rate-limit";
import { databaseFailureReason, isDatabaseUnavailable } from "../db/unavailable";
import { countRateLimited } from "../observability/metrics";
import { annotateSpan } from "../observability/tracing";

/** The largest call body accepted: arguments are capped far lower by validation, this stops a flood early. */
export const MAX_CALL_BODY_BYTES = 1024 * 1024;

/**
 * The caller of a runtime API request for persona `slug` presenting `authorization`, or the
 * answer refusing it (401/403/404 from the key, 429 with Retry-After when the key's allowance is
 * spent). `authenticate` is API keys' unless a door takes other credentials too (MCP: OAuth access tokens).
 */
export async function admitCaller(
  authorization: string | null,
  slug: string,
  authenticate: typeof authenticateAgent = authenticateAgent,
): Promise<{ ok: true; identity: AgentIdentity } | { ok: false; answer: DoorAnswer }> {
  const auth = await authenticate(authorization, slug);
  if (!auth.ok) {
    const headers: Record<string, string> = auth.status === 401 ? { "WWW-Authenticate": 'Bearer realm="quiver"' } : {};
    return { ok: false, answer: refusalAnswer(auth, headers) };
  }
  annotateSpan({ "quiver.persona": auth.identity.personaSlug, "quiver.caller.name": auth.identity.keyName });
  const limit = await consumeAgentRateLimit(auth.identity.keyId);
  if (!limit.ok) {
    countRateLimited(auth.identity.personaSlug);
    const refusal = agentError("rate_limited", `Too many calls with this API key; try again in ${limit.retryAfterSeconds} s.`);
    return { ok: false, answer: refusalAnswer(refusal, { "Retry-After": String(limit.retryAfterSeconds) }) };
  }
  return { ok: true, identity: auth.identity };
}

/** {@link admitCaller} for a Web `Request`, its refusal as a `Response`. */
export async function admitAgent(
  request: Request,
  slug: string,
  authenticate: typeof authenticateAgent = authenticateAgent,
): Promise<{ ok: true; identity: AgentIdentity } | { ok: false; response: Response }> {
  const admitted = await admitCaller(request.headers.get("authorization"), slug, authenticate);
  return admitted.ok ? admitted : { ok: false, response: answerResponse(admitted.answer) };
}

/** A request body as each host hands it over. */
export interface CallBody {
  /** The `Content-Length` the caller declared, or null. */
  readonly declaredLength: string | null;
  /** The whole body, for a declared length within the cap: the server's HTTP parser lets no more through as this body. */
  whole(): Promise<string>;
  /** The body as it arrives, for one of unknown length; null when there is none. */
  chunks(): AsyncIterable<Uint8Array> | null;
}

/** A Web `Request`'s body (read straight off the socket by the door's node adapter when its length is declared). */
export function webCallBody(request: Request): CallBody {
  // Node's web streams are async iterable (leaving the loop early cancels the stream); the DOM typings do not say so.
  return { declaredLength: request.headers.get("content-length"), whole: () => request.text(), chunks: () => request.body as AsyncIterable<Uint8Array> | null };
}

const tooLarge = () => agentError("payload_too_large", `The request body is larger than ${MAX_CALL_BODY_BYTES / 1024} KiB.`);

/** The body as text, refusing (413) a declared or actual length over `limit` bytes without reading the rest. */
export async function readCappedText(body: CallBody, limit = MAX_CALL_BODY_BYTES): Promise<{ ok: true; text: string } | AgentRefusal> {
  const declared = body.declaredLength === null ? Number.NaN : Number(body.declaredLength);
  if (Number.isFinite(declared) && declared > limit) return tooLarge();
  if (Number.isFinite(declared)) return { ok: true, text: await body.whole() };
  const arriving = body.chunks();
  if (arriving === null) return { ok: true, text: "" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (413) cancels the stream: nothing more is read.
  for await (const chunk of arriving) {
    size += chunk.byteLength;
    if (size > limit) return tooLarge();
    chunks.push(chunk);
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
 * The answer to a route's unexpected error: a generic 500, logged; 503 with Retry-After when the
 * database cannot answer (nothing was run: the key is checked first). An error after the agent
 * hung up (its request body cut off, say) is not Quiver's failure: it is not logged, and the
 * answer goes nowhere.
 */
export function failureAnswer(error: unknown, agentGone: boolean): DoorAnswer {
  if (agentGone) return { status: AGENT_GONE_STATUS };
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(error);
    const refusal = agentError("unavailable", `Quiver cannot reach its database right now; try again in ${DATABASE_RETRY_AFTER_SECONDS} s.`);
    return refusalAnswer(refusal, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  console.error("Runtime API request failed:", error);
  return refusalAnswer(agentError("internal", "Something went wrong on Quiver's side; the error is in the server log."));
}
