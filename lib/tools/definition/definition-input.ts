/**
 * Shared plumbing for reading an untrusted tool definition: an issue list that collects every
 * problem (never stopping at the first), dotted paths, key checks, and a JSON-value copy that
 * refuses anything `JSON.stringify` would silently change. Values come from imports, forms and
 * API bodies, so nothing here trusts a prototype or a nesting depth.
 */
import type { ValidationIssue } from "../../errors";
import type { JsonValue } from "../types";

/** Deeper than any real tool document; a bound keeps recursion from overflowing the stack. */
export const MAX_JSON_DEPTH = 64;

/** The name rule (SPEC §1.2) for tool names and top-level parameter names (their placeholders). */
export const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const MAX_NAME_LENGTH = 64;

/** Why `value` breaks the name rule, or null when it follows it. */
export function nameProblem(value: unknown): string | null {
  if (isAbsent(value) || value === "") return "is required: lower-case letters, digits and _, starting with a letter";
  if (typeof value !== "string") return `must be a string, found ${describeValue(value)}`;
  if (value.length > MAX_NAME_LENGTH) return `"${value}" is longer than ${MAX_NAME_LENGTH} characters`;
  if (!NAME_PATTERN.test(value)) {
    return `"${value}" is not a valid name: use lower-case letters, digits and _, starting with a letter`;
  }
  return null;
}

/** Problems (fatal) and warnings (kept on the definition) found while reading one input. */
export class Issues {
  readonly problems: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];

  add(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  warn(path: string, message: string): void {
    this.warnings.push({ path, message });
  }
}

/** `base.key`, or `key` at the root. */
export function childPath(base: string, key: string | number): string {
  return base === "" ? String(key) : `${base}.${key}`;
}

/** A plain `{...}` object (what JSON.parse produces), not an array, null, Date or class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Absent for every optional field: missing, `undefined` or JSON `null`. */
export function isAbsent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/** A short phrase for what was found instead, for messages ("found a number"). */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing (undefined)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "a boolean";
  return `a ${typeof value} value`;
}

/**
 * Reports every key of `object` outside `allowed`, so a typo (`side_efect`) is never silently
 * ignored. Returns true when all keys are known.
 */
export function checkKnownKeys(
  object: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
  issues: Issues,
): boolean {
  let known = true;
  for (const key of Object.keys(object)) {
    if (allowed.includes(key)) continue;
    known = false;
    const suggestion = closestKey(key, allowed);
    const hint = suggestion ? `did you mean "${suggestion}"? ` : "";
    issues.add(childPath(path, key), `unknown field "${key}": ${hint}allowed fields are ${allowed.join(", ")}`);
  }
  return known;
}

/** The allowed key within two edits of `key` (typos), if any. */
function closestKey(key: string, allowed: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * An own-property object built from entries. `Object.fromEntries` defines properties, so a key
 * such as `__proto__` stays data instead of replacing the prototype.
 */
export function objectFrom<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries(entries) as Record<string, T>;
}

/**
 * A copy of `value` when it is plain JSON (finite numbers, plain objects, dense arrays);
 * otherwise reports each offending spot and returns null.
 */
export function toJsonValue(value: unknown, path: string, issues: Issues, depth = 0): JsonValue {
  if (depth > MAX_JSON_DEPTH) {
    issues.add(path, `is nested deeper than ${MAX_JSON_DEPTH} levels`);
    return null;
  }
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    // -0 serialises as 0, so it is stored as 0: a definition equals its own round trip.
    if (Number.isFinite(value)) return value === 0 ? 0 : value;
    issues.add(path, "must be a finite number (JSON has no NaN or Infinity)");
    return null;
  }
  if (Array.isArray(value)) {
    return Array.from(value, (item, index) => toJsonValue(item, childPath(path, index), issues, depth + 1));
  }
  if (isPlainObject(value)) {
    return objectFrom(
      Object.entries(value).map(([key, item]) => [key, toJsonValue(item, childPath(path, key), issues, depth + 1)]),
    );
  }
  issues.add(path, `must be a JSON value, found ${describeValue(value)}`);
  return null;
}

/** Freezes `value` and everything reachable from it; definitions are immutable values. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
