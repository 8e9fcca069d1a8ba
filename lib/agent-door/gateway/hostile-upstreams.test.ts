/**
 * Fault tests (issue 25): upstreams that misbehave, called by an agent through the gateway over
 * real HTTP on loopback. One that hangs, one that trickles a byte at a time, one that sends 10 MB,
 * one that resets the connection mid-body and one that redirects to itself: each ends as a typed
 * tool error within the tool's timeout (a trickle never keeps a call alive past it), with no
 * address in what the agent reads, and healthy calls made while the slow ones are still open
 * answer at once.
 */
import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { saveTool } from "../../catalog/tool-saves";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { createPersona } from "../../personas/server/personas";
import { parseToolDefinition } from "../../tools";
import { reply, startUpstream, type Upstream } from "../../tools/testing";
import { createApiKey } from "../api-keys";
import { flushCallLog } from "../call-log";
import { startGateway, type Gateway } from "./node-server";

process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = "1000/60";

/** Long enough that healthy calls made meanwhile finish first on a loaded machine, short enough for the suite. */
const SLOW_TOOL_TIMEOUT_SECONDS = 4;
const TEN_MEGABYTES = 10 * 1024 * 1024;

/** Ends every trickle when the test is over, so no timer outlives it. */
const trickles = new Set<NodeJS.Timeout>();

function trickle(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "application/json" });
  response.write("[");
  const timer = setInterval(() => response.write(" "), 50);
  trickles.add(timer);
  response.on("close", () => {
    clearInterval(timer);
    trickles.delete(timer);
  });
}

function resetMidBody(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
  response.write('{"data": "half of it');
  setTimeout(() => response.socket?.destroy(), 20);
}

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    if (request.url === "/hang") return; // never answers
    if (request.url === "/trickle") return trickle(response);
    if (request.url === "/huge") return reply(response, 200, "x".repeat(TEN_MEGABYTES));
    if (request.url === "/reset") return resetMidBody(response);
    if (request.url === "/loop") return reply(response, 302, "", { location: "/loop" });
    reply(response, 200, { data: { status: "shipped" } });
  });
});
afterAll(async () => {
  for (const timer of trickles) clearInterval(timer);
  await upstream.close();
});

// Upstream faults do not depend on the database: the first target (SQLite) is enough.
const [target] = await databaseTargets();

describe(`hostile upstreams through the gateway on ${target!.name}`, () => {
  useTestDatabase(target!);
  let gateway: Gateway | null = null;

  afterEach(async () => {
    await gateway?.stop();
    gateway = null;
    await flushCallLog();
  });

  async function setUp() {
    const tools = [["healthy", "/orders", undefined], ["hang", "/hang", SLOW_TOOL_TIMEOUT_SECONDS], ["trickle", "/trickle", SLOW_TOOL_TIMEOUT_SECONDS], ["huge", "/huge", undefined], ["reset", "/reset", undefined], ["loop", "/loop", undefined]] as const;
    for (const [name, path, timeout] of tools) {
      const definition = parseToolDefinition({ name, description: "Calls a test upstream.", request: { method: "GET", url: `${upstream.origin}${path}` }, ...(timeout ? { timeout } : {}) });
      await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    }
    await createPersona({ slug: "support", name: "Support", grant: "all" }, SYSTEM_ACTOR);
    const { token } = await createApiKey({ name: "faults", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    gateway = await startGateway({ host: "127.0.0.1", port: 0 });
    const origin = gateway.origin;
    return async (tool: string) => {
      const answer = await fetch(`${origin}/api/v1/personas/support/tools/${tool}/call`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ arguments: {} }),
      });
      return { status: answer.status, body: (await answer.json()) as { ok: boolean; error_type?: string; message?: string; details?: unknown } };
    };
  }

  it("ends each as a typed tool error, never an address, while healthy calls answer at once", async () => {
    const call = await setUp();
    const hang = call("hang");
    const slowTrickle = call("trickle");
    let slowOnesSettled = false;
    void Promise.allSettled([hang, slowTrickle]).then(() => (slowOnesSettled = true));
    await expect.poll(() => upstream.requests.filter((request) => request.url === "/hang" || request.url === "/trickle").length).toBe(2);

    const [huge, reset, loop] = await Promise.all([call("huge"), call("reset"), call("loop")]);
    const healthy = await Promise.all(Array.from({ length: 20 }, () => call("healthy")));
    expect(healthy.map((answer) => answer.body.ok)).toEqual(Array(20).fill(true));
    expect(slowOnesSettled).toBe(false);

    expect(huge).toMatchObject({ status: 200, body: { ok: false, error_type: "execution_error", message: "The response body is larger than the 1048576-byte limit" } });
    expect(reset).toMatchObject({ status: 200, body: { ok: false, error_type: "execution_error", details: { network_failure: "connection_reset" } } });
    expect(loop).toMatchObject({ status: 200, body: { ok: false, error_type: "execution_error", message: "Too many redirects: gave up after following 3" } });

    const timedOut = { status: 200, body: { ok: false, error_type: "timeout_error", message: `Tool execution timed out after ${SLOW_TOOL_TIMEOUT_SECONDS} seconds` } };
    expect(await hang).toMatchObject(timedOut);
    expect(await slowTrickle).toMatchObject(timedOut);
    for (const answer of [huge, reset, loop, await hang, await slowTrickle]) {
      const text = JSON.stringify(answer.body);
      for (const detail of ["127.0.0.1", `:${upstream.port}`, "ECONN", "UND_ERR"]) expect(text).not.toContain(detail);
    }
  });
});
