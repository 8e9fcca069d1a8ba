import "server-only";

/**
 * Stopping an HTTP server without cutting a call an agent has already sent (issue 25). Closing
 * the listening socket makes the kernel reset every connection it has completed but the server
 * has not accepted yet — a gateway told to stop while its event loop is busy (a cold start, a
 * burst) would reset those calls — and Node never closes a connection that is open but has not
 * sent a request, so one such connection would hold a stop until its timeout. A drain therefore
 * first lets the event loop accept and read what is waiting, giving connections without a request
 * up to {@link UNUSED_CONNECTION_GRACE_MS} to send one, then closes the server and those that
 * still sent nothing; requests in flight finish and their connections close as their last answer
 * is sent; whatever still runs after the timeout is cut.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

/** How long a stop waits for a just-accepted connection to start its request. */
export const UNUSED_CONNECTION_GRACE_MS = 1_000;
const GRACE_CHECK_MS = 10;

export interface Drainable {
  /** Stops accepting once no fresh connection waits, lets requests in flight finish, cuts the rest after `timeoutMs`. */
  drain(timeoutMs: number): Promise<void>;
}

export function drainable(server: Server): Drainable {
  const unused = new Set<Socket>();
  let draining = false;
  server.on("connection", (socket: Socket) => {
    unused.add(socket);
    socket.once("close", () => unused.delete(socket));
  });
  server.on("request", (request, response) => {
    unused.delete(request.socket);
    // While draining, a keep-alive connection closes as soon as its answer is sent, not at its idle timeout.
    response.once("close", () => {
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    async drain(timeoutMs) {
      draining = true;
      // At least one turn of the event loop, so what the kernel has queued is accepted and read.
      let waited = 0;
      do {
        await new Promise((resolve) => setTimeout(resolve, GRACE_CHECK_MS));
        waited += GRACE_CHECK_MS;
      } while (unused.size > 0 && waited < UNUSED_CONNECTION_GRACE_MS);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of unused) socket.destroy();
      const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearTimeout(cut);
    },
  };
}
