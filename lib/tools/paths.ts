/**
 * Dotted paths (SPEC §1.4): `data.items.0.status`. Numeric segments index arrays. Walking tells a
 * missing key apart from a key whose value is null. JSONPath spellings (`$.data.status`,
 * `items[0]`, `$['a']`) are not paths — they would never match — and are refused at authoring
 * time with the dotted path to write instead.
 */

/** Returned by {@link walkPath} when a segment is absent (distinct from a stored null). */
export const MISSING: unique symbol = Symbol("missing");

/**
 * True when `path` is a well-formed dotted path: non-empty segments separated by single dots, not
 * starting with `$` and without brackets (JSONPath's notation, see {@link dottedFromJsonPath}).
 */
export function isValidPath(path: unknown): path is string {
  return typeof path === "string" && path.length > 0 && !path.startsWith("$") && !/[[\]]/.test(path) && path.split(".").every((segment) => segment.length > 0);
}

const JSONPATH_STEP = /^(?:\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\])/;

/**
 * The dotted path a JSONPath spelling means — `$.data.items[0]['status']` → `data.items.0.status`
 * — or null when `input` is not such a spelling or uses what a dotted path cannot say (`*`, `..`,
 * filters, an empty or dotted key).
 */
export function dottedFromJsonPath(input: unknown): string | null {
  if (typeof input !== "string" || !(input.startsWith("$") || /[[\]]/.test(input))) return null;
  let rest = input.startsWith("$") ? input.slice(1) : `.${input}`;
  const segments: string[] = [];
  while (rest !== "") {
    const step = JSONPATH_STEP.exec(rest);
    const segment = step ? (step[1] ?? step[2] ?? step[3] ?? step[4])! : "";
    if (!step || segment === "" || segment.includes(".") || segment === "*") return null;
    segments.push(segment);
    rest = rest.slice(step[0].length);
  }
  return segments.length > 0 ? segments.join(".") : null;
}

/** What to tell an operator about a path that is not valid: the dotted spelling of a JSONPath, else `otherwise`. */
export function pathProblem(input: unknown, otherwise: string): string {
  const dotted = dottedFromJsonPath(input);
  return dotted === null ? otherwise : `is written as JSONPath, which Quiver's dotted paths are not: write "${dotted}" (numbers index lists)`;
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
