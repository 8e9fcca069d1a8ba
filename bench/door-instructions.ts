/**
 * Benchmark: the user-space instructions one tool call costs the agents' door (issue 23), counted
 * by valgrind's callgrind — a figure this machine's speed does not move, where its timings move
 * ±40% from hour to hour (bench/README.md). The door's CPU target (≤ 0.3 ms a call beyond the
 * forwarding-only floor, bench:runtime) is a time; this says how much work stands behind it, and
 * whether a change did less of it, in one run of a few minutes.
 *
 * Each server runs under `valgrind --tool=callgrind` with counting off; after BENCH_WARM_CALLS calls
 * (V8 has compiled the hot path by then) counting is switched on for BENCH_CALLS calls and off
 * again (`callgrind_control`), BENCH_WINDOWS times, all against the instant upstream at 4
 * connections (the work of a call does not depend on the upstream's delay). Counts are kept per
 * thread: node's main thread (the event loop, where a call's own work runs) and all of them (V8's
 * compiler and collector helpers too: CPU the call causes, but whose timing moves a window's count
 * by a quarter or more). The first window after counting starts reads high and a window with a
 * major collection does too: the median of the windows is the reading, their range beside it.
 * Variants: `floor` (the proxy that only forwards, as in bench:runtime), `gateway sqlite` and
 * `gateway postgresql` (`npm run gateway` on a fresh bench database) and `one-port sqlite`
 * (`npm start`'s server, the door in front of Next.js: run `npx next build` first). Only user
 * space is counted: the kernel's share (socket reads and writes, about a third of a call's CPU on
 * loopback) is not, and neither are cache misses.
 *
 * Prints `<variant>: N k instructions/call on the main thread (windows A–B), M k in all threads (C–D)`,
 * then each door's own (less the floor's).
 * BENCH_GATEWAY_DIR=<another checkout> adds `base gateway sqlite`, that checkout's gateway code (its
 * node_modules and generated Prisma clients in place) run with this checkout's node arguments, to
 * compare a change with what it replaces. The floor runs with the door servers' node flags.
 *
 * A window holds several young-generation collections (one every ~600 calls with the servers' 32 MB
 * semi-space): in windows of 600 calls a window held none, one or two, and their medians moved 3–5%
 * between runs of the same code.
 *
 * Run: npm run bench:door-instructions   (needs valgrind and a build; BENCH_CALLS, default 1800,
 * BENCH_WINDOWS, default 3, BENCH_WARM_CALLS, default 3000)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  benchToolCall,
  benchUpstreamSource,
  doorServerEnv,
  GATEWAY_ARGS,
  measureEachDoorVariant,
  prepareBenchDatabase,
  startChildServer,
  startDoorServer,
  startFloorProxy,
  stopServer,
} from "./support/door-servers";
import { median, wholeNumberFromEnv } from "./support/load";

const CALLS = wholeNumberFromEnv("BENCH_CALLS", 1800, 1);
const WINDOWS = wholeNumberFromEnv("BENCH_WINDOWS", 3, 1);
const WARM_CALLS = wholeNumberFromEnv("BENCH_WARM_CALLS", 3000, 0);
const CONNECTIONS = 4;
const PORT = 3114;
const DOOR = `http://127.0.0.1:${PORT}`;

try {
  execFileSync("valgrind", ["--version"], { stdio: "ignore" });
} catch {
  console.error("valgrind is missing: install Debian's valgrind package, then run this again.");
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), "quiver-instructions-"));
const profiles = (variant: string) => path.join(work, variant.replaceAll(" ", "-"));

/** valgrind with counting off until switched on, writing each thread's counts beside `profile` (`<profile>.<dump>-<thread>`). */
const callgrind = (profile: string) => ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--separate-threads=yes", `--callgrind-out-file=${profile}`];

/** Instructions counted in the dump files `names` (callgrind's `totals:` line of each). */
function countedInstructions(names: readonly string[]): number {
  return names.reduce((sum, name) => sum + Number(readFileSync(path.join(work, name), "utf8").match(/^totals: (\d+)/m)?.[1] ?? 0), 0);
}

/** A dump of thread 1 (`<profile>.<dump>-01`). */
const MAIN_THREAD_DUMP = /\.\d+-01$/;

/** One counting window: instructions a call (thousands) on the main thread — the event loop — and in all of node's threads. */
interface Window {
  readonly main: number;
  readonly all: number;
}

/**
 * Warms the server at `pid` up, then counts its instructions over {@link WINDOWS} windows of
 * {@link CALLS} calls of `options` each.
 */
async function countWindows(pid: number, profile: string, options: autocannon.Options): Promise<Window[]> {
  await autocannon({ ...options, connections: CONNECTIONS, amount: WARM_CALLS });
  const windows: Window[] = [];
  for (let window = 0; window < WINDOWS; window++) {
    const before = new Set(readdirSync(work));
    execFileSync("callgrind_control", ["--instr=on", String(pid)], { stdio: "ignore" });
    const result = await autocannon({ ...options, connections: CONNECTIONS, amount: CALLS });
    execFileSync("callgrind_control", ["--instr=off", String(pid)], { stdio: "ignore" });
    execFileSync("callgrind_control", ["--dump", String(pid)], { stdio: "ignore" });
    const answered = result.requests.total - result.non2xx - result.errors;
    if (answered !== CALLS) throw new Error(`${CALLS - answered} of ${CALLS} calls were not answered with 2xx`);
    const dumps = readdirSync(work).filter((name) => path.join(work, name).startsWith(profile) && !before.has(name));
    // Thread 1 is node's main thread; the others are V8's compiler and collector helpers and libuv's pool.
    const perCall = (names: readonly string[]) => countedInstructions(names) / CALLS / 1000;
    windows.push({ main: perCall(dumps.filter((name) => MAIN_THREAD_DUMP.test(name))), all: perCall(dumps) });
  }
  return windows;
}

const upstream = await startChildServer(benchUpstreamSource(20));
process.on("exit", upstream.stop);
const figures = new Map<string, Window[]>();

{
  const profile = profiles("floor");
  const floor = await startFloorProxy(upstream.origin, callgrind(profile));
  try {
    figures.set("floor", await countWindows(floor.process.pid!, profile, { url: `${floor.origin}/instant/orders/A-1?units=metric` }));
  } finally {
    await stopServer(floor.process);
  }
}

/** The door server started with `args` (the gateway's or the one-port app's) from checkout `cwd`, on database `url`. */
async function measureDoor(variant: string, args: readonly string[], url: string, cwd?: string): Promise<void> {
  const token = await prepareBenchDatabase(url, upstream.origin);
  const env = doorServerEnv(url, { NEXTAUTH_URL: DOOR, QUIVER_API_RATE_LIMIT: "100000000/60", QUIVER_GATEWAY_PORT: String(PORT), PORT: String(PORT) });
  const profile = profiles(variant);
  const server = await startDoorServer(args, env, DOOR, "see its output above; the one-port server needs npx next build", { cwd, wrapper: callgrind(profile) });
  try {
    figures.set(variant, await countWindows(server.pid!, profile, benchToolCall(DOOR, token, "bench_instant")));
  } finally {
    await stopServer(server);
  }
}

try {
  if (process.env.BENCH_GATEWAY_DIR) await measureDoor("base gateway sqlite", GATEWAY_ARGS, `file:${path.join(work, "base.db")}`, process.env.BENCH_GATEWAY_DIR);
  await measureEachDoorVariant(work, "quiver_bench_", measureDoor);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const range = (values: readonly number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
console.log(`\nuser-space instructions a call (callgrind; median of ${WINDOWS} windows of ${CALLS} calls after ${WARM_CALLS} to warm up, ${CONNECTIONS} connections, instant upstream):`);
for (const [variant, windows] of figures) {
  const main = windows.map((window) => window.main);
  const all = windows.map((window) => window.all);
  console.log(`${variant}: ${median(main).toFixed(0)} k instructions/call on the main thread (windows ${range(main)}), ${median(all).toFixed(0)} k in all threads (${range(all)})`);
}
const floor = figures.get("floor")!;
console.log("\nthe door's own (less the floor's), main thread and all threads:");
for (const [variant, windows] of figures) {
  if (variant === "floor") continue;
  const own = (of: (window: Window) => number) => (median(windows.map(of)) - median(floor.map(of))).toFixed(0);
  console.log(`${variant}: ${own((window) => window.main)} k and ${own((window) => window.all)} k instructions/call`);
}
process.exit(0);
