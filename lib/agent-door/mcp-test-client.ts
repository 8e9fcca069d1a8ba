/**
 * Test support: the SDK's real MCP `Client` with its Streamable HTTP transport, its fetch wired
 * straight to a request handler (no network), so tests speak the protocol exactly as a client does.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export const MCP_TEST_URL = "http://quiver.test/api/v1/personas/support/mcp";

/** Connected clients of the running test file, to close after each test. */
const open: Client[] = [];

/** A client connected (initialize done) through `handle` with `authorization` on every request. */
export async function connectMcpClient(handle: (request: Request) => Promise<Response>, authorization: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(MCP_TEST_URL), {
    fetch: (url, init) => handle(new Request(url, init)),
    requestInit: { headers: { authorization } },
  });
  const client = new Client({ name: "quiver-test", version: "1.0.0" });
  open.push(client);
  await client.connect(transport);
  return client;
}

/** Closes every client {@link connectMcpClient} opened (call it in afterEach). */
export async function closeMcpClients(): Promise<void> {
  await Promise.all(open.splice(0).map((client) => client.close()));
}

/** A JSON-RPC POST as an MCP client sends it, for tests that look at the HTTP answer itself. */
export function mcpPost(body: unknown, authorization: string, signal?: AbortSignal): Request {
  return new Request(MCP_TEST_URL, {
    method: "POST",
    headers: { authorization, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal,
  });
}
