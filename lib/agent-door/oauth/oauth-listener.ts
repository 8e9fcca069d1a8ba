import "server-only";

/**
 * The OAuth side of the agents' door on node:http (issue 24): each persona's protected-resource
 * metadata (RFC 9728), answered here, and everything else under the OAuth paths — the
 * authorization server's metadata (RFC 8414, with `iss` per RFC 9207 in its responses) and its
 * endpoints — handed to oidc-provider, which is a node:http (Koa) application itself; client
 * registrations only while the caller's address has some left (registration-limit.ts), and an
 * authorization request without a scope given its resources' (default-scope.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddress, trustedProxiesFromEnv } from "../../security/client-address";
import { nonPageSecurityHeaders } from "../../security/headers.js";
import { databaseFailureReason } from "../../db/unavailable";
import { withDefaultScope } from "./default-scope";
import { pruneExpiredOauthRecords } from "./oauth-records";
import { mcpResourceUrl, personaOfMcpPath, PROTECTED_RESOURCE_METADATA_PREFIX, REGISTRATION_PATH } from "./oauth-urls";
import { oauthServerFromEnv, personaScope, type OauthServer } from "./provider";
import { consumeRegistration } from "./registration-limit";
import { withoutRequestedScope } from "./registration-scope";

/** Expired codes, tokens and interactions are deleted at most this often per process, on OAuth traffic (which is what creates them). */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
let lastPrune = 0;

function pruneNowAndThen(): void {
  if (Date.now() - lastPrune < PRUNE_INTERVAL_MS) return;
  lastPrune = Date.now();
  pruneExpiredOauthRecords().catch((error: unknown) => console.error("Could not prune expired OAuth records:", error));
}

/** Persona `slug`'s protected-resource metadata: its MCP URL, who issues its tokens, the scope they carry. */
function protectedResourceMetadata(origin: string, slug: string) {
  return {
    resource: mcpResourceUrl(origin, slug),
    authorization_servers: [origin],
    scopes_supported: [personaScope(slug)],
    bearer_methods_supported: ["header"],
    resource_name: `Quiver persona ${slug} (MCP)`,
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers });
  response.end(JSON.stringify(body));
}

/**
 * The metadata of the resource whose path follows the well-known prefix. Any well-formed persona
 * slug gets its document, existing or not: the metadata holds nothing secret, and a 404 for
 * unknown ones would let anyone probe persona names (the MCP endpoint itself answers 401 first too).
 */
function serveProtectedResourceMetadata(request: IncomingMessage, response: ServerResponse, pathname: string, origin: string): void {
  if (request.method !== "GET" && request.method !== "HEAD") {
    sendJson(response, 405, { error: "method_not_allowed", error_description: "This path answers GET only." }, { Allow: "GET" });
    return;
  }
  const slug = personaOfMcpPath(pathname.slice(PROTECTED_RESOURCE_METADATA_PREFIX.length));
  if (slug === null) {
    sendJson(response, 404, { error: "not_found", error_description: "No protected resource is published here; each persona's MCP URL has its own metadata." });
    return;
  }
  // Public metadata, read by browser-based clients too.
  sendJson(response, 200, protectedResourceMetadata(origin, slug), { "Access-Control-Allow-Origin": "*" });
}

/**
 * Answers a request under an OAuth path (see `isOauthPath`), with the security headers the door's
 * other answers carry; the issuer is `NEXTAUTH_URL`'s origin.
 */
export function handleOauthRequest(request: IncomingMessage, response: ServerResponse): void {
  const server = oauthServerFromEnv();
  const origin = server.issuer;
  for (const { key, value } of nonPageSecurityHeaders([request.headers["x-forwarded-proto"]].flat()[0])) response.setHeader(key, value);
  const pathname = (request.url ?? "/").split("?")[0] as string;
  if (pathname === PROTECTED_RESOURCE_METADATA_PREFIX || pathname.startsWith(`${PROTECTED_RESOURCE_METADATA_PREFIX}/`)) {
    serveProtectedResourceMetadata(request, response, pathname, origin);
    return;
  }
  const address = asSeenByOperators(request, origin);
  request.url = withDefaultScope(request.method, request.url ?? "/", origin);
  if (request.method === "POST" && pathname === REGISTRATION_PATH) void registerWithinLimit(request, response, address, server.listener);
  else void server.listener(request, response);
  pruneNowAndThen();
}

/** Hands a registration to the provider, without the scope it asks for (registration-scope.ts), while `address` has registrations left this hour; else 429 with Retry-After. */
async function registerWithinLimit(request: IncomingMessage, response: ServerResponse, address: string, register: OauthServer["listener"]): Promise<void> {
  let allowed: Awaited<ReturnType<typeof consumeRegistration>>;
  try {
    allowed = await consumeRegistration(address);
  } catch (error) {
    console.error(`Could not count a client registration (${databaseFailureReason(error)}).`);
    sendJson(response, 503, { error: "temporarily_unavailable", error_description: "Registration is unavailable for a moment; try again shortly." }, { "Retry-After": "5" });
    return;
  }
  if (!allowed.ok) {
    const description = `Too many client registrations from this address; try again in ${allowed.retryAfterSeconds} s.`;
    sendJson(response, 429, { error: "too_many_requests", error_description: description }, { "Retry-After": String(allowed.retryAfterSeconds) });
    return;
  }
  const replay = await withoutRequestedScope(request);
  if (replay === null) {
    sendJson(response, 413, { error: "invalid_client_metadata", error_description: "The registration is too large." });
    return;
  }
  await register(replay, response);
}

/**
 * Tells oidc-provider (a Koa app trusting `X-Forwarded-*`, see provider.ts) what a request really
 * was, whatever headers a client wrote: its scheme is the issuer's — behind a TLS-offloading proxy
 * an `https` issuer still gets Secure cookies —, its host the `Host` it came with, and its client
 * address the one `QUIVER_TRUSTED_PROXIES` lets Quiver believe. Returns that address.
 */
function asSeenByOperators(request: IncomingMessage, origin: string): string {
  const forwardedFor = [request.headers["x-forwarded-for"] ?? []].flat().join(", ");
  const address = clientAddress(request.socket.remoteAddress, forwardedFor, trustedProxiesFromEnv(process.env));
  request.headers["x-forwarded-for"] = address;
  request.headers["x-forwarded-proto"] = new URL(origin).protocol.slice(0, -1);
  delete request.headers["x-forwarded-host"];
  return address;
}
