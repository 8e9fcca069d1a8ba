/**
 * Benchmark: what executing a data-defined tool costs on top of the HTTP request it makes.
 *
 * Against a loopback upstream started here — in a child process, as a real upstream never shares
 * the executor's thread (an in-process server would add its own work, and cache misses, to every
 * call of both sides) — it times N calls through `executeTool` (json_path
 * extract, a query placeholder, a ctx placeholder, a plain and a secret header) and the same
 * request sent directly with undici's `request` through an equivalent pooled Agent, interleaved
 * (alternating which goes first) so both see the same machine state. It then times the executor's
 * own work without the network: a dry run (validation, rendering, preview), injecting the secrets, and the
 * extraction of a canned response. Targets: executor median ≤ 1.15× direct, own overhead < 50 µs.
 *
 * Run: npx tsx bench/executor.ts   (stops by itself; every loop is bounded in count and time)
 */
import { spawn } from "node:child_process";
import { Agent, request } from "undici";
import { DEFAULT_EXECUTION_CONFIG, executeTool, parseToolDefinition } from "../lib/tools";
import { extractResult, injectSecrets, lazyJson, redactJsonValue, redactorFor } from "../lib/tools/testing";

const WARM_UP = 500;
const CALLS = 2_000;
const OFFLINE_CALLS = 20_000;
const TIME_BUDGET_MS = 45_000;
const SECRET = "sk-bench-0123456789abcdef";

const started = performance.now();
const withinBudget = () => performance.now() - started < TIME_BUDGET_MS;

const payload = JSON.stringify({ data: { status: "shipped", id: "A-1", items: [{ sku: "x", qty: 2 }] }, meta: { page: 1 } });

/** The upstream: answers every request with `payload`, prints its port, exits with its parent. */
const UPSTREAM_SOURCE = `
  const payload = ${JSON.stringify(payload)};
  const server = require("node:http").createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(payload);
    });
  });
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
  process.stdin.on("close", () => process.exit(0));
`;

async function startUpstreamProcess(): Promise<{ origin: string; stop: () => void }> {
  const child = spawn(process.execPath, ["-e", UPSTREAM_SOURCE], { stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.stdout.once("data", (data) => resolve(Number(String(data).trim())));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const upstream = await startUpstreamProcess();
process.on("exit", upstream.stop);

const def = parseToolDefinition({
  name: "lookup_order",
  description: "Look up an order by id.",
  parameters: { type: "object", properties: { order_id: { type: "string" }, q: { type: "string" } }, required: ["order_id"] },
  request: {
    method: "GET",
    url: `${upstream.origin}/orders/{{order_id}}`,
    headers: { Accept: "application/json", Authorization: "" },
    query: { q: "{{q}}", tenant: "{{ctx.tenant}}" },
  },
  response: { extract: "json_path", path: "data.status" },
  secret_headers: ["Authorization"],
});
const args = { order_id: "A-1", q: "blue shoes" };
const context = { tenant: "acme" };
const config = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.1"] };
const secretValues = Object.freeze({ Authorization: `Bearer ${SECRET}` });
const secrets = async () => secretValues;

const direct = new Agent();
const directUrl = `${upstream.origin}/orders/A-1?q=blue%20shoes&tenant=acme`;
const directHeaders = { Accept: "application/json", Authorization: `Bearer ${SECRET}` };

async function viaExecutor(): Promise<void> {
  const response = await executeTool(def, args, { context, secrets, config });
  if (!response.ok || response.content !== "shipped") throw new Error(`executor failed: ${JSON.stringify(response)}`);
}

async function viaUndici(): Promise<void> {
  const response = await request(directUrl, { dispatcher: direct, method: "GET", headers: directHeaders });
  const body = JSON.parse(await response.body.text()) as { data: { status: string } };
  if (response.statusCode !== 200 || body.data.status !== "shipped") throw new Error("direct request failed");
}

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const µs = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

for (let i = 0; i < WARM_UP && withinBudget(); i += 1) {
  await viaExecutor();
  await viaUndici();
}

const executorSamples: number[] = [];
const directSamples: number[] = [];
for (let i = 0; i < CALLS && withinBudget(); i += 1) {
  if (i % 2 === 0) {
    executorSamples.push(await timed(viaExecutor));
    directSamples.push(await timed(viaUndici));
  } else {
    directSamples.push(await timed(viaUndici));
    executorSamples.push(await timed(viaExecutor));
  }
}

// The executor's own work, no network: a dry run (everything before sending but the secrets),
// injecting the secrets, and what follows receiving (extracting from the body as received, then
// redacting the result and the body) on a canned response.
const dryRunSamples: number[] = [];
const secretSamples: number[] = [];
const extractionSamples: number[] = [];
const redact = redactorFor([secretValues.Authorization]);
for (let i = 0; i < OFFLINE_CALLS && withinBudget(); i += 1) {
  dryRunSamples.push(await timed(() => executeTool(def, args, { context, secrets, config, dryRun: true }).then(() => undefined)));
  secretSamples.push(await timed(() => injectSecrets(def, secrets).then(() => undefined)));
  const start = performance.now();
  const extracted = extractResult(def, { status: 200, body: payload, retrievedAt: new Date(), json: lazyJson(payload) });
  redactJsonValue(extracted, redact);
  redact(payload);
  extractionSamples.push(performance.now() - start);
}

const executorMedian = percentile(executorSamples, 50);
const directMedian = percentile(directSamples, 50);
const ratio = executorMedian / directMedian;
const dryRunMedian = percentile(dryRunSamples, 50);
const extractionMedian = percentile(extractionSamples, 50);
const secretMedian = percentile(secretSamples, 50);
const overhead = dryRunMedian + secretMedian + extractionMedian;

console.log(`calls: ${executorSamples.length} through executeTool, ${directSamples.length} direct (after ${WARM_UP} warm-up each)`);
console.log(`executeTool   median ${µs(executorMedian)}   p99 ${µs(percentile(executorSamples, 99))}`);
console.log(`undici direct median ${µs(directMedian)}   p99 ${µs(percentile(directSamples, 99))}`);
console.log(`ratio (median) ${ratio.toFixed(3)}×   target ≤ 1.15× ${ratio <= 1.15 ? "MET" : "MISSED"}`);
console.log(`ratio (p99)    ${(percentile(executorSamples, 99) / percentile(directSamples, 99)).toFixed(3)}×`);
console.log(`own overhead, no network (${dryRunSamples.length} calls):`);
console.log(`  dry run (validate + render + preview)           median ${µs(dryRunMedian)}   p99 ${µs(percentile(dryRunSamples, 99))}`);
console.log(`  inject secrets                                 median ${µs(secretMedian)}   p99 ${µs(percentile(secretSamples, 99))}`);
console.log(`  extract, then redact result and body           median ${µs(extractionMedian)}   p99 ${µs(percentile(extractionSamples, 99))}`);
console.log(`  own overhead per call (sum of medians)         ${µs(overhead)}   target < 50 µs ${overhead < 0.05 ? "MET" : "MISSED"}`);
console.log(`elapsed ${((performance.now() - started) / 1000).toFixed(1)} s`);

await direct.close();
upstream.stop();
process.exit(0);
