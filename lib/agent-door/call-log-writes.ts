import "server-only";
/**
 * The call log's writes (SPEC §8): one row per agent call through the runtime API or the MCP
 * server. Rows arrive in batches from the runtime's buffer (lib/agent-door/call-log.ts),
 * never one INSERT per call; reads are in call-log-queries.ts.
 */
import { dialectOfClient } from "../catalog";
import { getDb, Prisma } from "../db/client";
import type { Dialect } from "../db/database-url";

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

const COLUMNS = Prisma.raw(
  "(created_at, api_key_id, api_key_name, persona_slug, tool_name, channel, outcome, error_type, http_status, duration_ms, arguments, result, via_search)",
);

/** SQLite's DateTime text as Prisma's adapter writes it (`2030-01-02T00:00:00.123+00:00`), so Prisma reads it back alike. */
const sqliteDateTime = (date: Date) => date.toISOString().replace(/Z$/, "+00:00");

/** One row as a JSON array in {@link COLUMNS}' order. */
function rowOf(entry: CallLogEntry, dialect: Dialect): unknown[] {
  const createdAt = dialect === "sqlite" ? sqliteDateTime(entry.createdAt) : entry.createdAt.toISOString();
  return [
    createdAt, entry.apiKeyId, entry.apiKeyName, entry.personaSlug, entry.toolName, entry.channel,
    entry.outcome, entry.errorType, entry.httpStatus, entry.durationMs, entry.arguments, entry.result, entry.viaSearch === true,
  ];
}

/**
 * Inserts `entries` in one statement, all or none (a batch that failed is written again whole,
 * call-log.ts). Returns how many were written. The rows travel as one JSON parameter that the
 * database unpacks (SQLite's `json_each`, PostgreSQL's `jsonb_array_elements`): Prisma's handling
 * of a parameter costs microseconds each — a multi-row VALUES list of 13 per row took ~5.5 ms of
 * CPU for 100 rows, on the event loop that answers agents, where SQLite itself needs 0.5 ms — and
 * `createMany` cost more still (~23 ms). Dates are stored exactly as Prisma stores them
 * (call-log-writes.test.ts reads them back through Prisma on both dialects).
 */
export async function insertCallLogs(entries: readonly CallLogEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const db = getDb();
  const dialect = dialectOfClient(db);
  const rows = JSON.stringify(entries.map((entry) => rowOf(entry, dialect)));
  if (dialect === "sqlite") {
    return db.$executeRaw`
      INSERT INTO call_logs ${COLUMNS}
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
             json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]'), json_extract(value, '$[7]'),
             json_extract(value, '$[8]'), json_extract(value, '$[9]'), json_extract(value, '$[10]'), json_extract(value, '$[11]'),
             json_extract(value, '$[12]')
      FROM json_each(${rows})`;
  }
  return db.$executeRaw`
    INSERT INTO call_logs ${COLUMNS}
    SELECT (r->>0)::timestamp(3), r->>1, r->>2, r->>3, r->>4, r->>5, r->>6, r->>7,
           (r->>8)::integer, (r->>9)::double precision, r->>10, r->>11, (r->>12)::boolean
    FROM jsonb_array_elements(${rows}::jsonb) AS r`;
}

/** Deletes every call logged before `before` (retention). Returns how many went. */
export async function pruneCallLogs(before: Date): Promise<number> {
  const { count } = await getDb().callLog.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}
