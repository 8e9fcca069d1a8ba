/**
 * Dotted paths (SPEC §1.4): `data.items.0.status`. Numeric segments index arrays. Walking tells a
 * missing key apart from a key whose value is null.
 */

/** Returned by {@link walkPath} when a segment is absent (distinct from a stored null). */
export const MISSING: unique symbol = Symbol("missing");

/** True when `path` is a well-formed dotted path: non-empty segments separated by single dots. */
export function isValidPath(path: unknown): path is string {
  return typeof path === "string" && path.length > 0 && path.split(".").every((segment) => segment.length > 0);
}

/** Follows `path` through `value`; returns {@link MISSING} when any segment is absent. */
export function walkPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const segment of path.split(".")) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return MISSING;
      const index = Number(segment);
      if (index >= current.length) return MISSING;
      current = current[index];
    } else if (typeof current === "object" && current !== null && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return MISSING;
    }
  }
  return current;
}
