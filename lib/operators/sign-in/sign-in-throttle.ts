import "server-only";
/**
 * How failed sign-ins are throttled (issue 15). Per account: each failure past the second is
 * answered after a growing delay, and the tenth within 15 minutes locks the account for 15
 * minutes, the right password included. Per client address: a generous cap (100 failures in 15
 * minutes) against one source guessing across many accounts, loose enough for an office behind
 * one address. Counters live in the database, so every instance of the app shares them.
 */
import { failureCounter, type FailurePolicy } from "../../db/rate-limits";
import { CLIENT_ADDRESS_HEADER } from "../../security/client-address";

export const ACCOUNT_POLICY: FailurePolicy = { limit: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const ADDRESS_POLICY: FailurePolicy = { limit: 100, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

export const accountFailures = failureCounter("sign-in:account", ACCOUNT_POLICY);
export const addressFailures = failureCounter("sign-in:address", ADDRESS_POLICY);

const FIRST_DELAYED_FAILURE = 3;
const BASE_DELAY_MS = 200;
const MAX_DELAY_MS = 2_000;

/**
 * How long to wait before answering an account's `failures`-th failure: none for the first two
 * (a typo), then doubling from 200 ms up to 2 s, so guessing gets slower well before the lock.
 */
export function failureDelayMs(failures: number): number {
  if (failures < FIRST_DELAYED_FAILURE) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** (failures - FIRST_DELAYED_FAILURE), MAX_DELAY_MS);
}

/**
 * The client address of a sign-in request: what the one-port server (`npm start`) determined from
 * the socket and `QUIVER_TRUSTED_PROXIES` (lib/security/client-address.ts), in a header it sets on
 * every request and no client can supply. Without that server (`next dev`) the first
 * `X-Forwarded-For` entry, which Next.js sets from the socket when no proxy did. "unknown" when
 * absent, so such requests still share one counter.
 */
export function clientAddressOf(headers: Readonly<Record<string, unknown>> | undefined): string {
  const determined = headers?.[CLIENT_ADDRESS_HEADER];
  if (typeof determined === "string" && determined !== "") return determined.slice(0, 64);
  const forwarded = headers?.["x-forwarded-for"];
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]!.trim() : "";
  return first.slice(0, 64) || "unknown";
}
