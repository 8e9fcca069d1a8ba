import "server-only";

/**
 * A cap on dynamic client registrations per client address (issue 24). Registration needs no
 * credentials (RFC 7591 lets any MCP client register itself) and each one stores a client until
 * it is removed, so an address gets {@link REGISTRATIONS_PER_HOUR} an hour — plenty for people
 * connecting apps, little for a script filling the table. Counted in the shared `rate_limits`
 * table, so every instance draws from the same allowance.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "../../db/rate-limits";

export const REGISTRATIONS_PER_HOUR = 20;

/** Counts one registration from `address`: allowed, or refused with the seconds until the next is. */
export async function consumeRegistration(address: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const limiter = sharedLimiter("oauth_registration", { points: REGISTRATIONS_PER_HOUR, durationSeconds: 60 * 60, blockSeconds: 0 });
  try {
    await limiter.consume(address);
    return { ok: true };
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}
