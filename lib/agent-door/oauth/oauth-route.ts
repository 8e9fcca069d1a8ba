import "server-only";

/**
 * The OAuth paths under `next dev` (issue 24). `npm start` and `npm run gateway` hand `/oauth/…` and
 * the well-known documents to {@link handleOauthRequest} on their own node:http server, before
 * Next.js; `next dev` has no such server, only route handlers, which see a Fetch `Request`.
 * oidc-provider is a Koa application that needs node:http's request and response (its cookies,
 * redirects and body parsing read and write them), so a route hands the request to the same
 * listener on a loopback node:http server of the process's own, started on first use, and
 * answers with what it sent: the one implementation serves all three ways of running.
 *
 * The client address the listener sees (for the registration limit) is the loopback's, unless
 * `QUIVER_TRUSTED_PROXIES` admits it and Next.js passed an `X-Forwarded-For` along: a route
 * handler is never told the browser's address.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleOauthRequest } from "./oauth-listener";
import { isOauthPath } from "./oauth-urls";

/** Kept on globalThis: `next dev` reloads modules on every edit, and each reload would otherwise start another listener. */
const globalForOauth = globalThis as typeof globalThis & { quiverOauthLoopback?: Promise<Server> };

function loopbackServer(): Promise<Server> {
  globalForOauth.quiverOauthLoopback ??= new Promise((resolve, reject) => {
    const server = createServer(handleOauthRequest);
    server.once("error", reject);
    // Never keeps the process alive on its own: `next dev`'s server does.
    server.listen(0, "127.0.0.1", () => resolve(server.unref()));
  });
  return globalForOauth.quiverOauthLoopback;
}

/** What described the loopback connection, not the answer: Next.js frames the answer for the browser itself. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

/** node:http's response headers as Fetch headers, every `Set-Cookie` kept apart. */
function fetchHeaders(headers: IncomingHttpHeaders): Headers {
  const answer = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name)) continue;
    for (const item of [value ?? []].flat()) answer.append(name, item);
  }
  return answer;
}

/**
 * Answers `request` as the OAuth listener answers it on node:http; `target` is the path and query
 * the listener is to see (a rewritten well-known document's route knows its original path only
 * from its parameters). A target outside the OAuth paths is 404.
 */
export async function handleOauthRouteRequest(request: Request, target: string): Promise<Response> {
  if (!isOauthPath(target)) return new Response(null, { status: 404 });
  const { port } = (await loopbackServer()).address() as AddressInfo;
  // Bodies here are registrations (capped at 64 KiB by the listener), token and revocation forms: small, read whole.
  const body = Buffer.from(await request.arrayBuffer());
  // The provider writes its endpoints' addresses from `Host`, which a Fetch request may leave to its URL.
  const host = request.headers.get("host") ?? new URL(request.url).host;
  const headers: Record<string, string> = { ...Object.fromEntries(request.headers), host, "content-length": String(body.length) };
  delete headers["transfer-encoding"];
  delete headers.connection;
  return new Promise((resolve, reject) => {
    const forwarded = httpRequest({ host: "127.0.0.1", port, method: request.method, path: target, headers }, async (answer) => {
      const chunks: Buffer[] = [];
      for await (const chunk of answer as AsyncIterable<Buffer>) chunks.push(chunk);
      const status = answer.statusCode ?? 502;
      const empty = request.method === "HEAD" || status === 204 || status === 304;
      resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: fetchHeaders(answer.headers) }));
    });
    forwarded.on("error", reject);
    forwarded.end(body);
  });
}
