import "server-only";

/**
 * Client registrations as oidc-provider is handed them (issue 24): without the `scope` the client
 * asks for. MCP clients — the SDK among them — register with the scopes a protected resource
 * advertises (`persona:SLUG`), which oidc-provider refuses as unknown: its list of scopes is fixed,
 * while a persona's scope exists only per resource (the MCP URL). RFC 7591 §3.2.1 lets a server
 * register other metadata than asked for, and answers with what it registered; Quiver registers
 * the client with no scope restriction, since which persona an app gets is the operator's choice
 * on the consent page, bound into every token's audience.
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";

/** Far above any real client's metadata; a larger registration is refused before it is parsed. */
const MAX_REGISTRATION_BYTES = 64 * 1024;

/** `body` without its top-level `scope` when it is a JSON object that has one; otherwise as it came. */
function dropScope(body: Buffer): Buffer {
  let metadata: unknown;
  try {
    metadata = JSON.parse(body.toString("utf8"));
  } catch {
    return body; // Not JSON: the provider answers it as it answers any bad registration.
  }
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata) || !("scope" in metadata)) return body;
  const { scope: _dropped, ...rest } = metadata as Record<string, unknown>;
  return Buffer.from(JSON.stringify(rest));
}

/**
 * The registration `request` read whole and replayed without the client's `scope`, as a request
 * oidc-provider reads like the original; null when its body is over the cap (nothing is registered).
 */
export async function withoutRequestedScope(request: IncomingMessage): Promise<IncomingMessage | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Read to the end either way, so the connection stays usable for the refusal.
    if (size <= MAX_REGISTRATION_BYTES) chunks.push(chunk);
  }
  if (size > MAX_REGISTRATION_BYTES) return null;
  const body = dropScope(Buffer.concat(chunks));
  const { "transfer-encoding": _chunked, ...headers } = request.headers;
  // What oidc-provider (Koa) reads of a request: its line, headers and socket, and the body as a stream.
  return Object.assign(Readable.from([body]), {
    method: request.method,
    url: request.url,
    httpVersion: request.httpVersion,
    headers: { ...headers, "content-length": String(body.length) },
    socket: request.socket,
  }) as unknown as IncomingMessage;
}
