import "server-only";

/**
 * The runtime API's per-key rate limit (SPEC §8): `QUIVER_API_RATE_LIMIT` as `calls/seconds`
 * (default 120 per 60 seconds), counted by rate-limiter-flexible's Prisma store in the shared
 * `rate_limits` table, so every instance draws from the same allowance.
 *
 * A counter write per call would cost more than everything else on the call path (on SQLite a
 * write is a synced transaction, ~5–15 ms here), so far from the limit an instance counts calls
 * locally and adds them to the stored counter in one write per key every 500 ms (the call log's
 * cadence; each write is two queries through Prisma, ~1.5 ms of CPU, which every 100 ms cost the
 * door's hot path about 0.05 ms a call at 400 calls a second). Near the limit —
 * when the last stored count leaves at most {@link exactMargin} calls — and for a key's first
 * call in a window, every call is counted in the database before it is allowed, so the limit is
 * exact where it matters; the only slack is calls another instance made in its last 500 ms while
 * the key was far from the limit.
 */
import { RateLimiterRes, type RateLimiterPrisma } from "rate-limiter-flexible";
import { getDb, type Db } from "../db/client";
import { sharedLimiter, type SharedLimiterOptions } from "../db/rate-limits";
import { rateLimitFromEnv, type RateLimitPolicy } from "./settings";
import { databaseFailureReason } from "../db/unavailable";

export const LOCAL_FLUSH_MS = 500;

/** Calls left (by the last stored count) at or below which every call is counted in the database first. */
export function exactMargin(policy: RateLimitPolicy): number {
  return Math.max(10, Math.ceil(policy.points / 10));
}

interface KeyCount {
  /** The stored count the database last answered, and when its window ends (ms since epoch). */
  consumed: number;
  resetAt: number;
  /** Calls allowed here and not yet added to the stored count. */
  pending: number;
  /** Calls whose addition to the stored count is on its way: a background flush, or calls counted in the database before they are allowed. */
  flushing: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/** Local counts per database client (one in production; tests switch between several). */
const counts = new WeakMap<Db, Map<string, KeyCount>>();
/** The policy and the shared limiter's options for it. */
interface ConfiguredLimit {
  readonly policy: RateLimitPolicy;
  readonly limiterOptions: SharedLimiterOptions;
}

let configured: ConfiguredLimit | null = null;

/**
 * Reads the policy from the environment once. The limiter's options are made here, not spread on
 * every call: a spread per call left objects the scavenger copied and promoted (bench/README.md,
 * "what outlives a call").
 */
function configuredLimit(): ConfiguredLimit {
  if (configured) return configured;
  const policy = rateLimitFromEnv(process.env);
  return (configured = { policy, limiterOptions: { ...policy, blockSeconds: 0 } });
}

function countsOf(db: Db): Map<string, KeyCount> {
  let found = counts.get(db);
  if (!found) counts.set(db, (found = new Map()));
  return found;
}

/** Adds `points` to the stored count; the stored state either way (a refusal is still counted). */
async function addStored(limiter: RateLimiterPrisma, keyId: string, points: number): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(keyId, points);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal;
    throw refusal;
  }
}

/**
 * Keeps the stored count the database answered. Answers to concurrent writes arrive in any
 * order: within the same window the highest count is the latest.
 */
function remember(count: KeyCount, stored: RateLimiterRes): void {
  const resetAt = Date.now() + Math.max(stored.msBeforeNext, 0);
  const sameWindow = Math.abs(resetAt - count.resetAt) < SAME_WINDOW_TOLERANCE_MS;
  count.consumed = sameWindow ? Math.max(count.consumed, stored.consumedPoints) : stored.consumedPoints;
  count.resetAt = resetAt;
}

/** Two answers whose windows end this close together are about the same window. */
const SAME_WINDOW_TOLERANCE_MS = 1_000;

function scheduleFlush(limiter: RateLimiterPrisma, keyId: string, count: KeyCount): void {
  count.timer ??= setTimeout(() => {
    count.timer = null;
    const points = count.pending;
    count.pending = 0;
    if (points === 0) return;
    count.flushing += points;
    addStored(limiter, keyId, points)
      .then(
        (stored) => remember(count, stored),
        (error: unknown) => console.error(`Could not add ${points} calls to a key's rate-limit counter (${databaseFailureReason(error)}).`),
      )
      .finally(() => (count.flushing -= points));
  }, LOCAL_FLUSH_MS);
}

/** Takes one call from key `keyId`'s allowance; when none is left, how long until there is. */
export async function consumeAgentRateLimit(keyId: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const { policy, limiterOptions } = configuredLimit();
  const limiter = sharedLimiter("api-key", limiterOptions);
  const byKey = countsOf(getDb());
  let count = byKey.get(keyId);
  const inWindow = count !== undefined && Date.now() < count.resetAt;
  if (count && inWindow && policy.points - count.consumed - count.pending - count.flushing > exactMargin(policy)) {
    count.pending++;
    scheduleFlush(limiter, keyId, count);
    return { ok: true };
  }
  if (!count) byKey.set(keyId, (count = { consumed: 0, resetAt: 0, pending: 0, flushing: 0, timer: null }));
  // Counted in the database before it is allowed, together with any calls not yet added.
  const points = 1 + (inWindow ? count.pending : 0);
  count.pending = 0;
  count.flushing += points;
  let stored: RateLimiterRes;
  try {
    stored = await addStored(limiter, keyId, points);
  } finally {
    count.flushing -= points;
  }
  remember(count, stored);
  if (stored.consumedPoints <= policy.points) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(stored.msBeforeNext / 1000)) };
}
