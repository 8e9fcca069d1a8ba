/**
 * Benchmark: the tool list's server time with 5,000 tools, on SQLite and on PostgreSQL.
 *
 * Seeds a throwaway database of each dialect — the SQLite file data/bench-tools.db, and, when a
 * server answers on loopback, the PostgreSQL schema bench_tools_<pid> — with the catalog of
 * tool-catalog.ts (the first tool saved through saveTool, and checked against the bulk rows), then
 * times what the list page asks of lib/ per request: listToolsForDashboard, one page of 50 with
 * the filter menus, in several scenarios. Prints p50/p95/max per scenario per database and
 * whether p95 is under the 150 ms target. Both databases are removed afterwards.
 *
 * Run: npm run bench:tool-list   (stops by itself; every loop is bounded in count and time)
 */
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SYSTEM_ACTOR } from "../lib/audit/events";
import { createDb, setDb } from "../lib/db/client";
import { saveTool } from "../lib/catalog/tool-saves";
import { listToolsForDashboard, type ToolListQuery } from "../lib/catalog/tool-list";
import { applyPendingMigrations } from "../lib/db/migrations/apply-migrations";
import { benchTools, insertTools, toolColumns } from "./tool-catalog";

const TOOLS = 5_000;
const PAGE_SIZE = 50;
const WARM_UP = 10;
const ITERATIONS = 100;
const BUDGET_PER_DATABASE_MS = 90_000;
const TARGET_P95_MS = 150;
const SQLITE_FILE = path.resolve("data/bench-tools.db");
const POSTGRES_SERVER = "postgresql://postgres@127.0.0.1:5432/test";
const POSTGRES_SCHEMA = `bench_tools_${process.pid}`;

const SCENARIOS: [string, ToolListQuery][] = [
  ["no filter, page 1", { offset: 0, limit: PAGE_SIZE }],
  ["no filter, page 50", { offset: 49 * PAGE_SIZE, limit: PAGE_SIZE }],
  ['search "GRÖßE UND"', { search: "GRÖßE UND", offset: 0, limit: PAGE_SIZE }],
  ['search "invoice"', { search: "invoice", offset: 0, limit: PAGE_SIZE }],
  ["group billing", { group: "billing", offset: 0, limit: PAGE_SIZE }],
  ["tag gdpr", { tag: "gdpr", offset: 0, limit: PAGE_SIZE }],
  ["POST with side effect", { method: "POST", sideEffect: true, offset: 0, limit: PAGE_SIZE }],
  ["sorted by update, page 2", { sort: "updated", offset: PAGE_SIZE, limit: PAGE_SIZE }],
];

interface Measured {
  readonly database: string;
  readonly scenario: string;
  readonly total: number;
  readonly samples: number[];
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropPostgresSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${POSTGRES_SCHEMA}" CASCADE`);
  await client.end();
}

function removeSqliteFile(): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${SQLITE_FILE}${suffix}`, { force: true });
}

/** Migrates and seeds the database at `url`, then times every scenario against it. */
async function measure(database: string, url: string): Promise<Measured[]> {
  await applyPendingMigrations(url);
  const db = createDb(url);
  setDb(db);
  try {
    const seedStarted = performance.now();
    const [first, ...rest] = benchTools(TOOLS);
    const actor = { ...SYSTEM_ACTOR, email: "bench@example.com" };
    await saveTool({ definition: first!.definition, baseVersion: null, actor });
    const saved = await db.tool.findUniqueOrThrow({ where: { name: first!.definition.name } });
    const expected = toolColumns(first!.definition, actor.email);
    for (const [column, value] of Object.entries(expected)) {
      if (saved[column as keyof typeof saved] !== value) throw new Error(`bulk rows differ from saveTool's in column ${column}`);
    }
    await insertTools(db, rest, actor.email);
    console.log(`${database}: seeded ${await db.tool.count()} tools in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const started = performance.now();
    const results: Measured[] = [];
    for (const [scenario, query] of SCENARIOS) {
      let total = 0;
      for (let i = 0; i < WARM_UP; i += 1) total = (await listToolsForDashboard(query)).total;
      const samples: number[] = [];
      for (let i = 0; i < ITERATIONS && performance.now() - started < BUDGET_PER_DATABASE_MS; i += 1) {
        const start = performance.now();
        await listToolsForDashboard(query);
        samples.push(performance.now() - start);
      }
      results.push({ database, scenario, total, samples });
    }
    return results;
  } finally {
    await db.$disconnect();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

function report(results: readonly Measured[]): void {
  console.log(`\n${"database".padEnd(11)}${"scenario".padEnd(27)}${"matches".padStart(8)}${"n".padStart(5)}${"p50".padStart(9)}${"p95".padStart(9)}${"max".padStart(9)}  p95 < ${TARGET_P95_MS} ms`);
  for (const { database, scenario, total, samples } of results) {
    const p95 = percentile(samples, 95);
    console.log(
      `${database.padEnd(11)}${scenario.padEnd(27)}${String(total).padStart(8)}${String(samples.length).padStart(5)}` +
        `${ms(percentile(samples, 50))}${ms(p95)}${ms(Math.max(...samples))}  ${p95 < TARGET_P95_MS ? "MET" : "MISSED"}`,
    );
  }
}

const started = performance.now();
const results: Measured[] = [];
removeSqliteFile();
try {
  results.push(...(await measure("sqlite", `file:${SQLITE_FILE}`)));
} finally {
  removeSqliteFile();
}
if (await postgresReachable()) {
  const url = new URL(POSTGRES_SERVER);
  url.searchParams.set("schema", POSTGRES_SCHEMA);
  try {
    results.push(...(await measure("postgresql", url.toString())));
  } finally {
    await dropPostgresSchema();
  }
} else {
  console.log(`PostgreSQL not reachable at ${POSTGRES_SERVER}: SQLite only.`);
}
report(results);
console.log(`\n${TOOLS} tools, pages of ${PAGE_SIZE}, ${ITERATIONS} timed calls per scenario after ${WARM_UP} warm-up; elapsed ${((performance.now() - started) / 1000).toFixed(1)} s`);
// The wasm migration engine leaves a timer behind on PostgreSQL; every connection is closed by now.
process.exit(0);
