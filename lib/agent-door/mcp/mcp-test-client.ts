/**
 * Test support: the SDKs' real MCP clients with their Streamable HTTP transports, their fetch
 * wired straight to a request handler (no network, but the `Host` header a network request
 * carries), so tests speak the protocol exactly as a client does — in each revision:
 *
 * - `2026-07-28`: the SDK v2 `Client` pinned to the stateless revision (`server/discover`, the
 *   per-request `_meta` envelope and routing headers);
 * - `2025-11-25`: the SDK v2 `Client` in its default mode (the `initialize` handshake);
 * - `v1`: the SDK v1 `Client`, an older client that knows only the 2025 revisions.
 */
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export const MCP_TEST_URL = "http://quiver.test/api/v1/personas/support/mcp";
export const MCP_TEST_HOSTNAME = "quiver.test";

/** The clients every MCP test runs with (see the module comment). */
export const MCP_CLIENTS = ["2026-07-28", "2025-11-25", "v1"] as const;
export type McpClientKind = (typeof MCP_CLIENTS)[number];

/** What the tests use of a client; both SDKs' clients have it. */
export interface McpTestClient {
  listTools(params?: { cursor?: string }, options?: { cacheMode?: "use" | "refresh" | "bypass" }): Promise<{ tools: { name: string; [key: string]: unknown }[]; nextCursor?: string; [key: string]: unknown }>;
  callTool(params: { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> }): Promise<{ content?: unknown; structuredContent?: unknown; isError?: boolean; [key: string]: unknown }>;
  getServerCapabilities(): { tools?: unknown } | undefined;
  getInstructions(): string | undefined;
  close(): Promise<void>;
}

/** Connected clients of the running test file, to close after each test. */
const open: McpTestClient[] = [];

/** `request` as it arrives over the network: with the `Host` header of its URL. */
function asReceived(url: string | URL, init?: RequestInit): Request {
  const request = new Request(url, init);
  if (!request.headers.has("host")) request.headers.set("host", new URL(request.url).host);
  return request;
}

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A client of `kind` connected (discovery or initialize done) to `url` through `fetch`, with `authorization` on every request. */
export async function connectMcpClientAt(url: URL, fetch: Fetch, authorization: string, kind: McpClientKind): Promise<McpTestClient> {
  const options = { fetch, requestInit: { headers: { authorization } } };
  const info = { name: "quiver-test", version: "1.0.0" };
  let client: McpTestClient;
  if (kind === "v1") {
    const v1 = new ClientV1(info);
    await v1.connect(new StreamableHTTPClientTransportV1(url, options));
    client = v1 as unknown as McpTestClient;
  } else {
    const v2 = new Client(info, kind === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {});
    await v2.connect(new StreamableHTTPClientTransport(url, options));
    client = v2 as unknown as McpTestClient;
  }
  open.push(client);
  return client;
}

/** A client of `kind` connected through `handle` (a request handler, no network) with `authorization` on every request. */
export function connectMcpClient(handle: (request: Request) => Promise<Response>, authorization: string, kind: McpClientKind): Promise<McpTestClient> {
  return connectMcpClientAt(new URL(MCP_TEST_URL), (url, init) => handle(asReceived(url, init)), authorization, kind);
}

/**
 * Opens `subscriptions/listen` for tool-list changes on a client connected as `2026-07-28` (an SDK
 * v2 client); `changed` settles at the first `notifications/tools/list_changed`.
 */
export async function listenForToolChanges(connected: McpTestClient) {
  const client = connected as unknown as Client;
  const changed = new Promise<void>((settle) => client.setNotificationHandler("notifications/tools/list_changed", () => settle()));
  const subscription = await client.listen({ toolsListChanged: true });
  return { changed, subscription };
}

/** Closes every client {@link connectMcpClientAt} opened (call it in afterEach). */
export async function closeMcpClients(): Promise<void> {
  await Promise.all(open.splice(0).map((client) => client.close()));
}

/** A JSON-RPC POST as a 2025-era MCP client sends it, for tests that look at the HTTP answer itself. */
export function mcpPost(body: unknown, authorization: string, { signal, headers = {} }: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Request {
  return asReceived(MCP_TEST_URL, {
    method: "POST",
    headers: { authorization, "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal,
  });
}
