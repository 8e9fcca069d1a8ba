/**
 * JSON values kept in TEXT columns. lib/db writes them with JSON.stringify and reads them back
 * with JSON.parse: the stored bytes are exactly what was written, on SQLite and on PostgreSQL
 * alike (jsonb would reorder object keys).
 */
import type { JsonValue } from "../tools";

/** The stored text of `value`. */
export function toJsonText(value: JsonValue | readonly JsonValue[]): string {
  return JSON.stringify(value);
}

/** The value stored as `text` by {@link toJsonText}. */
export function parseJson(text: string): JsonValue {
  return JSON.parse(text) as JsonValue;
}
