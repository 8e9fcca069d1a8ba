import "server-only";

/**
 * The runtime API's per-key rate limit (SPEC §8): `QUIVER_API_RATE_LIMIT` as `points/seconds`
 * (default 120 calls per 60 seconds). Counted in the shared `rate_limits` table, so every
 * instance draws from the same allowance.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "../../db/rate-limits";
import { ValidationError } from "../../errors";

export interface RateLimitPolicy {
  readonly points: number;
  readonly durationSeconds: number;
}

export const DEFAULT_API_RATE_LIMIT: RateLimitPolicy = { points: 120, durationSeconds: 60 };

const POLICY = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/;

/**
 * Reads `QUIVER_API_RATE_LIMIT` ("120/60": 120 calls per 60 seconds per key).
 *
 * @throws ValidationError naming the variable when the value is not `points/seconds` with both above 0.
 */
export function rateLimitFromEnv(env: Readonly<Record<string, string | undefined>>): RateLimitPolicy {
  const raw = env.QUIVER_API_RATE_LIMIT;
  if (raw === undefined || raw.trim() === "") return DEFAULT_API_RATE_LIMIT;
  const match = raw.match(POLICY);
  const points = Number(match?.[1]);
  const durationSeconds = Number(match?.[2]);
  if (!match || points < 1 || durationSeconds < 1) {
    throw new ValidationError([{ path: "QUIVER_API_RATE_LIMIT", message: 'must be "calls/seconds" with both above 0, e.g. "120/60"' }]);
  }
  return { points, durationSeconds };
}

let policy: RateLimitPolicy | null = null;

/** Takes one call from key `keyId`'s allowance; when none is left, how long until there is. */
export async function consumeAgentRateLimit(keyId: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  policy ??= rateLimitFromEnv(process.env);
  const limiter = sharedLimiter("api-key", { ...policy, blockSeconds: 0 });
  try {
    await limiter.consume(keyId);
    return { ok: true };
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}
