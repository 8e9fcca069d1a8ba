import "server-only";

/**
 * The agents' door alone on `node:http` (`npm run gateway`, issue 23): the framework-free handler
 * (door-routes.ts) behind `@hono/node-server`'s request listener, for operators who scale agents'
 * traffic apart from the dashboard — any number of gateways on one PostgreSQL behave as one (keys,
 * counters, the call log and the catalog live in the database). Stopping drains: the server stops
 * accepting, requests in flight finish (those still running after {@link DRAIN_TIMEOUT_MS} are cut),
 * and the call log's buffer is written before the process exits, so a restart loses no rows.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { flushCallLog } from "../call-log";
import { handleDoorRequest } from "./door-routes";

/** How long a stop waits for requests in flight (a tool's timeout is at most 120 s; agents retry a cut call). */
export const DRAIN_TIMEOUT_MS = 10_000;

export interface Gateway {
  /** `http://host:port` it listens on. */
  readonly origin: string;
  readonly server: Server;
  /** Stops accepting, lets requests in flight finish, writes the call log; resolves when done. */
  stop(): Promise<void>;
}

/** Listens on `host`:`port` (0 picks a free port) and answers every request with the door. */
export async function startGateway({ host, port }: { host: string; port: number }): Promise<Gateway> {
  // Its own process: Hono's lighter Request and Response may stand in for the global ones.
  const server = createServer(getRequestListener(handleDoorRequest, { overrideGlobalObjects: true }));
  // Agents' calls are small request/response exchanges: send each write at once.
  server.on("connection", (socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  const origin = `http://${address.includes(":") ? `[${address}]` : address}:${bound}`;
  let stopping: Promise<void> | null = null;
  // While stopping, a keep-alive connection is closed as soon as its last answer is sent, not at its idle timeout.
  server.on("request", (_request, response) => {
    response.once("finish", () => {
      if (stopping !== null) setImmediate(() => server.closeIdleConnections());
    });
  });
  const stop = () => {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      await closed;
      clearTimeout(cut);
      await flushCallLog();
    })();
    return stopping;
  };
  return { origin, server, stop };
}
