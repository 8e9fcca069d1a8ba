/**
 * Fault test (issue 25): PostgreSQL goes away while agents call the gateway at a steady pace, and
 * comes back. The gateway reaches the database through a loopback TCP relay that drops every
 * connection and refuses new ones — what a client sees while the server restarts (bench/faults.ts
 * restarts a real PostgreSQL server). Calls during the outage fail fast with 503 and Retry-After,
 * never a hang or a 500; the gateway recovers by itself once the database is back; and every call
 * that completed has its call-log row, including those whose batch was due during the outage.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { saveTool } from "../../catalog/tool-saves";
import { changeSignalOf, closeChangeSignalOf } from "../../db/change-signal";
import { createDb, setDb, type Db } from "../../db/client";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { startTcpProxy, type TcpProxy } from "../../db/test-support/tcp-proxy";
import { createPersona } from "../../personas/server/personas";
import { parseToolDefinition } from "../../tools";
import { reply, startUpstream, type Upstream } from "../../tools/testing";
import { createApiKey } from "../api-keys";
import { flushCallLog } from "../call-log";
import { startGateway, type Gateway } from "./node-server";

process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = "100000/60";

const postgres = (await databaseTargets()).filter((target) => target.name === "postgresql");

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((_request, response) => reply(response, 200, { data: { status: "shipped" } }));
  return () => upstream.close();
});

describe.each(postgres)("the gateway while $name restarts", (target) => {
  const direct = useTestDatabase(target);
  let gateway: Gateway | null = null;
  let proxy: TcpProxy | null = null;
  let proxied: Db | null = null;

  afterEach(async () => {
    await gateway?.stop();
    await proxy?.close();
    if (proxied) closeChangeSignalOf(proxied);
    await proxied?.$disconnect();
    gateway = proxy = proxied = null;
  });

  /** Answers by kind, as the agent saw them. */
  type Answer = { readonly status: number; readonly retryAfter: string | null; readonly code?: string };

  it("answers 503 with Retry-After during the outage, recovers by itself, and loses no call-log row", async () => {
    const definition = parseToolDefinition({ name: "lookup", description: "Looks an order up.", request: { method: "GET", url: `${upstream.origin}/orders` } });
    await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    await createPersona({ slug: "support", name: "Support", grant: "all" }, SYSTEM_ACTOR);
    const { token } = await createApiKey({ name: "steady", personaSlugs: ["support"] }, SYSTEM_ACTOR);

    proxy = await startTcpProxy(Number(new URL(target.url).port || 5432));
    const viaProxy = new URL(target.url);
    viaProxy.port = String(proxy.port);
    proxied = createDb(viaProxy.toString());
    setDb(proxied);
    gateway = await startGateway({ host: "127.0.0.1", port: 0 });
    const origin = gateway.origin;
    const answers: Answer[] = [];
    const call = async (): Promise<Answer> => {
      const response = await fetch(`${origin}/api/v1/personas/support/tools/lookup/call`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ arguments: {} }),
      });
      const body = (await response.json()) as { error?: { code: string } };
      const answer = { status: response.status, retryAfter: response.headers.get("retry-after"), code: body.error?.code };
      answers.push(answer);
      return answer;
    };

    for (let i = 0; i < 10; i++) expect((await call()).status).toBe(200);
    await proxy.cut();
    // The door answers from memory only while it hears the database's change events; once the cut
    // reaches its listener (at once, but asynchronously) every call needs the database.
    await expect.poll(() => changeSignalOf(proxied!).token(), { timeout: 5_000, interval: 5 }).toBeNull();
    const duringOutage: Answer[] = [];
    for (let i = 0; i < 10; i++) duringOutage.push(await call());
    expect(duringOutage).toEqual(Array(10).fill({ status: 503, retryAfter: "2", code: "unavailable" }));
    const mcp = await fetch(`${origin}/api/v1/personas/support/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect([mcp.status, mcp.headers.get("retry-after")]).toEqual([503, "2"]);
    await proxy.restore();
    await expect.poll(async () => (await call()).status, { timeout: 15_000, interval: 200 }).toBe(200);
    for (let i = 0; i < 10; i++) expect((await call()).status).toBe(200);

    const completed = answers.filter((answer) => answer.status === 200).length;
    await flushCallLog();
    await expect.poll(() => direct().callLog.count(), { timeout: 15_000 }).toBe(completed);
  });
});
