/**
 * Benchmark: what tracing costs the agents' door (issue 29).
 *
 * 1. In process, with tracing off: the nanoseconds one call of each span helper costs (`traced`,
 *    `annotateSpan`, `outgoingTraceHeaders`) — the whole of what tracing adds to a call when no
 *    exporter is configured — times the helpers an agent's call passes through; and, for
 *    comparison, what the metrics one call records cost (they are always counted).
 * 2. Over HTTP: two `npm run gateway` servers on one fresh SQLite database, one with tracing off,
 *    one exporting every span over OTLP/HTTP to a loopback collector (a child process that counts
 *    the spans it receives), driven by autocannon at BENCH_CONNECTIONS for BENCH_SECONDS against a
 *    20 ms upstream, with the upstream called directly in the same round. Three rounds, off and on
 *    alternating which goes first; per round and as medians it prints p50, p99, req/s and the
 *    gateway's CPU time per call, and then the on − off difference.
 *
 * Run: npm run bench:tracing   (BENCH_SECONDS default 5, BENCH_CONNECTIONS default 10; bounded:
 * 3 rounds × 3 readings of BENCH_SECONDS, about a minute in all)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { countDoorRequest, countToolCall, observeUpstream } from "../lib/observability/metrics";
import { annotateSpan, outgoingTraceHeaders, traced } from "../lib/observability/tracing";
import { benchToolCall, benchUpstreamSource, doorServerEnv, GATEWAY_ARGS, prepareBenchDatabase, startChildServer, startDoorServer, stopServer } from "./support/door-servers";
import { driveLoad, type Figures } from "./support/load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = 3;
const PORTS = { off: 3115, on: 3116 } as const;
/** Spans one runtime API call makes: the request, execute_tool, validation, the upstream exchange. */
const HELPERS_PER_CALL = { traced: 4, annotateSpan: 1, outgoingTraceHeaders: 1 };

/** A collector that accepts OTLP/HTTP JSON on /v1/traces and answers GET /count with how many spans it received. */
const COLLECTOR_SOURCE = `
  let spans = 0;
  const server = require("node:http").createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.method === "POST") spans += (body.match(/"spanId"/g) || []).length;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(request.method === "GET" ? String(spans) : "{}");
    });
  });
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
  process.stdin.on("close", () => process.exit(0));
`;

/** Nanoseconds per call of `work`, over a bounded loop (the best of three passes). */
function nanosPerCall(work: () => unknown, calls = 1_000_000): number {
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass++) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < calls; index++) work();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / calls);
  }
  return best;
}

function helperCosts(): void {
  const costs = {
    traced: nanosPerCall(() => traced("bench", {}, () => 1)),
    annotateSpan: nanosPerCall(() => annotateSpan({ "quiver.persona": "bench" })),
    outgoingTraceHeaders: nanosPerCall(() => outgoingTraceHeaders()),
  };
  console.log("1. Span helpers with tracing off (in process, best of three passes of 1,000,000 calls):");
  let perCall = 0;
  for (const [helper, nanos] of Object.entries(costs)) {
    const uses = HELPERS_PER_CALL[helper as keyof typeof HELPERS_PER_CALL];
    perCall += nanos * uses;
    console.log(`   ${helper.padEnd(22)} ${nanos.toFixed(1).padStart(6)} ns a call, ${uses}× per agent call`);
  }
  console.log(`   => ${(perCall / 1000).toFixed(3)} µs of an agent call's work with tracing off`);
  // Metrics are always counted; what one runtime API call adds to them, for comparison.
  const metrics = nanosPerCall(() => {
    countDoorRequest("api", 200, 0.021);
    countToolCall({ door: "api", persona: "bench", tool: "bench_lookup", outcome: "success", errorType: null });
    observeUpstream("bench_lookup", "2xx", 0.02);
  }, 200_000);
  console.log(`   metrics one call records (door request and latency, tool call, upstream latency): ${(metrics / 1000).toFixed(2)} µs\n`);
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const row = (label: string, f: Figures) =>
  `   ${label.padEnd(12)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms` +
  `${f.cpuPerRequest === null ? "" : `   CPU ${f.cpuPerRequest.toFixed(2)} ms/call`}   failures ${f.failures}   load ${f.load[0].toFixed(1)}→${f.load[1].toFixed(1)}`;

async function overHttp(): Promise<void> {
  const upstream = await startChildServer(benchUpstreamSource(20));
  const collector = await startChildServer(COLLECTOR_SOURCE);
  const folder = mkdtempSync(path.join(tmpdir(), "quiver-bench-tracing-"));
  const url = `file:${path.join(folder, "bench.db")}`;
  const token = await prepareBenchDatabase(url, upstream.origin);
  const env = (port: number, tracing: Record<string, string>) =>
    doorServerEnv(url, { NEXTAUTH_URL: "http://127.0.0.1:3000", QUIVER_API_RATE_LIMIT: "100000000/60", QUIVER_GATEWAY_PORT: String(port), ...tracing });
  const origins = { off: `http://127.0.0.1:${PORTS.off}`, on: `http://127.0.0.1:${PORTS.on}` };
  const servers = {
    off: await startDoorServer(GATEWAY_ARGS, env(PORTS.off, {}), origins.off, "tracing off"),
    on: await startDoorServer(GATEWAY_ARGS, env(PORTS.on, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin }), origins.on, "tracing on"),
  };
  const callOptions = (origin: string) => benchToolCall(origin, token, "bench_lookup");
  const load = { connections: CONNECTIONS, duration: SECONDS };
  const readings: Record<"direct" | "off" | "on", Figures[]> = { direct: [], off: [], on: [] };
  try {
    // Warm both (JIT, pools, the snapshot) before anything is measured.
    for (const kind of ["off", "on"] as const) await driveLoad({ ...callOptions(origins[kind]), connections: CONNECTIONS, duration: 2 });
    console.log(`2. The gateway on SQLite, ${CONNECTIONS} connections, ${SECONDS} s a reading, 20 ms upstream, ${availableParallelism()} cores:`);
    for (let round = 1; round <= ROUNDS; round++) {
      readings.direct.push(await driveLoad({ url: `${upstream.origin}/orders/A-1?units=metric`, ...load }));
      const order = round % 2 === 1 ? (["off", "on"] as const) : (["on", "off"] as const);
      for (const kind of order) readings[kind].push(await driveLoad({ ...callOptions(origins[kind]), ...load }, servers[kind]));
      console.log(`   round ${round}`);
      for (const kind of ["direct", "off", "on"] as const) console.log(row(kind === "direct" ? "direct" : `tracing ${kind}`, readings[kind].at(-1)!));
    }
  } finally {
    await stopServer(servers.off);
    // A stopping gateway sends the spans it still holds before it exits.
    await stopServer(servers.on);
    const received = await fetch(`${collector.origin}/count`).then((response) => response.text(), () => "?");
    const calls = readings.on.reduce((sum, figures) => sum + figures.rps * SECONDS, 0);
    console.log(`   the collector received ${received} spans (about ${calls.toFixed(0)} measured calls and the warm-up's)`);
    upstream.stop();
    collector.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  const summary = (kind: "direct" | "off" | "on") => ({
    p50: median(readings[kind].map((f) => f.p50)),
    p99: median(readings[kind].map((f) => f.p99)),
    rps: median(readings[kind].map((f) => f.rps)),
    cpu: median(readings[kind].map((f) => f.cpuPerRequest ?? Number.NaN)),
  });
  const [direct, off, on] = [summary("direct"), summary("off"), summary("on")];
  const line = (label: string, s: ReturnType<typeof summary>) =>
    `${label}: p50 overhead ${s.p50 - direct.p50} ms, p99 overhead ${s.p99 - direct.p99} ms, throughput ${((s.rps / direct.rps) * 100).toFixed(1)}% of direct, app CPU ${s.cpu.toFixed(2)} ms/call`;
  console.log(`\nMedians of ${ROUNDS} rounds:`);
  console.log(line("tracing off", off));
  console.log(line("tracing on", on));
  console.log(`tracing on − off: p50 ${on.p50 - off.p50} ms, p99 ${on.p99 - off.p99} ms, throughput ${(((on.rps - off.rps) / off.rps) * 100).toFixed(1)}%, app CPU ${(on.cpu - off.cpu).toFixed(2)} ms/call`);
}

helperCosts();
await overHttp();
