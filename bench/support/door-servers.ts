/**
 * What the door benchmarks share (bench/runtime.ts, bench/faults.ts): a loopback child server
 * from source, the benchmark's database (one persona, its tools, one key), and the door's server
 * processes — the one-port app or `npm run gateway` — started in production mode and stopped with
 * SIGTERM as an operator's supervisor would.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import path from "node:path";
import { SYSTEM_ACTOR } from "../../lib/audit/events";
import { createApiKey } from "../../lib/agent-door/api-keys";
import { createDb, setDb } from "../../lib/db/client";
import { DEFAULT_TEST_POSTGRES_URL } from "../../lib/db/test-support/databases";
import { dropPostgresSchema } from "../../lib/db/test-support/postgres-schema";
import { applyPendingMigrations } from "../../lib/db/migrations/apply-migrations";
import { createPersona } from "../../lib/personas/server/personas";
import { saveTool } from "../../lib/catalog/tool-saves";
import { generateEncryptionKey } from "../../lib/secrets/keyring";
import { parseToolDefinition } from "../../lib/tools";

import { APP_SERVER_ARGS, DOOR_NODE_FLAGS, GATEWAY_ARGS } from "../../e2e/support/app-server";

export { APP_SERVER_ARGS, GATEWAY_ARGS } from "../../e2e/support/app-server";

/**
 * The source of a loopback upstream for {@link startChildServer}: it answers a small JSON order
 * after `delayMs`, and at once under /instant/.
 */
export function benchUpstreamSource(delayMs: number): string {
  const payload = JSON.stringify({ data: { status: "shipped", id: "A-1", items: [{ sku: "x", qty: 2 }] } });
  return `
  const payload = ${JSON.stringify(payload)};
  const delay = ${delayMs};
  const server = require("node:http").createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const answer = () => { response.writeHead(200, { "content-type": "application/json" }); response.end(payload); };
      if (delay > 0 && !request.url.startsWith("/instant/")) setTimeout(answer, delay); else answer();
    });
  });
  server.keepAliveTimeout = 65000;
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
  process.stdin.on("close", () => process.exit(0));
`;
}

/** A child server: where it listens, its process, and how to stop it. */
export interface ChildServer {
  readonly origin: string;
  readonly process: ChildProcess;
  readonly stop: () => void;
}

/**
 * A tool a server's node runs under, as its command and options (`["valgrind", "--tool=callgrind"]`);
 * empty: node runs by itself. The process id stays the server's (valgrind runs it in its own process).
 */
export type Wrapper = readonly string[];

/** Spawns node with `args`, under `wrapper` when one is given. */
function spawnNode(args: readonly string[], options: SpawnOptions, wrapper: Wrapper): ChildProcess {
  const [command, ...flags] = wrapper.length === 0 ? [process.execPath] : [...wrapper, process.execPath];
  return spawn(command!, [...flags, ...args], options);
}

/**
 * The floor any gateway pays on this machine: a node http server that forwards each request to
 * `upstream` over a keep-alive pool and does nothing else (no key, no database, no validation).
 */
const floorProxySource = (upstream: string) => `
  const http = require("node:http");
  const agent = new http.Agent({ keepAlive: true });
  const target = new URL(${JSON.stringify(upstream)});
  const server = http.createServer((request, response) => {
    const forward = http.request({ host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers, agent }, (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    });
    forward.on("error", () => { response.writeHead(502); response.end(); });
    request.pipe(forward);
  });
  server.keepAliveTimeout = 65000;
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
  process.stdin.on("close", () => process.exit(0));
`;

/**
 * Runs `source` in a child node (under `wrapper`, if any, with node's `flags`); it prints the port
 * it listens on. `process` is the child, whose CPU time a benchmark may read.
 */
export async function startChildServer(source: string, wrapper: Wrapper = [], flags: readonly string[] = []): Promise<ChildServer> {
  const child = spawnNode([...flags, "-e", source], { stdio: ["pipe", "pipe", "inherit"], detached: wrapper.length > 0 }, wrapper);
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    // The port is the first line of digits: node's flags may have it print other lines first (V8's traces).
    let printed = "";
    const readPort = (data: Buffer) => {
      printed += String(data);
      const line = printed.split("\n").find((candidate) => /^\d+$/.test(candidate.trim()));
      if (line === undefined) return;
      child.stdout!.off("data", readPort);
      resolve(Number(line));
    };
    child.stdout!.on("data", readPort);
  });
  return { origin: `http://127.0.0.1:${port}`, process: child, stop: () => child.kill() };
}

/**
 * The forwarding-only floor in front of `upstream` (under `wrapper`, if any), run with the door
 * servers' node flags (and `extraFlags`), so that what the door costs beyond it is the door's own work.
 */
export const startFloorProxy = (upstream: string, wrapper: Wrapper = [], extraFlags: readonly string[] = []) =>
  startChildServer(floorProxySource(upstream), wrapper, [...DOOR_NODE_FLAGS, ...extraFlags]);

/** The benchmark's tool `name`, calling `${base}/orders/{id}?units=…`. */
const benchTool = (name: string, base: string) =>
  parseToolDefinition({
    name,
    description: "Benchmark tool: looks up an order.",
    parameters: { type: "object", properties: { id: { type: "string" }, units: { type: "string", default: "metric" } }, required: ["id"] },
    request: { method: "GET", url: `${base}/orders/{{id}}`, query: { units: "{{units}}" } },
    response: { extract: "json_path", path: "data.status" },
  });

/** autocannon's options for calling tool `tool` of persona "bench" at `origin` with `token`, as an agent does. */
export const benchToolCall = (origin: string, token: string, tool: string) => ({
  url: `${origin}/api/v1/personas/bench/tools/${tool}/call`,
  method: "POST" as const,
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify({ arguments: { id: "A-1" } }),
});

/**
 * Migrates `url` and creates persona "bench", the tools `bench_lookup` (calling `upstream`) and
 * `bench_instant` (calling `upstream`/instant) and a key for the persona; returns the key's token.
 */
export async function prepareBenchDatabase(url: string, upstream: string): Promise<string> {
  await applyPendingMigrations(url);
  const db = createDb(url);
  setDb(db);
  await saveTool({ definition: benchTool("bench_lookup", upstream), baseVersion: null, actor: SYSTEM_ACTOR });
  await saveTool({ definition: benchTool("bench_instant", `${upstream}/instant`), baseVersion: null, actor: SYSTEM_ACTOR });
  await createPersona({ slug: "bench", name: "Bench", grant: "all" }, SYSTEM_ACTOR);
  const { token } = await createApiKey({ name: "bench", personaSlugs: ["bench"] }, SYSTEM_ACTOR);
  await db.$disconnect();
  return token;
}

/** A door server's environment: production mode on database `url`, loopback upstreams allowed, plus `settings`. */
export function doorServerEnv(url: string, settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: url,
    NEXTAUTH_SECRET: "bench-only-nextauth-secret-not-for-production",
    QUIVER_ENCRYPTION_KEY: generateEncryptionKey(),
    QUIVER_DESTINATION_ALLOWLIST: "127.0.0.1",
    ...settings,
  };
}

/**
 * Spawns `args` under this node (so the child's pid is the server's, whose CPU time is read), from
 * `cwd` (this checkout by default) and under `wrapper` (none by default), and waits until `origin` answers.
 */
export async function startDoorServer(args: readonly string[], env: NodeJS.ProcessEnv, origin: string, hint: string, { cwd, wrapper = [] }: { cwd?: string; wrapper?: Wrapper } = {}): Promise<ChildProcess> {
  const server = spawnNode(args, { cwd, env, stdio: ["ignore", "ignore", "inherit"], detached: true }, wrapper);
  // Under valgrind a server starts some 30 times slower.
  const attempts = wrapper.length === 0 ? 120 : 1200;
  for (let attempt = 0; attempt < attempts && server.exitCode === null; attempt++) {
    if (await fetch(`${origin}/api/v1/openapi.json`).then((response) => response.ok, () => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not start (${hint})`);
}

/** Sends SIGTERM to the server's process group and waits for it to exit. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid, "SIGTERM");
  await exited;
}

/**
 * Measures each door variant the instruction and survivor benchmarks compare, in turn: `npm run
 * gateway` and the one-port server (`npm start`'s, which needs a build) each on a fresh SQLite file
 * in `work`, then the gateway on a fresh PostgreSQL schema named `schemaPrefix` and this process's
 * id in database `test` (TEST_POSTGRES_URL), dropped after.
 */
export async function measureEachDoorVariant(
  work: string,
  schemaPrefix: string,
  measure: (variant: string, args: readonly string[], url: string) => Promise<void>,
): Promise<void> {
  await measure("gateway sqlite", GATEWAY_ARGS, `file:${path.join(work, "gateway.db")}`);
  await measure("one-port sqlite", APP_SERVER_ARGS, `file:${path.join(work, "one-port.db")}`);
  const postgresUrl = new URL(process.env.TEST_POSTGRES_URL?.trim() || DEFAULT_TEST_POSTGRES_URL);
  postgresUrl.searchParams.set("schema", `${schemaPrefix}${process.pid}`);
  try {
    await measure("gateway postgresql", GATEWAY_ARGS, postgresUrl.toString());
  } finally {
    await dropPostgresSchema(postgresUrl.toString(), schemaPrefix);
  }
}

