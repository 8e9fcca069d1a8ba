import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createDb } from "./client";
import { databaseTargets, useTestDatabase } from "./test-support/databases";
import { databaseFailureReason, isDatabaseUnavailable } from "./unavailable";

describe("isDatabaseUnavailable", () => {
  const adapterError = (cause: Record<string, unknown>) => Object.assign(new Error("DriverAdapterError"), { name: "DriverAdapterError", cause });

  it.each([
    { shape: "Prisma's can't-reach code", error: Object.assign(new Error("Can't reach database server"), { code: "P1001" }) },
    { shape: "Prisma's pool timeout", error: Object.assign(new Error("Timed out fetching a new connection"), { code: "P2024" }) },
    { shape: "a raw query's error with the adapter's kind in meta", error: Object.assign(new Error("Raw query failed"), { code: "P2010", meta: { driverAdapterError: adapterError({ kind: "DatabaseNotReachable" }) } }) },
    { shape: "the adapter's closed connection", error: adapterError({ kind: "ConnectionClosed" }) },
    { shape: "too many connections", error: adapterError({ kind: "TooManyConnections", cause: "sorry" }) },
    { shape: "a server shutting down (57P01)", error: adapterError({ kind: "postgres", code: "57P01", originalCode: "57P01" }) },
    { shape: "a server starting up (57P03)", error: adapterError({ kind: "postgres", originalCode: "57P03" }) },
    { shape: "a connection exception (08006)", error: Object.assign(new Error("connection failure"), { code: "08006" }) },
    { shape: "pg's connection ended under a query", error: new Error("Connection terminated unexpectedly") },
    { shape: "pg's connect timeout", error: new Error("timeout exceeded when trying to connect") },
    { shape: "a refused socket deep in the cause chain", error: new Error("outer", { cause: new Error("middle", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }) }) },
    { shape: "SQLite locked past its busy timeout", error: Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }) },
  ])("true for $shape", ({ error }) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    { shape: "a unique violation", error: Object.assign(new Error("Unique constraint failed"), { code: "P2002" }) },
    { shape: "a serialization failure", error: adapterError({ kind: "TransactionWriteConflict" }) },
    { shape: "a syntax error", error: adapterError({ kind: "postgres", code: "42601", originalCode: "42601" }) },
    { shape: "a plain error", error: new Error("Connection refused by the upstream API") },
    { shape: "not an error", error: "ECONNREFUSED" },
    { shape: "nothing", error: undefined },
  ])("false for $shape", ({ error }) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("stops at a cause chain that loops", () => {
    const looping: Error & { cause?: unknown } = new Error("a");
    looping.cause = looping;
    expect(isDatabaseUnavailable(looping)).toBe(false);
  });
});

describe("databaseFailureReason", () => {
  it("keeps the last line of Prisma's message: what the database said", () => {
    expect(databaseFailureReason(new Error("\nInvalid `prisma.$executeRaw()` invocation:\n\n\nRaw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:5432`"))).toBe("Raw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:5432`");
    expect(databaseFailureReason(new Error("Connection terminated unexpectedly"))).toBe("Connection terminated unexpectedly");
    expect(databaseFailureReason("plain")).toBe("plain");
  });
});

const postgres = (await databaseTargets()).filter((target) => target.name === "postgresql");

describe.each(postgres)("isDatabaseUnavailable with a real $name client", (target) => {
  const db = useTestDatabase(target);

  /** A loopback port that was just free: nothing listens there. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it("is true for a query to a server that does not answer, and false for a query the database refused", async () => {
    const unreachable = new URL(target.url);
    unreachable.port = String(await closedPort());
    const client = createDb(unreachable.toString());
    const refused = await client.persona.count().catch((error: unknown) => error);
    await client.$disconnect();
    expect(isDatabaseUnavailable(refused)).toBe(true);

    await db().persona.create({ data: { slug: "taken", name: "Taken" } });
    const duplicate = await db().persona.create({ data: { slug: "taken", name: "Again" } }).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
  });

  it("fails a query to a server that accepts connections and never answers, once the connect timeout is over", async () => {
    const accepted: Socket[] = [];
    const silent = createServer((socket) => void accepted.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const unanswering = new URL(target.url);
    unanswering.port = String((silent.address() as AddressInfo).port);
    const client = createDb(unanswering.toString());
    const failure = await client.persona.count().catch((error: unknown) => error);
    await client.$disconnect();
    for (const socket of accepted) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
