/**
 * The call log's writes (SPEC §8): one row per agent call through the runtime API or the MCP
 * server. Rows arrive in batches from the runtime's buffer (lib/runtime/agent-door/call-log.ts),
 * never one INSERT per call; reads are in call-log-queries.ts.
 */
import { getDb } from "./client";

export interface CallLogEntry {
  readonly createdAt: Date;
  readonly apiKeyId: string | null;
  readonly apiKeyName: string;
  readonly personaSlug: string;
  readonly toolName: string;
  readonly channel: "api" | "mcp";
  readonly outcome: "success" | "halt" | "error";
  readonly errorType: string | null;
  readonly httpStatus: number;
  readonly durationMs: number;
  /** JSON texts, already redacted and capped; null unless the persona logs payloads. */
  readonly arguments: string | null;
  readonly result: string | null;
}

/** Inserts `entries` in one statement. Returns how many were written. */
export async function insertCallLogs(entries: readonly CallLogEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const { count } = await getDb().callLog.createMany({ data: entries.map((entry) => ({ ...entry })) });
  return count;
}

/** Deletes every call logged before `before` (retention). Returns how many went. */
export async function pruneCallLogs(before: Date): Promise<number> {
  const { count } = await getDb().callLog.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}
