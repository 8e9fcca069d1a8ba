/**
 * Transactions and the database errors lib/db turns into expected errors. Every mutating
 * data-access function runs its reads, its writes and its audit event in one transaction.
 */
import { ConflictError } from "../errors";
import { changeSignalOf } from "./change-signal";
import { getDb, type Tx } from "./client";

/** Generous bounds: a loaded machine must not fail a save that is merely slow. */
const WAIT_MS = 10_000;
const TIMEOUT_MS = 20_000;
/** Before another attempt, a lost race waits up to this many ms times the attempts so far (at random). */
export const RETRY_JITTER_MS = 25;

/**
 * A random pause before attempt `attempt + 1`: two transactions that collided and retried at once
 * would likely collide again while the winner is still committing; spread out, the retry starts
 * after it.
 */
function backOff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_JITTER_MS * attempt));
}

export interface TransactionOptions {
  /**
   * Run under SERIALIZABLE isolation, for checks that span rows (the last-admin guard, the persona
   * tree): two concurrent changes cannot both pass. SQLite always serialises writers.
   */
  readonly serializable?: boolean;
  /**
   * How many times to run `work` while it loses races (a {@link LostRace}, or a serialization
   * failure under `serializable`); then a ConflictError. Default 1. Only for work that re-reads
   * everything it decides on, so running it again re-applies the caller's intention.
   */
  readonly attempts?: number;
}

/**
 * Thrown by `work` when its compare-and-set found the row changed since it read it: the
 * transaction rolls back and, while attempts remain, runs again.
 */
export class LostRace extends Error {
  constructor() {
    super("The row changed while this transaction worked on it.");
    this.name = "LostRace";
  }
}

/**
 * Runs `work` in one transaction; a race it keeps losing becomes a ConflictError. Once it has
 * committed, this process's change signal hears of it at once (what it remembers of the stored
 * state is read again on its next use), before the database's own announcement to the other
 * instances arrives — a save is in the door's very next answer here (lib/db/change-signal.ts).
 */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 1;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const db = getDb();
      const result = await db.$transaction(work, {
        maxWait: WAIT_MS,
        timeout: TIMEOUT_MS,
        ...(options.serializable ? { isolationLevel: "Serializable" as const } : {}),
      });
      changeSignalOf(db).changedHere();
      return result;
    } catch (error) {
      if (!(error instanceof LostRace) && !isSerializationFailure(error)) throw error;
      if (attempt >= attempts) {
        throw new ConflictError("Someone else made a change at the same moment. Reload and try again.");
      }
      await backOff(attempt);
    }
  }
}

/**
 * True when the database refused the transaction to keep it serializable (PostgreSQL 40001, or a
 * deadlock). Prisma reports it as P2034 when a query fails, but a failed COMMIT reaches us as the
 * driver adapter's own error, whose cause names the kind.
 */
function isSerializationFailure(error: unknown): boolean {
  if (hasPrismaCode(error, "P2034")) return true;
  if (!(error instanceof Error) || error.name !== "DriverAdapterError") return false;
  const cause = error.cause;
  return typeof cause === "object" && cause !== null && (cause as { kind?: unknown }).kind === "TransactionWriteConflict";
}

/** True for Prisma's known request error `code` (P2002 unique violation, P2003 foreign key…). */
export function hasPrismaCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

/** True when `error` is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasPrismaCode(error, "P2002");
}
