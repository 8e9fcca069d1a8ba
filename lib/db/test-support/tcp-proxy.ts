/**
 * A TCP relay on loopback in front of a database server, for fault tests: `cut()` drops every
 * connection through it and refuses new ones — what clients see while the server restarts — and
 * `restore()` listens again on the same port. Only ever relays to a loopback address.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface TcpProxy {
  readonly port: number;
  /** Connections relayed so far. */
  readonly connections: () => number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let relayed = 0;
  const relay = (client: Socket) => {
    relayed++;
    const server = connect(targetPort, targetHost);
    for (const [from, to] of [[client, server], [server, client]] as const) {
      open.add(from);
      from.on("error", () => to.destroy());
      from.on("close", () => {
        open.delete(from);
        to.destroy();
      });
      from.pipe(to);
    }
  };
  const listen = (server: Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    });

  let server = createServer(relay);
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;
  let listening = true;
  return {
    port,
    connections: () => relayed,
    async cut() {
      if (!listening) return;
      listening = false;
      await stop(server);
    },
    async restore() {
      if (listening) return;
      server = createServer(relay);
      await listen(server, port);
      listening = true;
    },
    async close() {
      if (listening) await stop(server);
      listening = false;
    },
  };
}
