/**
 * Whether an error means the database cannot answer right now — it is down, restarting, cut off,
 * out of connections, or (SQLite) locked past the busy timeout — rather than that a query was
 * wrong (issue 25). The agents' door answers such a failure with 503 and Retry-After instead of
 * a 500, and the call log keeps the rows it could not write for the next attempt.
 *
 * Errors reach us in several wrappings: Prisma's known request errors (P1001 "can't reach", …),
 * the driver adapter's error whose `cause.kind` names the failure (or whose `cause` carries
 * PostgreSQL's SQLSTATE), and the raw `pg` error when a connection dies mid-query. Each level of
 * `cause` and Prisma's `meta.driverAdapterError` is looked at.
 */

/** Prisma's codes for a database it cannot reach or that stopped answering. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

/** The driver adapters' error kinds for the same. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (the server is shutting
 * down, crashed, or starting up: what a restart answers), 53300 (too many connections).
 */
const POSTGRES_STATE = /^(08\d{3}|08P01|57P0[123]|53300)$/;

/** System and SQLite codes. */
const SYSTEM_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "SQLITE_BUSY", "SQLITE_LOCKED"]);

/** What `pg` says when a connection ends under a query or cannot be opened in time. */
const DRIVER_MESSAGES = /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|database is locked)$/;

const MAX_DEPTH = 6;

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableAt(error, 0);
}

function unavailableAt(error: unknown, depth: number): boolean {
  if (typeof error !== "object" || error === null || depth > MAX_DEPTH) return false;
  const { code, kind, originalCode, message, cause, meta } = error as Record<string, unknown>;
  if (typeof code === "string" && (PRISMA_CODES.has(code) || SYSTEM_CODES.has(code) || POSTGRES_STATE.test(code))) return true;
  if (typeof originalCode === "string" && (POSTGRES_STATE.test(originalCode) || SYSTEM_CODES.has(originalCode))) return true;
  if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
  if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
  const adapterError = typeof meta === "object" && meta !== null ? (meta as { driverAdapterError?: unknown }).driverAdapterError : undefined;
  return unavailableAt(cause, depth + 1) || unavailableAt(adapterError, depth + 1);
}

/**
 * A database error in one line, for a log: Prisma's messages start with lines naming the
 * invocation and end with what the database said.
 */
export function databaseFailureReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim().split("\n").at(-1)?.trim() || text;
}
