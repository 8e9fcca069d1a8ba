import "server-only";

/**
 * The agents' door on `node:http` (issue 23): the framework-free handler (door-routes.ts) behind
 * `@hono/node-server`'s request listener — tool calls, agents' hot path, without the Web objects
 * (node-call-route.ts) — either
 * - alone (`npm run gateway`), for operators who scale agents' traffic apart from the dashboard —
 *   any number of gateways on one PostgreSQL behave as one (keys, counters, the call log and the
 *   catalog live in the database); or
 * - in front of the dashboard (`npm start`, scripts/server.ts): `/api/v1` goes to the door and
 *   every other request to `otherwise` — Next.js's request handler — on one port.
 * Stopping drains (drain.ts): the server stops accepting — once connections just accepted have
 * started their requests — requests in flight finish (those still running after
 * {@link DRAIN_TIMEOUT_MS} are cut), and the call log's buffer is written before it resolves, so a
 * restart loses no call and no row.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { nonPageSecurityHeaders } from "../../security/headers.js";
import { clientAddress, CLIENT_ADDRESS_HEADER, trustedProxiesFromEnv } from "../../security/client-address";
import { flushCallLog } from "../call-log";
import { flushTraces } from "../../observability/tracing-setup";
import { DOOR_PATH_PREFIX, handleDoorRequest } from "./door-routes";
import { answeredAsToolCall } from "./node-call-route";
import { drainable } from "./drain";
import { handleOauthRequest } from "../oauth/oauth-listener";
import { isOauthPath } from "../oauth/oauth-urls";

/** How long a stop waits for requests in flight (a tool's timeout is at most 120 s; agents retry a cut call). */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * How long an idle connection stays open for its client's next request, announced in every
 * answer's `Keep-Alive: timeout=…`. Node's default (5 s) closes connections agents and load
 * balancers still count as open: a request sent on one as it closes fails ("socket hang up",
 * "fetch failed") — common when an agent pauses a few seconds between calls. Longer than the
 * usual load-balancer idle timeout (60 s), so the balancer, not Quiver, closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface Gateway {
  /** `http://host:port` it listens on. */
  readonly origin: string;
  readonly server: Server;
  /** Stops accepting, lets requests in flight finish, writes the call log; resolves when done. */
  stop(): Promise<void>;
}

export interface DoorServerOptions {
  /** Where to listen; no host listens on every interface (as `next start` does). Port 0 picks a free one. */
  readonly host?: string;
  readonly port: number;
  /** What answers every request outside {@link DOOR_PATH_PREFIX} (Next.js's handler); without it the door answers all, with 404s. */
  readonly otherwise?: RequestListener;
}

/** Headers as node's raw list: name, value, name, value… */
const rawHeaderList = (headers: readonly { key: string; value: string }[]): readonly string[] => headers.flatMap(({ key, value }) => [key, value]);

/** Whether a request target (`/api/v1/…?…`) is the door's. */
export function isDoorPath(target: string | undefined): boolean {
  if (target === undefined || !target.startsWith(DOOR_PATH_PREFIX)) return false;
  const next = target.charAt(DOOR_PATH_PREFIX.length);
  return next === "" || next === "/" || next === "?";
}

/** Listens on `host`:`port` and answers the door's paths with the door, the others with `otherwise`. */
export async function startGateway({ host, port, otherwise }: DoorServerOptions): Promise<Gateway> {
  // Alone in its process, Hono's lighter Request and Response may stand in for the global ones;
  // beside Next.js they are left alone.
  const answer = getRequestListener(handleDoorRequest, { overrideGlobalObjects: otherwise === undefined });
  // The security headers Next.js's configuration gives a non-page response, set on the socket's
  // response (a tool call's with its answer; any other before the handler answers, its own headers
  // joining them): cheaper than on a Response.
  const securityHeaders = { plain: rawHeaderList(nonPageSecurityHeaders(undefined)), https: rawHeaderList(nonPageSecurityHeaders("https")) };
  const door: RequestListener = (request, response) => {
    const security = request.headers["x-forwarded-proto"] === "https" ? securityHeaders.https : securityHeaders.plain;
    if (answeredAsToolCall(request, response, security)) return;
    for (let at = 0; at < security.length; at += 2) response.setHeader(security[at]!, security[at + 1]!);
    return answer(request, response);
  };
  const trusted = trustedProxiesFromEnv(process.env);
  const server = createServer(
    otherwise === undefined
      ? (request, response) => (isOauthPath(request.url) ? handleOauthRequest(request, response) : door(request, response))
      : (request, response) => {
          if (isDoorPath(request.url)) return door(request, response);
          if (isOauthPath(request.url)) return handleOauthRequest(request, response);
          // The dashboard learns who is calling from this header alone, set here from the socket and the trusted proxies (QUIVER_TRUSTED_PROXIES).
          request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request.socket.remoteAddress, [request.headers["x-forwarded-for"] ?? []].flat().join(", "), trusted);
          return otherwise(request, response);
        },
  );
  // Agents' calls are small request/response exchanges: send each write at once.
  server.on("connection", (socket) => socket.setNoDelay(true));
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // A request's headers may take as long as ever on a connection kept open this long.
  server.headersTimeout = Math.max(server.headersTimeout, KEEP_ALIVE_TIMEOUT_MS + 1_000);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (host === undefined) server.listen(port, () => resolve());
    else server.listen(port, host, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  const shown = address === "::" || address === "0.0.0.0" ? "localhost" : address;
  const origin = `http://${shown.includes(":") ? `[${shown}]` : shown}:${bound}`;
  const connections = drainable(server);
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await connections.drain(DRAIN_TIMEOUT_MS);
      await flushCallLog();
      await flushTraces().catch((error: unknown) => console.error("Could not send the last traces:", error));
    })();
    return stopping;
  };
  return { origin, server, stop };
}
