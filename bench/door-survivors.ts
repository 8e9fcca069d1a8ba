/**
 * Benchmark: what a tool call leaves for the young-generation collector (issue 23's p99). Each
 * server runs with V8's `--trace-gc-nvp`, takes BENCH_WARM_CALLS calls (its hot code compiled),
 * then BENCH_CALLS more at 10 connections against the 20 ms upstream; for the collections during
 * those calls it prints the median bytes each one found alive and copied (`new_space_survived`)
 * and promoted to the old generation (`promoted`), how many collections 1,000 calls cost, and the
 * median pause.
 *
 * Why it matters: a scavenge stops the event loop for a time that grows with what it copies, and
 * every call in flight waits it out — what a call's garbage leaves alive, not how much garbage it
 * makes, sets the pause. A call's own objects die with it; what survives is what something kept:
 * an object spread on every call did (on node 20 one such spread left about 1 MB to copy at each
 * collection, bench/README.md "what outlives a call"). Bytes, unlike the pause, hardly move with
 * the machine's load, so a change that makes calls leave more behind shows here in one run.
 *
 * Variants: `floor` (the forwarding-only proxy), `gateway sqlite`, `gateway postgresql` and
 * `one-port sqlite` (`npm start`'s server: run `npx next build` first).
 *
 * Run: npm run bench:door-survivors   (BENCH_CALLS, default 20000; BENCH_WARM_CALLS, default 6000)
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  benchToolCall,
  benchUpstreamSource,
  doorServerEnv,
  measureEachDoorVariant,
  prepareBenchDatabase,
  startChildServer,
  startDoorServer,
  startFloorProxy,
  stopServer,
  type Wrapper,
} from "./support/door-servers";
import { median, wholeNumberFromEnv } from "./support/load";

const CALLS = wholeNumberFromEnv("BENCH_CALLS", 20_000, 1000);
const WARM_CALLS = wholeNumberFromEnv("BENCH_WARM_CALLS", 6_000, 0);
const CONNECTIONS = 10;
const PORT = 3115;
const DOOR = `http://127.0.0.1:${PORT}`;
const TRACE_FLAG = "--trace-gc-nvp";

const work = mkdtempSync(path.join(tmpdir(), "quiver-survivors-"));

/** Runs node with its standard output (where V8 writes the trace) in `log`. */
const tracedTo = (log: string): Wrapper => ["sh", "-c", `exec "$@" > '${log}'`, "sh"];

/** What the collections of one window found. */
interface Survivors {
  readonly survivedKb: number;
  readonly promotedKb: number;
  readonly scavengesPer1000Calls: number;
  readonly pauseMs: number;
}

/** A named number from one `--trace-gc-nvp` line. */
const field = (line: string, name: string) => Number(line.match(new RegExp(`\\b${name}=([0-9.]+)`))?.[1] ?? Number.NaN);

/**
 * The scavenges node's main thread traced in `log` after byte `from`. The trace holds every V8
 * isolate of the process (tsx's loader runs a worker): the main thread's is the one that traced most.
 */
function scavengesSince(log: string, from: number): string[] {
  const lines = readFileSync(log).subarray(from).toString("utf8").split("\n").filter((line) => line.includes(" gc=s "));
  const isolateOf = (line: string) => line.match(/^\[\d+:(0x[0-9a-f]+)\]/)?.[1] ?? "";
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(isolateOf(line), (counts.get(isolateOf(line)) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return lines.filter((line) => isolateOf(line) === main);
}

/** Warms the server up, then drives {@link CALLS} calls of `options` and reads the collections during them. */
async function measureSurvivors(log: string, options: autocannon.Options): Promise<Survivors> {
  await autocannon({ ...options, connections: CONNECTIONS, amount: WARM_CALLS });
  const from = statSync(log).size;
  const result = await autocannon({ ...options, connections: CONNECTIONS, amount: CALLS });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${failed} of ${CALLS} calls failed`);
  const scavenges = scavengesSince(log, from);
  const kb = (name: string) => median(scavenges.map((line) => field(line, name))) / 1024;
  return {
    survivedKb: kb("new_space_survived"),
    promotedKb: kb("promoted"),
    scavengesPer1000Calls: (scavenges.length / CALLS) * 1000,
    pauseMs: median(scavenges.map((line) => field(line, "pause"))),
  };
}

const upstream = await startChildServer(benchUpstreamSource(20));
process.on("exit", upstream.stop);
const figures = new Map<string, Survivors>();

{
  const log = path.join(work, "floor.log");
  writeFileSync(log, "");
  const floor = await startFloorProxy(upstream.origin, [], [TRACE_FLAG]);
  floor.process.stdout!.on("data", (chunk: Buffer) => appendFileSync(log, chunk));
  try {
    figures.set("floor", await measureSurvivors(log, { url: `${floor.origin}/orders/A-1?units=metric` }));
  } finally {
    floor.stop();
  }
}

/** The door server started with `args` (the gateway's or the one-port app's) on database `url`. */
async function measureDoor(variant: string, args: readonly string[], url: string): Promise<void> {
  const token = await prepareBenchDatabase(url, upstream.origin);
  const env = doorServerEnv(url, { NEXTAUTH_URL: DOOR, QUIVER_API_RATE_LIMIT: "100000000/60", QUIVER_GATEWAY_PORT: String(PORT), PORT: String(PORT) });
  const log = path.join(work, `${variant.replaceAll(" ", "-")}.log`);
  const [nodeFlag, ...rest] = args;
  const server = await startDoorServer([nodeFlag!, TRACE_FLAG, ...rest], env, DOOR, "the one-port server needs npx next build", { wrapper: tracedTo(log) });
  try {
    figures.set(variant, await measureSurvivors(log, benchToolCall(DOOR, token, "bench_lookup")));
  } finally {
    await stopServer(server);
  }
}

try {
  await measureEachDoorVariant(work, "quiver_survivors_", measureDoor);
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\nyoung-generation collections during ${CALLS} calls (after ${WARM_CALLS} to warm up), ${CONNECTIONS} connections, 20 ms upstream; medians:`);
for (const [variant, { survivedKb, promotedKb, scavengesPer1000Calls, pauseMs }] of figures) {
  console.log(
    `${variant}: ${survivedKb.toFixed(0)} KB survived and ${promotedKb.toFixed(0)} KB promoted a collection, ${scavengesPer1000Calls.toFixed(2)} collections per 1,000 calls, pause ${pauseMs.toFixed(1)} ms`,
  );
}
process.exit(0);
