import "server-only";

/**
 * The MCP server of one persona (SPEC §8, `/api/v1/personas/{slug}/mcp`) on the official SDK v2:
 * one URL answers the 2026-07-28 revision (stateless: `server/discover`, a `_meta` envelope on every
 * request, `Mcp-Method` / `Mcp-Name` headers that must agree with the body, cache hints on lists)
 * and 2025-era clients (`initialize`, then requests), both served statelessly by a fresh server per
 * HTTP request (`createMcpHandler` with `legacy: "stateless"`), so any instance behind a load
 * balancer answers any request and a switch flipped in the dashboard is in the very next
 * `tools/list` (read live). A 2026-07-28 client may also listen (`subscriptions/listen`): it is told
 * when the tool list changed (catalog-change-bus.ts).
 *
 * Before anything runs: the `Host` must be one of Quiver's names and a present `Origin` one of
 * them too (DNS-rebinding protection, 403); then the runtime API's admission — the same key, the
 * same 401/403/404, the same per-key allowance (429) — and only then the SDK.
 *
 * The low-level `Server`, not `McpServer`: a persona's tools are stored JSON Schemas read live on
 * every `tools/list`, not a fixed set of zod-typed registrations.
 */
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  originValidationResponse,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type AuthInfo,
  type McpHttpHandler,
  type McpRequestContext,
  type ServerEventBus,
  type Tool as McpTool,
} from "@modelcontextprotocol/server";
import { annotateSpan } from "../../observability/tracing";
import type { AgentCallAnswer } from "../call";
import { MAX_CALL_BODY_BYTES } from "../http";
import { toCallToolResult } from "./mcp-results";
import { mcpToolPage } from "./mcp-tools";

/** Who is calling (as the runtime API's authentication establishes it). */
export interface McpAgentIdentity {
  readonly keyId: string;
  readonly keyName: string;
  readonly personaSlug: string;
  /** The stored state the admission read (auth.ts), which the tool list is answered from; absent: read it when needed. */
  readonly catalogStamp?: string;
}

/** What the MCP server needs of the agents' door; `mcp-door.ts` binds the real one. */
export interface McpDoor {
  /** The runtime API's admission: the key for this persona (401/403/404), then its rate limit (429). */
  admit(request: Request, personaSlug: string): Promise<{ ok: true; identity: McpAgentIdentity } | { ok: false; response: Response }>;
  /** One more call from the key's allowance (for each `tools/call` after the first in a batched 2025-era request). */
  consumeRateLimit(keyId: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
  /** What the persona lists, live: its effective tools, or in search mode the meta-tools, as `tools/list` entries. */
  listTools(identity: McpAgentIdentity): Promise<readonly McpTool[]>;
  callTool(input: {
    identity: McpAgentIdentity;
    toolName: string;
    arguments: unknown;
    context: unknown;
    channel: "mcp";
    signal?: AbortSignal;
    meta?: Readonly<Record<string, unknown>>;
  }): Promise<AgentCallAnswer>;
  /** The host names (no port) Quiver answers as: requests for any other `Host`, or from any other `Origin`, are refused. */
  readonly allowedHostnames: readonly string[];
  /** Where tool-list changes come from, for 2026-07-28 clients listening on `subscriptions/listen`. */
  readonly changes: ServerEventBus;
}

/** Where a `tools/call` carries the turn context (chat_id, tenant, …): `params._meta["quiver/context"]`. */
export const MCP_CONTEXT_META_KEY = "quiver/context";

/** JSON-RPC's implementation-defined range: the answer to a `tools/call` over the key's allowance. */
export const MCP_RATE_LIMITED = -32029;

/**
 * How long a 2026-07-28 client may reuse a `tools/list` answer (`ttlMs`), and that only it may
 * (`cacheScope: private`: the list is the key's persona's). A switch flipped in the dashboard
 * therefore reaches a caching agent within ten seconds, and a non-caching one at once.
 */
export const TOOLS_LIST_TTL_MS = 10_000;

const SERVER_INSTRUCTIONS =
  "Tools of one Quiver persona. A tools/call result whose structuredContent has halt: true ends the turn: " +
  "show its say text (the first text content) to the user, if there is one, and call nothing more.";

/** Where the admitted identity rides from `handleMcpRequest` to the server factory. */
const IDENTITY_KEY = "quiver/identity";

/** Runs `work`, turning anything but a deliberate protocol error into a generic one (internal messages stay in the log). */
async function guarded<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    console.error(`MCP ${what} failed:`, error);
    throw new ProtocolError(ProtocolErrorCode.InternalError, "The request could not be completed.");
  }
}

/**
 * Admission took one call from the key's allowance for the HTTP request; a 2025-03-26 JSON-RPC
 * batch can carry several `tools/call`s in it (the SDK still serves that revision's batches), and
 * each after the first takes one more, so batching cannot stretch the limit the runtime API
 * enforces. A server instance serves one HTTP request, so its count is that request's.
 */
async function takeBatchedCall(door: McpDoor, identity: McpAgentIdentity, callsSoFar: number): Promise<void> {
  if (callsSoFar === 1) return;
  const limit = await door.consumeRateLimit(identity.keyId);
  if (!limit.ok) {
    throw new ProtocolError(MCP_RATE_LIMITED, `Too many calls with this API key; try again in ${limit.retryAfterSeconds} s.`, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
}

function identityOf(context: McpRequestContext): McpAgentIdentity {
  const identity = context.authInfo?.extra?.[IDENTITY_KEY];
  // handleMcpRequest admits every request it hands to the SDK; a server without an identity is a bug.
  if (!identity) throw new Error("An MCP server was requested for a request that was not admitted.");
  return identity as McpAgentIdentity;
}

function buildServer(door: McpDoor, context: McpRequestContext): Server {
  const identity = identityOf(context);
  let calls = 0;
  const server = new Server(
    { name: "quiver", title: `Quiver persona ${identity.personaSlug}`, version: "2.0.0" },
    {
      // A 2026-07-28 client hears of changes on its `subscriptions/listen` stream; a stateless 2025 server has no stream to send them on.
      capabilities: { tools: { listChanged: context.era === "modern" } },
      instructions: SERVER_INSTRUCTIONS,
      cacheHints: { "tools/list": { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: "private" } },
    },
  );
  server.setRequestHandler("tools/list", (request) =>
    guarded("tools/list", async () => {
      annotateSpan({ "mcp.method.name": "tools/list" });
      return mcpToolPage(await door.listTools(identity), request.params?.cursor);
    }),
  );
  server.setRequestHandler("tools/call", (request, call) =>
    guarded("tools/call", async () => {
      annotateSpan({ "mcp.method.name": "tools/call" });
      await takeBatchedCall(door, identity, ++calls);
      const answer = await door.callTool({
        identity,
        toolName: request.params.name,
        arguments: request.params.arguments ?? {},
        context: request.params._meta?.[MCP_CONTEXT_META_KEY],
        channel: "mcp",
        // SEP-414: the caller's trace context, if it sent one.
        meta: request.params._meta,
        // The HTTP client going away or an MCP cancellation: either stops the upstream call.
        signal: AbortSignal.any([call.mcpReq.signal, ...(context.requestInfo ? [context.requestInfo.signal] : [])]),
      });
      return toCallToolResult(answer);
    }),
  );
  return server;
}

/** One SDK handler per door: it holds no per-request state, only the factory. */
const handlers = new WeakMap<McpDoor, McpHttpHandler>();

function handlerFor(door: McpDoor): McpHttpHandler {
  let handler = handlers.get(door);
  if (!handler) {
    handler = createMcpHandler((context) => buildServer(door, context), {
      legacy: "stateless",
      // The default response mode ("auto") answers with one JSON body: the tools emit nothing before their result.
      // The runtime API's cap (the SDK's own default is 4 MiB): the same body is as welcome on either door.
      maxRequestBodySize: MAX_CALL_BODY_BYTES,
      onerror: (error) => console.error("MCP request refused or failed:", error.message),
      bus: door.changes,
    });
    handlers.set(door, handler);
  }
  return handler;
}

/** The caller's identity as the SDK carries validated authentication: pass-through, never read from headers by it. */
const authInfoOf = (identity: McpAgentIdentity): AuthInfo => ({ token: "", clientId: identity.keyId, scopes: [], extra: { [IDENTITY_KEY]: identity } });

/**
 * Answers one HTTP request to a persona's MCP endpoint: 403 for a foreign `Host` or `Origin`, then
 * (for a POST) the runtime API's admission, then the SDK's answer — which is also what GET and
 * DELETE get (405: there is no session and no server-to-client stream to open).
 */
export async function handleMcpRequest(request: Request, personaSlug: string, door: McpDoor): Promise<Response> {
  const hostnames = [...door.allowedHostnames];
  const foreign = hostHeaderValidationResponse(request, hostnames) ?? originValidationResponse(request, hostnames);
  if (foreign) return foreign;
  if (request.method !== "POST") return handlerFor(door).fetch(request);
  const admitted = await door.admit(request, personaSlug);
  if (!admitted.ok) return admitted.response;
  return handlerFor(door).fetch(request, { authInfo: authInfoOf(admitted.identity) });
}
