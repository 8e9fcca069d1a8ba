import "server-only";

/**
 * The call log's buffer: agent calls are recorded in memory and written in batches (every
 * 500 ms, or at once when 100 are waiting), so the request path never waits for an INSERT. The
 * buffer is flushed when the process is asked to stop (best effort: Next's own handler exits once
 * in-flight requests are done, by which time the batch, one INSERT, has usually been written). Rows older than
 * `QUIVER_CALL_LOG_RETENTION_DAYS` (default 30) are pruned at most once an hour, after a flush.
 * A lost write is logged, never thrown at an agent: the call itself already happened.
 */
import { insertCallLogs, pruneCallLogs, type CallLogEntry } from "./call-log-writes";
import { retentionDaysFromEnv } from "./settings";

export type { CallLogEntry } from "./call-log-writes";

export const FLUSH_INTERVAL_MS = 500;
export const FLUSH_BATCH_SIZE = 100;
/** Buffered rows beyond this are dropped (and counted) if the database stays unreachable. */
const MAX_BUFFERED = 10_000;
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
    console.error(`Could not write ${batch.length} call log entries:`, error);
    return;
  }
  if (Date.now() - lastPrune < PRUNE_INTERVAL_MS) return;
  lastPrune = Date.now();
  const before = new Date(Date.now() - retentionDaysFromEnv(process.env) * 24 * 60 * 60 * 1000);
  await pruneCallLogs(before).catch((error: unknown) => console.error("Could not prune the call log:", error));
}

/** Writes everything buffered now; resolves when it is written (or its failure logged). */
export function flushCallLog(): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const batch = buffer;
  buffer = [];
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
  if (buffer.length >= FLUSH_BATCH_SIZE) void flushCallLog();
  else timer ??= setTimeout(() => void flushCallLog(), FLUSH_INTERVAL_MS);
}
