/**
 * Execution configuration (SPEC §1.5, §9): the limits every data-defined tool runs under and the
 * operator allowlist that admits destinations the guard would otherwise refuse. Read once from the
 * environment; a bad value is a clear error naming the variable, never a silent default.
 */
import { ValidationError, type ValidationIssue } from "../../errors";
import { isValidAllowlistEntry } from "./address-classification";

export interface ExecutionConfig {
  /** Used when a tool declares no timeout of its own. Whole seconds. */
  readonly defaultTimeoutSeconds: number;
  /** Largest upstream response body accepted, in bytes; a larger one is an `execution_error`. */
  readonly maxResponseBytes: number;
  /** Redirect hops followed by hand before giving up. */
  readonly maxRedirects: number;
  /** CIDRs, IP addresses or host names admitted despite the destination guard. */
  readonly allowlist: readonly string[];
}

export const DEFAULT_EXECUTION_CONFIG: ExecutionConfig = Object.freeze({
  defaultTimeoutSeconds: 15,
  maxResponseBytes: 1024 * 1024,
  maxRedirects: 3,
  allowlist: Object.freeze([]),
});

/** Same bounds as a tool's own `timeout` (SPEC §1.2). */
const TIMEOUT_RANGE = { min: 1, max: 120 } as const;
/** Bodies are held in memory whole; beyond this a cap stops protecting the server. */
const RESPONSE_BYTES_RANGE = { min: 1, max: 100 * 1024 * 1024 } as const;

function wholeNumber(
  env: Record<string, string | undefined>,
  name: string,
  range: { min: number; max: number },
  fallback: number,
  issues: ValidationIssue[],
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    issues.push({ path: name, message: `must be a whole number from ${range.min} to ${range.max}, got "${raw}"` });
    return fallback;
  }
  return value;
}

function allowlist(env: Record<string, string | undefined>, issues: ValidationIssue[]): string[] {
  const name = "QUIVER_DESTINATION_ALLOWLIST";
  const entries = (env[name] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  for (const entry of entries) {
    if (!isValidAllowlistEntry(entry)) {
      issues.push({ path: name, message: `"${entry}" is not a CIDR (10.0.0.0/8), an IP address or a host name` });
    }
  }
  return entries;
}

/**
 * Reads QUIVER_TOOL_TIMEOUT_SECONDS (1..120, default 15), QUIVER_MAX_RESPONSE_BYTES (default
 * 1 MiB) and QUIVER_DESTINATION_ALLOWLIST (comma-separated CIDRs, IPs or host names; default
 * empty). Blank means unset. Throws a ValidationError listing every bad variable.
 */
export function executionConfigFromEnv(env: Record<string, string | undefined>): ExecutionConfig {
  const issues: ValidationIssue[] = [];
  const config: ExecutionConfig = Object.freeze({
    defaultTimeoutSeconds: wholeNumber(
      env,
      "QUIVER_TOOL_TIMEOUT_SECONDS",
      TIMEOUT_RANGE,
      DEFAULT_EXECUTION_CONFIG.defaultTimeoutSeconds,
      issues,
    ),
    maxResponseBytes: wholeNumber(
      env,
      "QUIVER_MAX_RESPONSE_BYTES",
      RESPONSE_BYTES_RANGE,
      DEFAULT_EXECUTION_CONFIG.maxResponseBytes,
      issues,
    ),
    maxRedirects: DEFAULT_EXECUTION_CONFIG.maxRedirects,
    allowlist: Object.freeze(allowlist(env, issues)),
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return config;
}
