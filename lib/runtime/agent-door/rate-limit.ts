import "server-only";

/**
 * The runtime API's per-key rate limit (SPEC §8): `QUIVER_API_RATE_LIMIT` as `points/seconds`
 * (default 120 calls per 60 seconds). Counted in the shared `rate_limits` table, so every
 * instance draws from the same allowance.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "../../db/rate-limits";
import { rateLimitFromEnv, type RateLimitPolicy } from "./settings";

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
