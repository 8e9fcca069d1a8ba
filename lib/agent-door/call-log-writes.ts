import "server-only";
/**
 * The call log's writes (SPEC §8): one row per agent call through the runtime API or the MCP
 * server. Rows arrive in batches from the runtime's buffer (lib/agent-door/call-log.ts),
 * never one INSERT per call; reads are in call-log-queries.ts.
 */
import { getDb, Prisma } from "../db/client";

export interface CallLogEntry {
  readonly createdAt: Date;
  readonly apiKeyId: string | null;
  readonly apiKeyName: string;
  readonly personaSlug: string;
  readonly toolName: string;
  readonly channel: "api" | "mcp";
  /** The call came through search mode's call_tool (absent: it did not). */
  readonly viaSearch?: boolean;
  readonly outcome: "success" | "halt" | "error";
  readonly errorType: string | null;
  readonly httpStatus: number;
  readonly durationMs: number;
  /** JSON texts, already redacted and capped; null unless the persona logs payloads. */
  readonly arguments: string | null;
  readonly result: string | null;
}

/** Rows per INSERT: 13 parameters each, far below SQLite's and PostgreSQL's parameter limits. */
const ROWS_PER_STATEMENT = 500;

const rowValues = (entry: CallLogEntry) =>
  Prisma.sql`(${entry.createdAt}, ${entry.apiKeyId}, ${entry.apiKeyName}, ${entry.personaSlug}, ${entry.toolName}, ${entry.channel},
    ${entry.outcome}, ${entry.errorType}, ${entry.httpStatus}, ${entry.durationMs}, ${entry.arguments}, ${entry.result}, ${entry.viaSearch === true})`;

/**
 * Inserts `entries`, one multi-row INSERT per 500, all or none (a batch that failed is written
 * again whole, call-log.ts). Returns how many were written. Raw SQL, not
 * `createMany`: Prisma's query compiler spent ~23 ms of CPU on a batch of 100 (~5 ms on one row),
 * on the event loop that answers agents, where this INSERT takes a fraction of a millisecond. Dates
 * are stored exactly as Prisma stores them (call-logs.test.ts reads them back through Prisma).
 */
export async function insertCallLogs(entries: readonly CallLogEntry[]): Promise<number> {
  const db = getDb();
  const statements = [];
  for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
    const rows = entries.slice(start, start + ROWS_PER_STATEMENT).map(rowValues);
    statements.push(db.$executeRaw`
      INSERT INTO call_logs (created_at, api_key_id, api_key_name, persona_slug, tool_name, channel,
                             outcome, error_type, http_status, duration_ms, arguments, result, via_search)
      VALUES ${Prisma.join(rows)}`);
  }
  if (statements.length === 0) return 0;
  const counts = statements.length === 1 ? [await statements[0]!] : await db.$transaction(statements);
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Deletes every call logged before `before` (retention). Returns how many went. */
export async function pruneCallLogs(before: Date): Promise<number> {
  const { count } = await getDb().callLog.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}
