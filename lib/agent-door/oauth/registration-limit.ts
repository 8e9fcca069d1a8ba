import "server-only";

/**
 * Caps on what anyone may make the authorization server do, per client address (issue 24).
 * Registration needs no credentials (RFC 7591 lets any MCP client register itself) and each one
 * stores a client until it is removed; a client id that is a URL makes Quiver fetch that URL (a
 * client metadata document, fetched again whenever it is not cached — failures never are). So an
 * address gets {@link REGISTRATIONS_PER_HOUR} registrations and {@link DOCUMENT_FETCHES_PER_HOUR}
 * document fetches an hour — plenty for people connecting apps, little for a script filling the
 * table or using Quiver to knock on other hosts. Counted in the shared `rate_limits` table, so
 * every instance draws from the same allowance.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "../../db/rate-limits";

export const REGISTRATIONS_PER_HOUR = 20;
export const DOCUMENT_FETCHES_PER_HOUR = 60;

type Allowance = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts one use of the hourly allowance `name` (of `perHour`) by `address`: allowed, or refused with the seconds until the next is. */
async function consumeHourly(name: string, perHour: number, address: string): Promise<Allowance> {
  const limiter = sharedLimiter(name, { points: perHour, durationSeconds: 60 * 60, blockSeconds: 0 });
  try {
    await limiter.consume(address);
    return { ok: true };
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

/** Counts one registration from `address`. */
export function consumeRegistration(address: string): Promise<Allowance> {
  return consumeHourly("oauth_registration", REGISTRATIONS_PER_HOUR, address);
}

/** Counts one client metadata document fetch asked for by `address`. */
export function consumeDocumentFetch(address: string): Promise<Allowance> {
  return consumeHourly("oauth_document_fetch", DOCUMENT_FETCHES_PER_HOUR, address);
}
