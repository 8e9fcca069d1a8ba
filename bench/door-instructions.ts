/**
 * Benchmark: the user-space instructions one tool call costs the agents' door (issue 23), counted
 * by valgrind's callgrind — a figure this machine's speed does not move, where its timings move
 * ±40% from hour to hour (bench/README.md). The door's CPU target (≤ 0.3 ms a call beyond the
 * forwarding-only floor, bench:runtime) is a time; this says how much work stands behind it, and
 * whether a change did less of it, in one run of a few minutes.
 *
 * Each server runs under `valgrind --tool=callgrind` with counting off; after BENCH_WARM_CALLS calls
 * (V8 has compiled the hot path by then) counting is switched on for BENCH_CALLS calls and off
 * again (`callgrind_control`), all against the instant upstream at 4 connections (the work of a
 * call does not depend on the upstream's delay). Variants: `floor` (the proxy that only forwards,
 * as in bench:runtime), `gateway sqlite` and `gateway postgresql` (`npm run gateway` on a fresh
 * bench database). Only user space is counted: the kernel's share (socket reads and writes, about
 * a third of a call's CPU on loopback) is not, and neither are cache misses. Readings of the same
 * code differ by a few percent (the JIT's and the collector's timing).
 *
 * Prints `<variant>: N k instructions/call`, then each gateway's own (less the floor's).
 * BENCH_GATEWAY_DIR=<another checkout> adds `base gateway sqlite`, that checkout's gateway (its
 * node_modules and generated Prisma clients in place), to compare a change with what it replaces.
 *
 * Run: npm run bench:door-instructions   (needs valgrind; BENCH_CALLS, default 2000, BENCH_WARM_CALLS, default 3000)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { dropPostgresSchema } from "../lib/db/test-support/postgres-schema";
import {
  benchToolCall,
  benchUpstreamSource,
  doorServerEnv,
  floorProxySource,
  GATEWAY_ARGS,
  prepareBenchDatabase,
  startChildServer,
  startDoorServer,
  stopServer,
} from "./support/door-servers";

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const WARM_CALLS = Number(process.env.BENCH_WARM_CALLS ?? 3000);
const CONNECTIONS = 4;
const PORT = 3114;
const GATEWAY = `http://127.0.0.1:${PORT}`;
const POSTGRES = process.env.TEST_POSTGRES_URL?.trim() || "postgresql://postgres@127.0.0.1:5432/test";

try {
  execFileSync("valgrind", ["--version"], { stdio: "ignore" });
} catch {
  console.error("valgrind is missing: install Debian's valgrind package, then run this again.");
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), "quiver-instructions-"));
const profiles = (variant: string) => path.join(work, variant.replaceAll(" ", "-"));

/** valgrind with counting off until switched on, writing its counts beside `profile`. */
const callgrind = (profile: string) => ["valgrind", "--tool=callgrind", "--instr-atstart=no", `--callgrind-out-file=${profile}`];

/** Instructions counted in every dump written for `profile` (callgrind's `totals:` line of each). */
function countedInstructions(profile: string): number {
  const dumps = readdirSync(work).filter((name) => path.join(work, name).startsWith(profile));
  return dumps.reduce((sum, name) => sum + Number(readFileSync(path.join(work, name), "utf8").match(/^totals: (\d+)/m)?.[1] ?? 0), 0);
}

/** Warms the server at `pid` up, counts its instructions over {@link CALLS} calls of `options`, and returns them a call (thousands). */
async function instructionsPerCall(pid: number, profile: string, options: autocannon.Options): Promise<number> {
  await autocannon({ ...options, connections: CONNECTIONS, amount: WARM_CALLS });
  execFileSync("callgrind_control", ["--instr=on", String(pid)], { stdio: "ignore" });
  const result = await autocannon({ ...options, connections: CONNECTIONS, amount: CALLS });
  execFileSync("callgrind_control", ["--instr=off", String(pid)], { stdio: "ignore" });
  execFileSync("callgrind_control", ["--dump", String(pid)], { stdio: "ignore" });
  const answered = result.requests.total - result.non2xx - result.errors;
  if (answered !== CALLS) throw new Error(`${CALLS - answered} of ${CALLS} calls were not answered with 2xx`);
  return countedInstructions(profile) / CALLS / 1000;
}

const upstream = await startChildServer(benchUpstreamSource(20));
process.on("exit", upstream.stop);
const figures = new Map<string, number>();

{
  const profile = profiles("floor");
  const floor = await startChildServer(floorProxySource(upstream.origin), callgrind(profile));
  try {
    figures.set("floor", await instructionsPerCall(floor.process.pid!, profile, { url: `${floor.origin}/instant/orders/A-1?units=metric` }));
  } finally {
    await stopServer(floor.process);
  }
}

/** The gateway from checkout `cwd` on database `url`. */
async function measureGateway(variant: string, url: string, cwd?: string): Promise<void> {
  const token = await prepareBenchDatabase(url, upstream.origin);
  const env = doorServerEnv(url, { NEXTAUTH_URL: GATEWAY, QUIVER_API_RATE_LIMIT: "100000000/60", QUIVER_GATEWAY_PORT: String(PORT) });
  const profile = profiles(variant);
  const gateway = await startDoorServer(GATEWAY_ARGS, env, GATEWAY, "see its output above", { cwd, wrapper: callgrind(profile) });
  try {
    figures.set(variant, await instructionsPerCall(gateway.pid!, profile, benchToolCall(GATEWAY, token, "bench_instant")));
  } finally {
    await stopServer(gateway);
  }
}

try {
  const sqliteUrl = (name: string) => `file:${path.join(work, `${name}.db`)}`;
  if (process.env.BENCH_GATEWAY_DIR) await measureGateway("base gateway sqlite", sqliteUrl("base"), process.env.BENCH_GATEWAY_DIR);
  await measureGateway("gateway sqlite", sqliteUrl("bench"));
  const postgresUrl = new URL(POSTGRES);
  postgresUrl.searchParams.set("schema", `quiver_bench_${process.pid}`);
  try {
    await measureGateway("gateway postgresql", postgresUrl.toString());
  } finally {
    await dropPostgresSchema(postgresUrl.toString(), "quiver_bench_");
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\nuser-space instructions a call (callgrind; ${CALLS} calls after ${WARM_CALLS} to warm up, ${CONNECTIONS} connections, instant upstream):`);
for (const [variant, thousands] of figures) console.log(`${variant}: ${thousands.toFixed(0)} k instructions/call`);
const floor = figures.get("floor")!;
console.log("\nthe door's own (less the floor's):");
for (const [variant, thousands] of figures) if (variant !== "floor") console.log(`${variant}: ${(thousands - floor).toFixed(0)} k instructions/call`);
process.exit(0);
