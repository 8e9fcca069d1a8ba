/**
 * Who may scrape `/api/v1/metrics`: whoever presents `QUIVER_METRICS_TOKEN` as a Bearer token.
 * Without the variable the endpoint is off (404, like any path the door does not serve). The
 * token is compared in constant time, by its SHA-256, so neither its length nor a prefix leaks.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { ValidationError } from "../errors";

/** Shorter tokens are refused at start-up: a scrape token guards the whole process's figures. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

/** The metrics token, or null when metrics are not served; a token too short or with spaces is a ValidationError. */
export function metricsTokenFromEnv(env: Readonly<Record<string, string | undefined>>): string | null {
  const raw = env.QUIVER_METRICS_TOKEN;
  if (raw === undefined || raw.trim() === "") return null;
  if (raw.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(raw)) {
    throw new ValidationError([
      { path: "QUIVER_METRICS_TOKEN", message: `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces (e.g. openssl rand -hex 32)` },
    ]);
  }
  return raw;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether `presented` is `expected`, compared in constant time. */
export function metricsTokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}
