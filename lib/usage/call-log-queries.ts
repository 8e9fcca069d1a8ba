/**
 * Reading the call log (SPEC §8) for the usage page and the home card. The runtime API writes it
 * (lib/agent-door/call-log-writes.ts); nothing here changes it. Payload columns (arguments, result) are never
 * read: the dashboard shows who called what and how it went, not what was sent.
 */
import "server-only";
import { getDb } from "../db/client";
import type { CallOutcome, CallSample } from "./figures";

/** The newest calls since a moment, at most `limit` of them. */
export interface CallSamples {
  readonly samples: CallSample[];
  /** True when more calls than `limit` were made since then (the oldest ones were left out). */
  readonly truncated: boolean;
}

/**
 * The calls made since `since`, newest first, bounded by `limit` so a busy week cannot load
 * millions of rows into memory; figures are computed from these in lib/usage/figures.ts, which
 * keeps percentiles identical on SQLite and PostgreSQL.
 */
export async function readCallSamples(since: Date, limit: number): Promise<CallSamples> {
  const rows = await getDb().callLog.findMany({
    where: { createdAt: { gte: since } },
    select: { createdAt: true, personaSlug: true, toolName: true, outcome: true, durationMs: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return { samples: rows.slice(0, limit), truncated: rows.length > limit };
}

export interface CallLogFilters {
  readonly personaSlug?: string;
  readonly toolName?: string;
  readonly outcome?: CallOutcome;
}

/** One row of the latest-calls table. */
export interface CallLogEntry {
  readonly id: number;
  readonly createdAt: Date;
  readonly apiKeyName: string;
  readonly personaSlug: string;
  readonly toolName: string;
  readonly channel: string;
  /** The call came through search mode's call_tool. */
  readonly viaSearch: boolean;
  readonly outcome: string;
  readonly errorType: string | null;
  readonly httpStatus: number;
  readonly durationMs: number;
}

function whereOf(filters: CallLogFilters) {
  return {
    ...(filters.personaSlug ? { personaSlug: filters.personaSlug } : {}),
    ...(filters.toolName ? { toolName: filters.toolName } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
  };
}

/** How many recorded calls match `filters` (for the pager). */
export async function countCallLogs(filters: CallLogFilters): Promise<number> {
  return getDb().callLog.count({ where: whereOf(filters) });
}

/** A page of recorded calls matching `filters`, newest first. */
export async function listCallLogs(filters: CallLogFilters, page: { offset: number; limit: number }): Promise<CallLogEntry[]> {
  return getDb().callLog.findMany({
    where: whereOf(filters),
    select: {
      id: true, createdAt: true, apiKeyName: true, personaSlug: true, toolName: true,
      channel: true, viaSearch: true, outcome: true, errorType: true, httpStatus: true, durationMs: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: page.offset,
    take: page.limit,
  });
}

/** How many distinct personas the filter menu offers at most. */
const FACET_LIMIT = 200;

/** The personas that appear in the log, by slug, for the filter menu. */
export async function callLogPersonas(): Promise<string[]> {
  const rows = await getDb().callLog.findMany({ distinct: ["personaSlug"], select: { personaSlug: true }, orderBy: { personaSlug: "asc" }, take: FACET_LIMIT });
  return rows.map((row) => row.personaSlug);
}

/** Whether any agent call was ever logged. */
export async function anyAgentCall(): Promise<boolean> {
  return (await getDb().callLog.findFirst({ select: { id: true } })) !== null;
}
