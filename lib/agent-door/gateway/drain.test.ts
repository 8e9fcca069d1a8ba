import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainable } from "./drain";

let server: Server | null = null;
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets) socket.destroy();
  sockets.length = 0;
  server?.closeAllConnections();
  server = null;
});

async function serve() {
  server = createServer((_request, response) => response.end("answered"));
  const connections = drainable(server);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  /** A raw connection: what an agent's client holds before its request is read. */
  const open = async () => {
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    await new Promise((resolve) => socket.once("connect", resolve));
    let received = "";
    socket.on("data", (chunk) => (received += String(chunk)));
    const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    return { socket, received: () => received, ended };
  };
  const send = (socket: Socket) => socket.write("GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
  await expect.poll(() => new Promise((resolve) => server!.getConnections((_error, count) => resolve(count)))).toBe(0);
  return { connections, open, send };
}

describe("draining the door's server", () => {
  it("answers the calls whose connections the kernel queued while the event loop was busy, instead of resetting them", async () => {
    const { connections, open, send } = await serve();
    const agents = await Promise.all(Array.from({ length: 5 }, () => open()));
    // Five more connect while the event loop is blocked: the kernel completes them, the server cannot accept them yet.
    const queued = Array.from({ length: 5 }, () => {
      const socket = connect((server!.address() as AddressInfo).port, "127.0.0.1");
      sockets.push(socket);
      send(socket);
      let received = "";
      socket.on("data", (chunk) => (received += String(chunk)));
      socket.on("error", () => undefined);
      const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      return { received: () => received, ended };
    });
    for (const agent of agents) send(agent.socket);
    const blockedUntil = Date.now() + 300;
    while (Date.now() < blockedUntil); // the busy event loop, in one synchronous stretch
    const drained = connections.drain(10_000);
    await drained;
    await Promise.all([...agents, ...queued].map((agent) => agent.ended));
    for (const agent of [...agents, ...queued]) expect(agent.received()).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*answered$/);
  });

  it("closes a served keep-alive connection at once, and one that never sends a request after the grace", async () => {
    const { connections, open, send } = await serve();
    const served = await open();
    send(served.socket);
    await expect.poll(() => served.received()).toMatch(/answered$/);
    const silent = await open();
    // A drain timeout far past the test's own: the silent connection may hold the stop back for
    // the grace only (UNUSED_CONNECTION_GRACE_MS), or this test times out.
    await connections.drain(10 * 60_000);
    await Promise.all([served.ended, silent.ended]);
    expect(silent.received()).toBe("");
  });
});
