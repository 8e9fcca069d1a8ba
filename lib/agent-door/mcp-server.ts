import "server-only";

/**
 * The MCP server of one persona (SPEC §8, `/api/v1/personas/{slug}/mcp`): the official SDK's
 * `Server` behind its web-standard Streamable HTTP transport, authenticated and rate-limited
 * exactly like the runtime API, serving `tools/list` and `tools/call` through the agents' door.
 *
 * Stateless by design: every HTTP request gets a fresh server and transport, nothing is kept
 * between requests, so any instance behind a load balancer can answer any request and a switch
 * flipped in the dashboard is in the very next `tools/list` (read live from the database). The
 * price is that there is no session to push `notifications/tools/list_changed` to: the server
 * announces `tools.listChanged: false`, answers GET (the server-to-client stream) and DELETE
 * (session end) with 405, and clients re-list when they need to. Responses are plain JSON, not
 * SSE streams: a stateless request has nothing to stream but its own answer.
 *
 * The low-level `Server`, not `McpServer`: the SDK marks `Server` for advanced use, and this is
 * one — `McpServer.registerTool` takes zod schemas and a fixed tool set, while a persona's tools
 * are stored JSON Schemas read live on every `tools/list`.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Tool } from "../tools";
import type { AgentCallAnswer } from "./call";
import { MAX_CALL_BODY_BYTES } from "./http";
import { toCallToolResult } from "./mcp-results";
import { mcpToolList } from "./mcp-tools";

/** Who is calling (as the runtime API's authentication establishes it). */
export interface McpAgentIdentity {
  readonly keyId: string;
  readonly keyName: string;
  readonly personaSlug: string;
}

/** What the MCP server needs of the agents' door; `mcp-door.ts` binds the real one. */
export interface McpDoor {
  /** The runtime API's admission: the key for this persona (401/403/404), then its rate limit (429). */
  admit(request: Request, personaSlug: string): Promise<{ ok: true; identity: McpAgentIdentity } | { ok: false; response: Response }>;
  /** One more call from the key's allowance (for each `tools/call` after the first in a batched request). */
  consumeRateLimit(keyId: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
  /** The persona's effective tools, live. */
  listTools(personaSlug: string): Promise<readonly Tool[]>;
  callTool(input: {
    identity: McpAgentIdentity;
    toolName: string;
    arguments: unknown;
    context: unknown;
    channel: "mcp";
    signal?: AbortSignal;
  }): Promise<AgentCallAnswer>;
}

/** Where a `tools/call` carries the turn context (chat_id, tenant, …): `params._meta["quiver/context"]`. */
export const MCP_CONTEXT_META_KEY = "quiver/context";

/** JSON-RPC's implementation-defined range: the answer to a `tools/call` over the key's allowance. */
export const MCP_RATE_LIMITED = -32029;

const SERVER_INSTRUCTIONS =
  "Tools of one Quiver persona. A tools/call result whose structuredContent has halt: true ends the turn: " +
  "show its say text (the first text content) to the user, if there is one, and call nothing more.";

/** Runs `work`, turning anything but a deliberate MCP error into a generic one (internal messages stay in the log). */
async function guarded<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof McpError) throw error;
    console.error(`MCP ${what} failed:`, error);
    throw new McpError(ErrorCode.InternalError, "The request could not be completed.");
  }
}

/**
 * Admission took one call from the key's allowance for the HTTP request; a JSON-RPC batch can
 * carry several `tools/call`s in it, and each after the first takes one more, so batching cannot
 * stretch the limit the runtime API enforces.
 */
async function takeBatchedCall(door: McpDoor, identity: McpAgentIdentity, callsSoFar: number): Promise<void> {
  if (callsSoFar === 1) return;
  const limit = await door.consumeRateLimit(identity.keyId);
  if (!limit.ok) {
    throw new McpError(MCP_RATE_LIMITED, `Too many calls with this API key; try again in ${limit.retryAfterSeconds} s.`, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
}

function buildServer(door: McpDoor, identity: McpAgentIdentity, httpSignal: AbortSignal): Server {
  let calls = 0;
  const server = new Server(
    { name: "quiver", title: `Quiver persona ${identity.personaSlug}`, version: "1.0.0" },
    { capabilities: { tools: { listChanged: false } }, instructions: SERVER_INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () =>
    guarded("tools/list", async () => {
      return { tools: mcpToolList(await door.listTools(identity.personaSlug)) };
    }),
  );
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    guarded("tools/call", async () => {
      await takeBatchedCall(door, identity, ++calls);
      const answer = await door.callTool({
        identity,
        toolName: request.params.name,
        arguments: request.params.arguments ?? {},
        context: request.params._meta?.[MCP_CONTEXT_META_KEY],
        channel: "mcp",
        // The HTTP client going away or an MCP cancellation: either stops the upstream call.
        signal: AbortSignal.any([httpSignal, extra.signal]),
      });
      return toCallToolResult(answer);
    }),
  );
  return server;
}

/**
 * Answers one HTTP request to a persona's MCP endpoint: 405 for GET and DELETE (stateless: no
 * stream, no session), then the runtime API's admission — its 401/403/404 and 429 answers, in its
 * error shape, with the same per-key allowance — then the SDK transport's answer.
 */
export async function handleMcpRequest(request: Request, personaSlug: string, door: McpDoor): Promise<Response> {
  if (request.method !== "POST") {
    // The JSON-RPC error the SDK's own transport answers an unsupported method with.
    return Response.json(
      { jsonrpc: "2.0", error: { code: ErrorCode.ConnectionClosed, message: "Method not allowed: this MCP server is stateless; send JSON-RPC with POST." }, id: null },
      { status: 405, headers: { allow: "POST" } },
    );
  }
  const admitted = await door.admit(request, personaSlug);
  if (!admitted.ok) return admitted.response;
  const server = buildServer(door, admitted.identity, request.signal);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    // The runtime API's cap (the SDK's own default is 4 MiB): the same body is as welcome on either door.
    maxRequestBodySize: MAX_CALL_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // JSON mode: the answer is complete once handleRequest resolves, so nothing outlives the request.
    await server.close();
  }
}
