/**
 * Failure counters kept in the shared `rate_limits` table (the RateLimiterFlexible model), through
 * rate-limiter-flexible's Prisma store on our driver-adapter client: every instance of the app
 * sees the same counts, on SQLite and PostgreSQL alike. A counter counts failures per key within a
 * window and, at its limit, locks the key for a while; the lock holds however many failures follow.
 */
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { getDb, type Db } from "./client";

export interface FailurePolicy {
  /** Failures within the window that lock the key. */
  readonly limit: number;
  /** How long failures are remembered, counted from the first one. */
  readonly windowSeconds: number;
  /** How long a key stays locked once it reaches the limit. */
  readonly lockSeconds: number;
}

export interface FailureState {
  /** Failures in the current window (0 when none or when it expired). */
  readonly failures: number;
  /** Milliseconds until the key unlocks; 0 when it is not locked. */
  readonly lockedForMs: number;
}

export interface FailureCounter {
  /** The key's failures and lock now. */
  state(key: string): Promise<FailureState>;
  /** Counts one failure for `key`; the state after it. */
  fail(key: string): Promise<FailureState>;
  /** Forgets the key's failures (and any lock). */
  clear(key: string): Promise<void>;
}

/** The store's limiters, one per database client and counter name (tests switch databases). */
const limiters = new WeakMap<Db, Map<string, RateLimiterPrisma>>();

/** The failure counter `name` (its keys are stored as `name:key`) with `policy`. */
export function failureCounter(name: string, policy: FailurePolicy): FailureCounter {
  // The store locks when the count goes over `points`, so the limit-th failure is the one that locks.
  const points = policy.limit - 1;

  function limiter(): RateLimiterPrisma {
    const db = getDb();
    let byName = limiters.get(db);
    if (!byName) limiters.set(db, (byName = new Map()));
    let found = byName.get(name);
    if (!found) {
      found = new RateLimiterPrisma({
        storeClient: db,
        // The Prisma client names the model's delegate in camelCase.
        tableName: "rateLimiterFlexible",
        keyPrefix: name,
        points,
        duration: policy.windowSeconds,
        blockDuration: policy.lockSeconds,
      });
      byName.set(name, found);
    }
    return found;
  }

  const stateOf = (result: RateLimiterRes | null): FailureState =>
    result === null
      ? { failures: 0, lockedForMs: 0 }
      : { failures: result.consumedPoints, lockedForMs: result.consumedPoints > points ? Math.max(result.msBeforeNext, 0) : 0 };

  return {
    async state(key) {
      return stateOf(await limiter().get(key));
    },
    async fail(key) {
      try {
        return stateOf(await limiter().consume(key));
      } catch (refusal) {
        // Over the limit the store rejects with the counter's state; anything else is a real error.
        if (refusal instanceof RateLimiterRes) return stateOf(refusal);
        throw refusal;
      }
    },
    async clear(key) {
      await limiter().delete(key);
    },
  };
}
