/**
 * The one set of length limits for what operators send to server actions and route handlers,
 * and the zod builders that apply them. Every string, list, map and free JSON value an action
 * takes is bounded, so a pasted novel or a crafted megabyte is refused next to its field with a
 * sentence naming the limit — before any query runs. Texts count characters (UTF-16 units, as
 * the browser's `maxLength` does); JSON values count the bytes of their JSON text.
 *
 * The limits follow the rules the data already has: tool names follow the tool-name rule (64),
 * persona slugs theirs (64), e-mail addresses RFC 5321 (254), a tool definition and a call's
 * arguments the tool library's caps (256 KiB, 64 KiB), an OpenAPI document the importer's 8 MiB.
 * `lib/actions/input-limits.test.ts` walks every schema in `lib/actions/schemas/` and fails on
 * anything unbounded.
 */
import { z } from "zod";
import { stripControlCharacters } from "../security/control-characters";
import { MAX_NAME_LENGTH } from "../tools/client";

const KIB = 1024;

/** Every limit, by what it bounds. */
export const INPUT_LIMITS = {
  /** A tool's name (the tool-name rule). */
  toolName: MAX_NAME_LENGTH,
  /** A persona's slug (lower-case letters, digits and -, at most 64). */
  slug: 64,
  /** An e-mail address (RFC 5321). */
  email: 254,
  /** What people read as a name: a persona's, an API key's, an operator's. */
  displayName: 100,
  /** A persona's description. */
  description: 1024,
  /** A revision note. */
  note: 500,
  /** Search and filter boxes. */
  search: 200,
  /** A database id or a server-side handle. */
  id: 100,
  /** A URL (an OpenAPI document's address, a base URL). */
  url: 2048,
  /** An HTTP header name (a key of the editor's secret values). */
  headerName: 256,
  /** A secret header value typed into the editor. */
  secretValue: 8 * KIB,
  /** A turn-context value (chat_id, tenant, image_url…). */
  contextValue: 2048,
  /** A short token such as an HTTP method or a date. */
  token: 16,
  /** A pasted curl command. */
  curlCommand: 64 * KIB,
  /** A tool definition as JSON (the tool library's cap). */
  definitionBytes: 256 * KIB,
  /** A call's arguments as JSON (the tool library's cap). */
  argumentsBytes: 64 * KIB,
  /** A credential's fields as JSON (its parser's own per-field limits come to less). */
  credentialBytes: 256 * KIB,
  /** Saved test-case expectations as JSON. */
  expectationsBytes: 64 * KIB,
  /** An import document or OpenAPI document as text (the importer's cap). */
  document: 8 * KIB * KIB,
  /** Entries of a list or map an operator picks from (tools of a grant, personas of a key…). */
  listEntries: 1000,
} as const;

/** What `boundedRecord` and `boundedJson` record about a schema, for the bound check. */
export interface InputBound {
  readonly maxBytes?: number;
  readonly maxEntries?: number;
}

/** Schemas whose whole value is bounded by a size check zod cannot express as a plain `max`. */
export const BOUNDED = z.registry<InputBound>();

/** "64 characters", "256 KiB", "4 MiB": a limit as an operator reads it. */
export function describeLimit(limit: number, unit: "characters" | "bytes" | "entries"): string {
  if (unit !== "bytes") return `${limit.toLocaleString("en")} ${unit}`;
  if (limit >= KIB * KIB) return `${limit / KIB / KIB} MiB`;
  return limit >= KIB ? `${limit / KIB} KiB` : `${limit} bytes`;
}

/** A string of at most `limit` characters; the message names the limit. */
export function boundedText(limit: number) {
  return z.string().max(limit, `must be at most ${describeLimit(limit, "characters")}`);
}

/** A trimmed string of at most `limit` characters after trimming. */
export function boundedTrimmedText(limit: number) {
  return z.string().trim().max(limit, `must be at most ${describeLimit(limit, "characters")}`);
}

/**
 * What people read as a name (a persona's, a key's, an operator's, a test case's): control
 * characters removed (lib/security/control-characters.ts), then trimmed, at most `limit` characters.
 */
export function boundedName(limit: number) {
  return z.string().overwrite(stripControlCharacters).trim().max(limit, `must be at most ${describeLimit(limit, "characters")}`);
}

/** A list of at most `limit` entries of `item`. */
export function boundedList<T extends z.ZodType>(item: T, limit: number = INPUT_LIMITS.listEntries) {
  return z.array(item).max(limit, `must have at most ${describeLimit(limit, "entries")}`);
}

/** A map with keys `key` and values `value`, at most `limit` entries. */
export function boundedRecord<K extends z.ZodString, V extends z.ZodType>(key: K, value: V, limit: number = INPUT_LIMITS.listEntries) {
  const schema = z
    .record(key, value)
    .refine((record) => Object.keys(record).length <= limit, `must have at most ${describeLimit(limit, "entries")}`);
  BOUNDED.add(schema, { maxEntries: limit });
  return schema;
}

/** The UTF-8 size of `value` as JSON; Infinity for what JSON cannot hold (a cycle, a BigInt). */
export function jsonByteSize(value: unknown): number {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? 0 : new TextEncoder().encode(text).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Any JSON value of at most `maxBytes` as JSON text. */
export function boundedJson(maxBytes: number) {
  const schema = z.unknown().refine((value) => jsonByteSize(value) <= maxBytes, `must be at most ${describeLimit(maxBytes, "bytes")} as JSON`);
  BOUNDED.add(schema, { maxBytes });
  return schema;
}
