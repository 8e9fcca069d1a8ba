/**
 * Two production instances on one PostgreSQL behave as one (SPEC §8, issue 10): both serve the
 * runtime API from a fresh schema in database `test`; a tool switched off and a key revoked
 * elsewhere are honoured by both on their next call (their caches are validated against the
 * stored state, never trusted for a time), and a key's rate limit is one allowance shared by both.
 * Each instance answers keys from memory while it hears PostgreSQL's change events (LISTEN/NOTIFY);
 * a change made while both listeners are cut off is still honoured (they read the database until
 * they listen again, then read everything again).
 * The instances run on 3110/3111 with the e2e server's settings; the schema is dropped afterwards.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { expect, test } from "./fixtures/test";
import { spawnAppServer } from "./support/app-server";
import { E2E_SERVER_ENV } from "./support/environment";
import {
  MULTI_INSTANCE_KEYS_FILE,
  MULTI_INSTANCE_PERSONA,
  MULTI_INSTANCE_PORTS,
  MULTI_INSTANCE_RATE_LIMIT,
  MULTI_INSTANCE_TOOL,
} from "./support/multi-instance-fixture";

const POSTGRES = process.env.TEST_POSTGRES_URL?.trim() || "postgresql://postgres@127.0.0.1:5432/test";
const databaseUrl = (() => {
  const url = new URL(POSTGRES);
  url.searchParams.set("schema", `quiver_multi_${randomBytes(6).toString("hex")}`);
  return url.toString();
})();
const origins = MULTI_INSTANCE_PORTS.map((port) => `http://127.0.0.1:${port}`);
const servers: ChildProcess[] = [];

/** Runs a database chore (prepare, disable, revoke, drop) in its own process; see multi-instance-db.ts. */
function chore(command: string): void {
  const result = spawnSync("npx", ["tsx", "--conditions=react-server", "e2e/support/multi-instance-db.ts", command, databaseUrl], {
    env: { ...process.env, ...E2E_SERVER_ENV, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`multi-instance-db ${command} failed: ${result.stderr}`);
}

async function waitUntilServing(origin: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const ready = await fetch(`${origin}/api/v1/openapi.json`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${origin} did not start`);
}

const keys = () => JSON.parse(readFileSync(MULTI_INSTANCE_KEYS_FILE, "utf8")) as { working: string; revocable: string; limited: string; unheard: string };
const headers = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
const list = (origin: string, token: string) => fetch(`${origin}/api/v1/personas/${MULTI_INSTANCE_PERSONA}/tools?format=openai`, { headers: headers(token) });
const call = (origin: string, token: string) =>
  fetch(`${origin}/api/v1/personas/${MULTI_INSTANCE_PERSONA}/tools/${MULTI_INSTANCE_TOOL}/call`, {
    method: "POST",
    headers: headers(token),
    body: JSON.stringify({ arguments: { id: "A1" } }),
  });

test.describe("two instances on one PostgreSQL", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    chore("prepare");
    const env = {
      ...process.env,
      ...E2E_SERVER_ENV,
      DATABASE_URL: databaseUrl,
      QUIVER_API_RATE_LIMIT: `${MULTI_INSTANCE_RATE_LIMIT.points}/${MULTI_INSTANCE_RATE_LIMIT.seconds}`,
    };
    for (const [index, port] of MULTI_INSTANCE_PORTS.entries()) {
      servers.push(spawnAppServer(port, { ...env, NEXTAUTH_URL: origins[index]! }));
    }
    await Promise.all(origins.map(waitUntilServing));
  });

  test.afterAll(async () => {
    for (const server of servers) if (server.pid) process.kill(-server.pid, "SIGTERM");
    await Promise.all(servers.map((server) => (server.exitCode === null ? new Promise((resolve) => server.once("exit", resolve)) : null)));
    chore("drop");
    rmSync(MULTI_INSTANCE_KEYS_FILE, { force: true });
  });

  test("a tool switched off elsewhere disappears from both instances' next answers", async () => {
    const { working } = keys();
    for (const origin of origins) {
      const body = (await (await list(origin, working)).json()) as { tools: { function: { name: string } }[] };
      expect(body.tools.map((tool) => tool.function.name), origin).toEqual([MULTI_INSTANCE_TOOL]);
      expect((await call(origin, working)).status, origin).toBe(200);
    }
    chore("disable");
    for (const origin of origins) {
      const body = (await (await list(origin, working)).json()) as { tools: unknown[] };
      expect(body.tools, origin).toEqual([]);
      expect((await call(origin, working)).status, origin).toBe(404);
    }
  });

  test("a key revoked elsewhere is refused by both instances on their next call", async () => {
    const { revocable } = keys();
    for (const origin of origins) expect((await list(origin, revocable)).status, origin).toBe(200);
    chore("revoke");
    for (const origin of origins) {
      const refused = await list(origin, revocable);
      expect(refused.status, origin).toBe(401);
      expect(await refused.json()).toEqual({ error: { code: "unauthorized", message: "The API key has been revoked." } });
    }
  });

  test("a key revoked while both instances' change listeners are cut off is still refused by both, and they listen again", async () => {
    const { unheard, working } = keys();
    // Remembered by both: answered from memory while they hear the database's change events.
    for (const origin of origins) for (let call = 0; call < 2; call++) expect((await list(origin, unheard)).status, origin).toBe(200);
    // No change event reaches them now: the revocation below is announced to no one.
    chore("deafen");
    chore("revoke-unheard");
    for (const origin of origins) expect((await list(origin, unheard)).status, origin).toBe(401);
    // Once they listen again (a second later), what they remembered was read again: still refused, the working key still served.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const origin of origins) {
      expect((await list(origin, unheard)).status, origin).toBe(401);
      expect((await list(origin, working)).status, origin).toBe(200);
    }
  });

  test("a key's rate limit is one allowance shared by both instances", async () => {
    const { limited } = keys();
    const statuses: number[] = [];
    for (let index = 0; index < MULTI_INSTANCE_RATE_LIMIT.points; index++) statuses.push((await list(origins[index % 2]!, limited)).status);
    expect(statuses).toEqual(Array(MULTI_INSTANCE_RATE_LIMIT.points).fill(200));
    for (const origin of origins) {
      const refused = await list(origin, limited);
      expect(refused.status, origin).toBe(429);
      expect(Number(refused.headers.get("retry-after")), origin).toBeGreaterThanOrEqual(1);
    }
  });
});
