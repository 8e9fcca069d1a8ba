/**
 * Test support for change events (lib/db/change-signal.ts). PostgreSQL delivers notifications
 * asynchronously, in commit order: `awaitChangeEvents(db)` sends a marker of its own after
 * everything committed so far and waits until this process's listener has heard it — by then it
 * has heard every earlier change too. `awaitListening(db)` waits for the listener to be up. Both
 * return at once on SQLite, whose signal is read synchronously from the file.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../client";
import { changeSignalOf, CHANGE_CHANNEL, type ListeningSignal } from "../change-signal";
import { dialectOf, postgresTarget } from "../database-url";

const WAIT_MS = 10_000;

function listeningSignalOf(db: Db, url: string): ListeningSignal | null {
  return dialectOf(url) === "postgresql" ? (changeSignalOf(db) as ListeningSignal) : null;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Waits until `db`'s change listener (database `url`) is listening. */
export async function awaitListening(db: Db, url: string): Promise<void> {
  const signal = listeningSignalOf(db, url);
  if (signal !== null) await untilListening(signal);
}

async function untilListening(signal: ListeningSignal): Promise<void> {
  signal.token();
  await until(() => signal.token() !== null, "the change listener to connect");
}

/**
 * Waits until `db`'s listener (or `signal`, another listener on the same database) has heard
 * every change committed before this call.
 */
export async function awaitChangeEvents(db: Db, url: string, signal: ListeningSignal | null = listeningSignalOf(db, url)): Promise<void> {
  if (signal === null) return;
  await untilListening(signal);
  const marker = `${postgresTarget(url).schema} marker-${randomBytes(6).toString("hex")}`;
  await db.$queryRaw`SELECT pg_notify(${CHANGE_CHANNEL}, ${marker})::text AS sent`;
  await until(() => signal.lastHeard() === marker, "the change listener to hear a marker");
}
