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

/** What a shared limiter allows: `points` per `durationSeconds`, then blocked for `blockSeconds` (0: until the window ends). */
export interface SharedLimiterOptions {
  readonly points: number;
  readonly durationSeconds: number;
  readonly blockSeconds: number;
}

/**
 * The rate-limiter-flexible limiter `name` (keys stored as `name:key`) on the `rate_limits` table of
 * the current database client — the one factory behind sign-in throttling and the runtime API's
 * per-key limit. Created once per client and name; `options` of the first call win.
 */
export function sharedLimiter(name: string, options: SharedLimiterOptions): RateLimiterPrisma {
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
      points: options.points,
      duration: options.durationSeconds,
      blockDuration: options.blockSeconds,
    });
    byName.set(name, found);
  }
  return found;
}

/** The failure counter `name` (its keys are stored as `name:key`) with `policy`. */
export function failureCounter(name: string, policy: FailurePolicy): FailureCounter {
  // The store locks when the count goes over `points`, so the limit-th failure is the one that locks.
  const points = policy.limit - 1;

  const limiter = () => sharedLimiter(name, { points, durationSeconds: policy.windowSeconds, blockSeconds: policy.lockSeconds });

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
