/**
 * A readable before/after for the audit page: the fields that differ, as dotted paths with
 * their old and new values written as short JSON. Objects are walked; lists and scalars are
 * compared whole (a list reads better as one value than as numbered entries).
 */
import type { JsonValue } from "../tools";

export interface FieldChange {
  readonly path: string;
  /** JSON of the old value; undefined when the field did not exist before. */
  readonly before?: string;
  /** JSON of the new value; undefined when the field no longer exists. */
  readonly after?: string;
}

const MAX_VALUE_LENGTH = 300;

type JsonObject = { [key: string]: JsonValue };

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function show(value: JsonValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

export interface DescribeChangeOptions {
  /**
   * Objects are walked down to paths of this many fields (`request.url` is 2); an object at that
   * depth is compared whole, like a list. Unlimited by default.
   */
  readonly maxDepth?: number;
}

/**
 * The differing fields between `before` and `after` (either may be null for a creation or
 * deletion), in the order their keys first appear.
 */
export function describeChange(before: JsonValue, after: JsonValue, options: DescribeChangeOptions = {}): FieldChange[] {
  const maxDepth = options.maxDepth ?? Infinity;
  const changes: FieldChange[] = [];
  const walk = (path: string, depth: number, left: JsonValue | undefined, right: JsonValue | undefined) => {
    // An object that appears or disappears is walked too, so a creation reads field by field.
    const walkable = (value: JsonValue | undefined) => isObject(value) || value === undefined;
    if (depth < maxDepth && walkable(left) && walkable(right) && (isObject(left) || isObject(right))) {
      const leftFields = isObject(left) ? left : {};
      const rightFields = isObject(right) ? right : {};
      const keys = [...new Set([...Object.keys(leftFields), ...Object.keys(rightFields)])];
      for (const key of keys) walk(path ? `${path}.${key}` : key, depth + 1, leftFields[key], rightFields[key]);
      return;
    }
    if (JSON.stringify(left) === JSON.stringify(right)) return;
    changes.push({ path: path || "(value)", before: show(left), after: show(right) });
  };
  walk("", 0, before === null ? {} : before, after === null ? {} : after);
  return changes;
}
