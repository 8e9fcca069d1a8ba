/**
 * What a keyword a provider does not take still tells a model, as a sentence for the schema's
 * description: a bound, a default, a format. The strict variants and Gemini's subset move such
 * keywords there instead of dropping them, so the model still reads them; Quiver itself keeps
 * checking every call against the stored schema, so nothing is lost in enforcement either.
 */
import type { SchemaObject } from "./schema-walk";

const json = (value: unknown) => JSON.stringify(value);
const list = (value: unknown) => (Array.isArray(value) ? value : [value]).map(json).join(", ");
/** "1 item", "3 items" (a value that is not a number is shown as written). */
const count = (value: unknown, noun: string) => `${json(value)} ${value === 1 ? noun : `${noun}s`}`;

/** Keywords that say nothing to a model (notes for schema authors, API direction): dropped, never moved. */
const SILENT = new Set(["$comment", "$schema", "title", "readOnly", "writeOnly", "contentEncoding", "contentMediaType", "$id", "xml", "externalDocs"]);

const SENTENCES: Readonly<Record<string, (value: unknown) => string | null>> = {
  default: (value) => `Default: ${json(value)}.`,
  enum: (value) => `One of: ${list(value)}.`,
  const: (value) => `Always ${json(value)}.`,
  format: (value) => `Format: ${String(value)}.`,
  pattern: (value) => `Matches the pattern ${json(value)}.`,
  minLength: (value) => `At least ${count(value, "character")}.`,
  maxLength: (value) => `At most ${count(value, "character")}.`,
  minimum: (value) => `At least ${json(value)}.`,
  maximum: (value) => `At most ${json(value)}.`,
  exclusiveMinimum: (value) => (typeof value === "number" ? `Greater than ${value}.` : null),
  exclusiveMaximum: (value) => (typeof value === "number" ? `Less than ${value}.` : null),
  multipleOf: (value) => `A multiple of ${json(value)}.`,
  minItems: (value) => `At least ${count(value, "item")}.`,
  maxItems: (value) => `At most ${count(value, "item")}.`,
  uniqueItems: (value) => (value === true ? "Items are unique." : null),
  minProperties: (value) => `At least ${json(value)} ${value === 1 ? "entry" : "entries"}.`,
  maxProperties: (value) => `At most ${json(value)} ${value === 1 ? "entry" : "entries"}.`,
  examples: (value) => `Examples: ${list(value)}.`,
  example: (value) => `Example: ${json(value)}.`,
  deprecated: (value) => (value === true ? "Deprecated." : null),
};

/** The sentence `keyword: value` becomes in a description, or null when it tells a model nothing. */
export function keywordSentence(keyword: string, value: unknown): string | null {
  if (SILENT.has(keyword)) return null;
  return SENTENCES[keyword]?.(value) ?? null;
}

/** `schema`'s description with `sentences` appended (the description alone when there are none). */
export function withSentences(schema: SchemaObject, sentences: readonly string[]): string | undefined {
  const own = typeof schema.description === "string" ? schema.description : "";
  const joined = [own, ...sentences].filter((part) => part !== "").join(" ");
  return joined === "" ? undefined : joined;
}
