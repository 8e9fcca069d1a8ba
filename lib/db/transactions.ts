/**
 * Transactions and the database errors lib/db turns into expected errors. Every mutating
 * data-access function runs its reads, its writes and its audit event in one transaction.
 */
import { ConflictError } from "../errors";
import { getDb, type Tx } from "./client";

/** Generous bounds: a loaded machine must not fail a save that is merely slow. */
const WAIT_MS = 10_000;
const TIMEOUT_MS = 20_000;

export interface TransactionOptions {
  /**
   * Run under SERIALIZABLE isolation, for checks that span rows (the last-admin guard): two
   * concurrent changes cannot both pass. SQLite always serialises writers.
   */
  readonly serializable?: boolean;
}

/** Runs `work` in one transaction; a serialization failure becomes a ConflictError. */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  try {
    return await getDb().$transaction(work, {
      maxWait: WAIT_MS,
      timeout: TIMEOUT_MS,
      ...(options.serializable ? { isolationLevel: "Serializable" as const } : {}),
    });
  } catch (error) {
    if (hasPrismaCode(error, "P2034")) {
      throw new ConflictError("Someone else made a change at the same moment. Reload and try again.");
    }
    throw error;
  }
}

/** True for Prisma's known request error `code` (P2002 unique violation, P2003 foreign key…). */
export function hasPrismaCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

/** True when `error` is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasPrismaCode(error, "P2002");
}
