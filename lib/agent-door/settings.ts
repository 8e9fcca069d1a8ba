/**
 * The agents' door's settings from the environment, read without touching the database so that
 * start-up can validate them (a bad value stops the server naming the variable).
 */
import { localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { ValidationError } from "../errors";

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

export const DEFAULT_RETENTION_DAYS = 30;

/** A whole number of at least 1 from variable `name`, `fallback` when unset or blank; `unit` names it in the refusal. */
function positiveWholeNumberFromEnv(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number, unit: string): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ValidationError([{ path: name, message: `must be a whole number of ${unit}, at least 1` }]);
  }
  return value;
}

/** Reads `QUIVER_CALL_LOG_RETENTION_DAYS` (whole days, at least 1). */
export function retentionDaysFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  return positiveWholeNumberFromEnv(env, "QUIVER_CALL_LOG_RETENTION_DAYS", DEFAULT_RETENTION_DAYS, "days");
}

export const DEFAULT_SEARCH_MODE_THRESHOLD = 40;

/**
 * Reads `QUIVER_SEARCH_MODE_THRESHOLD` (default 40): past this many tools, a persona's page suggests
 * search mode. Forty is where clients start to cap (Cursor's MCP limit) and models' choice drops.
 */
export function searchModeThresholdFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  return positiveWholeNumberFromEnv(env, "QUIVER_SEARCH_MODE_THRESHOLD", DEFAULT_SEARCH_MODE_THRESHOLD, "tools");
}

/** Quiver's public origin, as operators and agents reach it: `NEXTAUTH_URL`'s (setup writes `http://localhost:3000`). */
export function publicOriginFromEnv(env: Readonly<Record<string, string | undefined>>): string {
  return new URL(env.NEXTAUTH_URL?.trim() || "http://localhost:3000").origin;
}

/** A host name as `Host` and `Origin` carry it, without port: letters, digits, dots and dashes, or a bracketed IPv6 address. */
const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/**
 * The host names the agents' door answers as (DNS-rebinding protection, MCP 2026-07-28 §transport):
 * `NEXTAUTH_URL`'s, the loopback names too when that is a loopback name (a developer's machine), and
 * `QUIVER_ALLOWED_HOSTS` (comma-separated host names, no port) for the extra names a reverse proxy
 * or load balancer forwards under.
 *
 * @throws ValidationError naming the variable when an entry is not a host name.
 */
export function allowedHostnamesFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  const own = new URL(publicOriginFromEnv(env)).hostname.toLowerCase();
  const extra = (env.QUIVER_ALLOWED_HOSTS ?? "").split(",").map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== "");
  const bad = extra.filter((entry) => !HOSTNAME.test(entry));
  if (bad.length > 0) {
    throw new ValidationError([{ path: "QUIVER_ALLOWED_HOSTS", message: `must list host names without scheme or port, comma-separated; not ${bad.map((entry) => `"${entry}"`).join(", ")}` }]);
  }
  const loopback = localhostAllowedHostnames();
  return [...new Set([own, ...(loopback.includes(own) ? loopback : []), ...extra])];
}
