import "server-only";

/**
 * The call log's buffer: agent calls are recorded in memory and written in batches (every
 * 500 ms, or at once when 100 are waiting), so the request path never waits for an INSERT. The
 * buffer is flushed when the process is asked to stop (best effort: Next's own handler exits once
 * in-flight requests are done, by which time the batch, one INSERT, has usually been written). Rows older than
 * `QUIVER_CALL_LOG_RETENTION_DAYS` (default 30) are pruned at most once an hour, after a flush.
 * A failed write is logged, never thrown at an agent: the call itself already happened. Its rows
 * go back to the front of the buffer and are written again {@link RETRY_INTERVAL_MS} later, so a
 * database restart loses no row (issue 25); only past {@link MAX_BUFFERED} waiting rows are new
 * entries dropped, and counted in the log.
 */
import { insertCallLogs, pruneCallLogs, type CallLogEntry } from "./call-log-writes";
import { retentionDaysFromEnv } from "./settings";
import { databaseFailureReason } from "../db/unavailable";
import { countCallLogFlushFailure, setCallLogBuffered } from "../observability/metrics";

export type { CallLogEntry } from "./call-log-writes";

export const FLUSH_INTERVAL_MS = 500;
export const FLUSH_BATCH_SIZE = 100;
/** Buffered rows beyond this are dropped (and counted) if the database stays unreachable. */
const MAX_BUFFERED = 10_000;
/** How long a failed batch waits before it is written again. */
export const RETRY_INTERVAL_MS = 1_000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Arguments and results kept in the log are cut to this many characters. */
export const PAYLOAD_LOG_LIMIT = 4096;

/** A payload as the log keeps it: JSON text cut to {@link PAYLOAD_LOG_LIMIT} characters. */
export function logPayload(value: unknown): string {
  const text = JSON.stringify(value ?? null) ?? "null";
  return text.length <= PAYLOAD_LOG_LIMIT ? text : `${text.slice(0, PAYLOAD_LOG_LIMIT)}…`;
}

let buffer: CallLogEntry[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let flushing: Promise<void> = Promise.resolve();
let lastPrune = 0;
/** A failed batch waits for its retry: new entries do not hurry the next write meanwhile. */
let retryPending = false;
let hooked = false;

function hookShutdown(): void {
  if (hooked) return;
  hooked = true;
  process.once("beforeExit", () => void flushCallLog());
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // Next's server also listens, closes and exits; where nothing else does, stop as the signal would.
      void flushCallLog().finally(() => {
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    });
  }
}

async function write(batch: CallLogEntry[]): Promise<void> {
  try {
    await insertCallLogs(batch);
  } catch (error) {
    console.error(`Could not write ${batch.length} call log entries; trying again in ${RETRY_INTERVAL_MS} ms (${databaseFailureReason(error)}).`);
    countCallLogFlushFailure();
    keepForRetry(batch);
    return;
  }
  if (Date.now() - lastPrune < PRUNE_INTERVAL_MS) return;
  lastPrune = Date.now();
  const before = new Date(Date.now() - retentionDaysFromEnv(process.env) * 24 * 60 * 60 * 1000);
  await pruneCallLogs(before).catch((error: unknown) => console.error("Could not prune the call log:", error));
}

/** Puts a batch that could not be written back in front of the buffer, and schedules the next attempt. */
function keepForRetry(batch: CallLogEntry[]): void {
  buffer = batch.concat(buffer);
  if (buffer.length > MAX_BUFFERED) {
    console.error(`The call log buffer is full; ${buffer.length - MAX_BUFFERED} entries were dropped.`);
    buffer.length = MAX_BUFFERED;
  }
  setCallLogBuffered(buffer.length);
  if (timer !== null) clearTimeout(timer);
  retryPending = true;
  // Unref'd: a process that is stopping does not wait on a database that is not there.
  timer = setTimeout(() => void flushCallLog(), RETRY_INTERVAL_MS).unref();
}

/** Writes everything buffered now; resolves when it is written, or its failure logged and its rows kept for a retry. */
export function flushCallLog(): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  retryPending = false;
  const batch = buffer;
  buffer = [];
  setCallLogBuffered(0);
  // Batches are written one after another, so rows keep their order and connections are not piled up.
  flushing = flushing.then(() => (batch.length > 0 ? write(batch) : undefined));
  return flushing;
}

/** Buffers one call's entry; it is written within {@link FLUSH_INTERVAL_MS}. */
export function recordAgentCall(entry: CallLogEntry): void {
  hookShutdown();
  if (buffer.length >= MAX_BUFFERED) {
    console.error("The call log buffer is full; an entry was dropped.");
    return;
  }
  buffer.push(entry);
  setCallLogBuffered(buffer.length);
  if (buffer.length >= FLUSH_BATCH_SIZE && !retryPending) void flushCallLog();
  else timer ??= setTimeout(() => void flushCallLog(), FLUSH_INTERVAL_MS);
}
