/**
 * Fault runs against the door (issue 25): `npm run gateway` in production mode, driven over
 * loopback, each run printing its counts and failing (exit 1) when a rule is broken.
 *
 * 1. **PostgreSQL restarted** while agents call at a steady rate: a private PostgreSQL server
 *    (initdb in a temp folder, port 5439, run as the `postgres` user) is stopped for a few seconds
 *    and started again mid-run. Rules: every answer is 200 or 503 with Retry-After (no 500, no
 *    hang: the slowest answer stays under the connect timeout plus a margin), the door answers 200
 *    again within seconds of the server's return without being restarted, and every completed call
 *    has its call-log row (lost = 0).
 * 2. **Overload**, on SQLite and PostgreSQL: 10× a key's allowance sent over 10× the connections bench:runtime uses. Rules:
 *    only 200 and 429 with Retry-After, no more 200s than the allowance, memory bounded.
 * 3. **SIGTERM during traffic**: calls to a slow upstream in flight when the gateway is told to
 *    stop. Rules: each in-flight call finishes with 200, and each has its call-log row.
 *
 * The in-suite fault tests (lib/agent-door/gateway/database-outage.test.ts, hostile-upstreams
 * .test.ts, scripts/gateway.test.ts) prove the same rules in seconds; these runs take about a
 * minute and use real processes end to end. Run: npm run bench:faults (needs `su postgres` and
 * PostgreSQL's binaries for the first run; BENCH_FAULTS_PG_BIN to point elsewhere).
 */
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { CONNECT_TIMEOUT_MS } from "../lib/db/adapter";
import { dropPostgresSchema } from "../lib/db/test-support/postgres-schema";
import { benchToolCall, benchUpstreamSource, doorServerEnv, GATEWAY_ARGS, prepareBenchDatabase, startChildServer, startDoorServer, stopServer } from "./support/door-servers";

const GATEWAY_PORT = 3114;
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
const PRIVATE_PG_PORT = 5439;
const PG_BIN = process.env.BENCH_FAULTS_PG_BIN ?? findPostgresBin();

/** The newest PostgreSQL's server binaries that Debian installed. */
function findPostgresBin(): string {
  const newest = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b)).at(-1);
  return `/usr/lib/postgresql/${newest}/bin`;
}

const broken: string[] = [];
function rule(holds: boolean, what: string): void {
  console.log(`  ${holds ? "ok  " : "FAIL"} ${what}`);
  if (!holds) broken.push(what);
}

interface Answer {
  readonly sentAt: number;
  readonly status: number | "no answer";
  readonly retryAfter: string | null;
  readonly ms: number;
}

/** One call of the benchmark tool through the gateway, as an agent makes it. */
async function callOnce(token: string, tool = "bench_lookup"): Promise<Answer> {
  const sentAt = performance.now();
  try {
    const { url, ...call } = benchToolCall(GATEWAY, token, tool);
    const response = await fetch(url, { ...call, signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return { sentAt, status: response.status, retryAfter: response.headers.get("retry-after"), ms: performance.now() - sentAt };
  } catch {
    return { sentAt, status: "no answer", retryAfter: null, ms: performance.now() - sentAt };
  }
}

function countByStatus(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

async function callLogRows(url: string): Promise<number> {
  const target = new URL(url);
  const schema = target.searchParams.get("schema") ?? "public";
  target.searchParams.delete("schema");
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM "${schema}".call_logs`);
    return (rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PostgreSQL server of this run's own, so stopping it disturbs nothing else on the machine. */
function privatePostgres() {
  const dir = mkdtempSync(path.join(tmpdir(), "quiver-faults-pg-"));
  chownSync(dir, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })));
  const asPostgres = (command: string, args: string[]) => execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", [path.join(PG_BIN, command), ...args].map((part) => `'${part}'`).join(" ")], { stdio: "pipe" });
  const data = path.join(dir, "data");
  const control = (action: "start" | "stop") =>
    action === "start"
      ? asPostgres("pg_ctl", ["-D", data, "-w", "-l", path.join(dir, "log"), "-o", `-p ${PRIVATE_PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1`, "start"])
      : asPostgres("pg_ctl", ["-D", data, "-w", "-m", "fast", "stop"]);
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres"]);
  control("start");
  return {
    url: `postgresql://postgres@127.0.0.1:${PRIVATE_PG_PORT}/postgres?schema=quiver_faults`,
    start: () => control("start"),
    stop: () => control("stop"),
    remove() {
      try {
        control("stop");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresRestart(upstream: string): Promise<void> {
  const RATE_PER_SECOND = 50;
  const RUN_MS = 14_000;
  const OUTAGE_AT_MS = 3_000;
  const OUTAGE_MS = 3_000;
  console.log(`\n1. PostgreSQL restarted under steady traffic (${RATE_PER_SECOND} calls/s for ${RUN_MS / 1000} s; the server stopped at ${OUTAGE_AT_MS / 1000} s for ${OUTAGE_MS / 1000} s)`);
  const server = privatePostgres();
  let gateway: ChildProcess | null = null;
  try {
    const token = await prepareBenchDatabase(server.url, upstream);
    gateway = await startDoorServer(GATEWAY_ARGS, doorServerEnv(server.url, { QUIVER_GATEWAY_PORT: String(GATEWAY_PORT), NEXTAUTH_URL: GATEWAY, QUIVER_API_RATE_LIMIT: "100000000/60" }), GATEWAY, "see its output above");
    const started = performance.now();
    const calls: Promise<Answer>[] = [];
    let outage: { stoppedAt: number; startedAt: number } | null = null;
    const restart = (async () => {
      await sleep(OUTAGE_AT_MS);
      server.stop();
      const stoppedAt = performance.now();
      await sleep(OUTAGE_MS);
      server.start();
      outage = { stoppedAt, startedAt: performance.now() };
    })();
    while (performance.now() - started < RUN_MS) {
      calls.push(callOnce(token));
      await sleep(1000 / RATE_PER_SECOND);
    }
    await restart;
    const answers = await Promise.all(calls);
    await stopServer(gateway);
    gateway = null;
    const { stoppedAt, startedAt } = outage!;
    const counts = countByStatus(answers);
    const completed = counts["200"] ?? 0;
    const rows = await callLogRows(server.url);
    const firstOkAfterReturn = answers.find((answer) => answer.sentAt >= startedAt && answer.status === 200);
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    console.log(`  calls sent ${answers.length}; answered ${JSON.stringify(counts)}; slowest answer ${slowest.toFixed(0)} ms`);
    console.log(`  the server was down ${((startedAt - stoppedAt) / 1000).toFixed(1)} s; first 200 after it was back: ${firstOkAfterReturn ? `${((firstOkAfterReturn.sentAt + firstOkAfterReturn.ms - startedAt) / 1000).toFixed(2)} s` : "none"}`);
    console.log(`  call-log rows ${rows} for ${completed} completed calls: lost ${completed - rows}`);
    rule(answers.every((answer) => answer.status === 200 || answer.status === 503), "every answer is 200 or 503");
    rule(answers.filter((answer) => answer.status === 503).every((answer) => answer.retryAfter !== null), "every 503 carries Retry-After");
    rule((counts["503"] ?? 0) > 0, "the outage was seen (some calls answered 503)");
    rule(slowest < CONNECT_TIMEOUT_MS + 2_000, `no call hung (slowest under ${(CONNECT_TIMEOUT_MS + 2_000) / 1000} s)`);
    rule(firstOkAfterReturn !== undefined && firstOkAfterReturn.sentAt + firstOkAfterReturn.ms - startedAt < 10_000, "the door answered 200 again within 10 s of the server's return, by itself");
    rule(rows === completed, "no call-log row of a completed call was lost");
  } finally {
    if (gateway) await stopServer(gateway);
    server.remove();
  }
}

/** The gateway's resident memory, in MB, from /proc. */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0) / 1024;
}

async function overload(upstream: string, url: string, dialect: string): Promise<void> {
  const ALLOWANCE = 200;
  const CONNECTIONS = 100;
  const CALLS = ALLOWANCE * 10;
  console.log(`\n2. Overload on ${dialect}: ${CALLS} calls (10× a key's allowance of ${ALLOWANCE} a minute) over ${CONNECTIONS} connections (10× bench:runtime's)`);
  const token = await prepareBenchDatabase(url, upstream);
  const gateway = await startDoorServer(GATEWAY_ARGS, doorServerEnv(url, { QUIVER_GATEWAY_PORT: String(GATEWAY_PORT), NEXTAUTH_URL: GATEWAY, QUIVER_API_RATE_LIMIT: `${ALLOWANCE}/60` }), GATEWAY, "see its output above");
  try {
    const before = residentMb(gateway.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(gateway.pid!))), 100);
    const answers: Answer[] = [];
    let sent = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (sent < CALLS) {
          sent++;
          answers.push(await callOnce(token));
        }
      }),
    );
    clearInterval(sampler);
    const counts = countByStatus(answers);
    console.log(`  calls sent ${answers.length}; answered ${JSON.stringify(counts)}; gateway memory ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`);
    rule(answers.every((answer) => answer.status === 200 || answer.status === 429), "only 200 and 429 (no 5xx, no dropped connection)");
    rule(answers.filter((answer) => answer.status === 429).every((answer) => answer.retryAfter !== null), "every 429 carries Retry-After");
    rule((counts["200"] ?? 0) <= ALLOWANCE, `no more 200s than the allowance (${ALLOWANCE})`);
    rule(peak - before < 256, "memory bounded (peak under 256 MB above the start)");
  } finally {
    await stopServer(gateway);
  }
}

async function stopDuringTraffic(slowUpstream: string, url: string): Promise<void> {
  const IN_FLIGHT = 40;
  console.log(`\n3. SIGTERM with ${IN_FLIGHT} calls in flight (upstream answering in 1 s)`);
  const token = await prepareBenchDatabase(url, slowUpstream);
  const gateway = await startDoorServer(GATEWAY_ARGS, doorServerEnv(url, { QUIVER_GATEWAY_PORT: String(GATEWAY_PORT), NEXTAUTH_URL: GATEWAY, QUIVER_API_RATE_LIMIT: "100000000/60" }), GATEWAY, "see its output above");
  const calls = Array.from({ length: IN_FLIGHT }, () => callOnce(token));
  await sleep(300);
  await stopServer(gateway);
  const answers = await Promise.all(calls);
  const counts = countByStatus(answers);
  const rows = await callLogRows(url);
  console.log(`  calls sent ${answers.length}; answered ${JSON.stringify(counts)}; call-log rows ${rows}: lost ${(counts["200"] ?? 0) - rows}`);
  rule(counts["200"] === IN_FLIGHT, "every call in flight finished with 200");
  rule(rows === IN_FLIGHT, "every finished call has its call-log row");
}

const upstream = await startChildServer(benchUpstreamSource(5));
const slowUpstream = await startChildServer(benchUpstreamSource(1_000));
process.on("exit", () => {
  upstream.stop();
  slowUpstream.stop();
});
const sqliteDir = mkdtempSync(path.join(tmpdir(), "quiver-faults-"));
const mainPostgres = process.env.TEST_POSTGRES_URL?.trim() || "postgresql://postgres@127.0.0.1:5432/test";
const schemaUrl = (name: string) => {
  const url = new URL(mainPostgres);
  url.searchParams.set("schema", `quiver_faults_${name}_${process.pid}`);
  return url.toString();
};
try {
  await postgresRestart(upstream.origin);
  await overload(upstream.origin, `file:${path.join(sqliteDir, "overload.db")}`, "SQLite");
  await overload(upstream.origin, schemaUrl("overload"), "PostgreSQL");
  await stopDuringTraffic(slowUpstream.origin, schemaUrl("sigterm"));
} finally {
  await dropPostgresSchema(schemaUrl("overload"), "quiver_faults_");
  await dropPostgresSchema(schemaUrl("sigterm"), "quiver_faults_");
  rmSync(sqliteDir, { recursive: true, force: true });
}
console.log(broken.length === 0 ? "\nAll fault rules held." : `\n${broken.length} fault rule(s) broken:\n${broken.map((what) => `  - ${what}`).join("\n")}`);
process.exit(broken.length === 0 ? 0 : 1);
